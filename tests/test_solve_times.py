"""Solving times stay inside their grade's band (issue 36: "about 55 min" for a 6x6
Calcudoku medium, "about 280 min" for a 9x9 X)."""

from __future__ import annotations

from bookmaker.design.solvetime import load_time_model, path_minutes


def test_a_long_path_keeps_to_its_grades_band_scaled_to_the_board():
    chains = [("forcing chain", 1)] * 18
    assert path_minutes(chains, 9, 60) == 275  # the steps alone
    assert path_minutes(chains, 9, 60, band=("extreme", 81)) == 90
    totals = [("line total", 1)] * 50
    assert path_minutes(totals, 6, 30) == 50
    assert path_minutes(totals, 6, 30, band=("medium", 36)) == 11  # 25 min x 36/81


def test_a_quick_path_is_raised_to_its_grades_least():
    model = load_time_model()
    assert path_minutes([("hidden single", 1)] * 5, 9, 50, band=("hard", 81)) == 20
    assert model.banded(3.0, "no such grade", 81) == 3.0


def test_a_larger_boards_band_grows_with_its_cells_and_its_scan():
    singles = [("hidden single", 1)] * 170  # a 16x16 beginner's path: 170 x 9 s x 16/9
    assert path_minutes(singles, 16, 170) == 45
    assert path_minutes(singles, 16, 170, band=("beginner", 256)) == 45  # within 11-45
    assert path_minutes(singles * 2, 16, 340, band=("beginner", 256)) == 45  # capped
