"""The Kakuro kind end to end: golden puzzles per size and grade, the command line, a
book section and a daily weekday, the registry and the marks a Kakuro draws."""

from __future__ import annotations

import json
import pickle
from datetime import date

import pytest

from bookmaker import cli
from bookmaker.book.build import build
from bookmaker.core.board.grid import Grid
from bookmaker.core.kakuro.clues import clues_of_solution
from bookmaker.core.kakuro.kind import KAKURO, block_marks
from bookmaker.core.kakuro.text import parse_kakuro
from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.registry import kind_named, kind_of, kind_of_puzzle, puzzle_key
from bookmaker.spec import load_spec

# Golden Kakuros: (size, grade, seed) -> the line generate prints, a row a string.
GOLDEN_ROWS = {
    (6, 'beginner', 1): (
        'X,X,X,10\\,14\\,X',
        'X,3\\,26\\4,.,.,X',
        '\\22,.,.,.,.,7\\',
        '\\3,.,.,14\\3,.,.',
        'X,\\30,.,.,.,.',
        'X,\\12,.,.,X,X',
    ),
    (8, 'medium', 3): (
        'X,16\\,31\\,X,X,15\\,41\\,X',
        '\\16,.,.,6\\,16\\16,.,.,X',
        '\\39,.,.,.,.,.,.,3\\',
        'X,13\\10,.,.,.,\\6,.,.',
        '\\6,.,.,X,12\\,16\\7,.,.',
        '\\12,.,.,13\\24,.,.,.,4\\',
        'X,\\35,.,.,.,.,.,.',
        'X,\\12,.,.,X,\\3,.,.',
    ),
    (10, 'expert', 5): (
        'X,X,8\\,28\\,X,X,21\\,24\\,18\\,X',
        'X,14\\7,.,.,28\\,\\22,.,.,.,X',
        '\\27,.,.,.,.,29\\17,.,.,.,X',
        '\\44,.,.,.,.,.,.,.,.,4\\',
        'X,16\\,33\\23,.,.,.,14\\,\\8,.,.',
        '\\17,.,.,\\15,.,.,.,23\\4,.,.',
        '\\16,.,.,23\\,24\\21,.,.,.,21\\,3\\',
        'X,\\43,.,.,.,.,.,.,.,.',
        'X,\\20,.,.,.,\\11,.,.,.,.',
        'X,\\22,.,.,.,X,\\14,.,.,X',
    ),
    (10, 'extreme', 6): (
        'X,X,X,8\\,10\\,X,34\\,8\\,39\\,X',
        'X,X,43\\8,.,.,\\20,.,.,.,X',
        'X,28\\10,.,.,.,27\\8,.,.,.,17\\',
        '\\24,.,.,.,.,.,.,\\3,.,.',
        '\\16,.,.,X,16\\13,.,.,\\6,.,.',
        '\\4,.,.,\\19,.,.,.,\\8,.,.',
        '\\14,.,.,\\3,.,.,21\\,23\\15,.,.',
        '\\17,.,.,3\\38,.,.,.,.,.,.',
        'X,\\6,.,.,.,\\23,.,.,.,X',
        'X,\\7,.,.,.,\\15,.,.,X,X',
    ),
    (15, 'medium', 7): (
        'X,7\\,27\\,X,X,3\\,4\\,X,X,29\\,16\\,X,X,7\\,17\\',
        '\\4,.,.,X,7\\4,.,.,X,14\\12,.,.,11\\,15\\4,.,.',
        '\\3,.,.,37\\7,.,.,.,\\42,.,.,.,.,.,.,.',
        '\\15,.,.,.,.,X,17\\,37\\3,.,.,37\\12,.,.,.,.',
        'X,\\14,.,.,X,31\\30,.,.,.,.,.,.,.,15\\,X',
        'X,\\16,.,.,6\\24,.,.,.,35\\6,.,.,\\17,.,.,4\\',
        'X,X,\\8,.,.,.,\\28,.,.,.,.,22\\,39\\4,.,.',
        'X,8\\,24\\13,.,.,.,29\\41,.,.,.,.,.,.,.,.',
        '\\43,.,.,.,.,.,.,.,.,\\23,.,.,.,X,X',
        '\\15,.,.,29\\,\\27,.,.,.,.,4\\20,.,.,.,34\\,X',
        'X,\\16,.,.,7\\3,.,.,22\\7,.,.,.,\\15,.,.,X',
        'X,23\\,22\\29,.,.,.,.,.,.,.,X,17\\16,.,.,19\\',
        '\\26,.,.,.,.,16\\17,.,.,X,17\\,16\\29,.,.,.,.',
        '\\41,.,.,.,.,.,.,.,\\24,.,.,.,\\16,.,.',
        '\\16,.,.,X,\\10,.,.,X,\\17,.,.,X,\\7,.,.',
    ),
}
GOLDEN = {key: "/".join(rows) for key, rows in GOLDEN_ROWS.items()}


def run(runner, *args, input=None):
    return runner.invoke(cli.main, [str(a) for a in args], input=input)


def made(size: int, grade: str, seed: int):
    return KAKURO.make(MakeRequest(KAKURO.frame(size), seed, grade, "rotational"))


