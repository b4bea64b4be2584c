"""Tests for book specs and layouts: exact error messages with line and column, defaults,
presets (also as installed package data), and the examples."""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

import pytest
from pydantic import ValidationError

import bookmaker
from bookmaker.design import Layout, load_layout_file, load_preset, preset_names
from bookmaker.design.fit import cell_side
from bookmaker.design.layouts import parse_layout
from bookmaker.design.presets import preset_folder
from bookmaker.spec import BookSpec, SpecError, load_spec

REPO = Path(__file__).resolve().parents[1]
VERA = REPO / "fonts" / "DejaVuSans.ttf"
# daily*.yaml are newspaper daily specs, not books: tests/test_daily_spec.py and
# test_calcudoku_pipeline.py and test_latin_books.py load them.
EXAMPLES = sorted(path for path in (REPO / "examples").glob("*.yaml")
                  if not path.name.startswith("daily"))
KDP_GUTTER = [(24, 27), (150, 27), (151, 36), (300, 36), (301, 45), (500, 45), (501, 54),
              (700, 54), (701, 63), (828, 63)]  # (pages, inside margin in points)
KDP_PRESETS = ["kdp-6x9", "kdp-8x10", "kdp-8.5x11", "kdp-8.5x11-bleed", "large-print"]
GOOD_SPEC = """\
book:
  title: Test Book
  seed: 1
sections:
  - name: Easy
    size: 9x9
    count: 2
"""


@pytest.fixture(autouse=True)
def in_tmp_path(tmp_path, monkeypatch):
    """Run in tmp_path, so specs are loaded as 'book.yaml', as a user would name them."""
    monkeypatch.chdir(tmp_path)


def write(text: str, name: str = "book.yaml") -> str:
    Path(name).parent.mkdir(parents=True, exist_ok=True)
    Path(name).write_text(textwrap.dedent(text), encoding="utf-8")
    return name


def problems_of(text: str, name: str = "book.yaml") -> list[str]:
    """Every problem line that loading the spec text reports."""
    with pytest.raises(SpecError) as caught:
        load_spec(write(text, name))
    return str(caught.value).splitlines()


def replaced(old: str, new: str, spec: str = GOOD_SPEC) -> str:
    assert old in spec
    return spec.replace(old, new)


# One test per kind of mistake, each pinning the exact message

def test_an_unknown_key_is_reported_with_the_closest_known_one():
    spec = replaced("  seed: 1\n", "  seed: 1\n  autor: Me\n")
    assert problems_of(spec) == [
        "book.yaml:4:3: book: unknown key 'autor' (did you mean 'author'?)"]


def test_an_unknown_key_with_no_close_match_lists_the_known_ones():
    assert problems_of(GOOD_SPEC + "colour: blue\n") == [
        "book.yaml:8:1: unknown key 'colour' (expected one of: book, sections, cover)"]


def test_a_wrong_type_names_what_was_expected_and_what_was_given():
    assert problems_of(replaced("count: 2", 'count: "3"')) == [
        "book.yaml:7:12: sections[0].count: expected a whole number, got the text '3'"]


def test_a_number_where_text_belongs_suggests_quotes():
    assert problems_of(replaced("title: Test Book", "title: 1984")) == [
        "book.yaml:2:10: book.title: expected text, got the number 1984; "
        "put it in quotes to use it as text"]


def test_a_date_as_seed_suggests_quotes():
    assert problems_of(replaced("seed: 1", "seed: 2026-01-31")) == [
        "book.yaml:3:9: book.seed: expected a whole number or text, got the date 2026-01-31; "
        "put it in quotes to use it as text"]


@pytest.mark.parametrize("written, seed", [
    ("42", 42), ("007", 7), ("+5", 5), ("-3", -3),   # whole numbers: as --seed reads them
    ("0755", 755), ("010", 10),                      # not YAML 1.1's octal 493 and 8
    ("1:30", "1:30"), ("0x1F", "0x1F"), ("1_000", "1_000"), ("0o17", "0o17"),  # as written
    ("1.50", "1.50"), (".inf", ".inf"), ('"0755"', "0755"), ("'42'", "42")])
def test_a_seed_is_read_as_written_not_by_yaml_11s_number_forms(written, seed):
    loaded = load_spec(write(replaced("seed: 1", f"seed: {written}")))
    assert loaded.seed == seed and type(loaded.seed) is type(seed)


@pytest.mark.parametrize("written, issue", [("010", "10"), ("2", "2"), ("1:30", "1:30"),
                                            ("0x10", "0x10"), ("'08'", "08")])
def test_a_volume_is_read_as_written_so_010_is_not_issue_8(written, issue):
    loaded = load_spec(write(replaced("seed: 1", f"seed: 1\n  volume: {written}")))
    assert loaded.issue == issue


def test_a_spec_nested_too_deep_is_a_located_mistake_not_a_crash():
    assert problems_of(replaced("seed: 1", "seed: 1\n  layout: " + "[" * 500)) == [
        "book.yaml:4:59: nested more than 50 levels deep; no spec needs that"]


def test_a_long_title_makes_a_file_name_of_at_most_100_characters():
    title = "The Very Long Book of " + "Puzzles and More " * 20
    loaded = load_spec(write(replaced("title: Test Book", f"title: {title}")))
    assert loaded.name == ("the-very-long-book-of" + "-puzzles-and-more" * 4 + "-puzzles")
    assert len(loaded.name) <= 100 and loaded.series == loaded.name


