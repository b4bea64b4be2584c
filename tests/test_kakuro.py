"""Kakuro's core: the board, its text, both proofs against a brute-force count, the
techniques, the grader and the repeat key."""

from __future__ import annotations

import pytest

from bookmaker.core.board.grid import Grid, GridError
from bookmaker.core.board.pieces import piece_of
from bookmaker.core.board.shape import kakuro_of
from bookmaker.core.grade.caged import fillings
from bookmaker.core.kakuro.areas import _connected_pieces, _pieces, areas_of, areas_with_outie
from bookmaker.core.kakuro.check import check_kakuro
from bookmaker.core.kakuro.clues import ClueError, Clues, clues_of_solution
from bookmaker.core.kakuro.filling import random_filling
from bookmaker.core.kakuro.grade import grade_kakuro, grade_kakuro_within
from bookmaker.core.kakuro.key import _image, _moves, kakuro_key
from bookmaker.core.kakuro.pattern import make_pattern
from bookmaker.core.kakuro.solver import kakuro_solutions, solution_other_than
from bookmaker.core.kakuro.techniques import KakuroState, permutation_support
from bookmaker.core.kakuro.text import format_kakuro, parse_kakuro
from bookmaker.core.rng import Rng

# The text's own example: across 4, 7, 7; down 3, 12, 3; solution 13/241/52.
SMALL = "X,3\\,12\\,X/\\4,.,.,3\\/\\7,.,.,./X,\\7,.,."
SMALL_SOLUTION = (1, 3, 2, 4, 1, 5, 2)


def blank(shape) -> Grid:
    return Grid(shape, (0,) * shape.cell_count)


# --- the board ---------------------------------------------------------------------------

def test_a_kakuro_board_has_the_white_squares_as_cells_and_the_runs_as_units():
    shape = kakuro_of("####/#..#/#.../#...")
    assert shape.frame == (4, 4) and shape.size == 9 and str(shape) == "4x4 Kakuro"
    assert shape.positions == ((1, 1), (1, 2), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3))
    assert [(u.kind, u.cells) for u in shape.units] == [
        ("across", (0, 1)), ("across", (2, 3, 4)), ("across", (5, 6, 7)),
        ("down", (0, 2, 5)), ("down", (1, 3, 6)), ("down", (4, 7))]
    assert shape.peers[3] == (1, 2, 4, 6)  # its run mates only
    assert not shape.has_several_grids and not shape.is_classic


@pytest.mark.parametrize("pattern, message", [
    ("##/#.", "the across run at r2c2 has 1 square"),
    ("###/#../##.", "the across run at r3c3 has 1 square"),
    ("..#/..#/###", "the across run at r1c1 starts at the frame's edge"),
    ("#" * 11 + "/#" + "." * 10 + "/#" + "." * 10, "the across run at r2c2 has 10 squares"),
    ("###/#.", "rows of equal length"),
    ("###/#.x/#..", "rows of equal length"),
])
def test_a_pattern_breaking_a_rule_is_refused_with_the_square_named(pattern, message):
    with pytest.raises(ValueError, match=message):
        kakuro_of(pattern)


# --- the text ----------------------------------------------------------------------------

def test_the_example_line_reads_and_writes_back():
    givens, clues = parse_kakuro(SMALL)
    assert givens.cells == (0,) * 7
    assert clues.totals == (4, 7, 7, 3, 12, 3)
    assert format_kakuro(givens, clues) == SMALL
    assert parse_kakuro(SMALL.replace("X", "x").replace(".", "0")) == (givens, clues)


def test_givens_round_trip_and_are_checked_against_their_runs():
    givens, clues = parse_kakuro(SMALL.replace("\\4,.,.", "\\4,1,."))
    assert givens.cells == (1, 0, 0, 0, 0, 0, 0)
    assert parse_kakuro(format_kakuro(givens, clues)) == (givens, clues)
    with pytest.raises(GridError, match="r2c1: the across run of 2 squares: the given 2 "
                                        "appears twice in it"):
        parse_kakuro(SMALL.replace("\\4,.,.", "\\4,2,2"))
    with pytest.raises(GridError, match="its given 9 fits no way of making 4"):
        parse_kakuro(SMALL.replace("\\4,.,.", "\\4,9,."))


@pytest.mark.parametrize("line, message", [
    (SMALL.replace("X,\\7,.,.", "X,\\7,."), "row 1 has 4 squares, row 4 has 3"),
    (SMALL.replace("X,\\7", "X,X"), "r4c2: the across run starting right of it has no total"),
    (SMALL.replace("X,3\\", "X,\\"), "r1c2: bad square"),
    (SMALL.replace("X,3\\", "X,3\\5"), "r1c2: an across total 5 but no across run starts"),
    (SMALL.replace("\\7,.,.,.", "\\5,.,.,."), "r3c1: the across run of 3 squares: 3 "
                                              "different digits cannot add up to 5"),
    (SMALL.replace("12\\", "q"), "r1c3: bad square 'q'"),
    (SMALL.replace("\\4,.,.,3\\", "\\4,.,.,."), "r1c4: the down run starting below it has no "
                                                 "total"),
])
def test_a_bad_line_is_refused_saying_what_and_where(line, message):
    with pytest.raises(GridError, match=message):
        parse_kakuro(line)


