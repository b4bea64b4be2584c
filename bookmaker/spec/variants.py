"""Puzzle variants as specs name them: which sizes each takes, and what its grids need.

A section (or a daily weekday) says `variant:`; its size and box still describe the
board's frame (the classic board of that size), and the variant what is made on it.
"""

from __future__ import annotations

from ..core.board.shape import MAX_SIZE, Shape
from ..core.killer.generate import KILLER_SIZES
from ..core.killer.text import KILLER_VARIANTS
from ..core.kinds.sudoku import PUZZLE_VARIANTS, board_described, frame_for, parse_frame
from .fontfile import default_font_paths
from .values import MIN_TEXT_POINTS, font_digit_top

VARIANT_CHOICES = PUZZLE_VARIANTS  # classic, x, hyper, jigsaw, samurai, killer, killer-x
JIGSAW_MIN_SIZE = 4
SAMURAI_FRAME = 21  # a Samurai's five 9x9 grids print in a 21 x 21 cell square
# A cage total is at least 7 pt (MIN_TEXT_POINTS) and at most this share of its cell
# tall, so that it stays clear of the cell's digit: a Killer's cells are at least
# 7 pt * digit height / CAGE_TOTAL_MAX. The renderer (render/pdf.py) uses the same rule.
CAGE_TOTAL_HEIGHT = 0.19  # a cage total's digits, as a share of the cell, where room allows
CAGE_TOTAL_MAX = 0.23


def is_killer(variant: str) -> bool:
    return variant in KILLER_VARIANTS


def board_variant(variant: str) -> str:
    """The core's board variant (core.kinds.sudoku) of a spec's variant: a Killer's cages lie
    on a classic board, a Killer X's on an X board (core/killer/text.KILLER_VARIANTS)."""
    return KILLER_VARIANTS.get(variant, variant)


def frame_of(variant: str, size: int, box_rows: int, box_cols: int) -> Shape:
    """The frame (core.kinds.sudoku.frame_for) of a loaded section or day: the classic board
    of its size and box, or a jigsaw's (box 0x0 for a size without boxes)."""
    box = (box_rows, box_cols) if box_rows and variant != "jigsaw" else None
    return frame_for(board_variant(variant), size, box)


def parse_variant_frame(variant: str, size_text: str, box_text: str | None) -> Shape:
    """The frame of a variant's size and box as a spec writes them; ValueError says what
    is wrong (checked with variant_size_problem first)."""
    return parse_frame(board_variant(variant), size_text, box_text)


def board_of_variant(variant: str, frame: Shape):
    """What the variant's boards on a frame have in common, for messages and clue
    checks: a name ('9x9 X', 'Samurai') and a cell count (core.kinds.sudoku)."""
    return board_described(board_variant(variant), frame)


def variant_size_problem(variant: str, size: int, box_given: bool) -> str | None:
    """Why a variant cannot be made at a size (or with a box given), or None."""
    if variant == "hyper" and size != 9:
        return f"hyper (four extra 3x3 windows) is 9x9 only, got {size}x{size}"
    if variant == "samurai" and size != 9:
        return f"a samurai is five 9x9 grids: its size is 9x9, got {size}x{size}"
    if variant == "jigsaw" and box_given:
        return "a jigsaw has irregular regions, not boxes: give its size alone"
    if variant == "jigsaw" and not JIGSAW_MIN_SIZE <= size <= MAX_SIZE:
        return f"a jigsaw is {JIGSAW_MIN_SIZE}x{JIGSAW_MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}"
    if is_killer(variant) and size not in KILLER_SIZES:
        sizes = ", ".join(f"{n}x{n}" for n in KILLER_SIZES)
        return f"{variant} puzzles are made in the sizes {sizes}; got {size}x{size}"
    return None


def grid_size_text(variant: str, size: int) -> str:
    """The size a caption or contents entry prints: '9x9'; '' for a Samurai (its name
    says it)."""
    return "" if variant == "samurai" else f"{size}x{size}"


def frame_cells(variant: str, size: int) -> int:
    """How many cells across a variant's printed grid is: 21 for a Samurai, else its size."""
    return SAMURAI_FRAME if variant == "samurai" else size


def least_cell(variant: str) -> float:
    """The smallest cell (points) a variant's puzzle can print in: a Killer's cage totals,
    at least MIN_TEXT_POINTS, must fit its corner (measured with the default font's
    digits); other variants put no floor here."""
    if not is_killer(variant):
        return 0.0
    return MIN_TEXT_POINTS * (font_digit_top(default_font_paths()[0]) or 0.73) / CAGE_TOTAL_MAX
