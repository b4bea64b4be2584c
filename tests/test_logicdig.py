"""Digging by logic: beginner puzzles whose every clue is needed by singles."""

from __future__ import annotations

import pytest

from bookmaker.core.board.grid import Grid, format_grid
from bookmaker.core.board.shape import parse_shape, shape_of
from bookmaker.core.generate.graded import generate_graded
from bookmaker.core.generate.logicdig import dig_singles, solved_by_singles
from bookmaker.core.generate.removal import Clues, random_solution
from bookmaker.core.grade.grader import grade
from bookmaker.core.rng import Rng
from bookmaker.core.solve.solver import count_solutions

pytestmark = pytest.mark.both_cores  # conftest.py: on the compiled and the pure core


def dug(box, seed: int, symmetry: str = "none") -> tuple[Grid, tuple[int, ...]]:
    shape = shape_of(*box)
    rng = Rng(seed)
    solution = random_solution(shape, rng)
    clues = Clues(shape, solution)
    dig_singles(clues, rng.shuffled(shape.orbits(symmetry)))
    return Grid(shape, tuple(clues.givens)), solution


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 3), (4, 4)])
def test_a_dug_grid_is_unique_beginner_and_every_clue_is_needed_by_singles(box):
    for seed in range(3):
        grid, solution = dug(box, seed)
        assert count_solutions(grid).unique and count_solutions(grid).solution == solution
        assert grade(grid).grade == "beginner"
        for cell, value in enumerate(grid.cells):
            if value:   # any one clue more taken away and singles no longer finish it
                fewer = grid.cells[:cell] + (0,) + grid.cells[cell + 1:]
                assert not solved_by_singles(grid.shape, fewer)


def test_a_symmetric_dig_blanks_whole_orbits():
    grid, _ = dug((3, 3), 4, "rotational")
    assert all(bool(grid.cells[i]) == bool(grid.cells[80 - i]) for i in range(81))


def test_singles_are_told_apart_from_what_needs_more():
    solution = dug((3, 3), 0)[1]
    assert solved_by_singles(shape_of(3, 3), solution)
    assert not solved_by_singles(shape_of(3, 3), (0,) * 81)


@pytest.mark.parametrize("size, givens", [
    ("9x9", ".7....4....153.....6........851.....9...7..167..8....4.....75...23..9.676....8..."),
    ("16x16", ".3.8..FEB45C...D...ED...G....4...7.A.....9..2.8C..C.9...D.F.G...9.2..4.....AC61."
              "FA..B....6..5..8C..7.9.F...3..G.....8..A.1E....B7..9...5.B.2..6..4..3B...G..9E2"
              ".51..4.....A..8.....6G897...F.......1...9A.....E.D8.5....E24.6.A...9..C3......D"
              "...G..2..4.C8.3.B.")])
def test_a_seed_makes_exactly_the_pinned_beginner_puzzle(size, givens):
    puzzle, grading = generate_graded(parse_shape(size), 2026, "beginner")
    assert (format_grid(puzzle.givens), grading.grade) == (givens, "beginner")
