"""bookmaker: printable Sudoku puzzle books from a seed, every puzzle proven unique."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("bookmaker")
except PackageNotFoundError:  # running from a checkout that was never installed
    __version__ = "0.1.0"
