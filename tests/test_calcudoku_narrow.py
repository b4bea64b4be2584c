"""The Calcudoku solver's compiled cage narrowing (csrc/calcnarrow.c) against the pure
Python, the reference: on made puzzles' cages and random candidate boards the same
answer and the same boards; tables it cannot read refused with a ValueError; a solve
on either core the same nodes and solution."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bookmaker.core import compiled
from bookmaker.core.calcudoku.kind import CALCUDOKU, HIDDEN_CALCUDOKU
from bookmaker.core.calcudoku.solver import calcudoku_solutions, narrow_cages
from bookmaker.core.kinds.kind import MakeRequest

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)

MADE = {(kind.name, size): kind.make(MakeRequest(kind.frame(size), 38, "easy")).extras
        for kind in (CALCUDOKU, HIDDEN_CALCUDOKU) for size in (4, 6, 9)}


@st.composite
def narrowings(draw):
    """Made cages, candidate boards with some candidates gone, a touched mask."""
    cages = MADE[draw(st.sampled_from(sorted(MADE)))]
    cells = cages.all_cells_mask
    boards = [cells & ~draw(st.integers(0, cells)) & ~draw(st.integers(0, cells))
              for _ in range(cages.shape.size)]
    touched = draw(st.sampled_from([cells, -1, draw(st.integers(0, cells))]))
    return cages, boards, touched


@settings(max_examples=150, deadline=None)
@given(narrowings())
def test_compiled_narrowing_is_the_pythons(case):
    cages, boards, touched = case
    on_pure, on_compiled = boards[:], boards[:]
    expected = narrow_cages(cages, on_pure, touched)
    with compiled.using(True):
        found = compiled.calcudoku_narrower(None)(cages, on_compiled, touched)
    assert (found, on_compiled) == (expected, on_pure)


def test_compiled_narrowing_pinned():
    cages = MADE["calcudoku", 4]
    boards = [cages.all_cells_mask] * 4
    with compiled.using(True):
        assert compiled.calcudoku_narrower(None)(cages, boards, -1) == 1
    assert boards == [63343, 50083, 16231, 51063]


def test_tables_that_do_not_fit_are_refused():
    narrow = compiled.extension().calcudoku_narrow
    tables = MADE["calcudoku", 4].narrowing_tables
    for bad in (tables[:-8], tables[:-3], tables[:8], b""):
        with pytest.raises(ValueError):
            narrow(bad, [0xFFFF] * 4, 0xFFFF)
    with pytest.raises(ValueError):
        narrow(tables, [0xFFFF] * 3, 0xFFFF)
    with pytest.raises(ValueError):
        narrow(tables, [1 << 16] * 4, 0xFFFF)


@pytest.mark.parametrize("name, size", sorted(MADE))
def test_a_solve_is_alike_on_both_cores(name, size):
    cages = MADE[name, size]
    found = {}
    for wanted in (True, False):
        with compiled.using(wanted):
            found[wanted] = calcudoku_solutions(cages, limit=2)
    assert found[True] == found[False] and found[True].unique
