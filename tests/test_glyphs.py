"""What values print as (design/glyphs.py): numbers by default, two digits to a cell from 10
up (a 12x12 Killer's totals are sums of what it prints), letters without I and O, a
Wordoku's word in the book's language, glyphs of one's own; checked at load."""

from __future__ import annotations

import io
import json
import re
import textwrap

import pypdfium2
import pytest
from pypdf import PdfReader

from bookmaker.book.build import build
from bookmaker.core.board.grid import SYMBOLS, Grid
from bookmaker.core.board.marks import CageMark, Marks
from bookmaker.core.board.shape import board_of
from bookmaker.core.registry import kind_named
from bookmaker.design.catalogue import language_names, load_catalogue
from bookmaker.design.glyphs import LETTER_GLYPHS, WORD_KEY, glyph_problem, glyphs_of
from bookmaker.design.howtoplay import rules_paragraphs, rules_text
from bookmaker.design.problems import SpecError
from bookmaker.pages.page import GridPlacement, Page, PageGeometry, inches
from bookmaker.render.pdf import Metadata, render_pdf_bytes
from bookmaker.render.style import RenderStyle
from bookmaker.spec import load_spec
from bookmaker.spec.daily import load_daily_spec

CLASSIC, KILLER = kind_named("classic"), kind_named("killer")


def test_each_choice_gives_one_glyph_per_value():
    assert glyphs_of("numbers", 12)[9:] == ("10", "11", "12")
    assert glyphs_of("letters", 9) == tuple("ABCDEFGHJ")
    assert glyphs_of("mixed", 16) == tuple(SYMBOLS[:16])
    assert glyphs_of("CAMBRIDGE", 9) == tuple("CAMBRIDGE")
    assert glyphs_of("word", 9, "formulate") == tuple("FORMULATE")
    assert "I" not in LETTER_GLYPHS and "O" not in LETTER_GLYPHS and len(LETTER_GLYPHS) == 24


@pytest.mark.parametrize("choice, size, kind, message", [
    ("letters", 25, CLASSIC, "letters without I and O stop at 24 symbols; a 25x25 prints "
                             "numbers"),
    ("SUDOKU", 6, CLASSIC, "'SUDOKU' repeats 'U': every symbol must differ"),
    ("ABCD", 6, CLASSIC, "'ABCD' has 4 characters; a 6x6 needs 6 (or one of numbers, "
                         "letters, mixed, word)"),
    ("letters", 9, KILLER, "Killer puzzles count with their numbers (sums, order, heights): "
                           "they print numbers"),
])
def test_a_choice_that_cannot_print_the_board_says_why(choice, size, kind, message):
    assert glyph_problem(choice, size, kind) == message


@pytest.mark.parametrize("language", language_names())
def test_every_language_has_a_nine_letter_wordoku_word_without_a_repeated_letter(language):
    word = load_catalogue(language).text(WORD_KEY)
    assert len(word) == 9 == len(set(word)) and word.isalpha() and word.isupper()


def spec_file(tmp_path, sections: str, language: str = "en"):
    path = tmp_path / "book.yaml"
    path.write_text(textwrap.dedent(f"""\
        book:
          title: Glyphs
          seed: 3
          language: {language}
        sections:
        """) + textwrap.indent(textwrap.dedent(sections), "  "), encoding="utf-8")
    return path


def test_a_wordoku_section_loads_its_languages_word_and_the_rules_name_its_letters(tmp_path):
    spec = load_spec(spec_file(tmp_path, """\
        - {name: Words, size: 9x9, count: 1, symbols: word, difficulty: beginner}
        - {name: Diagonal Words, size: 9x9, count: 1, variant: x, symbols: letters}
        """, "de"))
    assert spec.sections[0].glyphs == tuple("SCHWINDEL")
    assert spec.sections[1].glyphs == tuple("ABCDEFGHJ")
    rules = rules_paragraphs([(s.size, s.kind, s.glyphs) for s in spec.sections], "back",
                             load_catalogue("de"))[0]
    assert "S, C, H, W, I, N, D, E und L" in rules


def test_letters_on_a_killer_and_glyphs_missing_from_the_font_are_refused_at_load(tmp_path):
    path = spec_file(tmp_path, """\
        - {name: Cages, size: 9x9, count: 1, variant: killer, symbols: letters}
        - {name: Signs, size: 4x4, count: 1, symbols: "数独数字"}
        """)
    with pytest.raises(SpecError) as caught:
        load_spec(path)
    lines = str(caught.value).splitlines()
    assert any(re.search(r"book\.yaml:6:\d+: sections\[0\]\.symbols: Killer puzzles count", line)
               for line in lines), lines
    assert any("sections[1].symbols: '数独数字' repeats" in line for line in lines), lines
    path = spec_file(tmp_path, """\
        - {name: Signs, size: 4x4, count: 1, symbols: "数独字母"}
        """)
    with pytest.raises(SpecError, match=r"sections\[0\]\.symbols: U\+6570 '数' is not in"):
        load_spec(path)


