"""A board's engine: the one object that answers the hot calls of the solver, the generator
and the grader, in C or in Python, picked once per board by engines.engine().

Both engines answer every call alike (the same counts, first solutions, node counts,
boards, random draws, puzzles and grading steps): PureEngine runs the reference Python
(search.py, generate/removal.py, grade/), CompiledEngine its twin in csrc/. Callers ask
engines.engine(board) and never which one they got.

The calls, on a board (a Shape, or anything with its tables, as killer.Cages):
  propagate(boards, placed, scanned)            -> placed mask, -1 on a contradiction
  rounds_to_contradiction(boards, placed)       -> rounds, or None
  search(boards, placed, limit, max_nodes, keep_solution)   -> Search
  count(cells, limit, max_nodes, least_constraining)        -> Search
  solution_avoiding(cells, cell, value, max_nodes)          -> Search
  fill(boards, placed, rank, rng, max_nodes)    -> Search (rng drawn from)
  random_solution(rng, max_nodes, attempts)     -> a complete grid, or None
  remove_clues(solution, orbits, target_clues, max_nodes)   -> givens
  forced(clues, cell, max_nodes)                -> bool
  graded_removal(solution, orbits, target, rng, max_nodes)  -> (givens, grade, grade)
  grade(state, ladder, ceiling, max_steps)      -> Grading (or None, as grade_state_within)
  pencil_marks(cells)                           -> (values, cell_digits, digit_cells, open)

A Killer's Cages get a KillerEngine (the Killer solver's settle, rounds_to_contradiction
and search) in the same two kinds.
"""

from __future__ import annotations

from functools import cache, reduce
from operator import or_

from . import search
from .search import Search

# Compiled Killer tables kept for the last few Cages (by identity: a Cages is hashed by
# its whole layout), as a generator grades and searches each layout it tries in turn.
KILLER_BOARDS_KEPT = 8
# The generator, the grader and the Killer engine load when a call first needs them:
# `check` and `solve` of a classic puzzle use none of them (bench_startup.py).


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
        from ..generate import removal
        return removal.fill_search(self.board, boards, placed, rank, rng, max_nodes)

    def random_solution(self, rng, max_nodes: int, attempts: int):
        from ..generate import removal
        return removal.filled_in_python(self.board, rng, max_nodes, attempts)

    def remove_clues(self, solution, orbits, target_clues: int, max_nodes: int):
        from ..generate import removal
        return removal.blanked_givens(self.board, solution, orbits, target_clues, max_nodes)

    def forced(self, clues, cell: int, max_nodes: int) -> bool:
        return clues.forced_by_search(cell, max_nodes)

    def graded_removal(self, solution, orbits, target: str, rng, max_nodes: int):
        from ..generate import graded
        return graded.graded_removal_in_python(self.board, solution, orbits, target, rng,
                                               max_nodes)

    def grade(self, state, ladder, ceiling: str | None, max_steps: int | None):
        from ..grade import grader
        if ceiling is None:
            assert max_steps is not None  # grade_state gives one without a ceiling
            return grader.grade_in_python(state, ladder, max_steps)
        return grader.grade_within_in_python(state, ceiling, ladder)

    def solving_path(self, state, ladder, max_steps: int) -> list[tuple[str, int]]:
        from ..grade import grader
        from ..grade.candidates import solving_path_of
        return solving_path_of(grader.grade_in_python(state, ladder, max_steps).steps)

    def pencil_marks(self, cells) -> tuple:
        from ..grade.candidates import Candidates
        return Candidates.marks_in_python(self.board, cells)


