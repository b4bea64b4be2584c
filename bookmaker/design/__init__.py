"""The book's design: its layout model (pages, newspaper columns, covers), the print rules
(fit, captions, page counts, cover fit), fonts, words and how-to-play text, and the checked
YAML reading its files and the spec's share. Below spec/; imports only core."""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # not typing's: `check` reads design.textfile and loads no typing
if TYPE_CHECKING:
    from typing import Any

    from .columns import ColumnLayout, load_column_preset
    from .layout import (
        Band,
        Grids,
        GutterStep,
        Layout,
        LineWeights,
        Margins,
        PageSize,
        TextSizes,
    )
    from .layouts import load_layout_file, load_preset
    from .presets import column_preset_names, preset_names
    from .problems import Problem, SpecError
    from .values import DigitSize

# Each name's module. They load when first asked for: a command that reads one small part
# of design/ (a puzzle file's encoding check) does not pay for the schema (pydantic).
_HOMES = {
    "columns": ("ColumnLayout", "load_column_preset"),
    "layout": ("Band", "Grids", "GutterStep", "Layout", "LineWeights", "Margins", "PageSize",
               "TextSizes"),
    "layouts": ("load_layout_file", "load_preset"),
    "presets": ("column_preset_names", "preset_names"),
    "problems": ("Problem", "SpecError"),
    "values": ("DigitSize",),
}
_MODULE_OF = {name: module for module, names in _HOMES.items() for name in names}
__all__ = ["SpecError", "Problem", "Layout", "PageSize", "Margins", "GutterStep", "Grids",
           "TextSizes", "LineWeights", "Band", "DigitSize", "load_preset", "load_layout_file",
           "preset_names", "ColumnLayout", "load_column_preset", "column_preset_names"]


def __getattr__(name: str) -> Any:
    if name not in _MODULE_OF:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    found = getattr(importlib.import_module(f".{_MODULE_OF[name]}", __name__), name)
    globals()[name] = found
    return found
