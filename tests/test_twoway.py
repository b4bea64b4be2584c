"""Two-way search: its verdicts, its budget, and its agreement with Dancing Links."""

from __future__ import annotations

import random

import pytest
from puzzledata import (
    SOLVED_9X9,
    blanked,
    is_valid_solution,
    numbered,
    read_puzzles,
    unavoidable_rectangle,
)

from bookmaker.core.board.grid import Grid, parse_grid
from bookmaker.core.board.shape import shape_of
from bookmaker.core.solve.dlx import dlx_solve
from bookmaker.core.solve.twoway import BudgetExceeded, first_solution, two_way_verdict

VERDICT_OF_COUNT = {0: "none", 1: "unique", 2: "multiple"}


def random_puzzle(box_rows: int, box_cols: int, rnd: random.Random, keep: float | None = None,
                  ) -> Grid:
    """A relabelled complete grid keeping a share of its cells (random unless given), now and
    then with one cell overwritten so that some puzzles have no solution."""
    shape = shape_of(box_rows, box_cols)
    n = shape.size
    labels = rnd.sample(range(1, n + 1), n)
    solution = [labels[(box_cols * (r % box_rows) + r // box_rows + c) % n]
                for r in range(n) for c in range(n)]
    keep = rnd.uniform(0.25, 0.8) if keep is None else keep
    cells = [v if rnd.random() < keep else 0 for v in solution]
    if rnd.random() < 0.2:
        cells[rnd.randrange(n * n)] = rnd.randint(1, n)
    return Grid(shape, tuple(cells))


@pytest.mark.parametrize("line", numbered("top95.txt"))
def test_every_top95_puzzle_is_unique_and_both_checkers_agree(line):
    puzzle = parse_grid(line)
    ascending = first_solution(puzzle)
    assert ascending == first_solution(puzzle, descending=True)
    assert two_way_verdict(puzzle) == "unique"
    assert is_valid_solution(ascending, puzzle.cells, 3, 3)
    assert dlx_solve(puzzle).solutions == (ascending,)


def test_a_sample_of_top1465_is_unique():
    for line in read_puzzles("top1465.txt")[::97]:
        assert two_way_verdict(parse_grid(line)) == "unique", line


def test_a_puzzle_missing_an_unavoidable_rectangle_is_multiple():
    puzzle = parse_grid(blanked(SOLVED_9X9, unavoidable_rectangle(SOLVED_9X9)))
    ascending, descending = first_solution(puzzle), first_solution(puzzle, descending=True)
    assert ascending != descending
    assert {ascending, descending} == set(dlx_solve(puzzle, limit=10).solutions)
    assert two_way_verdict(puzzle) == "multiple"


@pytest.mark.parametrize("box_rows, box_cols", [(2, 2), (2, 3), (3, 3)])
def test_an_empty_grid_is_multiple(box_rows, box_cols):
    shape = shape_of(box_rows, box_cols)
    empty = Grid(shape, (0,) * shape.cell_count)
    assert is_valid_solution(first_solution(empty, descending=True), empty.cells,
                             box_rows, box_cols)
    assert two_way_verdict(empty) == "multiple"


def test_clashing_givens_are_none():
    cells = [0] * 81
    cells[3] = cells[7] = 5
    clash = Grid(shape_of(3, 3), tuple(cells))
    assert first_solution(clash) is None
    assert two_way_verdict(clash) == "none"


def test_a_clash_only_inside_a_rectangular_box_is_found():
    # r1c1 and r2c3 share a 2x3 box but no row or column; with 3x2 boxes they share nothing.
    cells = [0] * 36
    cells[0] = cells[6 + 2] = 4
    assert two_way_verdict(Grid(shape_of(2, 3), tuple(cells))) == "none"
    assert two_way_verdict(Grid(shape_of(3, 2), tuple(cells))) == "multiple"


def test_unsolvable_givens_without_a_clash_are_none():
    # Row 1 holds 1-8, and a 9 lower in column 9 leaves r1c9 nothing.
    assert two_way_verdict(parse_grid("12345678." + "." * 8 + "9" + "." * 63)) == "none"


def test_a_complete_grid_is_unique():
    grid = parse_grid(SOLVED_9X9)
    assert first_solution(grid, max_nodes=1) == grid.cells
    assert two_way_verdict(grid) == "unique"


def test_running_out_of_nodes_gives_unknown():
    puzzle = parse_grid(read_puzzles("top95.txt")[0])
    with pytest.raises(BudgetExceeded):
        first_solution(puzzle, max_nodes=5)
    assert two_way_verdict(puzzle, max_nodes=5) == "unknown"
    assert two_way_verdict(puzzle, max_nodes=10**6) == "unique"


@pytest.mark.parametrize("box_rows, box_cols",
                         [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (3, 4), (4, 3)])
def test_verdicts_match_dancing_links_solution_counts_on_random_puzzles(box_rows, box_cols):
    rnd = random.Random(box_rows * 10 + box_cols)
    for _ in range(60 if box_rows * box_cols < 12 else 15):
        puzzle = random_puzzle(box_rows, box_cols, rnd)
        counted = dlx_solve(puzzle, limit=2, max_nodes=50_000)
        if counted.complete:
            assert two_way_verdict(puzzle) == VERDICT_OF_COUNT[counted.count], str(puzzle)


def test_a_25x25_verdict_matches_dancing_links():
    rnd = random.Random(25)
    for _ in range(4):
        puzzle = random_puzzle(5, 5, rnd, keep=0.6)
        counted = dlx_solve(puzzle, limit=2)
        assert two_way_verdict(puzzle) == VERDICT_OF_COUNT[counted.count], str(puzzle)
