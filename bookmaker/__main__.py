"""`python -m bookmaker`: the same command line as the installed `bookmaker` script."""

from .cli import main

main()
