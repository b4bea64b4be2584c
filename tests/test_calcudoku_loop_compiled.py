"""Calcudoku's grading loop in one compiled call (csrc/calcloop.c, calcudoku/quiet.py)
against the Python loop, the reference: on unique drafts of every cage type, from 4x4 to
9x9, up to every ceiling, the same grading (grade, score, hardest technique, each step's
technique and length), the crux's step worded as the Python words it, the same state
reached and the same cells open where it stalls; a grade alone (grade_quietly()) and a
grade with its work (grade_and_work(), what a climb asks) as the grading's; inputs that
do not fit refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bookmaker.core import compiled
from bookmaker.core.board.grid import Grid
from bookmaker.core.calcudoku import quiet
from bookmaker.core.calcudoku import techniques as c
from bookmaker.core.calcudoku.generate import RECIPES, first_draft, hardenings, made_unique
from bookmaker.core.calcudoku.grade import CALCUDOKU_LADDER
from bookmaker.core.calcudoku.kind import ADDITION_CALCUDOKU, CALCUDOKU, HIDDEN_CALCUDOKU
from bookmaker.core.grade.grader import GRADES, Ladder, grade_state_within
from bookmaker.core.rng import Rng

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)

KINDS = (CALCUDOKU, ADDITION_CALCUDOKU, HIDDEN_CALCUDOKU)


def _draft_cages(kind, size: int, seed: int, recipe: str):
    """The cages of a unique draft as generation first makes it (any grade), or None."""
    rng = Rng(seed)
    draft = made_unique(first_draft(kind.cages_type, kind.board(kind.frame(size)), rng,
                                    RECIPES[recipe]), rng, RECIPES[recipe])
    return None if draft is None else draft.cages


def _state(cages) -> c.CalcCandidates:
    return c.CalcCandidates.of(Grid(cages.shape, (0,) * cages.shape.cell_count), cages)


def _graded(cages, ceiling: str, quietly: bool, state: c.CalcCandidates | None = None):
    """(the grading as (grade, score, hardest, guessing, steps), its crux, the state's
    fields after) by the compiled loop (quietly) or the Python's on the pure core, from the
    draft's first state or a copy of `state`."""
    state = _state(cages) if state is None else state.copy()
    with compiled.using(quietly):
        grading = (quiet.graded_quietly(state, ceiling) if quietly else
                   grade_state_within(state, ceiling, CALCUDOKU_LADDER))
    fields = (state.values, state.cell_digits, state.digit_cells, state.open_cells,
              state.unsettled, state.unpermuted)
    if grading is None:
        return None, None, fields
    crux = [step for step in grading.steps if step.technique == grading.hardest][-1:]
    steps = tuple((step.technique, step.length) for step in grading.steps)
    return (grading.grade, grading.score, grading.hardest, grading.guessing, steps), crux, fields


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(KINDS), st.sampled_from((4, 5, 6, 7, 9)), st.integers(0, 10**6),
       st.sampled_from(("medium", "expert")), st.sampled_from(GRADES))
def test_the_compiled_loop_grades_a_draft_as_the_python(kind, size, seed, recipe, ceiling):
    cages = _draft_cages(kind, size, seed, recipe)
    if cages is not None:
        assert _graded(cages, ceiling, True) == _graded(cages, ceiling, False)


@pytest.mark.parametrize("size, seed", [(6, 3), (6, 11), (9, 5)])
def test_the_loop_reaches_hard_techniques_and_stalls_alike(size, seed):
    # Pinned drafts whose gradings go past the easy cage techniques (and, at the ceiling
    # 'expert', stall on some), so the loop's classic twins and areas are exercised.
    cages = _draft_cages(CALCUDOKU, size, seed, "expert")
    found = {ceiling: _graded(cages, ceiling, True) for ceiling in GRADES}
    assert found == {ceiling: _graded(cages, ceiling, False) for ceiling in GRADES}
    assert found["extreme"][0] is not None


def test_drafts_graded_in_turn_are_each_graded_as_alone():
    # The compiled loop remembers what it found of each cage and area's side between
    # looks (csrc/calcfind.c), an area's side also from one call to the next: drafts of
    # two sizes graded in turn, the first again after the others, as the Python grades each.
    drafts = [_draft_cages(CALCUDOKU, size, seed, "expert") for size, seed in ((6, 3), (9, 5))]
    drafts.append(_draft_cages(HIDDEN_CALCUDOKU, 6, 11, "expert"))
    for cages in (*drafts, drafts[0]):
        for ceiling in ("hard", "expert"):
            assert _graded(cages, ceiling, True) == _graded(cages, ceiling, False)


