"""The drawing interface a board is drawn through, with PDF, PNG and SVG behind it (after
Simon Tatham's drawing_api): a few primitives, in the board's own units.

Coordinates are in cells from the board frame's top-left corner, x to the right and y
down (cell (row, col) covers x in [col, col + 1], y in [row, row + 1]); weights, sizes and
paddings are in points. Each backend maps cells to its own page, sheet or pixels, so the
one function that draws a board (render/board.py) never knows which it draws on.

Every call names its `role` (what is drawn: 'grid', 'shade', 'cages', 'total', 'given',
...): the SVG writes it as the element's class, and a recording canvas lets tests check a
rule over everything drawn (the stroke floor).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

Point = tuple[float, float]  # (x, y) in cells
Segment = tuple[Point, Point]
Box = tuple[float, float, float, float]  # left, top, width, height in cells

Cmyk = tuple[float, float, float, float]  # a colour's inks, each 0 to 1 (design/inks.py)
Fill = float | Cmyk  # a grey (0 black, 1 white), or a colour interior's CMYK

SQUARE, BUTT = "square", "butt"  # a line's ends: projecting by half its weight, or flush
CENTRE, TOP_LEFT = "centre", "top-left"  # which point of its ink box a label is placed by


@dataclass(frozen=True)
class Pen:
    """How a line is stroked: its weight in points, its grey (0 black, 1 white), a dash
    and gap in cells (None: solid), and its ends."""

    weight: float
    grey: float = 0.0
    dash: tuple[float, float] | None = None
    cap: str = SQUARE


@dataclass(frozen=True)
class Face:
    """A font at a size, with the ink extent text is placed by: how far its figures reach
    above the baseline (top) and where their ink ends below it (bottom, negative below),
    as fractions of the size."""

    font: Path
    size: float
    top: float
    bottom: float
    bold: bool = False
    role: str = ""  # what the face sets ('given', 'solved', 'total'): the SVG's class


@dataclass(frozen=True)
class Label:
    """A text placed by its ink box: horizontally by its advance width, vertically by its
    face's figure extent; (x, y) is the box's centre or its top-left corner, in cells.
    `ground` is the grey of a knock-out behind the ink (None: none); `face` the index of
    its face among those of the call that draws it."""

    text: str
    x: float
    y: float
    anchor: str = CENTRE
    ground: float | None = None
    face: int = 0


class Canvas(Protocol):
    """What every backend draws. Texts on a knock-out (a Label's ground) are drawn where
    they come; other texts are drawn over everything else of the board."""

    def rects(self, boxes: Sequence[Box], role: str, fill: Fill | None = None,
              pen: Pen | None = None) -> None:
        """Rectangles filled with a grey (or a colour interior's CMYK), or stroked with
        mitred corners."""

    def lines(self, segments: Sequence[Segment], pen: Pen, role: str) -> None:
        """Straight lines."""

    def polygons(self, loops: Sequence[Sequence[Point]], pen: Pen, role: str) -> None:
        """Closed outlines (a cage's loops), stroked."""

    def shapes(self, loops: Sequence[Sequence[Point]], role: str, fill: float) -> None:
        """Closed outlines filled with a grey, not stroked (a Star Battle's stars)."""

    def text(self, labels: Sequence[Label], faces: Sequence[Face], grey: float = 0.0,
             pad: float = 0.0) -> None:
        """Texts, each in one of `faces` and placed by its ink box, in the order given (a
        PDF sets them one text object per face, in the order of `faces`); a knock-out
        reaches `pad` points beyond the ink."""


def cmyk_rgb(fill: Cmyk) -> tuple[float, float, float]:
    """A CMYK fill as the RGB a screen shows it (each 0 to 1), for the backends that
    draw on screens (SVG) or in grey (PNG, EPS: grey_of)."""
    cyan, magenta, yellow, black = fill
    return ((1 - cyan) * (1 - black), (1 - magenta) * (1 - black), (1 - yellow) * (1 - black))


def grey_of(fill: Fill) -> float:
    """A fill as a grey: a grey as it is, a colour by its lightness."""
    if isinstance(fill, tuple):
        red, green, blue = cmyk_rgb(fill)
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return fill
