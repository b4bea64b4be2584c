"""A Binairo's (or a Tango's) repeat key: its least text under the moves that keep it one.

The square's eight turns and mirrors keep every rule (no three alike, half and half, lines
all different) and carry each sign with its two cells; swapping the two symbols keeps them
too, and leaves = and x as they are. So the key is the least text over the 16 images,
after the kind and size.
"""

from __future__ import annotations

from ..board.grid import Grid
from ..latin.moves import moved_values, square_moves
from .signs import TangoSigns, sorted_signs
from .text import format_givens, format_tango


def binairo_key(name: str, givens: Grid, signs: TangoSigns | None) -> str:
    """'NAME NxN:' and the least text of the puzzle's images."""
    n = givens.shape.size
    images = (_image(givens, signs, move, swap) for move in square_moves(n)
              for swap in (False, True))
    return f"{name} {n}x{n}:" + min(images)


def _image(givens: Grid, signs: TangoSigns | None, move: tuple[int, ...], swap: bool) -> str:
    values = moved_values(givens.cells, move)
    if swap:
        values = tuple(3 - v if v else 0 for v in values)
    moved = Grid(givens.shape, tuple(values))
    if signs is None:
        return format_givens(moved)
    return format_tango(moved, sorted_signs(signs.size, [(move[a], move[b], s)
                                                         for a, b, s in signs.signs]))