def test_drafts_a_few_cages_apart_graded_in_turn_are_each_graded_as_alone():
    # calcareas.c keeps each group's cages inside and crossing from one call to the next,
    # changed by the cages that came and went, and calcloop.c the plan it last read: a 6x6
    # draft and hardenings of it (a cage or two changed each) graded in turn, up to two
    # ceilings, and the draft again after them, as the Python grades each.
    rng = Rng(3)
    draft = made_unique(first_draft(CALCUDOKU.cages_type, CALCUDOKU.board(CALCUDOKU.frame(6)),
                                    rng, RECIPES["expert"]), rng, RECIPES["expert"])
    used = set()
    for other in (draft, *hardenings(draft, rng, RECIPES["expert"])[:4], draft):
        for ceiling in ("expert", "hard"):
            graded = _graded(other.cages, ceiling, True)
            assert graded == _graded(other.cages, ceiling, False)
            used |= {technique for technique, _ in graded[0][4]} if graded[0] else set()
    assert {"line total", "innies and outies", "innies and outies (4-5 cells)"} <= used


@pytest.mark.parametrize("size, seed", [(6, 3), (9, 5)])
def test_a_state_already_worked_on_grades_as_the_python(size, seed):
    # calcsettle.c counts a line's digits at once where every cell is open with every
    # digit (where a grading starts): a state the Python has taken a few steps on first
    # (some cells placed, some candidates gone) is counted cell by cell, and graded alike.
    cages = _draft_cages(CALCUDOKU, size, seed, "expert")
    state = _state(cages)
    with compiled.using(False):
        assert grade_state_within(state, "beginner", CALCUDOKU_LADDER) is None  # stalls
    assert any(state.values) and state.values.count(0) > size
    for ceiling in ("hard", "expert"):
        assert _graded(cages, ceiling, True, state) == _graded(cages, ceiling, False, state)


# The classic techniques of the ladder, in two orders for ladders of them alone after the
# bulk techniques: with no cage technique before them they find most steps.
CLASSIC = ("naked pair", "hidden pair", "naked triple", "hidden triple", "X-Wing", "XY-Wing",
           "W-Wing", "XYZ-Wing", "Swordfish", "naked quad", "Jellyfish", "hidden quad",
           "simple colouring", "X-Chain", "XY-Chain")
FISH_AND_WINGS_FIRST = ("Jellyfish", "Swordfish", "X-Wing", "simple colouring", "W-Wing",
                        "XYZ-Wing", "XY-Wing", "hidden quad", "naked quad", "hidden triple",
                        "naked triple", "hidden pair", "naked pair", "X-Chain", "XY-Chain")
CHAINS_FIRST = ("simple colouring", "X-Chain", "W-Wing", "XY-Chain",
                *(name for name in CLASSIC if name not in
                  ("simple colouring", "X-Chain", "W-Wing", "XY-Chain")))


def _classic_ladder(order) -> Ladder:
    bulk = {name for name, _ in c.CALCUDOKU_BULK}
    named = {tech.name: tech for tech in CALCUDOKU_LADDER.techniques}
    return Ladder(tuple(tech for tech in CALCUDOKU_LADDER.techniques if tech.name in bulk) +
                  tuple(named[name] for name in order), c.CALCUDOKU_BULK)


def test_the_classic_techniques_find_the_pythons_steps_on_a_calcudoku():
    # The compiled subsets, fish and chains read a Calcudoku's lines where the hand keeps
    # its digits' places (Hand.where, csrc/grade.c's Scratch.where): ladders of the bulk
    # and classic techniques alone, hardest first, fish first and chains first, grade
    # pinned 9x9 drafts step for step as the Python does, and find steps of most classic
    # techniques.
    used = set()
    for order in (CLASSIC[::-1], FISH_AND_WINGS_FIRST, CHAINS_FIRST):
        ladder = _classic_ladder(order)
        assert [kind for kind, _, _ in quiet.compiled_plan(ladder, "extreme")[0]] == [0] * 15
        for kind, seed in ((CALCUDOKU, 4), (CALCUDOKU, 5), (HIDDEN_CALCUDOKU, 5)):
            cages = _draft_cages(kind, 9, seed, "expert")
            compiled_state, python_state = _state(cages), _state(cages)
            with compiled.using(True):
                compiled_steps = quiet.graded_quietly(compiled_state, "extreme", ladder).steps
            with compiled.using(False):
                python_steps = grade_state_within(python_state, "extreme", ladder).steps
            assert ([(step.technique, step.length) for step in compiled_steps] ==
                    [(step.technique, step.length) for step in python_steps])
            assert compiled_state.values == python_state.values
            used |= {step.technique for step in compiled_steps}
    assert used >= {"naked pair", "hidden triple", "naked triple", "hidden quad", "naked quad",
                    "X-Wing", "Jellyfish", "XY-Wing", "XYZ-Wing", "X-Chain", "XY-Chain",
                    "simple colouring"}


