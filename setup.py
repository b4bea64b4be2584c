"""Packaging glue: install the top-level data folders as bookmaker.layouts, .fonts, .messages.

Everything else is in pyproject.toml. pyproject's `packages.find` cannot add packages that
live outside bookmaker/, so the packages are listed here: every bookmaker* package found,
plus the data folders mapped into the package (for wheels and editable installs alike).
"""

from setuptools import find_packages, setup

DATA_PACKAGES = {"bookmaker.layouts": "layouts", "bookmaker.fonts": "fonts",
                 "bookmaker.messages": "messages"}

setup(packages=find_packages(include=["bookmaker*"]) + list(DATA_PACKAGES),
      package_dir=DATA_PACKAGES)
