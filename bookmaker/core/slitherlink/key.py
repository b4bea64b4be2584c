"""A Slitherlink's repeat key: its least line under the eight turns and mirrors that keep
it one (on a rectangle a quarter turn swaps its height and width: the same puzzle turned).
A loop turned or mirrored is a loop, and each clue counts the same sides."""

from __future__ import annotations

from ..board.grid import Grid
from ..board.shape import slitherlink_of
from ..latin.moves import least_rectangle_key
from .text import format_givens


def slitherlink_key(name: str, givens: Grid) -> str:
    """'NAME HxW:' (the smaller side first) and the least line of the puzzle's images."""
    return least_rectangle_key(name, givens, slitherlink_of, format_givens)
