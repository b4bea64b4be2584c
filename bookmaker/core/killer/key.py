"""A Killer's repeat key: its least text under the moves that keep a Killer a Killer.

A classic puzzle's group (board/transform.py) reorders rows within bands and relabels digits.
Neither keeps a Killer: swapping two rows tears cages apart (a cage must stay connected),
and relabelling changes what cages add up to. What is left is the board's own symmetry:
turns and mirrors that map boxes to boxes (all eight of the square on square boxes and X
boards, the half turn and the two mirrors on oblong boxes), and one relabelling that
totals follow: every value v to n+1-v, every total t of a k-cell cage to k*(n+1)-t. The
key is the least killertext line over those (up to 16) images, after the board: two
Killers share it exactly when one is such an image of the other.
"""

from __future__ import annotations

from ..board.grid import Grid
from ..board.shape import Shape
from .cages import Cage, Cages
from .text import format_killer


def killer_key(givens: Grid, cages: Cages) -> str:
    """'killer BOARD:' and the least text of the Killer's images."""
    images = [_image(givens, cages, move, complement)
              for move in _moves(givens.shape) for complement in (False, True)]
    return f"killer {_board_text(givens.shape)}:" + min(format_killer(*image)
                                                        for image in images)


def _board_text(shape: Shape) -> str:
    """A Killer's board in its key: the box as written ('3x2' and '2x3' differ, since no
    move of a Killer turns one into the other), after 'x' on a Killer X."""
    return shape.box_text if shape.is_classic else f"{shape.geometry} {shape.box_text}"


def _moves(shape: Shape) -> list[list[int]]:
    """The board's symmetries as cell maps (image cell -> source cell)."""
    n = shape.size
    flips = [lambda r, c: (r, c), lambda r, c: (n - 1 - r, n - 1 - c),
             lambda r, c: (r, n - 1 - c), lambda r, c: (n - 1 - r, c)]
    if shape.box_rows == shape.box_cols:  # quarter turns and the diagonal mirrors too
        flips += [lambda r, c: (c, r), lambda r, c: (n - 1 - c, n - 1 - r),
                  lambda r, c: (c, n - 1 - r), lambda r, c: (n - 1 - c, r)]
    return [[_cell(n, *flip(*divmod(cell, n))) for cell in range(n * n)] for flip in flips]


def _cell(n: int, row: int, col: int) -> int:
    return row * n + col


def _image(givens: Grid, cages: Cages, move: list[int],
           complement: bool) -> tuple[Grid, Cages]:
    n = givens.shape.size
    where = {source: image for image, source in enumerate(move)}
    values = [givens.cells[source] for source in move]
    totals = [cage.total for cage in cages.cages]
    if complement:
        values = [n + 1 - v if v else 0 for v in values]
        totals = [len(cage.cells) * (n + 1) - cage.total for cage in cages.cages]
    moved = tuple(Cage(tuple(sorted(where[c] for c in cage.cells)), total)
                  for cage, total in zip(cages.cages, totals))
    return Grid(givens.shape, tuple(values)), Cages(givens.shape, moved)
