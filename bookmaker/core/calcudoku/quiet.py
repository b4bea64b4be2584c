"""Grading a Calcudoku as generation asks it: grade_state_within() in one compiled call
(csrc/calcloop.c) with its steps unworded but the crux's; the Python's decisions.

Generation grades hundreds of drafts and keeps only each grading's grade, score and
hardest technique, and the cells of its crux (the last step of its hardest technique,
where generate.near_crux() looks for a change). So the compiled loop runs the ladder up
to the ceiling, the bulk techniques, the classic ones and the cage ones, and hands back
each step's technique and length, and the state the crux was found in, which the Python
words again (a generator's climb takes the crux's cells alone: crux.py). Techniques it
lacks (the forcing chains with the cages, the last of the ladder) are tried in Python
where it stalls, and it goes on from there. On the pure core, or for a ladder it cannot
run, this is grade_state_within() itself.
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from typing import Any

from .. import compiled
from ..bits import bits_of
from ..board.shape import Shape
from ..grade.candidates import Step
from ..grade.grader import (
    GRADES,
    Grading,
    Ladder,
    grade_state_within,
    grading_of,
    next_step,
    techniques_within,
)
from ..grade.tables import grader_tables
from ..latin.twinned import Twinned
from . import techniques as c
from .cages import CalcCages
from .grade import CALCUDOKU_LADDER

# Where the compiled loop takes a technique from: a classic one by its twin's number, a
# cage one by its calcudoku_find code (techniques.py).
CLASSIC, CAGE = 0, 1
_CAGE_CODES = {
    c.cage_permutations: c.PERMUTATIONS,
    c.cage_line_intersection: c.CAGE_LINE,
    c.line_cage_intersection: c.LINE_CAGE,
    c.line_total: c.LINE_TOTAL,
    c.innies_and_outies: c.INNIES,
    c.large_innies_and_outies: c.LARGE_INNIES,
}
_PLANS: dict[tuple[int, str], tuple | None] = {}


def _in_c(tech) -> tuple[int, int] | None:
    if isinstance(tech.find, Twinned):
        return CLASSIC, tech.find.number
    code = _CAGE_CODES.get(tech.find)
    return None if code is None else (CAGE, code)


def compiled_plan(ladder: Ladder, ceiling: str) -> tuple | None:
    """(the techniques up to `ceiling` the compiled loop tries, as (kind, rank, number),
    the ranks of its bulk techniques, the techniques after them tried in Python), or None
    where the compiled loop cannot run the ladder (a technique it has after one it lacks,
    bulk techniques other than calcsettle.c's)."""
    key = id(ladder), ceiling
    if key not in _PLANS:
        techniques = techniques_within(ceiling, ladder)
        steps = []
        for tech in techniques:
            found = _in_c(tech)
            if found is None:
                break
            steps.append((found[0], ladder.rank[tech.name], found[1]))
        rest = techniques[len(steps):]
        usable = ladder.bulk is c.CALCUDOKU_BULK and not any(map(_in_c, rest))
        _PLANS[key] = (tuple(steps), tuple(ladder.rank[name] for name, _ in ladder.bulk),
                       rest) if usable else None
    return _PLANS[key]


@lru_cache(maxsize=16)
def group_tables(shape: Shape) -> bytes:
    """techniques.line_groups() as the compiled loop reads them (64-bit words): their count,
    then per group its number of lines and its cells (4 words)."""
    groups = c.line_groups(shape)
    words = [len(groups)]
    for _, masks, cells in groups:
        words += (len(masks), *(cells >> 64 * i & c.MASK_64 for i in range(4)))
    return array("Q", words).tobytes()


def sums(cages: CalcCages) -> bytes:
    """Per cage what its cells add up to where that is known (techniques.sum_known), else
    -1: what techniques.areas() reads of the cages (64-bit words)."""
    return array("q", map(known_sum, cages.cages)).tobytes()


def known_sum(cage) -> int:
    """What the cage's cells add up to where that is known (techniques.sum_known), else -1."""
    return cage.target if c.sum_known(cage) else -1


def graded_quietly(state: c.CalcCandidates, ceiling: str,
                   ladder: Ladder = CALCUDOKU_LADDER, crux: bool = True) -> Grading | None:
    """grade_state_within(state, ceiling, ladder)'s grading, its steps unworded (technique
    and length) but the crux (unworded too, unless `crux`); by the compiled loop where it
    runs. Changes the state."""
    grade = compiled.calcudoku_grader()
    plan = compiled_plan(ladder, ceiling)
    tables = state.cages.narrowing_tables
    if grade is None or plan is None or tables is None:
        return grade_state_within(state, ceiling, ladder)
    in_c, bulk_ranks, in_python = plan
    steps: list[Step] = []
    settled_rank = -1
    while True:
        stalled, rank, found, before = _looped(grade, state, tables, in_c, bulk_ranks)
        settled_rank = max(settled_rank, rank)
        start = len(steps)
        steps += [unworded(ladder.techniques[r].name, length) for r, length in found]
        if crux and before is not None:
            index = start + before[0]
            steps[index] = _crux_step(state, ladder, found[before[0]][0], *before[1:])
        step = next_step(state, in_python) if stalled else None
        if step is None:
            break
        state.apply(step)
        steps.append(step)
    if not state.solved and ceiling != GRADES[-1]:
        return None
    return grading_of(steps, state, ladder, settled_rank)


def grade_quietly(state: c.CalcCandidates, ceiling: str,
                  ladder: Ladder = CALCUDOKU_LADDER) -> str | None:
    """graded_quietly(state, ceiling, ladder)'s grade alone, None where it stalls or
    guesses. Changes the state."""
    graded = grade_and_work(state, ceiling, ladder)
    return None if graded is None else graded[0]


def grade_and_work(state: c.CalcCandidates, ceiling: str,
                   ladder: Ladder = CALCUDOKU_LADDER) -> tuple[str, float] | None:
    """graded_quietly(state, ceiling, ladder)'s grade and the work of its steps past easy
    (work_of()), None where it stalls or guesses: what a climb asks of each draft it
    tries. Where the compiled loop takes every technique up to the ceiling, one call and
    no steps kept or worded (a third of a 6x6 expert's gradings' CPU went to them).
    Changes the state."""
    plan = one_call_plan(ceiling, ladder)
    tables = state.cages.narrowing_tables
    if plan is None or tables is None:
        grading = graded_quietly(state, ceiling, ladder, crux=False)
        if grading is None or grading.guessing:
            return None
        return grading.grade, work_of([ladder.rank[s.technique] for s in grading.steps], ladder)
    _, rank, found, _ = _looped(compiled.calcudoku_grader(), state, tables, *plan[:2])
    return _grade_and_work_of(rank, found, ladder) if state.solved else None


def one_call_plan(ceiling: str, ladder: Ladder = CALCUDOKU_LADDER) -> tuple | None:
    """The compiled plan where grade_and_work() up to the ceiling is one compiled call and
    nothing else (the compiled core, every technique in C, a ceiling short of 'extreme'),
    else None."""
    key = compiled.in_use(), id(ladder), ceiling
    if key not in _ONE_CALL:
        plan = compiled_plan(ladder, ceiling)
        _ONE_CALL[key] = None if compiled.calcudoku_grader() is None or \
            ceiling == GRADES[-1] or plan is None or plan[2] else plan
    return _ONE_CALL[key]


_ONE_CALL: dict[tuple[bool, int, str], tuple | None] = {}


def board_tables(shape: Shape) -> tuple:
    """What grade_and_work_of_tables() reads of the board: its compiled grader and its
    groups of lines (a generator keeps them for its drafts)."""
    return grader_tables(shape), group_tables(shape)


def grade_and_work_of_tables(shape: Shape, board: tuple, tables: bytes, cage_sums: bytes,
                             plan: tuple, ladder: Ladder = CALCUDOKU_LADDER
                             ) -> tuple[str, float] | None:
    """grade_and_work() of the blank state of cages given as their narrowing_tables and
    sums() alone, on the board's board_tables(), by one_call_plan()'s plan: a generator's
    draft graded without building its cage set and candidates (a third of a 6x6 expert's
    CPU went to them)."""
    rank, found, open_cells = _graded_tables(shape, board, tables, cage_sums, plan)
    return None if open_cells else _grade_and_work_of(rank, found, ladder)


def grade_or_stall_of_tables(shape: Shape, board: tuple, tables: bytes, cage_sums: bytes,
                             plan: tuple, ladder: Ladder = CALCUDOKU_LADDER
                             ) -> tuple[str | None, int]:
    """grade_and_work_of_tables()'s grade alone and 0, or None and the cells it left open
    where it stalls: what a hardening generator asks of its drafts (it splits one of
    those cells off where a draft is harder than asked)."""
    rank, found, open_cells = _graded_tables(shape, board, tables, cage_sums, plan)
    return (None, open_cells) if open_cells else (_grade_of(rank, found, ladder), 0)


def grading_of_tables(shape: Shape, board: tuple, tables: bytes, cage_sums: bytes,
                      plan: tuple, ladder: Ladder = CALCUDOKU_LADDER) -> Grading | None:
    """graded_quietly(state, ceiling, ladder, crux=False) of the blank state of cages given
    as tables (as grade_and_work_of_tables() reads them), None where it stalls: the
    grading a hardening generator returns, without the cage set's candidates (building
    them and grading in Python was about 6 % of a 6x6 medium's CPU)."""
    rank, found, open_cells = _graded_tables(shape, board, tables, cage_sums, plan)
    return None if open_cells else grading_of_answer(rank, found, ladder)


def grading_of_answer(rank: int, found, ladder: Ladder = CALCUDOKU_LADDER) -> Grading:
    """grading_of_tables() of a finished compiled grading: its hardest bulk rank and its
    steps as (rank, length) (the compiled hardening hands back its kept draft's)."""
    steps = [unworded(ladder.techniques[r].name, length) for r, length in found]
    return grading_of(steps, SOLVED, ladder, rank)


class _Solved:
    """What grading_of() reads of a finished solve's state: that it is solved."""

    solved = True


SOLVED: Any = _Solved()


def stall_of_tables(shape: Shape, board: tuple, tables: bytes, cage_sums: bytes,
                    plan: tuple) -> tuple[list[int], list[int]] | None:
    """Where one compiled grading of the blank state of cages given as tables stalls: the
    values it placed (0 for open) and per digit the open cells that may hold it; None
    where it finishes."""
    answer, values = _graded_blank(shape, board, tables, cage_sums, plan)
    _, _, _, digit_cells, open_cells, *_ = answer
    return (values, list(digit_cells)) if open_cells else None


def _graded_tables(shape: Shape, board: tuple, tables: bytes, cage_sums: bytes,
                   plan: tuple) -> tuple[int, list, int]:
    """One compiled grading of the blank state of cages given as tables: (the hardest bulk
    rank, the steps found as (rank, length), the cells left open)."""
    _, rank, found, _, open_cells, *_ = _graded_blank(shape, board, tables, cage_sums, plan)[0]
    return rank, found, open_cells


def _graded_blank(shape: Shape, board: tuple, tables: bytes, cage_sums: bytes,
                  plan: tuple) -> tuple[tuple, list[int]]:
    """The compiled grader's answer on the blank state of cages given as tables, and the
    values it placed (the state's list, changed in place)."""
    count, full = shape.cell_count, shape.all_cells_mask
    values = [0] * count
    answer = compiled.calcudoku_grader()(
        board[0], shape.size, tables, values, [(1 << shape.size) - 1] * count, full, full,
        board[1], cage_sums, *plan[:2])
    return answer, values


def _grade_and_work_of(rank: int, found, ladder: Ladder) -> tuple[str, float]:
    """The grade (as grading_of() finds it) and work of a finished compiled grading: its
    hardest bulk rank and its steps as (rank, length)."""
    return _grade_of(rank, found, ladder), work_of([r for r, _ in found], ladder)


def _grade_of(rank: int, found, ladder: Ladder) -> str:
    """The grade of a finished compiled grading, as grading_of() finds it."""
    return ladder.techniques[max(0, rank, *(r for r, _ in found))].grade


def work_of(ranks: list[int], ladder: Ladder) -> float:
    """The weights of the steps (by rank, in order) of techniques past easy, summed: among
    drafts of one grade, those that ask more of its techniques are the likelier to need
    the next grade's after a change (a climb keeps the one that asks most)."""
    weights = work_weights(ladder)
    # an easy step adds 0.0, which leaves any sum as it was
    return rounded_work([weights[r] for r in ranks])


def rounded_work(weights: list[float]) -> float:
    """work_of() of its steps' weights: their sum, rounded (the compiled climb asks it,
    csrc/calcclimb.c, so its sums are Python's on any version)."""
    return round(sum(weights, 0.0), 6)


def work_weights(ladder: Ladder) -> tuple[float, ...]:
    """Per rank, what a step of the technique adds to work_of(), kept per ladder."""
    weights = _WEIGHTS.get(id(ladder))
    if weights is None:
        weights = _WEIGHTS[id(ladder)] = _work_weights(ladder)
    return weights


_WEIGHTS: dict[int, tuple[float, ...]] = {}


def _work_weights(ladder: Ladder) -> tuple[float, ...]:
    """Per rank, what a step of the technique adds to work_of(): its weight past easy,
    else 0.0 (kept per ladder: a climb asks it of every draft it grades)."""
    past_easy = GRADES.index("medium")
    return tuple(tech.weight if GRADES.index(tech.grade) >= past_easy else 0.0
                 for tech in ladder.techniques)


def _looped(grade, state: c.CalcCandidates, tables: bytes, in_c, bulk_ranks):
    """One call of the compiled loop on the state, which it changes: (stalled, the
    hardest bulk rank, the steps found as (rank, length), the crux's state or None)."""
    stalled, rank, found, state.digit_cells, state.open_cells, state.unsettled, \
        state.unpermuted, before = grade(state.grader_tables(), state.shape.size, tables,
                                       state.values, state.cell_digits, state.unsettled,
                                       state.unpermuted, group_tables(state.shape),
                                       sums(state.cages), in_c, bulk_ranks)
    return stalled, rank, found, before


@lru_cache(maxsize=1024)
def unworded(technique: str, length: int) -> Step:
    """A step as the compiled loop hands it back, its technique and length (kept: steps
    are frozen, and a generator's gradings have thousands of them)."""
    return Step(technique, (), (), "", length)


def _crux_step(state: c.CalcCandidates, ladder: Ladder, rank: int, values, digits,
               unsettled: int, unpermuted: int) -> Step:
    """The worded step the technique of `rank` finds in the state the compiled loop found
    it in (values, digits and marks)."""
    before = state.copy()
    before.values, before.cell_digits = list(values), list(digits)
    before.digit_cells = [0] * state.shape.size
    before.open_cells = 0
    for cell, value in enumerate(values):
        if not value:
            before.open_cells |= 1 << cell
        for d in bits_of(digits[cell]):
            before.digit_cells[d] |= 1 << cell
    before.unsettled, before.unpermuted = unsettled, unpermuted
    step = ladder.techniques[rank].find(before)
    assert step is not None  # the compiled loop found it there
    return step
