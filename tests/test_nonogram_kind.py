"""The Nonogram as a kind (issue 39): made from a picture or a random grid, read and
written as a line of clues, proven by both proofs, graded, on the command line, and
printed in a book whose answer page draws the picture with its title."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from bookmaker import cli
from bookmaker.core.board.grid import GridError
from bookmaker.core.board.shape import nonogram_of
from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.nonogram.bridge import givens_grid
from bookmaker.core.nonogram.extras import NonogramClues
from bookmaker.core.nonogram.puzzle import Nonogram
from bookmaker.core.registry import find_kind, kind_named, kind_of_puzzle
from bookmaker.core.solve.verify import VerificationError
from bookmaker.design.pictures import job_picture, picture_problem

NONOGRAM = kind_named("nonogram")
# A 5x7 picture of one's own: a rectangle, read as one
SMALL = ("---#---", "--###--", "---#---", "-------", "-##-#--")
HEART = "2,3/4,4/10/10/10/9/7/5/4/2 3/5/7/9/9/8/9/8/7/5"
CAT = "1,1/2,2/7/2,3,2/9/7/5/7/9/9 0/2,2/6,3/2,6/8/8/8/2,6/6,3/2,2"


def line_of(rows) -> str:
    """The line of a picture's Nonogram, drawn as rows of '#' and '-'."""
    puzzle = Nonogram.of_picture([[cell == "#" for cell in row] for row in rows])
    return NONOGRAM.write(givens_grid(puzzle), NonogramClues(puzzle.rows, puzzle.columns))


def test_the_kind_is_found_by_its_names_and_its_answer_is_shading():
    assert {find_kind(word) for word in ("nonogram", "pattern", "griddlers", "hanjie",
                                         "pic-a-pix", "Pic a Pix")} == {NONOGRAM}
    assert NONOGRAM.answer.form == "shading" and NONOGRAM.pictured
    assert NONOGRAM.size_problem(41, False) == "nonogram puzzles are 5x5 to 40x40; got 41x41"
    assert NONOGRAM.frame(40).frame == (40, 40)


def test_a_puzzle_made_from_a_bundled_picture_is_pinned_by_its_seed():
    picture = job_picture("heart", 10, 10, 0)
    puzzle = NONOGRAM.make(MakeRequest(NONOGRAM.frame(10), 5, picture=picture))
    assert NONOGRAM.line(puzzle) == HEART
    assert (puzzle.grade, puzzle.hardest, round(puzzle.score, 3)) == ("easy", "overlaps", 1.558)
    assert NONOGRAM.answer_line(puzzle.solution).startswith("--##--###-/-####-####/")
    assert kind_of_puzzle(puzzle) is NONOGRAM


def test_a_random_grid_is_made_only_when_asked_and_is_pinned_too():
    puzzle = NONOGRAM.make(MakeRequest(NONOGRAM.frame(8), 3))  # no picture: random
    assert NONOGRAM.line(puzzle) == ("1,2,1/7/1,2,1/3,2,1/3,1/2,1,2/1,3,2/2,2,2 "
                                     "2,1,2/1,1,1,1/4,2/2,1,2/7/5/1,3/6")


def test_lines_and_answers_read_back_to_themselves_rectangles_and_givens_too():
    small = line_of(SMALL)
    assert small == "1/3/1/0/2,1 0/1/1,1/3/1,1/0/0"
    for line in (HEART, CAT, small, "1/1/5/1/1 1/1/5/1/1",
                 small + " ." + "#" + "." * 8 + "-" + "." * 24):
        givens, clues = NONOGRAM.read(line)
        assert NONOGRAM.write(givens, clues) == line
    givens, clues = NONOGRAM.read(small)
    assert givens.shape == nonogram_of(5, 7) and givens.shape.box_text == ""
    solution = NONOGRAM.solutions(givens, clues)
    assert solution.count == 1 and solution.solution is not None
    answer = NONOGRAM.answer_line(type(givens)(givens.shape, solution.solution))
    assert answer == "/".join(SMALL)
    assert NONOGRAM.read_answer(answer, givens.shape).cells == solution.solution