class CompiledEngine:
    """The C twin: `native` is the compiled Board over the board's tables; `module` the
    compiled core, which makes the grader's tables the first time they are needed."""

    kind = "compiled"

    def __init__(self, board, module) -> None:
        self.board, self.module = board, module
        self.native = module.Board(board.size, board.unit_masks, board.peer_masks,
                                   board.cell_unit_masks)
        self._grader = None
        self._killers: dict = {}

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

    def random_solution(self, rng, max_nodes: int, attempts: int):
        solution, rng.state = self.native.random_solution(self.board.independent_blocks,
                                                          rng.state, max_nodes, attempts)
        return solution

    def remove_clues(self, solution, orbits, target_clues: int, max_nodes: int):
        return self.native.remove_clues(solution, orbits, target_clues, max_nodes)

    def forced(self, clues, cell: int, max_nodes: int) -> bool:
        return self.native.forced(clues.givens, clues.solution, cell, max_nodes)

    def graded_removal(self, solution, orbits, target: str, rng, max_nodes: int):
        from ..grade.grades import GRADES
        givens, first, final, rng.state = self.module.graded_removal(
            self.grader(), solution, orbits, *_graded_plan(target), rng.state, max_nodes)
        return givens, *(None if grade < 0 else GRADES[grade] for grade in (first, final))

    def grade(self, state, ladder, ceiling: str | None, max_steps: int | None):
        from ..grade import grader
        from ..killer import twins
        plan = twins.compiled_ladder(ladder, ceiling)
        if plan is None or type(state) not in twinned_states():
            # a technique, or a state (Calcudoku's), without a compiled twin: the reference
            return PureEngine(self.board).grade(state, ladder, ceiling, max_steps)
        killer = self.killer_of(state)
        found, settled_rank, stalled, *after = self.grader().grade(
            state.values, state.cell_digits, state.digit_cells, state.open_cells, *plan,
            ceiling is not None, max_steps or 0, killer, _unsettled(state))
        state.values, state.cell_digits, state.digit_cells = map(list, after[:3])
        state.open_cells = after[3]
        if killer is not None:
            state.unsettled = after[4]
        steps = [twins.worded(state, step) for step in found]
        if ceiling is None:
            return grader.grading_of(steps, state, ladder)
        if stalled and ceiling != grader.GRADES[-1]:
            return None
        return grader.grading_of(steps, state, ladder, settled_rank)

    def solving_path(self, state, ladder, max_steps: int) -> list[tuple[str, int]]:
        """grade()'s steps (no ceiling) as (technique, cells placed), not worded: the
        words are half a grading's time, and a solving time needs none."""
        from ..killer import twins
        plan = twins.compiled_ladder(ladder, None)
        if plan is None or type(state) not in twinned_states():
            return PureEngine(self.board).solving_path(state, ladder, max_steps)
        found, *_ = self.grader().grade(
            state.values, state.cell_digits, state.digit_cells, state.open_cells, *plan,
            False, max_steps, self.killer_of(state), _unsettled(state))
        names = twins.technique_names(ladder)
        return [(names[number], len(placements)) for number, placements, *_ in found]

    def pencil_marks(self, cells) -> tuple:
        values, cell_digits, digit_cells, open_cells, _ = self.grader().from_givens(cells, None)
        return list(values), list(cell_digits), digit_cells, open_cells

    def find(self, technique, state):
        """The step one technique (its find function) finds in the state, found by its
        compiled twin (None if none); the state is left as it is."""
        from ..killer import twins
        found = self.grader().find(twins.number_of(technique), state.values, state.cell_digits,
                                   state.digit_cells, state.open_cells, self.killer_of(state),
                                   _unsettled(state))
        return None if found is None else twins.worded(state, found)

    def grader(self):
        """The compiled grader's tables of the board, made once."""
        if self._grader is None:
            from ..board.groups import unit_groups
            from ..grade.techniques import geometry
            shape, geo = self.board, geometry(self.board)
            grids = tuple((grid.line_masks["row"], grid.line_masks["column"],
                           grid.line_index["row"], grid.line_index["column"])
                          for grid in geo.fish_grids)
            groups = [masks for _, masks in unit_groups(shape)]
            self._grader = self.module.Grader(
                self.native, shape.unit_masks, shape.units_of, geo.units_blocks_first,
                [u for a, b, _ in geo.block_intersections for u in (a, b)],
                [u for a, b, _ in geo.line_intersections for u in (a, b)], grids,
                [row for row, _ in shape.positions], [col for _, col in shape.positions],
                *shape.frame, [len(masks) for masks in groups],
                [reduce(or_, masks) for masks in groups])
        return self._grader

    def killer_of(self, state):
        """The compiled tables of a Killer state's cages; None for any other state."""
        return self.killer_board(state.cages) if _is_killer(state) else None

    def killer_board(self, cages):
        """The compiled tables of a Killer's cages on this board (the last few kept)."""
        found = self._killers.get(id(cages))
        if found is None or found[0] is not cages:
            if len(self._killers) >= KILLER_BOARDS_KEPT:
                del self._killers[next(iter(self._killers))]
            native = self.module.KillerBoard(
                self.grader(), [c.cells for c in cages.cages], [c.total for c in cages.cages],
                cages.combos)
            found = self._killers[id(cages)] = (cages, native)
        return found[1]


