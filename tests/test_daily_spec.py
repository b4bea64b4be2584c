"""Tests for daily specs and newspaper column layouts: defaults, the example, exact error
messages with line and column, and the line between book specs and daily specs."""

from __future__ import annotations

import textwrap
from datetime import date
from pathlib import Path

import pytest

from bookmaker.design import preset_names
from bookmaker.design.columns import ColumnLayout, column_preset_names, load_column_preset
from bookmaker.design.presets import COLUMN_PRESET_FOLDER, preset_folder
from bookmaker.spec import SpecError, load_spec
from bookmaker.spec.daily import DEFAULT_SCHEDULE, WEEKDAYS, daily_spec_problem, load_daily_spec

REPO = Path(__file__).resolve().parents[1]
GOOD = """\
daily:
  series: Daily Sudoku
  seed: 7
schedule:
  monday: {difficulty: beginner}
  sunday: {difficulty: hard, size: 16x16, title: Monster}
"""


@pytest.fixture(autouse=True)
def in_tmp_path(tmp_path, monkeypatch):
    """Run in tmp_path, so specs are loaded as 'paper.yaml', as a user would name them."""
    monkeypatch.chdir(tmp_path)


def write(text: str, name: str = "paper.yaml") -> str:
    Path(name).write_text(textwrap.dedent(text), encoding="utf-8")
    return name


def problems_of(text: str) -> list[str]:
    with pytest.raises(SpecError) as caught:
        load_daily_spec(write(text))
    return str(caught.value).splitlines()


def replaced(old: str, new: str, spec: str = GOOD) -> str:
    assert old in spec
    return spec.replace(old, new)


# What a good spec loads as

def test_a_good_spec_gets_every_default():
    spec = load_daily_spec(write(GOOD))
    assert (spec.series, spec.name, spec.seed, spec.layout.name, spec.answer, spec.rules) == \
        ("Daily Sudoku", "daily-sudoku", 7, "newspaper-2col", "separate", True)
    assert spec.outputs == ("pdf", "png", "svg", "json", "proof")
    assert (spec.png.print_dpi, spec.png.web_width) == (300, 600)
    monday, *middle, sunday = spec.schedule
    assert middle == [None] * 5
    assert (monday.size, monday.box_rows, monday.box_cols, monday.difficulty,
            monday.symmetry, monday.title, monday.columns) == \
        (9, 3, 3, "beginner", "rotational", None, 2)
    assert (sunday.size, sunday.difficulty, sunday.title) == (16, "hard", "Monster")


def test_without_a_schedule_the_default_week_ramps_up_to_saturday():
    spec = load_daily_spec(write("daily: {series: S, seed: 1}\n"))
    assert [day.difficulty for day in spec.schedule] == \
        [DEFAULT_SCHEDULE[weekday]["difficulty"] for weekday in WEEKDAYS]
    assert [day.difficulty for day in spec.schedule][:6] == \
        ["beginner", "easy", "medium", "medium", "hard", "expert"]
    assert {day.size for day in spec.schedule} == {9}


def test_outputs_are_kept_in_a_fixed_order_whatever_order_they_are_written_in():
    spec = load_daily_spec(write(replaced("  seed: 7\n", "  seed: 7\n  outputs: [svg, pdf]\n")))
    assert spec.outputs == ("pdf", "svg")


def test_the_example_loads_with_a_monster_sunday_across_three_columns():
    spec = load_daily_spec(REPO / "examples" / "daily.yaml")
    assert spec.answer == "next-day" and spec.layout.name == "newspaper-2col"
    assert all(day is not None for day in spec.schedule)
    sunday = spec.schedule[6]
    assert (sunday.size, sunday.title, sunday.columns) == (16, "Monster", 3)


# Mistakes, each pinned exactly

def test_an_unknown_weekday_is_named_with_the_closest_one():
    assert problems_of(replaced("monday:", "mondy:")) == [
        "paper.yaml:5:3: schedule: unknown weekday 'mondy' (did you mean 'monday'?)"]


def test_an_unknown_difficulty_lists_the_grades():
    assert problems_of(replaced("difficulty: beginner", "difficulty: simple")) == [
        "paper.yaml:5:24: schedule.monday.difficulty: expected one of: beginner, easy, "
        "medium, hard, expert, extreme; got the text 'simple'"]