@pytest.mark.parametrize("line, message", [
    ("1/1/5/1/1", "a Nonogram line is its row clues, its column clues and, if any cells are "
                  "given, its givens; got 1 parts"),
    ("1/1/5/1/1 1/1/5/1/x", "column 5: bad clue 'x'; a clue is run lengths split by ',' "
                            "('3,1'), or '0' for a line with nothing shaded"),
    ("1/1/5/1/1 1/1/5/1", "5 row clues and 4 column clues; a Nonogram has 5 to 40 of each"),
    ("1/1/6/1/1 1/1/5/1/1", "row 3: the runs 6 need 6 cells, the line has 5"),
    ("1/1/5/1/1 1/1/4/1/1", "the row clues shade 9 cells, the column clues 8"),
    ("1/1/5/1/1 1/1/5/1/1 ..x", "givens: bad symbol 'x' at cell 3; expected '.', '-', '#'"),
    ("1/1/5/1/1 1/1/5/1/1 ...", "givens: 3 cells; a 5x5 Nonogram has 25"),
    ("1/1/5,0/1/1 1/1/5/1/1", "row 3: a run of 0 in '5,0'; only an empty line's clue is '0'"),
])
def test_bad_lines_say_what_is_wrong(line, message):
    with pytest.raises(GridError) as error:
        NONOGRAM.read(line)
    assert str(error.value) == message


def test_the_second_proof_refuses_a_puzzle_of_two_solutions():
    givens, clues = NONOGRAM.read("1/1/0/0/0 1/1/0/0/0")  # two diagonals fit
    assert NONOGRAM.solutions(givens, clues).count == 2
    made = NONOGRAM.make(MakeRequest(NONOGRAM.frame(5), 1))
    twin = type(made)(givens, made.solution, 1, extras=clues)
    with pytest.raises(VerificationError, match="The Nonogram automata found at least 2"):
        NONOGRAM.verify(twin)


def test_the_repeat_key_is_the_same_turned_and_mirrored():
    key = NONOGRAM.repeat_key(*NONOGRAM.read(line_of(SMALL)))
    assert key == "nonogram 5x7:0/0/1,1/3/1,1/1/0 1,2/0/1/3/1"  # its turned image least
    moves = (["".join(column) for column in zip(*SMALL)],   # turned: a 7x5
             [row[::-1] for row in SMALL], SMALL[::-1])     # mirrored either way
    for rows in moves:
        assert NONOGRAM.repeat_key(*NONOGRAM.read(line_of(rows))) == key
    other = ("---#---", "--###--", "---#---", "-------", "-#--#--")
    assert NONOGRAM.repeat_key(*NONOGRAM.read(line_of(other))) != key


def test_the_clues_are_marks_left_of_the_rows_and_above_the_columns():
    givens, clues = NONOGRAM.read("1/1/5/1/1 1/1/5/1/1")
    marks = NONOGRAM.marks(givens, clues)
    assert marks.outside == 1 and marks.leading and marks.across == 1
    two = NONOGRAM.marks(*NONOGRAM.read("1,1/0/1,1/0/0 1,1/0/1,1/0/0"))
    assert [(e.side, e.index, e.text, e.ring) for e in two.edges[:3]] == [
        ("left", 0, "1", 0), ("left", 0, "1", 1), ("left", 1, "0", 0)]
    assert NONOGRAM.clue_cells_across(NONOGRAM.frame(15)) == 8


