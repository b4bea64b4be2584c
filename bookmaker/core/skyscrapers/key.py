"""A Skyscrapers puzzle's repeat key: its least text under the moves that keep it one.

The square's eight turns and mirrors carry each clue with its line: a clue above a
column, seen looking down it, lands beside the image of that line, at the end the view
starts from (a quarter turn takes the top clues to the right side). No relabelling of
heights keeps the clues true, reversal (v to n+1-v) included: what is seen depends on the
heights' order, which reversal turns round. Nor does a shuffle of rows or columns (it
changes what each line's view passes). So the key is the least text over the 8 images.
"""

from __future__ import annotations

from ..board.grid import Grid
from ..latin.moves import moved_values, square_moves
from .clues import SIDES, EdgeClues
from .text import format_skyscrapers


def skyscrapers_key(givens: Grid, clues: EdgeClues) -> str:
    """'skyscrapers NxN:' and the least text of the puzzle's images."""
    n = clues.size
    return f"skyscrapers {n}x{n}:" + min(format_skyscrapers(*_image(givens, clues, move))
                                         for move in square_moves(n))


def _image(givens: Grid, clues: EdgeClues, move: tuple[int, ...]) -> tuple[Grid, EdgeClues]:
    n = clues.size
    sides = {name: [0] * n for name in SIDES}
    for name in SIDES:
        for index, clue in enumerate(clues.side(name)):
            if clue:
                view = [move[cell] for cell in _view(n, name, index)[:2]]
                side, at = _side_of(n, *view)
                sides[side][at] = clue
    return (Grid(givens.shape, moved_values(givens.cells, move)),
            EdgeClues(n, *(tuple(sides[name]) for name in SIDES)))


def _view(n: int, side: str, index: int) -> list[int]:
    """The cells a clue looks along, nearest first."""
    if side == "top":
        return [r * n + index for r in range(n)]
    if side == "bottom":
        return [r * n + index for r in reversed(range(n))]
    if side == "left":
        return [index * n + c for c in range(n)]
    return [index * n + c for c in reversed(range(n))]


def _side_of(n: int, first: int, second: int) -> tuple[str, int]:
    """The side and index of the clue whose view starts at `first`, then `second`."""
    row, col = divmod(first, n)
    step = second - first
    if step == n:
        return "top", col
    if step == -n:
        return "bottom", col
    return ("left", row) if step == 1 else ("right", row)
