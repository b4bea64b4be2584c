"""A Kakuro's repeat key: its least text under the moves that keep a Kakuro a Kakuro.

The moves are the turns and mirrors of the interior (the frame less its first row and
column: board.py), all eight on a square frame, the half turn and the two mirrors on an
oblong one. Each maps runs to runs (a transposition swaps across and down; a mirror
reverses a run, whose clue moves to the square before its new first cell), so the image
of a Kakuro is a Kakuro with the same totals on the image runs. One relabelling keeps
totals in step too: every digit d to 10-d, every total t of a k-square run to 10k-t.
The key is the least text (text.py) over those (up to 16) images, after the frame: two
Kakuros share it exactly when one is such an image of the other.
"""

from __future__ import annotations

from ..board.grid import Grid
from ..board.shape import kakuro_of
from .board import MOVES, pattern_text
from .clues import Clues
from .text import format_kakuro


def kakuro_key(givens: Grid, clues: Clues) -> str:
    """'kakuro ROWSxCOLS:' and the least text of the Kakuro's images."""
    rows, cols = givens.shape.frame
    images = [_image(givens, clues, move, complement)
              for move in _moves(rows, cols) for complement in (False, True)]
    return f"kakuro {rows}x{cols}:" + min(format_kakuro(*image) for image in images)


def _moves(rows: int, cols: int):
    """The interior moves that keep the frame's shape: all eight on a square frame."""
    return MOVES if rows == cols else (MOVES[0], MOVES[2], MOVES[4], MOVES[5])


def _image(givens: Grid, clues: Clues, move, complement: bool) -> tuple[Grid, Clues]:
    shape = givens.shape
    rows, cols = shape.frame
    where = {cell: _moved(row, col, rows, cols, move) for cell, (row, col)
             in enumerate(shape.positions)}
    white = [[False] * cols for _ in range(rows)]
    for row, col in where.values():
        white[row][col] = True
    image = kakuro_of(pattern_text(white))
    cell_at = {position: cell for cell, position in enumerate(image.positions)}
    moved = {cell: cell_at[position] for cell, position in where.items()}
    values = [0] * image.cell_count
    for cell, value in enumerate(givens.cells):
        values[moved[cell]] = 10 - value if complement and value else value
    total_of = {frozenset(moved[c] for c in unit.cells): total
                for unit, total in zip(shape.units, clues.totals)}
    totals = []
    for unit in image.units:
        total = total_of[frozenset(unit.cells)]
        totals.append(10 * len(unit.cells) - total if complement else total)
    return Grid(image, tuple(values)), Clues(image, tuple(totals))


def _moved(row: int, col: int, rows: int, cols: int, move) -> tuple[int, int]:
    """Where a frame square of the interior goes under a move (frame coordinates)."""
    if rows == cols:
        r, c = move(row - 1, col - 1, rows - 1)
    else:  # the half turn and the mirrors: each side mirrored within its own length
        r = move(row - 1, col - 1, rows - 1)[0]
        c = move(row - 1, col - 1, cols - 1)[1]
    return r + 1, c + 1