def test_any_is_no_daily_difficulty():
    assert problems_of(replaced("difficulty: beginner", "difficulty: any")) == [
        "paper.yaml:5:24: schedule.monday.difficulty: expected one of: beginner, easy, "
        "medium, hard, expert, extreme; got the text 'any'"]


def test_an_empty_schedule_is_refused():
    text = GOOD.split("schedule:")[0] + "schedule: {}\n"
    assert problems_of(text) == [
        "paper.yaml:4:11: schedule: needs at least one weekday (monday to sunday)"]


def test_a_schedule_that_is_no_mapping_is_refused():
    text = GOOD.split("schedule:")[0] + "schedule: [monday]\n"
    assert problems_of(text) == [
        "paper.yaml:4:11: schedule: expected a mapping of weekdays (monday to sunday), "
        "got a list"]


def test_a_weekday_without_a_value_is_refused_not_skipped():
    assert problems_of(replaced("  monday: {difficulty: beginner}\n", "  monday:\n")) == [
        "paper.yaml:5:10: schedule.monday: expected a mapping, got an empty value"]


def test_a_weekday_needs_a_difficulty_or_a_rating():
    assert problems_of(replaced("{difficulty: beginner}", "{size: 6x6}")) == [
        "paper.yaml:5:11: schedule.monday: missing required key 'difficulty' (or a "
        "'rating', or both)"]


def test_a_grade_no_4x4_puzzle_has_is_refused_at_load():
    assert problems_of(replaced("monday: {difficulty: beginner}",
                                "monday: {difficulty: hard, size: 4x4}")) == [
        "paper.yaml:5:24: schedule.monday.difficulty: 4x4 puzzles are never harder than "
        "'beginner', so none is 'hard'"]


def test_a_series_seed_is_read_as_written_not_as_yaml_11_octal():
    assert load_daily_spec(write(replaced("seed: 7", "seed: 0755"))).seed == 755


def test_sizes_above_16x16_are_no_daily_puzzle():
    assert problems_of(replaced("size: 16x16", "size: 25x25")) == [
        "paper.yaml:6:36: schedule.sunday.size: daily puzzles are 4x4 to 16x16 (bookmaker "
        "makes up to 25x25 for books), got 25x25"]


def test_a_box_that_does_not_tile_the_board_is_named():
    assert problems_of(replaced("{difficulty: beginner}",
                                "{difficulty: beginner, size: 6x6, box: 3x3}")) == [
        "paper.yaml:5:50: schedule.monday.box: box 3x3 does not tile a 6x6 board (3*3 != 6)"]


def test_a_grid_too_big_for_its_columns_says_what_to_do():
    spec = replaced("  seed: 7\n", "  seed: 7\n  layout: newspaper-1col\n")
    assert problems_of(spec) == [
        "paper.yaml:7:36: schedule.sunday.size: a 16x16 grid across 1 column of the "
        "newspaper-1col layout would have 8.3 pt cells, under its 12.0 pt minimum: span "
        "more columns or choose a smaller size"]


def test_a_day_may_span_more_columns_but_not_more_than_the_page_has():
    spec = replaced("  seed: 7\n", "  seed: 7\n  layout: newspaper-1col\n")
    spec = replaced("title: Monster}", "title: Monster, columns: 2}", spec)
    assert load_daily_spec(write(spec)).schedule[6].columns == 2
    assert problems_of(replaced("columns: 2}", "columns: 7}", spec)) == [
        "paper.yaml:7:68: schedule.sunday.columns: the newspaper-1col layout's page has 6 "
        "columns, got 7"]


def test_unknown_and_repeated_outputs_are_refused():
    assert problems_of(replaced("  seed: 7\n", "  seed: 7\n  outputs: [pdf, gif]\n")) == [
        "paper.yaml:4:12: daily.outputs: unknown output 'gif'; expected some of: pdf, png, "
        "svg, json, proof, ipuz, feed, page, art, art-cmyk"]
    assert problems_of(replaced("  seed: 7\n", "  seed: 7\n  outputs: [png, png]\n")) == [
        "paper.yaml:4:12: daily.outputs: lists 'png' twice"]
    assert problems_of(replaced("  seed: 7\n", "  seed: 7\n  outputs: []\n")) == [
        "paper.yaml:4:12: daily.outputs: needs at least one of: pdf, png, svg, json, proof, "
        "ipuz, feed, page, art, art-cmyk"]


