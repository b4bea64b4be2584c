"""Transformations keep puzzles valid and unique; the canonical form is the least image, the
same for every equivalent puzzle and different for others (checked against brute force)."""

from __future__ import annotations

from functools import cache
from itertools import permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzledata import read_puzzles

from bookmaker.core.board import transform
from bookmaker.core.board.grid import Grid, format_grid, is_solution_of, parse_grid
from bookmaker.core.board.shape import parse_shape, shape_of
from bookmaker.core.board.transform import (
    FORM_SYMBOLS,
    CanonicalFormError,
    Transformation,
    canonical_form,
    equivalence_key,
    identity,
    mirror,
    random_transformation,
    repeat_key,
    rotation,
    transposition,
)
from bookmaker.core.generate.removal import generate
from bookmaker.core.puzzle import Puzzle
from bookmaker.core.rng import Rng
from bookmaker.core.solve.solver import count_solutions

pytestmark = pytest.mark.both_cores  # conftest.py: the forms on the compiled and the pure core
BOXES = [(2, 2), (2, 3), (3, 2), (3, 3)]
GRID_4X4 = parse_grid("1234341221434321")
seeds = st.integers(min_value=0, max_value=2**64 - 1)


@cache
def puzzle_of(box: tuple[int, int], seed: int) -> Puzzle:
    return generate(shape_of(*box), seed)


def brute_force_form(grid: Grid) -> str:
    """The least relabelled image over every member of the group, written out plainly."""
    shape = grid.shape
    if shape.box_rows > shape.box_cols:
        grid = transposition(shape).apply(grid)
        shape = grid.shape
    n = shape.size
    sources = [grid.cells]
    if shape.box_rows == shape.box_cols:
        sources.append(tuple(grid.cells[c * n + r] for r in range(n) for c in range(n)))
    columns = list(block_orders(n, shape.box_cols))
    return min(relabelled([cells[r * n + c] for r in rows for c in cols])
               for cells in sources for rows in block_orders(n, shape.box_rows)
               for cols in columns)


def block_orders(n: int, block: int):
    for starts in permutations(range(0, n, block)):
        for parts in product(*(permutations(range(s, s + block)) for s in starts)):
            yield tuple(x for part in parts for x in part)


def relabelled(cells) -> str:
    labels: dict[int, int] = {}
    for v in cells:
        if v:
            labels.setdefault(v, len(labels) + 1)
    return "".join(FORM_SYMBOLS[labels.get(v, 0)] for v in cells)


# Transformations

@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BOXES), st.integers(0, 5), seeds)
def test_a_transformed_puzzle_is_valid_and_unique_with_the_transformed_solution(box, seed,
                                                                               draw):
    puzzle = puzzle_of(box, seed)
    transformation = random_transformation(puzzle.shape, Rng(draw))
    givens, solution = (transformation.apply(g) for g in (puzzle.givens, puzzle.solution))
    assert parse_grid(str(givens), givens.shape) == givens  # no clue clashes
    assert is_solution_of(solution, givens)
    found = count_solutions(givens, limit=2)
    assert (found.count, found.complete, found.solution) == (1, True, solution.cells)
    assert givens.clue_count == puzzle.givens.clue_count


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BOXES), seeds, seeds)
def test_composing_applies_one_after_the_other_and_the_inverse_undoes(box, first, second):
    shape = shape_of(*box)
    a, b = random_transformation(shape, Rng(first)), random_transformation(shape, Rng(second))
    grid = puzzle_of(box, 0).solution
    assert a.then(b).apply(grid) == b.apply(a.apply(grid))
    assert a.inverse().apply(a.apply(grid)) == grid
    assert a.then(a.inverse()) == identity(shape)


def test_a_random_transformation_depends_only_on_the_stream():
    shape = shape_of(2, 2)
    assert random_transformation(shape, Rng(5)) == random_transformation(shape, Rng(5))
    assert random_transformation(shape, Rng(5)) == Transformation(
        2, 2, False, (2, 3, 0, 1), (1, 0, 2, 3), (1, 3, 2, 4))


