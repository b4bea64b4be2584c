"""A Calcudoku first draft's operations drawn in C (csrc/calcdraft.c) against
generate.first_operations_in_python, the reference: on the layouts of the three cage
types at every size 3-9, the same operations and the rng left in the same place; a cage
past what C holds left to the Python, the rng untouched."""

from __future__ import annotations

import pytest

from bookmaker.core import compiled
from bookmaker.core.calcudoku.climbstep import NOT_IN_C, OPERATION_CODES, operations_in_c
from bookmaker.core.calcudoku.generate import RECIPES, first_draft, first_operations_in_python
from bookmaker.core.calcudoku.kind import CALCUDOKU, CALCUDOKU_KINDS
from bookmaker.core.calcudoku.layout import cage_layout
from bookmaker.core.generate.removal import random_solution
from bookmaker.core.rng import Rng

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)


@pytest.mark.parametrize("kind", CALCUDOKU_KINDS)
def test_a_first_drafts_operations_in_c_are_the_pythons(kind):
    drawn = set()
    for size in range(3, 10):
        for seed, recipe in enumerate(RECIPES.values()):
            rng = Rng(seed * 10 + size)
            shape = kind.board(kind.frame(size))
            solution = random_solution(shape, rng)
            cages = cage_layout(shape, rng, recipe.sizes)
            in_python = Rng(rng.state)
            expected = first_operations_in_python(kind.cages_type, solution, cages,
                                                  in_python, recipe)
            operations, state = compiled.extension().calcudoku_operations(
                size, solution, cages, OPERATION_CODES, kind.cages_type.made_with, rng.state,
                (recipe.divide, recipe.subtract, recipe.multiply))
            assert (list(operations), state) == (expected, in_python.state)
            drawn.update(expected)
    assert drawn == {"", *kind.cages_type.made_with}


def test_a_first_draft_pinned():  # as main made it before the operations were drawn in C
    draft = first_draft(CALCUDOKU.cages_type, CALCUDOKU.board(CALCUDOKU.frame(4)), Rng(3),
                        RECIPES["medium"])
    assert [operation for _, operation in draft.groups] == ["+", "×", "×", "+", "÷", ""]


def test_a_cage_past_what_c_holds_is_left_to_the_python():
    shape = CALCUDOKU.board(CALCUDOKU.frame(4))
    rng = Rng(1)
    solution = random_solution(shape, rng)
    state = rng.state
    cages = [(0, 1, 2, 3, 7), (4, 5, 6), *((c,) for c in range(8, 16))]
    assert operations_in_c(CALCUDOKU.cages_type, 4, solution, cages, rng,
                           RECIPES["medium"]) is NOT_IN_C
    assert rng.state == state
