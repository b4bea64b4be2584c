"""The Calcudoku grader's compiled parts (csrc/calcsettle.c: its bulk techniques;
csrc/calcfind.c: where its cage techniques find their next step) against the pure
Python, the reference: on states of made puzzles with some solution values placed, some
wrong candidates gone and any cells marked changed, the same settled state and hardest
bulk technique, the same step from every technique and the same cells left unpermuted;
whole gradings and made puzzles alike on both cores; tables that do not fit refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bookmaker.core import compiled
from bookmaker.core.board.grid import Grid
from bookmaker.core.calcudoku import techniques as c
from bookmaker.core.calcudoku.grade import (
    CALCUDOKU_LADDER,
    CALCUDOKU_TECHNIQUES,
    grade_calcudoku,
    grade_calcudoku_within,
)
from bookmaker.core.calcudoku.kind import ADDITION_CALCUDOKU, CALCUDOKU, HIDDEN_CALCUDOKU
from bookmaker.core.grade.grader import GRADES, settle
from bookmaker.core.kinds.kind import MakeRequest

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)

KINDS = (CALCUDOKU, ADDITION_CALCUDOKU, HIDDEN_CALCUDOKU)
MADE = {(kind.name, size, grade): kind.make(MakeRequest(kind.frame(size), 38, grade))
        for kind in KINDS for size, grade in ((4, "easy"), (6, "medium"), (9, "easy"))}
CAGE_TECHNIQUES = (c.cage_permutations, c.cage_line_intersection, c.line_cage_intersection,
                   c.line_total, c.innies_and_outies, c.large_innies_and_outies)


@st.composite
def states(draw):
    """A made puzzle's state: solution values placed in some cells, candidates that are
    not the solution's gone from others, and some cells marked changed."""
    puzzle = MADE[draw(st.sampled_from(sorted(MADE)))]
    shape, solution = puzzle.shape, puzzle.solution.cells
    state = c.CalcCandidates.of(Grid(shape, (0,) * shape.cell_count), puzzle.extras)
    cells = shape.all_cells_mask
    placed, thinned = draw(st.integers(0, cells)) & draw(st.integers(0, cells)), \
        draw(st.integers(0, cells))
    for cell in range(shape.cell_count):
        if placed >> cell & 1:
            state.place(cell, solution[cell])
        elif thinned >> cell & 1 and state.values[cell] == 0:
            for value in range(1, shape.size + 1):
                if value != solution[cell] and draw(st.booleans()):
                    state.eliminate(cell, value)
    state.unsettled = draw(st.integers(0, cells))
    state.unpermuted = draw(st.integers(0, cells))
    return state


def _fields(state: c.CalcCandidates) -> tuple:
    return (state.values, state.cell_digits, state.digit_cells, state.open_cells,
            state.unsettled, state.unpermuted)


def _on_both(act, state: c.CalcCandidates) -> dict:
    """act(copy of the state) and the copy's fields after, on each core."""
    found = {}
    for wanted in (True, False):
        with compiled.using(wanted):
            copy = state.copy()
            found[wanted] = act(copy), _fields(copy)
    return found


@settings(max_examples=100, deadline=None)
@given(states())
def test_compiled_settle_is_the_pythons(state):
    found = _on_both(lambda s: settle(s, CALCUDOKU_LADDER), state)
    assert found[True] == found[False]


@settings(max_examples=100, deadline=None)
@given(states(), st.sampled_from(CAGE_TECHNIQUES))
def test_compiled_cage_techniques_find_the_pythons_step(state, technique):
    found = _on_both(technique, state)
    assert found[True] == found[False]


def test_the_compiled_parts_run_where_the_core_is_compiled():
    puzzle = MADE["calcudoku", 6, "medium"]
    state = c.CalcCandidates.of(puzzle.givens, puzzle.extras)
    with compiled.using(True):
        assert state.settled_in_bulk(CALCUDOKU_LADDER) == 4  # cage combinations' rank
        assert c._found_in_c(state, c.PERMUTATIONS, state.unpermuted) is not c.IN_PYTHON
    with compiled.using(False):
        assert state.settled_in_bulk(CALCUDOKU_LADDER) is None


@pytest.mark.parametrize("key", sorted(MADE))
def test_gradings_are_alike_on_both_cores(key):
    puzzle = MADE[key]
    found = {}
    for wanted in (True, False):
        with compiled.using(wanted):
            found[wanted] = (grade_calcudoku(puzzle.givens, puzzle.extras),
                             [grade_calcudoku_within(puzzle.givens, puzzle.extras, grade)
                              for grade in GRADES])
    assert found[True] == found[False]
    assert found[True][0].grade == puzzle.grade


@pytest.mark.parametrize("kind, size, grade", [(CALCUDOKU, 6, "hard"),
                                               (HIDDEN_CALCUDOKU, 5, "medium")])
def test_the_same_puzzles_are_made_on_both_cores(kind, size, grade):
    made = {}
    for wanted in (True, False):
        with compiled.using(wanted):
            puzzle = kind.make(MakeRequest(kind.frame(size), 5, grade))
            made[wanted] = puzzle.extras, puzzle.grade, puzzle.score
    assert made[True] == made[False]
    assert made[True][1] == grade


def test_tables_that_do_not_fit_are_refused():
    extension = compiled.extension()
    puzzle = MADE["calcudoku", 4, "easy"]
    tables = puzzle.extras.narrowing_tables
    for bad in (tables[:-8], tables[:-3], tables[:8], b""):
        with pytest.raises(ValueError):
            extension.calcudoku_settle(4, bad, [0] * 16, [15] * 16, 0, 0)
        with pytest.raises(ValueError):
            extension.calcudoku_find(1, 4, bad, [0] * 16, [15] * 16, None)
    with pytest.raises(ValueError):
        extension.calcudoku_settle(5, tables, [0] * 25, [31] * 25, 0, 0)
    with pytest.raises(ValueError):
        extension.calcudoku_find(3, 4, tables, [0] * 16, [15] * 16, b"\x01" + b"\x00" * 7)


def test_every_cage_technique_is_looked_for_in_c():
    looked = {tech.name for tech in CALCUDOKU_TECHNIQUES if tech.find in CAGE_TECHNIQUES}
    assert looked == {"cage permutations", "cage-line intersection", "line-cage intersection",
                      "line total", "innies and outies", "innies and outies (4-5 cells)"}
