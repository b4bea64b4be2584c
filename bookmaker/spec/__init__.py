"""YAML book specs -> BookSpec (and daily specs -> DailySpec): the schema, layout presets,
and errors with line and column."""

from .columns import ColumnLayout, load_column_preset
from .daily import DailySpec, DaySpec, load_daily_spec
from .layout import Band, Grids, GutterStep, Layout, LineWeights, Margins, PageSize, TextSizes
from .layouts import column_preset_names, load_layout_file, load_preset, preset_names
from .load import load_spec
from .model import BookSpec, Fonts, FrontMatter, SectionSpec
from .problems import Problem, SpecError
from .slugs import slug_of
from .values import DigitSize

__all__ = ["load_spec", "SpecError", "Problem", "BookSpec", "SectionSpec", "FrontMatter",
           "Fonts", "Layout", "PageSize", "Margins", "GutterStep", "Grids", "TextSizes",
           "LineWeights", "Band", "DigitSize", "load_preset", "load_layout_file",
           "preset_names", "slug_of", "load_daily_spec", "DailySpec", "DaySpec",
           "ColumnLayout", "load_column_preset", "column_preset_names"]
