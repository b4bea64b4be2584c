"""A Hashi's repeat key: its least text under the eight turns and mirrors, which carry
islands, links and crossings along (on a rectangle a quarter turn swaps its height and
width: the same puzzle turned, as a Slitherlink's key has it)."""

from __future__ import annotations

from ..board.grid import Grid
from ..board.shape import hashi_of
from ..latin.moves import rectangle_images
from .text import format_givens


def hashi_key(name: str, givens: Grid) -> str:
    """'NAME HxW:' (the smaller side first) and the least text of the puzzle's images."""
    images = map(_text, rectangle_images(givens.cells, *givens.shape.frame))
    low, high = sorted(givens.shape.frame)
    return f"{name} {low}x{high}:" + min(images)


def _text(rows: list) -> str:
    shape = hashi_of(len(rows), len(rows[0]))
    return format_givens(Grid(shape, tuple(v for row in rows for v in row)))
