"""Futoshiki: its line, its two proofs against brute force, its grades, its repeat key,
and the kind end to end on the command line."""

from __future__ import annotations

import pytest
from latin_brute import assert_made_as_pinned, brute_count, latin_squares

from bookmaker import cli
from bookmaker.core.board.grid import Grid, GridError
from bookmaker.core.board.marks import SignMark
from bookmaker.core.board.shape import latin_of
from bookmaker.core.futoshiki.check import check_futoshiki
from bookmaker.core.futoshiki.generate import generate_futoshiki
from bookmaker.core.futoshiki.key import _image, futoshiki_key
from bookmaker.core.futoshiki.kind import FUTOSHIKI
from bookmaker.core.futoshiki.signs import SignError, all_signs, signs_of, sorted_signs
from bookmaker.core.futoshiki.solver import futoshiki_solutions
from bookmaker.core.futoshiki.text import format_futoshiki, parse_futoshiki
from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.latin import generate as latin_generate
from bookmaker.core.latin.fill import random_latin
from bookmaker.core.latin.moves import square_moves
from bookmaker.core.rng import Rng

GOLDEN = [  # (size, seed, grade): the line, the hardest technique
    (4, 1, "beginner", "......1......1.. ...>........ .^.....^....", "inequality bounds"),
    (5, 1, "beginner", "3.2.............4..14.... .......<.........>.. .v..........v..^....",
     "inequality bounds"),
    # easy to hard: the givens are dug first, then the signs (issue 38): few givens left
    (5, 2, "easy", "......................... <........>......<>>> .....v......v.....^.",
     "naked pair"),
    (5, 0, "medium", "......................... >.>...<...>...<..... .v^......^.v..v.^..v",
     "X-Wing"),
    # its first attempt dug to beginner, traded since (latin/trade.py)
    (5, 4, "hard", ".................341..... <>....<....><...<... .....^..............",
     "W-Wing"),
    (4, 0, "hard", "................ .>...>..<<.. ...^.v..v...", "W-Wing"),
]


@pytest.mark.parametrize("size, seed, grade, line, hardest", GOLDEN)
def test_generated_puzzles_are_pinned_and_regrade_as_asked(size, seed, grade, line, hardest):
    assert_made_as_pinned(FUTOSHIKI, generate_futoshiki(size, seed, grade), line, grade, hardest)


def test_a_line_reads_back_to_itself_and_signs_point_the_right_way():
    line = "2...........1... <..>.....<.. ....^..v...."
    givens, signs = parse_futoshiki(line)
    assert format_futoshiki(givens, signs) == line
    assert givens.cells[0] == 2 and givens.cells[12] == 1
    # '<' r1c1 < r1c2; '>' r2c1 > r2c2; '^' r2c1 < r3c1; 'v' r2c4 > r3c4; '<' r4c1 < r4c2
    assert signs.pairs == ((0, 1), (5, 4), (4, 8), (11, 7), (12, 13))
    for size in (4, 7, 9):
        puzzle, _ = generate_futoshiki(size, 3, "beginner")
        assert parse_futoshiki(FUTOSHIKI.line(puzzle)) == (puzzle.givens, puzzle.extras)


@pytest.mark.parametrize("line, message", [
    ("2... <..>", "a Futoshiki line has three parts, givens, signs across and signs down, "
     "separated by spaces; got 2"),
    ("2.......... <..>.....<.. ....^..v....", "wrong length: 11 givens is not a square of "
     "4x4 to 9x9 cells"),
    ("2...........1... <..>.....< ....^..v....", "signs across: 10 symbols, a 4x4 Futoshiki "
     "has 12"),
    ("2...........1... <..>..=..<.. ....^..v....", "signs across: bad symbol '=' at position "
     "7; expected '<', '>' or '.'"),
    ("2...........1... <..>.....<.. ....^..<....", "signs down: bad symbol '<' at position "
     "8; expected '^', 'v' or '.'"),
    ("21.......... ... >........... ............", "a Futoshiki line has three parts"),
    ("21.............. <........... ............", "the sign between r1c1 and r1c2 says 2 < 1"),
    ("22.............. ............ ............", "clue conflict: 2 appears twice in row 1"),
])
def test_a_bad_line_says_what_is_wrong(line, message):
    with pytest.raises(GridError) as error:
        parse_futoshiki(line)
    assert message in str(error.value)


def test_signs_must_join_neighbours_once():
    with pytest.raises(SignError, match="not neighbours"):
        signs_of(4, [(0, 2)])
    with pytest.raises(SignError, match="two signs between cells 1 and 0"):
        signs_of(4, [(0, 1), (1, 0)])


def _fits(signs):
    return lambda square: all(square[a] < square[b] for a, b in signs.pairs)


