"""Grader: every step agrees with the solution, each technique pinned, grades invariant."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzledata import read_puzzles

from bookmaker.core.board.grid import Grid, parse_grid
from bookmaker.core.board.shape import shape_of
from bookmaker.core.board.transform import random_transformation
from bookmaker.core.generate.removal import generate
from bookmaker.core.grade import techniques as t
from bookmaker.core.grade.grader import TECHNIQUES, grade, grade_within, next_step
from bookmaker.core.grade.grades import GRADES
from bookmaker.core.rng import Rng
from bookmaker.core.solve.solver import count_solutions

SOLVED_9X9 = ("417369825632158947958724316825437169791586432346912758"
              "289643571573291684164875293")
NINE = shape_of(3, 3)


def top95() -> list[str]:
    return read_puzzles("top95.txt")


def diabolical_sample() -> list[tuple[str, float]]:
    """Every fourth record of se_diabolical.txt: (puzzle, SE rating)."""
    records = [line.split() for line in read_puzzles("se_diabolical.txt")]
    return [(puzzle, float(rating)) for _, puzzle, rating in records[::4]]


def generated() -> list[Grid]:
    shapes = [(2, 2)] * 10 + [(2, 3)] * 10 + [(3, 2)] * 10 + [(3, 3)] * 10
    return [generate(shape_of(*box), seed).givens for seed, box in enumerate(shapes)]


def contradictions(grid: Grid, solution=None) -> list[str]:
    """Every step of the grading that disagrees with the grid's unique solution."""
    if solution is None:
        search = count_solutions(grid)
        assert search.unique
        solution = search.solution
    wrong = []
    for step in grade(grid).steps:
        wrong += [f"{step}" for cell, value in step.placements if solution[cell] != value]
        wrong += [f"{step}" for cell, value in step.eliminations if solution[cell] == value]
    return wrong


# --- (a) soundness --------------------------------------------------------------------

def test_no_step_contradicts_the_solution_on_top95():
    assert [w for line in top95() for w in contradictions(parse_grid(line))] == []


def test_no_step_contradicts_the_solution_on_se_diabolical_sample():
    assert [w for line, _ in diabolical_sample() for w in contradictions(parse_grid(line))] == []


def test_no_step_contradicts_the_solution_on_generated_puzzles():
    assert [w for grid in generated() for w in contradictions(grid)] == []


def test_no_step_contradicts_the_solution_on_16x16_and_25x25():
    for box in ((4, 4), (5, 5)):
        puzzle = generate(shape_of(*box), 1)
        assert contradictions(puzzle.givens, puzzle.solution.cells) == []


def test_solved_gradings_place_every_open_cell():
    for grid in generated():
        grading = grade(grid)
        placed = sum(len(s.placements) for s in grading.steps)
        assert grading.guessing or placed == grid.cells.count(0)


# --- (b) one hand-made position per technique -----------------------------------------

def cell(row: int, col: int) -> int:
    """Cell index of 1-based row and column on a 9x9 board."""
    return (row - 1) * 9 + col - 1


def open_marks() -> list[set]:
    return [set(range(1, 10)) for _ in range(81)]


def keep_only(marks, value: int, unit_cells, allowed) -> None:
    """Within one unit, leave `value` only in the `allowed` cells."""
    for c in unit_cells:
        if c not in allowed:
            marks[c].discard(value)


def row(r: int):
    return [cell(r, c) for c in range(1, 10)]


def column(c: int):
    return [cell(r, c) for r in range(1, 10)]


def first_step(marks) -> t.Step:
    step = next_step(t.Candidates.from_marks(NINE, marks))
    assert step is not None
    return step


def test_pointing_removes_a_box_line_value_from_the_rest_of_the_line():
    marks = open_marks()
    box1 = [cell(r, c) for r in (1, 2, 3) for c in (1, 2, 3)]
    keep_only(marks, 1, box1, [cell(1, 1), cell(1, 2), cell(1, 3)])
    step = first_step(marks)
    assert step.technique == "locked candidates (pointing)"
    assert set(step.eliminations) == {(cell(1, c), 1) for c in range(4, 10)}


