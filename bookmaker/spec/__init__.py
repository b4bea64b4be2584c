"""YAML book specs -> BookSpec (and daily specs -> DailySpec): the schema and loading, with
every error at its line and column. The layout model and print rules the loading checks a
spec by are in design/."""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # not typing's: a light command loads no typing
if TYPE_CHECKING:
    from typing import Any

    from ..design.problems import Problem, SpecError
    from .daily import DailySpec, DaySpec, load_daily_spec
    from .load import load_spec
    from .model import BookSpec, Fonts, FrontMatter, SectionSpec
    from .slugs import slug_of

# Each name's module. They load when first asked for: a command that needs one small part
# of spec/ does not pay for the whole schema.
_HOMES = {
    "daily": ("DailySpec", "DaySpec", "load_daily_spec"),
    "load": ("load_spec",),
    "model": ("BookSpec", "Fonts", "FrontMatter", "SectionSpec"),
    "slugs": ("slug_of",),
    "..design.problems": ("Problem", "SpecError"),  # the errors loading raises
}
_MODULE_OF = {name: module for module, names in _HOMES.items() for name in names}
__all__ = ["load_spec", "SpecError", "Problem", "BookSpec", "SectionSpec", "FrontMatter",
           "Fonts", "slug_of", "load_daily_spec", "DailySpec", "DaySpec"]


def __getattr__(name: str) -> Any:
    if name not in _MODULE_OF:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = _MODULE_OF[name]
    home = module if module.startswith(".") else f".{module}"
    found = getattr(importlib.import_module(home, __name__), name)
    globals()[name] = found
    return found
