"""A generator's new cage as the compiled grading reads it, made in C (csrc/calcwords.c)
against DraftCages.words_in_python, the reference: on random solutions of every size 3-9,
the three cage types, connected cages of 1-MAX_CAGE cells with every operation their
values allow, the same words and known sum, and the same cage part made from them as the
Python's; pinned for a few cages; and what the compiled hardening keeps is what the
Python makes."""

from __future__ import annotations

from array import array

import pytest

from bookmaker.core import compiled
from bookmaker.core.calcudoku import generate
from bookmaker.core.calcudoku.cages import HIDDEN, cages_of_solution
from bookmaker.core.calcudoku.climbstep import NOT_IN_C, OPERATION_CODES, harden_in_c, shown_codes
from bookmaker.core.calcudoku.generate import RECIPES, DraftCages
from bookmaker.core.calcudoku.kind import CALCUDOKU, CALCUDOKU_KINDS, HIDDEN_CALCUDOKU
from bookmaker.core.calcudoku.layout import MAX_CAGE, around
from bookmaker.core.generate.removal import random_solution
from bookmaker.core.rng import Rng

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)


def _cage(n: int, count: int, rng: Rng) -> tuple[int, ...]:
    """A connected cage of up to `count` cells grown from a random cell (ascending)."""
    cells = [rng.below(n * n)]
    while len(cells) < count:
        touching = sorted({d for c in cells for d in around(n)[c]} - set(cells))
        cells.append(touching[rng.below(len(touching))])
    return tuple(sorted(cells))


def _groups(made: DraftCages, rng: Rng, per_size: int) -> list:
    """(cells, operation) groups of 1-MAX_CAGE cells, each with every operation the type
    makes over its values."""
    n, found = made.shape.size, []
    for count in range(1, MAX_CAGE + 1):
        for _ in range(per_size):
            cells = _cage(n, count, rng)
            values = [made.solution[c] for c in cells]
            found += [(cells, op) for op in made.cages_type.operations_over(values)]
    return found


def _words_in_c(made: DraftCages, group):
    return compiled.extension().calcudoku_words(
        made.shape.size, made.solution, OPERATION_CODES, shown_codes(made.cages_type), group)


@pytest.mark.parametrize("kind", CALCUDOKU_KINDS)
def test_a_new_cages_words_in_c_are_the_pythons(kind):
    operations = set()
    for n in range(3, 10):
        rng = Rng(n)
        shape = kind.board(kind.frame(n))
        made = DraftCages(kind.cages_type, shape, random_solution(shape, rng))
        groups = _groups(made, rng, 12)
        for group in groups:
            assert _words_in_c(made, group) == made.words_in_python(group), group
            alone = cages_of_solution(kind.cages_type, shape, [group], made.solution)
            assert made.part(group) == (alone.cages[0], alone.masks[0], alone.cage_words[0])
        operations.update(op for _, op in groups)
    assert operations == {HIDDEN, *kind.cages_type.made_with}


def test_a_cages_words_pinned():
    shape = CALCUDOKU.board(CALCUDOKU.frame(4))
    solution = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    made = DraftCages(CALCUDOKU.cages_type, shape, solution)
    words, known = _words_in_c(made, ((0, 1), "÷"))  # 1 and 2: 2÷, filled 12 or 21 or 24 or 42
    assert words == array("Q", [2, 4, 0, 1, 0b0010_0001, 0b0001_0010, 0b1000_0010,
                                0b0010_1000]).tobytes()
    assert known == array("q", [-1]).tobytes()
    assert _words_in_c(made, ((5,), HIDDEN)) == (
        array("Q", [1, 1, 5, 0b1000]).tobytes(), array("q", [4]).tobytes())
    hidden = DraftCages(HIDDEN_CALCUDOKU.cages_type, shape, solution)
    assert _words_in_c(hidden, ((0, 1, 4), "+"))[1] == array("q", [-1]).tobytes()
    assert _words_in_c(hidden, ((0, 1, 4), "+")) == hidden.words_in_python(((0, 1, 4), "+"))


def test_cells_are_read_in_ascending_order_as_the_cage_keeps_them():
    shape = CALCUDOKU.board(CALCUDOKU.frame(6))
    made = DraftCages(CALCUDOKU.cages_type, shape, random_solution(shape, Rng(1)))
    assert _words_in_c(made, ((7, 1, 6), "+")) == made.words_in_python(((1, 6, 7), "+"))


def test_values_that_make_nothing_are_refused_by_both():
    shape = CALCUDOKU.board(CALCUDOKU.frame(4))
    solution = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    made = DraftCages(CALCUDOKU.cages_type, shape, solution)
    with pytest.raises(ValueError):
        made.words_in_python(((1, 2), "÷"))  # 2 and 3
    with pytest.raises(ValueError):
        _words_in_c(made, ((1, 2), "÷"))


@pytest.mark.parametrize("kind, seed, new", [(CALCUDOKU, 3, 11), (HIDDEN_CALCUDOKU, 4, 16)])
def test_the_words_a_compiled_hardening_keeps_are_the_pythons(kind, seed, new):
    rng, recipe = Rng(seed), RECIPES["medium"]
    draft = generate.made_unique(generate.first_draft(
        kind.cages_type, kind.board(kind.frame(6)), rng, recipe), rng, recipe)
    assert draft is not None
    made = draft.made
    before = set(made.words_kept)
    assert harden_in_c(draft, rng, recipe, "medium", "medium", generate.CHANGES) is not NOT_IN_C
    added = set(made.words_kept) - before
    assert len(added) == new
    for group in added:
        assert made.words_kept[group] == made.words_in_python(group)


def test_cages_of_one_size_target_and_operation_keep_the_fillings_of_their_own_shape():
    """calcwords.c keeps fillings by which cells share a line: a straight cage and an L of
    the same sum get their own (the L's two ends may hold one value twice), each the Python's,
    asked in either order and again."""
    shape = CALCUDOKU.board(CALCUDOKU.frame(6))
    solution = tuple((row + column) % 6 + 1 for row in range(6) for column in range(6))
    made = DraftCages(CALCUDOKU.cages_type, shape, solution)
    straight, bent = ((0, 1, 2), "+"), ((0, 6, 7), "+")  # 1 2 3 and 1 2 3 down and across
    found = [_words_in_c(made, group) for group in (straight, bent, straight, bent)]
    assert found == [made.words_in_python(group) for group in (straight, bent) * 2]
    assert len(found[1][0]) - len(found[0][0]) == 8  # one filling more: 1 4 1