def test_claiming_removes_a_line_box_value_from_the_rest_of_the_box():
    marks = open_marks()
    keep_only(marks, 1, row(1), [cell(1, 1), cell(1, 2), cell(1, 3)])
    step = first_step(marks)
    assert step.technique == "locked candidates (claiming)"
    assert set(step.eliminations) == {(cell(r, c), 1) for r in (2, 3) for c in (1, 2, 3)}


def test_naked_pair_clears_its_values_from_the_row():
    marks = open_marks()
    marks[cell(1, 1)] = {1, 2}
    marks[cell(1, 2)] = {1, 2}
    step = first_step(marks)
    assert step.technique == "naked pair"
    assert set(step.eliminations) == {(cell(1, c), v) for c in range(3, 10) for v in (1, 2)}


def test_hidden_pair_clears_other_values_from_its_cells():
    marks = open_marks()
    for value in (1, 2):
        keep_only(marks, value, row(1), [cell(1, 1), cell(1, 4)])
    step = first_step(marks)
    assert step.technique == "hidden pair"
    assert set(step.eliminations) == {(c, v) for c in (cell(1, 1), cell(1, 4))
                                      for v in range(3, 10)}


def test_naked_triple_clears_its_values_from_the_row():
    marks = open_marks()
    marks[cell(1, 1)], marks[cell(1, 4)], marks[cell(1, 7)] = {1, 2}, {2, 3}, {1, 3}
    step = first_step(marks)
    assert step.technique == "naked triple"
    others = [c for c in row(1) if c not in (cell(1, 1), cell(1, 4), cell(1, 7))]
    assert set(step.eliminations) == {(c, v) for c in others for v in (1, 2, 3)}


def test_hidden_triple_clears_other_values_from_its_cells():
    marks = open_marks()
    triple = [cell(1, 1), cell(1, 4), cell(1, 7)]
    for value in (1, 2, 3):
        keep_only(marks, value, row(1), triple)
    step = first_step(marks)
    assert step.technique == "hidden triple"
    assert set(step.eliminations) == {(c, v) for c in triple for v in range(4, 10)}


def test_x_wing_clears_the_value_from_the_rest_of_its_columns():
    marks = open_marks()
    for r in (1, 5):
        keep_only(marks, 1, row(r), [cell(r, 2), cell(r, 7)])
    step = first_step(marks)
    assert step.technique == "X-Wing"
    assert set(step.eliminations) == {(cell(r, c), 1) for c in (2, 7)
                                      for r in range(1, 10) if r not in (1, 5)}


def test_xy_wing_clears_z_from_cells_seeing_both_pincers():
    marks = open_marks()
    marks[cell(1, 1)], marks[cell(1, 5)], marks[cell(5, 1)] = {1, 2}, {1, 3}, {2, 3}
    step = first_step(marks)
    assert step.technique == "XY-Wing"
    assert set(step.eliminations) == {(cell(5, 5), 3)}


def test_xyz_wing_clears_z_from_cells_seeing_all_three():
    marks = open_marks()
    marks[cell(1, 1)], marks[cell(1, 5)], marks[cell(2, 2)] = {1, 2, 3}, {1, 3}, {2, 3}
    step = first_step(marks)
    assert step.technique == "XYZ-Wing"
    assert set(step.eliminations) == {(cell(1, 2), 3), (cell(1, 3), 3)}


def test_swordfish_clears_the_value_from_the_rest_of_its_columns():
    marks = open_marks()
    for r in (1, 4, 7):
        keep_only(marks, 1, row(r), [cell(r, 1), cell(r, 4), cell(r, 7)])
    step = first_step(marks)
    assert step.technique == "Swordfish"
    assert set(step.eliminations) == {(cell(r, c), 1) for c in (1, 4, 7)
                                      for r in range(1, 10) if r not in (1, 4, 7)}


def test_naked_quad_clears_its_values_from_the_row():
    marks = open_marks()
    quad = [cell(1, 1), cell(1, 2), cell(1, 4), cell(1, 7)]
    for c, values in zip(quad, ({1, 2}, {2, 3}, {3, 4}, {1, 4})):
        marks[c] = values
    step = first_step(marks)
    assert step.technique == "naked quad"
    assert set(step.eliminations) == {(c, v) for c in row(1) if c not in quad
                                      for v in (1, 2, 3, 4)}


