"""The Calcudoku check's compiled fillings (csrc/calcways.c) and search against the pure
Python, the reference: on random cages (any operation, hidden, or one matching nothing)
the same value tuples in the same order; past what C holds, None and the Python's answer;
on made puzzles, the same solutions, completeness and nodes on both cores; the whole check
in one call (csrc/calccheck.c) against its Python glue, on made and loosened cage sets;
the generator's cage layout (csrc/calclayout.c) against the Python's, draw for draw."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bookmaker.core import compiled
from bookmaker.core.calcudoku.check import (
    _listed_ways,
    check_calcudoku,
    check_calcudoku_in_python,
)
from bookmaker.core.calcudoku.kind import CALCUDOKU, CALCUDOKU_KINDS
from bookmaker.core.calcudoku.layout import cage_layout, cage_layout_in_python
from bookmaker.core.checkresult import CheckResult
from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.rng import Rng

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)

OPERATIONS = ("", "+", "−", "×", "÷", "x")  # "x": spelled as no cage of the check is


@st.composite
def cages(draw):
    """A size, cells of a cage anywhere on the board (a walk, so often in one line), a
    target near what they could make, an operation."""
    n = draw(st.integers(1, 9))
    count = draw(st.integers(1, min(5, n * n)))
    cells = sorted(set(draw(st.lists(st.integers(0, n * n - 1), min_size=count,
                                     max_size=count))))
    target = draw(st.integers(-2, 60))
    return n, tuple(cells), target, draw(st.sampled_from(OPERATIONS))


@settings(max_examples=100, deadline=None)
@given(cages())
def test_compiled_fillings_are_the_pythons_in_order(cage):
    assert compiled.extension().calcudoku_ways(*cage) == _listed_ways(*cage)


def test_compiled_fillings_pinned():
    ways = compiled.extension().calcudoku_ways
    assert ways(6, (0, 1, 7), 12, "×") == [
        (1, 2, 6), (1, 3, 4), (1, 4, 3), (1, 6, 2), (2, 1, 6), (2, 3, 2), (2, 6, 1),
        (3, 1, 4), (3, 4, 1), (4, 1, 3), (4, 3, 1), (6, 1, 2), (6, 2, 1)]
    assert ways(4, (0, 1), 2, "") == [(1, 2), (1, 3), (2, 1), (2, 4), (3, 1), (4, 2)]
    assert ways(4, (0, 1), 3, "÷") == [(1, 3), (3, 1)] and ways(4, (0, 1), 5, "÷") == []


def test_past_what_c_holds_it_answers_none_and_the_check_asks_the_python():
    ways = compiled.extension().calcudoku_ways
    assert ways(65, (0, 1), 3, "+") is None
    assert ways(3, tuple(range(9)), 18, "+") is None
    assert ways(3, (0, 1), 2 ** 70, "+") is None
    # One cage of nine cells over a 3x3: only the Python enumerates it, on either core.
    big = [(tuple(range(9)), 18, "+")]
    with compiled.using(True):
        on_compiled = check_calcudoku(3, big, limit=20)
    with compiled.using(False):
        on_pure = check_calcudoku(3, big, limit=20)
    assert on_compiled == on_pure
    assert on_compiled.count == 12 and on_compiled.complete


@pytest.mark.parametrize("size, grade, nodes", [(4, "easy", 10), (6, "medium", 61),
                                                (9, "beginner", 45)])
def test_the_check_answers_alike_on_both_cores(size, grade, nodes):
    puzzle = CALCUDOKU.make(MakeRequest(CALCUDOKU.frame(size), 38, grade))
    cages = [(c.cells, c.target, c.operation) for c in puzzle.extras.cages]
    found = {}
    for wanted in (True, False):
        with compiled.using(wanted):
            found[wanted] = (check_calcudoku(size, cages),
                             check_calcudoku(size, cages, limit=1, max_nodes=3))
    assert found[True] == found[False]
    full, cut = found[True]
    assert full.count == 1 and full.solutions[0] == puzzle.solution.cells
    assert full.nodes == nodes and (cut.complete, cut.nodes) == (False, 3)


@st.composite
def cage_sets(draw):
    """A made puzzle's cages (any of the three types, 4x4 to 6x6), some of them loosened
    (a target or an operation changed, a cage cut in two) so that some sets have several
    solutions or none."""
    kind = draw(st.sampled_from(CALCUDOKU_KINDS))
    size = draw(st.integers(4, 6))
    puzzle = kind.make(MakeRequest(kind.frame(size), draw(st.integers(0, 9)), "beginner"))
    cages = [(c.cells, c.target, c.operation) for c in puzzle.extras.cages]
    for _ in range(draw(st.integers(0, 3))):
        index = draw(st.integers(0, len(cages) - 1))
        cells, target, operation = cages[index]
        if len(cells) > 1 and draw(st.booleans()):
            cages[index:index + 1] = [(cells[:1], draw(st.integers(1, size)), ""),
                                      (cells[1:], target, operation)]
        else:
            cages[index] = (cells, target + draw(st.integers(-2, 2)),
                            draw(st.sampled_from(OPERATIONS)))
    return size, cages


@settings(max_examples=60, deadline=None)
@given(cage_sets(), st.integers(1, 3), st.sampled_from([None, 1, 5, 40]))
def test_the_compiled_check_is_the_pythons(cage_set, limit, max_nodes):
    """calcudoku_check (csrc/calccheck.c) against check_calcudoku_in_python: the same
    count, solutions in order, completeness and nodes, budgets cut or not."""
    size, cages = cage_set
    found = compiled.extension().calcudoku_check(size, cages, limit, max_nodes)
    assert CheckResult(*found) == check_calcudoku_in_python(size, cages, limit, max_nodes)


def test_the_compiled_check_pinned_and_past_what_c_holds():
    check = compiled.extension().calcudoku_check
    # 2x2: the cages 3+ over the top row and 1-cell 2 and 1 below: one solution
    assert check(2, [((0, 1), 3, "+"), ((2,), 2, ""), ((3,), 1, "")], 2, None) == (
        1, ((1, 2, 2, 1),), True, 4)  # as check_calcudoku_in_python counts
    assert check(2, [((0, 1), 3, "+"), ((2, 3), 3, "+")], 2, None)[:3] == (
        2, ((1, 2, 2, 1), (2, 1, 1, 2)), True)
    assert check(2, [], 2, None) == (0, (), True, 0)
    assert check(3, [(tuple(range(9)), 18, "+")], 2, None) is None  # nine cells: Python
    assert check(65, [((0, 1), 3, "+")], 2, None) is None
    with pytest.raises(ValueError):
        check(2, [((0, 1), 3)], 2, None)


@settings(max_examples=150, deadline=None)
@given(st.integers(3, 9), st.integers(0, 2 ** 64 - 1),
       st.lists(st.integers(0, 60), min_size=1, max_size=6).filter(any))
def test_the_compiled_layout_is_the_pythons(n, seed, weights):
    """calcudoku_layout (csrc/calclayout.c) against cage_layout_in_python: the same
    cages from the same stream, and the stream left where the Python leaves it."""
    board, drawn, reference = CALCUDOKU.board(CALCUDOKU.frame(n)), Rng(seed), Rng(seed)
    groups, state = compiled.extension().calcudoku_layout(n, seed, tuple(weights))
    assert groups == cage_layout_in_python(board, reference, weights)
    assert state == reference.state
    assert cage_layout(board, drawn, weights) == groups and drawn.state == state


def test_the_compiled_layout_pinned_and_past_what_c_holds():
    layout = compiled.extension().calcudoku_layout
    groups, _ = layout(4, 7, (16, 56, 24, 4))
    assert groups == cage_layout_in_python(CALCUDOKU.board(CALCUDOKU.frame(4)), Rng(7),
                                           (16, 56, 24, 4))
    assert sorted(cell for group in groups for cell in group) == list(range(16))
    assert layout(17, 7, (1, 1)) is None and layout(4, 7, (0, 0)) is None
    assert layout(4, 7, tuple(range(1, 10))) is None  # more than 8 weights: the Python