def test_every_sign_of_a_solution_is_made_in_sorted_order():
    """all_signs is not sorted again: it is made in sorted_signs' order."""
    for n, seed in [(1, 0), (2, 1), (5, 2), (7, 3), (9, 4)]:
        signs = all_signs(n, random_latin(n, Rng(seed)))
        assert signs == sorted_signs(n, reversed(signs.pairs))
        assert len(signs.pairs) == 2 * n * (n - 1)


def test_both_proofs_agree_with_brute_force_on_4x4():
    squares = latin_squares(4)
    rng = Rng(23)
    for _ in range(25):
        solution = squares[rng.below(len(squares))]
        every = all_signs(4, solution).pairs
        signs = signs_of(4, [p for p in every if rng.below(3) == 0])
        givens = [v if rng.below(6) == 0 else 0 for v in solution]
        expected = brute_count(4, givens, _fits(signs))
        assert futoshiki_solutions(signs, givens, limit=1000).count == expected
        assert check_futoshiki(signs, givens, limit=1000).count == expected
    empty = signs_of(4, [])
    assert check_futoshiki(empty, [0] * 16, limit=1000).count == 576


def test_the_check_places_a_value_with_one_cell_left_in_a_line():
    # a 7x7 hard one (generate_futoshiki(7, derive_seed("chk", "hard", 3), "hard")): arc
    # consistency alone took 26,906 nodes to prove it, 0.5 s of a book's time
    givens = [0] * 49
    givens[40] = 2
    signs = signs_of(7, [(1, 2), (4, 3), (5, 12), (9, 10), (10, 17), (12, 11), (18, 11),
                         (19, 12), (20, 13), (15, 14), (15, 16), (22, 15), (26, 19), (22, 21),
                         (25, 24), (27, 34), (31, 30), (39, 32), (41, 34), (36, 35), (35, 42),
                         (40, 39), (39, 46)])
    found = check_futoshiki(signs, givens, max_nodes=1000)
    assert (found.count, found.complete, found.nodes) == (1, True, 563)
    assert found.solutions[0][:7] == (6, 3, 4, 2, 1, 5, 7)


def test_the_repeat_key_is_the_same_for_every_turn_mirror_and_reversal():
    puzzle, _ = generate_futoshiki(5, 8, "easy")
    key = futoshiki_key(puzzle.givens, puzzle.extras)
    assert key.startswith("futoshiki 5x5:")
    for move in square_moves(5):
        for reverse in (False, True):
            image = _image(puzzle.givens, puzzle.extras, move, reverse)
            assert futoshiki_key(*image) == key
    other, _ = generate_futoshiki(5, 9, "easy")
    assert futoshiki_key(other.givens, other.extras) != key
    # a relabelling other than reversal does not keep the signs: 1<->2 swapped differs
    swapped = Grid(latin_of(5), tuple({1: 2, 2: 1}.get(v, v) for v in puzzle.solution.cells))
    assert all_signs(5, swapped.cells) != all_signs(5, puzzle.solution.cells)


def test_the_kind_refuses_what_it_does_not_make_and_marks_its_signs():
    assert FUTOSHIKI.size_problem(10, False) == ("futoshiki puzzles are made in the sizes "
                                                 "4x4 to 9x9; got 10x10")
    assert "without boxes" in FUTOSHIKI.size_problem(6, True)
    assert FUTOSHIKI.grade_problem(latin_of(4), "medium") == (
        "4x4 Futoshiki puzzles are made beginner, easy, hard; not 'medium' (too few of that "
        "grade turn up)")
    assert FUTOSHIKI.grade_problem(latin_of(4), "hard") is None
    assert FUTOSHIKI.grade_problem(latin_of(7), "extreme") is None
    assert FUTOSHIKI.options_problem("rotational", None, None)[0] == "symmetry"
    puzzle = FUTOSHIKI.make(MakeRequest(latin_of(4), 1, "beginner"))
    assert FUTOSHIKI.line(puzzle) == "......1......1.. ...>........ .^.....^...."
    # each sign read from its left or upper cell: r1c2 < r2c2, r2c1 > r2c2, r2c4 < r3c4
    assert FUTOSHIKI.marks(puzzle.givens, puzzle.extras).signs == (SignMark(1, 5, "<"),
                                                                    SignMark(4, 5, ">"),
                                                                    SignMark(7, 11, "<"))
    assert FUTOSHIKI.exchange.registry_size(latin_of(4)) == "4x4 Futoshiki"


