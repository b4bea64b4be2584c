"""A board's engine: the one object that answers the hot calls of the solver, the generator
and the grader, in C or in Python, picked once per board by compiled.engine().

Both engines answer every call alike (the same counts, first solutions, node counts,
boards, random draws, puzzles and grading steps): PureEngine runs the reference Python
(search.py, generate/removal.py, grade/), CompiledEngine its twin in csrc/. Callers ask
compiled.engine(board) and never which one they got.

The calls, on a board (a Shape, or anything with its tables, as killer.Cages):
  propagate(boards, placed, scanned)            -> placed mask, -1 on a contradiction
  rounds_to_contradiction(boards, placed)       -> rounds, or None
  search(boards, placed, limit, max_nodes, keep_solution)   -> Search
  count(cells, limit, max_nodes, least_constraining)        -> Search
  solution_avoiding(cells, cell, value, max_nodes)          -> Search
  fill(boards, placed, rank, rng, max_nodes)    -> Search (rng drawn from)
  remove_clues(solution, orbits, target_clues, max_nodes)   -> givens
  forced(clues, cell, max_nodes)                -> bool
"""

from __future__ import annotations

from ..generate import removal
from . import search
from .search import Search


class PureEngine:
    """The reference: every call runs the Python of its module."""

    kind = "pure"

    def __init__(self, board) -> None:
        self.board = board

    def propagate(self, boards, placed: int, scanned) -> int:
        return search.singles(self.board, boards, placed, scanned)

    def rounds_to_contradiction(self, boards, placed: int) -> int | None:
        return search.singles_rounds(self.board, boards, placed)

    def search(self, boards, placed: int, limit: int, max_nodes: int,
               keep_solution: bool) -> Search:
        return search.search(self.board, boards, placed, limit, max_nodes,
                             keep_solution=keep_solution)

    def count(self, cells, limit: int, max_nodes: int, least_constraining: bool) -> Search:
        return search.count_from_clues(self.board, cells, limit, max_nodes, least_constraining)

    def solution_avoiding(self, cells, cell: int, value: int, max_nodes: int) -> Search:
        return search.avoiding_from_clues(self.board, cells, cell, value, max_nodes)

    def fill(self, boards, placed: int, rank, rng, max_nodes: int) -> Search:
        return removal.fill_search(self.board, boards, placed, rank, rng, max_nodes)

    def remove_clues(self, solution, orbits, target_clues: int, max_nodes: int):
        return removal.blanked_givens(self.board, solution, orbits, target_clues, max_nodes)

    def forced(self, clues, cell: int, max_nodes: int) -> bool:
        return clues.forced_by_search(cell, max_nodes)


class CompiledEngine:
    """The C twin: `native` is the compiled Board over the board's tables."""

    kind = "compiled"

    def __init__(self, board, native) -> None:
        self.board, self.native = board, native

    def propagate(self, boards, placed: int, scanned) -> int:
        return self.native.propagate(boards, placed, scanned)

    def rounds_to_contradiction(self, boards, placed: int) -> int | None:
        return self.native.rounds_to_contradiction(boards, placed)

    def search(self, boards, placed: int, limit: int, max_nodes: int,
               keep_solution: bool) -> Search:
        return Search(*self.native.search(boards, placed, limit, max_nodes, keep_solution))

    def count(self, cells, limit: int, max_nodes: int, least_constraining: bool) -> Search:
        return Search(*self.native.count(cells, limit, max_nodes, least_constraining, True,
                                         -1, 0))

    def solution_avoiding(self, cells, cell: int, value: int, max_nodes: int) -> Search:
        return Search(*self.native.count(cells, 1, max_nodes, False, True, cell, value))

    def fill(self, boards, placed: int, rank, rng, max_nodes: int) -> Search:
        *found, rng.state = self.native.fill(boards, placed, rank, rng.state, max_nodes)
        return Search(*found)

    def remove_clues(self, solution, orbits, target_clues: int, max_nodes: int):
        return self.native.remove_clues(solution, orbits, target_clues, max_nodes)

    def forced(self, clues, cell: int, max_nodes: int) -> bool:
        return self.native.forced(clues.givens, clues.solution, cell, max_nodes)
