"""Skyscrapers: its line, its two proofs against brute force, its grades, its repeat key,
and the kind end to end on the command line."""

from __future__ import annotations

import pytest
from latin_brute import assert_made_as_pinned, brute_count, latin_squares

from bookmaker import cli
from bookmaker.core.board.grid import GridError
from bookmaker.core.board.marks import EdgeMark
from bookmaker.core.board.shape import latin_of
from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.latin.moves import square_moves
from bookmaker.core.rng import Rng
from bookmaker.core.skyscrapers.check import check_skyscrapers
from bookmaker.core.skyscrapers.clues import EdgeClues, all_clues, clue_items, clues_of, seen
from bookmaker.core.skyscrapers.generate import generate_skyscrapers
from bookmaker.core.skyscrapers.key import _image, skyscrapers_key
from bookmaker.core.skyscrapers.kind import SKYSCRAPERS
from bookmaker.core.skyscrapers.lines import line_supports
from bookmaker.core.skyscrapers.solver import skyscrapers_solutions
from bookmaker.core.skyscrapers.text import format_skyscrapers, parse_skyscrapers

GOLDEN = [  # (size, seed, grade): the line, the hardest technique
    (4, 1, "beginner", "..............3. .3.4/..../..../....", "clue bounds"),
    (4, 2, "easy", "..2............1 3.../..../..../..3.", "visibility (short lines)"),
    (5, 1, "medium", "..2................1..... ...../.33../23.../.13..",
     "visibility (long lines)"),
    (5, 2, "beginner", ".............4.3......2.. .3.../2..3./.3.42/3....", "clue bounds"),
]


@pytest.mark.parametrize("size, seed, grade, line, hardest", GOLDEN)
def test_generated_puzzles_are_pinned_and_regrade_as_asked(size, seed, grade, line, hardest):
    made = generate_skyscrapers(size, seed, grade)
    assert_made_as_pinned(SKYSCRAPERS, made, line, grade, hardest)


def test_a_line_reads_back_to_itself_with_each_side_in_reading_order():
    line = "................ 2.1./...3/.2../1..."
    givens, clues = parse_skyscrapers(line)
    assert format_skyscrapers(givens, clues) == line
    assert clues == EdgeClues(4, (2, 0, 1, 0), (0, 0, 0, 3), (0, 2, 0, 0), (1, 0, 0, 0))
    assert clues.lines()[0] == ((0, 1, 2, 3), 1, 0)  # row 1 seen from the left: 1
    for size in (4, 6, 8):
        puzzle, _ = generate_skyscrapers(size, 3, "beginner")
        assert parse_skyscrapers(SKYSCRAPERS.line(puzzle)) == (puzzle.givens, puzzle.extras)


@pytest.mark.parametrize("line, message", [
    ("................", "a Skyscrapers line has two parts, givens and clues "
     "(top/right/bottom/left), separated by a space; got 1"),
    ("................ 2.1./...3/.2..", "clues: 3 sides, expected 4 (top/right/bottom/left)"),
    ("................ 2.1./...3/.2../1..", "clues left: 3 symbols, a 4x4 grid has 4 a side"),
    ("................ 2.5./...3/.2../1...", "clues top: bad symbol '5' at position 3; "
     "expected 1-4 or '.'"),
    ("........... 2.1./...3/.2../1...", "wrong length: 11 givens is not a square of 4x4 "
     "to 8x8 cells"),
    ("1..1............ 2.1./...3/.2../1...", "clue conflict: 1 appears twice in row 1"),
])
def test_a_bad_line_says_what_is_wrong(line, message):
    with pytest.raises(GridError) as error:
        parse_skyscrapers(line)
    assert message in str(error.value)


def _fits(clues):
    def fits(square):
        return all(not clue or seen([square[c] for c in cells]) == clue
                   for cells, front, back in clues.lines()
                   for clue, cells in ((front, cells), (back, cells[::-1])))
    return fits


def test_both_proofs_agree_with_brute_force_on_4x4():
    squares = latin_squares(4)
    rng = Rng(31)
    for _ in range(25):
        solution = squares[rng.below(len(squares))]
        places = [p for p in clue_items(all_clues(4, solution)) if rng.below(3) == 0]
        clues = clues_of(4, solution, places)
        givens = [v if rng.below(8) == 0 else 0 for v in solution]
        expected = brute_count(4, givens, _fits(clues))
        assert skyscrapers_solutions(clues, givens, limit=1000).count == expected
        assert check_skyscrapers(clues, givens, limit=1000).count == expected


def test_a_line_keeps_only_heights_some_filling_shows_its_clues_with():
    full = 0b1111
    # four cells, 1 seen from the front: the 4 stands first
    assert line_supports((full,) * 4, 1, 0) == (0b1000, 0b0111, 0b0111, 0b0111)
    # 4 seen: 1, 2, 3, 4 in order
    assert line_supports((full,) * 4, 4, 0) == (0b0001, 0b0010, 0b0100, 0b1000)
    assert line_supports((0b0001, full, full, full), 1, 0) is None


