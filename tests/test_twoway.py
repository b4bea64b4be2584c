"""Two-way search: its verdicts, its budget, and its agreement with Dancing Links."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bookmaker.core.dlx import dlx_solve
from bookmaker.core.grid import Grid, parse_grid
from bookmaker.core.shape import shape_of
from bookmaker.core.twoway import BudgetExceeded, first_solution, two_way_verdict

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
# The solution of the first top95 puzzle, a solved grid to cut test puzzles from.
SOLVED_9X9 = ("417369825632158947958724316825437169791586432346912758"
              "289643571573291684164875293")
VERDICT_OF_COUNT = {0: "none", 1: "unique", 2: "multiple"}


def read_puzzles(name: str) -> list[str]:
    return [line.strip() for line in (DATA / name).read_text().splitlines() if line.strip()]


def numbered(name: str) -> list:
    return [pytest.param(line, id=f"{name}:{i + 1}") for i, line in enumerate(read_puzzles(name))]


def is_valid_solution(solution, givens, box_rows: int, box_cols: int) -> bool:
    """Every row, column and box holds 1..n once, and every given is kept (own geometry)."""
    n = box_rows * box_cols
    if len(solution) != n * n or any(g and g != s for g, s in zip(givens, solution)):
        return False
    rows = [[solution[r * n + c] for c in range(n)] for r in range(n)]
    cols = [[solution[r * n + c] for r in range(n)] for c in range(n)]
    boxes = [[solution[(top + r) * n + left + c] for r in range(box_rows) for c in range(box_cols)]
             for top in range(0, n, box_rows) for left in range(0, n, box_cols)]
    return all(sorted(unit) == list(range(1, n + 1)) for unit in rows + cols + boxes)


def unavoidable_rectangle(solution: str) -> tuple[int, int, int, int]:
    """Four cells (r1,c1) (r1,c2) (r2,c1) (r2,c2) over two boxes of one band holding a,b / b,a."""
    for r1 in range(9):
        for r2 in range(r1 + 1, (r1 // 3 + 1) * 3):
            for c1 in range(9):
                for c2 in range(c1 + 1, 9):
                    if c1 // 3 == c2 // 3:
                        continue
                    a, b = solution[r1 * 9 + c1], solution[r1 * 9 + c2]
                    if solution[r2 * 9 + c1] == b and solution[r2 * 9 + c2] == a:
                        return r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2
    raise AssertionError("no unavoidable rectangle in this grid")


def blanked(text: str, cells) -> str:
    return "".join("." if i in cells else ch for i, ch in enumerate(text))


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