def test_generate_solve_check_and_grade_on_the_command_line(tmp_path):
    runner = CliRunner()
    made = runner.invoke(cli.main, ["generate", "--variant", "hanjie", "--size", "10x10",
                                    "--seed", "1", "--picture", "cat"])
    assert (made.exit_code, made.output) == (0, CAT + "\n")
    path = tmp_path / "n.txt"
    path.write_text(made.output + "1/1/5/1/1 1/1/5/1/x\n")
    solved = runner.invoke(cli.main, ["solve", "--variant", "nonogram", str(path)])
    assert solved.exit_code != 0 and "Traceback" not in solved.output
    assert solved.output.endswith(f"{path}:2: column 5: bad clue 'x'; a clue is run "
                                  "lengths split by ',' ('3,1'), or '0' for a line with "
                                  "nothing shaded\n")
    path.write_text(made.output)
    solved = runner.invoke(cli.main, ["solve", "--variant", "nonogram", str(path)])
    assert solved.output.startswith("--#-----#-/--##---##-/--#######-/")
    checked = runner.invoke(cli.main, ["check", "--variant", "nonogram", str(path)])
    graded = runner.invoke(cli.main, ["grade", "--variant", "nonogram", str(path)])
    assert (checked.output, graded.output) == ("1: unique\n", "1: easy 1.545 overlaps\n")
    bundled = runner.invoke(cli.main, ["generate", "--variant", "nonogram", "--size",
                                       "10x10", "--seed", "1", "--count", "2"])
    assert bundled.output == ("0/2/4/1,3/2,4/2,4/10/8/6/1 1/2/5/6/1,3/8/9/7/4/1\n"
                              f"{HEART}\n")
    refused = runner.invoke(cli.main, ["generate", "--variant", "sudoku", "--seed", "1",
                                       "--picture", "cat"])
    assert refused.exit_code == 2 and "a Sudoku draws no picture" in refused.output


def test_a_spec_names_its_picture_and_a_bad_one_is_told_where(tmp_path):
    spec = tmp_path / "bad.yaml"
    spec.write_text("book: {title: P, seed: 1, layout: kdp-6x9}\nsections:\n"
                    "  - {name: A, variant: nonogram, size: 10x10, count: 1, "
                    "picture: nosuch.png}\n")
    refused = CliRunner().invoke(cli.main, ["build", str(spec)])
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert f"bad.yaml:3:66: sections[0].picture: {tmp_path / 'nosuch.png'}: cannot read " \
        "the picture" in refused.output


def test_a_books_answer_page_draws_the_bundled_picture_under_its_title(tmp_path):
    import pypdfium2 as pdfium

    spec = tmp_path / "pictures.yaml"
    (tmp_path / "plus.txt").write_text("title: A plus\n\n..#..\n..#..\n#####\n..#..\n..#..\n")
    spec.write_text("book: {title: P, seed: 1, layout: kdp-6x9, answers: back}\nsections:\n"
                    "  - {name: Cat, variant: nonogram, size: 10x10, count: 1, picture: cat}\n"
                    "  - {name: Plus, variant: nonogram, size: 5x5, count: 1, "
                    "picture: plus.txt}\n")
    built = CliRunner().invoke(cli.main, ["build", str(spec), "-o", str(tmp_path / "out")])
    assert built.exit_code == 0, built.output
    pdf = pdfium.PdfDocument(tmp_path / "out" / "p.pdf")
    texts = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    how = " ".join(next(text for text in texts if "How to play" in text and "Work" in text)
                   .split())
    assert "Work in pencil. Start with the lines whose runs fill most of them, and put a " \
        "dot in each cell you know is white." in how  # a Nonogram book's own advice
    puzzle = next(text for text in texts if "Puzzle 1 about" in text)
    assert puzzle.startswith("1 1\r\n2 2\r\n7\r\n2 3 2\r\n9")  # row clues, in order
    answers = next(text for text in texts if "Puzzle on page 6" in text)
    # the bundled picture's title under its answer; none for a picture of one's own
    assert "Puzzle 1\r\nA cat Puzzle on page 6\r\nPuzzle 2\r\nPuzzle on page 7" in answers
    assert "#" not in answers  # the shaded cells drawn, not printed as symbols:
    black = [_black_share(pdf[texts.index(text)]) for text in (puzzle, answers)]
    assert black[0] < 0.05 < black[1]  # the puzzle's grid lines; the answers' cat and plus


def _black_share(page) -> float:
    """The share of a page's pixels that are near black."""
    grey = page.render(scale=0.5).to_pil().convert("L")
    return sum(grey.histogram()[:64]) / (grey.width * grey.height)


