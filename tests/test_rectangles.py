"""Rectangles, rows x columns (issue 39): Slitherlink and Hashi are made on them, written
`size: 10x18` in a spec, `--size 10x18` on the command line and in a daily; a kind that
takes only squares refuses one at load, naming file, line and key."""

from __future__ import annotations

import json
from datetime import date

import pytest
from click.testing import CliRunner

from bookmaker import cli
from bookmaker.core.board.grid import Grid
from bookmaker.core.hashi.kind import HASHI
from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.registry import all_kinds, kind_of_puzzle
from bookmaker.core.slitherlink.kind import SLITHERLINK
from bookmaker.core.slitherlink.made import grades_made
from bookmaker.daily.build import make_daily
from bookmaker.design.captions import grid_size_text
from bookmaker.design.fit import Area, cell_side, most_that_fit
from bookmaker.design.glyphs import cell_symbols
from bookmaker.design.layouts import load_preset
from bookmaker.design.pagecount import answer_runs, answer_shares
from bookmaker.export.page import drawing_data
from bookmaker.pages.board import board_drawing
from bookmaker.pages.page import GridPlacement, PageGeometry
from bookmaker.pages.paginate import grid_slots
from bookmaker.spec.daily import load_daily_spec
from bookmaker.spec.load import SpecError, load_spec

# (kind, rows, columns, seed, grade, line): each made the same on every run.
PINNED = [
    (HASHI, 8, 12, 5, "beginner", "3..5......4./.2..3...1.../...1......../.6..8.....6./1..2"
     "......../........1.4./.4.4......../....3.1...1."),
    (HASHI, 8, 12, 5, "medium", "1.5.4.3.2.3./............/...1..3..1../2.5.......4./....3"
     "....1../......1...3./1.........../..3.4.2...2."),
    (HASHI, 8, 12, 5, "hard", "3..3......3./.1..2...1.../...1......../.4..4..2..4./3..2..."
     "...../......3.4.3./.4.4......../2.2.3.5.6.3."),
    (SLITHERLINK, 6, 9, 5, "easy", "12.2.322./.3.....3./0..2231../..3...3.3/122.32102/0....1..."),
    (SLITHERLINK, 6, 9, 5, "expert", "1....322./.3.....3./0....31../1.3...3.3/..213.102/..2..."
                                     "..."),
]


@pytest.mark.parametrize("kind, rows, cols, seed, grade, line", PINNED)
def test_rectangles_are_made_pinned_by_seed_and_proven_twice(kind, rows, cols, seed, grade,
                                                             line):
    puzzle = kind.make(MakeRequest(kind.sides_frame(rows, cols), seed, grade))
    assert (kind.line(puzzle), puzzle.grade) == (line, grade)
    assert puzzle.shape.frame == (rows, cols) and kind_of_puzzle(puzzle) is kind
    givens, _ = kind.read(line)
    assert givens == puzzle.givens and kind.solutions(givens).solution == puzzle.solution.cells
    kind.verify(puzzle)  # the second proof agrees
    assert kind.read_answer(kind.answer_line(puzzle.solution), givens.shape) == puzzle.solution
    assert kind.exchange.named_size(puzzle.shape) == f"{rows}x{cols}"


def test_the_kind_says_whether_it_takes_rectangles():
    assert sorted(kind.name for kind in all_kinds() if kind.takes_rectangles) == [
        "hashi", "slitherlink"]
    assert HASHI.sides_frame(10, 15).frame == (10, 15)
    assert HASHI.sides_frame(9, 9) == HASHI.frame(9)  # a square is one side twice
    assert SLITHERLINK.sides_frame(20, 30).frame == (20, 30)
    assert SLITHERLINK.sides_problem(21, 21, False) is not None
    assert SLITHERLINK.sides_problem(20, 31, False) is not None
    classic = next(kind for kind in all_kinds() if kind.name == "classic")
    assert classic.sides_problem(9, 12, False) == (
        "size must be square for classic puzzles, like 9x9; got 9x12")
    with pytest.raises(ValueError, match="size must be square for classic"):
        classic.sides_frame(9, 12)


