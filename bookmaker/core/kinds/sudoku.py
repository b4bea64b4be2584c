"""The board a puzzle of a variant is made on: one function the pipelines call per job.

X, Hyper and Samurai boards depend on the box alone; a Jigsaw board's regions are drawn
from the puzzle's seed (core/board/jigsaw.py), so two jigsaw puzzles rarely share a layout.
A job is described by the classic board of its size and box (a *frame*) and a variant
name; `variant_board` turns the two and the seed into the board itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board.jigsaw import MIN_SIZE, jigsaw_layout
from ..board.shape import (
    MAX_SIZE,
    VARIANTS,
    Shape,
    board_of,
    jigsaw_of,
    parse_box,
    parse_size,
    shape_for_size,
)
from ..killer.text import KILLER_VARIANTS

SAMURAI_BOX = (3, 3)
# What a puzzle can be: a board variant, or a Killer (cages on a classic or an X board).
PUZZLE_VARIANTS = VARIANTS + tuple(KILLER_VARIANTS)


def variant_board(variant: str, frame: Shape, seed: int) -> Shape:
    """The board of a `variant` puzzle on `frame` (the classic board of its size and box;
    a jigsaw uses only the size) made from `seed`; ValueError for a variant the frame
    cannot carry (Hyper needs square boxes, Samurai 3x3 ones)."""
    if variant == "jigsaw":
        return jigsaw_layout(frame.size, seed)
    return board_of(frame.box_rows, frame.box_cols, variant)


def frame_for(variant: str, size: int, box: tuple[int, int] | None = None) -> Shape:
    """The frame of a variant's size (and box): the classic board it is made on; for a
    jigsaw of a size that has no box (a prime: 5x5, 7x7, 11x11), a stand-in jigsaw whose
    regions are its rows, which carries the size and nothing else. ValueError says what
    is wrong (an unknown variant, a size or box the variant does not take)."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; expected one of: {', '.join(VARIANTS)}")
    if variant == "jigsaw":
        return _jigsaw_frame(size, box)
    if variant == "samurai" and (size, box or SAMURAI_BOX) != (9, SAMURAI_BOX):
        raise ValueError("a Samurai is made of 9x9 grids with 3x3 boxes")
    frame = shape_for_size(size) if box is None else board_of(*box)
    board_of(frame.box_rows, frame.box_cols, variant)  # refuses what the variant cannot be
    return frame


def _jigsaw_frame(size: int, box: tuple[int, int] | None) -> Shape:
    if box is not None:
        raise ValueError("a jigsaw has regions, not boxes: give its size alone")
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"a jigsaw is {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}, "
                         f"got {size}x{size}")
    try:
        return shape_for_size(size)
    except ValueError:
        return jigsaw_of(cell // size for cell in range(size * size))


def parse_frame(variant: str, size_text: str, box_text: str | None = None) -> Shape:
    """frame_for a size and box written as people write them ('9x9', '3x2');
    ValueError says what is wrong."""
    size = parse_size(size_text)
    box = None if box_text is None else parse_box(box_text, size)
    return frame_for(variant, size, box)


@dataclass(frozen=True)
class BoardDescription:
    """What a variant's boards on a frame have in common: a name, a cell count."""

    name: str
    cell_count: int

    def __str__(self) -> str:  # messages name it as they name a Shape
        return self.name


def board_described(variant: str, frame: Shape) -> BoardDescription:
    """The name ('9x9 X', '7x7 Jigsaw', 'Samurai') and cell count of the variant's
    boards on the frame, without drawing a jigsaw layout."""
    if variant == "jigsaw":
        return BoardDescription(f"{frame.size}x{frame.size} Jigsaw", frame.cell_count)
    board = variant_board(variant, frame, 0)
    return BoardDescription(str(board), board.cell_count)