def test_white_squares_in_two_pieces_are_refused():
    line = "X,4\\,3\\,X,X/\\4,.,.,X,X/\\3,.,.,4\\,3\\/X,X,\\4,.,./X,X,\\3,.,."
    with pytest.raises(GridError, match="not connected: r2c2 and r4c4"):
        parse_kakuro(line)


def test_a_line_of_another_size_than_asked_is_refused():
    from bookmaker.core.board.shape import latin_of
    with pytest.raises(GridError, match="an 8x8 Kakuro was asked for; this line is 4x4"):
        parse_kakuro(SMALL, latin_of(8))


def test_totals_that_do_not_fit_the_board_are_a_clue_error():
    shape = parse_kakuro(SMALL)[0].shape
    with pytest.raises(ClueError, match="2 different digits cannot add up to 18"):
        Clues(shape, (4, 7, 7, 3, 12, 18))
    with pytest.raises(ClueError, match="5 totals for 6 runs"):
        Clues(shape, (4, 7, 7, 3, 12))


# --- both proofs and a brute-force count ---------------------------------------------------

def brute_count(shape, totals, limit: int) -> int:
    """Solutions counted by trying every digit in every cell in order, a run's digits
    only checked to differ and, once it is full, to add up."""
    units_of = [[shape.units[u] for u in shape.units_of[c]] for c in range(shape.cell_count)]
    total_of = {unit.cells: total for unit, total in zip(shape.units, totals)}
    values = [0] * shape.cell_count
    count = 0

    def fill(cell: int) -> None:
        nonlocal count
        if count >= limit:
            return
        if cell == shape.cell_count:
            count += 1
            return
        for value in range(1, 10):
            values[cell] = value
            if all(_fits(unit, values, cell, total_of[unit.cells]) for unit in units_of[cell]):
                fill(cell + 1)
        values[cell] = 0
    fill(0)
    return count


def _fits(unit, values, cell, total) -> bool:
    digits = [values[c] for c in unit.cells if c <= cell]
    if len(set(digits)) != len(digits):
        return False
    return len(digits) < len(unit.cells) or sum(digits) == total


def test_the_solver_and_the_exact_cover_solve_the_example():
    givens, clues = parse_kakuro(SMALL)
    found = kakuro_solutions(clues, givens.cells)
    checked = check_kakuro(givens.shape, clues.totals, givens.cells)
    assert (found.count, found.complete, found.solution) == (1, True, SMALL_SOLUTION)
    assert (checked.count, checked.complete, checked.solutions) == (1, True, (SMALL_SOLUTION,))
    assert brute_count(givens.shape, clues.totals, 10) == 1


@pytest.mark.parametrize("seed", range(12))
def test_both_proofs_and_a_brute_force_count_agree_on_small_kakuros(seed):
    # Random fillings' totals: most of these have many solutions, some one.
    rng = Rng(seed)
    shape = make_pattern(5, rng, black_share=0.2)
    clues = clues_of_solution(shape, random_filling(shape, rng).values)
    zeros = (0,) * shape.cell_count
    brute = brute_count(shape, clues.totals, 30)
    assert kakuro_solutions(clues, zeros, limit=30).count == brute
    assert check_kakuro(shape, clues.totals, zeros, limit=30).count == brute


def test_a_kakuro_without_solution_is_found_so_by_both():
    givens, clues = parse_kakuro(SMALL.replace("X,\\7,.,.", "X,\\8,.,."))
    assert kakuro_solutions(clues, givens.cells).count == 0
    assert check_kakuro(givens.shape, clues.totals, givens.cells).count == 0


def test_a_second_solution_is_found_besides_a_known_one():
    rng = Rng(4)
    shape = make_pattern(6, rng)
    filling = random_filling(shape, rng).values
    clues = clues_of_solution(shape, filling)
    other = solution_other_than(clues, (0,) * shape.cell_count, filling)
    assert other is not None and other != tuple(filling)
    assert clues_of_solution(shape, other) == clues



def test_the_search_and_the_other_solution_share_one_walk_and_its_node_budget():
    # Out of nodes, the search says it is incomplete and solution_other_than() hands back
    # the known filling (not to be taken for unique); the small example, which narrowing
    # alone solves in one node, has no other solution.
    rng = Rng(4)
    shape = make_pattern(6, rng)
    filling = tuple(random_filling(shape, rng).values)
    clues = clues_of_solution(shape, filling)
    zeros = (0,) * shape.cell_count
    cut = kakuro_solutions(clues, zeros, max_nodes=1)
    assert (cut.count, cut.complete, cut.nodes) == (0, False, 1)
    assert solution_other_than(clues, zeros, filling, max_nodes=1) == filling
    givens, small = parse_kakuro(SMALL)
    assert kakuro_solutions(small, givens.cells).nodes == 1
    assert solution_other_than(small, givens.cells, SMALL_SOLUTION) is None

