"""Packaging glue: the data folders as bookmaker.layouts, .fonts, .messages and
.pictures, and the compiled core.

Everything else is in pyproject.toml. pyproject's `packages.find` cannot add packages that
live outside bookmaker/, so the packages are listed here: every bookmaker* package found,
plus the data folders mapped into the package (for wheels and editable installs alike).

The compiled core (csrc/, C with the Python headers only) is optional: when no C compiler
works, the build skips it and bookmaker runs on the pure-Python core, which
makes the same puzzles (`bookmaker --version` says which core runs).
"""

import platform
from pathlib import Path

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext

DATA_PACKAGES = {"bookmaker.layouts": "layouts", "bookmaker.fonts": "fonts",
                 "bookmaker.messages": "messages", "bookmaker.pictures": "pictures"}
CSRC = Path("csrc")

COMPILED_CORE = Extension(
    "bookmaker.core._compiled",
    sources=[str(path) for path in sorted(CSRC.glob("*.c"))],
    depends=[str(path) for path in sorted(CSRC.glob("*.h"))],
    optional=True,
)


class BuildCore(build_ext):
    """build_ext that builds the core for x86-64's popcount instruction (every x86-64 CPU
    since 2008 has it; the baseline does not, and counting bits in a few shifts instead was
    6 % of a 9x9 Calcudoku's instructions). On a CPU without it the core refuses to load
    (csrc/module.c) and the pure core runs: the same puzzles, only slower."""

    def build_extension(self, ext: Extension) -> None:
        if self.compiler.compiler_type == "unix" and \
                platform.machine().lower() in ("x86_64", "amd64"):
            ext.extra_compile_args = [*(ext.extra_compile_args or []), "-mpopcnt"]
        super().build_extension(ext)


setup(packages=find_packages(include=["bookmaker*"]) + list(DATA_PACKAGES),
      package_dir=DATA_PACKAGES,
      ext_modules=[COMPILED_CORE],
      cmdclass={"build_ext": BuildCore})