def test_an_unknown_answer_placement_lists_both():
    assert problems_of(replaced("  seed: 7\n", "  seed: 7\n  answer: tomorrow\n")) == [
        "paper.yaml:4:11: daily.answer: expected one of: separate, next-day; got the text "
        "'tomorrow'"]


def test_png_resolutions_are_bounded():
    assert problems_of(replaced("  seed: 7\n", "  seed: 7\n  png: {print_dpi: 10}\n")) == [
        "paper.yaml:4:20: daily.png.print_dpi: must be at least 72, got 10"]


def test_missing_series_and_seed_and_an_unknown_key_are_all_reported():
    text = "daily:\n  colour: red\nschedule:\n  monday: {difficulty: easy}\n"
    assert problems_of(text) == [
        "paper.yaml:2:3: daily: missing required key 'series'",
        "paper.yaml:2:3: daily: missing required key 'seed'",
        "paper.yaml:2:3: daily: unknown key 'colour' (expected one of: series, seed, name, "
        "layout, answer, outputs, rules, heading, answer_columns, language, png, page, fonts, "
        "registry)"]


def test_every_mistake_is_reported_at_once_in_line_order():
    text = replaced("  seed: 7\n", "  seed: 7\n  answer: later\n")
    text = replaced("difficulty: beginner", "difficulty: hardest", text)
    text = replaced("size: 16x16", "size: 7x7", text)
    assert problems_of(text) == [
        "paper.yaml:4:11: daily.answer: expected one of: separate, next-day; got the text "
        "'later'",
        "paper.yaml:6:24: schedule.monday.difficulty: expected one of: beginner, easy, "
        "medium, hard, expert, extreme; got the text 'hardest' (did you mean 'hard'?)",
        "paper.yaml:7:36: schedule.sunday.size: 7x7 has no rectangular box of at least 2x2"]


def test_an_unknown_top_level_key_is_named():
    assert problems_of(GOOD + "extra: 1\n") == [
        "paper.yaml:7:1: unknown key 'extra' (expected one of: daily, schedule)"]


# Book specs and daily specs, book layouts and column layouts, kept apart

def test_a_daily_spec_naming_a_book_layout_is_told_which_layouts_it_may_use():
    assert problems_of(replaced("  seed: 7\n", "  seed: 7\n  layout: kdp-6x9\n")) == [
        "paper.yaml:4:11: daily.layout: 'kdp-6x9' is a book page layout; a daily spec needs "
        "a newspaper column layout: one of: newspaper-1col, newspaper-2col, tabloid, or a "
        "path to a column layout .yaml file"]


def test_an_unknown_column_layout_gets_the_closest_name():
    assert problems_of(replaced("  seed: 7\n", "  seed: 7\n  layout: newspaper-2cl\n")) == [
        "paper.yaml:4:11: daily.layout: unknown layout 'newspaper-2cl' (did you mean "
        "'newspaper-2col'?); expected one of: newspaper-1col, newspaper-2col, tabloid, or a "
        "path to a column layout .yaml file"]


def test_a_book_spec_naming_a_newspaper_layout_is_told_it_is_one():
    text = ("book:\n  title: T\n  seed: 1\n  layout: tabloid\n"
            "sections:\n  - {name: A, size: 9x9, count: 1}\n")
    with pytest.raises(SpecError) as caught:
        load_spec(write(text, "book.yaml"))
    assert str(caught.value).splitlines() == [
        f"book.yaml:4:11: book.layout: 'tabloid' is a newspaper column layout, for daily "
        f"specs (bookmaker daily); a book needs a page layout: one of "
        f"{', '.join(preset_names())}, or a path to a layout .yaml file"]


def test_a_book_spec_given_as_a_daily_spec_is_one_clear_problem():
    text = "book:\n  title: T\n  seed: 1\nsections:\n  - {name: A, size: 9x9, count: 1}\n"
    assert problems_of(text) == [
        "paper.yaml:1:1: this is a book spec (it has 'book:'): build it with `bookmaker "
        "build`; a daily spec has a 'daily:' mapping and a 'schedule:'"]


