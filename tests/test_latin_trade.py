"""Trading (core/latin/trade.py, issue 38): an attempt of the Latin kinds dug to an easier
grade than asked is dug past it and given items back, rather than thrown away, for the
grades a kind trades; every other attempt is what it was."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bookmaker.core.futoshiki.generate import FUTOSHIKI_FAMILY
from bookmaker.core.latin import generate as latin_generate
from bookmaker.core.latin.trade import (
    EASIER,
    EXACT,
    HARDER,
    Attempt,
    _given_back,
    give_back_in_python,
)
from bookmaker.core.rng import Rng
from bookmaker.core.skyscrapers.generate import SKYSCRAPERS_FAMILY, generate_skyscrapers
from bookmaker.core.skyscrapers.kind import SKYSCRAPERS


@dataclass
class Counted:
    """A stand-in for Trading: items 0-9; a puzzle keeping fewer than `exact` of them is
    harder than the grade, `exact` exactly it, more easier, and keeping `spoiler` easier
    at once."""

    exact: int
    spoiler: int = -1

    def phases(self, solution) -> list[list[int]]:
        return [list(range(10))]

    def standing(self, solution, kept: frozenset) -> int:
        if self.spoiler in kept or len(kept) > self.exact:
            return EASIER
        return EXACT if len(kept) == self.exact else HARDER

    def give_back(self, solution, kept, order):
        return give_back_in_python(self, solution, kept, order)


def test_giving_back_keeps_items_while_harder_and_stops_at_the_grade():
    found = _given_back(Counted(exact=4), Attempt((), frozenset({0})), Rng(1))
    assert found is not None and len(found.kept) == 4 and 0 in found.kept


def test_giving_back_takes_away_again_an_item_that_made_it_easier():
    found = _given_back(Counted(exact=5, spoiler=7), Attempt((), frozenset({0})), Rng(1))
    assert found is not None and len(found.kept) == 5 and 7 not in found.kept


def test_giving_back_returns_an_attempt_of_the_grade_as_it_is_and_none_for_an_easier():
    """Its stream is left where it was (the order drawn is put back): the fresh attempt
    a trade may go on to draws what it drew before the order was drawn first."""
    exact = Attempt((), frozenset({0, 1, 2}))
    for where, attempt in ((3, exact), (2, None)):
        rng = Rng(1)
        assert _given_back(Counted(exact=where), exact, rng) == attempt
        assert rng.state == Rng(1).state
    rng = Rng(1)
    _given_back(Counted(exact=4), exact, rng)
    assert rng.state != Rng(1).state


# (size, seed, grade): its first attempt's grade, whether the trade kept its solution, the
# puzzle made and its hardest technique
TRADED = [
    (5, 10, "expert", "medium", True,
     "......................... 1.33./441../43..3/1...3", "XY-Chain"),
    (5, 11, "hard", "medium", False,
     "......................... .42../...4./1..24/33...", "XY-Wing"),
]


@pytest.mark.parametrize("size, seed, grade, first, kept, line, hardest", TRADED)
def test_an_attempt_easier_than_asked_is_traded(size, seed, grade, first, kept, line,
                                                 hardest):
    """The seed's first attempt (its own seed) digs to an easier grade: the trade makes the
    grade from it (kept: dug past and given back on its own solution; else from a fresh
    one dug within extreme); before trading it was thrown away for the next attempt."""
    solution, givens, extras = latin_generate._attempt(SKYSCRAPERS_FAMILY, size, seed, grade)
    assert SKYSCRAPERS_FAMILY.grade_of(givens, extras) == first
    traded = latin_generate._graded_attempt(SKYSCRAPERS_FAMILY, size, seed, grade)
    assert traded[3] == grade and (traded[0] == solution) is kept


@pytest.mark.both_cores
@pytest.mark.parametrize("size, seed, grade, first, kept, line, hardest", TRADED)
def test_a_traded_puzzle_is_pinned_and_the_same_on_both_cores(core, size, seed, grade, first,
                                                               kept, line, hardest):
    puzzle, grading = generate_skyscrapers(size, seed, grade)
    assert SKYSCRAPERS.line(puzzle) == line
    assert (grading.grade, grading.hardest) == (grade, hardest)
    SKYSCRAPERS.verify(puzzle)


def test_a_grade_the_kind_does_not_trade_keeps_its_attempt_as_dug():
    """Futoshiki's medium is not traded (its trades overshoot): an attempt dug to beginner
    stays beginner, to be thrown away as before."""
    assert "medium" not in FUTOSHIKI_FAMILY.trades
    _, givens, extras = latin_generate._attempt(FUTOSHIKI_FAMILY, 5, 0, "medium")
    assert latin_generate._graded_attempt(FUTOSHIKI_FAMILY, 5, 0, "medium")[1:4] == (
        givens, extras, "beginner")