@cache
def _graded_plan(target: str) -> tuple:
    """How the classic grader runs up to the target, for the compiled graded_removal:
    (technique numbers, their ranks, bulk numbers, bulk ranks, each rank's grade, the
    grade of a stall, the target's grade, whether clues are added back)."""
    from ..grade.grader import CLASSIC, GRADES, techniques_within
    from ..killer import twins
    plan = twins.compiled_ladder(CLASSIC, target)
    assert plan is not None  # every classic technique has its twin
    numbers, bulks, bulk_ranks = plan
    ranks = [CLASSIC.rank[tech.name] for tech in techniques_within(target, CLASSIC)]
    grades = [GRADES.index(tech.grade) for tech in CLASSIC.techniques]
    return (numbers, ranks, bulks, bulk_ranks, grades, len(GRADES) - 1, GRADES.index(target),
            GRADES.index(target) >= GRADES.index("hard"))


def _unsettled(state) -> int:
    """A Killer state's cells not yet settled by its cages in bulk; 0 for other states."""
    return state.unsettled if _is_killer(state) else 0


def twinned_states() -> tuple[type, ...]:
    """The states the compiled grader knows: a classic board's and a Killer's."""
    from ..grade.candidates import Candidates
    from ..killer.techniques import KillerCandidates
    return (Candidates, KillerCandidates)


def _is_killer(state) -> bool:
    from ..killer.techniques import KillerCandidates
    return isinstance(state, KillerCandidates)


class PureKillerEngine:
    """A Killer's Cages in the reference Python (killer/solver.py)."""

    kind = "pure"

    def __init__(self, cages) -> None:
        self.board = cages

    def settle(self, boards, placed: int, scanned) -> int:
        from ..killer import solver as killer_solver
        return killer_solver.settle_in_python(self.board, boards, placed, scanned)

    def rounds_to_contradiction(self, boards, placed: int, scanned) -> int | None:
        from ..killer import solver as killer_solver
        return killer_solver.rounds_in_python(self.board, boards, placed, scanned)

    def search(self, boards, placed: int, limit: int, max_nodes: int, prefer) -> Search:
        from ..killer import solver as killer_solver
        return killer_solver.search_in_python(self.board, boards, placed, limit, max_nodes,
                                              prefer)


class CompiledKillerEngine:
    """A Killer's Cages on the compiled core: its shape's engine's KillerBoard."""

    kind = "compiled"

    def __init__(self, cages, native) -> None:
        self.board, self.native = cages, native

    def settle(self, boards, placed: int, scanned) -> int:
        return self.native.settle(boards, placed, scanned)

    def rounds_to_contradiction(self, boards, placed: int, scanned) -> int | None:
        return self.native.rounds_to_contradiction(boards, placed, scanned)

    def search(self, boards, placed: int, limit: int, max_nodes: int, prefer) -> Search:
        return Search(*self.native.search(boards, placed, limit, max_nodes, prefer))
