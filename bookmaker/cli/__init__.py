"""The command line: thin click commands that parse options, call one helper, print, exit.

`main` is the `bookmaker` group (common.py); each module below adds its commands to it:
puzzles.py (generate, solve, check, grade, derive), books.py (build), dailies.py (daily)
and registries.py (registry import, registry stats).
"""

from . import books, dailies, puzzles, registries  # importing them adds their commands
from .common import main

__all__ = ["main", "books", "dailies", "puzzles", "registries"]
