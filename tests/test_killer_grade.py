"""Grading Killers: each cage technique on a position made for it, and the Killer ladder."""

from __future__ import annotations

import pytest

from bookmaker.core.board.grid import Grid
from bookmaker.core.board.shape import shape_of
from bookmaker.core.grade.candidates import Step
from bookmaker.core.grade.evidence import Reason, cage_reason
from bookmaker.core.grade.grades import GRADES
from bookmaker.core.killer import techniques as k
from bookmaker.core.killer.cages import Cage, Cages
from bookmaker.core.killer.generate import generate_killer
from bookmaker.core.killer.grade import (
    KILLER_LADDER,
    KILLER_TECHNIQUES,
    grade_killer,
    grade_killer_within,
)
from bookmaker.core.killer.text import parse_killer

FOUR = shape_of(2, 2)
SOLUTION = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)   # 1234/3412/2143/4321
BLANK = Grid(FOUR, (0,) * 16)


def killer(*groups) -> Cages:
    """Cages over the groups of cells, totalled from SOLUTION."""
    return Cages(FOUR, tuple(Cage(cells, sum(SOLUTION[c] for c in cells)) for cells in groups))


CAGE_3, ROW_1 = cage_reason("3", 0), Reason("row", 1)  # what steps rest on, as data
DOMINOES = killer((0, 1), (2, 3), (4, 8), (5, 6), (7, 11), (9, 10), (12, 13), (14, 15))


def fresh(cages: Cages) -> k.KillerCandidates:
    return k.KillerCandidates.of(BLANK, cages)


def test_cage_combinations_keep_the_values_of_the_sets_that_fit():
    assert k.cage_combinations(fresh(DOMINOES)) == Step(
        "cage combinations", (), ((0, 3), (0, 4), (1, 3), (1, 4)),
        "cage 3 at r1c1 can only hold 1/2", because=(CAGE_3,), cells=(0, 1))


def test_cage_combinations_place_a_needed_value_with_one_place_left():
    state = fresh(DOMINOES)
    state.apply(k.cage_combinations(state))
    state.eliminate(0, 2)
    assert k.cage_combinations(state) == Step(
        "cage combinations", ((1, 2),), (), "cage 3 at r1c1 needs a 2, and only r1c2 can hold it",
        because=(CAGE_3,), cells=(0, 1))


def test_a_placed_value_leaves_the_rest_of_its_cage_too():
    cages = killer((0,), (1, 2, 6), (3, 7), (4, 5), (8, 9), (10, 14), (11, 15), (12, 13))
    state = fresh(cages)
    state.place(1, 2)
    assert not state.cell_digits[6] & 0b10         # r2c3 shares only the cage with r1c2
    assert state.cell_digits[11] & 0b10            # r3c4 shares nothing with it


def test_the_45_rule_places_the_one_innie_of_a_unit():
    cages = killer((0, 1, 2), (3, 7), (4, 5), (6, 10), (8, 9), (11, 15), (12, 13), (14,))
    assert k.rule_of_45(fresh(cages)) == Step("45 rule", ((3, 4),), (),
                                              "r1c4 = 4: the innie of row 1",
                                              because=(ROW_1, cage_reason("6", 3)), cells=(3,))


def test_the_cage_unit_intersection_clears_the_unit_a_needed_value_lies_in():
    assert k.cage_unit_intersection(fresh(DOMINOES)) == Step(
        "cage-unit intersection", (), ((2, 1), (3, 1)),
        "cage 3 at r1c1 needs a 1, and it lies in row 1", because=(CAGE_3, ROW_1), cells=(0, 1))


def test_cage_min_max_bounds_each_cell_by_the_rest_of_its_cage():
    assert k.cage_min_max(fresh(DOMINOES)) == Step(
        "cage min/max", (), ((0, 3), (0, 4), (1, 3), (1, 4)),
        "the rest of cage 3 at r1c1 cannot make up 3 with these", because=(CAGE_3,),
        cells=(0, 1))


