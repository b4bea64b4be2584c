"""A climb's draft graded from its tables with its crux's cells alone (calcudoku/crux.py,
csrc/calcareatables.c, and csrc/calcloop.c's calcudoku_grade_tables, which names a cage
or area technique's crux cells where it finds the step) against the reference, the
draft's cage set graded with its crux worded (quiet.graded_quietly): on unique drafts of
the three cage types and every change a climb may try near their crux, the same grade,
score and hardest technique, the same cells near the crux (generate._crux_cells) and the
same cells open where it stalls; a draft's areas made in C as techniques.area_tables
makes them; the pure core words the crux in Python."""

from __future__ import annotations

from collections import Counter

import pytest

from bookmaker.core import compiled
from bookmaker.core.calcudoku import generate, quiet
from bookmaker.core.calcudoku import techniques as c
from bookmaker.core.calcudoku.generate import RECIPES, first_draft, made_unique, reshapings
from bookmaker.core.calcudoku.kind import ADDITION_CALCUDOKU, CALCUDOKU, HIDDEN_CALCUDOKU
from bookmaker.core.generate.graded import attempt_seed
from bookmaker.core.rng import Rng

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)

CASES = [(CALCUDOKU, 6, 3), (CALCUDOKU, 6, 11), (CALCUDOKU, 9, 5), (CALCUDOKU, 5, 2),
         (ADDITION_CALCUDOKU, 6, 1), (HIDDEN_CALCUDOKU, 7, 4)]


def _drafts(kind, size: int, seed: int) -> list[generate.Draft]:
    """A unique draft as an expert attempt first makes it, and every change a climb may
    try of it (reshapings())."""
    rng, recipe = Rng(seed), RECIPES["expert"]
    draft = made_unique(first_draft(kind.cages_type, kind.board(kind.frame(size)), rng,
                                    recipe), rng, recipe)
    assert draft is not None
    return [draft, *reshapings(draft, rng, recipe)]


def _reference(draft: generate.Draft):
    """(grading, open cells) as _graded() made it before crux.py: the cage set's state
    graded by the compiled loop, its crux worded in Python."""
    state = c.CalcCandidates.of(generate._blank(draft.shape), draft.cages)
    grading = quiet.graded_quietly(state, "expert")
    return (None, state.open_cells) if grading is None else (grading, 0)


def _summary(draft: generate.Draft, graded) -> tuple:
    grading, open_cells = graded
    if grading is None:
        return None, open_cells
    return grading.grade, grading.score, grading.hardest, generate._crux_cells(draft, grading)


def test_a_drafts_crux_cells_from_its_tables_are_the_pythons():
    hardest: Counter[str] = Counter()
    for kind, size, seed in CASES:
        for draft in _drafts(kind, size, seed)[:50]:
            graded = generate._graded(draft, "expert")
            assert _summary(draft, graded) == _summary(draft, _reference(draft))
            hardest[graded[0].hardest if graded[0] else "stalled"] += 1
    # every kind of crux met: cage, area and classic techniques, and bulk-only gradings
    assert hardest == {'cage-line intersection': 67, 'cage permutations': 51,
                       'cage combinations': 33, 'line total': 31, 'line-cage intersection': 13,
                       'innies and outies': 10, 'innies and outies (4-5 cells)': 1,
                       'hidden pair': 1, 'X-Wing': 1, 'Swordfish': 1, 'stalled': 89}


def test_the_crux_step_holds_its_cells_alone_compiled_and_is_worded_on_the_pure_core():
    draft = _drafts(CALCUDOKU, 6, 3)[0]
    for in_c in (True, False):
        with compiled.using(in_c):
            grading, _ = generate._graded(draft, "expert")
        crux = [step for step in grading.steps if step.technique == grading.hardest][-1]
        assert (crux.explanation == "") == in_c and crux.cells
    assert grading.hardest == "line-cage intersection"


def test_a_drafts_areas_made_in_c_are_techniques_area_tables():
    tabler = compiled.calcudoku_area_tabler()
    for kind, size, seed in CASES:
        for draft in _drafts(kind, size, seed)[:12]:
            cages, shape = draft.cages, draft.shape
            count = shape.cell_count
            made = tabler(shape.size, cages.narrowing_tables, [0] * count,
                          [(1 << shape.size) - 1] * count, quiet.group_tables(shape),
                          quiet.sums(cages))
            assert made == c.area_tables(cages)


def test_area_tables_refuse_sums_that_do_not_fit():
    cages = _drafts(CALCUDOKU, 4, 0)[0].cages
    with pytest.raises(ValueError, match="do not fit"):
        compiled.calcudoku_area_tabler()(4, cages.narrowing_tables, [0] * 16, [15] * 16,
                                         quiet.group_tables(cages.shape),
                                         quiet.sums(cages)[8:])


def test_a_compiled_climbs_kept_draft_has_the_pythons_grading_and_crux(monkeypatch):
    """The grading _climbed() makes of the draft a compiled climb step keeps, from the
    grader's answer the step hands back, is the reference's (grade, score, hardest, crux
    cells) at each climb of three 6x6 expert attempts."""
    climbed, checked = generate._climbed, Counter()

    def checking(*args):
        found = climbed(*args)
        if found is not None:
            kept, grading = found
            assert _summary(kept, (grading, 0)) == _summary(kept, _reference(kept))
            checked[grading.hardest] += 1
        return found
    monkeypatch.setattr(generate, "_climbed", checking)
    shape = CALCUDOKU.board(CALCUDOKU.frame(6))
    for attempt in range(3):
        generate.make_attempt(CALCUDOKU.cages_type, shape, attempt_seed(2, attempt), "expert")
    assert checked == {'innies and outies (4-5 cells)': 13, 'line-cage intersection': 4,
                       'X-Wing': 2, 'XY-Chain': 2, 'innies and outies': 2}
