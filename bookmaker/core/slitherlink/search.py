"""The first proof of a Slitherlink: the grader's techniques decide what they can (at
each node of the search all short of trial), then a search over edges, each tried as a
line, then as a cross, counts the loops up to a limit."""

from __future__ import annotations

from collections.abc import Iterable

from ..rng import Rng
from ..solve.search import Search
from .frame import Frame
from .grade import deduce
from .solver import CROSS, LINE, UNKNOWN, Board, branch_edge, clues_of, settle

SOLVER_MAX_NODES = 200_000
ROOT, NODE = "expert", "hard"  # the techniques deduced before the search, and at each node


def slitherlink_solutions(frame: Frame, cells: Iterable[int], limit: int = 2,
                          max_nodes: int = SOLVER_MAX_NODES, rng: Rng | None = None) -> Search:
    """Count the loops the givens (clue + 1 a cell, 0 none) allow, up to `limit`."""
    walk = _Walk(limit, max_nodes, rng)
    board = Board(frame, clues_of(cells))
    if deduce(board, ROOT):
        walk.visit(board)
    return Search(len(walk.found), walk.found[0] if walk.found else None,
                  not walk.out_of_nodes, walk.nodes)


class _Walk:
    def __init__(self, limit: int, max_nodes: int, rng: Rng | None) -> None:
        self.limit, self.max_nodes, self.rng = limit, max_nodes, rng
        self.found: list[tuple[int, ...]] = []
        self.nodes, self.out_of_nodes = 0, False

    def visit(self, board: Board) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            self.out_of_nodes = True
            return
        if UNKNOWN not in board.edges:
            if board.closed:
                self.found.append(board.cells())
            return
        edge = branch_edge(board)
        order = [LINE, CROSS]
        if self.rng is not None and self.rng.below(2):
            order.reverse()
        for value in order:
            trial = board.copy()
            if settle(trial, [(edge, value)]) and deduce(trial, NODE):
                self.visit(trial)
            if len(self.found) >= self.limit or self.out_of_nodes:
                return


