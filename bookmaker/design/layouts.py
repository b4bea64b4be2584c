"""Loading page layouts: the presets shipped in `layouts/`, or a user's layout file, each
checked by the layout's own rules and the print-on-demand service's (design/printer.py).
Where the presets are and how a design file is read is design/presets.py."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from .layout import Layout, layout_mistakes
from .presets import column_preset_names, parse_layout_as, preset_folder, preset_names
from .printer import load_printer, margin_mistakes
from .problems import Mistake, Problem, SpecError
from .textfile import TextEncodingError, read_utf8
from .values import did_you_mean


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
    found = layout_mistakes(layout)
    return found + (margin_mistakes(layout, load_printer()) if layout.print_on_demand else [])


def unknown_layout_text(name: str) -> str:
    """The message for a layout name that is no preset, listing the presets."""
    names = preset_names()
    if name in column_preset_names():
        return (f"{name!r} is a newspaper column layout, for daily specs (bookmaker daily); "
                f"a book needs a page layout: one of {', '.join(names)}, or a path to a "
                f"layout .yaml file")
    return (f"unknown layout {name!r}{did_you_mean(name, names)}; expected one of: "
            f"{', '.join(names)}, or a path to a layout .yaml file")
