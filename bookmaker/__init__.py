"""bookmaker: printable Sudoku puzzle books from a seed, every puzzle proven unique."""

import os

__version__ = "0.1.0"  # the one place it is written: pyproject.toml reads it from here

# The compiled core runs when it is built, unless asked for the pure-Python one (which
# makes the same puzzles); the core reads no environment itself, so it is asked here.
# Only then is the seam imported here: `bookmaker --version` loads no board code.
PURE_VARIABLE = "BOOKMAKER_PURE"
TRUE_WORDS = ("1", "true", "yes", "on")  # what forces the pure core, in any case


def pure_asked(value: str | None) -> bool:
    """Whether BOOKMAKER_PURE's value asks for the pure core: 1, true, yes or on (any
    case, spaces aside); 0, false, no, off, empty or anything else leave the compiled one."""
    return (value or "").strip().lower() in TRUE_WORDS


if pure_asked(os.environ.get(PURE_VARIABLE)):
    from .core import compiled

    compiled.use(False, f"{PURE_VARIABLE} is set")