def test_a_name_longer_than_a_file_name_allows_is_refused_at_load():
    spec = replaced("seed: 1\n", f"seed: 1\n  name: {'a' * 150}\n")
    assert problems_of(spec) == [
        "book.yaml:4:9: book.name: must be at most 100 characters (it names files), got 150"]


@pytest.mark.parametrize("difficulty", ["easy", "extreme"])
def test_a_grade_no_4x4_puzzle_has_is_refused_at_load(difficulty):
    spec = replaced("count: 2\n", f"count: 2\n  - {{name: Tiny, size: 4x4, count: 3, "
                                 f"difficulty: {difficulty}}}\n")
    assert problems_of(spec) == [
        f"book.yaml:8:51: sections[1].difficulty: 4x4 puzzles are never harder than "
        f"'beginner', so none is {difficulty!r}"]


def test_a_missing_required_key_is_reported_at_its_mapping():
    assert problems_of(replaced("    count: 2\n", "")) == [
        "book.yaml:5:5: sections[0]: missing required key 'count'"]


def test_a_missing_title_is_reported_at_the_book_mapping():
    assert problems_of(replaced("  title: Test Book\n", "")) == [
        "book.yaml:2:3: book: missing required key 'title'"]


def test_a_duplicate_key_is_an_error_not_silently_the_last_value():
    spec = replaced("  seed: 1\n", "  seed: 1\n  title: Other Book\n")
    assert problems_of(spec) == [
        "book.yaml:4:3: book: duplicate key 'title' (first given on line 2)"]


def test_a_size_without_a_box_is_reported_with_the_cores_reason():
    assert problems_of(replaced("size: 9x9", "size: 7x7")) == [
        "book.yaml:6:11: sections[0].size: 7x7 has no rectangular box of at least 2x2"]


def test_a_size_that_is_not_a_size_is_reported():
    assert problems_of(replaced("size: 9x9", "size: nine")) == [
        "book.yaml:6:11: sections[0].size: size must look like 9x9, got 'nine'"]


def test_a_box_that_does_not_tile_the_board_is_reported_at_the_box():
    assert problems_of(replaced("size: 9x9\n", "size: 9x9\n    box: 3x2\n")) == [
        "book.yaml:7:10: sections[0].box: box 3x2 does not tile a 9x9 board (3*2 != 9)"]


def test_a_count_of_zero_is_reported():
    assert problems_of(replaced("count: 2", "count: 0")) == [
        "book.yaml:7:12: sections[0].count: must be at least 1, got 0"]


def test_too_many_puzzles_per_page_is_reported_with_how_many_fit():
    spec = replaced("count: 2\n", "count: 2\n    puzzles_per_page: 30\n")
    assert problems_of(spec) == [
        "book.yaml:8:23: sections[0].puzzles_per_page: 30 9x9 puzzles do not fit on one "
        "kdp-6x9 page: the cells would be 4.2 pt, under the 13.0 pt minimum (at most 6 fit)"]


def test_a_grid_too_large_for_the_layout_is_reported_at_the_size():
    spec = replaced("seed: 1\n", "seed: 1\n  layout: large-print\n")
    assert problems_of(replaced("size: 9x9", "size: 25x25", spec)) == [
        "book.yaml:7:11: sections[0].size: a 25x25 puzzle does not fit on a large-print "
        "page at the 28.8 pt minimum cell: even alone on the page its cells would be 20.4 "
        "pt; take a larger layout",
        "book.yaml:7:11: sections[0].size: a 25x25 answer grid does not fit on a "
        "large-print page at the 25.2 pt minimum answer cell: even alone on the page its "
        "cells would be 20.4 pt; take a larger layout"]


def test_a_samurai_too_large_for_a_large_print_page_says_so_not_at_most_0():
    spec = replaced("seed: 1\n", "seed: 1\n  layout: large-print\n")
    spec = replaced("size: 9x9", "size: 9x9\n    variant: samurai", spec)
    assert problems_of(spec) == [
        "book.yaml:7:11: sections[0].size: a samurai (21x21 cells) puzzle does not fit on a "
        "large-print page at the 28.8 pt minimum cell: even alone on the page its cells "
        "would be 24.3 pt; take a larger layout",
        "book.yaml:7:11: sections[0].size: a samurai (21x21 cells) answer grid does not fit "
        "on a large-print page at the 25.2 pt minimum answer cell: even alone on the page "
        "its cells would be 24.3 pt; take a larger layout"]


@pytest.mark.parametrize("encoding, said", [
    ("utf-16", "UTF-16 text (little-endian, byte order mark FF FE)"),
    ("utf-16-le", "UTF-16 text (little-endian, no byte order mark)"),
    ("utf-32-be", "UTF-32 text (big-endian, no byte order mark)")])
def test_a_spec_saved_as_utf16_or_utf32_is_named_as_such(encoding, said):
    Path("book.yaml").write_bytes(GOOD_SPEC.encode(encoding))
    with pytest.raises(SpecError) as caught:
        load_spec("book.yaml")
    assert str(caught.value) == (f"book.yaml: the file is {said}; bookmaker reads UTF-8: "
                                 f"save it as UTF-8")


def test_a_spec_that_is_not_utf8_says_where():
    latin = GOOD_SPEC.replace("Test Book", "T\xe9st Book").encode("latin-1")
    Path("book.yaml").write_bytes(latin)
    with pytest.raises(SpecError) as caught:
        load_spec("book.yaml")
    assert str(caught.value) == "book.yaml: not UTF-8 text (byte 17 is 0xE9)"


