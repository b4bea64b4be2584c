"""The Kakuro's second proof in C (csrc/kakurocheck.c) against its Python (check.py): on
random boards, totals and givens (one solution, many, none; budgets that run out) the same
solutions, the same completeness and the same nodes counted."""

from __future__ import annotations

import pytest

from bookmaker.core import compiled
from bookmaker.core.kakuro.check import check_kakuro
from bookmaker.core.kakuro.filling import random_filling
from bookmaker.core.kakuro.generate import generate_kakuro
from bookmaker.core.kakuro.pattern import make_pattern
from bookmaker.core.rng import Rng

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)


def random_case(seed: int) -> tuple:
    """A board, its filling's totals (a few nudged, so that some have no solution), givens
    (none, or a random share of the filling's digits, or a wrong one), a limit, a budget."""
    rng = Rng(seed)
    size = (5, 6, 7, 8)[seed % 4]
    shape = make_pattern(size, rng, "rotational", 9, 0.3)
    filling = random_filling(shape, rng)
    assert filling is not None
    totals = list(filling.totals)
    for _ in range(rng.below(2)):
        run = rng.below(len(totals))
        totals[run] = max(3, totals[run] + (1 if rng.below(2) else -1))
    share = rng.below(4)
    givens = [value if rng.below(10) < share else 0 for value in filling.values]
    if rng.below(6) == 0:
        givens[rng.below(len(givens))] = 1 + rng.below(9)
    limit = (1, 2, 5)[rng.below(3)]
    budget = (None, 3, 40)[rng.below(3)]
    return shape, totals, givens, limit, budget


def checked(case: tuple, wanted: bool):
    shape, totals, givens, limit, budget = case
    with compiled.using(wanted):
        assert (compiled.kakuro_checker() is not None) == wanted
        return check_kakuro(shape, totals, givens, limit=limit, max_nodes=budget)


@pytest.mark.parametrize("seed", range(80))
def test_the_compiled_check_finds_what_the_python_finds_in_the_same_nodes(seed):
    case = random_case(seed)
    assert checked(case, True) == checked(case, False)


def test_the_cases_compared_meet_each_outcome():
    results = [checked(random_case(seed), True) for seed in range(80)]
    assert {r.count for r in results} >= {0, 1, 2}
    assert {r.complete for r in results} == {True, False}
    assert max(r.nodes for r in results) > 30


def test_a_pinned_check_on_the_compiled_core():
    result = checked(random_case(5), True)
    assert (result.count, result.complete, result.nodes) == (2, True, 7)


@pytest.mark.parametrize("seed", range(3))
def test_a_made_extreme_kakuro_is_proven_alike_on_both_cores(seed):
    puzzle, _ = generate_kakuro(12, seed, "extreme")
    case = (puzzle.shape, puzzle.extras.totals, puzzle.givens.cells, 2, None)
    found = checked(case, True)
    assert found == checked(case, False)
    assert (found.count, found.solutions[0], found.complete) == \
        (1, puzzle.solution.cells, True)
    assert found.nodes > 20  # it branched: the proof is more than settling


def test_the_compiled_check_refuses_runs_and_sets_that_do_not_match():
    shape, totals, givens, _, _ = random_case(2)
    runs = [tuple(unit.cells) for unit in shape.units]
    checker = compiled.extension().kakuro_check
    with pytest.raises(ValueError, match="different sizes"):
        checker(runs, [(0b11,)] * (len(runs) - 1), [0x1ff] * len(givens), 2, -1)