def _grade_alone(cages, ceiling: str, quietly: bool):
    """grade_quietly()'s grade and the state's fields after, on either core."""
    state = _state(cages)
    with compiled.using(quietly):
        grade = quiet.grade_quietly(state, ceiling)
    return grade, (state.values, state.cell_digits, state.digit_cells, state.open_cells)


def _grade_and_work(cages, ceiling: str, quietly: bool):
    """grade_and_work() on either core."""
    with compiled.using(quietly):
        return quiet.grade_and_work(_state(cages), ceiling)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(KINDS), st.sampled_from((4, 6, 7, 9)), st.integers(0, 10**6),
       st.sampled_from(("medium", "expert")), st.sampled_from(GRADES))
def test_a_grade_alone_is_the_gradings_grade_on_both_cores(kind, size, seed, recipe,
                                                           ceiling):
    cages = _draft_cages(kind, size, seed, recipe)
    if cages is not None:
        graded = _graded(cages, ceiling, False)[0]
        grade = None if graded is None or graded[3] else graded[0]
        assert _grade_alone(cages, ceiling, True)[0] == grade
        assert _grade_alone(cages, ceiling, False)[0] == grade
        work = None if grade is None else (grade, quiet.work_of(
            [CALCUDOKU_LADDER.rank[technique] for technique, _ in graded[4]], CALCUDOKU_LADDER))
        assert _grade_and_work(cages, ceiling, True) == work
        assert _grade_and_work(cages, ceiling, False) == work


def test_a_grade_alone_stalls_and_finishes_as_the_grading():
    # A pinned 6x6 draft graded 'medium' within 'expert' and stalled within 'easy': one
    # compiled call reaches the Python loop's state and grade (None where it stalls).
    cages = _draft_cages(CALCUDOKU, 6, 3, "expert")
    found = {ceiling: _grade_alone(cages, ceiling, True) for ceiling in GRADES}
    assert {ceiling: grade for ceiling, (grade, _) in found.items()} == {
        "beginner": None, "easy": None, "medium": "medium", "hard": "medium",
        "expert": "medium", "extreme": "medium"}
    for ceiling in GRADES[:-1]:
        python = _graded(cages, ceiling, False)
        assert found[ceiling][1] == python[2][:4]
    # its work: two line-cage intersections (2.98 each), the rest easy techniques
    assert _grade_and_work(cages, "expert", True) == ("medium", 5.96)
    assert _grade_and_work(cages, "expert", False) == ("medium", 5.96)


def test_the_compiled_loop_runs_where_the_core_is_compiled():
    plan = quiet.compiled_plan(CALCUDOKU_LADDER, "extreme")
    assert plan is not None
    in_c, bulk_ranks, in_python = plan
    assert [tech.name for tech in in_python] == ["forcing chain"]
    assert len(in_c) == len(CALCUDOKU_LADDER.up_to("expert")) - len(bulk_ranks)
    with compiled.using(False):
        assert compiled.calcudoku_grader() is None
    with compiled.using(True):
        assert compiled.calcudoku_grader() is not None


def test_one_call_grades_short_of_extreme_on_the_compiled_core_alone():
    plan = quiet.one_call_plan("expert")
    assert plan == quiet.compiled_plan(CALCUDOKU_LADDER, "expert")[:2] + ((),)
    assert quiet.one_call_plan("extreme") is None  # its forcing chain is in Python
    with compiled.using(False):
        assert quiet.one_call_plan("expert") is None


def test_work_weighs_the_steps_past_easy_in_order():
    ladder = CALCUDOKU_LADDER
    ranks = [r for r in range(len(ladder.techniques)) for _ in range(3)][::-1]
    past_easy = [ladder.techniques[r].weight for r in ranks
                 if GRADES.index(ladder.techniques[r].grade) >= GRADES.index("medium")]
    assert quiet.work_of(ranks, ladder) == round(sum(past_easy, 0.0), 6) == 272.04
    assert quiet.work_of([0, 1, 2], ladder) == 0.0