def test_rectangular_boxes_are_never_transposed_by_a_random_transformation():
    shape = shape_of(2, 3)
    assert not any(random_transformation(shape, Rng(seed)).transpose for seed in range(40))


def moved(grid: Grid, source_of) -> str:
    """The grid with cell (i, j) taken from source_of(i, j, n), as text."""
    n = grid.shape.size
    return "".join(str(grid.cells[r * n + c]) for i in range(n) for j in range(n)
                   for r, c in [source_of(i, j, n)])


def test_a_quarter_turn_rotates_clockwise_and_four_make_none():
    quarter = rotation(GRID_4X4.shape)
    assert str(quarter.apply(GRID_4X4)) == "4231314224131324" == \
        moved(GRID_4X4, lambda i, j, n: (n - 1 - j, i))
    assert str(rotation(GRID_4X4.shape, 3).apply(GRID_4X4)) == \
        moved(GRID_4X4, lambda i, j, n: (j, n - 1 - i))
    assert rotation(GRID_4X4.shape, 4) == identity(GRID_4X4.shape)
    assert quarter.then(quarter) == rotation(GRID_4X4.shape, 2)
    assert quarter.then(quarter).then(quarter).then(quarter).apply(GRID_4X4) == GRID_4X4


@pytest.mark.parametrize("axis, source_of", [
    ("vertical", lambda i, j, n: (i, n - 1 - j)),
    ("horizontal", lambda i, j, n: (n - 1 - i, j)),
    ("diagonal", lambda i, j, n: (j, i)),
    ("antidiagonal", lambda i, j, n: (n - 1 - j, n - 1 - i)),
])
def test_mirrors_reflect_in_their_axis_and_twice_is_none(axis, source_of):
    reflection = mirror(GRID_4X4.shape, axis)
    assert str(reflection.apply(GRID_4X4)) == moved(GRID_4X4, source_of)
    assert reflection.then(reflection) == identity(GRID_4X4.shape)


def test_a_quarter_turn_of_a_2x3_box_board_has_3x2_boxes_and_stays_unique():
    puzzle = puzzle_of((2, 3), 1)
    turned = rotation(puzzle.shape).apply(puzzle.givens)
    assert turned.shape.box_text == "3x2"
    found = count_solutions(turned, limit=2)
    assert found.count == 1
    assert Grid(turned.shape, found.solution) == rotation(puzzle.shape).apply(puzzle.solution)


@pytest.mark.parametrize("rows, message", [
    ((1, 2, 0, 3), "rows 0..1 do not come from one band"),
    ((0, 1, 2, 2), "rows must be a permutation of 0..3"),
])
def test_a_transformation_that_breaks_bands_is_refused(rows, message):
    with pytest.raises(ValueError, match=message):
        Transformation(2, 2, False, rows, (0, 1, 2, 3), (1, 2, 3, 4))


def test_a_transformation_applies_only_to_its_own_shape():
    with pytest.raises(ValueError, match="applies to 6x6 grids with 2x3 boxes, not 3x2"):
        identity(shape_of(2, 3)).apply(puzzle_of((3, 2), 0).givens)


# The canonical form

PINNED = [  # golden puzzles (tests/test_golden.py) and the first of top1465
    ("4x4", None, "..3..4..1....2..", "2x2:0000000102003040"),
    ("6x6", None, "45......2..5.....3......1.64....43..",
     "2x3:000000000001002003340000004010056040"),
    ("6x6", "3x2", "45.....3.6........5....22.3..4...4..",
     "2x3:000000000012000003004200020051053000"),
    ("8x8", None, "8.1..4..27.......8.........14..6.3..26.5......3.....71..7..3...2",
     "2x4:0000000100012340000005600150300000070000060048000035000060700080"),
    ("9x9", None,
     ".7....4....153.....6........851.....9...7..167..8....4.....75...23..9.676....8...",
     "3x3:000000001000002003045000060003160700060000048080200300300004000700310059800000100"),
    ("9x9", None,
     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
     "3x3:000000001000002030004050000000060700030000020080009000000901080007000000506000400"),
]