# --- techniques and grading ---------------------------------------------------------------

def test_run_permutations_keep_the_digits_of_the_killer_engines_fillings():
    rng = Rng(9)
    for _ in range(300):
        count = 1 + rng.below(5)
        cands = tuple(1 + rng.below(511) for _ in range(count))
        total = count + rng.below(40)
        everyone = tuple(tuple(range(i)) for i in range(count))
        assert permutation_support(cands, total) == fillings(cands, total, everyone)


def test_the_example_is_solved_by_the_beginners_techniques():
    givens, clues = parse_kakuro(SMALL)
    grading = grade_kakuro(givens, clues)
    assert (grading.grade, grading.hardest, grading.guessing) == \
        ("beginner", "naked single", False)
    assert grading.steps[0].technique == "unique combination"
    assert grading.steps[0].explanation == "the across 4 at r2c2 can only be 1+3"


def test_a_state_places_and_takes_the_digit_from_both_runs():
    givens, clues = parse_kakuro(SMALL)
    state = KakuroState(givens, clues)
    state.place(3, 4)  # r3c3 = 4: across 7 at r3c1 (cells 2-4), down 12 at r1c3 (1, 3, 5)
    assert state.placed[1] == state.placed[4] == 1 << 3
    assert state.left[1] == 3 and state.left[4] == 8
    assert [c for c in range(7) if state.cands[c] >> 3 & 1] == [0, 6]


def test_cross_sums_add_the_outies_of_an_area():
    givens, clues = parse_kakuro(SMALL)
    named = {area.name: (area.outies, area.outie_total) for area in areas_of(clues)}
    # Rows 2-3: across 4 + 7 = 11 inside; down 3 and 12 run on into row 4 (r4c3)
    # and down 3 from r3c4 (r4c4): r4c3 + r4c4 = 3 + 12 + 3 - 11 = 7.
    assert named["the across runs of rows 2-3 from r2c2 and the runs through them"] == \
        ((5, 6), 7)
    having = areas_with_outie(clues.shape)  # the board's, kept for every set of totals
    assert having == tuple(tuple(i for i, area in enumerate(areas_of(clues)) if c in area.outies)
                           for c in range(clues.shape.cell_count))
    assert having[5] and having[6]


def test_an_areas_pieces_are_the_connected_pieces_of_its_band():
    # areas.py walks a band's cells by number; the pieces are the flood fill's, in order.
    shape = make_pattern(15, Rng(38), "rotational", 9, 0.3)
    rng = Rng(7)
    for _ in range(40):
        cells = [c for c in range(shape.cell_count) if rng.below(3)]
        at = {shape.positions[c]: c for c in cells}
        expected, seen = [], set()
        for cell in cells:
            if cell not in seen:
                piece = sorted(at[square] for square in piece_of(at, shape.positions[cell]))
                seen.update(piece)
                expected.append(piece)
        assert list(_connected_pieces(shape, cells)) == expected
    pieces = _pieces(shape)
    assert len(pieces) == 16 and pieces[0].outies == (25, 34)
    assert pieces[-1].outies == (117, 121, 127, 131)


def test_a_grade_within_its_ceiling_is_the_full_grading_and_none_beyond():
    givens, clues = parse_kakuro(SMALL)
    full = grade_kakuro(givens, clues)
    assert grade_kakuro_within(givens, clues, "beginner") == full
    quiet = grade_kakuro(givens, clues, explain=False)
    assert (quiet.grade, quiet.score, quiet.hardest) == (full.grade, full.score, full.hardest)
    assert all(step.explanation == "" for step in quiet.steps)


# --- the repeat key -----------------------------------------------------------------------

def test_every_turn_mirror_and_relabelling_has_the_same_key_and_another_kakuro_not():
    rng = Rng(5)
    shape = make_pattern(7, rng)
    clues = clues_of_solution(shape, random_filling(shape, rng).values)
    givens = blank(shape)
    key = kakuro_key(givens, clues)
    images = {format_kakuro(*_image(givens, clues, move, complement))
              for move in _moves(7, 7) for complement in (False, True)}
    assert len(images) == 16  # a random Kakuro has no symmetry of its own
    for line in images:
        assert kakuro_key(*parse_kakuro(line)) == key
    other = clues_of_solution(shape, random_filling(shape, rng).values)
    assert kakuro_key(givens, other) != key


def test_a_transposed_kakuro_swaps_across_and_down():
    givens, clues = parse_kakuro(SMALL)
    moved_givens, moved = _image(givens, clues, _moves(4, 4)[1], False)
    assert format_kakuro(moved_givens, moved) == "X,4\\,7\\,X/\\3,.,.,7\\/\\12,.,.,./X,\\3,.,."
