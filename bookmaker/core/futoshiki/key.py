"""A Futoshiki's repeat key: its least text under the moves that keep a Futoshiki one.

The square's eight turns and mirrors carry each sign with its two cells (a sign between
two neighbours stays between the same two, now perhaps one above the other). Of the
relabellings of values, only reversal keeps the signs true: every v to n+1-v turns every
sign round. No other relabelling does in general (a sign 2 < 3 becomes whatever the new
labels say), nor does any shuffle of rows or columns (neighbours would part). So the key
is the least text over the 16 images, after the size.
"""

from __future__ import annotations

from ..board.grid import Grid
from ..latin.moves import moved_values, square_moves
from .signs import Signs, sorted_signs
from .text import format_futoshiki


def futoshiki_key(givens: Grid, signs: Signs) -> str:
    """'futoshiki NxN:' and the least text of the puzzle's images."""
    n = signs.size
    images = (_image(givens, signs, move, reverse) for move in square_moves(n)
              for reverse in (False, True))
    return f"futoshiki {n}x{n}:" + min(format_futoshiki(*image) for image in images)


def _image(givens: Grid, signs: Signs, move: tuple[int, ...],
           reverse: bool) -> tuple[Grid, Signs]:
    n = signs.size
    values = moved_values(givens.cells, move)
    pairs = [(move[smaller], move[larger]) for smaller, larger in signs.pairs]
    if reverse:
        values = tuple(n + 1 - v if v else 0 for v in values)
        pairs = [(larger, smaller) for smaller, larger in pairs]
    return Grid(givens.shape, values), sorted_signs(n, pairs)
