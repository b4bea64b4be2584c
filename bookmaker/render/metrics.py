"""How big things are drawn, the same for every backend (PDF, PNG, SVG): text widths, line
weights, symbol and cage-total sizes, where a cage's total goes.

Text is measured with reportlab's TrueType tables (pdfmetrics): the widths the PDF sets
text by, so the PNG and SVG place each glyph where the PDF puts it.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..core.board.grid import SYMBOLS
from ..core.board.marks import MATCH_SIGNS
from ..design.cells import CAGE_TOTAL_HEIGHT, CAGE_TOTAL_MAX
from ..design.cells import SYMBOL_FIT_WIDTH as FIT_WIDTH
from ..pages.board import (
    CAGE_LABEL_AT,
    ENTRY_FILL,
    MATCH_SIGN_DIGITS,
    OUTLINED,
    Entry,
    entry_of,
    label_reach,
)
from ..pages.page import GridPlacement
from .fonts import FontError, digit_extent
from .style import FIT_HEIGHT, MIN_TEXT_SIZE, RenderError, RenderStyle

FULL_WEIGHT_CELL = 18.0  # points: cells this big get the style's full line weights
BLOCK_CLUE_HEIGHT = 0.22  # a clue block's sums: their figures' height, a share of the cell
BLOCK_CLUE_MAX = 0.3  # ... and at most this share, so the two sums stay apart
BLOCK_ACROSS_AT = (0.69, 0.31)  # the across sum's centre in its block (above the diagonal)
BLOCK_DOWN_AT = (0.31, 0.69)  # the down sum's centre (below it)
SIGN_GLYPH_HEIGHT = 0.58  # a '<' is this share of its font size tall (DejaVu Sans: 0.58)
# A symbol of two characters (10 to 25) is set no wider than this share of its cell where
# the minimum text size allows: its corners keep room for pencilled candidates.
PAIRED_WIDTH = 0.62


def register_ttf(path: Path | str) -> str:
    """Register a TTF under a name made from its bytes, so the same file always gets the
    same name and two different files never share one."""
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise FontError(f"cannot read font {path}: {err.strerror}") from None
    name = "bm-" + hashlib.sha256(data).hexdigest()[:16]
    if name not in pdfmetrics.getRegisteredFontNames():
        try:
            pdfmetrics.registerFont(TTFont(name, io.BytesIO(data)))
        except Exception as err:  # reportlab raises bare TTFError and others for bad files
            raise FontError(f"cannot use font {path}: {err}") from None
    return name


@cache
def registered(font: Path) -> str:
    """register_ttf once per path: measuring text must not read the font every time."""
    return register_ttf(font)


def text_width(text: str, font: Path, size: float) -> float:
    """The width in points that the renderers give `text` in the TTF `font` at `size`."""
    return pdfmetrics.stringWidth(text, registered(font), size)


def text_width_em(text: str, font: str) -> float:
    """The advance width of `text` at a font size of 1 (a registered font's name)."""
    return pdfmetrics.stringWidth(text, font, 1.0)


@cache
def em_widths(font: str) -> dict[str, float]:
    """Each symbol's advance width at a font size of 1 (a registered font's name)."""
    return {symbol: pdfmetrics.stringWidth(symbol, font, 1.0) for symbol in SYMBOLS}


def line_weights(style: RenderStyle, cell: float) -> tuple[float, float, float]:
    """(cell, box, border) line weights for cells of `cell` points.

    The style's weights hold for cells of FULL_WEIGHT_CELL points and more. Smaller grids,
    such as answer keys, get lighter box and border lines in proportion, or they look
    clotted; but box lines stay twice the cell line, so boxes remain distinct. Cell
    lines are never thinned: they are the print minimum.
    """
    scale = min(1.0, cell / FULL_WEIGHT_CELL)
    box = min(style.box_line, max(style.box_line * scale, style.cell_line * 2))
    border = min(style.border_line, max(style.border_line * scale, box * 1.25))
    return style.cell_line, box, max(border, box)


def symbol_font_size(style: RenderStyle, cell: float, glyphs: Sequence[str]) -> float:
    """The font size of a grid's symbols (`glyphs`, what values 1..n print as) in cells of
    `cell` points: digits as tall as given_font_ratio of the cell, smaller if the widest
    symbol needs it (a symbol of two characters no wider than PAIRED_WIDTH of the cell,
    where the minimum size allows), never under the minimum text size; RenderError when
    even that does not fit the cell."""
    digit_top = digit_extent(str(style.font_regular))[0]
    widths = em_widths(registered(style.font_bold))
    widest = max(widths[s] if s in widths else text_width_em(s, registered(style.font_bold))
                 for s in glyphs)
    fitting = min(style.given_font_ratio * cell / digit_top, FIT_WIDTH * cell / widest)
    if max(len(s) for s in glyphs) > 1:  # two digits (10 to 25) leave the corners free
        fitting = min(fitting, PAIRED_WIDTH * cell / widest)
    font_size = max(fitting, MIN_TEXT_SIZE)
    # A fitting size fits by its making (no rounding may refuse it); the floor may not.
    if fitting < MIN_TEXT_SIZE and (font_size * digit_top > FIT_HEIGHT * cell
                                    or font_size * widest > FIT_WIDTH * cell):
        raise RenderError(f"cells of {cell:.1f} pt are too small for {MIN_TEXT_SIZE:g} pt "
                          "symbols: use fewer grids per page or a larger page")
    return font_size


def cage_line(style: RenderStyle) -> float:
    """A cage's dashed line: as heavy as the cell line (the least stroke), told from it by
    its dashes and its inset."""
    return style.stroke(style.cell_line)


def cage_total_size(cell: float, digit_top: float) -> float:
    """The font size of cage totals in cells of `cell` points: digits CAGE_TOTAL_HEIGHT of
    the cell tall, never under the minimum text size; RenderError when that is too big
    for the corner (it would reach the cell's digit): the design's rule (design/cells.py)."""
    size = max(CAGE_TOTAL_HEIGHT * cell / digit_top, MIN_TEXT_SIZE)
    if size * digit_top > CAGE_TOTAL_MAX * cell:
        raise RenderError(f"cells of {cell:.1f} pt are too small for {MIN_TEXT_SIZE:g} pt "
                          "cage totals: use fewer Killer grids per page or a larger page")
    return size


def block_clue_size(cell: float, digit_top: float) -> float:
    """The font size of a clue block's sums: figures BLOCK_CLUE_HEIGHT of the cell tall,
    never under the minimum text size; RenderError when that does not fit the block."""
    size = max(BLOCK_CLUE_HEIGHT * cell / digit_top, MIN_TEXT_SIZE)
    if size * digit_top > BLOCK_CLUE_MAX * cell:
        raise RenderError(f"cells of {cell:.1f} pt are too small for {MIN_TEXT_SIZE:g} pt "
                          "clue sums: use fewer grids per page or a larger page")
    return size


def sign_least_span() -> float:
    """The least opening of a sign's chevron, in points: as tall as a '<' set at the
    minimum text size."""
    return MIN_TEXT_SIZE * SIGN_GLYPH_HEIGHT


def cage_label_box(label_cell: tuple[int, int], cell: float, width: float,
                   height: float) -> tuple[float, float, float, float]:
    """(left, top, width, height) of a cage total's ink, in points from the grid's
    top-left corner, y down."""
    row, col = label_cell
    return ((col + CAGE_LABEL_AT[0]) * cell, (row + CAGE_LABEL_AT[1]) * cell, width, height)


def entry(placement: GridPlacement, digit_top: float) -> Entry:
    """Where in each cell of the placement a solver writes and a digit is printed
    (pages/board.py Entry): below its cage labels where it shows them (a puzzle, not an
    answer), the whole cell elsewhere."""
    cages = placement.marks.cages
    if not cages or placement.solution is not None:
        return Entry()
    height = cage_total_size(placement.cell, digit_top) * digit_top / placement.cell
    return entry_of(max(label_reach(cage.style == OUTLINED, height) for cage in cages))


def digit_scale(placement: GridPlacement, style: RenderStyle, digit_top: float,
                size: float) -> float:
    """How much of the style's digit size (`size`) a grid's digits get: all of it in a
    whole cell; below a caged puzzle's labels, no more than ENTRY_FILL of the cell's
    entry; beside = and x signs, MATCH_SIGN_DIGITS of it (never under the least text)."""
    below = entry(placement, digit_top)
    scale = 1.0 if below == Entry() else \
        min(1.0, below.height * ENTRY_FILL / style.given_font_ratio)
    if any(sign.sign in MATCH_SIGNS for sign in placement.marks.signs):
        scale = min(scale, max(MATCH_SIGN_DIGITS, MIN_TEXT_SIZE / size))
    return scale