@pytest.mark.parametrize("size, grade, seed", sorted(GOLDEN))
def test_golden_kakuros_are_made_again_to_the_letter_and_regrade_as_asked(size, grade, seed):
    puzzle = made(size, grade, seed)
    assert KAKURO.line(puzzle) == GOLDEN[size, grade, seed]
    assert puzzle.grade == grade
    regraded = KAKURO.grade(*parse_kakuro(GOLDEN[size, grade, seed]))
    assert (regraded.grade, regraded.score, regraded.hardest) == \
        (puzzle.grade, puzzle.score, puzzle.hardest)


@pytest.mark.parametrize("grade", ["beginner", "easy", "medium", "hard", "expert"])
def test_every_grade_is_made_exactly_and_proven_twice(grade):
    puzzle = made(8, grade, 11)
    assert puzzle.grade == grade and kind_of_puzzle(puzzle) is KAKURO
    assert clues_of_solution(puzzle.shape, puzzle.solution.cells) == puzzle.extras
    found = KAKURO.solutions(puzzle.givens, puzzle.extras)
    assert found.unique and found.solution == puzzle.solution.cells
    KAKURO.verify(puzzle)  # raises unless the check finds exactly that solution


@pytest.mark.parametrize("size, seed", [(10, 0), (10, 1), (12, 2)])
def test_an_extreme_kakuro_is_extreme(size, seed):
    # Loosening towards 'extreme' once stopped where the generator's closure (short chains
    # only near the end) stalled, and printed an 'expert' Kakuro as extreme.
    puzzle = made(size, "extreme", seed)
    assert puzzle.grade == "extreme" and puzzle.hardest == "forcing chain"
    assert KAKURO.grade(puzzle.givens, puzzle.extras).grade == "extreme"


def test_a_kakuro_is_found_by_its_names_and_by_its_puzzles_and_pickles_whole():
    assert kind_named("Kakuro") is kind_named("cross sums") is KAKURO
    puzzle = made(6, "easy", 3)
    assert kind_of(puzzle.shape, puzzle.extras) is KAKURO
    copy = pickle.loads(pickle.dumps(puzzle))
    assert copy == puzzle and copy.extras.combos == puzzle.extras.combos
    assert puzzle_key(puzzle).startswith("kakuro 6x6:")


def test_the_marks_are_every_black_square_with_the_totals_of_the_runs_it_starts():
    givens, clues = parse_kakuro("X,3\\,12\\,X/\\4,.,.,3\\/\\7,.,.,./X,\\7,.,.")
    marks = KAKURO.marks(givens, clues)
    assert [(b.row, b.col, b.across, b.down) for b in marks.blocks] == [
        (0, 0, "", ""), (0, 1, "", "3"), (0, 2, "", "12"), (0, 3, "", ""),
        (1, 0, "4", ""), (1, 3, "", "3"), (2, 0, "7", ""), (3, 0, "", ""), (3, 1, "7", "")]
    assert marks.blocks == block_marks(givens.shape, clues) and not marks.cages


# --- the command line -----------------------------------------------------------------------

def test_generate_check_solve_and_grade_read_and_write_kakuro_lines(runner, tmp_path):
    one = run(runner, "generate", "--variant", "kakuro", "--size", "7x7", "--count", 2,
              "--seed", 4, "--difficulty", "easy")
    two = run(runner, "generate", "--variant", "kakuro", "--size", "7x7", "--count", 2,
              "--seed", 4, "--difficulty", "easy", "--jobs", 2)
    assert one.exit_code == two.exit_code == 0, one.stderr
    assert one.stdout == two.stdout
    puzzles = tmp_path / "kakuros.txt"
    puzzles.write_text("# two Kakuros\n" + one.stdout, encoding="utf-8")
    checked = run(runner, "check", "--variant", "kakuro", puzzles)
    assert (checked.exit_code, checked.stdout) == (0, "2: unique\n3: unique\n")
    graded = run(runner, "grade", "--variant", "kakuro", puzzles)
    assert [line.split()[1] for line in graded.stdout.splitlines()] == ["easy", "easy"]
    solved = run(runner, "solve", "--variant", "kakuro", "--size", "7x7", puzzles)
    for line, solution in zip(one.stdout.splitlines(), solved.stdout.splitlines()):
        givens, clues = parse_kakuro(line)
        values = tuple(int(v) for v in solution)
        assert clues_of_solution(givens.shape, values) == clues


def test_bad_kakuro_lines_are_named_by_line_and_square(runner, tmp_path):
    puzzles = tmp_path / "bad.txt"
    puzzles.write_text("X,3\\,12\\,X/\\4,.,.,3\\/\\7,.,.,./X,\\7,.,.\n"
                       "X,3\\,12\\,X/\\4,.,.,3\\/\\7,.,.,./X,X,.,.\n", encoding="utf-8")
    checked = run(runner, "check", "--variant", "kakuro", puzzles)
    assert checked.exit_code == 1
    assert checked.stdout.splitlines() == [
        "1: unique", "2: invalid: r4c2: the across run starting right of it has no total "
        "(write it \\A)"]
    classic = run(runner, "check", puzzles)
    assert "this looks like a Kakuro line" in classic.stdout