def test_the_repeat_key_is_the_same_for_every_turn_and_mirror():
    puzzle, _ = generate_skyscrapers(5, 8, "easy")
    key = skyscrapers_key(puzzle.givens, puzzle.extras)
    assert key.startswith("skyscrapers 5x5:")
    for move in square_moves(5):
        givens, clues = _image(puzzle.givens, puzzle.extras, move)
        assert skyscrapers_key(givens, clues) == key
        # the clues moved with the grid are the clues of the moved solution
        moved, _ = _image(puzzle.solution, puzzle.extras, move)
        every = all_clues(5, moved.cells)
        assert all(clue in (0, every.side(side)[i]) for side in ("top", "right", "bottom",
                                                                 "left")
                   for i, clue in enumerate(clues.side(side)))
    other, _ = generate_skyscrapers(5, 9, "easy")
    assert skyscrapers_key(other.givens, other.extras) != key


def test_the_kind_refuses_what_it_does_not_make_and_marks_its_clues():
    assert SKYSCRAPERS.size_problem(9, False) == ("skyscrapers puzzles are made in the sizes "
                                                  "4x4 to 8x8; got 9x9")
    assert SKYSCRAPERS.grade_problem(latin_of(4), "expert").startswith(
        "4x4 Skyscrapers puzzles are made beginner, easy, medium, hard, extreme; not 'expert'")
    assert SKYSCRAPERS.options_problem("none", 30, None)[0] == "clues"
    assert SKYSCRAPERS.presentation.outside_cells == 1  # its clues print in a ring round it
    puzzle = SKYSCRAPERS.make(MakeRequest(latin_of(4), 1, "beginner"))
    assert SKYSCRAPERS.line(puzzle) == "..............3. .3.4/..../..../...."
    assert SKYSCRAPERS.marks(puzzle.givens, puzzle.extras).edges == (
        EdgeMark("top", 1, "3"), EdgeMark("top", 3, "4"))


def test_the_command_line_generates_checks_grades_and_solves_skyscrapers(runner):
    made = runner.invoke(cli.main, ["generate", "--variant", "skyscrapers", "--size", "4x4",
                                    "--seed", "1", "--count", "2", "--difficulty", "easy"])
    assert made.exit_code == 0, made.stderr
    assert made.stdout.splitlines() == ["................ 3.../.3../.213/....",
                                        "........2.....1. .1../.2../...1/...."]
    checked = runner.invoke(cli.main, ["check", "--variant", "skyscrapers", "-"],
                            input=made.stdout)
    assert checked.stdout == "1: unique\n2: unique\n"
    graded = runner.invoke(cli.main, ["grade", "--variant", "towers", "-"], input=made.stdout)
    assert graded.stdout == ("1: easy 2.7208 visibility (short lines)\n"
                             "2: easy 2.7082 visibility (short lines)\n")
    solved = runner.invoke(cli.main, ["solve", "--variant", "skyscrapers", "-"],
                           input=made.stdout)
    for line, solution in zip(made.stdout.splitlines(), solved.stdout.splitlines()):
        givens, clues = parse_skyscrapers(line)
        assert _fits(clues)([int(v) for v in solution])
    two = runner.invoke(cli.main, ["check", "--variant", "skyscrapers", "-"],
                        input="................ ..../..../..../....\n")
    assert two.stdout == "1: multiple\n"
    classic = runner.invoke(cli.main, ["check", "-"], input=made.stdout)
    assert classic.stdout.startswith("1: invalid: this looks like a Skyscrapers line "
                                     "(givens, clues top/right/bottom/left): read it as "
                                     "Skyscrapers (--variant skyscrapers)")


def test_the_check_visits_the_same_nodes_and_solutions_as_before_its_bitsets():
    """The check keeps a line's orderings as ints (issue 38): the same counts, first
    solutions, completeness and nodes as when they were tuples (pinned from then)."""
    clues = EdgeClues(6, (0, 0, 3, 0, 3, 3), (0, 0, 0, 3, 3, 0), (4, 0, 3, 0, 0, 0),
                      (0, 0, 3, 0, 0, 3))
    givens = [0] * 36
    found = check_skyscrapers(clues, givens, 3)
    assert (found.count, found.complete, found.nodes) == (3, True, 12)
    assert found.solutions[2] == (1, 5, 4, 6, 2, 3, 6, 3, 2, 1, 5, 4, 2, 1, 5, 3, 4, 6,
                                  5, 4, 6, 2, 3, 1, 4, 6, 3, 5, 1, 2, 3, 2, 1, 4, 6, 5)
    found = check_skyscrapers(clues, givens, 3, max_nodes=5)
    assert (found.count, found.complete, found.nodes) == (0, False, 5)
    givens[1], givens[16] = 1, 4
    found = check_skyscrapers(clues, givens)
    assert (found.count, found.complete, found.nodes) == (1, True, 3)
