"""Killer cages: the combination tables against brute force, layouts checked, cage peers."""

from __future__ import annotations

from itertools import combinations as choose

import pytest

from bookmaker.core.board.cages import connected
from bookmaker.core.board.shape import shape_of
from bookmaker.core.killer.cages import (
    KILLER_SIZES,
    Cage,
    CageError,
    Cages,
    combinations,
    givens_problems,
    sum_range,
)

FOUR = shape_of(2, 2)
# A 4x4 Killer on the solution 1234/3412/2143/4321: eight dominoes.
DOMINOES = (Cage((0, 1), 3), Cage((2, 3), 7), Cage((4, 8), 5), Cage((5, 6), 5),
            Cage((7, 11), 5), Cage((9, 10), 5), Cage((12, 13), 7), Cage((14, 15), 3))


def brute_force(size: int, symbols: int) -> dict[int, list[int]]:
    """By total, every set of `size` distinct values from 1..symbols, as digit masks, by
    trying every subset."""
    table: dict[int, list[int]] = {}
    for values in choose(range(1, symbols + 1), size):
        table.setdefault(sum(values), []).append(sum(1 << (v - 1) for v in values))
    return table


@pytest.mark.parametrize("symbols", KILLER_SIZES)
def test_the_combination_table_is_brute_force_for_every_size_and_total(symbols):
    for size in range(1, symbols + 1):
        table = brute_force(size, symbols)
        low, high = sum_range(size, symbols)
        assert (low, high) == (min(table), max(table))
        for total in range(low - 2, high + 3):
            assert combinations(size, total, symbols) == tuple(sorted(table.get(total, [])))


def test_well_known_combinations():
    assert combinations(2, 17, 9) == (0b110000000,)           # 8+9
    assert combinations(2, 3, 9) == (0b11,)                   # 1+2
    assert combinations(3, 6, 9) == (0b111,)                  # 1+2+3
    assert combinations(9, 45, 9) == (0b111111111,)
    assert len(combinations(4, 20, 9)) == 12
    assert combinations(2, 18, 9) == ()                       # 9+9 repeats
    assert sum_range(5, 12) == (15, 50) and sum_range(12, 12) == (78, 78)


def test_cages_are_kept_in_one_order_and_compare_by_their_cells_and_totals():
    shuffled = Cages(FOUR, tuple(reversed([Cage(tuple(reversed(c.cells)), c.total)
                                          for c in DOMINOES])))
    assert shuffled == Cages(FOUR, DOMINOES)
    assert shuffled.cages == DOMINOES
    assert shuffled.cage_of == (0, 0, 1, 1, 2, 3, 3, 4, 2, 5, 5, 4, 6, 6, 7, 7)


def test_a_cage_makes_its_cells_peers_but_is_not_a_unit():
    cages = Cages(FOUR, DOMINOES)
    assert cages.peer_masks[4] == FOUR.peer_masks[4]       # r2c1's cage mate r3c1 shares a column
    assert cages.peer_masks[5] == FOUR.peer_masks[5]       # r2c2-r2c3 share a row
    singles = (0, 3, 4, 5, 7) + tuple(range(8, 16))
    wide = Cages(FOUR, (Cage((1, 2, 6), 6),) + tuple(Cage((c,), 1 + c % 4) for c in singles))
    assert wide.peer_masks[1] >> 6 & 1 and not FOUR.peer_masks[1] >> 6 & 1
    assert wide.unit_masks == FOUR.unit_masks and len(wide.unit_masks) == 12


@pytest.mark.parametrize("cages, problem", [
    (DOMINOES[:-1], "2 cells in no cage: r4c3, r4c4"),
    (DOMINOES + (Cage((15,), 1),), "r4c4 is in two cages"),
    (DOMINOES[:-1] + (Cage((14, 15), 9),),
     "2 different symbols from 1-4 cannot add up to 9 (they make 3 to 7)"),
    ((Cage((0, 5), 5), Cage((1, 6), 3)) + DOMINOES[1:3] + DOMINOES[4:],
     "its cells are not connected (a cage is one orthogonally connected piece)"),
    ((Cage(tuple(range(8)), 20), Cage((8, 9, 10, 11, 12), 11), Cage((13, 14, 15), 6)),
     "8 cells, but a cage holds at most 4 (its symbols differ)"),
])
def test_a_layout_that_is_no_killer_says_what_is_wrong(cages, problem):
    with pytest.raises(CageError) as caught:
        Cages(FOUR, cages)
    assert problem in [message for _, message in caught.value.problems]


def test_one_cell_cages_are_cages_too():
    Cages(FOUR, DOMINOES[:-1] + (Cage((14,), 2), Cage((15,), 1)))


def test_givens_that_repeat_in_a_cage_or_fit_no_combination_are_named():
    cages = Cages(FOUR, DOMINOES)
    givens = [0] * 16
    givens[0] = givens[1] = 1                      # cage 3 at r1c1 holds 1 twice
    givens[2] = 1                                  # 7 in two cells of 1-4 is 3+4: no 1
    assert givens_problems(cages, givens) == [
        (0, "the given 1 appears twice in it"),
        (1, "its given 1 fits no way of making 7 in 2 cells")]
    assert givens_problems(cages, [1, 2, 3, 4] + [0] * 12) == []


def test_areas_know_their_innies_and_outies():
    cages = Cages(FOUR, DOMINOES)
    row_one = cages.areas[0]
    assert row_one.name == "row 1" and row_one.innies == 0       # two cages wholly inside
    row_two = cages.areas[1]
    # The cages of r2c1 and r2c4 reach down into row 3: r2c1 + r2c4 = 10 - 5 (the cage of
    # r2c2-r2c3), and r3c1 + r3c4 = 5 + 5 (their cages) - 5.
    assert (row_two.innies, row_two.innie_total) == (1 << 4 | 1 << 7, 5)
    assert (row_two.outies, row_two.outie_total) == (1 << 8 | 1 << 11, 5)


def test_up_to_four_cells_are_connected_exactly_where_their_squares_touch():
    # connected() answers these by counting touching pairs: as the flood fill answers them
    touching = {(a, b) for a in range(16) for b in range(16)
                if abs(a // 4 - b // 4) + abs(a % 4 - b % 4) == 1}
    for a in range(16):
        assert connected(FOUR, (a,)) and connected(FOUR, (a, a))
        for b in range(16):
            if a != b:
                assert connected(FOUR, (a, b)) == ((a, b) in touching)
    assert not connected(FOUR, (3, 4)) and connected(FOUR, (3, 7))  # no wrapping a row
    assert connected(FOUR, (0, 1, 5)) and not connected(FOUR, (0, 1, 6))
    assert connected(FOUR, (0, 1, 4, 5)) and connected(FOUR, (0, 4, 8, 9))  # square, L
    assert not connected(FOUR, (0, 1, 10, 11)) and not connected(FOUR, (2, 3, 4, 5))
    assert connected(FOUR, (0, 1, 2, 6, 10)) and not connected(FOUR, (0, 1, 2, 7, 11))
