"""Variant boards as data: X, Hyper, Jigsaw and Samurai units, peers, validation, symmetry,
and the three solvers agreeing on them."""

from __future__ import annotations

import pickle

import pytest

from bookmaker.core.board.grid import Grid
from bookmaker.core.board.shape import SYMMETRIES, board_of, jigsaw_of, shape_of
from bookmaker.core.generate.removal import generate
from bookmaker.core.solve.dlx import dlx_solve
from bookmaker.core.solve.solver import count_solutions
from bookmaker.core.solve.twoway import two_way_verdict

X9, HYPER9, SAMURAI = board_of(3, 3, "x"), board_of(3, 3, "hyper"), board_of(3, 3, "samurai")
# A 6x6 jigsaw: regions written as rows of region numbers, each region 6 connected cells.
JIGSAW6_ROWS = ("000111", "002211", "022231", "442333", "445533", "445555")
JIGSAW6 = jigsaw_of(int(ch) for row in JIGSAW6_ROWS for ch in row)


def peers_by_hand(cell: int, groups: list[set[int]]) -> set[int]:
    return {other for group in groups if cell in group for other in group} - {cell}


def test_x_adds_the_two_main_diagonals_to_the_classic_units():
    diagonals = [u for u in X9.units if u.kind == "diagonal"]
    assert [u.cells for u in diagonals] == [tuple(range(0, 81, 10)), tuple(range(8, 73, 8))]
    assert X9.units[:27] == shape_of(3, 3).units
    assert [len(X9.units_of[c]) for c in (0, 40, 1)] == [4, 5, 3]  # corner, centre, other
    assert len(X9.peers[40]) == 20 + 12  # the centre sees both diagonals beyond its box


def test_hyper_adds_four_windows_one_cell_in_and_one_apart():
    windows = [u for u in HYPER9.units if u.kind == "window"]
    tops = [divmod(u.cells[0], 9) for u in windows]
    assert tops == [(1, 1), (1, 5), (5, 1), (5, 5)]
    assert all(len(u.cells) == 9 for u in windows)
    assert len(HYPER9.units_of[10]) == 4 and len(HYPER9.units_of[0]) == 3


def test_hyper_needs_square_boxes():
    with pytest.raises(ValueError, match="hyper windows need square boxes, got 2x3"):
        board_of(2, 3, "hyper")


def test_jigsaw_units_are_rows_columns_and_its_regions():
    regions = [u for u in JIGSAW6.units if u.kind == "region"]
    assert len(JIGSAW6.units) == 18 and len(regions) == 6
    assert regions[0].cells == (0, 1, 2, 6, 7, 12)
    groups = [set(u.cells) for u in JIGSAW6.units]
    assert all(set(JIGSAW6.peers[c]) == peers_by_hand(c, groups) for c in range(36))
    assert (JIGSAW6.size, JIGSAW6.box_text, str(JIGSAW6)) == (6, "", "6x6 Jigsaw")


@pytest.mark.parametrize("regions, message", [
    ([0] * 16, "a 4x4 jigsaw layout numbers its regions 0..3"),
    ([0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3], "jigsaw region 1 has 3 cells, not 4"),
    ([0, 0, 1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 0, 0, 3, 3], "jigsaw region 1 is not connected"),
    ([0, 1, 2], "a jigsaw layout needs n x n cells for n from 4 to 25, got 3"),
])
def test_a_bad_jigsaw_layout_says_what_is_wrong(regions, message):
    with pytest.raises(ValueError) as error:
        jigsaw_of(regions)
    assert str(error.value) == message


