"""A Calcudoku generator's drafts: their cage sets built without the checks they cannot
fail (the kept one checked once), and the crux worded only where a climb reads it."""

from __future__ import annotations

import hashlib

import pytest

from bookmaker.core.calcudoku import cages as cage_sets
from bookmaker.core.calcudoku import generate, quiet
from bookmaker.core.calcudoku.cages import CalcCages, CalcudokuError, MathCage
from bookmaker.core.calcudoku.generate import RECIPES, first_draft, hardenings
from bookmaker.core.calcudoku.kind import ADDITION_CALCUDOKU, CALCUDOKU, HIDDEN_CALCUDOKU
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
