"""Packaging glue: the data folders as bookmaker.layouts, .fonts, .messages and
.pictures, and the compiled core.

Everything else is in pyproject.toml. pyproject's `packages.find` cannot add packages that
live outside bookmaker/, so the packages are listed here: every bookmaker* package found,
plus the data folders mapped into the package (for wheels and editable installs alike).

The compiled core (csrc/, C with the Python headers only) is optional: when no C compiler
works, the build skips it and bookmaker runs on the pure-Python core, which
makes the same puzzles (`bookmaker --version` says which core runs).
"""

from pathlib import Path

from setuptools import Extension, find_packages, setup

DATA_PACKAGES = {"bookmaker.layouts": "layouts", "bookmaker.fonts": "fonts",
                 "bookmaker.messages": "messages", "bookmaker.pictures": "pictures"}
CSRC = Path("csrc")

COMPILED_CORE = Extension(
    "bookmaker.core._compiled",
    sources=[str(path) for path in sorted(CSRC.glob("*.c"))],
    depends=[str(path) for path in sorted(CSRC.glob("*.h"))],
    optional=True,
)

setup(packages=find_packages(include=["bookmaker*"]) + list(DATA_PACKAGES),
      package_dir=DATA_PACKAGES,
      ext_modules=[COMPILED_CORE])