FEW = ("asks for {count} puzzles, but a 4x4 board has only {most} distinct puzzles{shaped} "
       "with {kind} (a book holds no two alike, relabelled, turned or permuted): ask for at "
       "most {most}{more}")


@pytest.mark.parametrize("settings, count, most, shaped, kind, more", [
    ("", 10000, 36, "", "as few clues as stay unique", ", or set clues: to take puzzles "
     "with more clues"),
    (", symmetry: rotational", 14, 13, " of rotational symmetry",
     "as few clues as stay unique", ", or set clues: to take puzzles with more clues"),
    (", clues: 8", 1077, 1076, "", "8 clues, or as few as stay unique", "")])
def test_more_distinct_4x4_puzzles_than_there_are_is_refused_at_load(
        settings, count, most, shaped, kind, more):
    spec = GOOD_SPEC.replace("    size: 9x9\n    count: 2\n",
                             f"    size: 4x4\n    count: {count}\n" +
                             "".join(f"    {part.strip()}\n" for part in settings.split(",")
                                     if part.strip()))
    assert problems_of(spec) == ["book.yaml:7:12: sections[0].count: " + FEW.format(
        count=count, most=most, shaped=shaped, kind=kind, more=more)]
    load_spec(write(spec.replace(f"count: {count}", f"count: {most}")))  # as many: fine


def test_4x4_sections_together_may_not_ask_for_more_distinct_puzzles_than_there_are():
    spec = GOOD_SPEC.replace("    size: 9x9\n    count: 2\n", "    size: 4x4\n    count: 30\n"
                             "  - {name: Hard, size: 4x4, count: 30}\n"
                             "  - {name: Crossed, size: 4x4, count: 30, variant: x}\n")
    assert problems_of(spec) == [
        "book.yaml:8:36: sections[1].count: the 2 4x4 sections ask for 60 puzzles together, "
        "but there are only 36 distinct ones of their symmetries and clues, and a book "
        "holds no two alike: ask for fewer"]


def test_an_unknown_layout_is_reported_with_the_presets():
    spec = replaced("seed: 1\n", "seed: 1\n  layout: kdp6x9\n")
    assert problems_of(spec) == [
        "book.yaml:4:11: book.layout: unknown layout 'kdp6x9' (did you mean 'kdp-6x9'?); "
        "expected one of: a4, a5, kdp-6x9, kdp-8.5x11, kdp-8.5x11-bleed, kdp-8x10, "
        "large-print, letter-home, or a path to a layout .yaml file"]


def test_a_missing_layout_file_is_reported_with_where_it_was_looked_for(tmp_path):
    spec = replaced("seed: 1\n", "seed: 1\n  layout: mine.yaml\n")
    assert problems_of(spec) == [
        f"book.yaml:4:11: book.layout: layout file 'mine.yaml' not found "
        f"(looked for {(tmp_path / 'mine.yaml').resolve()})"]


def test_a_bad_answers_value_lists_the_choices():
    spec = replaced("seed: 1\n", "seed: 1\n  answers: seperate\n")
    assert problems_of(spec) == [
        "book.yaml:4:12: book.answers: expected one of: separate, back, none; "
        "got the text 'seperate' (did you mean 'separate'?)"]


def test_an_unknown_difficulty_lists_the_grades_and_suggests_the_closest():
    assert problems_of(replaced("count: 2\n", "count: 2\n    difficulty: hardest\n")) == [
        "book.yaml:8:17: sections[0].difficulty: expected one of: any, beginner, easy, "
        "medium, hard, expert, extreme; got the text 'hardest' (did you mean 'hard'?)"]


@pytest.mark.parametrize("difficulty", ["any", "beginner", "easy", "medium", "hard",
                                        "expert", "extreme"])
def test_every_grade_is_a_difficulty(difficulty):
    spec = replaced("count: 2\n", f"count: 2\n    difficulty: {difficulty}\n    ramp: true\n")
    section = load_spec(write(spec)).sections[0]
    assert (section.difficulty, section.ramp) == (difficulty, True)


def test_a_missing_font_file_is_reported_with_where_it_was_looked_for(tmp_path):
    spec = replaced("seed: 1\n", "seed: 1\n  fonts:\n    regular: fonts/Missing.ttf\n")
    assert problems_of(spec) == [
        f"book.yaml:5:14: book.fonts.regular: font file 'fonts/Missing.ttf' not found "
        f"(looked for {(tmp_path / 'fonts' / 'Missing.ttf').resolve()})"]


def test_a_font_that_is_not_ttf_or_otf_is_reported():
    write("not a font", "Font.woff")
    spec = replaced("seed: 1\n", "seed: 1\n  fonts: {bold: Font.woff}\n")
    assert problems_of(spec) == [
        "book.yaml:4:17: book.fonts.bold: expected a .ttf or .otf font file, got 'Font.woff'"]


def test_a_cff_opentype_font_is_refused_at_load():
    Path("Cff.otf").write_bytes(b"OTTO" + bytes(100))
    spec = replaced("seed: 1\n", "seed: 1\n  fonts: {regular: Cff.otf}\n")
    assert problems_of(spec) == [
        "book.yaml:4:20: book.fonts.regular: 'Cff.otf' is a CFF OpenType font; bookmaker "
        "embeds TrueType outlines only: use a .ttf"]