def test_a_nonogram_of_a_picture_is_as_hard_as_its_picture_and_takes_no_difficulty():
    # A picture's grade cannot be raised, and printing givens only lowers it: the rule
    # that a grade asked for is made for every seed (test_every_grade) allows none.
    easy = NONOGRAM.make(MakeRequest(NONOGRAM.frame(10), 5, "any",
                                     picture=job_picture("heart", 10, 10, 0)))
    assert NONOGRAM.line(easy) == HEART and easy.grade == "easy"
    assert NONOGRAM.grade_problem(NONOGRAM.frame(10), "any") is None
    assert picture_problem(NONOGRAM, "any", "cat") is None
    assert picture_problem(NONOGRAM, "easy", "random") is None
    assert picture_problem(NONOGRAM, "easy", "") == picture_problem(NONOGRAM, "easy", "cat") \
        == ("a Nonogram of a picture is as hard as its picture makes it (nearly always "
            "easy): leave out difficulty, not 'easy', or ask for random grids (picture: "
            "random)")


def test_a_random_nonogram_is_made_easy_on_request_with_a_cell_printed_where_it_needs():
    # Issue 39: five grades named, none could be asked. A random grid is easy 19 times in
    # 20; seed 5's 10x10 needs edge forcing (medium): asked easy, one cell is printed
    # where it does (maker.at_most), the same grid.
    frame = NONOGRAM.frame(10)
    medium = NONOGRAM.make(MakeRequest(frame, 5, "any"))
    easy = NONOGRAM.make(MakeRequest(frame, 5, "easy"))
    assert (medium.grade, easy.grade) == ("medium", "easy")
    assert easy.solution == medium.solution and easy.extras == medium.extras
    assert [c for c, v in enumerate(easy.givens.cells) if v] == [43]  # r5c4, white
    assert [NONOGRAM.make(MakeRequest(frame, seed, "easy")).grade
            for seed in range(4)] == ["easy"] * 4
    assert NONOGRAM.grade_problem(frame, "easy") is None
    assert NONOGRAM.grade_problem(frame, "hard") == (
        "random Nonograms are made easy (beginner ones need half their cells printed, "
        "harder ones are too rare to make to order), and a picture's is as hard as its "
        "picture makes it; not 'hard'")
    assert NONOGRAM.grade_problem(NONOGRAM.frame(25), "easy") == (
        "random Nonograms are made easy up to 20x20 (a 40x40 took minutes); got 25x25")


def test_a_nonogram_section_takes_a_difficulty_for_random_grids_only(tmp_path):
    spec = tmp_path / "book.yaml"
    head = "book: {title: T, seed: 3, layout: kdp-6x9}\nsections:\n"
    spec.write_text(head + "  - {name: C, variant: nonogram, size: 5x5, count: 2, "
                    "difficulty: easy}\n", encoding="utf-8")
    refused = CliRunner().invoke(cli.main, ["build", str(spec), "-o", str(tmp_path / "o")])
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert "book.yaml:3:67: sections[0].difficulty: a Nonogram of a picture is as hard as " \
        "its picture makes it" in refused.output and not (tmp_path / "o").exists()
    planned = _book_plan(tmp_path, "  - {name: C, variant: nonogram, size: 5x5, count: 2, "
                         "difficulty: easy, picture: random}\n")
    assert [p.job.difficulty for p in planned] == ["easy", "easy"]
    made = CliRunner().invoke(cli.main, ["generate", "--variant", "nonogram", "--size", "5x5",
                                         "--seed", "1", "--difficulty", "easy"])
    assert made.exit_code == 2 and "a Nonogram of a picture is as hard" in made.output


def test_a_random_grid_past_25x25_is_refused_before_minutes_of_making(tmp_path):
    """A random 40x40 took minutes to make (178 s for one seed), a 30x30 over one for
    seed 5, a 25x25 colour one for seed 0, showing nothing: asked in a spec or on the
    command line it is refused at once, naming the key; a picture of that size and a
    25x25 random grid (a colour one's 20x20) are taken."""
    spec = tmp_path / "book.yaml"
    spec.write_text("book: {title: T, seed: 3, layout: kdp-8.5x11}\nsections:\n"
                    "  - {name: C, variant: color-nonogram, size: 21x21, count: 1, "
                    "picture: random}\n", encoding="utf-8")
    refused = CliRunner().invoke(cli.main, ["build", str(spec), "-o", str(tmp_path / "o")])
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert "book.yaml:3:72: sections[0].picture: a random grid is made up to 20x20: a " \
        "larger one's puzzle can take minutes to make (a 25x25 took over one); got 21x21" \
        in refused.output and not (tmp_path / "o").exists()
    made = CliRunner().invoke(cli.main, ["generate", "--variant", "nonogram", "--size",
                                         "26x26", "--seed", "1", "--picture", "random"])
    assert made.exit_code == 2 and "Invalid value for '--picture': a random grid is made " \
        "up to 25x25: a larger one's puzzle can take minutes to make (a 30x30 took over " \
        "one); got 26x26" in made.output
    assert job_picture("random", 25, 25, 0) is None
    assert len(job_picture("", 40, 40, 0)) == 40  # a bundled picture, drawn at 40x40


