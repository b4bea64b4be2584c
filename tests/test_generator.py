"""The generator: unique verified puzzles for every shape, reproducible, symmetric, minimal."""

from __future__ import annotations

from functools import cache

import pytest

from bookmaker.core.board.grid import Grid, is_solution_of
from bookmaker.core.board.shape import shape_of
from bookmaker.core.generate.removal import generate
from bookmaker.core.puzzle import Puzzle
from bookmaker.core.registry import verify_puzzle
from bookmaker.core.solve.dlx import dlx_solve

pytestmark = pytest.mark.both_cores  # conftest.py: on the compiled and the pure core

BOXES = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (2, 5), (3, 4)]
SEEDS = [0, 1, 2**40 + 7]
SYMMETRIC = ["rotational", "mirror", "diagonal"]


def box_id(box) -> str:
    box_rows, box_cols = box
    return f"{box_rows * box_cols}x{box_rows * box_cols}-box{box_rows}x{box_cols}"


@cache
def puzzle_of(box: tuple[int, int], seed: int, symmetry: str = "none",
              target_clues: int = 0) -> Puzzle:
    """Each puzzle is made once and shared by the tests that look at it."""
    return generate(shape_of(*box), seed, symmetry, target_clues)


def mirror_image(cell: int, n: int, symmetry: str) -> int:
    """Where a cell goes under the symmetry, from its row and column."""
    row, col = divmod(cell, n)
    return {"rotational": (n - 1 - row) * n + (n - 1 - col),
            "mirror": row * n + (n - 1 - col),
            "diagonal": col * n + row}[symmetry]


def clue_cells(puzzle: Puzzle) -> set[int]:
    return {cell for cell, value in enumerate(puzzle.givens.cells) if value}


def assert_unique_and_verified(puzzle: Puzzle) -> None:
    """Solution complete and valid, givens taken from it, and DLX finds it alone."""
    assert puzzle.solution.is_complete
    assert is_solution_of(puzzle.solution, puzzle.givens)
    result = dlx_solve(puzzle.givens, limit=2)
    assert (result.count, result.complete) == (1, True)
    assert result.solutions[0] == puzzle.solution.cells
    verify_puzzle(puzzle)


def without(puzzle: Puzzle, cell: int) -> Grid:
    cells = list(puzzle.givens.cells)
    cells[cell] = 0
    return Grid(puzzle.shape, tuple(cells))


# every shape

@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("box", BOXES, ids=box_id)
def test_generated_puzzles_are_unique_with_their_solution(box, seed):
    puzzle = puzzle_of(box, seed)
    assert puzzle.shape == shape_of(*box)
    assert (puzzle.seed, puzzle.symmetry) == (seed, "none")
    assert 0 < puzzle.givens.clue_count < puzzle.shape.cell_count
    assert_unique_and_verified(puzzle)


@pytest.mark.parametrize("box", BOXES, ids=box_id)
def test_the_same_seed_gives_an_equal_puzzle(box):
    again = generate(shape_of(*box), SEEDS[1])
    assert again == puzzle_of(box, SEEDS[1])
    assert again.givens.cells == puzzle_of(box, SEEDS[1]).givens.cells


@pytest.mark.parametrize("box", BOXES, ids=box_id)
def test_different_seeds_give_different_puzzles(box):
    puzzles = [puzzle_of(box, seed) for seed in SEEDS]
    assert len({p.givens.cells for p in puzzles}) == len(SEEDS)
    assert len({p.solution.cells for p in puzzles}) == len(SEEDS)


def test_puzzles_and_clue_positions_vary_across_seeds():
    # Removal goes in a seeded order: no cell is always kept or always blanked.
    puzzles = [puzzle_of((2, 3), seed) for seed in range(40)]
    assert len({p.givens.cells for p in puzzles}) == 40
    for cell in range(36):
        kept = sum(cell in clue_cells(p) for p in puzzles)
        assert 0 < kept < 40, cell


def test_a_16x16_puzzle_with_a_clue_target_is_unique_and_keeps_the_target():
    puzzle = puzzle_of((4, 4), 3, "none", 120)
    assert puzzle.givens.clue_count == 120
    assert_unique_and_verified(puzzle)


# symmetry

@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("symmetry", SYMMETRIC)
@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)], ids=box_id)
def test_the_clue_pattern_is_invariant_under_the_symmetry(box, symmetry, seed):
    puzzle = puzzle_of(box, seed, symmetry)
    clues = clue_cells(puzzle)
    assert {mirror_image(cell, puzzle.shape.size, symmetry) for cell in clues} == clues
    assert puzzle.symmetry == symmetry
    assert_unique_and_verified(puzzle)


def test_an_unknown_symmetry_is_rejected():
    with pytest.raises(ValueError, match="unknown symmetry 'spiral'"):
        generate(shape_of(3, 3), 1, "spiral")


# clue targets

# Targets well above the clue counts removal reaches on its own (even with symmetry), so
# that removal is stopped by the target and not by running out of removable clues first.
@pytest.mark.parametrize("symmetry", ["none"] + SYMMETRIC)
@pytest.mark.parametrize("box, target", [((2, 2), 10), ((2, 3), 20), ((3, 3), 40), ((3, 3), 45),
                                         ((3, 4), 70)], ids=lambda v: box_id(v) if
                         isinstance(v, tuple) else str(v))
def test_a_clue_target_leaves_at_least_that_many_clues_and_stops_near_it(box, target, symmetry):
    largest_orbit = max(len(o) for o in shape_of(*box).orbits(symmetry))
    for seed in (0, 1):
        puzzle = puzzle_of(box, seed, symmetry, target)
        assert target <= puzzle.givens.clue_count < target + largest_orbit
        assert_unique_and_verified(puzzle)


def test_without_symmetry_a_reachable_target_is_met_exactly():
    assert [puzzle_of((3, 3), seed, "none", 36).givens.clue_count for seed in range(3)] == [36] * 3


def test_a_target_above_the_cell_count_keeps_the_whole_solution():
    puzzle = puzzle_of((2, 2), 0, "none", 99)
    assert puzzle.givens == puzzle.solution


def test_a_clue_target_keeps_clues_a_minimal_puzzle_would_drop():
    minimal = puzzle_of((3, 3), 0)
    assert puzzle_of((3, 3), 0, "none", 45).givens.clue_count > minimal.givens.clue_count


@pytest.mark.parametrize("box", [(2, 3), (3, 3), (2, 4)], ids=box_id)
def test_a_removal_check_that_runs_out_of_nodes_keeps_the_clue(box):
    # One node per check: most checks cannot finish, and an unfinished check must never
    # count as proof, so the puzzles stay unique.
    for seed in range(4):
        puzzle = generate(shape_of(*box), seed, removal_max_nodes=1)
        assert_unique_and_verified(puzzle)


# minimality

@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2), (3, 3)], ids=box_id)
def test_without_symmetry_every_remaining_clue_is_needed(box, seed):
    puzzle = puzzle_of(box, seed)
    for cell in clue_cells(puzzle):
        assert dlx_solve(without(puzzle, cell), limit=2).count == 2, cell