def test_a_file_that_is_not_a_font_is_refused_at_load():
    Path("Bad.ttf").write_bytes(b"<html>" + bytes(100))
    Path("Junk.ttf").write_bytes(b"\x00\x01\x00\x00" + bytes(100))
    spec = replaced("seed: 1\n", "seed: 1\n  fonts: {regular: Bad.ttf, bold: Junk.ttf}\n")
    assert problems_of(spec) == [
        "book.yaml:4:20: book.fonts.regular: 'Bad.ttf' is not a TrueType font file",
        "book.yaml:4:35: book.fonts.bold: 'Junk.ttf' is not a usable TrueType font (its "
        "tables cannot be read)"]


def test_a_font_whose_digits_the_renderer_would_refuse_is_reported_at_load(monkeypatch):
    Path("Tiny.ttf").write_bytes(VERA.read_bytes())
    monkeypatch.setattr("bookmaker.spec.load.font_digit_top", lambda path: 0.3)
    spec = replaced("seed: 1\n", "seed: 1\n  fonts: {regular: Tiny.ttf}\n")
    assert problems_of(spec) == [
        "book.yaml:4:20: book.fonts.regular: this font's digits are 0.30 of its size, so the "
        "kdp-6x9 layout's digits would reach 0.18 of the cell; they must reach 0.2 to 0.78: "
        "choose another font or text.digits"]


SEPARATE = "seed: 1\n  answers: separate\n"


def test_a_book_thicker_than_the_gutter_table_is_refused_at_load():
    # 4 front pages (title, copyright, contents, how to play) + 1700 puzzles at 2 a page.
    spec = replaced("seed: 1\n", SEPARATE, replaced("count: 2", "count: 1700"))
    assert problems_of(spec) == [
        "book.yaml:6:3: sections: the book would have 854 pages, more than the 828 Amazon "
        "KDP paperback prints on white paper: 'Easy' 1700 puzzles at 2 a page (850 pages), "
        "front matter and other pages 4"]


def test_answers_at_the_back_count_towards_the_books_pages():
    # 4 + 700 puzzle pages + the "Answers" divider (and a blank page before it, to start
    # on a right-hand page) + 234 answer pages (6 a page).
    spec = replaced("count: 2", "count: 1400")
    assert problems_of(spec) == [
        "book.yaml:5:3: sections: the book would have 940 pages, more than the 828 Amazon "
        "KDP paperback prints on white paper: 'Easy' 1400 puzzles at 2 a page (700 pages), "
        "answers 234 pages, front matter and other pages 6"]


def test_cream_paper_allows_fewer_pages_than_white():
    spec = replaced("seed: 1\n", SEPARATE + "  paper: cream\n",
                    replaced("count: 2", "count: 1546"))
    assert problems_of(spec) == [
        "book.yaml:7:3: sections: the book would have 778 pages, more than the 776 Amazon "
        "KDP paperback prints on cream paper: 'Easy' 1546 puzzles at 2 a page (773 pages), "
        "front matter and other pages 5"]
    assert load_spec(write(replaced("cream", "white", spec))).page_totals()[0] == 778


def test_the_thickest_book_the_gutter_table_allows_loads():
    # 4 + 824 puzzle pages = 828 pages exactly; the answer book: title page + 275, and a
    # Notes page for an even count.
    spec = replaced("seed: 1\n", SEPARATE, replaced("count: 2", "count: 1648"))
    assert load_spec(write(spec)).page_totals() == (828, 276)


def test_a_huge_count_is_refused_without_planning_it():
    assert problems_of(replaced("count: 2", "count: 1000000000")) == [
        "book.yaml:7:12: sections[0].count: must be at most 10000 (the most puzzles "
        "bookmaker makes in one book), got 1000000000"]


def test_a_book_of_more_than_10000_puzzles_is_refused_even_without_a_gutter_table():
    spec = replaced("seed: 1\n", "seed: 1\n  layout: a4\n", replaced("count: 2", "count: 6000"))
    spec += "  - name: More\n    size: 9x9\n    count: 6000\n"
    assert problems_of(spec) == [
        "book.yaml:6:3: sections: the book would have 12000 puzzles, more than the 10000 "
        "bookmaker makes in one book"]


def test_a_huge_puzzles_per_page_is_refused_without_trying_every_arrangement():
    assert problems_of(replaced("count: 2", "count: 2\n    puzzles_per_page: 1000000000")) == [
        "book.yaml:8:23: sections[0].puzzles_per_page: must be at most 100, got 1000000000"]


def test_a_clue_target_with_a_difficulty_is_refused():
    spec = replaced("count: 2\n", "count: 2\n    clues: 30\n    difficulty: hard\n")
    assert problems_of(spec) == [
        "book.yaml:8:12: sections[0].clues: cannot be combined with difficulty 'hard': the "
        "grade decides how many clues remain"]


def test_clues_must_be_fewer_than_the_cells():
    assert problems_of(replaced("count: 2\n", "count: 2\n    clues: 81\n")) == [
        "book.yaml:8:12: sections[0].clues: must be fewer than the 81 cells of a 9x9 board, "
        "got 81"]


def test_two_sections_with_one_name_are_reported():
    spec = GOOD_SPEC + "  - name: Easy\n    size: 6x6\n    count: 1\n"
    assert problems_of(spec) == [
        "book.yaml:8:11: sections[1].name: sections[0] is already named 'Easy'; "
        "section names must differ"]


