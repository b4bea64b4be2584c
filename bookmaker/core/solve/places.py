"""The counts' second try: where the first search runs out of nodes, search once more
branching on whichever is fewest, a cell's candidates or a symbol's places in a unit.

A count's search can commit early to a dead state that its settle does not refute and
then spend its whole budget inside it (the heavy tail of sparse Hyper and Samurai
grids). A different branching rule walks a different tree; a unit's places are DLX's
column choice, which splits on "this window's 2 is here or there" where every cell
still has many candidates. Only a give-up is tried again, so every count that completes
at the first try keeps its answer and its nodes. The second try runs this Python on
both cores: it is reached so seldom that it has no C twin.
"""

from __future__ import annotations

from ..bits import bits_of
from ..board.shape import Shape
from .locked import locked_pairs
from .search import (
    Boards,
    Brancher,
    Search,
    Tables,
    cell_candidates,
    initial_boards,
    most_constrained_cell,
    search,
    singles_and_locked,
)

# The second try's budget at most: a Python node costs about 0.05 ms on a sparse Hyper
# or Samurai grid, so a second give-up adds about half a second on either core. The
# give-ups it decided needed 1,648 nodes at most; the one it did not (8 Hyper clues, no
# solution) it does not decide in 200,000 either, nor DLX in 2,000,000.
RETRY_MAX_NODES = 10_000


def fewest_places(shape: Tables) -> Brancher:
    """Branch on the places of the first unit's symbol with the fewest places, unless the
    MRV cell has fewer candidates. The places win ties: were it the cell, a tree where
    some cell always has two candidates would be the first try's again (the Samurai grid
    of tests/test_solver.py spent its second budget just so)."""
    pick, units = most_constrained_cell(shape), shape.unit_masks

    def branch(boards: Boards, placed: int) -> list:
        cell = pick(boards, placed)
        best = [(cell, d) for d in cell_candidates(boards, cell)]
        fewest, where = len(best) + 1, None  # +1: the places win ties
        for unit in units:
            if fewest <= 2:  # a unit's symbol has two places at least once singles settle
                break
            free = unit & ~placed
            for d, b in enumerate(boards):
                places = b & free
                if places and not b & unit & placed:
                    k = places.bit_count()
                    if k < fewest:
                        fewest, where = k, (places, d)
        if where is None:
            return best
        return [(c, where[1]) for c in bits_of(where[0])]
    return branch


def retry(shape: Shape, cells, limit: int, max_nodes: int, first: Search,
          avoid: tuple[int, int] | None = None) -> Search:
    """The answer to a count (or, with `avoid` = (cell, value), a search avoiding that
    value there) whose first try `first` gave up: the second try's if it completes, else
    a give-up; its nodes are both tries'."""
    start = initial_boards(shape, cells)
    if start is None:  # a clash is found before any node: the first try never gives up
        return first
    boards, placed = start
    if avoid is not None:
        cell, value = avoid
        boards[value - 1] &= ~(1 << cell)
    second = search(shape, boards, placed, limit=limit,
                    max_nodes=min(max_nodes, RETRY_MAX_NODES),
                    settle=singles_and_locked(locked_pairs(shape.unit_masks)),
                    branch=fewest_places(shape))
    if second.complete:
        return Search(second.count, second.solution, True, first.nodes + second.nodes)
    return Search(first.count, first.solution, False, first.nodes + second.nodes)
