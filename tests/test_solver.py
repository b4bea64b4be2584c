"""The bitboard solver: known puzzle sets, agreement with DLX and two-way search, budgets."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzledata import SOLVED_9X9, read_puzzles, unavoidable_rectangle

from bookmaker.core.board.grid import Grid, conflicts, is_solution_of, parse_grid
from bookmaker.core.board.shape import board_of, shape_of
from bookmaker.core.generate.removal import random_solution
from bookmaker.core.rng import Rng
from bookmaker.core.solve.dlx import dlx_solve
from bookmaker.core.solve.locked import lock, locked_pairs
from bookmaker.core.solve.places import fewest_places
from bookmaker.core.solve.search import Search
from bookmaker.core.solve.solver import count_solutions, solution_avoiding
from bookmaker.core.solve.twoway import two_way_verdict

pytestmark = pytest.mark.both_cores  # conftest.py: on the compiled and the pure core

VERDICT_OF_COUNT = {0: "none", 1: "unique", 2: "multiple"}
AGREEMENT_BOXES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]


def sample(name: str, count: int) -> list:
    """Every k-th puzzle of a file, `count` of them, each named by its line number."""
    lines = read_puzzles(name)
    step = len(lines) // count
    return [pytest.param(lines[i], id=f"{name}:{i + 1}") for i in range(0, step * count, step)]


def assert_solves_uniquely(line: str) -> None:
    puzzle = parse_grid(line)
    result = count_solutions(puzzle)
    assert (result.count, result.complete) == (1, True)
    assert result.unique and result.solution is not None
    assert is_solution_of(Grid(puzzle.shape, result.solution), puzzle)


@cache
def solved(box_rows: int, box_cols: int, seed: int) -> tuple[int, ...]:
    return random_solution(shape_of(box_rows, box_cols), Rng(seed))


def cut_puzzle(box_rows: int, box_cols: int, seed: int, clues: int, order_seed: int,
               wrong: tuple[int, int] | None = None) -> Grid:
    """A complete grid keeping `clues` cells chosen by order_seed; `wrong` = (cell, shift)
    then overwrites one cell with a value other than the solution's (often no solution)."""
    shape = shape_of(box_rows, box_cols)
    solution = solved(box_rows, box_cols, seed)
    kept = set(Rng(order_seed).shuffled(range(shape.cell_count))[:clues])
    cells = [v if i in kept else 0 for i, v in enumerate(solution)]
    if wrong is not None:
        cell, shift = wrong
        cells[cell] = (solution[cell] - 1 + shift) % shape.size + 1
    return Grid(shape, tuple(cells))