def test_a_kakuro_takes_no_clue_count_rating_box_size_or_grade_it_does_not_come_in(runner):
    for option, value, message in (("--clues", 20, "--clues does not apply to --variant "
                                                   "kakuro: a Kakuro has no givens"),
                                   ("--rating", "2.0", "--rating does not apply"),
                                   ("--box", "3x3", "--box does not apply"),
                                   ("--size", "5x5", "a Kakuro is 6x6 to 25x25 squares")):
        refused = run(runner, "generate", "--variant", "kakuro", "--seed", 1, option, value)
        assert refused.exit_code == 2 and message in refused.stderr, refused.stderr
    small = run(runner, "generate", "--variant", "kakuro", "--size", "9x9", "--seed", 1,
                "--difficulty", "extreme")
    assert small.exit_code == 2
    assert "9x9 Kakuros are made up to 'expert': 'extreme' ones need 10x10" in small.stderr


def test_generate_with_a_registry_keys_kakuros_by_their_images(runner, tmp_path):
    import sqlite3
    registry = tmp_path / "pool.sqlite"
    made_ = run(runner, "generate", "--variant", "kakuro", "--size", "6x6", "--count", 2,
                "--seed", 1, "--registry", registry)
    assert made_.exit_code == 0, made_.stderr
    with sqlite3.connect(registry) as db:
        rows = db.execute("select key, size from puzzles").fetchall()
    assert len(rows) == 2 and all(key.startswith("kakuro 6x6:") and size == "6x6 Kakuro"
                                  for key, size in rows)


# --- a book section and a daily weekday ------------------------------------------------------

def test_a_kakuro_section_is_made_recorded_and_explained(tmp_path):
    (tmp_path / "book.yaml").write_text(
        "book: {title: Sums, seed: 5, layout: kdp-6x9}\n"
        "sections:\n  - {name: Runs, size: 6x6, count: 2, variant: kakuro, "
        "difficulty: easy, symmetry: mirror}\n", encoding="utf-8")
    build(load_spec(tmp_path / "book.yaml"), tmp_path / "out", workers=1)
    manifest = json.loads((tmp_path / "out" / "sums.json").read_text("utf-8"))
    for entry in manifest["puzzles"]:
        assert (entry["variant"], entry["grade"], entry["symmetry"]) == \
            ("kakuro", "easy", "mirror")
        givens, clues = parse_kakuro(entry["givens"])
        rows = givens.shape.pattern.split("/")
        assert all(row[1:] == row[1:][::-1] for row in rows)  # the interior's mirror
        solution = Grid(givens.shape, tuple(int(v) for v in entry["solution"]))
        assert clues_of_solution(givens.shape, solution.cells) == clues
    import pypdfium2
    document = pypdfium2.PdfDocument(tmp_path / "out" / "sums.pdf")
    texts = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    rules = next(text for text in texts if "How to play" in text and "Contents" not in text)
    assert "Kakuro: write a digit from 1 to 9" in rules
    assert "every outlined box" not in rules  # a Kakuro-only book has no Sudoku rule
    assert "Runs · Kakuro · Easy · 6×6" in texts[manifest["puzzles"][0]["page"] - 1]
    # The how-to-play example is a Kakuro: its totals are on the page, its black squares
    # are the blocks a 6x6 Kakuro draws.
    example = next(text for text in texts if "A puzzle" in text and "Contents" not in text)
    assert "A puzzle" in example and "Its solution" in example
    assert sum(word.isdigit() for word in example.split()) >= 8


def test_a_daily_kakuro_weekday_is_made_and_gives_the_kakuro_rule(tmp_path):
    from bookmaker.daily.build import make_daily
    from bookmaker.spec.daily import load_daily_spec
    (tmp_path / "paper.yaml").write_text(
        "daily: {series: Sums, seed: 2, layout: newspaper-2col, outputs: [svg, json]}\n"
        "schedule:\n  monday: {difficulty: medium, variant: kakuro, size: 8x8}\n",
        encoding="utf-8")
    make_daily(load_daily_spec(tmp_path / "paper.yaml"), [date(2026, 12, 7)], tmp_path / "out")
    folder = tmp_path / "out" / "sums" / "2026-12-07"
    record = json.loads((folder / "day.json").read_text("utf-8"))
    assert (record["variant"], record["grade"], record["size"]) == ("kakuro", "medium", "8x8")
    assert parse_kakuro(record["givens"])[0].shape.frame == (8, 8)
    svg = (folder / "puzzle.svg").read_text("utf-8")
    assert "Kakuro: write a digit" in svg and "every row" not in svg


def test_each_kakuro_pattern_is_drawn_on_a_grid_form_of_its_own():
    from bookmaker.render.pdf import _board_name
    one, two = made(6, "beginner", 1), made(6, "beginner", 2)
    assert one.shape.pattern != two.shape.pattern
    assert _board_name(one.shape) != _board_name(two.shape)
    assert _board_name(one.shape) == _board_name(parse_kakuro(KAKURO.line(one))[0].shape)
