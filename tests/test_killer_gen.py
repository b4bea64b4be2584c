"""Killer generation: exact puzzles for a fixed seed, every one proven unique twice, of the
grade asked for, with proper cages; the Killer's text form and repeat key."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bookmaker.core.board.grid import Grid, GridError
from bookmaker.core.board.shape import board_of, parse_shape, shape_of
from bookmaker.core.board.transform import repeat_key
from bookmaker.core.killer import check as verify_module
from bookmaker.core.killer.cages import Cage, Cages
from bookmaker.core.killer.generate import generate_killer, max_cage_cells
from bookmaker.core.killer.grade import grade_killer
from bookmaker.core.killer.key import _image, _moves, killer_key
from bookmaker.core.killer.text import format_killer, parse_killer
from bookmaker.core.puzzle import GenerationError
from bookmaker.core.registry import kind_named, puzzle_key, verify_puzzle
from bookmaker.core.rng import derive_seed
from bookmaker.core.solve.verify import Undecided, VerificationError
from bookmaker.puzzles.dedupe import without_repeats
from bookmaker.puzzles.produce import generate_jobs, produce

SEED = 2026

GOLDEN = [
    ("4x4", "classic", "any",
     "................ AABBCCBDCEEDFFGG 3,9,8,3,7,6,4", "cage combinations"),
    ("6x6", "classic", "beginner",
     "." * 36 + " ABBCCCADEEEEADFFGGAHHHIJKKKIIJLLKIIJ 15,6,11,10,12,11,4,9,20,7,14,7",
     "cage combinations"),
    ("6x6", "classic", "hard",
     "." * 36 + " AABBBCAABDECFFFDECFGHDCCIGHDJJIHHKKK 14,14,16,14,8,18,3,16,5,9,9",
     "innies and outies"),
    ("6x6", "x", "easy",
     "." * 36 + " AAAABBCDDEBBCDDEEFCCGGEFHHIJJFHHIJJF 12,18,12,16,13,14,7,12,9,13",
     "cage-unit intersection"),
    ("9x9", "classic", "beginner",
     "." * 81 + " ABBCCDDEEAFBCCCGHHIFBJJJGHHIFKJLLLMMNNKKOOOMPQRRSOTMMPQUUSTTVWWXYUSSVVWZXYYYSV"
     "ZZZ 7,18,25,5,7,23,9,25,7,20,11,17,20,12,29,10,8,7,24,12,16,23,17,14,17,22",
     "45 rule"),
]


def board(size: str, variant: str):
    shape = parse_shape(size)
    return board_of(shape.box_rows, shape.box_cols, variant)


@pytest.mark.parametrize("size, variant, difficulty, line, hardest", GOLDEN)
def test_seed_2026_makes_exactly_the_pinned_killer(size, variant, difficulty, line, hardest):
    puzzle, grading = generate_killer(board(size, variant), SEED, difficulty)
    assert (format_killer(puzzle.givens, puzzle.extras), grading.hardest) == (line, hardest)
    assert grading.grade == grade_killer(puzzle.givens, puzzle.extras).grade
    if difficulty != "any":
        assert grading.grade == difficulty
    verify_puzzle(puzzle)       # the Killer check finds the one solution too
    assert_proper_killer(puzzle, board(size, variant))


def assert_proper_killer(puzzle, shape) -> None:
    """Pure, cages connected (Cages checks it), of distinct values adding up to their
    totals in the solution, no larger than the generator's limit."""
    assert puzzle.givens.cells == (0,) * shape.cell_count and puzzle.shape == shape
    for cage in puzzle.extras.cages:
        values = [puzzle.solution.cells[c] for c in cage.cells]
        assert len(set(values)) == len(values) and sum(values) == cage.total
        assert len(cage.cells) <= max_cage_cells(shape)


@pytest.mark.parametrize("difficulty, seed", [("medium", 6), ("expert", 5)])
def test_a_6x6_killer_has_exactly_the_grade_asked_for(difficulty, seed):
    puzzle, grading = generate_killer(board("6x6", "classic"), seed, difficulty)
    assert grade_killer(puzzle.givens, puzzle.extras).grade == grading.grade == difficulty
    assert puzzle.difficulty == difficulty and puzzle.seed == seed
    verify_puzzle(puzzle)


def test_the_same_seed_makes_the_same_killer_and_another_seed_another():
    shape = board("6x6", "classic")
    first = generate_killer(shape, 11, "easy")[0]
    assert generate_killer(shape, 11, "easy")[0] == first
    assert generate_killer(shape, 12, "easy")[0].extras != first.extras


def test_a_grade_no_4x4_killer_reaches_fails_with_a_message():
    with pytest.raises(GenerationError, match="could not make an 'easy' 4x4 Killer in 3 "
                                              "attempts \\(they were beginner\\)"):
        generate_killer(board("4x4", "classic"), 1, "easy", max_attempts=3)


def test_killers_come_only_in_the_sizes_and_boards_they_are_made_for():
    with pytest.raises(ValueError, match="Killers are made on classic or X boards of sizes "
                                         "4x4, 6x6, 8x8, 9x9, 12x12, not 10x10"):
        generate_killer(parse_shape("10x10"), 1)
    with pytest.raises(ValueError, match="not 9x9 Hyper"):
        generate_killer(board_of(3, 3, "hyper"), 1)


def test_a_killer_the_check_disagrees_with_is_never_let_through():
    puzzle, _ = generate_killer(board("4x4", "classic"), SEED)
    first = puzzle.extras.cages[0]
    wrong = Cages(puzzle.shape, (Cage(first.cells, first.total + 1),) + puzzle.extras.cages[1:])
    with pytest.raises(VerificationError, match="The Killer check found no solution"):
        verify_puzzle(replace(puzzle, extras=wrong))