def test_jellyfish_clears_the_value_from_the_rest_of_its_columns():
    marks = open_marks()
    for r in (1, 3, 5, 7):
        keep_only(marks, 1, row(r), [cell(r, c) for c in (1, 3, 5, 7)])
    step = first_step(marks)
    assert step.technique == "Jellyfish"
    assert set(step.eliminations) == {(cell(r, c), 1) for c in (1, 3, 5, 7)
                                      for r in (2, 4, 6, 8, 9)}


def test_hidden_quad_clears_other_values_from_its_cells():
    marks = open_marks()
    quad = [cell(1, 1), cell(1, 2), cell(1, 4), cell(1, 7)]
    for value in (1, 2, 3, 4):
        keep_only(marks, value, row(1), quad)
    step = first_step(marks)
    assert step.technique == "hidden quad"
    assert set(step.eliminations) == {(c, v) for c in quad for v in range(5, 10)}


def test_simple_colouring_clears_cells_seeing_both_colours():
    # Chain r1c1 =row1= r1c5 =col5= r4c5 =row4= r4c2: r1c1 and r4c2 take opposite colours.
    marks = open_marks()
    keep_only(marks, 1, row(1), [cell(1, 1), cell(1, 5)])
    keep_only(marks, 1, column(5), [cell(1, 5), cell(4, 5)])
    keep_only(marks, 1, row(4), [cell(4, 5), cell(4, 2)])
    step = first_step(marks)
    assert step.technique == "simple colouring"
    assert set(step.eliminations) == {(cell(2, 2), 1), (cell(3, 2), 1),
                                      (cell(5, 1), 1), (cell(6, 1), 1)}


def test_simple_colouring_clears_a_colour_whose_cells_see_each_other():
    # r1c1 =row1= r1c5 =col5= r5c5 =box5= r6c4 =row6= r6c1: r1c1 and r6c1 share a
    # colour and a column, so that colour is false.
    marks = open_marks()
    keep_only(marks, 1, row(1), [cell(1, 1), cell(1, 5)])
    keep_only(marks, 1, column(5), [cell(1, 5), cell(5, 5)])
    box5 = [cell(r, c) for r in (4, 5, 6) for c in (4, 5, 6)]
    keep_only(marks, 1, box5, [cell(5, 5), cell(6, 4)])
    keep_only(marks, 1, row(6), [cell(6, 4), cell(6, 1)])
    step = first_step(marks)
    assert step.technique == "simple colouring"
    assert set(step.eliminations) == {(cell(1, 1), 1), (cell(5, 5), 1), (cell(6, 1), 1)}


def test_x_chain_clears_cells_seeing_both_ends_of_a_skyscraper():
    # r1c5 =row1= r1c1 -col1- r4c1 =row4= r4c6: r1c5 or r4c6 holds the 1. Two separate
    # conjugate pairs, so simple colouring finds nothing.
    marks = open_marks()
    keep_only(marks, 1, row(1), [cell(1, 1), cell(1, 5)])
    keep_only(marks, 1, row(4), [cell(4, 1), cell(4, 6)])
    step = first_step(marks)
    assert step.technique == "X-Chain"
    assert set(step.eliminations) == {(cell(2, 6), 1), (cell(3, 6), 1),
                                      (cell(5, 5), 1), (cell(6, 5), 1)}


def test_w_wing_clears_y_from_cells_seeing_both_wings():
    # r1c1 and r5c5 hold only 1/2; row 9 has 1 only in r9c1 (seen by r1c1) and r9c5 (seen
    # by r5c5), so one of the two wings is 2.
    marks = open_marks()
    marks[cell(1, 1)], marks[cell(5, 5)] = {1, 2}, {1, 2}
    keep_only(marks, 1, row(9), [cell(9, 1), cell(9, 5)])
    step = first_step(marks)
    assert step.technique == "W-Wing"
    assert set(step.eliminations) == {(cell(1, 5), 2), (cell(5, 1), 2)}