def grid_text(data: bytes, page: int) -> str:
    """The characters a PDF page sets at its largest size: a grid's symbols."""
    runs = []
    PdfReader(io.BytesIO(data)).pages[page].extract_text(
        visitor_text=lambda text, cm, tm, font, size: runs.append((size * tm[3], text)))
    largest = max(size for size, text in runs if text.strip())
    return re.sub(r"\s", "", "".join(text for size, text in runs if abs(size - largest) < 0.01))


def test_a_wordoku_book_prints_its_puzzle_and_its_answer_in_its_letters(tmp_path):
    spec = load_spec(spec_file(tmp_path, """\
        - {name: Words, size: 9x9, count: 1, symbols: CAMBRIDGE, difficulty: beginner}
        """))
    build(spec, tmp_path / "out")
    data = (tmp_path / "out" / "glyphs.pdf").read_bytes()
    manifest = json.loads((tmp_path / "out" / "glyphs.json").read_text())
    entry = manifest["puzzles"][0]
    givens = sum(1 for char in entry["givens"] if char not in ".0")
    puzzle, answer = (grid_text(data, entry[key] - 1) for key in ("page", "answer_page"))
    word = dict(zip("123456789", "CAMBRIDGE"))
    assert sorted(puzzle) == sorted(word[char] for char in entry["givens"] if char in word)
    assert len(puzzle) == givens and sorted(answer) == sorted("CAMBRIDGE" * 9)


def test_a_12x12_killer_prints_10_to_12_as_numbers_and_its_rules_say_so():
    shape = board_of(3, 4)
    solution = Grid(shape, tuple((r * 4 + r // 3 + c) % 12 + 1 for r in range(12)
                                 for c in range(12)))
    marks = Marks(cages=(CageMark((0, 1), str(solution.cells[0] + solution.cells[1])),))
    page = Page(1, (GridPlacement(40, 200, 360, Grid(shape, (0,) * 144), solution,
                                  marks=marks),))
    pdf = render_pdf_bytes([page], RenderStyle(PageGeometry(inches(6), inches(9))),
                           Metadata("k"))
    text = pypdfium2.PdfDocument(pdf)[0].get_textpage().get_text_range()
    assert {"10", "11", "12"} <= set(re.findall(r"\d+", text)) and not re.search("[A-C]", text)
    assert "1 to 12" in rules_text(KILLER, 12, (), load_catalogue("en"))
    rules = rules_paragraphs([(12, KILLER, ())], "back", load_catalogue("en"))[0]
    assert "1 to 12" in rules and "A to" not in rules


def test_a_daily_weekday_takes_symbols_too(tmp_path):
    path = tmp_path / "daily.yaml"
    path.write_text(textwrap.dedent("""\
        daily:
          series: Words
          seed: 1
          layout: newspaper-2col
        schedule:
          monday: {difficulty: easy, symbols: letters}
          tuesday: {difficulty: easy, variant: killer, symbols: word}
        """), encoding="utf-8")
    with pytest.raises(SpecError, match=r"schedule\.tuesday\.symbols: Killer puzzles count"):
        load_daily_spec(path)
    path.write_text(path.read_text().replace(", variant: killer, symbols: word", ""))
    monday = next(day for day in load_daily_spec(path).schedule if day.weekday == "monday")
    assert monday.glyphs == tuple("ABCDEFGHJ")


def test_a_binairo_section_prints_its_own_two_symbols_and_takes_no_others(tmp_path):
    # issue 39: a kind's answer (core/kinds/answer.py) says what its values print as
    spec = load_spec(spec_file(tmp_path, """\
        - {name: Binary, size: 6x6, count: 1, variant: binairo, difficulty: beginner}
        - {name: Signs, size: 6x6, count: 1, variant: tango, difficulty: easy}
        - {name: Plain, size: 6x6, count: 1, difficulty: easy}
        """))
    assert [s.glyphs for s in spec.sections] == [("0", "1"), ("0", "1"), ()]
    path = spec_file(tmp_path, """\
        - {name: Binary, size: 6x6, count: 1, variant: binairo, symbols: letters}
        """)
    with pytest.raises(SpecError, match=r"sections\[0\]\.symbols: Binairo puzzles print their "
                                        r"own symbols, 0 and 1: leave symbols out"):
        load_spec(path)
