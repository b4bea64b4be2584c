"""What the layer contracts cannot say themselves: that they name every package.

The layers of bookmaker and of core are written once, as import-linter contracts in
pyproject.toml, and `lint-imports` (in .ci/run) checks every import against them. A layers
contract says nothing of a package it does not list: a new package would escape it. These
tests hold each contract's list equal to the packages there are."""

from __future__ import annotations

from pathlib import Path

from importlinter.api import read_configuration

import bookmaker

PACKAGE = Path(bookmaker.__file__).resolve().parent
PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"  # the checkout's
DATA_PACKAGES = {"layouts", "fonts", "messages", "pictures"}  # data folders installed as packages


def contract_layers(container: str) -> set[str]:
    """The names a layers contract on `container` lists (siblings split at |)."""
    contracts = read_configuration(str(PYPROJECT))["contracts_options"]
    layers = next(c["layers"] for c in contracts if c.get("containers") == [container])
    return {name.strip() for line in layers for name in line.split("|")}


def children(folder: Path) -> set[str]:
    """The Python packages and modules directly in a folder."""
    return ({p.name for p in folder.iterdir() if (p / "__init__.py").is_file()} |
            {p.stem for p in folder.glob("*.py") if p.stem != "__init__"})


def test_every_package_of_bookmaker_is_a_layer():
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert packages - DATA_PACKAGES == contract_layers("bookmaker")


def test_every_package_and_module_of_core_is_a_layer():
    assert children(PACKAGE / "core") == contract_layers("bookmaker.core")
