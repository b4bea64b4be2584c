"""YAML book specs -> BookSpec (and daily specs -> DailySpec): the schema, layout presets,
and errors with line and column."""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # not typing's: `check` reads spec.textfile and loads no typing
if TYPE_CHECKING:
    from typing import Any

    from .columns import ColumnLayout, load_column_preset
    from .daily import DailySpec, DaySpec, load_daily_spec
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
    from .layouts import column_preset_names, load_layout_file, load_preset, preset_names
    from .load import load_spec
    from .model import BookSpec, Fonts, FrontMatter, SectionSpec
    from .problems import Problem, SpecError
    from .slugs import slug_of
    from .values import DigitSize

# Each name's module. They load when first asked for: a command that reads one small part
# of spec/ (a puzzle file's encoding check) does not pay for the schema (pydantic).
_HOMES = {
    "columns": ("ColumnLayout", "load_column_preset"),
    "daily": ("DailySpec", "DaySpec", "load_daily_spec"),
    "layout": ("Band", "Grids", "GutterStep", "Layout", "LineWeights", "Margins", "PageSize",
               "TextSizes"),
    "layouts": ("column_preset_names", "load_layout_file", "load_preset", "preset_names"),
    "load": ("load_spec",),
    "model": ("BookSpec", "Fonts", "FrontMatter", "SectionSpec"),
    "problems": ("Problem", "SpecError"),
    "slugs": ("slug_of",),
    "values": ("DigitSize",),
}
_MODULE_OF = {name: module for module, names in _HOMES.items() for name in names}
__all__ = ["load_spec", "SpecError", "Problem", "BookSpec", "SectionSpec", "FrontMatter",
           "Fonts", "Layout", "PageSize", "Margins", "GutterStep", "Grids", "TextSizes",
           "LineWeights", "Band", "DigitSize", "load_preset", "load_layout_file",
           "preset_names", "slug_of", "load_daily_spec", "DailySpec", "DaySpec",
           "ColumnLayout", "load_column_preset", "column_preset_names"]


def __getattr__(name: str) -> Any:
    if name not in _MODULE_OF:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    found = getattr(importlib.import_module(f".{_MODULE_OF[name]}", __name__), name)
    globals()[name] = found
    return found
