"""Seeded generation of the Latin-square kinds to a grade: a random Latin square shown
whole (every given and every clue of the kind), then taken away in a seeded order, phase
by phase, while the grade's techniques still solve it (dig.py).

Those techniques neither guess nor assume one solution, so a puzzle they finish has one;
for the grade 'any' the solver's count decides instead, and the grader grades whatever is
left. The result must have exactly the grade asked for, else the attempt fails and the
next derived seed is tried; for the grades a kind trades (Family.trades), an attempt that
dug to an easier grade is first dug past it and given items back (trade.py). The kind's
solver proves the result unique before it is returned (the kind has its check prove it
again). The result depends only on (kind, size, seed, grade).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache, partial
from itertools import compress
from operator import mul, not_
from typing import Any

from ..board.grid import Grid
from ..board.shape import latin_of
from ..generate.graded import DIFFICULTIES, attempt_seed
from ..grade.grader import GRADES, Grading
from ..puzzle import GenerationError, Puzzle
from ..rng import Rng, derive_seed
from ..solve.verify import VerificationError
from ..words import counted, with_article
from .dig import CHUNK, dig
from .digging import (
    CompiledDig,
    GiveBack,
    PhaseDig,
    compiled_give_back,
    compiled_phases,
    compiled_unique,
)
from .fill import random_latin
from .grading import LatinGrading
from .trade import Attempt, Trading, traded

# Attempts before giving up: an attempt meets its grade by luck, the rarest grade a size
# is made in about once in 30 attempts (a 5x5 Skyscrapers expert, a 6x6 Futoshiki medium;
# rarer ones are refused at load, LatinKind.unmade), and 700 attempts miss such a grade
# for one seed in a billion (60 did for one in fifty). A seed that met its grade within
# the first 60 makes the same puzzle as before.
ATTEMPTS = 700
GIVEN = "given"  # an item showing the solution's value in a cell
SOLVER_MAX_NODES = 20_000  # the searches of digging's and trading's trials
# The kept puzzle's proof: a sparse 9x9 Futoshiki that the grader finishes at medium or hard
# can take the solver's search 128,215 nodes (0.1 s compiled; bench_every_grade's seeds
# 0-19: 4 of 40 ran past 20,000 and stopped their run). One past this too is undecided:
# its attempt is dropped for the next, as an undecided check drops a puzzle (verify.py).
PROOF_MAX_NODES = 200_000


@dataclass(frozen=True)
class Family:
    """What generation asks of a Latin-square kind."""

    title: str  # as messages name its puzzles: 'Futoshiki'
    phases: Callable      # (n, solution, grade) -> lists of items, taken away one list
    #                       after another: (GIVEN, cell), and the kind's own, (its word, where)
    extras: Callable      # (n, solution, where its own kept items are) -> extras
    within_reach: Callable  # (givens, extras, ceiling) -> bool
    grade_within: Callable  # (givens, extras, ceiling) -> Grading | None
    solutions: Callable   # (extras, cells, limit, max_nodes, prefer) -> Search
    grade_of: Callable | None = None  # (givens, extras) -> grade_within(.., 'extreme')'s
    #                                    grade, the fast way (unworded)
    own_items: Callable = lambda extras: ()  # extras -> the kind's own items they keep
    # the grades an attempt easier than asked is traded for (trade.py), each up to a size
    trades: dict[str, int] = field(default_factory=dict)
    grading: LatinGrading | None = None  # what within_reach, grade_within, grade_of ask
    layout: Callable | None = None  # (n, solution) -> its Layout, for the compiled dig
    # (n, difficulty) -> phases' items as numbers: the n*n givens by cell, then the kind's
    # own in its layout's order (the same for every solution of a size); with it an
    # attempt digs by numbers (_dug_by_numbers)
    numbered_phases: Callable | None = None
    every_extras: Callable | None = None  # (n, solution) -> extras with every own item


class LatinDisagreement(VerificationError):
    """The grader proved a puzzle unique and the solver did not: never print it."""


def generate_latin(family: Family, n: int, seed: int, difficulty: str = "any",
                   attempts: int = ATTEMPTS, worded: bool = True) -> tuple[Puzzle, Grading]:
    """A puzzle of exactly the grade asked for ('any': whatever digging leaves), with its
    grading (its steps unworded unless `worded`: the same puzzle either way);
    GenerationError after `attempts` attempts of other grades."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}; expected one of: "
                         f"{', '.join(DIFFICULTIES)}")
    reached = []
    for attempt in range(attempts):
        solution, givens, extras, grade, quiet = _graded_attempt(
            family, n, attempt_seed(seed, attempt), difficulty)
        if grade in (None, difficulty):
            grading = quiet if quiet is not None and not worded else \
                _final_grading(family, givens, extras, worded)
            grade = grading.grade
            proven = _proven(family, seed, difficulty, solution, givens, extras) \
                if difficulty in ("any", grade) else None
            if proven is not None:
                return proven, grading
        reached.append(grade)
    grades = ", ".join(sorted(set(reached), key=GRADES.index))
    raise GenerationError(f"could not make {with_article(repr(difficulty))} {n}x{n} "
                          f"{family.title} in {counted(attempts, 'attempt')} (they were {grades})")


