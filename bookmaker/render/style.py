"""How pages and sheets look, whatever draws them: fonts, text sizes, line weights."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..design.inks import GREY
from ..design.layout import CAPTION_LINE_HEIGHT
from ..design.values import MIN_TEXT_POINTS
from ..pages.page import PageGeometry
from .fonts import default_fonts

MIN_TEXT_SIZE = MIN_TEXT_POINTS  # the spec's floor for any printed text, one rule for both
FIT_HEIGHT = 0.78  # a symbol's ink may use at most this much of its cell's height


class RenderError(ValueError):
    """Pages that cannot be drawn as asked: text too small, or too much text for a page."""


def _default_regular() -> Path:
    return default_fonts()[0]


def _default_bold() -> Path:
    return default_fonts()[1]


@dataclass(frozen=True)
class RenderStyle:
    """How pages look: geometry, fonts (TTF paths), text sizes in points, line weights.

    given_font_ratio is the height of a digit's ink as a fraction of the cell side; the
    font size follows from it and the font's own digit height.
    """

    geometry: PageGeometry
    font_regular: Path = field(default_factory=_default_regular)
    font_bold: Path = field(default_factory=_default_bold)
    given_font_ratio: float = 0.5
    label_size: float = 10.0
    caption_size: float = 8.0
    header_size: float = 9.0
    footer_size: float = 8.0
    page_number_size: float = 10.0
    title_size: float = 28.0
    subtitle_size: float = 15.0
    heading_size: float = 14.0
    body_size: float = 11.0
    cell_line: float = 0.75
    box_line: float = 2.0
    border_line: float = 2.5
    interior: str = GREY  # the book's interior: grey (black and white) or colour (inks.py)

    def __post_init__(self) -> None:
        sizes = {name: getattr(self, name) for name in _TEXT_SIZE_FIELDS}
        small = [f"{name} {size:g} pt" for name, size in sizes.items() if size < MIN_TEXT_SIZE]
        if small:
            raise RenderError(f"text under {MIN_TEXT_SIZE:g} pt: {', '.join(small)}")
        if not 0.2 <= self.given_font_ratio <= FIT_HEIGHT:
            raise RenderError(f"given_font_ratio must be between 0.2 and {FIT_HEIGHT}, "
                              f"got {self.given_font_ratio}")
        if min(self.cell_line, self.box_line, self.border_line) <= 0:
            raise RenderError("line weights must be positive")

    @property
    def least_stroke(self) -> float:
        """The thinnest line anything may be drawn with: the cell line, which the spec holds
        at 0.75 pt or more on print-on-demand layouts (design/layout.py POD_MIN_LINE). Every
        stroke of every page goes through stroke()."""
        return self.cell_line

    def stroke(self, weight: float) -> float:
        """A stroke's weight, never under least_stroke: the one rule for every line drawn."""
        return max(weight, self.least_stroke)

    @property
    def label_height(self) -> float:
        """The line above a grid that its label needs: pass it to paginate as label_height."""
        return self.label_size * 1.6

    @property
    def below_height(self) -> float:
        """One line below a grid for caption and note: paginate's below_height, by the
        same rule as the layout's (spec.layout.CAPTION_LINE_HEIGHT)."""
        return self.caption_size * CAPTION_LINE_HEIGHT


_TEXT_SIZE_FIELDS = ("label_size", "caption_size", "header_size", "footer_size",
                     "page_number_size", "title_size", "subtitle_size", "heading_size",
                     "body_size")
