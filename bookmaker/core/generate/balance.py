"""Clues balanced between the grids of a board made of several (a Samurai's five).

A Samurai whose centre grid is nearly empty while a corner grid is crowded reads as one
hard grid and four easy ones. So every grid's given count (a shared cell counts in both
its grids) must lie within BALANCE_MARGIN of the mean over the grids. Left alone, removal
by uniqueness thins the centre grid most (its cells are pinned by four other grids: 12 to
18 givens against 19 to 25 in the corners, 23-38% off the mean in 8 of 8 puzzles), so
the generator refuses any removal that would take the grids further apart than
REMOVAL_MARGIN, a little inside the promise, before spending a search on it.
"""

from __future__ import annotations

from collections.abc import Callable

from ..board.shape import Shape

BALANCE_MARGIN = 0.2   # the promise: each grid within 20% of the mean
REMOVAL_MARGIN = 0.15  # what removal keeps to, so that the promise holds with room


def grid_counts(shape: Shape, cells) -> list[int]:
    """The number of givens in each grid of the board, in Shape.grids order."""
    return [sum(1 for c in grid if cells[c]) for _, grid in shape.grids]


def is_balanced(shape: Shape, cells, margin: float = BALANCE_MARGIN) -> bool:
    """Whether every grid's given count lies within margin of the mean count."""
    counts = grid_counts(shape, cells)
    mean = sum(counts) / len(counts)
    return all(abs(count - mean) <= margin * mean for count in counts)


def removal_rule(shape: Shape) -> Callable[[list[int]], bool] | None:
    """What a removal must keep on this board (None: anything goes, one grid only)."""
    if len(shape.grids) == 1:
        return None
    return lambda cells: is_balanced(shape, cells, REMOVAL_MARGIN)
