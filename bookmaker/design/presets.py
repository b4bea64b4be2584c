"""Where the design files are (the presets shipped in `layouts/`) and how one is read: YAML
checked against its model, with every problem at its line and column.

The top-level `layouts/` folder is installed as the package `bookmaker.layouts` (see
pyproject.toml), so presets are read through importlib.resources and are found the same
way from a checkout, an editable install and a wheel.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .problems import Mistake, Problem, Report, syntax_problem
from .values import Schema
from .yamlload import MarkedYAMLError, parse_yaml

if TYPE_CHECKING:
    from importlib.abc import Traversable  # (importlib.resources.abc from Python 3.11)

PRESET_PACKAGE = "bookmaker.layouts"
LAYOUT_SUFFIXES = (".yaml", ".yml")
# Newspaper column layouts (for daily specs) live in a subfolder: they are no page layout,
# so preset_names() never lists them and no book can load one as its page.
COLUMN_PRESET_FOLDER = "newspaper"


def preset_folder() -> Traversable:
    """The folder of preset layout files, wherever bookmaker is installed."""
    try:
        return resources.files(PRESET_PACKAGE)
    except ModuleNotFoundError:  # a checkout on sys.path that was never installed
        return Path(__file__).resolve().parents[2] / "layouts"


def preset_names() -> tuple[str, ...]:
    """The names of the preset layouts, sorted: 'a4', 'kdp-6x9', ..."""
    return _names_in(preset_folder())


def column_preset_names() -> tuple[str, ...]:
    """The names of the newspaper column presets, sorted: 'newspaper-1col', ..."""
    return _names_in(preset_folder() / COLUMN_PRESET_FOLDER)


def _names_in(folder: Traversable) -> tuple[str, ...]:
    return tuple(sorted(entry.name.rsplit(".", 1)[0] for entry in folder.iterdir()
                        if entry.name.endswith(LAYOUT_SUFFIXES)))


def is_layout_path(value: str) -> bool:
    """Whether a spec's `layout` value names a file rather than a preset."""
    return value.endswith(LAYOUT_SUFFIXES) or "/" in value or os.sep in value


def parse_layout_as(model: type[Schema], mistakes_of: Callable[[Any], list[Mistake]],
                    text: str, shown: str, name: str) -> tuple[Any, list[Problem]]:
    """A layout of the given model (page or newspaper column) from YAML text, named `name`
    and checked further by mistakes_of; or None with every problem found in it."""
    try:
        document = parse_yaml(text)
    except MarkedYAMLError as error:
        return None, [syntax_problem(shown, error)]
    report = Report(shown, document)
    report.add_duplicates()
    if isinstance(document, dict) and "name" in document:
        report.add(Mistake((), "unknown key 'name' (a layout is named by its file name)",
                           key="name"))
    layout = report.validate(model, _without_name(document))
    if layout is not None:
        layout = layout.model_copy(update={"name": name})
        report.add_all(mistakes_of(layout))
    if report.problems:
        return None, report.sorted_problems()
    return layout, []


def _without_name(document):
    if isinstance(document, dict) and "name" in document:
        return {key: value for key, value in document.items() if key != "name"}
    return document
