"""Puzzle variants as specs name them: which sizes each takes, and what its grids need.

A section (or a daily weekday) says `variant:`; its size and box still describe the
board's frame (the classic board of that size), and the variant what is made on it.
"""

from __future__ import annotations

from ..core.shape import MAX_SIZE
from .fontfile import default_font_paths
from .values import MIN_TEXT_POINTS, font_digit_top

VARIANT_CHOICES = ("classic", "x", "hyper", "jigsaw", "samurai", "killer", "killer-x")
KILLER_SIZES = (4, 6, 8, 9, 12)  # the sizes core/killergen.py makes
JIGSAW_MIN_SIZE = 4
SAMURAI_FRAME = 21  # a Samurai's five 9x9 grids print in a 21 x 21 cell square
# A cage total is at least 7 pt (MIN_TEXT_POINTS) and at most this share of its cell
# tall, so that it stays clear of the cell's digit: a Killer's cells are at least
# 7 pt * digit height / CAGE_TOTAL_MAX. The renderer (render/pdf.py) uses the same rule.
CAGE_TOTAL_HEIGHT = 0.19  # a cage total's digits, as a share of the cell, where room allows
CAGE_TOTAL_MAX = 0.23


def is_killer(variant: str) -> bool:
    return variant in ("killer", "killer-x")


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
