"""A Calcudoku expert climb's step in one compiled call (csrc/calcclimb.c,
calcudoku/climbstep.py) against generate.climb_choice_in_python, the reference: at every
climb step of real expert attempts (the three cage types, 6x6 and 7x7, near a crux and
not), the same change kept, the same grade climbed or not, the rng left in the same
place, the same gradings kept under the same keys, and the grader's answer on the change
kept handed back as the grader gives it (generate._climbed words its crux from it), with
its crux's cells where a cage or area technique found it: those crux.py finds again."""

from __future__ import annotations

import pytest

from bookmaker.core import compiled
from bookmaker.core.calcudoku import generate, quiet
from bookmaker.core.calcudoku.climbstep import NOT_IN_C, climb_step_in_c, groups_key, harden_in_c
from bookmaker.core.calcudoku.crux import crux_graded_of_answer, crux_graded_of_named
from bookmaker.core.calcudoku.generate import RECIPES, make_attempt
from bookmaker.core.calcudoku.kind import ADDITION_CALCUDOKU, CALCUDOKU, HIDDEN_CALCUDOKU
from bookmaker.core.calcudoku.layout import around
from bookmaker.core.calcudoku.quiet import grading_of_answer
from bookmaker.core.generate.graded import attempt_seed
from bookmaker.core.rng import Rng

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)


def _both(steps: list, draft, near, rng: Rng, recipe, ceiling: str, level: int):
    """climb_step_in_c() checked against the Python on a copy of the rng and a cleared
    cache each (what each keeps compared after), and the crux's cells it names against
    those crux.py finds; (no crux, climbed, named) into steps; the compiled choice
    returned."""
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
    named = False
    if expected is None:
        assert found is None
    else:
        climbed, (removed, added), answer, cells = found
        assert climbed == expected[0]
        changed = draft.changed(list(removed), list(added), ascending=True)
        assert changed.groups == expected[1].groups
        assert answer == _answer(changed, ceiling)  # the cache was cleared: each graded
        named = _named_as_found(changed, answer, cells, ceiling)
    steps.append((near is None, None if found is None else found[0], named))
    return found


def _named_as_found(draft: generate.Draft, answer: tuple, cells, ceiling: str) -> bool:
    """Whether the climb named the crux's cells, checked against those crux.py finds again
    from the answer's crux state (its grading the same either way)."""
    plan, tables = quiet.one_call_plan(ceiling), draft.grading_tables()
    assert plan is not None and tables is not None
    found, _ = crux_graded_of_answer(draft.shape, answer, *tables, plan,
                                     generate._cage_cells(draft))
    if cells is None:
        return False
    assert crux_graded_of_named(answer, cells) == found
    _, rank, steps, *_, before = answer
    if before is not None and steps[before[0]][0] > rank:
        assert found.steps[before[0]].cells == cells
    return True


def _answer(draft, ceiling: str) -> tuple:
    """The compiled grader's answer on the draft's tables from a blank state."""
    shape, (tables, sums) = draft.shape, draft.grading_tables()
    count, full = shape.cell_count, shape.all_cells_mask
    plan = quiet.one_call_plan(ceiling)
    assert plan is not None
    return compiled.calcudoku_grader()(
        draft.made.board[0], shape.size, tables, [0] * count, [(1 << shape.size) - 1] * count,
        full, full, draft.made.board[1], sums, *plan[:2])


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
    (CALCUDOKU, 6, 2, 3, (15, 5, 0, 12)),
    (ADDITION_CALCUDOKU, 6, 0, 2, (8, 3, 0, 7)),
    (HIDDEN_CALCUDOKU, 6, 0, 2, (8, 2, 0, 1)),
    (CALCUDOKU, 7, 0, 1, (8, 2, 0, 6)),
])
def test_a_compiled_climb_step_keeps_the_pythons_change(monkeypatch, kind, size, seed,
                                                        attempts, expected):
    steps = _climbs(monkeypatch, kind, size, seed, attempts)
    climbed = sum(1 for _, up, _ in steps if up)
    assert (len(steps), climbed, sum(1 for bare, _, _ in steps if bare),
            sum(1 for *_, named in steps if named)) == expected


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
    assert tuple(up for _, up, _ in steps) == expected


def test_the_pure_core_leaves_the_step_to_the_python():
    rng = Rng(5)
    draft = generate.first_draft(CALCUDOKU.cages_type, CALCUDOKU.board(CALCUDOKU.frame(6)),
                                 rng, RECIPES["expert"])
    state = rng.state
    with compiled.using(False):
        assert climb_step_in_c(draft, None, rng, RECIPES["expert"], "expert", 2) is NOT_IN_C
    assert rng.state == state


HARDENED = [(kind, size, grade) for kind in (CALCUDOKU, ADDITION_CALCUDOKU, HIDDEN_CALCUDOKU)
            for size in (4, 6) for grade in ("beginner", "easy", "medium", "hard", "any")] + [
    (CALCUDOKU, 9, "medium"), (HIDDEN_CALCUDOKU, 7, "easy")]