def test_a_bad_output_name_is_reported():
    spec = replaced("seed: 1\n", "seed: 1\n  name: My Book\n")
    assert problems_of(spec) == [
        "book.yaml:4:9: book.name: must be lowercase letters, digits and hyphens, like "
        "'my-book'; got 'My Book'"]


def test_a_yaml_syntax_error_is_reported_at_the_key_missing_its_colon():
    assert problems_of(replaced("seed: 1", "seed 1")) == [
        "book.yaml:3:3: could not find expected ':' (while scanning a simple key)"]


def test_a_tab_in_the_indentation_is_reported_where_it_is():
    assert problems_of(replaced("  seed: 1", "\tseed: 1")) == [
        "book.yaml:3:1: found character '\\t' that cannot start any token "
        "(while scanning for the next token)"]


def test_a_list_as_a_key_is_reported_where_it_is():
    assert problems_of(replaced("  seed: 1\n", "  seed: 1\n  [a, b]: 2\n")) == [
        "book.yaml:4:3: a list or mapping cannot be a key (while constructing a mapping "
        "on line 2)"]


def test_an_empty_file_is_reported():
    assert problems_of("") == ["book.yaml:1:1: expected a mapping, got an empty value"]


def test_sections_must_be_a_non_empty_list():
    assert problems_of("book: {title: T, seed: 1}\nsections: []\n") == [
        "book.yaml:2:11: sections: needs at least one section"]
    assert problems_of("book: {title: T, seed: 1}\nsections: {name: x}\n") == [
        "book.yaml:2:11: sections: expected a list of sections, got a mapping"]


def test_a_missing_file_is_a_spec_error_with_a_clear_message():
    with pytest.raises(SpecError) as caught:
        load_spec("nowhere.yaml")
    assert str(caught.value) == "nowhere.yaml: spec file not found"
    assert [problem.line for problem in caught.value.problems] == [None]


def test_every_mistake_in_a_file_is_reported_at_once_in_line_order():
    spec = """\
        sections:
          - name: Easy
            size: 7x7
            count: 0
          - name: Hard
            size: 9x9
            count: 5
            puzzles_per_page: 30
            difficulty: hardest
        book:
          titel: Test Book
          seed: 1
          answers: front
          seed: 2
        """
    assert problems_of(spec) == [
        "book.yaml:3:11: sections[0].size: 7x7 has no rectangular box of at least 2x2",
        "book.yaml:4:12: sections[0].count: must be at least 1, got 0",
        "book.yaml:8:23: sections[1].puzzles_per_page: 30 9x9 puzzles do not fit on one "
        "kdp-6x9 page: the cells would be 4.2 pt, under the 13.0 pt minimum (at most 6 fit)",
        "book.yaml:9:17: sections[1].difficulty: expected one of: any, beginner, easy, "
        "medium, hard, expert, extreme; got the text 'hardest' (did you mean 'hard'?)",
        "book.yaml:11:3: book: missing required key 'title'",
        "book.yaml:11:3: book: unknown key 'titel' (did you mean 'title'?)",
        "book.yaml:13:12: book.answers: expected one of: separate, back, none; "
        "got the text 'front'",
        "book.yaml:14:3: book: duplicate key 'seed' (first given on line 12)",
    ]


def test_spec_error_problems_hold_each_problem_with_its_position():
    with pytest.raises(SpecError) as caught:
        load_spec(write(replaced("count: 2", "count: 0")))
    [problem] = caught.value.problems
    assert (problem.file, problem.line, problem.column, problem.path) == \
        ("book.yaml", 7, 12, "sections[0].count")


def test_the_file_is_named_as_the_user_wrote_it():
    assert problems_of(replaced("count: 2", "count: 0"), "books/mine.yaml") == [
        "books/mine.yaml:7:12: sections[0].count: must be at least 1, got 0"]


# A good spec

def test_a_good_spec_loads_with_every_default_filled(tmp_path):
    spec = load_spec(write(GOOD_SPEC))
    assert isinstance(spec, BookSpec)
    assert spec.source == (tmp_path / "book.yaml").resolve()
    assert (spec.title, spec.subtitle, spec.author, spec.seed) == ("Test Book", None, None, 1)
    assert (spec.name, spec.answers, spec.page_numbers) == ("test-book", "back", True)
    assert (spec.language, spec.paper, spec.padding, spec.sections_start) == \
        ("en", "white", "notes", "any")
    assert spec.front_matter.copyright_page and spec.front_matter.contents
    assert spec.front_matter.title_page and spec.front_matter.how_to_play
    assert (spec.fonts.regular, spec.fonts.bold) == (None, None)
    assert spec.layout == load_preset("kdp-6x9")
    [section] = spec.sections
    assert (section.name, section.size, section.box_text, section.count) == \
        ("Easy", 9, "3x3", 2)
    assert (section.symmetry, section.difficulty, section.clues) == ("none", "any", None)
    assert (section.puzzles_per_page, section.answers_per_page) == (2, 6)
    assert section.shape.size == 9


def test_a_loaded_spec_is_frozen():
    spec = load_spec(write(GOOD_SPEC))
    with pytest.raises(ValidationError, match="frozen"):
        spec.title = "Other"
    with pytest.raises(ValidationError, match="frozen"):
        spec.sections[0].count = 5