def test_unique_rectangle_clears_the_pair_from_the_fourth_corner():
    # r1c1, r1c4, r2c1 hold only 1/2 (the pairs' other cells already lack 1 and 2, so no
    # naked pair applies); r2c4 cannot be 1 or 2, or the four could swap.
    marks = open_marks()
    for c in (cell(1, 1), cell(1, 4), cell(2, 1)):
        marks[c] = {1, 2}
    box1 = [cell(r, c) for r in (1, 2, 3) for c in (1, 2, 3)]
    for value in (1, 2):
        keep_only(marks, value, row(1), [cell(1, 1), cell(1, 4)])
        keep_only(marks, value, column(1), [cell(1, 1), cell(2, 1)])
        keep_only(marks, value, box1, [cell(1, 1), cell(2, 1)])
    step = first_step(marks)
    assert step.technique == "unique rectangle"
    assert set(step.eliminations) == {(cell(2, 4), 1), (cell(2, 4), 2)}


def test_xy_chain_clears_x_from_cells_seeing_both_ends():
    # r1c1 (1/2) - r1c5 (2/3) - r5c5 (3/4) - r5c9 (4/1): if r1c1 is not 1, r5c9 is.
    marks = open_marks()
    marks[cell(1, 1)], marks[cell(1, 5)] = {1, 2}, {2, 3}
    marks[cell(5, 5)], marks[cell(5, 9)] = {3, 4}, {1, 4}
    step = first_step(marks)
    assert step.technique == "XY-Chain"
    assert set(step.eliminations) == {(cell(1, 9), 1), (cell(5, 1), 1)}


def test_bug_plus_one_places_the_value_seen_three_times():
    # se_diabolical record 49 (SE 7.2): after the XY-Chains, every open cell but r4c2
    # holds two values; r4c2 holds three, and 1 appears three times in its units.
    grid = parse_grid("030700100060090074407800300000070402020901050703020000006008209"
                      "340050080002007040")
    bug = [step for step in grade(grid).steps if step.technique == "BUG+1"]
    assert [step.placements for step in bug] == [((cell(4, 2), 1),)]


def test_singles_come_before_everything_else():
    grid = parse_grid("." + SOLVED_9X9[1:])
    assert next_step(t.Candidates.from_grid(grid)).technique == "full house"
    holes = {cell(1, 1), cell(1, 2), cell(2, 1), cell(2, 2)}  # box 1 keeps 4 open cells
    grid = parse_grid("".join("." if i in holes else v for i, v in enumerate(SOLVED_9X9)))
    step = next_step(t.Candidates.from_grid(grid))
    assert (step.technique, step.placements) == ("hidden single", ((cell(1, 2), 1),))


def test_techniques_are_listed_easiest_first():
    weights = [tech.weight for tech in TECHNIQUES]
    ranks = [GRADES.index(tech.grade) for tech in TECHNIQUES]
    assert weights == sorted(weights) and ranks == sorted(ranks)


# --- (c) invariance ---------------------------------------------------------------------

def relabelled(grid: Grid, mapping) -> Grid:
    return Grid(grid.shape, tuple(mapping[v - 1] if v else 0 for v in grid.cells))


def transposed(grid: Grid) -> Grid:
    """Rows become columns; a box_rows x box_cols shape becomes box_cols x box_rows."""
    n = grid.shape.size
    shape = shape_of(grid.shape.box_cols, grid.shape.box_rows)
    return Grid(shape, tuple(grid.cells[c * n + r] for r in range(n) for c in range(n)))


def rows_swapped(grid: Grid, one: int, other: int) -> Grid:
    """Two rows of one band exchanged (0-based row numbers)."""
    n = grid.shape.size
    order = list(range(n))
    order[one], order[other] = other, one
    return Grid(grid.shape, tuple(grid.cells[order[r] * n + c] for r in range(n) for c in range(n)))


def same_grading(one, other) -> bool:
    return ((one.grade, one.hardest, one.guessing) == (other.grade, other.hardest, other.guessing)
            and abs(one.score - other.score) < 0.09)


INVARIANCE_PUZZLES = (top95()[:12] + [p for p, _ in diabolical_sample()[:4]]
                      + [str(generate(NINE, seed).givens) for seed in range(4)])


