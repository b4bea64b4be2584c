"""The solver's calls: count a grid's solutions, search, propagate singles, count rounds to
a contradiction, each answered by the board's engine (engines.py): the C twin
(csrc/solver.c) when the compiled core runs, else the reference Python (search.py), which
makes the same decisions."""

from __future__ import annotations

from ..board.grid import Grid
from ..board.shape import Shape
from ..compiled.budget import DEFAULT_MAX_NODES
from . import engines, places
from .search import Boards, Search, Tables


def propagate(shape: Tables, boards: Boards, placed: int, scanned: Boards | None = None) -> int:
    """Apply naked and hidden singles until none is left; returns the new placed mask,
    or -1 on a contradiction. Changes boards in place.

    `scanned` is the boards as they were at the last hidden-single scan that found
    nothing (a parent node's fixed point): only units where a symbol lost candidates
    since then can hold a new hidden single, so only those are looked at again."""
    return engines.engine(shape).propagate(boards, placed, scanned)


def rounds_to_contradiction(shape: Tables, boards: Boards, placed: int) -> int | None:
    """How many rounds of singles (every naked single at once, else every hidden single
    at once) it takes to reach a contradiction; None if they stop without one. Changes
    boards in place. The length of a forcing chain, for grading."""
    return engines.engine(shape).rounds_to_contradiction(boards, placed)


def plain_search(shape: Shape, boards: Boards, placed: int, limit: int = 2,
                 max_nodes: int = DEFAULT_MAX_NODES, keep_solution: bool = True) -> Search:
    """search() with its default cell pick, value order and settling, on the board's
    engine."""
    return engines.engine(shape).search(boards, placed, limit, max_nodes, keep_solution)


def count_solutions(grid: Grid, limit: int = 2, max_nodes: int = DEFAULT_MAX_NODES,
                    least_constraining: bool = False) -> Search:
    """Count the grid's solutions up to limit (2 answers 'is it unique?'), settling each
    node with singles and locked candidates (search.singles_and_locked); where that runs
    out of nodes, once more branching on a unit's places as well (places.retry)."""
    first = engines.engine(grid.shape).count(grid.cells, limit, max_nodes, least_constraining)
    if first.complete:
        return first
    return places.retry(grid.shape, grid.cells, limit, max_nodes, first)


def solution_avoiding(shape: Shape, cells, cell: int, value: int,
                      max_nodes: int = DEFAULT_MAX_NODES) -> Search:
    """Search for a solution of the clues `cells` with `value` forbidden at `cell`: the
    forbidden-value check. If the clues have one solution S, no solution avoiding S[cell]
    proves that a blank at `cell` keeps the puzzle unique — one search, not a full count.
    A give-up is tried once more as count_solutions does."""
    first = engines.engine(shape).solution_avoiding(cells, cell, value, max_nodes)
    if first.complete:
        return first
    return places.retry(shape, cells, 1, max_nodes, first, (cell, value))
