"""Grid text formats: exact round-trips, symbols and integers, sizes, and precise error messages."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bookmaker.core.board.grid import Grid, GridError, format_grid, is_solution_of, parse_grid
from bookmaker.core.board.shape import parse_shape, shape_for_size, shape_of
from bookmaker.core.generate.removal import random_solution
from bookmaker.core.rng import Rng

SOLVED_9X9 = ("417369825632158947958724316825437169791586432346912758"
              "289643571573291684164875293")
CONVENTIONAL_BOXES = [(2, 2), (2, 3), (2, 4), (3, 3), (2, 5), (3, 4), (4, 4), (5, 5)]
ALL_BOXES = CONVENTIONAL_BOXES + [(3, 2), (4, 2), (4, 3)]


@cache
def solved(box_rows: int, box_cols: int, seed: int) -> tuple[int, ...]:
    """A complete grid of the shape, made once per seed."""
    return random_solution(shape_of(box_rows, box_cols), Rng(seed))


@st.composite
def grids(draw, boxes=tuple(ALL_BOXES)) -> Grid:
    """A valid (clash-free) grid: a complete one with a random subset of cells blanked."""
    box_rows, box_cols = draw(st.sampled_from(boxes))
    solution = solved(box_rows, box_cols, draw(st.integers(0, 2)))
    blank_seed = draw(st.integers(0, 2**32))
    share = draw(st.sampled_from([0.0, 0.3, 0.7, 1.0]))
    rng = Rng(blank_seed)
    cells = tuple(0 if rng.below(1000) < share * 1000 else v for v in solution)
    return Grid(shape_of(box_rows, box_cols), cells)


def error_of(text: str, shape=None) -> str:
    with pytest.raises(GridError) as err:
        parse_grid(text, shape)
    return str(err.value)


def with_cell(text: str, index: int, symbol: str) -> str:
    return text[:index] + symbol + text[index + 1:]


# round trips

@settings(max_examples=120, deadline=None)
@given(grids())
def test_format_then_parse_gives_back_the_grid_and_the_text(grid):
    text = format_grid(grid)
    assert len(text) == grid.shape.cell_count
    again = parse_grid(text, grid.shape)
    assert again == grid
    assert format_grid(again) == text
    assert str(grid) == text


@settings(max_examples=60, deadline=None)
@given(grids(CONVENTIONAL_BOXES))
def test_a_grid_of_conventional_box_parses_without_being_told_its_shape(grid):
    assert parse_grid(format_grid(grid)) == grid


@settings(max_examples=60, deadline=None)
@given(grids(), st.sampled_from([" ", ",", ", ", "\t", "  \n "]))
def test_separated_integers_parse_to_the_same_grid_as_symbols(grid, separator):
    text = separator.join(str(v) for v in grid.cells)
    assert parse_grid(text, grid.shape) == grid


@pytest.mark.parametrize("size", [4, 6, 8, 9, 10, 12, 16, 25])
def test_canonical_text_round_trips_exactly_for_each_size(size):
    shape = shape_for_size(size)
    solution = solved(shape.box_rows, shape.box_cols, 0)
    cells = tuple(0 if i % 3 == 0 else v for i, v in enumerate(solution))
    text = "".join("." if not v else "123456789ABCDEFGHIJKLMNOP"[v - 1] for v in cells)
    assert format_grid(parse_grid(text)) == text
    assert parse_grid(text).cells == cells


def test_the_3x2_box_must_be_given_since_inference_picks_2x3():
    text = format_grid(Grid(shape_of(3, 2), solved(3, 2, 0)))
    assert parse_grid(text, parse_shape("6x6", "3x2")).shape == shape_of(3, 2)
    assert error_of(text).startswith("clue conflict:")


# symbols and blanks

def test_zero_is_read_as_blank_and_written_as_a_dot():
    text = SOLVED_9X9[:40] + "0" + SOLVED_9X9[41:]
    grid = parse_grid(text)
    assert grid.cells[40] == 0
    assert format_grid(grid) == SOLVED_9X9[:40] + "." + SOLVED_9X9[41:]


def test_surrounding_whitespace_is_ignored():
    assert format_grid(parse_grid(f"  {SOLVED_9X9}\n")) == SOLVED_9X9


def test_lowercase_letters_are_read_for_sizes_above_9():
    text = format_grid(Grid(shape_of(4, 4), solved(4, 4, 1)))
    assert any(ch.isalpha() for ch in text)
    assert parse_grid(text.lower()) == parse_grid(text)
    assert format_grid(parse_grid(text.lower())) == text


def test_16x16_accepts_g_and_rejects_h_naming_position_and_range():
    row = "123456789ABCDEFG"
    assert parse_grid(row + "." * 240).cells[:16] == tuple(range(1, 17))
    assert parse_grid("g" + "." * 255).cells[0] == 16
    assert error_of("." * 20 + "H" + "." * 235) == (
        "bad symbol 'H' at position 21; a 16x16 grid uses 1-9 and A-G, and '.' or '0' for blank")
    assert error_of("." * 20 + "h" + "." * 235).startswith("bad symbol 'h' at position 21;")


def test_25x25_accepts_up_to_p_and_rejects_q():
    assert parse_grid("P" + "." * 624).cells[0] == 25
    assert error_of("." * 624 + "Q") == (
        "bad symbol 'Q' at position 625; a 25x25 grid uses 1-9 and A-P, and '.' or '0' for blank")


def test_a_symbol_beyond_the_size_is_rejected_with_the_digit_range():
    assert error_of("5" + "." * 15) == (
        "bad symbol '5' at position 1; a 4x4 grid uses 1-4, and '.' or '0' for blank")
    assert error_of("." * 80 + "A") == (
        "bad symbol 'A' at position 81; a 9x9 grid uses 1-9, and '.' or '0' for blank")


def test_a_symbol_beyond_a_forced_shape_is_rejected_by_that_shape():
    assert error_of("7" + "." * 35, parse_shape("6x6", "3x2")) == (
        "bad symbol '7' at position 1; a 6x6 grid uses 1-6, and '.' or '0' for blank")


# separated integers

def test_whitespace_and_comma_separated_integers_are_read_with_0_as_blank():
    grid = parse_grid("1 0 0 2, 0 0 0 0, 0 0 0 0, 3 0 0 4")
    assert grid.shape == shape_of(2, 2)
    assert grid.cells == (1, 0, 0, 2) + (0,) * 8 + (3, 0, 0, 4)
    assert format_grid(grid) == "1..2........3..4"


def test_integers_above_9_are_read_for_large_grids():
    cells = [0] * 256
    cells[0], cells[255] = 16, 10
    grid = parse_grid(",".join(map(str, cells)))
    assert grid.shape == shape_of(4, 4)
    assert format_grid(grid) == "G" + "." * 254 + "A"


def test_an_integer_above_the_size_names_the_cell_and_range():
    assert error_of("1 0 0 2, 0 0 0 0, 0 0 0 0, 0 0 0 17") == (
        "bad value 17 at r4c4; a 4x4 grid holds 1-4, 0 for blank")


def test_a_non_integer_token_is_named_with_its_position():
    assert error_of("1 0 x 2") == "bad number 'x' at cell 3; expected integers 0 (blank) to 25"
    assert error_of("1, 2, -3") == "bad number '-3' at cell 3; expected integers 0 (blank) to 25"
    # int() would raise on these: a superscript digit, and a number too long to convert.
    assert error_of("1 2 \u00b2 4") == \
        "bad number '\u00b2' at cell 3; expected integers 0 (blank) to 25"
    assert error_of("1 2 " + "9" * 5000) == \
        "bad number '9999999999...' at cell 3; expected integers 0 (blank) to 25"


# sizes and lengths

@pytest.mark.parametrize("length, box", [(16, (2, 2)), (36, (2, 3)), (81, (3, 3)),
                                         (256, (4, 4)), (625, (5, 5))])
def test_the_size_follows_from_the_number_of_cells(length, box):
    assert parse_grid("." * length).shape == shape_of(*box)


def test_a_length_that_is_not_a_square_is_rejected():
    assert error_of("." * 80) == (
        "wrong length: 80 cells is not a square grid from 4x4 to 25x25 (9x9 needs 81)")
    assert error_of("1 2 3") == (
        "wrong length: 3 cells is not a square grid from 4x4 to 25x25 (9x9 needs 81)")


def test_squares_outside_4x4_to_25x25_are_rejected():
    assert error_of("." * 9) == (
        "wrong length: 9 cells is not a square grid from 4x4 to 25x25 (9x9 needs 81)")
    assert error_of("." * 676).startswith("wrong length: 676 cells is not a square grid")


def test_a_square_length_without_a_box_shape_is_rejected():
    assert error_of("." * 49) == (
        "wrong length: 49 cells would be 7x7, but 7x7 has no rectangular box of at least 2x2")


def test_a_forced_shape_rejects_the_wrong_number_of_cells():
    assert error_of("." * 80, shape_for_size(9)) == "wrong length: 80 cells, a 9x9 grid has 81"
    assert error_of("." * 16, shape_for_size(9)) == "wrong length: 16 cells, a 9x9 grid has 81"
    assert error_of("0 0 0", shape_for_size(4)) == "wrong length: 3 cells, a 4x4 grid has 16"


def test_an_empty_line_is_rejected():
    assert error_of("   \n") == "empty line"


def test_a_grid_value_needs_the_right_number_of_cells():
    with pytest.raises(ValueError) as err:
        Grid(shape_of(3, 3), (0,) * 80)
    assert str(err.value) == "a 9x9 grid has 81 cells, got 80"


# clue conflicts

def test_a_clue_given_twice_in_a_row_names_symbol_row_and_both_cells():
    assert error_of("...5...5." + "." * 72) == (
        "clue conflict: 5 appears twice in row 1 (r1c4 and r1c8)")


def test_a_clue_given_twice_in_a_column_names_symbol_column_and_both_cells():
    cells = ["."] * 81
    cells[1] = cells[4 * 9 + 1] = "7"
    assert error_of("".join(cells)) == (
        "clue conflict: 7 appears twice in column 2 (r1c2 and r5c2)")


def test_a_clue_given_twice_in_a_box_names_symbol_box_and_both_cells():
    cells = ["."] * 81
    cells[6 * 9 + 6] = cells[8 * 9 + 8] = "9"
    assert error_of("".join(cells)) == "clue conflict: 9 appears twice in box 9 (r7c7 and r9c9)"


def test_box_conflicts_follow_the_rectangular_box_numbering():
    # 2x3 boxes: box 4 is rows 3-4, columns 4-6.
    cells = ["."] * 36
    cells[2 * 6 + 3] = cells[3 * 6 + 4] = "2"
    assert error_of("".join(cells)) == "clue conflict: 2 appears twice in box 4 (r3c4 and r4c5)"


def test_a_conflict_names_a_letter_symbol_in_upper_case():
    cells = ["."] * 256
    cells[0] = cells[255] = "G"
    cells[15] = "g"
    assert error_of("".join(cells)) == (
        "clue conflict: G appears twice in row 1 (r1c1 and r1c16)")


def test_the_first_conflict_in_unit_order_is_reported():
    cells = ["."] * 81
    cells[0] = cells[10] = "3"     # box 1 only
    cells[80] = cells[79] = "4"    # row 9 (and box 9): rows come before boxes
    assert error_of("".join(cells)) == "clue conflict: 4 appears twice in row 9 (r9c8 and r9c9)"


# is_solution_of

def test_is_solution_of_accepts_the_completed_grid_of_a_puzzle():
    solution = parse_grid(SOLVED_9X9)
    puzzle = parse_grid(with_cell(with_cell(SOLVED_9X9, 0, "."), 80, "."))
    assert is_solution_of(solution, puzzle)
    assert is_solution_of(solution, solution)


def test_is_solution_of_rejects_an_incomplete_grid():
    puzzle = parse_grid(with_cell(SOLVED_9X9, 0, "."))
    assert not is_solution_of(puzzle, puzzle)


def test_is_solution_of_rejects_a_grid_that_changes_a_clue():
    # Swapping the values of rows 1 and 2 keeps a valid grid but changes r1c1.
    swapped = SOLVED_9X9[9:18] + SOLVED_9X9[:9] + SOLVED_9X9[18:]
    puzzle = parse_grid("4" + "." * 80)
    assert is_solution_of(parse_grid(SOLVED_9X9), puzzle)
    assert not is_solution_of(parse_grid(swapped), puzzle)


def test_is_solution_of_rejects_a_complete_grid_with_a_clash():
    clashing = Grid(shape_of(3, 3), (1,) * 81)
    assert not is_solution_of(clashing, Grid(shape_of(3, 3), (0,) * 81))


def test_is_solution_of_rejects_a_grid_of_another_shape():
    solution = Grid(shape_of(2, 3), solved(2, 3, 0))
    assert not is_solution_of(solution, Grid(shape_of(3, 2), (0,) * 36))
