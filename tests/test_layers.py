"""Imports point one way: core, design, spec, puzzles, pages, render, export, book, daily, cli."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bookmaker

PACKAGE = Path(bookmaker.__file__).resolve().parent
# Each layer may import only itself and the layers before it.
LAYERS = ("core", "design", "spec", "puzzles", "pages", "render", "export", "book", "daily", "cli")


def layer_of(module: str) -> str:
    """The layer of a dotted module name inside bookmaker ('' for bookmaker itself)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def imported(path: Path) -> list[str]:
    """The bookmaker modules a file imports, as absolute dotted names."""
    here = ["bookmaker", *path.relative_to(PACKAGE).with_suffix("").parts]
    package = here if here[-1] == "__init__" else here[:-1]
    package = [p for p in package if p != "__init__"]
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - node.level + 1]
            names.append(".".join(base + ([node.module] if node.module else [])))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("bookmaker"):
            names.append(node.module or "")
        elif isinstance(node, ast.Import):
            names += [a.name for a in node.names if a.name.startswith("bookmaker")]
    return names


DATA_PACKAGES = {"layouts", "fonts", "messages"}  # data folders installed as packages


def modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if p.parent != PACKAGE
                  and p.relative_to(PACKAGE).parts[0] not in DATA_PACKAGES)


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_module_imports_only_its_own_layer_and_those_before_it(path):
    mine = LAYERS.index(path.relative_to(PACKAGE).parts[0])
    later = [name for name in imported(path)
             if layer_of(name) in LAYERS and LAYERS.index(layer_of(name)) > mine]
    assert later == []


def test_every_package_is_a_known_layer():
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert packages - DATA_PACKAGES == set(LAYERS)


def module_imports(layer: str) -> dict[str, set[str]]:
    """Each module of a layer's folder -> the modules of that folder it imports, at any
    depth (inside functions too)."""
    folder = PACKAGE / layer
    names = {f"bookmaker.{layer}.{path.stem}": path for path in folder.glob("*.py")
             if path.stem != "__init__"}
    return {name: {imported_name for imported_name in imported(path) if imported_name in names}
            for name, path in names.items()}


def cycle_in(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of the graph as the modules along it, or [] if there is none."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str]:
        if node in path:
            return path[path.index(node):] + [node]
        if node in done:
            return []
        for after in sorted(graph[node]):
            found = visit(after, path + [node])
            if found:
                return found
        done.add(node)
        return []

    return next((found for node in sorted(graph) if (found := visit(node, []))), [])


@pytest.mark.parametrize("layer", ["design", "spec"])
def test_no_module_of_design_or_spec_imports_one_that_imports_it_back(layer):
    """spec.layouts and spec.printer imported each other (issue 35): the presets folder and
    how a design file is read are design/presets.py, below both."""
    assert cycle_in(module_imports(layer)) == []