def _book_plan(tmp_path, sections: str):
    from bookmaker.book.plan import plan
    from bookmaker.spec import load_spec

    spec = tmp_path / "book.yaml"
    spec.write_text("book: {title: T, seed: 3, layout: kdp-6x9}\nsections:\n" + sections,
                    encoding="utf-8")
    return plan(load_spec(spec))


def test_a_book_draws_each_bundled_picture_once_and_not_one_a_section_names(tmp_path):
    # The example book drew "A cup of tea" twice in five puzzles: each puzzle's seed
    # picked among the bundled pictures on its own.
    planned = _book_plan(tmp_path, (
        "  - {name: A, variant: nonogram, size: 10x10, count: 12}\n"
        "  - {name: B, variant: nonogram, size: 10x10, count: 8}\n"
        "  - {name: C, variant: nonogram, size: 15x15, count: 1, picture: cat,\n"
        "     puzzles_per_page: 1}\n"))
    handed = [p.job.handed for p in planned]
    assert [p.job.picture for p in planned] == [""] * 20 + ["cat"] and handed[-1] == ""
    assert len(set(handed[:-1])) == 20 and not {"", "cat"} & set(handed[:-1])


def test_a_repeat_made_again_drops_its_handed_picture_for_its_new_seeds():
    # The same picture makes the same puzzle whatever the seed: a repeat (here of an
    # earlier puzzle of the build) is made again from the picture its new seed picks.
    from dataclasses import replace

    from bookmaker.puzzles.dedupe import without_repeats
    from bookmaker.puzzles.produce import PuzzleJob, make_puzzle

    first = PuzzleJob(NONOGRAM.frame(10), 1, kind=NONOGRAM, handed="heart")
    jobs = [first, replace(first, seed=2)]
    asked: list[PuzzleJob] = []

    def produce(batch):
        asked.extend(batch)
        return [make_puzzle(job) for job in batch]

    made = [make_puzzle(job) for job in jobs]
    assert NONOGRAM.line(made[0]) == NONOGRAM.line(made[1])  # a repeat
    distinct = without_repeats(jobs, made, frozenset(), produce)
    assert [job.handed for job in asked] == [""] and distinct.remade == 1
    assert len(set(distinct.keys)) == 2


def test_a_15x15_nonogram_prints_one_a_6x9_page_without_being_asked(tmp_path):
    # Its grid and clues take 23 cells across: 0.2 in cells, too small to write a symbol
    # in but as large as shaded cells need (layouts/solving/cells.yaml's `shaded`); the
    # section had to say puzzles_per_page: 1 before.
    from bookmaker.spec import load_spec

    spec = tmp_path / "book.yaml"
    spec.write_text("book: {title: T, seed: 3, layout: kdp-6x9}\nsections:\n"
                    "  - {name: C, variant: nonogram, size: 15x15, count: 1, picture: cat}\n",
                    encoding="utf-8")
    assert load_spec(spec).sections[0].puzzles_per_page == 1


def test_a_section_naming_one_picture_for_two_puzzles_is_refused_at_load(tmp_path):
    # The same picture makes the same puzzle: the build used to make it again 60 times
    # before saying "1 puzzles still repeat".
    spec = tmp_path / "book.yaml"
    spec.write_text("book: {title: T, seed: 3, layout: kdp-6x9}\nsections:\n"
                    "  - {name: C, variant: nonogram, size: 10x10, count: 2, picture: cat}\n",
                    encoding="utf-8")
    refused = CliRunner().invoke(cli.main, ["build", str(spec), "-o", str(tmp_path / "o")])
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert "book.yaml:3:54: sections[0].count: one picture makes one puzzle: 'cat' would " \
        "repeat; say count: 1, or leave picture out to draw the bundled pictures, each " \
        "once" in refused.output
    assert not (tmp_path / "o").exists()


