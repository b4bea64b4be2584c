"""A cage's fillings as its Pattern keeps them, in C (csrc/calcfill.c) against the pure
Python, the reference: on random places (in one line or not), targets and operations
(hidden, pairs' operations on more cells, one no cage shows) the same fillings in the
same order and the same packing, or None where C holds no answer and the Python's is
taken; pinned for a few cages."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bookmaker.core import compiled
from bookmaker.core.calcudoku.cages import packed_fillings, packed_fillings_in_python

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)

OPERATIONS = ("", "+", "−", "×", "÷", "x")  # "x": spelled as no cage shows it


@st.composite
def cages(draw):
    """n, a cage's places relative to its corner (distinct), a target, an operation."""
    n = draw(st.integers(1, 9))
    count = draw(st.integers(1, 5))
    places = draw(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)),
                           min_size=count, max_size=count, unique=True))
    return tuple(places), draw(st.sampled_from(OPERATIONS)), draw(st.integers(-1, 80)), n


def _pythons(cage):
    try:
        return packed_fillings_in_python(*cage)
    except KeyError:  # an operation it does not know, or one of pairs on more cells
        return None


@settings(max_examples=80, deadline=None)
@given(cages())
def test_the_compiled_fillings_are_the_pythons(cage):
    found = compiled.extension().calcudoku_fillings(*cage)
    assert found is None or found == _pythons(cage)


def test_the_compiled_fillings_pinned():
    fill = compiled.extension().calcudoku_fillings
    l_shape = ((0, 0), (1, 0), (1, 1))
    assert fill(l_shape, "×", 12, 4) == (
        ((1, 3, 4), (1, 4, 3), (2, 3, 2), (3, 1, 4), (3, 4, 1), (4, 1, 3), (4, 3, 1)),
        (0b100001000001, 0b010010000001, 0b001001000010, 0b100000010100,
         0b000110000100, 0b010000011000, 0b000101001000))
    assert fill(((0, 0), (0, 1)), "", 2, 4)[0] == (
        (1, 2), (1, 3), (2, 1), (2, 4), (3, 1), (4, 2))
    assert fill(((0, 0),), "", 5, 6) == (((5,),), (0b10000,))
    assert fill(((0, 0), (0, 1)), "÷", 5, 4) == ((), ())


def test_past_what_c_holds_it_answers_none_and_the_python_answers():
    fill = compiled.extension().calcudoku_fillings
    row = ((0, 0), (0, 1), (0, 2))
    assert fill(row, "−", 2, 6) is None  # a pair's operation on three cells
    assert fill(row, "+", 0, 6) is None and fill(row, "+", 2 ** 70, 6) is None
    assert fill(tuple((0, c) for c in range(8)), "+", 36, 9) is None  # 72 bits packed
    with compiled.using(False):
        pure = packed_fillings_in_python(row, "+", 7, 6)
    with compiled.using(True):
        assert packed_fillings(row, "+", 7, 6) == pure == fill(row, "+", 7, 6)