# The text form

def test_the_text_form_round_trips():
    for _, _, _, line, _ in GOLDEN:
        givens, cages = parse_killer(line, board("6x6", "x") if "AAAABB" in line else None)
        assert format_killer(givens, cages) == line


def test_any_letters_read_the_same_and_are_written_in_order():
    line = "................ zzyyxxywxvvwuutt 3,9,8,3,7,6,4"
    givens, cages = parse_killer(line)
    assert format_killer(givens, cages) == GOLDEN[0][3]


@pytest.mark.parametrize("line, message", [
    ("." * 16 + " AABBCCBDCEEDFFGG", "a Killer line has three parts, givens, cage layout and "
                                     "sums, separated by spaces; got 2"),
    ("." * 16 + " AABBCCBDCEEDFFG 3,9,8,3,7,6,4",
     "the cage layout has 15 letters, a 4x4 Killer needs 16"),
    ("." * 16 + " AABBCC-DCEEDFFGG 3,9,8,3,7,6,4",
     "bad cage letter '-' at position 7 of the layout; cages are lettered A-Z, a-z, 0-9"),
    ("." * 16 + " AABBCCBDCEEDFFGG 3,9,8,3,7,6", "the layout has 7 cages but 6 sums are "
     "given (one per cage, in the order the cages first appear)"),
    ("." * 16 + " AABBCCBDCEEDFFGG 3,9,8,3,7,6,4x", "bad sum '4x' (number 7 of the sums); "
     "sums are whole numbers separated by commas, no spaces"),
    ("." * 16 + " AABBCCBDCEEDFFGA 3,9,8,3,7,6,4",
     "cage A (sum 3, from r1c1): its cells are not connected (a cage is one orthogonally "
     "connected piece)"),
    ("." * 16 + " AABBCCBDCEEDFFGG 3,9,8,3,7,6,9",
     "cage G (sum 9, from r4c3): 2 different symbols from 1-4 cannot add up to 9 (they "
     "make 3 to 7)"),
    ("4..............." + " AABBCCBDCEEDFFGG 3,9,8,3,7,6,4",
     "cage A (sum 3, from r1c1): its given 4 fits no way of making 3 in 2 cells"),
    (".....2..2......." + " AABBCCBDCEEDFFGG 3,9,8,3,7,6,4",
     "cage C (sum 8, from r2c1): the given 2 appears twice in it"),
])
def test_a_bad_killer_line_says_what_is_wrong_and_which_cage(line, message):
    with pytest.raises(GridError) as caught:
        parse_killer(line)
    assert str(caught.value) == message


# The repeat key

def test_every_turn_mirror_and_complement_of_a_killer_has_its_key():
    givens, cages = parse_killer(GOLDEN[2][3])
    key = killer_key(givens, cages)
    images = [_image(givens, cages, move, complement)
              for move in _moves(givens.shape) for complement in (False, True)]
    assert len(images) == 8 and {killer_key(*image) for image in images} == {key}
    assert len({format_killer(*image) for image in images}) == 8
    assert key.startswith("killer 2x3:")
    other = parse_killer(GOLDEN[1][3])
    assert killer_key(*other) != key


def test_a_killer_puzzle_is_keyed_by_its_cages_and_a_classic_one_by_its_givens():
    puzzle, _ = generate_killer(board("4x4", "classic"), SEED)
    assert puzzle_key(puzzle) == killer_key(puzzle.givens, puzzle.extras)
    classic = replace(puzzle, givens=Grid(puzzle.shape, puzzle.solution.cells), extras=None)
    assert puzzle_key(classic) == repeat_key(classic.givens)


def test_a_build_remakes_a_killer_that_repeats_an_earlier_one():
    jobs = generate_jobs(board("4x4", "classic"), "repeats", 2, kind=kind_named("killer"))
    first = produce(jobs[:1])[0]
    distinct = without_repeats(jobs, [first, first], frozenset(), produce)
    assert distinct.remade == 1 and distinct.keys[0] != distinct.keys[1]
    assert distinct.puzzles[0] is first and distinct.puzzles[1].extras != first.extras


def test_a_killer_the_check_cannot_decide_is_dropped_for_the_next_seed(monkeypatch):
    # A 9x9 Killer at grade 'any' once ran the Killer check out of nodes and stopped a
    # whole build. Such a Killer is not proven twice, so it is never printed; the job makes
    # its next Killer from a seed derived from its own, the same on every run.
    job = generate_jobs(shape_of(2, 2), 5, 1, kind=kind_named("killer"))[0]
    real_check, calls = verify_module.check_killer, []

    def undecided_first(*args, **kwargs):
        calls.append(kwargs)
        result = real_check(*args, **kwargs)
        return replace(result, complete=False) if len(calls) == 1 else result

    monkeypatch.setattr(verify_module, "check_killer", undecided_first)
    made = produce([job])[0]
    assert len(calls) == 2 and made.seed == derive_seed(job.seed, "killer undecided", 1)
    verify_puzzle(made)  # proven with the real check
    assert made.extras != generate_killer(board_of(2, 2), job.seed, "any")[0].extras


def test_a_killer_no_try_can_decide_stops_the_run_as_undecided(monkeypatch):
    job = generate_jobs(shape_of(2, 2), 5, 1, kind=kind_named("killer"))[0]
    real_check = verify_module.check_killer
    monkeypatch.setattr(verify_module, "check_killer", lambda *args, **kwargs: replace(
        real_check(*args, **kwargs), complete=False))
    with pytest.raises(Undecided, match="The Killer check ran out of nodes"):
        produce([job])
