"""A Calcudoku expert climb's step in one compiled call (csrc/calcclimb.c): every change
near the crux listed with its operations drawn, shuffled, graded from its tables, and the
one to keep chosen, as generate.climb_choice_in_python (the reference) chooses it; a
hardening attempt's loop (generate.hardened_in_python) in one call (csrc/calcharden.c);
a new cage's words (csrc/calcwords.c) and a first draft's operations (csrc/calcdraft.c).

Per change the Python made a draft, its grading tables and a cache key, and read the
grading back (a 6x6 expert: about a third of its CPU besides the grading itself); the
compiled step calls the same compiled grader on the same tables and keeps the same cache.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from .. import compiled
from ..grade.grader import GRADES
from ..rng import Rng
from .cages import ADD, DIVIDE, HIDDEN, MULTIPLY, SUBTRACT
from .grade import CALCUDOKU_LADDER
from .quiet import one_call_plan, rounded_work, work_weights

# The operations by the codes csrc/calcclimb.c reads them with.
OPERATION_CODES = (HIDDEN, ADD, SUBTRACT, MULTIPLY, DIVIDE)
NOT_IN_C: Any = object()  # the step is not taken in C (the caller runs the Python)
_SHOWN: dict[type, tuple[int, ...]] = {}  # shown_codes(), by type of cage set
_LEVELS = {grade: level for level, grade in enumerate(GRADES)}
# Each rank's technique's grade on the Calcudoku ladder, as the compiled calls read it.
_RANK_GRADES = tuple(tech.grade for tech in CALCUDOKU_LADDER.techniques)


def climb_step_in_c(draft, near: frozenset[int] | None, rng: Rng, recipe,
                    ceiling: str, level: int):
    """climb_choice_in_python(draft, near, rng, recipe, ceiling, level) as (climbed,
    (removed group indices, added groups), the compiled grader's answer on the change,
    None where its grading was kept from before, the cells crux.py names the answer's
    crux by where a cage or area technique found it, else None), or None where no change
    is kept, the rng moved on as the Python moves it; NOT_IN_C (the rng untouched) on the
    pure core, for a ceiling the compiled grader does not take in one call, or a cage
    without words."""
    climb = compiled.calcudoku_climber()
    found = _in_c(climb, draft, ceiling, (draft.cages_type.made_with,
                  None if near is None else tuple(near), rng.state, _odds(recipe)), level)
    if found is None:
        return NOT_IN_C
    rng.state, choice = found
    return choice


def groups_key(groups) -> bytes:
    """A draft's (cells, operation) groups as DraftCages.grade() keys its gradings (and
    csrc/calcclimb.c makes the key): by first cell, each one's cell count, cells and
    operation code. Its grading tables are a function of them (over one solution)."""
    return bytes(value for cells, operation in sorted(groups)
                 for value in (len(cells), *cells, OPERATION_CODES.index(operation)))


def harden_in_c(draft, rng: Rng, recipe, difficulty: str, ceiling: str, changes: int):
    """hardened_in_python(draft, rng, recipe, difficulty, ceiling)'s final groups and the
    compiled grader's answer on them within the ceiling (its hardest bulk rank, its steps
    as (rank, length): quiet.grading_of_answer()), or None where the attempt fails, the
    rng moved on as the Python moves it; NOT_IN_C (the rng untouched) where the compiled
    call does not run (as climb_step_in_c())."""
    harden = compiled.calcudoku_hardener()
    target = -1 if difficulty == "any" else _LEVELS[difficulty]
    found = _in_c(harden, draft, ceiling, (draft.cages_type.made_with, rng.state,
                                            _odds(recipe)), -1, (target, changes))
    if found is None:
        return NOT_IN_C
    rng.state, groups = found
    return groups


def operations_in_c(cages_type, size: int, solution, cages, rng: Rng, recipe):
    """The operations first_draft() draws for the cages (their cells) over the solution,
    choose_operation() for each in turn, in C (csrc/calcdraft.c), the rng moved on as the
    Python moves it; NOT_IN_C (the rng untouched) on the pure core or past what C holds."""
    choose = compiled.calcudoku_operation_chooser()
    found = None if choose is None else choose(size, solution, cages, OPERATION_CODES,
                                               cages_type.made_with, rng.state, _odds(recipe))
    if found is None:
        return NOT_IN_C
    operations, rng.state = found
    return operations


def words_in_c(made):
    """made.words_in_python (a DraftCages') in C, a function of the group (csrc/
    calcwords.c: the climb and the hardening loop make a change's new cages' words there,
    without calling back); None on the pure core."""
    words = compiled.calcudoku_worder()
    if words is None:
        return None
    return partial(words, made.shape.size, made.solution, OPERATION_CODES,
                   shown_codes(made.cages_type))


def shown_codes(cages_type) -> tuple[int, ...]:
    """Per operation code, the code of what a cage of the type made with it shows (kept
    per type)."""
    found = _SHOWN.get(cages_type)
    if found is None:
        found = _SHOWN[cages_type] = tuple(OPERATION_CODES.index(cages_type.shown(op))
                                           for op in OPERATION_CODES)
    return found


def _in_c(call, draft, ceiling: str, middle: tuple, level: int, after: tuple = ()):
    """call(n, solution, groups, OPERATION_CODES, *middle, (words kept, shown codes), slots,
    grading, *after), or None where it does not run or refuses the draft."""
    plan = one_call_plan(ceiling)
    if call is None or plan is None:
        return None
    slots = draft.slots
    if slots is None:
        return None
    made, shape = draft.made, draft.shape
    grading = (compiled.calcudoku_grader(), made.board[0], made.board[1],
               shape.all_cells_mask, *plan[:2], _LEVELS, _RANK_GRADES,
               work_weights(CALCUDOKU_LADDER), rounded_work, ceiling, made.grades_kept,
               level, made.answers_kept)
    return call(shape.size, draft.solution, draft.groups, OPERATION_CODES, *middle,
                (made.words_kept, shown_codes(draft.cages_type)), slots, grading, *after)


def _odds(recipe) -> tuple[int, int, int]:
    return recipe.divide, recipe.subtract, recipe.multiply