def _final_grading(family: Family, givens: Grid, extras, worded: bool) -> Grading:
    """The kept attempt's grading, worded; or where words are not wanted (a book's
    puzzle keeps the grade, hardest technique and score alone) and the family grades
    quietly, by its unworded ladder in one compiled call: the same grade, hardest
    technique and score (tests/test_latin_quiet.py holds them equal)."""
    if worded or family.grading is None:
        return family.grade_within(givens, extras, GRADES[-1])
    return family.grading.quiet_grading(givens, extras)


def _graded_attempt(family: Family, n: int, seed: int, difficulty: str):
    """One try, its grade, unworded (None where none is asked for, or no fast way), and
    its unworded grading where the family grades quietly (else None); one easier than
    asked is traded where the family trades its grade (trade.py), from seeds derived from
    the attempt's (its grading then None)."""
    solution, givens, extras = _attempt(family, n, seed, difficulty)
    if difficulty == "any" or family.grade_of is None:
        return solution, givens, extras, None, None
    # the words only for the attempt kept
    quiet = None if family.grading is None else family.grading.quiet_grading(givens, extras)
    grade = family.grade_of(givens, extras) if quiet is None else quiet.grade
    if n > family.trades.get(difficulty, 0) or GRADES.index(grade) >= GRADES.index(difficulty):
        return solution, givens, extras, grade, quiet
    trading = Trading(family, n, difficulty, partial(_puzzle, family, n),
                      partial(_attempt, family, n), partial(_kept, family), SOLVER_MAX_NODES,
                      partial(_trade_digger, family, n, difficulty),
                      partial(_trade_giver, family, n, difficulty))
    found = traded(trading, Attempt(solution, _kept(family, givens, extras)),
                   Rng(derive_seed(seed, "trade")), derive_seed(seed, "past"))
    if found is None:
        return solution, givens, extras, grade, quiet
    givens, extras = _puzzle(family, n, found.solution, found.kept)
    # a trade finds a puzzle within reach of the grade and not of the one below
    # (Trading.standing): grade_of's answer; generate_latin's final grading asks again
    return found.solution, givens, extras, difficulty, None


def _kept(family: Family, givens: Grid, extras) -> frozenset:
    """The items a puzzle keeps: its givens and the kind's own."""
    return frozenset([(GIVEN, cell) for cell, value in enumerate(givens.cells) if value]
                     + list(family.own_items(extras)))


def _attempt(family: Family, n: int, seed: int, difficulty: str):
    """One try: a solution, and the givens and extras left after digging."""
    rng = Rng(seed)
    solution = random_latin(n, rng)
    if family.numbered_phases is not None and family.every_extras is not None:
        fast = _compiled_digger(family, n, solution, difficulty, None, CHUNK)
        if isinstance(fast, CompiledDig):
            return (solution, *_dug_by_numbers(family, n, solution, difficulty, fast, rng))
    phases = family.phases(n, solution, difficulty)
    kept: frozenset = frozenset(item for phase in phases for item in phase)
    dig_phase = _digger(family, n, solution, difficulty, kept)
    for phase in phases:
        others = kept.difference(phase)
        kept = others | dig_phase([item for item in phase if item in kept], others, rng)
    return (solution, *_puzzle(family, n, solution, kept))


def _dug_by_numbers(family: Family, n: int, solution: tuple[int, ...], difficulty: str,
                    fast: CompiledDig, rng: Rng) -> tuple[Grid, Any]:
    """The givens and extras _attempt's phases leave, dug by the items' numbers (no item
    made, no set of them): each phase's numbers shuffled as dig() shuffles its items (a
    shuffle moves places, whatever is in them), every item still kept flagged, as
    CompiledDig's items are; the same calls, the same flags, the same puzzle."""
    assert family.numbered_phases is not None  # _attempt asks only where there are
    kept = [1] * (n * n + len(fast.own))
    for phase in family.numbered_phases(n, difficulty):
        order = rng.shuffled(phase)
        for number in compress(order, map(not_, fast.dig_numbers(kept, order))):
            kept[number] = 0
    cells = tuple(map(mul, solution, kept))  # a kept given's value, else 0
    own = [where for _, where in compress(fast.own, kept[n * n:])]
    return Grid(latin_of(n), cells), family.extras(n, solution, own)