def test_font_paths_become_absolute_relative_to_the_spec(tmp_path):
    Path("books/fonts").mkdir(parents=True)
    Path("books/fonts/Mine.ttf").write_bytes(VERA.read_bytes())
    spec = replaced("seed: 1\n", "seed: 1\n  fonts: {regular: fonts/Mine.ttf}\n")
    loaded = load_spec(write(spec, "books/book.yaml"))
    assert loaded.fonts.regular == (tmp_path / "books" / "fonts" / "Mine.ttf").resolve()
    assert loaded.fonts.regular.is_absolute() and loaded.fonts.bold is None


def test_a_sections_puzzles_per_page_wins_over_the_layouts():
    spec = load_spec(write(replaced("count: 2\n", "count: 2\n    puzzles_per_page: 5\n")))
    assert spec.sections[0].puzzles_per_page == 5


def test_the_layouts_default_is_capped_to_what_fits_for_large_grids():
    spec = replaced("seed: 1\n", "seed: 1\n  layout: kdp-8.5x11\n")
    loaded = load_spec(write(replaced("size: 9x9", "size: 16x16", spec)))
    assert load_preset("kdp-8.5x11").puzzles_per_page == 4
    # Four would fit, at 0.2 in cells; by default a 16x16 keeps 0.3 in cells to write in.
    assert load_preset("kdp-8.5x11").puzzles_per_page_problem(4, 16) is None
    assert loaded.sections[0].puzzles_per_page == 1
    assert loaded.sections[0].answers_per_page == 6  # the layout says 9; 6 fit


def test_only_a_board_under_9x9_reads_every_catalogue_for_its_answers_note(monkeypatch):
    """The note under an answer is sized for the widest language; it bounds only boards
    smaller than 9x9 (Layout.answers_per_page_for), so a book of 9x9s reads only its own
    language's catalogue (issue 24: the start of a build)."""
    from bookmaker.design import catalogue
    from bookmaker.spec import load
    read: list[str] = []
    reader = catalogue._read
    monkeypatch.setattr(catalogue, "_read", lambda language: read.append(language) or
                        reader(language))
    for cached in (catalogue.load_catalogue, load.widest_answer_note):
        cached.cache_clear()
    load_spec(write(GOOD_SPEC))
    assert read == ["en"]
    load_spec(write(replaced("size: 9x9", "size: 6x6")))
    assert sorted(read) == sorted(catalogue.language_names()) and len(read) > 1


def test_text_seeds_rectangular_boxes_and_options_are_kept():
    spec = """\
        book:
          title: Ça Marche! Sudoku
          seed: "my seed"
          answers: back
          page_numbers: false
          front_matter: {how_to_play: false}
        sections:
          - {name: Small, size: 6x6, box: 3x2, count: 1, symmetry: mirror, clues: 12}
        """
    loaded = load_spec(write(spec))
    assert (loaded.seed, loaded.name, loaded.answers) == ("my seed", "ca-marche-sudoku", "back")
    assert not loaded.page_numbers and not loaded.front_matter.how_to_play
    assert loaded.front_matter.title_page
    [section] = loaded.sections
    assert (section.box_rows, section.box_cols, section.symmetry, section.clues) == \
        (3, 2, "mirror", 12)


def test_yaml_merge_keys_share_section_settings():
    spec = """\
        book: {title: T, seed: 1}
        sections:
          - &classic {name: One, size: 9x9, count: 3, symmetry: rotational}
          - <<: *classic
            name: Two
        """
    loaded = load_spec(write(spec))
    assert [(s.name, s.count, s.symmetry) for s in loaded.sections] == \
        [("One", 3, "rotational"), ("Two", 3, "rotational")]


def test_a_layout_file_next_to_the_spec_is_loaded_and_named_by_its_file():
    preset = (preset_folder() / "a5.yaml").read_text(encoding="utf-8")
    write(preset, "books/pocket.yaml")
    loaded = load_spec(write(replaced("seed: 1\n", "seed: 1\n  layout: pocket.yaml\n"),
                             "books/book.yaml"))
    assert loaded.layout.name == "pocket"
    assert loaded.layout.trim == load_preset("a5").trim


def test_mistakes_in_a_layout_file_are_reported_in_that_file_as_the_user_wrote_it():
    preset = (preset_folder() / "kdp-6x9.yaml").read_text(encoding="utf-8")
    write(preset.replace("label: 9pt", "label: 6pt"), "books/thin.yaml")
    spec = replaced("seed: 1\n", "seed: 1\n  layout: thin.yaml\n")
    assert problems_of(spec, "books/book.yaml") == [
        "books/thin.yaml:30:10: text.label: text must be at least 7 pt, got 6 pt"]


# Layouts

@pytest.mark.parametrize("name", preset_names())
def test_every_preset_loads_and_passes_its_own_checks(name):
    text = (preset_folder() / f"{name}.yaml").read_text(encoding="utf-8")
    layout, problems = parse_layout(text, f"{name}.yaml", name)
    assert problems == []
    assert isinstance(layout, Layout) and layout.name == name
    assert layout.puzzles_that_fit(9) >= layout.puzzles_per_page
    assert layout.answers_that_fit(9) >= layout.answers_per_page


def test_the_presets_asked_for_are_all_there():
    assert set(preset_names()) == {"kdp-6x9", "kdp-8x10", "kdp-8.5x11", "kdp-8.5x11-bleed",
                                   "a4", "a5", "letter-home", "large-print"}


