"""A Calcudoku generator's drafts: their cage sets built without the checks they cannot
fail (the kept one checked once), and the crux worded only where a climb reads it."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from bookmaker.core.board.grid import Grid
from bookmaker.core.calcudoku import cages as cage_sets
from bookmaker.core.calcudoku import generate, quiet
from bookmaker.core.calcudoku.cages import CalcCages, CalcudokuError, MathCage
from bookmaker.core.calcudoku.generate import RECIPES, first_draft, hardenings
from bookmaker.core.calcudoku.kind import ADDITION_CALCUDOKU, CALCUDOKU, HIDDEN_CALCUDOKU
from bookmaker.core.calcudoku.techniques import CalcCandidates
from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.rng import Rng


@pytest.mark.parametrize("kind", [CALCUDOKU, ADDITION_CALCUDOKU, HIDDEN_CALCUDOKU])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_drafts_unchecked_cage_set_is_the_checked_one(kind, seed):
    shape, rng = kind.board(kind.frame(6)), Rng(seed)
    draft = first_draft(kind.cages_type, shape, rng, RECIPES["hard"])
    for other in [draft, *hardenings(draft, rng, RECIPES["hard"])[:8]]:
        made = other.cages
        checked = type(made)(shape, made.cages)
        assert type(made) is kind.cages_type
        assert made == checked and made.cages == checked.cages
        assert (made.cage_of, made.masks, made.patterns, made.narrowing_tables) == \
            (checked.cage_of, checked.masks, checked.patterns, checked.narrowing_tables)


def test_drafts_are_checked_once_when_kept(monkeypatch):
    checked = []
    real = cage_sets.layout_problems
    monkeypatch.setattr(cage_sets, "layout_problems",
                        lambda *args: checked.append(1) or real(*args))
    CALCUDOKU.make(MakeRequest(CALCUDOKU.frame(6), 3, "hard"))
    assert len(checked) == 1


def test_a_kept_draft_that_fails_its_checks_is_refused():
    shape = CALCUDOKU.board(CALCUDOKU.frame(4))
    grid = (9,) * 16  # no cell of a 4x4 holds 9
    made = cage_sets.SolutionCages(CalcCages, shape, grid)
    cages = made.cage_set([((c,), "") for c in range(16)])
    assert cages.cages[0] == MathCage((0,), 9)
    with pytest.raises(CalcudokuError, match="no 1 values from 1-4 make 9"):
        generate._proven(shape, 0, "hard", grid, cages)


def test_only_a_targeted_climb_words_the_crux(monkeypatch):
    def refused(*args):
        raise AssertionError("the crux was worded")
    monkeypatch.setattr(quiet, "_crux_step", refused)
    for grade in ("medium", "hard", "extreme"):
        CALCUDOKU.make(MakeRequest(CALCUDOKU.frame(6), 1, grade))


# sha256 of (givens, extras, hardest) over seeds 0-4, as round8 made them.
MADE = {
    "beginner": "5377dc63bdf65c61", "easy": "406686986d0cfeac", "medium": "e5effa15a0312158",
    "hard": "a4d52d244c70d98e", "extreme": "1a5583160b8d7c03",
}


@pytest.mark.parametrize("grade", sorted(MADE))
def test_the_puzzles_made_are_as_before(grade):
    digest = hashlib.sha256()
    for seed in range(5):
        made = CALCUDOKU.make(MakeRequest(CALCUDOKU.frame(6), seed, grade))
        digest.update(repr((made.givens, made.extras, made.hardest)).encode())
    assert digest.hexdigest()[:16] == MADE[grade]


def _graded_both_ways(kind, size: int, seed: int) -> list:
    """Each change a climb tries of a unique expert draft (every fourth), graded up to
    'hard' and 'expert' from its tables (the compiled climb's way), after checking that
    its tables are its cage set's and that grade_and_work() of the cage set agrees."""
    shape, rng, recipe = kind.board(kind.frame(size)), Rng(seed), RECIPES["expert"]
    draft = generate.made_unique(first_draft(kind.cages_type, shape, rng, recipe), rng, recipe)
    assert draft is not None
    found = []
    for other in [draft, *generate.reshapings(draft, rng, recipe)[::4]]:
        tables = other.grading_tables()  # from its parent's, as a climb makes them
        cages = other.cages
        assert tables == (cages.narrowing_tables, quiet.sums(cages))
        for ceiling in ("hard", "expert"):
            plan = quiet.one_call_plan(ceiling)
            assert tables is not None and plan is not None
            graded = quiet.grade_and_work_of_tables(shape, quiet.board_tables(shape), *tables,
                                                    plan)
            state = CalcCandidates.of(Grid(shape, (0,) * shape.cell_count), cages)
            assert graded == quiet.grade_and_work(state, ceiling)
            found.append(graded)
    return found


# What the changes graded come to, per (kind, size, seed): the grades and the work summed.
BY_TABLES = {
    ("calcudoku", 6, 1): ({"hard": 16, "medium": 10, "easy": 6, None: 6}, 351.84),
    ("calcudoku", 9, 4): ({"medium": 38, "hard": 4, None: 6, "easy": 30}, 326.8),
    ("calcudoku-add", 6, 2): ({"easy": 12, None: 8, "beginner": 2}, 0.0),
    ("calcudoku-hidden", 5, 5): ({"beginner": 16}, 0.0),
    ("calcudoku-hidden", 6, 3): ({None: 16, "easy": 12, "medium": 2}, 11.92),
}


@pytest.mark.compiled_core
@pytest.mark.parametrize("name, size, seed", sorted(BY_TABLES))
def test_a_draft_graded_from_its_tables_is_graded_as_its_cage_set(name, size, seed):
    kind = {kind.name: kind for kind in (CALCUDOKU, ADDITION_CALCUDOKU, HIDDEN_CALCUDOKU)}[name]
    found = _graded_both_ways(kind, size, seed)
    grades = Counter(graded and graded[0] for graded in found)
    work = round(sum(graded[1] for graded in found if graded), 6)
    assert (dict(grades), work) == BY_TABLES[name, size, seed]


def medium_draft_and_hardenings() -> list:
    """A unique 6x6 medium draft (seed 5) and the first 12 hardenings of it."""
    shape, rng = CALCUDOKU.board(CALCUDOKU.frame(6)), Rng(5)
    draft = generate.made_unique(first_draft(CalcCages, shape, rng, RECIPES["medium"]), rng,
                                 RECIPES["medium"])
    assert draft is not None
    return [draft, *hardenings(draft, rng, RECIPES["medium"])[:12]]


def test_a_hardenings_grade_alone_is_its_gradings():
    # _grade_of() grades from the draft's tables (quiet.grade_or_stall_of_tables()), and
    # where it stalls hands back the cells open, as _graded() of its cage set does
    found = set()
    for other in medium_draft_and_hardenings():
        for ceiling in ("beginner", "medium"):
            grading, stalled = generate._graded(other, ceiling, crux=False)
            assert generate._grade_of(other, ceiling) == (grading and grading.grade, stalled)
            found.add((grading and grading.grade, stalled > 0))
    assert (None, True) in found and ("beginner", False) in found  # both ways were met


def test_a_hardened_drafts_full_grading_from_its_tables_is_its_cage_sets():
    # what _hardened_attempt() returns (_graded_in_full(): one call on the tables, the
    # steps unworded; or the compiled hardening's own answer, held equal to it in
    # test_calcudoku_climb_compiled) is _graded()'s grading of the cage set, steps and
    # score alike
    grades = Counter()
    for other in medium_draft_and_hardenings():
        grading, _ = generate._graded(other, "hard", crux=False)
        if grading is not None:
            assert generate._graded_in_full(other, "hard") == grading
            grades[grading.grade] += 1
    assert grades == {"beginner": 8, "easy": 4}


def test_a_draft_is_mergeable_exactly_where_it_lists_merges():
    for seed in range(3):
        rng = Rng(seed)
        draft = first_draft(CalcCages, CALCUDOKU.board(CALCUDOKU.frame(6)), rng,
                            RECIPES["medium"])
        for _ in range(10):
            assert draft.mergeable == bool(draft.merges)
            draft = generate.hardened(draft, rng, RECIPES["medium"]) or draft
    squares = generate.Draft(CalcCages, CALCUDOKU.board(CALCUDOKU.frame(4)), (1,) * 16,
                             [((0, 1, 4, 5), "+"), ((2, 3, 6, 7), "+"),
                              ((8, 9, 12, 13), "+"), ((10, 11, 14, 15), "+")])
    assert not squares.mergeable and squares.merges == []
