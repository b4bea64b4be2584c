"""Finding and loading layouts: the presets shipped in `layouts/`, or a user's layout file.

The top-level `layouts/` folder is installed as the package `bookmaker.layouts` (see
pyproject.toml), so presets are read through importlib.resources and are found the same
way from a checkout, an editable install and a wheel.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .layout import Layout, layout_mistakes
from .problems import Mistake, Problem, Report, SpecError, syntax_problem
from .textfile import TextEncodingError, read_utf8
from .values import Schema, did_you_mean
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


@cache
def load_preset(name: str) -> Layout:
    """The preset layout of that name; SpecError if there is none or it is broken."""
    if name not in preset_names():
        raise SpecError([Problem(name, None, None, "", unknown_layout_text(name))])
    entry = preset_folder() / f"{name}.yaml"
    layout, problems = parse_layout(entry.read_text(encoding="utf-8"), f"layouts/{name}.yaml",
                                    name)
    if layout is None:
        raise SpecError(problems)
    return layout


def load_layout_file(path: Path, shown: str,
                     parse: Callable | None = None) -> tuple[Any, list[Problem]]:
    """A user's layout file, or None with its problems; `shown` is the path as written.
    `parse` reads the text (default parse_layout: a page layout)."""
    try:
        text = read_utf8(path)
    except (OSError, TextEncodingError) as error:
        why = getattr(error, "strerror", None) or error
        return None, [Problem(shown, None, None, "", f"cannot read layout file: {why}")]
    return (parse or parse_layout)(text, shown, path.name.rsplit(".", 1)[0])


def parse_layout(text: str, shown: str, name: str) -> tuple[Layout | None, list[Problem]]:
    """A layout from YAML text, or None with every problem found in it: a print-on-demand
    layout is also held to the service's least margins and gutter (design/printer.py)."""
    return parse_layout_as(Layout, all_layout_mistakes, text, shown, name)


def all_layout_mistakes(layout: Layout) -> list[Mistake]:
    from .printer import load_printer, margin_mistakes  # not at the top: printer imports us

    found = layout_mistakes(layout)
    return found + (margin_mistakes(layout, load_printer()) if layout.print_on_demand else [])


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


def unknown_layout_text(name: str) -> str:
    """The message for a layout name that is no preset, listing the presets."""
    names = preset_names()
    if name in column_preset_names():
        return (f"{name!r} is a newspaper column layout, for daily specs (bookmaker daily); "
                f"a book needs a page layout: one of {', '.join(names)}, or a path to a "
                f"layout .yaml file")
    return (f"unknown layout {name!r}{did_you_mean(name, names)}; expected one of: "
            f"{', '.join(names)}, or a path to a layout .yaml file")