@st.composite
def puzzles(draw) -> Grid:
    """Puzzles from well above to well below the uniqueness threshold, a share with a wrong clue."""
    box_rows, box_cols = draw(st.sampled_from(AGREEMENT_BOXES))
    cell_count = (box_rows * box_cols) ** 2
    clues = draw(st.one_of(st.integers(0, cell_count),
                           st.integers(cell_count // 5, cell_count // 2)))
    wrong = draw(st.none() | st.tuples(st.integers(0, cell_count - 1),
                                       st.integers(1, box_rows * box_cols - 1)))
    return cut_puzzle(box_rows, box_cols, draw(st.integers(0, 3)), clues,
                      draw(st.integers(0, 2**32)), wrong)


def three_opinions(puzzle: Grid) -> tuple[str, str, str]:
    """The verdicts of solve/search.py, dlx.py and twoway.py, after checking each one decided."""
    counted = count_solutions(puzzle, limit=2)
    covered = dlx_solve(puzzle, limit=2)
    assert counted.complete and covered.complete
    if counted.count == 1:
        assert (counted.solution,) == covered.solutions
    return (VERDICT_OF_COUNT[counted.count], VERDICT_OF_COUNT[covered.count],
            two_way_verdict(puzzle))


def fixed_sample() -> list[Grid]:
    """A deterministic spread of puzzles over every agreement shape."""
    rnd = random.Random(1465)
    grids = []
    for box_rows, box_cols in AGREEMENT_BOXES:
        cell_count = (box_rows * box_cols) ** 2
        for _ in range(40):
            wrong = None
            if rnd.random() < 0.4:
                wrong = (rnd.randrange(cell_count), rnd.randint(1, box_rows * box_cols - 1))
            grids.append(cut_puzzle(box_rows, box_cols, rnd.randint(0, 3),
                                    rnd.randint(cell_count // 5, cell_count), rnd.getrandbits(32),
                                    wrong))
    return grids


def two_solution_puzzle() -> tuple[Grid, tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """SOLVED_9X9 with an unavoidable rectangle blanked: the puzzle, its rectangle cells,
    SOLVED_9X9 itself, and the other solution with the rectangle's pairs swapped."""
    rect = unavoidable_rectangle(SOLVED_9X9)
    solution = tuple(int(ch) for ch in SOLVED_9X9)
    swap = {rect[0]: rect[1], rect[1]: rect[0], rect[2]: rect[3], rect[3]: rect[2]}
    other = tuple(solution[swap.get(i, i)] for i in range(81))
    puzzle = Grid(shape_of(3, 3), tuple(0 if i in rect else v for i, v in enumerate(solution)))
    return puzzle, rect, solution, other


# known puzzle sets

@pytest.mark.parametrize("line", [pytest.param(line, id=f"top95.txt:{i + 1}")
                                  for i, line in enumerate(read_puzzles("top95.txt"))])
def test_every_top95_puzzle_has_one_solution_that_keeps_its_givens(line):
    assert_solves_uniquely(line)


@pytest.mark.parametrize("line", sample("sudoku17-sample.txt", 300))
def test_a_sample_of_17_clue_puzzles_have_one_solution_each(line):
    assert_solves_uniquely(line)


@pytest.mark.parametrize("line", sample("top1465.txt", 150))
def test_a_sample_of_top1465_puzzles_have_one_solution_each(line):
    assert_solves_uniquely(line)


def test_the_samples_have_the_sizes_asked_for():
    assert len(sample("sudoku17-sample.txt", 300)) == 300
    assert len(sample("top1465.txt", 150)) == 150
    assert len(read_puzzles("top95.txt")) == 95


# three independent opinions

@settings(max_examples=300, deadline=None)
@given(puzzles())
def test_solver_dlx_and_two_way_search_agree_on_random_puzzles(puzzle):
    ours, dlx, two_way = three_opinions(puzzle)
    assert ours == dlx == two_way, str(puzzle)


def test_the_agreement_sample_holds_unique_multiple_and_unsolvable_puzzles():
    seen = set()
    unsolvable_without_a_clash = 0
    for puzzle in fixed_sample():
        ours, dlx, two_way = three_opinions(puzzle)
        assert ours == dlx == two_way, str(puzzle)
        seen.add(ours)
        unsolvable_without_a_clash += ours == "none" and not conflicts(puzzle)
    assert seen == {"unique", "multiple", "none"}
    assert unsolvable_without_a_clash > 0


def test_the_agreement_shapes_cover_4x4_6x6_both_ways_8x8_and_9x9():
    shapes = {(shape_of(*box).size, box) for box in AGREEMENT_BOXES}
    assert {(4, (2, 2)), (6, (2, 3)), (6, (3, 2)), (8, (2, 4)), (9, (3, 3))} <= shapes


# counting

def test_the_empty_4x4_grid_has_the_288_known_solutions():
    empty = Grid(shape_of(2, 2), (0,) * 16)
    result = count_solutions(empty, limit=1000)
    assert (result.count, result.complete) == (288, True)
    assert is_solution_of(Grid(empty.shape, result.solution), empty)


@pytest.mark.parametrize("limit", [1, 2, 5, 287, 288])
def test_counting_stops_at_the_limit(limit):
    result = count_solutions(Grid(shape_of(2, 2), (0,) * 16), limit=limit)
    assert (result.count, result.complete) == (limit, True)
    assert is_solution_of(Grid(shape_of(2, 2), result.solution), Grid(shape_of(2, 2), (0,) * 16))


def test_a_puzzle_missing_an_unavoidable_rectangle_counts_two():
    puzzle, _, solution, other = two_solution_puzzle()
    result = count_solutions(puzzle, limit=10)
    assert (result.count, result.complete, result.unique) == (2, True, False)
    assert result.solution in (solution, other)


def test_clashing_clues_count_zero_without_searching():
    cells = [0] * 81
    cells[3] = cells[7] = 5
    assert count_solutions(Grid(shape_of(3, 3), tuple(cells))) == Search(0, None, True, 0)


def test_unsolvable_clues_without_a_clash_count_zero():
    # Row 1 holds 1-8, and a 9 lower in column 9 leaves r1c9 nothing.
    result = count_solutions(parse_grid("12345678." + "." * 8 + "9" + "." * 63))
    assert (result.count, result.solution, result.complete) == (0, None, True)


def test_a_complete_grid_is_its_own_single_solution():
    result = count_solutions(parse_grid(SOLVED_9X9))
    assert result.unique
    assert result.solution == tuple(int(ch) for ch in SOLVED_9X9)


def test_least_constraining_value_order_gives_the_same_counts_and_solutions():
    grids = [parse_grid(line) for line in read_puzzles("top95.txt")[:20]] + fixed_sample()[::3]
    for grid in grids:
        plain = count_solutions(grid)
        ordered = count_solutions(grid, least_constraining=True)
        assert (ordered.count, ordered.complete) == (plain.count, plain.complete), str(grid)
        if plain.count == 1:
            assert ordered.solution == plain.solution
        elif plain.count:
            assert is_solution_of(Grid(grid.shape, ordered.solution), grid)
    empty = Grid(shape_of(2, 2), (0,) * 16)
    assert count_solutions(empty, limit=1000, least_constraining=True).count == 288


# the forbidden-value check

def test_forbidding_the_solution_value_of_a_unique_puzzle_leaves_no_solution():
    puzzle = parse_grid(read_puzzles("top95.txt")[0])
    solution = count_solutions(puzzle).solution
    blanks = [cell for cell, value in enumerate(puzzle.cells) if not value]
    for cell in blanks[::4]:
        result = solution_avoiding(puzzle.shape, puzzle.cells, cell, solution[cell])
        assert (result.count, result.complete) == (0, True), cell


def test_forbidding_a_wrong_value_of_a_unique_puzzle_still_finds_its_solution():
    puzzle = parse_grid(read_puzzles("top95.txt")[0])
    solution = count_solutions(puzzle).solution
    cell = puzzle.cells.index(0)
    wrong = solution[cell] % 9 + 1
    result = solution_avoiding(puzzle.shape, puzzle.cells, cell, wrong)
    assert (result.count, result.solution) == (1, solution)


def test_forbidding_one_solution_of_a_two_solution_puzzle_finds_the_other():
    puzzle, rect, solution, other = two_solution_puzzle()
    for cell in rect:
        found = solution_avoiding(puzzle.shape, puzzle.cells, cell, solution[cell])
        assert (found.count, found.solution, found.complete) == (1, other, True)
        back = solution_avoiding(puzzle.shape, puzzle.cells, cell, other[cell])
        assert back.solution == solution


def test_forbidding_a_value_on_clashing_clues_finds_nothing():
    cells = [0] * 16
    cells[0] = cells[1] = 1
    assert solution_avoiding(shape_of(2, 2), cells, 5, 2) == Search(0, None, True, 0)


# budget

def test_a_search_out_of_nodes_says_it_is_incomplete_after_twice_max_nodes():
    """Its second try (solve/places.py) runs out of max_nodes nodes too."""
    result = count_solutions(Grid(shape_of(3, 3), (0,) * 81), limit=10**6, max_nodes=50)
    assert (result.complete, result.nodes) == (False, 100)
    assert result.count < 10**6
    assert not result.unique


def test_an_incomplete_search_with_one_solution_found_is_not_unique():
    result = count_solutions(Grid(shape_of(2, 2), (0,) * 16), limit=1000, max_nodes=10)
    assert result.count >= 1 and not result.complete
    assert not result.unique


# locked candidates in the counts (solve/locked.py)

# Singles alone committed, five levels down, to a state with no solution that they could
# not refute, and spent the 200,000-node budget on it: "unknown" where DLX counts two.
SPARSE_CLASSIC = "..9...1...........7................7..3..4.........2.9.......9...........1235...."
# Hyper 9x9, three clues: singles alone gave up too (DLX: 86 nodes).
SPARSE_HYPER = ("." * 25 + "7" + "." * 10 + "3" + "." * 13 + "2" + "." * 30)


def test_a_sparse_classic_grid_singles_gave_up_on_is_counted_in_33_nodes():
    puzzle = parse_grid(SPARSE_CLASSIC)
    result = count_solutions(puzzle)
    assert (result.count, result.complete, result.nodes) == (2, True, 33)
    assert is_solution_of(Grid(puzzle.shape, result.solution), puzzle)
    assert dlx_solve(puzzle, limit=2).count == 2


def test_two_hyper_clues_no_solution_can_hold_are_refuted_at_the_root():
    """2 at r2c5 and r4c1: the top windows' 2s must both go in row 3 (rows 2 and 4 have
    theirs outside the windows), a pigeonhole singles never see. Locked candidates empty
    the window at once: one node, where singles alone gave up after 200,000."""
    cells = [0] * 81
    cells[1 * 9 + 4] = cells[3 * 9 + 0] = 2
    result = count_solutions(Grid(board_of(3, 3, "hyper"), tuple(cells)))
    assert result == Search(0, None, True, 1)


def test_a_sparse_hyper_grid_singles_gave_up_on_is_counted_in_33_nodes():
    puzzle = parse_grid(SPARSE_HYPER, geometry="hyper")
    result = count_solutions(puzzle)
    assert (result.count, result.complete, result.nodes) == (2, True, 33)
    assert is_solution_of(Grid(puzzle.shape, result.solution), puzzle)


# Where the first search runs out of nodes, a second branches on a unit's places too
# (solve/places.py). A Samurai grid of 92 clues (its cells in the board's order):
# test_variants.partial_grids' draw that gave up among Hypothesis's 4,000 with @seed(1)
# once locked candidates came in; its first path commits to a dead state nothing refutes
# (DLX: 2 solutions in 298 nodes).
SAMURAI_GIVE_UP = (
    ".28...79..............6...21............."
    "9.48.6...21.....79.13..7.......74........"
    "...5..2..6....8.....93......692.4.....9.."
    "...714...5.1....4..5.8.396.....8........."
    "2.....81.8....75.6..1.............7.1..2."
    ".............4....5......3....36......1.."
    "..2..8.9..7.35.6.....1....9.5....3..4.125"
    "..............8........9....9...1......6."
    "...2...8........1...56..1.2..4.9..2....47")
# Hyper 9x9, 2 at r5c1 and 6 at r9c9: locked candidates still gave up (DLX: 85 nodes).
HYPER_GIVE_UP = "." * 36 + "2" + "." * 43 + "6"
# Hyper 9x9, no solution (DLX: 64 nodes); the second try refutes it in 5.
HYPER_NONE = "." * 8 + "7" + "." * 31 + "7" + "." * 8 + "2" + "." * 28 + "8" + ".."


@pytest.mark.parametrize(("kind", "line", "count", "nodes"), [
    ("samurai", SAMURAI_GIVE_UP, 2, 1000 + 53),
    ("hyper", HYPER_GIVE_UP, 2, 1000 + 127),
    ("hyper", HYPER_NONE, 0, 1000 + 5),
])
def test_a_count_out_of_nodes_is_decided_by_a_second_try_on_places(kind, line, count, nodes):
    puzzle = Grid(board_of(3, 3, kind), tuple(0 if ch == "." else int(ch) for ch in line))
    result = count_solutions(puzzle, max_nodes=1000)  # each first try needs over 200,000
    assert (result.count, result.complete, result.nodes) == (count, True, nodes)
    assert dlx_solve(puzzle, limit=2).count == count
    if count:
        assert is_solution_of(Grid(puzzle.shape, result.solution), puzzle)


def test_a_search_avoiding_a_value_is_tried_again_on_places_too():
    puzzle = parse_grid(HYPER_NONE, geometry="hyper")
    result = solution_avoiding(puzzle.shape, puzzle.cells, 0, 1, max_nodes=1000)
    assert result == Search(0, None, True, 1000 + 5)


def test_the_second_try_branches_on_a_units_places_when_they_tie_a_cells_candidates():
    """On an empty 4x4 every cell has 4 candidates and every row's symbol 4 places: the
    first row's 1 is placed in each of its cells in turn; a cell with fewer wins."""
    shape = shape_of(2, 2)
    boards = [shape.all_cells_mask] * 4
    branch = fewest_places(shape)
    assert branch(boards, 0) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    boards[1] &= ~(1 << 5)  # cell 5: 1, 3 or 4; the second row's 2: 3 places, first
    assert branch(boards, 0) == [(4, 1), (6, 1), (7, 1)]
    boards[2] &= ~(1 << 5)  # cell 5: 1 or 4, fewer than any unit's symbol has places
    assert branch(boards, 0) == [(5, 0), (5, 3)]


def test_the_unit_pairs_are_box_and_line_on_classic_and_the_windows_too_on_hyper():
    """Ordered pairs sharing two cells or more: 27 boxes x 6 lines, both ways; a Hyper
    window also meets 3 rows, 3 columns and 3 boxes (its fourth box in one cell)."""
    def pairs(shape) -> int:
        return sum(len(others) for _, _, others in locked_pairs(shape.unit_masks))
    assert pairs(shape_of(3, 3)) == 108
    assert pairs(board_of(3, 3, "hyper")) == 108 + 4 * 9 * 2
    assert pairs(shape_of(2, 3)) == 6 * (2 + 3) * 2  # 6 boxes, each 2 rows and 3 columns


def test_a_symbol_confined_to_a_box_line_leaves_the_rest_of_the_line_and_only_that():
    shape = shape_of(2, 2)
    box, row = shape.unit_masks[8], shape.unit_masks[0]  # the top-left box, the first row
    boards = [shape.all_cells_mask] * 4
    boards[0] &= ~(box & ~row)  # symbol 1 in the top-left box only on the first row
    before = list(boards)
    assert lock(boards, locked_pairs(shape.unit_masks), None)
    assert boards[0] == before[0] & ~(row & ~box)
    assert boards[1:] == before[1:]
    assert not lock(boards, locked_pairs(shape.unit_masks), None)  # a fixed point
