"""Sheets -> PNG images (Pillow): 16-level greyscale, lines snapped to whole pixels, and
the same bytes on every run (no time or software stamps in the file).

Sixteen greys are plenty for the anti-aliased edges of black text and lines, and halve
the pixels to compress: the files are a third smaller and written in two thirds of the
time of 8-bit ones. zlib level 4 writes them in 60% of the default level's time, 6%
larger (both measured on 300 dpi 9x9 answers).
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from ..core.sums import added
from ..pages.board import board_drawing, dashes
from ..pages.page import GridPlacement
from .board import draw_board
from .canvas import BUTT, CENTRE, Box, Face, Fill, Label, Pen, Point, Segment, grey_of
from .metrics import text_width
from .sheet import Sheet

POINTS_PER_INCH = 72.0
WHITE, BLACK = 255, 0
GREY_BITS = 4
COMPRESS_LEVEL = 4
# Each grey rounded to the nearest of 16 levels, written 0x00, 0x11 .. 0xFF: its high four
# bits are what a 4-bit PNG stores, so the file holds exactly this image.
_SIXTEEN_GREYS = [round(value * 15 / 255) * 17 for value in range(256)]


def render_png_bytes(sheet: Sheet, dpi: float) -> bytes:
    """The sheet as a PNG at `dpi` pixels per inch (recorded in the file for print)."""
    scale = dpi / POINTS_PER_INCH
    image = Image.new("L", (round(sheet.width * scale), round(sheet.height * scale)), WHITE)
    canvas = _Canvas(image, scale, sheet.height)
    draw_board(PngBoard(canvas, sheet.grid), sheet.grid, sheet.style)
    _draw_text_lines(canvas, sheet)
    out = io.BytesIO()
    image.point(_SIXTEEN_GREYS).save(out, "PNG", dpi=(dpi, dpi), bits=GREY_BITS,
                                     compress_level=COMPRESS_LEVEL)
    return out.getvalue()


def dpi_for_width(sheet: Sheet, pixels: int) -> float:
    """The resolution at which the sheet is `pixels` wide."""
    return pixels * POINTS_PER_INCH / sheet.width


class _Canvas:
    """Points (y up from the sheet's bottom) to pixels (y down from the top)."""

    def __init__(self, image: Image.Image, scale: float, height: float) -> None:
        self.image, self.draw = image, ImageDraw.Draw(image)
        self.scale, self.height = scale, height

    def x(self, points: float) -> float:
        return points * self.scale

    def y(self, points: float) -> float:
        return (self.height - points) * self.scale

    def rule(self, vertical: bool, at: float, start: float, end: float, weight: float,
             ink: int = BLACK, butt: bool = False) -> None:
        """A line `weight` points thick centred on x (or y) = `at`, from start to end,
        snapped to whole pixels and never under one pixel; its ends project by half its
        width (as the PDF's grid lines do) unless `butt` (as its dashes do)."""
        width = max(1, round(weight * self.scale))
        centre = self.x(at) if vertical else self.y(at)
        near = round(centre - width / 2)
        ends = sorted((self.y(start), self.y(end)) if vertical else (self.x(start), self.x(end)))
        cap = 0 if butt else width / 2
        low, high = round(ends[0] - cap), max(round(ends[0] - cap), round(ends[1] + cap) - 1)
        box = (near, low, near + width - 1, high) if vertical else \
            (low, near, high, near + width - 1)
        self.draw.rectangle(box, fill=ink)

    def slant(self, start: tuple[float, float], end: tuple[float, float], weight: float,
              ink: int = BLACK, butt: bool = False) -> None:
        """A line at an angle from start to end (points), `weight` points thick, its ends
        projecting by half its width unless `butt`: a filled quadrilateral."""
        (x1, y1), (x2, y2) = start, end
        length = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        cap = 0.0 if butt else weight / 2
        half_x, half_y = -uy * weight / 2, ux * weight / 2
        ends = ((x1 - ux * cap, y1 - uy * cap), (x2 + ux * cap, y2 + uy * cap))
        corners = [(x + sx * half_x, y + sx * half_y) for (x, y), sx in
                   ((ends[0], 1), (ends[1], 1), (ends[1], -1), (ends[0], -1))]
        self.draw.polygon([(self.x(x), self.y(y)) for x, y in corners], fill=ink)

    def shape(self, points: Sequence[tuple[float, float]], ink: int) -> None:
        """A filled polygon, its corners in points."""
        self.draw.polygon([(self.x(x), self.y(y)) for x, y in points], fill=ink)

    def area(self, left: float, bottom: float, width: float, height: float, ink: int) -> None:
        """A filled rectangle (points), its edges snapped to whole pixels."""
        self.draw.rectangle((round(self.x(left)), round(self.y(bottom + height)),
                             round(self.x(left + width)) - 1, round(self.y(bottom)) - 1),
                            fill=ink)

    def text(self, x: float, baseline: float, text: str, font: Path, size: float,
             ink: int = BLACK) -> None:
        """text centred on x, on the baseline, each glyph where render/pdf.py puts it.

        FreeType rounds each glyph's advance to whole pixels at small sizes, which adds up
        to several pixels along a heading; so glyphs are placed one by one, by the PDF's
        own advance widths."""
        advances = [_em_advance(font, glyph) * size for glyph in text]
        left, base = x - added(advances) / 2, round(self.y(baseline))
        for glyph, advance in zip(text, advances):
            if not glyph.isspace():
                mask, (dx, dy) = _glyph(font, size * self.scale, glyph)
                self.image.paste(ink, (round(self.x(left)) + dx, base + dy), mask)
            left += advance


class PngBoard:
    """The drawing interface (render/canvas.py) on a sheet's image: the board of a grid
    placement (points from the sheet's bottom-left corner), cells mapped to points, then
    to whole pixels by _Canvas."""

    def __init__(self, canvas: _Canvas, grid: GridPlacement) -> None:
        self.canvas = canvas
        self.left, self.bottom, self.side = grid.board_box
        self.top = self.bottom + self.side
        self.frame = board_drawing(grid.grid.shape).frame
        self.cell = grid.cell

    def _x(self, u: float) -> float:
        """Where a line at u cells from the left lies: the far edge exactly at the grid's
        side, as the PDF's border has it."""
        return self.left + self.side if u == self.frame else self.left + u * self.cell

    def _y(self, v: float) -> float:
        """Where a line at v cells from the top lies (points up from the sheet's bottom)."""
        return self.bottom if v == self.frame else self.top - v * self.cell

    def rects(self, boxes: Sequence[Box], role: str, fill: Fill | None = None,
              pen: Pen | None = None) -> None:
        for left, top, width, height in boxes:
            if fill is not None:
                self.canvas.area(self.left + left * self.cell, self.top - (top + height) *
                                 self.cell, width * self.cell, height * self.cell,
                                 _ink(grey_of(fill)))
            if pen is not None:  # four lines whose projecting ends square the corners
                self.lines([((left, top), (left, top + height)),
                            ((left + width, top), (left + width, top + height)),
                            ((left, top), (left + width, top)),
                            ((left, top + height), (left + width, top + height))], pen, role)

    def lines(self, segments: Sequence[Segment], pen: Pen, role: str) -> None:
        for segment in segments:
            for (x1, y1), (x2, y2) in _dashed(segment, pen.dash):
                if x1 != x2 and y1 != y2:
                    self.canvas.slant((self._x(x1), self._y(y1)), (self._x(x2), self._y(y2)),
                                      pen.weight, _ink(pen.grey), pen.cap == BUTT)
                elif x1 == x2:
                    self.canvas.rule(True, self._x(x1), self._y(y2), self._y(y1), pen.weight,
                                     _ink(pen.grey), pen.cap == BUTT)
                else:
                    self.canvas.rule(False, self._y(y1), self._x(x1), self._x(x2), pen.weight,
                                     _ink(pen.grey), pen.cap == BUTT)

    def shapes(self, loops: Sequence[Sequence[Point]], role: str, fill: float) -> None:
        for loop in loops:
            self.canvas.shape([(self._x(x), self._y(y)) for x, y in loop], _ink(fill))

    def polygons(self, loops: Sequence[Sequence[Point]], pen: Pen, role: str) -> None:
        """Each loop's sides, dashed as a PDF dashes a path: the pattern running on round
        the corners."""
        for loop in loops:
            pieces = dashes(loop, *pen.dash) if pen.dash else \
                list(zip(loop, list(loop[1:]) + [loop[0]]))
            self.lines(pieces, Pen(pen.weight, pen.grey, None, pen.cap), role)

    def text(self, labels: Sequence[Label], faces: Sequence[Face], grey: float = 0.0,
             pad: float = 0.0) -> None:
        for label in labels:
            face = faces[label.face]
            width = text_width(label.text, face.font, face.size)
            left, centre, baseline = self._place(label, face, width)
            if label.ground is not None:  # covering the figures from the baseline up
                self.canvas.area(left - pad, baseline - pad, width + 2 * pad,
                                 face.size * face.top + 2 * pad, _ink(label.ground))
            self.canvas.text(centre, baseline, label.text, face.font, face.size, _ink(grey))

    def _place(self, label: Label, face: Face, width: float) -> tuple[float, float, float]:
        """(left, centre, baseline) of a label's text, in points."""
        if label.anchor == CENTRE:
            centre = self.left + label.x * self.cell
            lift = (self.cell - face.size * (face.top + face.bottom)) / 2
            return centre - width / 2, centre, self.top - (label.y + 0.5) * self.cell + lift
        left = self.left + label.x * self.cell
        return left, left + width / 2, self.top - label.y * self.cell - face.size * face.top


def _ink(grey: float) -> int:
    """A grey (0 black, 1 white) as a pixel value."""
    return round(255 * grey)


def _dashed(segment: Segment, dash: tuple[float, float] | None) -> list[Segment]:
    """A segment's dashes (its whole length if it is solid), the pattern from its start."""
    return dashes(segment, *dash, closed=False) if dash else [segment]


def _draw_text_lines(canvas: _Canvas, sheet: Sheet) -> None:
    style = sheet.style
    for line in sheet.lines:
        font = style.font_bold if line.bold else style.font_regular
        canvas.text(sheet.width / 2, line.baseline, line.text, font, line.size)


@cache
def _em_advance(font: Path, glyph: str) -> float:
    """A glyph's advance width at a font size of 1, as render/pdf.py measures it (text
    there is set without kerning, so a line's width is the sum of its glyphs')."""
    return text_width(glyph, font, 1.0)


@lru_cache(maxsize=4096)
def _glyph(font: Path, pixels: float, glyph: str) -> tuple[Image.Image, tuple[int, int]]:
    """A glyph's coverage (255: ink) and where its top-left lies from its origin on the
    baseline: drawn once, then pasted wherever the glyph appears (a grid shows the same
    few symbols again and again)."""
    face = _font(font, pixels)
    left, top, right, bottom = (int(v) for v in face.getbbox(glyph, anchor="ls"))  # whole pixels
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), glyph, fill=255, font=face, anchor="ls")
    return mask, (left, top)


@lru_cache(maxsize=64)
def _font(path: Path, pixels: float) -> ImageFont.FreeTypeFont:
    """The TTF at a size in pixels, laid out glyph by glyph without kerning, as PDF text
    is (and the same on every machine, with or without libraqm)."""
    return ImageFont.truetype(str(path), pixels, layout_engine=ImageFont.Layout.BASIC)