def test_the_command_line_generates_checks_grades_and_solves_futoshiki(runner):
    made = runner.invoke(cli.main, ["generate", "--variant", "futoshiki", "--size", "5x5",
                                    "--seed", "1", "--count", "2", "--difficulty", "beginner"])
    assert made.exit_code == 0, made.stderr
    lines = made.stdout.splitlines()
    assert lines == ["..1.........23......14... .......<.<..>....... v............v......",
                     "..3....1..3.....5....2..1 .................... v.......vv.........."]
    checked = runner.invoke(cli.main, ["check", "--variant", "futoshiki", "-"], input=made.stdout)
    assert checked.stdout == "1: unique\n2: unique\n"
    graded = runner.invoke(cli.main, ["grade", "--variant", "unequal", "-"], input=made.stdout)
    assert graded.stdout == "1: beginner 2.3 naked single\n2: beginner 1.5 inequality bounds\n"
    solved = runner.invoke(cli.main, ["solve", "--variant", "futoshiki", "-"], input=made.stdout)
    for line, solution in zip(lines, solved.stdout.splitlines()):
        givens, signs = parse_futoshiki(line)
        cells = tuple(int(v) for v in solution)
        assert futoshiki_solutions(signs, givens.cells).solution == cells
    bad = runner.invoke(cli.main, ["check", "--variant", "futoshiki", "-"],
                        input="21.............. <........... ............\n")
    assert bad.exit_code != 0 and "says 2 < 1" in bad.stdout + bad.stderr
    classic = runner.invoke(cli.main, ["check", "-"], input=made.stdout)
    assert classic.stdout.startswith("1: invalid: this looks like a Futoshiki line (givens, "
                                     "signs across, signs down): read it as a Futoshiki "
                                     "(--variant futoshiki)")


def test_the_check_visits_the_same_nodes_and_solutions_as_before():
    """The check narrows a cell of several values by its signs alone (issue 38): the same
    counts, solutions and nodes as when it went through every constraint (pinned)."""
    signs = signs_of(7, [(1, 0), (2, 9), (12, 5), (6, 13), (7, 14), (9, 10), (18, 11),
                         (13, 12), (20, 13), (15, 16), (17, 18), (19, 26), (28, 21), (22, 23),
                         (28, 35), (29, 30), (30, 31), (31, 38), (32, 39), (34, 41), (40, 47),
                         (41, 48), (47, 46)])
    givens = [0] * 49
    found = check_futoshiki(signs, givens, 3)
    assert (found.count, found.complete, found.nodes) == (3, True, 22)
    assert found.solutions[1][:14] == (7, 6, 4, 3, 2, 5, 1, 1, 2, 6, 7, 5, 4, 3)
    givens[23], givens[25] = 4, 6
    found = check_futoshiki(signs, givens)
    assert (found.count, found.complete, found.nodes) == (1, True, 41)


NINE_MEDIUM_9 = (  # its proof takes the solver 27,427 nodes, past the trials' 20,000
    "............2.............................7..............8..............5........ "
    "<...<.......<.<<.<....<...>.....<<.....>....<.......<...<.>>...<<<<....< "
    "..^...^^^.....^.vv..v......v..v...v...^.^..^v^....v..........^.....v.^..")


def test_a_sparse_9x9_is_made_where_its_proof_outruns_a_trials_budget():
    """bench_every_grade found 9x9 medium and hard seeds stopped by a proof that ran out of
    nodes (a grade the kind accepts must be made for every seed): the kept puzzle's proof
    has a budget of its own."""
    puzzle, grading = FUTOSHIKI.generate(9, 9, "medium", worded=False)
    assert (FUTOSHIKI.line(puzzle), grading.grade, grading.hardest) == \
        (NINE_MEDIUM_9, "medium", "X-Wing")
    proof = futoshiki_solutions(puzzle.extras, puzzle.givens.cells, 2,
                                latin_generate.PROOF_MAX_NODES, puzzle.solution.cells)
    assert (proof.count, proof.complete, proof.nodes) == (1, True, 27_427)
    assert proof.nodes > latin_generate.SOLVER_MAX_NODES
    FUTOSHIKI.verify(puzzle)


def test_a_proof_that_runs_out_of_nodes_drops_its_attempt_for_the_next(monkeypatch):
    """Undecided is not a disagreement: the attempt fails, as Kakuro's does, and the seed
    is made from a later attempt whose proof fits the budget."""
    monkeypatch.setattr(latin_generate, "PROOF_MAX_NODES", 20_000)
    puzzle, _ = FUTOSHIKI.generate(9, 9, "medium", worded=False)
    assert FUTOSHIKI.line(puzzle) != NINE_MEDIUM_9
    proof = futoshiki_solutions(puzzle.extras, puzzle.givens.cells, 2, 20_000,
                                puzzle.solution.cells)
    assert (proof.count, proof.complete) == (1, True)