def test_a_daily_spec_is_recognised_for_the_book_command():
    problem = daily_spec_problem(write("# a paper\n" + GOOD))
    assert str(problem) == (
        "paper.yaml:2:1: this is a daily spec (it has 'daily:'): make its puzzles with "
        "`bookmaker daily paper.yaml --from YYYY-MM-DD`; a book spec has 'book:' and "
        "'sections:'")
    assert daily_spec_problem(write("book: {}\n", "book.yaml")) is None
    assert daily_spec_problem("missing.yaml") is None


def test_a_users_column_layout_file_is_loaded_and_checked():
    preset = (preset_folder() / COLUMN_PRESET_FOLDER / "newspaper-1col.yaml").read_text()
    write(preset.replace("column_width: 138pt", "column_width: 2.5in"), "narrow.yaml")
    spec = load_daily_spec(write(replaced("  seed: 7\n", "  seed: 7\n  layout: narrow.yaml\n"
                                          ).replace("16x16", "12x12")))
    assert (spec.layout.name, spec.layout.column_width) == ("narrow", 180.0)
    write(preset.replace("box: 1.25pt", "box: 0.25pt"), "narrow.yaml")
    assert problems_of(replaced("  seed: 7\n", "  seed: 7\n  layout: narrow.yaml\n")) == [
        "narrow.yaml:18:8: lines.box: box lines (0.25 pt) must be heavier than cell lines "
        "(0.5 pt)"]


# The column presets

@pytest.mark.parametrize("name", column_preset_names())
def test_every_column_preset_loads_and_holds_a_9x9_in_its_own_span(name):
    layout = load_column_preset(name)
    assert isinstance(layout, ColumnLayout) and layout.name == name
    assert layout.fit_problem(9, layout.columns) is None
    assert layout.columns <= layout.page_columns


def test_the_column_presets_asked_for_are_there_and_no_book_preset_is_one():
    assert column_preset_names() == ("newspaper-1col", "newspaper-2col", "tabloid")
    assert not set(column_preset_names()) & set(preset_names())


def test_a_column_layout_is_as_wide_as_its_columns_and_gutters():
    two = load_column_preset("newspaper-2col")
    assert (two.width(1), two.width(2), two.width(3)) == (138.0, 288.0, 438.0)
    assert two.grid_side(2) == 288.0 - 2 * two.padding - two.lines.border


def test_a_series_or_title_the_fonts_cannot_draw_is_refused_at_load():
    spec = replaced("series: Daily Sudoku", "series: 数独タイムズ\n  name: sudoku-times",
                    replaced("title: Monster", "title: 怪物"))
    advice = "name a font that has it: fonts: {regular: my-font.ttf, bold: my-font-bold.ttf}"
    assert problems_of(spec) == [
        f"paper.yaml:2:11: daily.series: U+6570 '数' is not in DejaVu Sans; {advice}",
        f"paper.yaml:7:50: schedule.sunday.title: U+602A '怪' is not in DejaVu Sans; {advice}"]


def test_a_right_to_left_series_or_title_is_refused_at_load():
    spec = replaced("series: Daily Sudoku", "series: סודוקו יומי\n  name: daily-he",
                    replaced("title: Monster", "title: وحش"))
    assert problems_of(spec) == [
        "paper.yaml:2:11: daily.series: U+05E1 'ס' is Hebrew, written right to left, which "
        "bookmaker cannot lay out (it would print reversed); write this in a left-to-right "
        "script",
        "paper.yaml:7:50: schedule.sunday.title: U+0648 'و' is Arabic, written right to "
        "left, which bookmaker cannot lay out (it would print reversed and its letters "
        "unjoined); write this in a left-to-right script"]


def test_a_weekday_may_ask_for_a_rating_instead_of_a_grade():
    spec = load_daily_spec(write(replaced("{difficulty: beginner}", "{rating: 4.0-5.0}")))
    monday = spec.day_of(date(2026, 12, 7))
    assert (monday.difficulty, str(monday.rating)) == ("any", "4.0-5.0")