def _hardenings(kind, size: int, grade: str, seeds) -> list[int]:
    """harden_in_c() against hardened_in_python() on a copy of the rng, from the unique
    draft of each seed: the same final groups (or none) and the grading the Python makes
    of them, the rng left alike; per seed, the final draft's count of cages (0: the
    attempt failed)."""
    made: list[int] = []
    recipe = RECIPES["medium" if grade == "any" else grade]
    ceiling = "expert" if grade == "any" else grade
    for seed in seeds:
        rng = Rng(seed)
        draft = generate.made_unique(generate.first_draft(
            kind.cages_type, kind.board(kind.frame(size)), rng, recipe), rng, recipe)
        if draft is None:
            continue
        in_python = Rng(rng.state)
        expected = generate.hardened_in_python(draft, in_python, recipe, grade, ceiling)
        found = harden_in_c(draft, rng, recipe, grade, ceiling, generate.CHANGES)
        assert found is not NOT_IN_C
        assert rng.state == in_python.state
        if expected is None:
            assert found is None
        else:
            groups, rank, steps = found
            assert list(groups) == expected.groups
            assert grading_of_answer(rank, steps) == generate._graded_in_full(expected, ceiling)
        made.append(0 if found is None else len(found[0]))
    return made


@pytest.mark.parametrize("kind, size, grade", HARDENED)
def test_a_compiled_hardening_attempt_ends_where_the_pythons_does(kind, size, grade):
    assert _hardenings(kind, size, grade, range(5 if size < 7 else 2))


def test_compiled_hardening_makes_these_puzzles_of_these_seeds():
    assert [_hardenings(CALCUDOKU, 6, grade, range(6)) for grade in ("easy", "medium")] == [
        [15, 14, 16, 15, 14, 15], [14, 15, 15, 13, 12, 15]]


def test_an_extreme_ceiling_is_left_to_the_python():
    rng, recipe = Rng(3), RECIPES["extreme"]
    draft = generate.first_draft(CALCUDOKU.cages_type, CALCUDOKU.board(CALCUDOKU.frame(6)),
                                 rng, recipe)
    state = rng.state
    assert harden_in_c(draft, rng, recipe, "extreme", "extreme", 40) is NOT_IN_C
    assert rng.state == state


def test_a_cage_larger_than_the_generator_makes_is_left_to_the_python():
    rng, recipe = Rng(1), RECIPES["expert"]
    draft = generate.first_draft(CALCUDOKU.cages_type, CALCUDOKU.board(CALCUDOKU.frame(6)),
                                 rng, recipe)
    owner = {cell: index for index, (cells, _) in enumerate(draft.groups) for cell in cells}
    big = next(i for i, (cells, _) in enumerate(draft.groups) if len(cells) == 4)
    other = next(owner[d] for c in draft.groups[big][0] for d in around(6)[c]
                 if owner[d] != big)
    joined = tuple(sorted(draft.groups[big][0] + draft.groups[other][0]))
    groups = [g for i, g in enumerate(draft.groups) if i not in (big, other)] + [(joined, "+")]
    larger = generate.Draft(draft.cages_type, draft.shape, draft.solution, groups)
    state = rng.state
    assert climb_step_in_c(larger, None, rng, recipe, "expert", 0) is NOT_IN_C
    assert harden_in_c(larger, rng, recipe, "medium", "medium", 40) is NOT_IN_C
    assert rng.state == state and len(joined) > 4


def test_a_change_kept_from_the_cache_hands_back_the_graders_answer(monkeypatch):
    """A climb step that keeps a change graded in an earlier step (its grading in the
    cache) hands back the grader's answer on it, kept beside the grading
    (DraftCages.answers_kept), the same as a fresh grading: no change is graded again for
    its crux (generate._with_crux)."""
    from_cache: list[bool] = []
    climb_step = generate.climb_step_in_c

    def step(draft, near, rng, recipe, ceiling, level):
        before = set(draft.made.grades_kept)
        found = climb_step(draft, near, rng, recipe, ceiling, level)
        if found is not None:
            changed = draft.changed(list(found[1][0]), list(found[1][1]), ascending=True)
            if (groups_key(changed.groups), ceiling) in before:
                from_cache.append(found[2] == _answer(changed, ceiling))
        return found

    monkeypatch.setattr(generate, "climb_step_in_c", step)
    monkeypatch.setattr(generate, "_with_crux", None)  # not called on the compiled core
    shape = CALCUDOKU.board(CALCUDOKU.frame(6))
    made = [make_attempt(CALCUDOKU.cages_type, shape, attempt_seed(2, attempt), "expert")
            for attempt in range(3)]
    assert [m is not None for m in made] == [False, True, True]
    assert from_cache == [True] * 5