def _digger(family: Family, n: int, solution: tuple[int, ...], difficulty: str,
            every: frozenset) -> PhaseDig:
    """How a phase is dug: in one compiled call where it can be (digging.py), else by
    dig() with _acceptance's trials (the reference); the same items kept either way."""
    fast = _compiled_digger(family, n, solution, difficulty, every, CHUNK)
    if fast is not None:
        return fast
    accept = _acceptance(family, n, solution, difficulty)
    return lambda phase, others, rng: dig(phase, _accepting_with(accept, others), rng)


def _compiled_digger(family: Family, n: int, solution: tuple[int, ...], difficulty: str,
                     every: frozenset | None, chunk: int) -> CompiledDig | None:
    """A phase dug in one compiled call (digging.py), or None: within the grade's reach,
    or for 'any' while the solver finds one solution, in dig()'s groups of `chunk`.
    `every`: every item a puzzle of the solution could keep (None: the family's
    every_extras says)."""
    if family.grading is None or family.layout is None:
        return None
    made = (family.grading, family.layout(n, solution), _given_items(n))
    if every is None and family.every_extras is not None:
        extras = family.every_extras(n, solution)
    else:
        assert every is not None  # a family without every_extras is given its items
        extras = family.extras(n, solution, [where for what, where in every if what != GIVEN])
    if difficulty == "any":
        return compiled_unique(*made, solution, extras, SOLVER_MAX_NODES, chunk)
    return compiled_phases(*made, difficulty, solution, extras)


@lru_cache(maxsize=16)
def _given_items(n: int) -> list:
    """Every given's item, cell by cell (the compiled digs' first n*n item numbers)."""
    return [(GIVEN, cell) for cell in range(n * n)]


def _trade_digger(family: Family, n: int, difficulty: str,
                  solution: tuple[int, ...]) -> PhaseDig | None:
    """A trade's dig past its grade while unique (trade._past), one item at a time, in
    one compiled call; or None."""
    return _compiled_digger(family, n, solution, "any", _every_item(family, n, solution,
                                                                    difficulty), 1)


def _every_item(family: Family, n: int, solution: tuple[int, ...],
                difficulty: str) -> frozenset | None:
    """Every item a puzzle of the solution could keep, for _compiled_digger; None where
    the family's every_extras stands for them."""
    if family.every_extras is not None:
        return None
    return frozenset(item for phase in family.phases(n, solution, difficulty) for item in phase)


def _trade_giver(family: Family, n: int, difficulty: str,
                 solution: tuple[int, ...]) -> GiveBack | None:
    """A trade's giving back (trade.give_back_in_python) in one compiled call; or None."""
    if family.grading is None or family.layout is None:
        return None
    if family.every_extras is not None:
        extras = family.every_extras(n, solution)
    else:
        every = [item for phase in family.phases(n, solution, difficulty) for item in phase]
        extras = family.extras(n, solution, [where for what, where in every if what != GIVEN])
    return compiled_give_back(family.grading, family.layout(n, solution), _given_items(n),
                              difficulty, solution, extras)


def _puzzle(family: Family, n: int, solution: tuple[int, ...], kept) -> tuple[Grid, Any]:
    """The givens and the extras of a set of kept items."""
    cells = [0] * (n * n)
    own = []
    for what, where in kept:
        if what == GIVEN:
            cells[where] = solution[where]
        else:
            own.append(where)
    return Grid(latin_of(n), tuple(cells)), family.extras(n, solution, own)


def _accepting_with(accept, others: frozenset):
    """accept() of the items left in a phase beside those kept from the others."""
    return lambda left: accept(others | left)


def _acceptance(family: Family, n: int, solution: tuple[int, ...], difficulty: str):
    """Whether kept items still make a puzzle for the grade: one its techniques finish
    (for 'any': one the solver finds a single solution for)."""
    def accept(kept) -> bool:
        givens, extras = _puzzle(family, n, solution, kept)
        if difficulty == "any":
            return family.solutions(extras, givens.cells, 2, SOLVER_MAX_NODES, solution).unique
        return family.within_reach(givens, extras, difficulty)
    return accept


def _proven(family: Family, seed: int, difficulty: str, solution, givens: Grid,
            extras) -> Puzzle | None:
    """The Puzzle, once the solver has found its one solution again; None if it cannot
    decide within PROOF_MAX_NODES (the attempt fails)."""
    found = family.solutions(extras, givens.cells, 2, PROOF_MAX_NODES, solution)
    if found.undecided:
        return None
    if not (found.unique and found.solution == solution):
        n = givens.shape.size
        raise LatinDisagreement(
            f"the {family.title} solver does not confirm a generated {n}x{n} {family.title} "
            f"(seed {seed}): {counted(found.count, 'solution')}, search complete: {found.complete}")
    return Puzzle(givens, Grid(givens.shape, solution), seed, "none", difficulty, extras=extras)