@pytest.mark.parametrize("text", INVARIANCE_PUZZLES)
def test_grading_is_invariant_under_relabelling_and_transposing(text):
    grid = parse_grid(text)
    base = grade(grid)
    for mapping in ((9, 8, 7, 6, 5, 4, 3, 2, 1), (3, 1, 4, 9, 5, 2, 6, 8, 7)):
        assert same_grading(grade(relabelled(grid, mapping)), base)
    assert same_grading(grade(transposed(grid)), base)
    assert same_grading(grade(transposed(relabelled(grid, (2, 7, 1, 8, 9, 4, 5, 6, 3)))), base)
    assert same_grading(grade(rows_swapped(grid, 3, 5)), base)


@settings(max_examples=30, deadline=None)
@given(box=st.sampled_from([(2, 3), (3, 2), (3, 3)]), seed=st.integers(0, 10**6),
       draw=st.integers(0, 10**6))
def test_grading_is_invariant_under_any_transformation_of_the_group(box, seed, draw):
    # Relabelling, band, row, stack and column permutations, and transposing where the
    # boxes are square (core/board/transform.py): grade and hardest technique exactly; the
    # score to within its tiebreak, which counts steps and so follows the path taken.
    grid = generate(shape_of(*box), seed).givens
    image = random_transformation(grid.shape, Rng(draw)).apply(grid)
    assert same_grading(grade(image), grade(grid))


def test_six_by_six_grading_is_invariant_under_transposing_its_box():
    for seed in range(8):
        grid = generate(shape_of(2, 3), seed).givens
        assert same_grading(grade(transposed(grid)), grade(grid))


# --- (d) the fast grading agrees with the full one -------------------------------------

def summary(grading):
    return (grading.grade, grading.hardest, grading.score, grading.guessing)


def test_grade_within_is_grade_below_its_ceiling_and_none_above():
    for grid in generated() + [parse_grid(p) for p in top95()[:20]]:
        full = grade(grid)
        for ceiling in GRADES:
            fast = grade_within(grid, ceiling)
            if GRADES.index(full.grade) <= GRADES.index(ceiling):
                assert fast is not None and summary(fast) == summary(full)
            else:
                assert fast is None


# --- (e) grade levels -------------------------------------------------------------------

def test_a_nearly_full_grid_grades_beginner_without_guessing():
    holes = set(range(0, 81, 7))
    grading = grade(parse_grid("".join("." if i in holes else v
                                       for i, v in enumerate(SOLVED_9X9))))
    assert (grading.grade, grading.guessing) == ("beginner", False)
    assert grading.score < 2.5 and len(grading.steps) == len(holes)


# top1465, line 2: even contradiction forcing chains stall on it.
BEYOND_FORCING_CHAINS = ("7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4"
                         "....7.5...........")


def test_a_puzzle_that_stalls_even_with_forcing_chains_is_extreme_guessing():
    grading = grade(parse_grid(BEYOND_FORCING_CHAINS))
    assert (grading.grade, grading.hardest, grading.guessing) == ("extreme", "guessing", True)
    assert grading.score == 9.7654   # 9.0 + the share of cells still open (62 of 81)


def test_forcing_chains_solve_without_guessing_and_score_by_length():
    grading = grade(parse_grid(top95()[6]))
    forcing = [step for step in grading.steps if step.technique == "forcing chain"]
    assert (grading.grade, grading.hardest, grading.guessing) == ("extreme", "forcing chain",
                                                                  False)
    assert [step.length for step in forcing] == [10, 13, 6, 8]   # rounds of singles
    assert grading.score == round(8.0 + 0.9 * 37 / (37 + 10), 4) == 8.7085


def test_every_se_diabolical_puzzle_grades_at_least_hard():
    below = [(p, grade(parse_grid(p)).grade) for p, _ in diabolical_sample()]
    below = [(p, g) for p, g in below if GRADES.index(g) < GRADES.index("hard")]
    assert below == []


def test_a_complete_grid_needs_no_technique():
    grading = grade(parse_grid(SOLVED_9X9))
    assert (grading.grade, grading.hardest, grading.score, grading.steps) == ("beginner", "none",
                                                                              0.0, ())