def test_two_hundred_puzzles_of_mixed_sizes_are_unique_by_both_proofs():
    # tests/data/nonogram-200.txt: the bundled pictures at 5x5 to 20x20 and rectangles, and
    # random grids (one in five), seeds 1000-1199 (its README says how it was made). Each
    # is read back, proven by the line solver with search and by the automata, and graded
    # as pinned.
    from pathlib import Path

    from bookmaker.core.nonogram.automata import grids_by_automata
    from bookmaker.core.nonogram.bridge import engine_puzzle

    rows = (Path(__file__).parent / "data" / "nonogram-200.txt").read_text().splitlines()
    assert len(rows) == 200
    sizes, grades = set(), set()
    for row in rows:
        source, size, grade, line = row.split(" ", 3)
        givens, clues = NONOGRAM.read(line)
        first = NONOGRAM.solutions(givens, clues)
        engine = engine_puzzle(givens, clues)
        count, _ = grids_by_automata(engine.rows, engine.columns, engine.givens)
        assert first.count == 1 and count == 1, row
        assert NONOGRAM.grade(givens, clues).grade == grade, row
        sizes.add(size)
        grades.add(grade)
    assert len(sizes) == 10 and grades == {"easy", "medium", "hard"}


def test_a_daily_day_of_nonograms_asks_no_difficulty(tmp_path):
    # A day had to give a difficulty, which a Nonogram refuses: no daily could hold one.
    from datetime import date

    from bookmaker.daily.build import make_daily
    from bookmaker.spec.daily import load_daily_spec

    spec = tmp_path / "paper.yaml"
    spec.write_text("daily: {series: Pictures, seed: 5, layout: newspaper-2col, outputs: "
                    "[svg, json]}\nschedule:\n  monday: {variant: nonogram, size: 10x10}\n"
                    "  tuesday: {variant: sudoku, size: 9x9}\n", encoding="utf-8")
    refused = CliRunner().invoke(cli.main, ["daily", str(spec), "--date", "2026-12-07"])
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert "schedule.tuesday: missing required key 'difficulty'" in refused.output
    assert "monday" not in refused.output
    spec.write_text(spec.read_text().replace("  tuesday: {variant: sudoku, size: 9x9}\n", ""),
                    encoding="utf-8")
    make_daily(load_daily_spec(spec), [date(2026, 12, 7)], tmp_path / "out")
    record = (tmp_path / "out" / "pictures" / "2026-12-07" / "day.json").read_text()
    assert '"variant": "nonogram"' in record and '"grade": "easy"' in record


def test_a_daily_proof_of_15x15_nonograms_leaves_their_clues_room(tmp_path):
    # The proof sheet packed days by the cells their kind needs, and a Nonogram's need
    # nothing in its cells: its two-digit clues then met 11.1 pt cells and the build
    # failed ("cells of 11.1 pt are too small for 7 pt symbols").
    from datetime import date

    from bookmaker.daily.build import make_daily
    from bookmaker.design.cells import least_cell, least_cell_reason
    from bookmaker.spec.daily import load_daily_spec

    frame = NONOGRAM.frame(15)
    assert round(least_cell(NONOGRAM, frame), 2) == 11.33 and least_cell(NONOGRAM) == 0.0
    assert least_cell_reason(NONOGRAM, frame) == "readable clues beside the grid"
    spec = tmp_path / "paper.yaml"
    spec.write_text("daily: {series: Pictures, seed: 5, layout: newspaper-2col, outputs: "
                    "[proof]}\nschedule:\n" + "".join(
                        f"  {day}: {{variant: nonogram, size: 15x15}}\n"
                        for day in ("monday", "tuesday", "wednesday", "thursday")),
                    encoding="utf-8")
    days = [date(2026, 12, 7 + offset) for offset in range(4)]
    make_daily(load_daily_spec(spec), days, tmp_path / "out")
    assert list((tmp_path / "out" / "pictures").glob("proof-*.pdf"))
