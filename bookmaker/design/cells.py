"""What a kind's grids ask of a printed page: how many cells across its printed square is,
and the smallest cell its corner numbers and its symbols stay readable in."""

from __future__ import annotations

from ..core.board.shape import Shape
from ..core.kinds.kind import Kind
from .fit import Sides
from .fontfile import default_font_paths, read_font
from .values import MIN_TEXT_POINTS, font_digit_top

# A cage total is at least 7 pt (MIN_TEXT_POINTS) and at most this share of its cell
# tall, so that it stays clear of the cell's digit: a Killer's cells are at least
# 7 pt * digit height / CAGE_TOTAL_MAX. The renderer (render/pdf.py) uses the same rule.
CAGE_TOTAL_HEIGHT = 0.19  # a cage total's digits, as a share of the cell, where room allows
CAGE_TOTAL_MAX = 0.23
SYMBOL_FIT_WIDTH = 0.86  # a symbol's ink may use at most this much of its cell's width


def cells_across(kind: Kind, frame: Shape) -> int:
    """How many cells across a kind's printed square is on the frame: its board's, and a
    rings for clues printed outside the grid (Kind.clue_cells_across)."""
    return board_cells(kind, frame) + kind.clue_cells_across(frame)


def board_cells(kind: Kind, frame: Shape) -> int:
    """How many cells across a kind's board on the frame is (a Samurai's 21), as the frame
    alone tells: a board drawn per puzzle (a Jigsaw's, a Kakuro's) is its frame's size."""
    board = kind.reading_board(frame)  # the board known from a frame, the frame for a drawn one
    assert board is not None  # a frame is given
    return max(board.frame)  # a rectangle's longer side: pages fit it by both (fitted)


def fitted(kind: Kind, frame: Shape) -> int | Sides:
    """What a page or a news column fits of a kind's grid on the frame (design/fit.py): a
    square's cells across (a ring of clues round it included), or a rectangle's rows and
    columns, each against its room's height and width."""
    cells = cells_across(kind, frame)
    rows, cols = frame.frame
    return (rows, cols) if rows != cols and cells == frame.size else cells


def least_symbol_cell(glyphs: tuple[str, ...]) -> float:
    """The smallest cell (points) whose symbols, the widest of `glyphs` in the bold font,
    fit at MIN_TEXT_POINTS (the renderer's rule: render/metrics.py symbol_font_size)."""
    if not glyphs:
        return 0.0
    bold = read_font(str(default_font_paths()[1]))
    return max(bold.width(glyph, MIN_TEXT_POINTS) for glyph in glyphs) / SYMBOL_FIT_WIDTH


def least_cell(kind: Kind, frame: Shape | None = None) -> float:
    """The smallest cell (points) a kind's puzzle can print in: numbers in a cell's corner
    (a Killer's cage totals), at least MIN_TEXT_POINTS, must fit there (measured with the
    default font's digits); and, on a frame, the clues printed beside its grid (a
    Nonogram's runs, to its longest side: '15' on a 15x15) at MIN_TEXT_POINTS in a cell of
    their ring. Other kinds put no floor here."""
    return max(_corner_cell(kind), _clue_cell(kind, frame))


def _corner_cell(kind: Kind) -> float:
    shown = kind.presentation
    if not shown.corner_labels:
        return 0.0
    share = shown.corner_label_share or CAGE_TOTAL_MAX
    return MIN_TEXT_POINTS * (font_digit_top(default_font_paths()[0]) or 0.73) / share


def _clue_cell(kind: Kind, frame: Shape | None) -> float:
    """The least cell the widest clue beside the grid fits at MIN_TEXT_POINTS: a number up
    to the frame's longest side."""
    if frame is None or not kind.clue_cells_across(frame):
        return 0.0
    return least_symbol_cell((str(max(frame.frame)),))


def least_cell_reason(kind: Kind, frame: Shape | None = None) -> str:
    """Why a kind's least cell (least_cell) is what it is, for messages: 'readable run
    totals', 'readable clues beside the grid'; '' where it puts no floor."""
    shown = kind.presentation
    if _clue_cell(kind, frame) > _corner_cell(kind):
        return "readable clues beside the grid"
    return f"readable {shown.corner_labels_named}" if shown.corner_labels else ""