def test_a_rectangle_and_its_turned_and_flipped_copies_share_a_repeat_key():
    givens, _ = HASHI.read(PINNED[0][5])
    rows = [givens.cells[r * 12:(r + 1) * 12] for r in range(8)]
    turned = [tuple(column) for column in zip(*rows[::-1])]  # a quarter turn: 12x8
    flipped = [row[::-1] for row in rows]
    key = HASHI.repeat_key(givens)
    assert key.startswith("hashi 8x12:")
    for image, sides in ((turned, (12, 8)), (flipped, (8, 12))):
        moved = Grid(HASHI.sides_frame(*sides), tuple(v for row in image for v in row))
        assert HASHI.repeat_key(moved) == key
    other, _ = HASHI.read(PINNED[1][5])
    assert HASHI.repeat_key(other) != key


@pytest.mark.parametrize("size, variant, at, message", [
    ("9x12", "classic", "size", "size must be square for classic puzzles, like 9x9; got 9x12"),
    ("21x21", "slitherlink", "variant", "slitherlink puzzles are made 5x5 to 20x20, and "
     "rectangles (rows x columns) of sides 5 to 20 and 5 to 30; got 21x21"),
    ("6x10", "hashi", "variant", "hashi puzzles are made in the sizes 7x7 to 25x25, and "
     "rectangles (rows x columns) of those sides; got 6x10"),
    ("2x12", "hashi", "size", "size must be between 3 and 40 a side, got 2x12"),
])
def test_a_size_the_kind_does_not_take_is_refused_at_load(tmp_path, size, variant, at,
                                                          message):
    spec = tmp_path / "book.yaml"
    spec.write_text("book: {title: R, seed: 1}\nsections:\n"
                    f"  - {{name: One, variant: {variant}, size: {size}, count: 1}}\n")
    with pytest.raises(SpecError) as error:
        load_spec(spec)
    assert "book.yaml:3:" in str(error.value)
    assert f"sections[0].{at}: {message}" in str(error.value)


def test_a_rectangle_through_generate_solve_and_check(tmp_path):
    runner = CliRunner()
    made = runner.invoke(cli.main, ["generate", "--variant", "hashi", "--size", "8x12",
                                    "--seed", "5", "--difficulty", "hard"])
    assert made.exit_code == 0 and made.output.strip() == (
        "2.3..3..3.2./...1......../......2.3..1/2..3.4.2..3./......2.3.../............/"
        "2.2..2..3.2./.1.3..2....2")
    path = tmp_path / "hashi.txt"
    path.write_text(made.output)
    solved = runner.invoke(cli.main, ["solve", "--variant", "hashi", str(path)])
    givens, _ = HASHI.read(made.output)
    assert solved.exit_code == 0 and HASHI.read_answer(solved.output, givens.shape).shape == \
        givens.shape
    checked = runner.invoke(cli.main, ["check", "--variant", "hashi", str(path)])
    assert (checked.exit_code, checked.output) == (0, "1: unique\n")
    wrong = runner.invoke(cli.main, ["generate", "--size", "9x12", "--seed", "1"])
    assert wrong.exit_code == 2 and "size must be square for classic puzzles" in wrong.output


