"""Newspaper column layouts: how many columns of a news page a daily puzzle spans, and its
text sizes and line weights, in points. Presets live in layouts/newspaper/.

A column layout is no page: the puzzle's PDF is exactly as wide as the columns it spans
and as tall as its heading and grid need, for the layout desk to drop into a page.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import cast

from pydantic import Field

from ..core.words import counted, with_article
from .fit import Area, Sides, cell_side, sides_text
from .layout import LineWeights, line_order_mistakes
from .layouts import load_layout_file
from .presets import COLUMN_PRESET_FOLDER, column_preset_names, parse_layout_as, preset_folder
from .problems import Mistake, Problem, SpecError
from .values import (
    MIN_DIGIT_FRACTION,
    Count,
    DigitSizeValue,
    Fraction,
    Length,
    Schema,
    Text,
    TextSize,
    did_you_mean,
)

REFERENCE_SIZE = 9  # a column layout's own span must at least hold a 9x9 grid


class ColumnText(Schema):
    """Font sizes of a daily puzzle. No text may be under 7 pt."""

    heading: TextSize = Field(description="The bold heading: series, date, difficulty.")
    rules: TextSize = Field(description="The line of rules under the heading.")
    digits: DigitSizeValue = Field(description="Given digits: a fraction of the cell side "
                                               "from 0.3 to 0.8 (0.6), or a fixed size (9pt).")
    min_digits: TextSize = Field(description="Given digits never smaller than this; it sets "
                                             "how small a cell may get.")
    answer_digits: Fraction = Field(description="Solution digits, a fraction of the cell.")


class ColumnLayout(Schema):
    """A newspaper column layout, as its file gives it. `name` is set from the file name."""

    name: str = Field("", description="The preset name, or the layout file's name without "
                                      ".yaml; set by the loader, not written in the file.")
    description: Text = Field(description="What the layout is for, in a sentence.")
    column_width: Length = Field(description="The width of one column of the page.")
    column_gap: Length = Field(description="The gutter between two columns.")
    columns: Count = Field(description="Columns a puzzle spans unless its schedule day says.")
    page_columns: Count = Field(description="Columns on the page: the most a day may span.")
    padding: Length = Field(description="White space inside the edges of each file.")
    min_cell: Length = Field(description="Smallest side of a puzzle cell.")
    text: ColumnText = Field(description="Font sizes.")
    lines: LineWeights = Field(description="Line weights.")

    def width(self, columns: int) -> float:
        """The width in points of `columns` columns and the gutters between them."""
        return columns * self.column_width + (columns - 1) * self.column_gap

    def grid_side(self, columns: int) -> float:
        """The side of a grid spanning `columns` columns: all but padding and border."""
        return self.width(columns) - 2 * self.padding - self.lines.border

    @property
    def min_puzzle_cell(self) -> float:
        """The smallest puzzle cell side allowed: min_cell, or more for min_digits."""
        return max(self.min_cell, self.text.digits.smallest_cell(self.text.min_digits))

    @property
    def digit_fraction(self) -> float:
        """Given digits' size as a share of the cell side (a fixed size in points taken at
        the smallest cell allowed, so that digits are never under it)."""
        digits = self.text.digits
        return digits.fraction if digits.fraction is not None else \
            cast(float, digits.points) / self.min_puzzle_cell  # points, if no fraction

    def cell(self, columns: int, fit: int | Sides) -> float:
        """The cell side of a grid spanning `columns` columns, fit as a book's page fits
        it (design/fit.py) in a column as tall as it needs: a square of `fit` cells across,
        or a rectangle of (rows, columns) by its columns."""
        return cell_side(1, fit, Area(self.grid_side(columns), math.inf, 0.0, 0.0))

    def fit_problem(self, fit: int | Sides, columns: int, least_cell: float = 0.0,
                    least_reason: str = "") -> str | None:
        """Why a grid `fit` cells across (a rectangle: its rows and columns) cannot span
        `columns` columns with cells of at least the layout's minimum and `least_cell` (a
        Killer's, for `least_reason`: 'readable cage totals'), or None if it can."""
        cell = self.cell(columns, fit)
        smallest = max(self.min_puzzle_cell, least_cell)
        if cell >= smallest:
            return None
        span = counted(columns, "column")
        why = "" if smallest == self.min_puzzle_cell else f" for {least_reason}"
        return (f"{with_article(sides_text(fit))} grid across {span} of the "
                f"{self.name} layout would have {max(cell, 0):.1f} pt cells, under its "
                f"{smallest:.1f} pt minimum{why}: "
                f"span more columns or choose a smaller size")


def column_layout_mistakes(layout: ColumnLayout) -> list[Mistake]:
    """What is wrong with a column layout beyond the types of its values."""
    found = line_order_mistakes(layout.lines)
    if layout.columns > layout.page_columns:
        found.append(Mistake(("columns",), f"must be at most page_columns "
                                           f"({layout.page_columns}), got {layout.columns}"))
    problem = layout.fit_problem(REFERENCE_SIZE, layout.columns)
    if problem:
        found.append(Mistake(("columns",), problem))
    digits = layout.text.digits
    if digits.points is not None and digits.points < layout.text.min_digits:
        found.append(Mistake(("text", "digits"), f"{digits.points:g} pt is under text."
                                                 f"min_digits ({layout.text.min_digits:g} pt)"))
    elif digits.points is not None and layout.digit_fraction < MIN_DIGIT_FRACTION:
        found.append(Mistake(("text", "digits"), f"{digits.points:g} pt is only "
                             f"{layout.digit_fraction:.2f} of the smallest cell; digits must "
                             f"be at least {MIN_DIGIT_FRACTION} of the cell"))
    return found


@cache
def load_column_preset(name: str) -> ColumnLayout:
    """The newspaper column preset of that name; SpecError if there is none or it is broken."""
    if name not in column_preset_names():
        raise SpecError([Problem(name, None, None, "", unknown_column_layout_text(name))])
    entry = preset_folder() / COLUMN_PRESET_FOLDER / f"{name}.yaml"
    layout, problems = parse_column_layout(entry.read_text(encoding="utf-8"),
                                           f"layouts/{COLUMN_PRESET_FOLDER}/{name}.yaml", name)
    if layout is None:
        raise SpecError(problems)
    return layout


def load_column_layout_file(path: Path, shown: str) -> tuple[ColumnLayout | None, list[Problem]]:
    """A user's column layout file, or None with its problems; `shown` is the path as written."""
    return load_layout_file(path, shown, parse_column_layout)


def parse_column_layout(text: str, shown: str,
                        name: str) -> tuple[ColumnLayout | None, list[Problem]]:
    """A column layout from YAML text, or None with every problem found in it."""
    return parse_layout_as(ColumnLayout, column_layout_mistakes, text, shown, name)


def unknown_column_layout_text(name: str, page_layouts: tuple[str, ...] = ()) -> str:
    """The message for a name that is no column preset, listing the presets; a book's page
    layout is named as such."""
    names = column_preset_names()
    listed = f"one of: {', '.join(names)}, or a path to a column layout .yaml file"
    if name in page_layouts:
        return f"{name!r} is a book page layout; a daily spec needs a newspaper column " \
               f"layout: {listed}"
    return f"unknown layout {name!r}{did_you_mean(name, names)}; expected {listed}"
