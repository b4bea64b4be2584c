"""What a rating step is (a Hint), ratings in tenths, and the work budget every rating runs under.

Ratings are kept as whole tenths (23 is Sudoku Explainer's 2.3) so that sums such as a
chain's base plus its length modifier are exact and compare the way SE's printed values do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Candidate = tuple  # (cell, digit): digit 0-based, as in Candidates.digit_cells


@dataclass(frozen=True)
class Hint:
    """One step of the rating solve: the technique (SE's name), its rating in tenths, the
    candidates it removes and the value it places, if any.

    `complexity` orders chains of one rating (SE's ancestor count); `premise` lists, per
    digit, the cells whose candidates must be gone for the pattern to hold (what a nested
    chain needs to know to use the hint); `text` says where the pattern is."""

    name: str
    rating: int
    eliminations: tuple[Candidate, ...] = ()
    placement: Candidate | None = None
    complexity: int = 0
    premise: tuple[tuple[int, int], ...] = ()
    text: str = ""


def tenths_text(tenths: int) -> str:
    """11 -> '1.1', the way Sudoku Explainer prints a rating."""
    return f"{tenths // 10}.{tenths % 10}"


class OutOfBudget(Exception):
    """The rating's work budget ran out; `floor` is what the rating is known to be at least."""

    def __init__(self, floor: int):
        super().__init__(f"work budget spent; the rating is at least {tenths_text(floor)}")
        self.floor = floor


class Budget:
    """Work units a rating may spend (a unit is about one propagated chain link on a 9x9,
    some 10-25 microseconds of pure Python), so that a rating always ends: past the limit,
    OutOfBudget carries the floor reached so far. Counting work, not time, keeps the
    result the same on every machine. `weight` charges each unit more on big boards,
    where a link's sets of candidates are longer integers (see work_weight). `watch`, if
    given, is told the units spent every WATCH_UNITS or so (a progress meter's hook)."""

    __slots__ = ("left", "floor", "spent", "technique", "weight", "watch", "next_watch")

    def __init__(self, units: int, weight: int = 1, watch: Callable[[int], None] | None = None):
        self.left = units
        self.floor = 0
        self.spent = 0
        self.technique = ""   # the technique being searched, to name where the budget ran out
        self.weight = weight
        self.watch = watch
        self.next_watch = WATCH_UNITS if watch is not None else _NEVER

    def spend(self, units: int) -> None:
        units *= self.weight
        self.left -= units
        self.spent += units
        if self.spent >= self.next_watch:
            self._tell_watch()
        if self.left < 0:
            raise OutOfBudget(self.floor)

    def _tell_watch(self) -> None:
        assert self.watch is not None  # next_watch is _NEVER without one
        self.next_watch = self.spent + WATCH_UNITS
        self.watch(self.spent)


# A watch hears of the work about every 100,000 units: a tenth of a second on the compiled
# core, about half a second on the pure one, and a comparison per charge otherwise.
WATCH_UNITS = 100_000
_NEVER = 1 << 62


def work_weight(candidates: int) -> int:
    """Units charged per unit of work on a board of this many candidates (cells times
    digits): 1 up to 12x12 (1,728), 2 on a 16x16, 7 on a 25x25 (15,625), whose longer
    chain sets make each link dearer, so that a budget takes about as long on every board."""
    return max(1, candidates // 2_000)
