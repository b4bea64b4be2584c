"""Floats that lay out a page add up the same on every Python (core/sums.py)."""

from bookmaker.core.sums import added


def test_added_adds_left_to_right_without_compensation():
    # Python 3.12's sum() gives 1.0 here (it compensates); 3.10-3.11's, and added, 0.0.
    assert added([1e16, 1.0, -1e16]) == 0.0


def test_added_matches_a_running_total_of_tenths():
    total = 0.0
    for _ in range(10):
        total += 0.1
    assert added([0.1] * 10) == total == 0.9999999999999999


def test_added_keeps_integers_whole_and_starts_where_asked():
    assert added([1, 2, 3]) == 6 and isinstance(added([1, 2, 3]), int)
    assert added([], 2.5) == 2.5
    assert added(iter([0.5, 0.25]), 1) == 1.75
