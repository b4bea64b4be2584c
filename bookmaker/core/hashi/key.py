"""A Hashi's repeat key: its least text under the square's eight turns and mirrors, which
carry islands, links and crossings along."""

from __future__ import annotations

from ..board.grid import Grid
from ..latin.moves import moved_values, square_moves
from .text import format_givens


def hashi_key(name: str, givens: Grid) -> str:
    """'NAME NxN:' and the least text of the puzzle's images."""
    n = givens.shape.size
    images = (Grid(givens.shape, moved_values(givens.cells, move)) for move in square_moves(n))
    return f"{name} {n}x{n}:" + min(map(format_givens, images))
