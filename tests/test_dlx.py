"""Dancing Links: known puzzle sets, exact solution counts, clashes, budgets, rectangular boxes."""

from __future__ import annotations

import random
from itertools import permutations

import pytest
from puzzledata import (
    SOLVED_9X9,
    blanked,
    is_valid_solution,
    numbered,
    read_puzzles,
    unavoidable_rectangle,
)

from bookmaker.core.board.grid import Grid, is_solution_of, parse_grid
from bookmaker.core.board.shape import shape_of
from bookmaker.core.solve.dlx import DlxResult, dlx_solve

pytestmark = pytest.mark.both_cores  # conftest.py: on the compiled and the pure core


def pattern_grid(box_rows: int, box_cols: int, seed: int) -> list[int]:
    """A complete grid from the shifted-row pattern, shuffled by validity-keeping moves."""
    rnd = random.Random(seed)
    n = box_rows * box_cols
    rows = [band * box_rows + r for band in rnd.sample(range(box_cols), box_cols)
            for r in rnd.sample(range(box_rows), box_rows)]
    cols = [stack * box_cols + c for stack in rnd.sample(range(box_rows), box_rows)
            for c in rnd.sample(range(box_cols), box_cols)]
    labels = rnd.sample(range(1, n + 1), n)
    return [labels[(box_cols * (r % box_rows) + r // box_rows + c) % n] for r in rows for c in cols]


def all_4x4_grids() -> set[tuple[int, ...]]:
    """Every complete 4x4 grid, by brute force over row permutations (no DLX involved)."""
    grids = set()

    def extend(rows):
        if len(rows) == 4:
            grids.add(tuple(v for row in rows for v in row))
            return
        for row in permutations(range(1, 5)):
            flat = [v for r in rows + [row] for v in r]
            if is_valid_partial(flat):
                extend(rows + [row])

    extend([])
    return grids


def is_valid_partial(flat: list[int]) -> bool:
    """No clash among the complete rows so far of a 4x4 grid with 2x2 boxes."""
    for i, v in enumerate(flat):
        r, c = divmod(i, 4)
        for j in range(i):
            r2, c2 = divmod(j, 4)
            same_box = (r // 2, c // 2) == (r2 // 2, c2 // 2)
            if flat[j] == v and (r == r2 or c == c2 or same_box):
                return False
    return True


@pytest.mark.parametrize("line", numbered("top95.txt"))
def test_every_top95_puzzle_has_exactly_one_solution(line):
    puzzle = parse_grid(line)
    result = dlx_solve(puzzle)
    assert (result.count, result.complete) == (1, True)
    assert is_valid_solution(result.solutions[0], puzzle.cells, 3, 3)
    assert is_solution_of(Grid(puzzle.shape, result.solutions[0]), puzzle)


def test_a_sample_of_top1465_has_exactly_one_solution_each():
    for line in read_puzzles("top1465.txt")[::97]:
        puzzle = parse_grid(line)
        result = dlx_solve(puzzle)
        assert (result.count, result.complete) == (1, True), line
        assert is_valid_solution(result.solutions[0], puzzle.cells, 3, 3), line


@pytest.mark.parametrize("box_rows, box_cols", [(2, 2), (2, 3), (3, 2), (3, 3)])
def test_an_empty_grid_fills_the_limit_with_distinct_valid_solutions(box_rows, box_cols):
    shape = shape_of(box_rows, box_cols)
    empty = Grid(shape, (0,) * shape.cell_count)
    result = dlx_solve(empty, limit=20)
    assert (result.count, result.complete) == (20, True)
    assert len(set(result.solutions)) == 20
    assert all(is_valid_solution(s, empty.cells, box_rows, box_cols) for s in result.solutions)


def test_finds_exactly_the_288_complete_4x4_grids():
    result = dlx_solve(Grid(shape_of(2, 2), (0,) * 16), limit=1000)
    assert (result.count, result.complete) == (288, True)
    assert set(result.solutions) == all_4x4_grids()


def test_givens_clashing_in_a_row_have_no_solution():
    cells = [0] * 81
    cells[3] = cells[7] = 5
    assert dlx_solve(Grid(shape_of(3, 3), tuple(cells))) == DlxResult(0, (), True, 0)


def test_a_clash_only_inside_a_rectangular_box_is_found():
    # r1c1 and r2c3 share a 2x3 box but no row or column; with 3x2 boxes they share nothing.
    cells = [0] * 36
    cells[0] = cells[6 + 2] = 4
    assert dlx_solve(Grid(shape_of(2, 3), tuple(cells))).count == 0
    assert dlx_solve(Grid(shape_of(3, 2), tuple(cells))).count == 2


def test_a_puzzle_missing_an_unavoidable_rectangle_has_exactly_two_solutions():
    puzzle = parse_grid(blanked(SOLVED_9X9, unavoidable_rectangle(SOLVED_9X9)))
    result = dlx_solve(puzzle, limit=10)
    assert (result.count, result.complete) == (2, True)
    assert tuple(int(ch) for ch in SOLVED_9X9) in result.solutions
    assert all(is_valid_solution(s, puzzle.cells, 3, 3) for s in result.solutions)


def test_a_complete_grid_is_its_own_single_solution():
    result = dlx_solve(parse_grid(SOLVED_9X9))
    assert result.count == 1 and result.complete
    assert result.solutions[0] == tuple(int(ch) for ch in SOLVED_9X9)


def test_unsolvable_givens_without_a_clash_have_no_solution():
    # Row 1 holds 1-8, and a 9 lower in column 9 leaves r1c9 nothing.
    puzzle = parse_grid("12345678." + "." * 8 + "9" + "." * 63)
    result = dlx_solve(puzzle)
    assert (result.count, result.complete) == (0, True)


def test_running_out_of_nodes_reports_an_undecided_search():
    result = dlx_solve(Grid(shape_of(3, 3), (0,) * 81), limit=10**9, max_nodes=50)
    assert not result.complete
    assert result.nodes == 50
    assert result.count == len(result.solutions) < 10**9


def test_an_interrupted_search_leaves_nothing_behind_for_the_next():
    puzzle = parse_grid(read_puzzles("top95.txt")[0])
    assert not dlx_solve(puzzle, max_nodes=10).complete
    first, second = dlx_solve(puzzle), dlx_solve(puzzle)
    assert first == second and first.count == 1


@pytest.mark.parametrize("box_rows, box_cols", [(3, 4), (4, 3), (2, 5), (5, 5)])
def test_large_and_rectangular_grids_solve_to_valid_grids(box_rows, box_cols):
    shape = shape_of(box_rows, box_cols)
    solution = pattern_grid(box_rows, box_cols, seed=box_rows * 10 + box_cols)
    rnd = random.Random(7)
    givens = tuple(v if rnd.random() < 0.6 else 0 for v in solution)
    result = dlx_solve(Grid(shape, givens), limit=2)
    assert result.complete and result.count >= 1
    assert all(is_valid_solution(s, givens, box_rows, box_cols) for s in result.solutions)
    assert result.count == 2 or result.solutions[0] == tuple(solution)


def test_limit_must_be_at_least_one():
    with pytest.raises(ValueError, match="limit"):
        dlx_solve(parse_grid(SOLVED_9X9), limit=0)
