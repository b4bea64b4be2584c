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


def test_a_kind_solved_a_line_at_a_time_is_timed_by_the_lines_model():
    # times.yaml's bands scale by the board's cells and again by its side, as a Sudoku's
    # scan grows: an easy 25x25 Nonogram said "about 320 min", a 12x12 expert Binairo 70 (now 40).
    from bookmaker.core.kinds.kind import MakeRequest
    from bookmaker.core.registry import kind_named
    from bookmaker.design.solvetime import with_minutes

    made = {}
    for name, size in (("nonogram", 10), ("nonogram", 15), ("binairo", 8)):
        kind = kind_named(name)
        assert kind.presentation.time_model == "lines"
        puzzle = kind.make(MakeRequest(kind.frame(size), 3))
        made[name, size] = (puzzle.grade, with_minutes(puzzle).minutes)
    assert made == {("nonogram", 10): ("easy", 6), ("nonogram", 15): ("easy", 14),
                    ("binairo", 8): ("hard", 11)}
    # A 25x25 medium picture's path (seed 3's: 14 simple boxes, 224 overlaps, 8 edge
    # forcings), without making it.
    path = [("simple boxes", 5)] * 14 + [("overlaps", 2)] * 224 + [("edge forcing", 1)] * 8
    assert path_minutes(path, 25, 625, load_time_model("lines"), ("medium", 625)) == 55
    assert kind_named("tango").presentation.time_model == "lines"
    assert kind_named("classic").presentation.time_model == "times"


def test_a_star_battle_is_timed_by_the_lines_model():
    # On times.yaml (120 s a step, pencil marks) a 12x12 two-star said "about 135 min", a
    # 10x10 80 and an 8x8 one-star 20: Grandmaster Puzzles' standards for a 10x10 two-star
    # are 4-20 min for a novice.
    from bookmaker.core.kinds.kind import MakeRequest
    from bookmaker.core.registry import kind_named
    from bookmaker.design.solvetime import with_minutes

    kind = kind_named("starbattle")
    assert kind.presentation.time_model == "lines"
    made = [with_minutes(kind.make(MakeRequest(kind.frame(size), seed)))
            for size, seed in ((6, 3), (8, 0))]
    assert [(p.grade, p.minutes) for p in made] == [("expert", 4), ("medium", 3)]
    # The 12x12 seed 0's path, without making it (10 s).
    path = [("touching", 1)] * 24 + [("confinement", 1)] * 4 + [("pigeonhole", 1)] * 2 + \
        [("contradiction", 1)] * 18
    assert path_minutes(path, 12, 144, load_time_model("lines"), ("expert", 144)) == 40
