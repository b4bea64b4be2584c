"""A Calcudoku expert climb's step in one compiled call (csrc/calcclimb.c,
calcudoku/climbstep.py) against generate.climb_choice_in_python, the reference: at every
climb step of real expert attempts (the three cage types, 6x6 and 7x7, near a crux and
not), the same change kept, the same grade climbed or not, the rng left in the same
place, and the same gradings kept under the same keys."""

from __future__ import annotations

import pytest

from bookmaker.core import compiled
from bookmaker.core.calcudoku import generate
from bookmaker.core.calcudoku.climbstep import NOT_IN_C, climb_step_in_c
from bookmaker.core.calcudoku.generate import RECIPES, make_attempt
from bookmaker.core.calcudoku.kind import ADDITION_CALCUDOKU, CALCUDOKU, HIDDEN_CALCUDOKU
from bookmaker.core.generate.graded import attempt_seed
from bookmaker.core.rng import Rng

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)


def _both(steps: list, draft, near, rng: Rng, recipe, ceiling: str, level: int):
    """climb_step_in_c() checked against the Python on a copy of the rng and a cleared
    cache each (what each keeps compared after); the compiled choice returned."""
    made, before = draft.made, dict(draft.made.grades_kept)
    made.grades_kept.clear()
    in_python = Rng(rng.state)
    expected = generate.climb_choice_in_python(draft, near, in_python, recipe, ceiling, level)
    kept_by_python = dict(made.grades_kept)
    made.grades_kept.clear()
    found = climb_step_in_c(draft, near, rng, recipe, ceiling, level)
    assert found is not NOT_IN_C
    assert rng.state == in_python.state
    assert made.grades_kept == kept_by_python
    made.grades_kept.update(before)
    if expected is None:
        assert found is None
    else:
        climbed, (removed, added) = found
        assert climbed == expected[0]
        changed = draft.changed(list(removed), list(added), ascending=True)
        assert changed.groups == expected[1].groups
    steps.append((near is None, None if found is None else found[0]))
    return found


def _climbs(monkeypatch, kind, size: int, seed: int, attempts: int) -> list:
    """(no crux, climbed) of each climb step of the attempts, each step checked (_both)."""
    steps: list = []
    monkeypatch.setattr(generate, "climb_step_in_c",
                        lambda *args: _both(steps, *args))
    shape = kind.board(kind.frame(size))
    for attempt in range(attempts):
        made = make_attempt(kind.cages_type, shape, attempt_seed(seed, attempt), "expert")
        if made is not None:
            break
    return steps


@pytest.mark.parametrize("kind, size, seed, attempts, expected", [
    (CALCUDOKU, 6, 2, 3, (15, 5, 0)),
    (ADDITION_CALCUDOKU, 6, 0, 2, (8, 3, 0)),
    (HIDDEN_CALCUDOKU, 6, 0, 2, (8, 2, 0)),
    (CALCUDOKU, 7, 0, 1, (8, 2, 0)),
])
def test_a_compiled_climb_step_keeps_the_pythons_change(monkeypatch, kind, size, seed,
                                                        attempts, expected):
    steps = _climbs(monkeypatch, kind, size, seed, attempts)
    climbed = sum(1 for _, up in steps if up)
    assert (len(steps), climbed, sum(1 for bare, _ in steps if bare)) == expected


@pytest.mark.parametrize("kind, size, seed, expected", [
    (HIDDEN_CALCUDOKU, 6, 4, (True, False, None)),
    (CALCUDOKU, 9, 5, (True, False, None)),
])
def test_a_step_without_a_crux_tries_every_change_alike(kind, size, seed, expected):
    """From a first unique draft, every change of the board (no crux: near is None) at
    levels 0, 3 and 4 (beginner, hard, expert): the same choice, the rng where the Python
    leaves it."""
    rng, recipe = Rng(seed), RECIPES["expert"]
    draft = generate.made_unique(generate.first_draft(
        kind.cages_type, kind.board(kind.frame(size)), rng, recipe), rng, recipe)
    assert draft is not None
    steps: list = []
    for level in (0, 3, 4):
        _both(steps, draft, None, rng, recipe, "expert", level)
    assert tuple(up for _, up in steps) == expected


def test_the_pure_core_leaves_the_step_to_the_python():
    rng = Rng(5)
    draft = generate.first_draft(CALCUDOKU.cages_type, CALCUDOKU.board(CALCUDOKU.frame(6)),
                                 rng, RECIPES["expert"])
    state = rng.state
    with compiled.using(False):
        assert climb_step_in_c(draft, None, rng, RECIPES["expert"], "expert", 2) is NOT_IN_C
    assert rng.state == state
