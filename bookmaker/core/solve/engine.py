"""A board's engine: the one object that answers the solver's hot calls, in C or in
Python, picked once per board by engines.engine().

Both engines answer every call alike (the same counts, first solutions and node counts):
PureEngine runs the reference Python (search.py), CompiledEngine its twin in csrc/.
Callers ask engines.engine(board) and never which one they got. The layers above keep
what they make once per board beside it (`kept`: the grader's compiled tables, a
Killer's), and run their own calls on its `native` board (None on the pure core): the
generator's fill and removal (generate/removal.py), the grader (grade/grader.py), a
Killer's engine (killer/engine.py).

The calls, on a board (a Shape, or anything with its tables):
  propagate(boards, placed, scanned)            -> placed mask, -1 on a contradiction
  rounds_to_contradiction(boards, placed)       -> rounds, or None
  search(boards, placed, limit, max_nodes, keep_solution)   -> Search
  count(cells, limit, max_nodes, least_constraining)        -> Search
  solution_avoiding(cells, cell, value, max_nodes)          -> Search
  forced(clues, cell, max_nodes)                -> bool
"""

from __future__ import annotations

from . import search
from .search import Search


class PureEngine:
    """The reference: every call runs the Python of its module."""

    kind = "pure"
    native = None  # no compiled board

    def __init__(self, board) -> None:
        self.board = board
        self.kept: dict = {}  # what the layers above make once per board

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

    def forced(self, clues, cell: int, max_nodes: int) -> bool:
        return clues.forced_by_search(cell, max_nodes)


class CompiledEngine:
    """The C twin: `native` is the compiled Board over the board's tables; `module` the
    compiled core."""

    kind = "compiled"

    def __init__(self, board, module) -> None:
        self.board, self.module = board, module
        self.native = module.Board(board.size, board.unit_masks, board.peer_masks,
                                   board.cell_unit_masks)
        self.kept: dict = {}  # what the layers above make once per board

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

    def forced(self, clues, cell: int, max_nodes: int) -> bool:
        return self.native.forced(clues.givens, clues.solution, cell, max_nodes)
