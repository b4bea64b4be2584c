"""Binairo and Tango (issue 39): their lines, the two proofs written apart (the solver's
propagation and search, the count over whole lines) on 200 pinned puzzles of every size
and grade, generation pinned by seed, grading by technique, the repeat key under the
square's moves and the symbol swap, bad input, and the kinds on the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from exchangedata import puzzle_of

from bookmaker import cli
from bookmaker.core.binairo.count import count_binairo
from bookmaker.core.binairo.generate import generate_binairo
from bookmaker.core.binairo.grade import within_reach
from bookmaker.core.binairo.key import binairo_key
from bookmaker.core.binairo.rules import allowed_lines, rules_of
from bookmaker.core.binairo.solver import binairo_solutions
from bookmaker.core.binairo.text import parse_binairo, parse_tango
from bookmaker.core.board.grid import Grid, GridError
from bookmaker.core.board.marks import SignMark
from bookmaker.core.latin.moves import moved_values, square_moves
from bookmaker.core.registry import kind_named, kind_of_puzzle
from bookmaker.export.items import item_of
from bookmaker.export.page import PageOptions, page_html
from bookmaker.pages.board import sign_strokes

PINNED = Path(__file__).parent / "data" / "binairo-200.txt"
BINAIRO, TANGO = kind_named("binairo"), kind_named("tango")

GOLDEN = [  # (tango, size, seed, grade): the line, the hardest technique, the solution
    (False, 6, 1, "beginner", "1..0.01.1.00....1..1..0.0.0.110..1.1", "pair",
     "110010101100001011110100010011001101"),
    (False, 8, 2, "medium", "0....0....0......1..0.1.0..1..0.0.........1.1.0.1.....11........",
     "balance", "0011001111001100110100100011010101001011101011001001001101101100"),
    (True, 6, 1, "easy", "......1...0......1......0........... =......=.........=......=x...x "
     ".....=..=..x.......x..=..x....", "gap", "110010101100001101110010001011010101"),
    (False, 6, 5, "expert", "1......0..1..0.0........0........0..", "contradiction",
     "110100001011101010010101001101110010"),
]


@pytest.mark.parametrize("tango, size, seed, grade, line, hardest, solution", GOLDEN)
def test_generated_puzzles_are_pinned_by_seed(tango, size, seed, grade, line, hardest,
                                              solution):
    puzzle, grading = generate_binairo(size, seed, grade, tango)
    kind = TANGO if tango else BINAIRO
    assert kind.line(puzzle) == line and kind.answer_line(puzzle.solution) == solution
    assert (grading.grade, grading.hardest) == (grade, hardest)
    assert kind_of_puzzle(puzzle) is kind


def pinned() -> list[tuple[str, str, str, str]]:
    """(kind, size, grade, line) of the 200 pinned puzzles."""
    rows = []
    for text in PINNED.read_text().splitlines():
        name, size, grade, line = text.split(" ", 3)
        rows.append((name, size, grade, line))
    return rows


def test_two_hundred_puzzles_of_every_size_and_grade_are_unique_by_both_proofs():
    # 200 proofs by each algorithm, 6x6 to 14x14: about 4 s (the count over whole lines on
    # the 14x14 expert puzzles is most of it); the issue asks for 200 of each kind's.
    rows = pinned()
    assert len(rows) == 200
    assert {(name, size) for name, size, _, _ in rows} == {
        (kind.name, f"{n}x{n}") for kind in (BINAIRO, TANGO) for n in kind.sizes}
    assert {grade for _, _, grade, _ in rows} == {"beginner", "easy", "medium", "hard",
                                                  "expert"}
    for name, _, _, line in rows:
        kind = kind_named(name)
        givens, extras = kind.read(line)
        rules = rules_of(givens.shape.size, extras)
        first = binairo_solutions(rules, givens.cells)
        second = count_binairo(rules, givens.cells)
        assert first.unique and second.complete and second.count == 1, line
        assert second.solutions[0] == first.solution, line


def test_the_grades_are_the_techniques_each_needs():
    for name, _, grade, line in pinned()[::7]:
        kind = kind_named(name)
        givens, extras = kind.read(line)
        rules = rules_of(givens.shape.size, extras)
        assert kind.grade(givens, extras).grade == grade
        assert within_reach(givens, rules, grade)
        easier = kind.grades[kind.grades.index(grade) - 1] if grade != "beginner" else None
        assert easier is None or not within_reach(givens, rules, easier)


def test_a_branch_places_its_cells_sign_partners():
    # A Tango the solver once counted two solutions for: a branch's value was placed
    # without its partners across the signs, so a grid breaking a sign was counted.
    line = (".....1.....1.......11..0............ ....==.xx................=.xx. "
            "==...........=......x...=....x")
    givens, signs = parse_tango(line)
    found = binairo_solutions(rules_of(6, signs), givens.cells, limit=5)
    assert found.unique and found.count == 1


def test_the_count_lists_every_line_the_rules_allow():
    assert [len(allowed_lines(n)) for n in (6, 8, 10, 12, 14)] == [14, 34, 84, 208, 518]
    assert all(line.count(1) == line.count(2) and "111" not in "".join(map(str, line))
               and "222" not in "".join(map(str, line)) for line in allowed_lines(8))


def test_lines_read_back_to_themselves():
    for _, _, _, line in pinned()[::10]:
        kind = kind_named(line.count(" ") and "tango" or "binairo")
        assert kind.write(*kind.read(line)) == line


@pytest.mark.parametrize("kind, line, message", [
    (BINAIRO, "1..0.01.1.00....1..1..0.0.0.110..1.", "wrong length: 35 cells; a Binairo is "
     "6x6 to 14x14, even sizes"),
    (BINAIRO, "1..0.01.1.00....1..1..0.0.0.110..1.2", "bad symbol '2' at position 36; a "
     "Binairo's cells are '0', '1' or '.'"),
    (BINAIRO, "000...............................", "wrong length: 34 cells; a Binairo is "
     "6x6 to 14x14, even sizes"),
    (BINAIRO, "000.................................", "row 1 has three 0s in a row from r1c1"),
    (BINAIRO, "00.00...............................", "row 1 has 4 0s; a line of 6 holds 3 of "
     "each"),
    (BINAIRO, "1..0.01 ....", "a Binairo line is one part, its givens; got 2 (a Tango line "
     "has three: read it with --variant tango)"),
    (TANGO, "1..0.01.1.00....1..1..0.0.0.110..1.1", "a Tango line has three parts, givens, "
     "signs across and signs down, separated by spaces; got 1"),
    (TANGO, "1................................... =<..........................x. "
     "..............................", "signs across: bad symbol '<' at position 2; "
     "expected '=', 'x' or '.'"),
    (TANGO, "10.................................. =............................. "
     "..............................", "the sign '=' between r1c1 and r1c2 does not hold "
     "of their givens"),
])
def test_bad_lines_say_what_is_wrong(kind, line, message):
    with pytest.raises(GridError) as error:
        kind.read(line)
    assert str(error.value) == message


def test_the_repeat_key_is_the_same_under_the_squares_moves_and_the_symbol_swap():
    givens, signs = parse_tango(GOLDEN[2][4])
    key = TANGO.repeat_key(givens, signs)
    for move in square_moves(6):
        for swap in (False, True):
            values = moved_values(givens.cells, move)
            values = tuple(3 - v if v and swap else v for v in values)
            moved_signs = type(signs)(6, tuple(sorted(
                (min(move[a], move[b]), max(move[a], move[b]), s) for a, b, s in signs.signs)))
            assert binairo_key("tango", Grid(givens.shape, values), moved_signs) == key
    other = parse_binairo(GOLDEN[0][4])
    assert BINAIRO.repeat_key(other, None).startswith("binairo 6x6:")
    assert BINAIRO.repeat_key(other, None) != BINAIRO.repeat_key(parse_binairo(GOLDEN[3][4]),
                                                                None)


def test_a_tangos_signs_are_drawn_as_bars_and_crosses_across_their_edges():
    shape = parse_binairo(GOLDEN[0][4]).shape
    same = sign_strokes(shape, SignMark(0, 1, "="))
    differ = sign_strokes(shape, SignMark(0, 6, "x"))
    assert len(same) == 2 and all(a[1] == b[1] for a, b in same)  # level bars ...
    assert {round(a[0], 3) for a, _ in same} == {round(1 - 0.119, 3)}  # ... on x = 1
    (a, b), (c, d) = differ
    assert (a[0] + b[0]) / 2 == (c[0] + d[0]) / 2 == 0.5 and (a[1] + b[1]) / 2 == 1.0
    with pytest.raises(ValueError):
        sign_strokes(shape, SignMark(0, 2, "="))


def test_the_kinds_answer_is_two_symbols_printed_as_0_and_1():
    assert BINAIRO.answer.form == TANGO.answer.form == "symbols"
    assert BINAIRO.answer.glyphs == ("0", "1") and not BINAIRO.answer.numbered
    assert kind_named("classic").answer.numbered and kind_named("kakuro").answer.numbered
    assert kind_named("takuzu") is BINAIRO and kind_named("unruly") is BINAIRO


def test_generate_solve_check_and_grade_on_the_command_line(tmp_path):
    runner = CliRunner()
    made = runner.invoke(cli.main, ["generate", "--variant", "binairo", "--size", "6x6",
                                    "--seed", "1", "--difficulty", "beginner"])
    # the command line's seed 1 is its first job's seed, derived from it
    assert made.exit_code == 0 and made.output == ".0..1.00....0...10.1.0.0..0....1..0.\n"
    bad = tmp_path / "bad.txt"
    bad.write_text(made.output + "00.00...............................\n")
    refused = runner.invoke(cli.main, ["solve", "--variant", "binairo", str(bad)])
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert refused.output == f"{bad}:2: row 1 has 4 0s; a line of 6 holds 3 of each\n"
    path = tmp_path / "b.txt"
    path.write_text(made.output)
    solved = runner.invoke(cli.main, ["solve", "--variant", "binairo", str(path)])
    assert (solved.exit_code, solved.output) == (0, "100110001101011010110010100101011001\n")
    checked = runner.invoke(cli.main, ["check", "--variant", "binairo", str(path)])
    graded = runner.invoke(cli.main, ["grade", "--variant", "binairo", str(path)])
    assert (checked.exit_code, checked.output) == (0, "1: unique\n")
    assert graded.exit_code == 0 and graded.output.startswith("1: beginner ")
    wrong = runner.invoke(cli.main, ["generate", "--variant", "binairo", "--size", "7x7",
                                     "--seed", "1"])
    assert wrong.exit_code != 0 and "binairo puzzles are made in the even sizes 6x6 to " \
        "14x14; got 7x7" in wrong.output


def test_the_web_page_plays_binairo_and_tango_among_its_items_and_answered_ones():
    # The page plays answers of values and of symbols (export/page.py): a Binairo and a
    # Tango among a day's puzzles and the day before's answered ones, in their 0 and 1.
    items = [item_of(puzzle_of(key), key, key) for key in ("classic", "binairo", "tango")]
    page = page_html(items, "Day", options=PageOptions(answers=False), answered=items[1:])
    found = re.search(r'<script type="application/json" id="puzzles">(.*?)</script>', page,
                      re.S)
    assert found is not None
    shown = json.loads(found.group(1).replace("\\u003c", "<"))["puzzles"]
    assert [data["id"] for data in shown] == ["classic", "binairo", "tango", "binairo",
                                              "tango"]
    assert [data["symbols"] for data in shown[1:3]] == [["0", "1"]] * 2
    assert ["solution" in data for data in shown] == [False] * 3 + [True] * 2


def test_a_failed_proof_shows_the_answer_in_the_kinds_own_symbols():
    # The message printed the solution as digits 1 and 2 and "(box , seed ...)": a
    # Binairo has no box, and its answer is written in 0s and 1s.
    from bookmaker.core.kinds.kind import MakeRequest
    from bookmaker.core.solve.verify import VerificationError

    made = BINAIRO.make(MakeRequest(BINAIRO.frame(6), 1, difficulty="beginner"))
    empty = Grid(made.shape, (0,) * 36)
    with pytest.raises(VerificationError) as error:
        BINAIRO.verify(type(made)(empty, made.solution, 1))
    message = str(error.value)
    assert "(seed 1, symmetry none)" in message
    assert f"generator's solution {BINAIRO.answer_line(made.solution)}." in message
    assert set(BINAIRO.answer_line(made.solution)) <= set("01/")


def test_a_tango_is_made_to_14x14():
    # Made to 10x10 before: the solver's proof then ran to tens of seconds from 12x12; with
    # its node budget, 20 seeds of each grade took 4.2 s at worst at 12x12; at 14x14 seeds
    # 0-5 of each grade took 8.8 s at worst (expert).
    from bookmaker.core.kinds.kind import MakeRequest

    assert TANGO.size_problem(12, False) is None and TANGO.size_problem(14, False) is None
    assert TANGO.size_problem(16, False) == ("tango puzzles are made in the even sizes 6x6 "
                                             "to 14x14; got 16x16")
    made = TANGO.make(MakeRequest(TANGO.frame(12), 1, difficulty="easy"))
    givens, signs = TANGO.read(TANGO.line(made))
    assert givens.shape.size == 12 and TANGO.solutions(givens, signs).count == 1
