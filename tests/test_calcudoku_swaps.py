"""A Calcudoku draft's second solution by swapping two values along a cycle (calcudoku/
swaps.py, csrc/calcswap.c): the cycles make Latin squares; on the changes a climb makes
(the three cage types, 4x4-9x9) the compiled search finds the cycle the Python finds;
each one found is a second solution (so the grader, which a climb no longer asks, could
not have finished the draft); pinned for fixed seeds."""

from __future__ import annotations

import pytest

from bookmaker.core import compiled
from bookmaker.core.calcudoku import generate
from bookmaker.core.calcudoku.climbstep import OPERATION_CODES, climb_step_in_c
from bookmaker.core.calcudoku.generate import RECIPES, first_draft, made_unique, reshapings
from bookmaker.core.calcudoku.kind import ADDITION_CALCUDOKU, CALCUDOKU, HIDDEN_CALCUDOKU
from bookmaker.core.calcudoku.swaps import second_by_swap, swap_cycles, swap_in_python
from bookmaker.core.generate.graded import attempt_seed
from bookmaker.core.rng import Rng


def _changes(kind, size: int, seed: int) -> list:
    """A unique first draft's changes anywhere (reshapings()), those with tables."""
    shape, rng, recipe = kind.board(kind.frame(size)), Rng(seed), RECIPES["expert"]
    draft = None
    while draft is None:
        draft = made_unique(first_draft(kind.cages_type, shape, rng, recipe), rng, recipe)
    return [d for d in reshapings(draft, rng, recipe, None) if d.grading_tables() is not None]


def _swapped(draft, index: int) -> list[int]:
    """The draft's solution with the index-th cycle's values exchanged."""
    values = list(draft.solution)
    for cell, value in swap_cycles(draft.shape.size, draft.solution)[index].items():
        values[cell] = value
    return values


def test_each_cycle_swapped_is_another_latin_square():
    draft = _changes(CALCUDOKU, 6, 1)[0]
    n, cycles = 6, swap_cycles(6, draft.solution)
    for index, swapped in enumerate(cycles):
        values = _swapped(draft, index)
        assert all(values[cell] != draft.solution[cell] for cell in swapped)
        assert all(len(set(values[r * n:(r + 1) * n])) == n for r in range(n))
        assert all(len(set(values[c::n])) == n for c in range(n))
    # the cycles of values 2 and 5 hold their cells once each
    twos_and_fives = [cell for cycle in cycles if set(cycle.values()) == {2, 5} for cell in cycle]
    assert sorted(twos_and_fives) == [c for c in range(36) if draft.solution[c] in (2, 5)]
    assert (len(cycles), sum(len(cycle) > 4 for cycle in cycles)) == (59, 48)


@pytest.mark.parametrize("kind, size, seed, expected", [
    (CALCUDOKU, 4, 0, (32, 5)),
    (CALCUDOKU, 6, 0, (83, 9)),
    (ADDITION_CALCUDOKU, 6, 1, (50, 7)),
    (HIDDEN_CALCUDOKU, 6, 2, (53, 5)),
    # 9x9: Rng(0)'s first unique draft is proven from where the grader stalls; the search
    # from a blank board ran out of nodes on it, and the draft after it was taken
    (CALCUDOKU, 9, 0, (117, 7)),
])
def test_a_swap_found_is_a_second_solution_and_c_finds_the_pythons(kind, size, seed, expected):
    swap, found = compiled.calcudoku_swapper(), 0
    changes = _changes(kind, size, seed)
    for draft in changes:
        tables = draft.grading_tables()[0]
        index = swap_in_python(size, tables, draft.solution)
        if swap is not None:
            assert swap(size, draft.solution, tables) == index
        assert second_by_swap(size, tables, draft.solution) == (index >= 0)
        with compiled.using(False):  # the pure core's answer
            assert second_by_swap(size, tables, draft.solution) == (index >= 0)
        if index >= 0:
            found += 1
            values = _swapped(draft, index)
            assert all(tuple(values[c] for c in cells) in generate._fillings(draft, cells, op)
                       for cells, op in draft.groups)
            assert generate._other_solution(draft) is not None
    assert (len(changes), found) == expected


def _groups_of(key: bytes) -> list:
    """The (cells, operation) groups of a cache key (climbstep.groups_key())."""
    groups, at = [], 0
    while at < len(key):
        count = key[at]
        groups.append((tuple(key[at + 1:at + 1 + count]), OPERATION_CODES[key[at + 1 + count]]))
        at += count + 2
    return groups


@pytest.mark.compiled_core
def test_a_compiled_climb_drops_each_change_a_swap_shows_not_unique(monkeypatch):
    """Of the changes a climb kept in the cache, those a swap shows not unique are dropped
    (None, as the grader, which the climb does not ask of them, could not finish them):
    counted, with those it graded and found stalled."""
    made: list = []

    def step(draft, *args):
        made.append(draft.made)
        return climb_step_in_c(draft, *args)

    monkeypatch.setattr(generate, "climb_step_in_c", step)
    shape = CALCUDOKU.board(CALCUDOKU.frame(6))
    found = generate.make_attempt(CALCUDOKU.cages_type, shape, attempt_seed(2, 0), "expert")
    assert all(cages is made[0] for cages in made)
    solution, kept = made[0].solution, made[0].grades_kept
    swapped = stalled = 0
    for (key, _), grade in kept.items():
        draft = generate.Draft(CALCUDOKU.cages_type, shape, solution, _groups_of(key), made[0])
        tables = draft.grading_tables()
        assert tables is not None
        second = second_by_swap(6, tables[0], solution)
        assert grade is None or not second
        swapped, stalled = swapped + second, stalled + (grade is None and not second)
    assert (found is None, len(made), len(kept), swapped, stalled) == (True, 8, 61, 4, 2)


@pytest.mark.compiled_core
def test_a_solution_that_is_not_a_latin_square_is_refused_not_walked():
    draft = _changes(CALCUDOKU, 4, 0)[0]
    tables, swap = draft.grading_tables()[0], compiled.calcudoku_swapper()
    assert swap(4, draft.solution, tables) == swap_in_python(4, tables, draft.solution)
    repeated = [1, 2, 3, 4] * 4  # each row a permutation, each column one value
    with pytest.raises(ValueError, match="not a Latin square"):
        swap(4, repeated, tables)
