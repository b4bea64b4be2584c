"""Trading (issue 38): an attempt whose digging left a puzzle easier than its grade is dug
past the grade and given items back until it has the grade, rather than thrown away.

Digging within a grade's techniques (generate.py) mostly stops where every further
removal loses the one solution, and the grade found there is luck: a 6x6 Skyscrapers dug
within expert is medium 82 times in 100 and expert 6. Such an attempt is traded, each
step taken only if the one before failed:
- past: its items taken away, in a seeded order, while the puzzle stays unique whatever
  its grade; one now harder than asked is given items back (below);
- fresh: a new solution dug while unique (an attempt at 'any', from a derived seed: the
  solver's count is much cheaper than the hardest grade's forcing chains, which took
  seconds at 9x9), given items back if harder than asked.
Giving back is the Sudoku path's (core/generate/graded.py): the removed items in a seeded
order, each kept while the puzzle stays harder, taken away again if it became easier,
done when it has the grade; the kind's own items (signs, clues) before the givens, which
digging takes first, so that few givens come back (a 6x6 Skyscrapers expert: 4 median
rather than 6 in any order, 2 untraded). Both steps decide by the grade's techniques and the solver,
the same on both cores.

A kind trades only the grades where it was measured to pay (Family.trades, bench/README's
bench_latin.py). An attempt that met its grade is not traded: a seed whose first attempt
met its grade makes the same puzzle as before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..grade.grades import GRADES
from ..rng import Rng
from .dig import dig

# The grades the Latin kinds trade a too-easy attempt for, each up to a size (their
# Family.trades). Not medium: trading overshoots it, as adding clues back does Sudoku's (a 5x5
# Futoshiki: 10 ms a puzzle to 13). Not hard from 8x8: an attempt there costs a tenth of a
# second or more and misses less often, and trading was slower (bench/README.md).
TRADES = {"hard": 7, "expert": 9}

# Where a puzzle stands against the grade asked for.
EASIER, EXACT, HARDER = -1, 0, 1


@dataclass(frozen=True)
class Attempt:
    """An attempt as trading sees it: its solution and the items it keeps."""

    solution: tuple[int, ...]
    kept: frozenset


@dataclass(frozen=True)
class Trading:
    """What trading asks of a Latin kind's generator (generate.py), for one grade."""

    family: Any             # the generator's Family
    n: int
    difficulty: str
    puzzle: Callable        # (solution, kept items) -> (givens, extras)
    attempt: Callable       # (seed, difficulty) -> (solution, givens, extras)
    kept: Callable          # (givens, extras) -> the items they keep
    max_nodes: int          # the solver's budget for a second solution
    compiled_unique: Callable = lambda solution: None  # solution -> its dig while unique
    #                                                    in C (digging.py), or None
    compiled_give_back: Callable = lambda solution: None  # solution -> give_back in C
    #                                                       (digging.py), or None

    def phases(self, solution: tuple[int, ...]) -> list[list]:
        """Every item a puzzle of the solution could keep, in the phases digging takes."""
        return self.family.phases(self.n, solution, self.difficulty)

    def unique(self, solution: tuple[int, ...], kept: frozenset) -> bool:
        givens, extras = self.puzzle(solution, kept)
        return self.family.solutions(extras, givens.cells, 2, self.max_nodes, solution).unique

    def dig_unique(self, solution: tuple[int, ...], items: list, rng: Rng) -> frozenset:
        """The items dug one at a time in a seeded order while the puzzle stays unique:
        in one compiled call where it can be, the same items kept."""
        fast = self.compiled_unique(solution)
        if fast is not None:
            return fast(items, frozenset(), rng)
        return dig(items, lambda kept: self.unique(solution, kept), rng, chunk=1)

    def give_back(self, solution: tuple[int, ...], kept: frozenset,
                  order: list) -> tuple[int, frozenset | None]:
        """give_back_in_python's answer: in one compiled call where it can be."""
        fast = self.compiled_give_back(solution)
        if fast is not None:
            return fast(kept, order)
        return give_back_in_python(self, solution, kept, order)

    def standing(self, solution: tuple[int, ...], kept: frozenset) -> int:
        """EASIER, EXACT or HARDER than the grade (a puzzle known to be unique)."""
        givens, extras = self.puzzle(solution, kept)
        if not self.family.within_reach(givens, extras, self.difficulty):
            return HARDER
        easier = GRADES[GRADES.index(self.difficulty) - 1]
        return EASIER if self.family.within_reach(givens, extras, easier) else EXACT


def traded(trading: Trading, attempt: Attempt, rng: Rng, fresh_seed: int) -> Attempt | None:
    """An attempt of exactly the grade made from one easier than it, or None."""
    found = _past(trading, attempt, rng)
    if found is None:
        solution, givens, extras = trading.attempt(fresh_seed, "any")
        found = _given_back(trading, Attempt(solution, trading.kept(givens, extras)), rng)
    return found


def _past(trading: Trading, attempt: Attempt, rng: Rng) -> Attempt | None:
    """The attempt's items dug while unique, then given back; None if nothing was dug."""
    solution = attempt.solution
    order = [item for phase in trading.phases(solution) for item in phase
             if item in attempt.kept]
    past = trading.dig_unique(solution, order, rng)
    if past == attempt.kept:
        return None
    return _given_back(trading, Attempt(solution, past), rng)


def _given_back(trading: Trading, attempt: Attempt, rng: Rng) -> Attempt | None:
    """The attempt if it has the grade; if harder, the items it does not keep given back
    (Trading.give_back) until it has the grade; else None. The last phase's items go
    first (each phase's in a seeded order): what digging takes away first (givens) is
    given back last. The order is drawn before the attempt's standing is known (one
    compiled call asks both), and the stream put back where nothing is given back: as
    if never drawn."""
    solution = attempt.solution
    drawn_from = rng.state
    order = [item for phase in reversed(trading.phases(solution))
             for item in rng.shuffled([item for item in phase if item not in attempt.kept])]
    start, kept = trading.give_back(solution, attempt.kept, order)
    if start != HARDER:
        rng.state = drawn_from
    return None if kept is None else Attempt(solution, kept)


def give_back_in_python(trading: Trading, solution: tuple[int, ...], kept: frozenset,
                        order: list) -> tuple[int, frozenset | None]:
    """Where the puzzle of the kept items stood (Trading.standing), and the items it
    keeps once it has the grade, or None: if harder, each item of the order given back,
    kept while the puzzle stays harder, taken away again if it became easier."""
    where = trading.standing(solution, kept)
    if where != HARDER:
        return where, kept if where == EXACT else None
    more = set(kept)
    for item in order:
        more.add(item)
        where = trading.standing(solution, frozenset(more))
        if where == EXACT:
            return HARDER, frozenset(more)
        if where == EASIER:
            more.discard(item)
    return HARDER, None