def test_cage_permutations_see_that_values_in_a_cage_differ():
    # Cage 6 over r1c1, r1c2, r2c1 holds 1, 2, 3: with 1/2 in both r1c1 and r1c2, r2c1 is
    # 3. Min/max (which lets the two repeat) only takes 1 from r2c1.
    cages = killer((0, 1, 4), (2, 3), (5, 6), (7, 11), (8, 9), (10, 14), (12, 13), (15,))
    marks = [{1, 2}, {1, 2}] + list(SOLUTION[2:4]) + [{1, 2, 3, 4}] + list(SOLUTION[5:])
    state = k.KillerCandidates.from_marks(FOUR, marks)
    state.cages = cages
    assert k.cage_min_max(state).eliminations == ((4, 1),)
    assert k.cage_permutations(state) == Step(
        "cage permutations", (), ((4, 1), (4, 2), (4, 4)),
        "the open cells of cage 6 at r1c1 can add up to 6 only so",
        because=(cage_reason("6", 0),), cells=(0, 1, 4))


def test_innies_and_outies_narrow_two_open_innies_as_a_cage():
    cages = killer((0, 1), (2, 6), (3, 7), (4, 5), (8, 9), (10, 11), (12, 13), (14, 15))
    assert k.innies_and_outies(fresh(cages)) == Step(
        "innies and outies", (), ((2, 1), (2, 2), (3, 1), (3, 2)),
        "the open innies of row 1 (r1c3,r1c4) add up to 7",
        because=(ROW_1, cage_reason("4", 2), cage_reason("6", 3)), cells=(2, 3))


def test_the_killer_ladder_runs_from_easiest_to_hardest_without_uniqueness_tricks():
    names = [tech.name for tech in KILLER_TECHNIQUES]
    assert "unique rectangle" not in names and "BUG+1" not in names
    grades = [GRADES.index(tech.grade) for tech in KILLER_TECHNIQUES]
    weights = [tech.weight for tech in KILLER_TECHNIQUES]
    assert grades == sorted(grades) and weights == sorted(weights)
    assert len(set(weights)) == len(weights)
    assert names[:5] == ["full house", "hidden single", "naked single", "cage combinations",
                         "45 rule"]
    assert KILLER_TECHNIQUES[-1].find is k.killer_forcing_chain
    assert [name for name, _ in KILLER_LADDER.bulk][-1] == "cage combinations"


GOLDEN = [
    ("." * 36 + " AABBBCAABDECFFFDECFGHDCCIGHDJJIHHKKK 14,14,16,14,8,18,3,16,5,9,9",
     "hard", "innies and outies"),
    ("." * 81 + " ABCCDDDDEABBCFFGHEAABIJFGHEKIIIJLMHEKKKNJLMMOPQQNJRRROPPQNSTUUOVVQWSTUXXVVWWS"
     "SXXX 14,23,18,18,23,15,4,23,18,18,11,9,21,16,15,17,20,11,17,15,19,28,15,17",
     "medium", "hidden pair"),
]


@pytest.mark.parametrize("line, grade, hardest", GOLDEN)
def test_grading_in_bulk_and_step_by_step_agree(line, grade, hardest):
    givens, cages = parse_killer(line)
    full = grade_killer(givens, cages)
    within = grade_killer_within(givens, cages, grade)
    assert (full.grade, full.hardest, full.score) == (within.grade, within.hardest,
                                                      within.score)
    assert (full.grade, full.hardest) == (grade, hardest)
    assert grade_killer_within(givens, cages, GRADES[GRADES.index(grade) - 1]) is None


def test_bulk_and_step_by_step_grading_agree_on_generated_killers():
    for seed in range(6):
        puzzle, grading = generate_killer(shape_of(2, 3), seed)
        full = grade_killer(puzzle.givens, puzzle.extras)
        assert (grading.grade, grading.hardest, grading.score) == \
            (full.grade, full.hardest, full.score)