@pytest.mark.parametrize("folder", ["layouts", "messages", "fonts", "pictures"])
def test_every_data_file_is_package_data(folder):
    # A file the globs miss is in the checkout but not in an installed bookmaker.
    # (tomllib is 3.11+, and bookmaker runs on 3.10: the list is read as the literal it is.)
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    listed = re.search(rf'^"bookmaker\.{folder}" = (\[.*?\])', pyproject, re.M | re.S)
    globs = ast.literal_eval(listed.group(1))
    root = REPO / folder
    files = {p for p in root.rglob("*") if p.is_file() and p.suffix not in {".py", ".pyc"}}
    assert files and files == {p for glob in globs for p in root.glob(glob)}


def test_lengths_are_stored_in_points_whatever_unit_was_written():
    assert (load_preset("kdp-6x9").trim.width, load_preset("kdp-6x9").trim.height) == \
        (432.0, 648.0)
    assert (load_preset("a4").trim.width, load_preset("a4").trim.height) == (595.2756, 841.8898)
    assert load_preset("kdp-8.5x11-bleed").bleed == 9.0
    assert load_preset("kdp-8.5x11-bleed").media_height == 11 * 72 + 18


@pytest.mark.parametrize("name", KDP_PRESETS)
@pytest.mark.parametrize("pages, inside", KDP_GUTTER)
def test_the_inside_margin_follows_kdps_table(name, pages, inside):
    assert load_preset(name).inside_margin(pages) == inside


def test_a_book_thicker_than_kdp_prints_has_no_inside_margin():
    with pytest.raises(ValueError, match="829-page book is more than the kdp-6x9 layout"):
        load_preset("kdp-6x9").inside_margin(829)


def test_home_printing_layouts_keep_one_inside_margin():
    assert load_preset("a4").inside_margin(10) == load_preset("a4").inside_margin(900)


@pytest.mark.parametrize("name", preset_names())
def test_print_on_demand_presets_have_no_line_under_three_quarter_points(name):
    layout = load_preset(name)
    lines = (layout.lines.cell, layout.lines.box, layout.lines.border)
    assert not layout.print_on_demand or min(lines) >= 0.75
    assert layout.lines.cell < layout.lines.box <= layout.lines.border


def test_large_print_keeps_given_digits_at_16_pt_or_more():
    layout = load_preset("large-print")
    assert layout.text.min_digits >= 16
    for size in (4, 6, 9, 12, 16):
        for count in range(1, layout.puzzles_that_fit(size) + 1):
            assert layout.text.digits.at(cell_side(count, size, layout.grid_area())) >= 16


@pytest.mark.parametrize("edit, problem", [
    (("bleed: 0", "bleed: 0.2in"), "bleed: must be 0 or 0.125in (9 pt), got 14.4 pt"),
    (("width: 6in", "width: 6"), "trim.width: expected a length with a unit (like 0.5in, "
                                 "12.7mm or 36pt), got the number 6"),
    (("cell: 0.75pt", "cell: 0.5pt"), "lines.cell: 0.5 pt is thinner than the 0.75 pt "
                                      "print-on-demand minimum"),
    (("label: 9pt", "label: 6pt"), "text.label: text must be at least 7 pt, got 6 pt"),
    (("box: 2pt", "box: 0.75pt"), "lines.box: box lines (0.75 pt) must be heavier than "
                                  "cell lines (0.75 pt)"),
    (("pages: 300,", "pages: 100,"), "gutter[1].pages: must be more than the row before "
                                     "(150), got 100"),
    (('text: "{section}"', 'text: "{sectoin}"'), "header.text: unknown placeholder "
     "{sectoin} (did you mean 'section'?); expected some of: {title}, {subtitle}, {author}, "
     "{section}"),
    (('text: "{section}"', 'text: "{section:d}"'), "header.text: placeholder {section...} "
     "in '{section:d}' may not have a format or conversion; write just {section}"),
    (("digits: 0.6 ", "digits: 1.5 "), "text.digits: must be between 0.3 and 0.8 of the "
                                       "cell, got 1.5"),
    (("digits: 0.6 ", "digits: 0.25 "), "text.digits: must be between 0.3 and 0.8 of the "
                                        "cell, got 0.25"),
    (("page_number: 9pt", "page_number: 20pt"), "footer.height: 18 pt is less than the 20 pt "
                                                "page number (text.page_number)"),
    (("footer: 9pt", "footer: 19pt"), "footer.height: 18 pt is less than the 19 pt footer "
                                      "text (text.footer)"),
    (("header: 9pt", "header: 19pt"), "header.height: 18 pt is less than the 19 pt header "
                                      "text (text.header)"),
    (("label: 9pt", "label: 15pt"), "grids.label_height: 14 pt is less than the 15 pt label "
                                    "(text.label)"),
    (("puzzles_per_page: 2", "puzzles_per_page: 1000000000"), "puzzles_per_page: must be at "
                                                              "most 100, got 1000000000"),
    (("puzzles_per_page: 2", "puzzles_per_page: 30"), "puzzles_per_page: 30 9x9 puzzles do "
     "not fit on one broken page: the cells would be 4.2 pt, under the 13.0 pt minimum "
     "(at most 6 fit)"),
])
def test_each_layout_check_reports_its_problem(edit, problem):
    text = (preset_folder() / "kdp-6x9.yaml").read_text(encoding="utf-8")
    assert edit[0] in text
    layout, problems = parse_layout(text.replace(edit[0], edit[1], 1), "broken.yaml", "broken")
    assert layout is None
    assert [f"{p.path}: {p.message}" for p in problems] == [problem]


