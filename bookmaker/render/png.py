"""Sheets -> PNG images (Pillow): 16-level greyscale, lines snapped to whole pixels, and
the same bytes on every run (no time or software stamps in the file).

Sixteen greys are plenty for the anti-aliased edges of black text and lines, and halve
the pixels to compress: the files are a third smaller and written in two thirds of the
time of 8-bit ones. zlib level 4 writes them in 60% of the default level's time, 6%
larger (both measured on 300 dpi 9x9 answers).
"""

from __future__ import annotations

import io
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from ..core.board.grid import SYMBOLS
from ..pages.board import CAGE_LABEL_PAD, SHADE_GREY, dashes
from .fonts import digit_extent
from .pdf import CAGE_FAINT_GREY, cage_label_box, text_width
from .sheet import Sheet

POINTS_PER_INCH = 72.0
WHITE, BLACK = 255, 0
SHADE = round(255 * SHADE_GREY)  # 221: one of the sixteen levels, kept exactly
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
    _draw_grid_lines(canvas, sheet)
    _draw_symbols(canvas, sheet)
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

    def area(self, left: float, bottom: float, width: float, height: float, ink: int) -> None:
        """A filled rectangle (points), its edges snapped to whole pixels."""
        self.draw.rectangle((round(self.x(left)), round(self.y(bottom + height)),
                             round(self.x(left + width)) - 1, round(self.y(bottom)) - 1),
                            fill=ink)

    def text(self, x: float, baseline: float, text: str, font: Path, size: float) -> None:
        """text centred on x, on the baseline, each glyph where render/pdf.py puts it.

        FreeType rounds each glyph's advance to whole pixels at small sizes, which adds up
        to several pixels along a heading; so glyphs are placed one by one, by the PDF's
        own advance widths."""
        advances = [_em_advance(font, glyph) * size for glyph in text]
        left, base = x - sum(advances) / 2, round(self.y(baseline))
        for glyph, advance in zip(text, advances):
            if not glyph.isspace():
                mask, (dx, dy) = _glyph(font, size * self.scale, glyph)
                self.image.paste(BLACK, (round(self.x(left)) + dx, base + dy), mask)
            left += advance


def _draw_grid_lines(canvas: _Canvas, sheet: Sheet) -> None:
    """Shading, cell lines, region lines, the outline, then any cages, as render/pdf.py
    draws its grids (pages/board.py says what)."""
    board, grid, cell = sheet.board, sheet.grid, sheet.cell
    cell_line, box_line, border = sheet.line_weights
    for row, col in board.shaded:
        canvas.area(grid.x + col * cell, _top(sheet) - (row + 1) * cell, cell, cell, SHADE)
    for runs, weight in ((board.thin, cell_line), (board.heavy, box_line),
                         (board.outline, border)):
        for run in runs:
            if run.vertical:
                canvas.rule(True, _x(sheet, run.at), _y(sheet, run.end), _y(sheet, run.start),
                            weight)
            else:
                canvas.rule(False, _y(sheet, run.at), _x(sheet, run.start), _x(sheet, run.end),
                            weight)
    if grid.cages:
        _draw_cages(canvas, sheet)


def _top(sheet: Sheet) -> float:
    return sheet.grid.y + sheet.grid.side


def _x(sheet: Sheet, lines: int) -> float:
    """Where the grid's vertical line number `lines` (from the left) is: the far edge
    exactly at its side, as the PDF's border has it."""
    grid = sheet.grid
    return grid.x + grid.side if lines == sheet.board.frame else grid.x + lines * sheet.cell


def _y(sheet: Sheet, lines: int) -> float:
    """Where the grid's horizontal line number `lines` (from the top) is."""
    grid = sheet.grid
    return grid.y if lines == sheet.board.frame else grid.y + grid.side - lines * sheet.cell


def _draw_cages(canvas: _Canvas, sheet: Sheet) -> None:
    """Dashed loops (faint on an answer), and on a puzzle each total on its knock-out."""
    grid, cell, top = sheet.grid, sheet.cell, _top(sheet)
    answer = grid.solution is not None
    ink = round(255 * CAGE_FAINT_GREY) if answer else BLACK
    for cage in sheet.cages:
        for loop in cage.loops:
            for (x1, y1), (x2, y2) in dashes(loop):
                if x1 == x2:
                    canvas.rule(True, grid.x + x1 * cell, top - max(y1, y2) * cell,
                                top - min(y1, y2) * cell, sheet.cage_line, ink, butt=True)
                else:
                    canvas.rule(False, top - y1 * cell, grid.x + min(x1, x2) * cell,
                                grid.x + max(x1, x2) * cell, sheet.cage_line, ink, butt=True)
    if not answer:
        _draw_cage_totals(canvas, sheet)


def _draw_cage_totals(canvas: _Canvas, sheet: Sheet) -> None:
    style, grid, cell = sheet.style, sheet.grid, sheet.cell
    size, shaded = sheet.cage_total_size, set(sheet.board.shaded)
    pad = CAGE_LABEL_PAD * cell
    for cage in sheet.cages:
        text = str(cage.total)
        width = text_width(text, style.font_regular, size)
        left, top, _, height = cage_label_box(cage.label_cell, cell, width,
                                              size * sheet.digit_top)
        bottom = _top(sheet) - top - height
        canvas.area(grid.x + left - pad, bottom - pad, width + 2 * pad, height + 2 * pad,
                    SHADE if cage.label_cell in shaded else WHITE)
        canvas.text(grid.x + left + width / 2, bottom, text, style.font_regular, size)


def _draw_symbols(canvas: _Canvas, sheet: Sheet) -> None:
    """Givens in bold, solved cells regular, each digit's ink centred in its cell."""
    style, grid, cell = sheet.style, sheet.grid, sheet.cell
    size = sheet.symbol_size
    top, bottom = digit_extent(str(style.font_regular))
    lift = (cell - size * (top + bottom)) / 2
    fonts = {True: style.font_bold, False: style.font_regular}
    for row, column, value, given in sheet.symbols():
        canvas.text(grid.x + (column + 0.5) * cell,
                    grid.y + grid.side - (row + 1) * cell + lift, SYMBOLS[value - 1],
                    fonts[given], size)


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