def test_a_book_section_of_rectangles_prints_them_rows_by_columns(tmp_path):
    import pypdfium2 as pdfium

    spec = tmp_path / "rects.yaml"
    spec.write_text("book: {title: R, seed: 1, layout: kdp-6x9, answers: back}\nsections:\n"
                    "  - {name: Wide, variant: hashi, size: 8x12, count: 1, difficulty: easy}\n"
                    "  - {name: Loops, variant: slitherlink, size: 6x9, count: 1, "
                    "difficulty: easy}\n")
    built = CliRunner().invoke(cli.main, ["build", str(spec), "-o", str(tmp_path / "out")])
    assert built.exit_code == 0, built.output
    manifest = json.loads((tmp_path / "out" / "r.json").read_text("utf-8"))
    assert [puzzle["size"] for puzzle in manifest["puzzles"]] == ["8x12", "6x9"]
    # The 6x9's answer goes under the 8x12's, on its page (it took p. 11 of its own).
    assert [puzzle["answer_page"] for puzzle in manifest["puzzles"]] == [10, 10]
    for puzzle in manifest["puzzles"]:  # the manifest's lines read back on their sides
        kind = HASHI if puzzle["variant"] == "hashi" else SLITHERLINK
        assert "x".join(map(str, kind.read(puzzle["givens"])[0].shape.frame)) == \
            puzzle["size"]
    pdf = pdfium.PdfDocument(tmp_path / "out" / "r.pdf")
    texts = [" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]
    assert any("Wide · Hashi · Easy · 8×12" in text for text in texts)
    assert any("Loops · Slitherlink · Easy · 6×9" in text for text in texts)


def test_a_daily_day_may_be_a_rectangle(tmp_path):
    (tmp_path / "paper.yaml").write_text(
        "daily: {series: Rects, seed: 3, layout: newspaper-2col, outputs: [svg, json]}\n"
        "schedule:\n  monday: {variant: hashi, size: 8x12, difficulty: easy}\n",
        encoding="utf-8")
    make_daily(load_daily_spec(tmp_path / "paper.yaml"), [date(2026, 12, 7)], tmp_path / "out")
    record = json.loads((tmp_path / "out" / "rects" / "2026-12-07" / "day.json")
                        .read_text("utf-8"))
    assert (record["variant"], record["size"]) == ("hashi", "8x12")
    givens, _ = HASHI.read(record["givens"])
    assert givens.shape.frame == (8, 12)


def test_the_web_page_and_captions_know_a_rectangles_sides():
    board = HASHI.sides_frame(8, 12)
    assert drawing_data(board_drawing(board), board)["sides"] == [8, 12]
    assert grid_size_text(HASHI, 8, 12) == "8\u00d712"
    assert grid_size_text(SLITHERLINK, 7) == "7\u00d77"


def test_past_15x15_a_slitherlink_is_made_only_at_the_grades_its_count_decides(tmp_path):
    # With the count and the cascade in C (csrc/slithercount.c, slithersettle.c), 16x16
    # and 20x20 are made at every grade and 20x30 to easy, each for seeds 0-19 (bench/
    # results/xeon-2cpu/2026-12-02-slitherhard.md); a 20x30 medium is still refused.
    for sides, made in (((20, 30), ["beginner", "easy"]),
                        ((20, 20), list(SLITHERLINK.grades)),
                        ((16, 16), list(SLITHERLINK.grades)),
                        ((15, 15), list(SLITHERLINK.grades))):
        frame = SLITHERLINK.sides_frame(*sides)
        assert [grade for grade in SLITHERLINK.grades
                if SLITHERLINK.grade_problem(frame, grade) is None] == made
    assert SLITHERLINK.grade_problem(SLITHERLINK.frame(20), "expert") is None
    assert SLITHERLINK.grade_problem(SLITHERLINK.frame(20), "any") is None
    # 'any', every section's default, digs to the hardest grade its size is made at
    assert SLITHERLINK.grade_problem(SLITHERLINK.sides_frame(20, 30), "any") is None
    assert grades_made(20, 30) == ("beginner", "easy") and grades_made(20, 20)[-1] == "expert"
    spec = tmp_path / "book.yaml"
    spec.write_text("book: {title: R, seed: 1}\nsections:\n  - {name: Big, variant: "
                    "slitherlink, size: 20x30, count: 1, difficulty: medium}\n")
    with pytest.raises(SpecError) as error:
        load_spec(spec)
    assert "book.yaml:3:" in str(error.value) and (
        "sections[0].difficulty: a 20x30 Slitherlink is made beginner or easy: on more "
        "cells the sparser clues of harder grades take too long to make and prove twice; "
        "not 'medium'") in str(error.value)


def test_a_rectangles_puzzlink_url_gives_columns_then_rows_and_reads_back():
    from bookmaker.core.exchange.puzzlink import puzzlink_url, read_puzzlink

    for kind, grade, sizes in ((HASHI, "medium", "/12/8/"), (SLITHERLINK, "easy", "/9/6/")):
        line = next(line for made, _, _, _, pinned, line in PINNED
                    if made is kind and pinned == grade)
        givens, _ = kind.read(line)
        puzzle = kind.make(MakeRequest(givens.shape, 5, grade))
        url = puzzlink_url(puzzle)
        assert url is not None and sizes in url
        assert read_puzzlink(url).givens == givens


def test_a_rectangles_board_sits_centred_in_its_square_slot():
    """A tall board (rows > columns) moves right and a wide one down by half the cells
    its square slot has spare, so neither sits flush left or top; a square stays put."""
    def box(rows: int, cols: int) -> tuple[float, float, float]:
        board = HASHI.sides_frame(rows, cols)
        return GridPlacement(10.0, 20.0, 240.0, Grid(board, (0,) * board.cell_count)).board_box
    assert box(12, 8) == (50.0, 20.0, 240.0)  # 20 pt cells, 4 spare columns: 40 pt right
    assert box(8, 12) == (10.0, -20.0, 240.0)  # 4 spare rows: 40 pt down
    assert box(9, 9) == (10.0, 20.0, 240.0)


def test_a_slitherlinks_answer_is_fit_by_its_one_digit_clues_not_numbers_to_its_side(tmp_path):
    """A 20x30's answer cells on kdp-6x9 are 11.0 pt, over the 10.8 pt minimum answer cell:
    it was refused for the two-digit symbols 1 to 30 a Slitherlink never prints. Its
    puzzle's 11.0 pt cells stay under the 13.0 pt minimum, and are refused."""
    spec = tmp_path / "wide.yaml"
    spec.write_text("book: {title: R, seed: 1, layout: kdp-6x9}\nsections:\n  - {name: W, "
                    "variant: slitherlink, size: 20x30, count: 1, difficulty: beginner}\n")
    with pytest.raises(SpecError) as error:
        load_spec(spec)
    assert [line.split("/")[-1] for line in str(error.value).splitlines()] == [
        "wide.yaml:3:43: sections[0].size: a 20x30 puzzle does not fit on a kdp-6x9 page at "
        "the 13.0 pt minimum cell: even alone on the page its cells would be 11.0 pt; take a "
        "larger layout"]
    assert "answer grid" not in str(error.value)


def test_an_answer_grid_refused_for_its_symbols_names_the_minimum_compared():
    layout = load_preset("kdp-6x9")
    assert layout.answer_grid_problem(30, "20x30", least_cell=11.6) == (
        "a 20x30 answer grid does not fit on a kdp-6x9 page at the 11.6 pt minimum answer "
        "cell for its widest symbol at 7 pt: even alone on the page its cells would be 11.0 "
        "pt; take a larger layout")


def test_a_rectangle_is_fit_by_both_sides_and_its_board_placed_centred():
    """A 30x20 in a 400 x 450 pt slot gets 15 pt cells (450 / 30; the width allows 20),
    not the 13.3 pt of the square of its longer side (400 / 30); its 300 pt wide board
    sits centred, its label and caption flush with the board's sides."""
    area = Area(width=400, height=500, gap=10, label_height=20, below_height=30)
    assert cell_side(1, (30, 20), area) == 15.0 and cell_side(1, 30, area) == 400 / 30
    assert most_that_fit((30, 20), 14.4, area) == 1 and most_that_fit(30, 14.4, area) == 0
    page = PageGeometry(400, 500, 0, margin_top=0, margin_bottom=0, margin_inside=0,
                        margin_outside=0, footer_space=0)
    board = SLITHERLINK.sides_frame(30, 20)
    slot = grid_slots(page, 1, 1, 20, 30, 10, 0.0, (30, 20))[0]
    assert slot == (-25.0, 30.0, 450.0)  # the square of its longer side, reaching past
    placement = GridPlacement(*slot, Grid(board, (0,) * board.cell_count))
    assert placement.board_box == (50.0, 30.0, 450.0)
    assert placement.text_box == (50.0, 30.0, 300.0, 450.0)


def test_a_tall_rectangle_that_fits_a_page_by_its_sides_is_taken(tmp_path):
    """A 30x20 Slitherlink on kdp-6x9 was refused (its longer side against the page's
    width: 11.0 pt cells); by both sides it is one a page, its answer too."""
    spec = tmp_path / "tall.yaml"
    spec.write_text("book: {title: R, seed: 1, layout: kdp-6x9}\nsections:\n  - {name: T, "
                    "variant: slitherlink, size: 30x20, count: 1, difficulty: beginner}\n")
    section = load_spec(spec).sections[0]
    assert (section.puzzles_per_page, section.answers_per_page) == (1, 1)
    assert section.rectangle == (30, 20)


def test_a_rectangles_answers_run_on_only_with_its_own_shape_but_share_pages():
    """Pages set a rectangle by its own sides (design/fit.py), so its answers run on only
    from a section of the same sides; but they go under another run's last answers where
    its rows fit there, and another run's under theirs (each row as tall as its board)."""
    class Section:
        def __init__(self, count, rectangle=None):
            self.count, self.puzzles_per_page, self.answers_per_page = count, 2, 6
            self.rectangle = rectangle
    sections = [Section(2), Section(2, (12, 8)), Section(2, (12, 8)), Section(2, (8, 12)),
                Section(2)]
    assert answer_runs(sections) == [[0], [1, 2], [3], [4]]
    area = load_preset("kdp-6x9").grid_area(answers=True)
    assert answer_shares(sections, area) == [0, 3, 2, 0]  # (12x8s three a row)
    after = [Section(2, (8, 12)), Section(2)]  # a square's run after a rectangle's
    assert answer_runs(after) == [[0], [1]] and answer_shares(after, area) == [0, 2]


def test_a_wide_rectangles_daily_sheet_is_as_tall_as_its_board(tmp_path):
    """An 8x12 Hashi's sheet ends under its board, a third of its width less tall than
    the square of its longer side it took (279.75 pt wide: 93.25 pt of blank paper)."""
    (tmp_path / "paper.yaml").write_text(
        "daily: {series: Rects, seed: 3, layout: newspaper-2col, outputs: [svg]}\n"
        "schedule:\n  monday: {variant: hashi, size: 8x12, difficulty: easy}\n",
        encoding="utf-8")
    make_daily(load_daily_spec(tmp_path / "paper.yaml"), [date(2026, 12, 7)], tmp_path / "out")
    svg = (tmp_path / "out" / "rects" / "2026-12-07" / "puzzle.svg").read_text("utf-8")
    assert 'width="288pt" height="286.02pt"' in svg


def test_a_tall_rectangles_daily_sheet_is_fit_by_both_sides_as_a_page_is(tmp_path):
    """A 12x8 Hashi spanning two columns gets the cells its width allows (279.75 pt / 8,
    its first water dot's cell flush with the padding), as a book's page fits it, not the
    square of its longer side's (/ 12, centred: 23.3 pt cells, 93 pt of white each side)."""
    (tmp_path / "paper.yaml").write_text(
        "daily: {series: Rects, seed: 3, layout: newspaper-2col, outputs: [svg]}\n"
        "schedule:\n  monday: {variant: hashi, size: 12x8, difficulty: easy}\n",
        encoding="utf-8")
    make_daily(load_daily_spec(tmp_path / "paper.yaml"), [date(2026, 12, 7)], tmp_path / "out")
    svg = (tmp_path / "out" / "rects" / "2026-12-07" / "puzzle.svg").read_text("utf-8")
    assert 'width="288pt" height="519.15pt"' in svg
    assert '<rect class="water" x="20.56" y="111.84" width="2.1"' in svg


def _daily_problems(tmp_path, days: str) -> list[str]:
    (tmp_path / "paper.yaml").write_text(
        "daily: {series: Rects, seed: 3, layout: newspaper-2col}\nschedule:\n" + days,
        encoding="utf-8")
    with pytest.raises(SpecError) as raised:
        load_daily_spec(tmp_path / "paper.yaml")
    return [line.split("/")[-1] for line in str(raised.value).splitlines()]


def test_a_daily_rectangle_is_refused_by_the_cells_its_sides_get(tmp_path):
    """A rectangle's day is held to 16 on its shorter side and 25 on its longer (a square
    to 16x16, as before), and to the cells its columns give it by both sides: a tall 25x15
    across two columns has 18.6 pt cells (by its longer side 11.2, refused); a wide 15x25
    has 11.2 and asks for more columns."""
    days = ("  monday: {variant: slitherlink, size: 10x18, difficulty: easy}\n"
            "  tuesday: {variant: hashi, size: 25x15, difficulty: easy}\n"
            "  wednesday: {variant: hashi, size: 15x25, difficulty: easy, columns: 3}\n")
    (tmp_path / "paper.yaml").write_text(
        "daily: {series: Rects, seed: 3, layout: newspaper-2col}\nschedule:\n" + days,
        encoding="utf-8")
    spec = load_daily_spec(tmp_path / "paper.yaml")
    assert [day.sides for day in spec.schedule if day] == [(10, 18), (25, 15), (15, 25)]
    assert _daily_problems(tmp_path, "  monday: {variant: hashi, size: 15x25, difficulty: "
                                     "easy}\n  friday: {variant: hashi, size: 17x20, "
                                     "difficulty: easy}\n") == [
        "paper.yaml:3:34: schedule.monday.size: a 15x25 grid across 2 columns of the "
        "newspaper-2col layout would have 11.2 pt cells, under its 12.0 pt minimum: span "
        "more columns or choose a smaller size",
        "paper.yaml:4:34: schedule.friday.size: daily rectangles are at most 16 cells on "
        "their shorter side and 25 on their longer, as a 16x25, got 17x20"]


def test_a_square_slitherlinks_answers_pack_by_its_one_digit_clues(tmp_path):
    """A 14x14 Slitherlink's answers were held to the 11.3 pt cells a '14' needs; it
    prints no such number (glyphs.cell_symbols: none), only one-digit clues in what its
    loop leaves them (0.8 of a cell, 13.5 pt cells on kdp-6x9): two a page, as a 12x12's
    (four would have 11.1 pt cells)."""
    spec = tmp_path / "loops.yaml"
    spec.write_text("book: {title: R, seed: 1, layout: kdp-6x9}\nsections:\n  - {name: L, "
                    "variant: slitherlink, size: 14x14, count: 4, difficulty: easy}\n"
                    "  - {name: M, variant: slitherlink, size: 12x12, count: 4, "
                    "difficulty: easy}\n")
    assert [s.answers_per_page for s in load_spec(spec).sections] == [2, 2]
    assert cell_symbols(SLITHERLINK, (), 14) == ()


def test_hashi_and_slitherlink_answers_keep_their_numbers_readable_in_their_room(tmp_path):
    """A Hashi's count is set in its island's circle (0.8 of a cell), a Slitherlink's clue
    between its loop's heavy lines: their answers get the cells that give that room 7 pt
    numbers at the answer digit share (13.5 pt on kdp-8.5x11). Three 15x25 Hashi answers a
    letter page had 12.3 pt cells, counts jammed in their circles; two a page have 20.1 pt,
    the page's width. Other kinds keep their answers a page."""
    spec = tmp_path / "long.yaml"
    spec.write_text("book: {title: R, seed: 1, layout: kdp-8.5x11}\nsections:\n"
                    "  - {name: H, variant: hashi, size: 15x25, count: 3, difficulty: easy}\n"
                    "  - {name: S, variant: slitherlink, size: 13x13, count: 3, "
                    "difficulty: easy}\n"
                    "  - {name: B, variant: binairo, size: 14x14, count: 3, difficulty: easy}\n")
    assert [s.answers_per_page for s in load_spec(spec).sections] == [2, 6, 9]
    assert HASHI.answer.number_room == SLITHERLINK.answer.number_room == 0.8
    layout = load_preset("kdp-8.5x11")
    assert round(layout.answer_number_cell(0.8), 2) == 13.46
    assert layout.answer_number_cell() == layout.min_answer_cell


def test_a_daily_answer_spans_the_columns_its_numbers_room_needs(tmp_path):
    """A 10x10 Slitherlink's or Hashi's answer in one news column has 13.25 pt cells: its
    clues crowd the loop and its counts fill their circles; it spans the puzzle's two
    columns. A 7x7's (18.9 pt) and a 10x10 Binairo's stay in one."""
    (tmp_path / "paper.yaml").write_text(
        "daily: {series: Rects, seed: 3, layout: newspaper-2col}\nschedule:\n"
        "  monday: {variant: slitherlink, size: 10x10, difficulty: easy}\n"
        "  tuesday: {variant: hashi, size: 10x10, difficulty: easy}\n"
        "  wednesday: {variant: slitherlink, size: 7x7, difficulty: easy}\n"
        "  thursday: {variant: binairo, size: 10x10, difficulty: easy}\n", encoding="utf-8")
    spec = load_daily_spec(tmp_path / "paper.yaml")
    assert [day.answer_columns for day in spec.schedule if day] == [2, 2, 1, 1]
