"""A Hashi's repeat key: its least text under the eight turns and mirrors, which carry
islands, links and crossings along (on a rectangle a quarter turn swaps its height and
width: the same puzzle turned, as a Slitherlink's key has it)."""

from __future__ import annotations

from ..board.grid import Grid
from ..board.shape import hashi_of
from ..latin.moves import least_rectangle_key
from .text import format_givens


def hashi_key(name: str, givens: Grid) -> str:
    """'NAME HxW:' (the smaller side first) and the least text of the puzzle's images."""
    return least_rectangle_key(name, givens, hashi_of, format_givens)