@pytest.mark.parametrize("size, box, givens, key", PINNED)
def test_the_canonical_forms_of_fixed_puzzles_are_pinned(size, box, givens, key):
    assert equivalence_key(parse_grid(givens, parse_shape(size, box))) == key


@pytest.mark.parametrize("box, seeds", [((2, 2), range(30)), ((2, 3), range(4)),
                                        ((3, 2), range(2))])
def test_the_canonical_form_is_the_least_image_found_by_brute_force(box, seeds):
    for seed in seeds:
        puzzle = puzzle_of(box, seed)
        for grid in (puzzle.givens, puzzle.solution):
            assert canonical_form(grid) == brute_force_form(grid)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 16))
def test_the_canonical_form_of_any_partial_4x4_grid_is_the_brute_force_one(seed, keep):
    solution = puzzle_of((2, 2), seed % 50).solution
    order = Rng(seed).shuffled(range(16))
    cells = [v if i in order[:keep] else 0 for i, v in enumerate(solution.cells)]
    grid = Grid(solution.shape, tuple(cells))
    assert canonical_form(grid) == brute_force_form(grid)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(BOXES), st.integers(0, 20), seeds)
def test_the_canonical_form_is_the_same_for_every_transformed_copy(box, seed, draw):
    puzzle = puzzle_of(box, seed)
    copy = random_transformation(puzzle.shape, Rng(draw)).apply(puzzle.givens)
    assert equivalence_key(copy) == equivalence_key(puzzle.givens)


def test_a_3x2_puzzle_and_its_2x3_transpose_share_their_key():
    puzzle = puzzle_of((3, 2), 3)
    turned = rotation(puzzle.shape, 3).apply(puzzle.givens)
    assert turned.shape.box_text == "2x3"
    assert equivalence_key(turned) == equivalence_key(puzzle.givens)


@pytest.mark.parametrize("box", BOXES)
def test_removing_or_adding_one_clue_changes_the_form(box):
    puzzle = puzzle_of(box, 7)
    form = canonical_form(puzzle.givens)
    cells = list(puzzle.givens.cells)
    first_clue = next(i for i, v in enumerate(cells) if v)
    first_blank = cells.index(0)
    for cell, value in ((first_clue, 0), (first_blank, puzzle.solution.cells[first_blank])):
        changed = cells.copy()
        changed[cell] = value
        assert canonical_form(Grid(puzzle.shape, tuple(changed))) != form


def test_top95_holds_one_isomorph_pair_and_every_other_form_differs():
    forms = [canonical_form(parse_grid(line)) for line in read_puzzles("top95.txt")]
    # Puzzle 76 is puzzle 74 with its last band moved to the top.
    assert forms[73] == forms[75]
    assert len(set(forms)) == len(forms) - 1


def test_an_empty_grid_reads_as_zeros_and_one_clue_goes_last():
    shape = shape_of(4, 4)
    assert canonical_form(Grid(shape, (0,) * 256)) == "0" * 256
    one = Grid(shape, (0,) * 100 + (7,) + (0,) * 155)
    assert canonical_form(one) == "0" * 255 + "1"


def test_a_repeated_symbol_is_refused():
    with pytest.raises(ValueError, match="a symbol repeats in row 1: not a puzzle"):
        canonical_form(Grid(shape_of(2, 2), (1, 1) + (0,) * 14))


def test_a_search_over_budget_raises_rather_than_returning_a_guess():
    full = puzzle_of((3, 3), 0).solution
    with pytest.raises(CanonicalFormError, match="after 500 steps: too many arrangements"):
        canonical_form(full, budget=500)


def test_a_grid_too_dense_to_canonicalise_is_keyed_by_its_exact_givens(monkeypatch):
    puzzle = puzzle_of((3, 3), 0)
    assert repeat_key(puzzle.givens) == equivalence_key(puzzle.givens)
    monkeypatch.setattr(transform, "CANONICAL_BUDGET", 500)   # as a dense 25x25 runs out
    full = puzzle.solution
    assert repeat_key(full) == f"3x3={format_grid(full)}"