def test_inputs_that_do_not_fit_are_refused():
    cages = _draft_cages(CALCUDOKU, 6, 3, "medium")
    state = _state(cages)
    in_c, bulk_ranks, _ = quiet.compiled_plan(CALCUDOKU_LADDER, "expert")
    with compiled.using(True):
        grade = compiled.calcudoku_grader()
        args = [state.grader_tables(), 6, cages.narrowing_tables, state.values,
                state.cell_digits, state.unsettled, state.unpermuted,
                quiet.group_tables(state.shape), quiet.sums(cages), in_c, bulk_ranks]
        for at, wrong, message in ((7, b"\0" * 4, "groups or sums"),
                                   (8, quiet.sums(cages)[8:], "groups or sums"),
                                   (9, ((1, 0, 99),), "no technique"),
                                   (9, ((0, 0, 999),), "no technique"),
                                   (9, ((0, 0, 23),), "no technique"),  # a Killer's
                                   (9, ((2, 0, 0),), "no technique")):
            with pytest.raises(ValueError, match=message):
                grade(*args[:at], wrong, *args[at + 1:])
        # the values and digits: read straight where each is an int in range, else refused
        for at, item, error in ((3, 7, ValueError), (3, 2**70, ValueError), (3, "1", TypeError),
                                (4, 64, ValueError), (4, -1, ValueError), (4, 1.0, TypeError)):
            wrong = list(args[at])
            wrong[5] = item
            with pytest.raises(error, match="must be"):
                grade(*args[:at], wrong, *args[at + 1:])


def test_a_boards_groups_given_anew_grade_as_before():
    # calcloop.c keeps the tools, and each group's lines, of the grader and groups it was
    # last given: drafts of two sizes graded in turn, the groups also as a fresh copy of
    # their bytes, come to what each grades to first.
    drafts = [_draft_cages(CALCUDOKU, size, seed, "expert") for size, seed in ((6, 3), (9, 5))]
    plan = quiet.one_call_plan("expert")

    def graded(cages, copied: bool):
        grader, groups = quiet.board_tables(cages.shape)
        board = (grader, bytes(bytearray(groups)) if copied else groups)
        return quiet.grade_and_work_of_tables(cages.shape, board, cages.narrowing_tables,
                                              quiet.sums(cages), plan)

    first = [graded(cages, False) for cages in drafts]
    assert first == [_grade_and_work(cages, "expert", False) for cages in drafts]
    assert [graded(cages, copied) for copied in (True, False) for cages in drafts] == first * 2


def test_a_blank_state_graded_from_its_tables_alone_answers_as_the_loop():
    """calcudoku_grade_tables (the tables read and graded in C, no lists) against
    calcudoku_grade on the blank state of unique drafts of the three cage types: the same
    answer, and the crux's cells named where a cage or area technique found it (none for
    a classic technique's or without a crux); sums that do not fit the cages refused."""
    plan = quiet.one_call_plan("expert")
    assert plan is not None
    named: list[str] = []
    for kind, size, seed in ((CALCUDOKU, 6, 3), (CALCUDOKU, 9, 5), (ADDITION_CALCUDOKU, 6, 1),
                             (HIDDEN_CALCUDOKU, 7, 4), (CALCUDOKU, 6, 11)):
        cages = _draft_cages(kind, size, seed, "expert")
        state, (grader, groups) = _state(cages), quiet.board_tables(cages.shape)
        args = (grader, size, cages.narrowing_tables, groups, quiet.sums(cages), *plan[:2])
        answer, cells = compiled.calcudoku_table_grader()(*args)
        assert answer == compiled.calcudoku_grader()(
            grader, size, cages.narrowing_tables, state.values, state.cell_digits,
            state.unsettled, state.unpermuted, groups, quiet.sums(cages), *plan[:2])
        crux = answer[-1]
        kind_of_crux = None if crux is None else \
            next(k for k, rank, _ in plan[0] if rank == answer[2][crux[0]][0])
        assert (cells is not None) == (kind_of_crux == quiet.CAGE)
        named.append(CALCUDOKU_LADDER.techniques[answer[2][crux[0]][0]].name
                     if cells else "")
        with pytest.raises(ValueError, match="groups or sums"):
            compiled.calcudoku_table_grader()(*args[:4], quiet.sums(cages)[8:], *args[5:])
    assert named == ["line-cage intersection", "cage-line intersection", "line total",
                     "cage-line intersection", ""]
