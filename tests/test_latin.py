"""What the Latin-square kinds share: the seeded fill, the square's moves, the search and
digging."""

from __future__ import annotations

from latin_brute import latin_squares

from bookmaker.core.latin.dig import dig
from bookmaker.core.latin.fill import random_latin
from bookmaker.core.latin.moves import moved_values, square_moves
from bookmaker.core.latin.search import full_masks, search
from bookmaker.core.rng import Rng


def _is_latin(n: int, cells) -> bool:
    rows = [cells[r * n:(r + 1) * n] for r in range(n)]
    return all(sorted(line) == list(range(1, n + 1)) for line in rows + list(map(list, zip(*rows))))


def test_the_fill_makes_latin_squares_that_depend_only_on_the_seed():
    for n in range(4, 10):
        square = random_latin(n, Rng(n))
        assert _is_latin(n, square)
        assert random_latin(n, Rng(n)) == square
    assert random_latin(6, Rng(1)) != random_latin(6, Rng(2))
    assert random_latin(4, Rng(3)) == (3, 2, 4, 1, 4, 1, 3, 2, 2, 3, 1, 4, 1, 4, 2, 3)


def test_the_square_has_eight_different_moves_each_a_bijection_keeping_latinness():
    moves = square_moves(5)
    assert len(set(moves)) == 8
    square = random_latin(5, Rng(9))
    for move in moves:
        assert sorted(move) == list(range(25))
        assert _is_latin(5, moved_values(square, move))


def test_the_search_counts_all_576_latin_squares_of_order_four():
    found = search(4, full_masks(4, [0] * 16), lambda masks: False, limit=1000)
    assert (found.count, found.complete) == (576, True) == (len(latin_squares(4)), True)
    assert found.solution in latin_squares(4)


def test_the_search_says_when_its_budget_ran_out():
    found = search(5, full_masks(5, [0] * 25), lambda masks: False, limit=10**6, max_nodes=50)
    assert not found.complete and found.nodes == 50


def test_digging_keeps_exactly_what_acceptance_needs():
    needed = {3, 11, 17}
    kept = dig(list(range(20)), lambda left: needed <= left, Rng(4))
    assert kept == frozenset(needed)


def test_digging_never_asks_the_same_trial_twice():
    """A refused group's first half gone, its second half's trial is the group's again:
    not asked (issue 38); the same items kept."""
    needed = {3, 11, 17, 18}
    asked: list[frozenset] = []

    def accept(left: frozenset) -> bool:
        asked.append(left)
        return needed <= left
    kept = dig(list(range(20)), accept, Rng(4))
    assert kept == frozenset(needed)
    assert len(asked) == len(set(asked)) == 13