def test_fixed_digits_too_small_for_the_smallest_cell_are_refused_at_load():
    """The renderer sizes digits by their share of the cell; under 0.3 it would refuse."""
    text = (preset_folder() / "kdp-6x9.yaml").read_text(encoding="utf-8")
    text = text.replace("digits: 0.6 ", "digits: 7pt ").replace("min_cell: 0.18in",
                                                                "min_cell: 24pt")
    layout, problems = parse_layout(text, "broken.yaml", "broken")
    assert layout is None
    assert [f"{p.path}: {p.message}" for p in problems] == [
        "text.digits: 7 pt is only 0.29 of the smallest cell (24 pt, grids.min_cell); "
        "digits must be at least 0.3 of the cell"]


def test_a_recursive_anchor_is_an_error_not_a_crash():
    spec = "book: &a\n  title: T\n  seed: 1\n  self: *a\n" + GOOD_SPEC.split("\n", 3)[3]
    assert problems_of(spec) == [
        "book.yaml:4:3: book: unknown key 'self' (expected one of: title, subtitle, author, "
        "seed, layout, answers, language, paper, interior, padding, sections_start, "
        "difficulty_mark, isbn, copyright, imprint, edition, front_matter, page_numbers, "
        "explanations, fonts, name, series, volume, registry, outputs)"]


def test_nested_aliases_are_walked_once_not_expanded():
    # "Billion laughs": 9 ** 9 references if walked naively; each container is visited once.
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)]
    problems = problems_of("\n".join(lines) + "\n" + GOOD_SPEC)
    assert problems[0] == "book.yaml:1:1: unknown key 'a0' (expected one of: book, sections, cover)"
    assert len(problems) == 9


def test_a_layout_file_may_not_name_itself():
    text = (preset_folder() / "a4.yaml").read_text(encoding="utf-8")
    layout, problems = parse_layout("name: mine\n" + text, "mine.yaml", "mine")
    assert [str(p) for p in problems] == [
        "mine.yaml:1:1: unknown key 'name' (a layout is named by its file name)"]


def test_load_layout_file_reads_a_users_layout(tmp_path):
    text = (preset_folder() / "a4.yaml").read_text(encoding="utf-8")
    path = tmp_path / "school.yaml"
    path.write_text(text, encoding="utf-8")
    layout, problems = load_layout_file(path, "school.yaml")
    assert problems == [] and layout.name == "school"


# Examples and the import rule

@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_loads(path):
    spec = load_spec(path)
    assert spec.sections and spec.layout.name in preset_names()


def test_the_examples_asked_for_are_there():
    assert {path.name for path in EXAMPLES} >= {"travel-6x9.yaml", "large-print.yaml",
                                                "mixed.yaml"}


def test_the_mixed_example_has_6x6_9x9_and_16x16_sections():
    spec = load_spec(REPO / "examples" / "mixed.yaml")
    assert {section.size for section in spec.sections} == {6, 9, 16}


@pytest.mark.parametrize("layer, below", [("spec", ("core", "design")), ("design", ("core",))])
def test_spec_imports_only_design_and_core_and_design_only_core(layer, below):
    folder = Path(bookmaker.__file__).parent / layer
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level >= 2:
                assert (node.module or "").startswith(below), f"{path.name}: {node.module}"
            if isinstance(node, ast.Import) or (isinstance(node, ast.ImportFrom)
                                                and node.level == 0):
                names = [node.module] if isinstance(node, ast.ImportFrom) else \
                    [alias.name for alias in node.names]
                assert not any(n.startswith("bookmaker.") and not n.startswith(
                    tuple(f"bookmaker.{name}" for name in below)) for n in names if n), \
                    f"{path.name}: {names}"


# An SE rating range

def test_a_section_may_ask_for_an_se_rating_range_as_well_as_a_grade():
    spec = load_spec(write(replaced("    count: 2\n", "    count: 2\n    rating: 5.0-6.5\n"
                                                     "    difficulty: expert\n")))
    section = spec.sections[0]
    assert (str(section.rating), section.difficulty) == ("5.0-6.5", "expert")
    assert load_spec(write(replaced("    count: 2\n", "    count: 2\n    rating: 7.2\n"))
                     ).sections[0].rating.low == 72
    old_scale = load_spec(write(replaced("    count: 2\n", "    count: 2\n    rating: 7.0-8.5 "
                                                          "(1.2.1)\n"))).sections[0].rating
    assert (old_scale.low, old_scale.high, old_scale.scale) == (70, 85, "1.2.1")


@pytest.mark.parametrize("value, message", [
    ("8-7", "the range '8-7' runs backwards; write the lower rating first"),
    ("hard", "a rating range looks like 7.0-8.5 (or one rating, like 7.2; on SE 1.2.1's "
             "scale 7.0-8.5 (1.2.1)), got 'hard'"),
    ("[7, 8]", "expected an SE rating range like 7.0-8.5, got a list")])
def test_a_bad_rating_is_reported_at_its_key(value, message):
    assert problems_of(replaced("    count: 2\n", f"    count: 2\n    rating: {value}\n")) == [
        f"book.yaml:8:13: sections[0].rating: {message}"]


def test_a_rating_and_a_clue_target_are_not_taken_together():
    assert problems_of(replaced("    count: 2\n", "    count: 2\n    rating: 6.0-7.0\n"
                                                 "    clues: 30\n")) == [
        "book.yaml:9:12: sections[0].clues: cannot be combined with rating 6.0-7.0: the "
        "rating decides how many clues remain"]