def test_samurai_is_five_grids_sharing_the_centre_grids_corner_boxes():
    assert (SAMURAI.cell_count, SAMURAI.frame, len(SAMURAI.units)) == (369, (21, 21), 131)
    assert SAMURAI.positions[0] == (0, 0) and SAMURAI.positions[-1] == (20, 20)
    assert (0, 9) not in SAMURAI.positions and (9, 0) not in SAMURAI.positions
    shared = [u for u in SAMURAI.units if u.kind == "box"
              and all(6 <= SAMURAI.positions[c][0] <= 14 and 6 <= SAMURAI.positions[c][1] <= 14
                      for c in u.cells)]
    assert len(shared) == 9  # the centre grid's boxes, each one unit even when shared
    corner = SAMURAI.positions.index((6, 6))
    assert len(SAMURAI.units_of[corner]) == 5  # two rows, two columns, one box
    assert str(SAMURAI.units[SAMURAI.units_of[corner][-1]]) == "box 9 of the top-left grid"
    assert SAMURAI.cell_name(corner) == "r7c7" and str(SAMURAI) == "Samurai"


def test_every_samurai_grid_is_a_classic_grid_of_its_own():
    for grid in ("top-left", "top-right", "centre", "bottom-left", "bottom-right"):
        units = [u for u in SAMURAI.units if u.grid == grid]
        rows = [u for u in units if u.kind == "row"]
        columns = [u for u in units if u.kind == "column"]
        assert len(rows) == len(columns) == 9
        cells = {c for u in rows for c in u.cells}
        assert cells == {c for u in columns for c in u.cells} and len(cells) == 81


@pytest.mark.parametrize("board", [X9, HYPER9, JIGSAW6, SAMURAI], ids=str)
@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_orbits_partition_the_cells_and_map_into_the_frame(board, symmetry):
    orbits = board.orbits(symmetry)
    cells = sorted(c for orbit in orbits for c in orbit)
    assert cells == list(range(board.cell_count))
    rows, cols = board.frame
    for orbit in orbits:
        (r, c) = board.positions[orbit[0]]
        image = {"none": (r, c), "rotational": (rows - 1 - r, cols - 1 - c),
                 "mirror": (r, cols - 1 - c), "diagonal": (c, r)}[symmetry]
        assert image in {board.positions[cell] for cell in orbit}


@pytest.mark.parametrize("board", [X9, HYPER9, JIGSAW6, SAMURAI], ids=str)
def test_no_unit_joins_two_independent_blocks(board):
    blocks = board.independent_blocks
    assert blocks
    for i, first in enumerate(blocks):
        for second in blocks[:i]:
            assert not any(set(first) & set(u.cells) and set(second) & set(u.cells)
                           for u in board.units)


@pytest.mark.parametrize("board", [X9, HYPER9, JIGSAW6, SAMURAI], ids=str)
def test_boards_pickle_by_their_defining_fields(board):
    copy = pickle.loads(pickle.dumps(board))
    # Cached on arrival: a second copy is the first. (Not `board` itself: the cache keeps
    # the last BOARDS_KEPT boards, and tests before this one in a worker, each kind at
    # each size, may have let the module's own boards go.)
    assert copy == board and copy.units == board.units
    assert pickle.loads(pickle.dumps(board)) is copy


@pytest.mark.parametrize("board", [board_of(2, 2, "x"), board_of(2, 3, "x"), X9, HYPER9,
                                   JIGSAW6], ids=str)
def test_generated_variant_puzzles_are_unique_by_all_three_solvers(board):
    for seed in range(2):
        puzzle = generate(board, seed)
        assert dlx_solve(puzzle.givens).solutions == (puzzle.solution.cells,)
        assert count_solutions(puzzle.givens).unique
        assert two_way_verdict(puzzle.givens) == "unique"
        assert all(sorted(puzzle.solution.cells[c] for c in u.cells) ==
                   list(range(1, board.size + 1)) for u in board.units)


def test_a_classic_solution_breaking_a_diagonal_has_no_x_solution():
    classic = generate(shape_of(3, 3), 7).solution
    diagonal = [classic.cells[c] for c in range(0, 81, 10)]
    assert len(set(diagonal)) < 9  # this seed's grid repeats on its diagonal
    assert dlx_solve(Grid(X9, classic.cells)).count == 0
    assert count_solutions(Grid(X9, classic.cells)).count == 0
