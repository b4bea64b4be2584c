"""Kakuro patterns: the rules a printed one keeps beyond the board's own, and its images.

The board (core/board/shape.py) already holds every white square to an across and a down
run of 2 to 9 squares, each after a black square. A printed Kakuro's white squares are
also connected (one puzzle, not several). Its *interior* is the frame less the first row
and column (which are black: they hold the clues of the runs starting at the edge); the
moves that keep a Kakuro a Kakuro are the eight turns and mirrors of the interior, since
a run's image is again a run after a black square (its clue moves to the square before
the image), and a transposition swaps across and down.
"""

from __future__ import annotations

from ..board.pieces import piece_of
from ..board.shape import KAKURO_BLACK, KAKURO_ROWS, KAKURO_WHITE, Shape

# The eight turns and mirrors of an m x m interior, as (row, col) -> (row, col) maps.
MOVES = (
    lambda r, c, m: (r, c),
    lambda r, c, m: (c, r),                      # transposed: across and down swap
    lambda r, c, m: (m - 1 - r, m - 1 - c),      # half turn
    lambda r, c, m: (m - 1 - c, m - 1 - r),      # the other diagonal
    lambda r, c, m: (r, m - 1 - c),              # left-right mirror
    lambda r, c, m: (m - 1 - r, c),              # top-bottom mirror
    lambda r, c, m: (c, m - 1 - r),              # quarter turns
    lambda r, c, m: (m - 1 - c, r),
)
# The symmetry names of specs (core/board/shape.py SYMMETRIES) as interior moves.
SYMMETRY_MOVES = {"rotational": MOVES[2], "mirror": MOVES[4], "diagonal": MOVES[1]}


def pattern_problems(shape: Shape) -> list[str]:
    """What keeps a Kakuro board from being printed: white squares not all connected."""
    if not shape.cell_count:
        return ["a Kakuro needs white squares"]
    start = shape.positions[0]
    seen = piece_of(set(shape.positions), start)
    if len(seen) == shape.cell_count:
        return []
    apart = next(p for p in shape.positions if p not in seen)
    return [f"the white squares are not connected: r{start[0] + 1}c{start[1] + 1} and "
            f"r{apart[0] + 1}c{apart[1] + 1} are in different pieces"]


def pattern_text(white: list[list[bool]]) -> str:
    """The pattern of a frame given as rows of white (True) and black squares."""
    return KAKURO_ROWS.join("".join(KAKURO_WHITE if w else KAKURO_BLACK for w in row)
                            for row in white)


def interior_move(shape: Shape, move) -> dict[int, tuple[int, int]]:
    """Where each cell goes under a move of the interior: cell -> frame (row, col). Only
    for square frames (every move needs one)."""
    m = shape.frame[0] - 1
    return {cell: tuple(x + 1 for x in move(row - 1, col - 1, m))
            for cell, (row, col) in enumerate(shape.positions)}
