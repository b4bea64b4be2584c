"""bookmaker: printable Sudoku puzzle books from a seed, every puzzle proven unique."""

import os
from importlib.metadata import PackageNotFoundError, version

from .core import compiled

try:
    __version__ = version("bookmaker")
except PackageNotFoundError:  # running from a checkout that was never installed
    __version__ = "0.1.0"

# The compiled core runs when it is built, unless asked for the pure-Python one (which
# makes the same puzzles); the core reads no environment itself, so it is asked here.
PURE_VARIABLE = "BOOKMAKER_PURE"
if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
    compiled.use(False, f"{PURE_VARIABLE} is set")
