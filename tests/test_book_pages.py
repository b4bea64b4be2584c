"""A book a self-publisher can upload as it is: one interior per print-on-demand preset, its
page rules, outline, captions that point to the right answers, ink inside the margins,
front matter, any language's words and glyphs, and the spec errors that guard them."""

from __future__ import annotations

import io
import json
import math
import re
from pathlib import Path

import pypdfium2
import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from bookmaker import cli
from bookmaker.book.build import build
from bookmaker.core.registry import all_kinds
from bookmaker.design import load_preset
from bookmaker.design.catalogue import (
    REFERENCE_LANGUAGE,
    catalogue_mistakes,
    language_names,
    load_catalogue,
)
from bookmaker.design.fit import cell_side
from bookmaker.design.fontfile import FontFile, default_font_paths, read_font
from bookmaker.design.layouts import load_layout_file, parse_layout
from bookmaker.design.presets import preset_folder
from bookmaker.design.rooms import cell_rooms
from bookmaker.spec import SpecError, load_spec, textcheck
from bookmaker.spec.slugs import slug_of

POD_PRESETS = [name for name in ("kdp-6x9", "kdp-8x10", "kdp-8.5x11", "kdp-8.5x11-bleed",
                                 "large-print")]


def write_book(folder: Path, book: str = "", sections: str = "", layout: str = "kdp-6x9",
               title: str = "Pocket Puzzles") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "book.yaml"
    path.write_text(f"""\
book:
  title: "{title}"
  author: A. Tester
  seed: 12
  layout: {layout}
{book}sections:
{sections or '''  - name: Quick
    size: 9x9
    count: 4
  - name: Small
    size: 6x6
    count: 2
'''}""", encoding="utf-8")
    return path


def problems_of(path: Path) -> list[str]:
    with pytest.raises(SpecError) as caught:
        load_spec(path)
    return [str(problem).split(": ", 1)[1] for problem in caught.value.problems]


# Catalogues and fonts

def test_there_are_catalogues_for_eight_languages_at_least():
    assert set(language_names()) >= {"en", "de", "fr", "es", "it", "nl", "pt", "pl"}


@pytest.mark.parametrize("language", language_names())
def test_every_catalogue_has_every_key_with_the_same_placeholders(language):
    reference = load_catalogue(REFERENCE_LANGUAGE)
    assert catalogue_mistakes(load_catalogue(language), reference) == []


def sections_of(*variants: str) -> str:
    return "".join(f"  - {{name: {variant.title()}, variant: {variant}, size: 6x6, count: 1}}\n"
                   for variant in variants)


@pytest.mark.parametrize("language, sudoku, kakuro", [
    ("en", "4 kinds of Sudoku", "4 kinds of puzzles"),
    ("de", "4 Sudoku-Arten", "4 Rätselarten"),
    ("fr", "4 sortes de sudoku", "4 sortes de grilles"),
    ("nl", "4 soorten sudoku", "4 soorten puzzels"),
    ("es", "4 tipos de sudoku", "4 tipos de pasatiempos"),
    ("it", "4 tipi di sudoku", "4 tipi di giochi"),
    ("pl", "4 rodzaje sudoku", "4 rodzaje łamigłówek"),
    ("pt", "4 tipos de sudoku", "4 tipos de desafios")])
def test_a_title_page_calls_its_kinds_sudoku_only_when_every_one_is(tmp_path, language,
                                                                  sudoku, kakuro):
    from bookmaker.book.compose import book_kinds_text, book_words

    texts = []
    for variants in (("classic", "x", "jigsaw", "killer"), ("classic", "x", "killer", "kakuro")):
        spec = load_spec(write_book(tmp_path / variants[-1], f"  language: {language}\n",
                                    sections_of(*variants)))
        texts.append(book_kinds_text(spec, book_words(spec)))
    assert texts == [sudoku, kakuro]


@pytest.mark.parametrize("language, sudoku, kakuro", [
    ("en", "Puzzle 7", "Puzzle 7"), ("de", "Rätsel 7", "Rätsel 7"), ("fr", "Grille 7", "Grille 7"),
    ("nl", "Puzzel 7", "Puzzel 7"), ("es", "Sudoku 7", "Juego 7"), ("it", "Sudoku 7", "Gioco 7"),
    ("pl", "Sudoku 7", "Diagram 7"), ("pt", "Sudoku 7", "Desafio 7")])
def test_a_book_with_a_kind_beyond_sudoku_calls_no_puzzle_a_sudoku(tmp_path, language, sudoku,
                                                                   kakuro):
    from bookmaker.book.compose import book_words

    books = [load_spec(write_book(tmp_path / variants[-1], f"  language: {language}\n",
                                  sections_of(*variants)))
             for variants in (("classic", "killer"), ("classic", "kakuro"))]
    assert [book_words(spec).text("puzzle", number=7) for spec in books] == [sudoku, kakuro]
    # no text a puzzle of any kind is called by says sudoku: only Sudoku kinds' own do
    english = load_catalogue("en").for_kinds(section.kind for section in books[1].sections).texts
    said = [key for key, text in book_words(books[1]).texts.items()
            if "sudoku" in text.lower() and "sudoku" not in english.get(key, "").lower()
            and key not in ("tips.x", "tips.hyper")]  # (the German tips name X-Sudoku)
    assert said == []


@pytest.mark.parametrize("language", language_names())
def test_every_catalogue_reads_the_same_with_libyaml_as_with_pure_pyyaml(language):
    import yaml

    from bookmaker.design.catalogue import PLURALS, Catalogue, catalogue_folder, flattened
    from bookmaker.design.plurals import parse_rules
    text = (catalogue_folder() / f"{language}.yaml").read_text(encoding="utf-8")
    document = yaml.load(text, Loader=yaml.SafeLoader)
    rules = parse_rules(document.pop(PLURALS))
    assert load_catalogue(language) == Catalogue(language, flattened(document), rules)


@pytest.mark.parametrize("language", language_names())
def test_the_default_fonts_draw_every_character_of_every_catalogue(language):
    texts = "".join(load_catalogue(language).texts.values())
    for path in default_font_paths():
        assert read_font(str(path)).missing(texts) == []


def test_our_font_reader_measures_and_maps_as_reportlab_does():
    path = default_font_paths()[0]
    pdfmetrics.registerFont(TTFont("reference-dejavu", str(path)))
    ours = read_font(str(path))
    for text in ("Puzzle 12 · Easy · 9x9", "Łódź Σουντόκου Судоку", "Lösungen 1–12"):
        assert ours.width(text, 9) == pytest.approx(
            pdfmetrics.stringWidth(text, "reference-dejavu", 9), abs=1e-6)
    assert ours.missing("Судоку 数独") == ["数", "独"]


def test_titles_in_other_scripts_get_file_names_by_transliteration():
    assert [slug_of(t) for t in ("Łódź Sudoku", "Судоку для всех", "Σουντόκου", "数独")] == \
        ["lodz-sudoku", "sudoku-dlia-vsekh", "soyntokoy", ""]


# One interior per print-on-demand preset

def ink_outside_live_area(pdf: bytes, reader: PdfReader, layout, scale: float = 0.5) -> list:
    """(page, how many dark pixels) for pages with ink outside trim minus margins."""
    document = pypdfium2.PdfDocument(pdf)
    found = []
    for index, page in enumerate(reader.pages):
        left, bottom, right, top = (float(v) for v in page.trimbox)
        image = document[index].render(scale=scale, grayscale=True).to_pil()
        height = float(page.mediabox.height)
        outer, inner = layout.margins.outside, min(layout.margins.inside,
                                                   layout.widest_inside_margin())
        x0 = left + (inner if (index + 1) % 2 else outer) - 1
        x1 = right - (outer if (index + 1) % 2 else inner) + 1
        y0 = height - top + layout.margins.top - 1
        y1 = height - bottom - layout.margins.bottom + 1
        dark = dark_outside(image, (x0 * scale, y0 * scale, x1 * scale, y1 * scale))
        if dark:
            found.append((index + 1, dark))
    return found


def dark_outside(image, box: tuple[float, float, float, float]) -> int:
    """The grey image's pixels darker than 128 outside the box (left, top, right, bottom,
    edges inside it): the image's dark pixels less the box's, as PIL counts them (a loop
    over every pixel in Python was seconds of these tests)."""
    assert image.mode == "L"  # one byte a pixel: the histogram's first 128 are the dark
    left, top = max(0, math.ceil(box[0])), max(0, math.ceil(box[1]))
    right = min(image.width - 1, math.floor(box[2]))
    bottom = min(image.height - 1, math.floor(box[3]))
    inside = image.crop((left, top, right + 1, bottom + 1)).histogram()[:128] \
        if left <= right and top <= bottom else []
    return sum(image.histogram()[:128]) - sum(inside)


@pytest.mark.parametrize("preset", POD_PRESETS)
def test_a_print_on_demand_book_is_one_interior_that_kdp_takes_as_it_is(tmp_path, preset):
    spec = load_spec(write_book(tmp_path / "spec", layout=preset))
    result = build(spec, tmp_path / "out", workers=1)
    assert [path.name for path in result.files] == ["pocket-puzzles.pdf", "pocket-puzzles.json"]
    data = (tmp_path / "out" / "pocket-puzzles.pdf").read_bytes()
    reader = PdfReader(io.BytesIO(data))
    pages = len(reader.pages)
    assert pages == spec.page_totals()[0] and pages >= 24 and pages % 2 == 0
    texts = [page.extract_text() for page in reader.pages]
    for number in range(1, 7):  # every caption's answer page holds that puzzle's answer
        [page] = [i for i, text in enumerate(texts)
                  if re.search(rf"Puzzle {number}(?!\d)", text) and "Answer on page" in text]
        answer = int(re.search(rf"Puzzle {number}(?!\d)(?:.|\n)*?Answer on page (\d+)",
                               texts[page]).group(1))
        assert re.search(rf"Puzzle {number}(?!\d)", texts[answer - 1])
        assert f"Puzzle on page {page + 1}" in texts[answer - 1]
        assert re.search(r"Answers \d+–\d+", texts[answer - 1])
    outline = {item.title: reader.get_destination_page_number(item) + 1
               for item in reader.outline}
    assert outline["Pocket Puzzles"] == 1 and "Contents" in texts[outline["Contents"] - 1]
    assert "Puzzle 1" in texts[outline["Quick"] - 1] and "Puzzle 5" in texts[outline["Small"] - 1]
    assert texts[outline["Answers"] - 1].split()[0] == "Answers" and outline["Answers"] % 2
    assert "Notes" in outline and texts[-1].startswith("Notes")
    assert [label for label in reader.page_labels] == [str(n) for n in range(1, pages + 1)]
    assert ink_outside_live_area(data, reader, load_preset(preset)) == []


def test_every_new_page_kind_is_byte_for_byte_reproducible(tmp_path):
    book = ("  sections_start: right\n  isbn: 978-3-16-148410-0\n  edition: First edition\n"
            "  front_matter: {section_openers: true}\n  language: de\n")
    first = build(load_spec(write_book(tmp_path / "a", book)), tmp_path / "a" / "out")
    second = build(load_spec(write_book(tmp_path / "b", book)), tmp_path / "b" / "out")
    assert [p.read_bytes() for p in first.files] == [p.read_bytes() for p in second.files]
    texts = [page.extract_text() for page in PdfReader(first.files[0]).pages]
    assert "ISBN 978-3-16-148410-0" in texts[1] and "Im Selbstverlag erschienen" in texts[1]
    assert texts[2].startswith("Inhalt") and "Spielregeln" in texts[3]
    openers = [i + 1 for i, text in enumerate(texts) if text.startswith(("Quick", "Small"))]
    assert openers and all(number % 2 for number in openers)  # right-hand pages
    assert "Lösung auf Seite" in texts[openers[0]] and "Rätsel 1" in texts[openers[0]]


def test_a_title_in_polish_greek_and_russian_prints_those_letters(tmp_path):
    title = "Łódź · Σουντόκου · Судоку"
    spec = load_spec(write_book(tmp_path / "spec", title=title))
    assert spec.name == "lodz-soyntokoy-sudoku"
    result = build(spec, tmp_path / "out")
    reader = PdfReader(result.files[0])
    assert title in " ".join(reader.pages[0].extract_text().split())
    regular = read_font(str(default_font_paths()[1]))
    assert regular.missing(title) == []


# Errors found when the spec is loaded

def test_a_cjk_title_without_a_cjk_font_is_a_load_time_error(tmp_path):
    path = write_book(tmp_path, "  name: shudoku\n", title="数独")
    assert problems_of(path) == [
        "book.title: U+6570 '数' is not in DejaVu Sans; name a font that has it: "
        "fonts: {regular: my-font.ttf, bold: my-font-bold.ttf}"]


def test_right_to_left_titles_and_names_are_refused_at_load_as_cjk_is(tmp_path):
    path = write_book(tmp_path, "  name: sudoku-rtl\n", title="סודוקו לדרך",
                      sections="  - {name: \"ألغاز سودوكو\", size: 4x4, count: 4}\n")
    path.write_text(path.read_text(encoding="utf-8").replace("A. Tester", "Ada شريف"),
                    encoding="utf-8")
    assert problems_of(path) == [
        "book.title: U+05E1 'ס' is Hebrew, written right to left, which bookmaker cannot "
        "lay out (it would print reversed); write this in a left-to-right script",
        "book.author: U+0634 'ش' is Arabic, written right to left, which bookmaker cannot "
        "lay out (it would print reversed and its letters unjoined); write this in a "
        "left-to-right script",
        "sections[0].name: U+0623 'أ' is Arabic, written right to left, which bookmaker "
        "cannot lay out (it would print reversed and its letters unjoined); write this in "
        "a left-to-right script"]


def test_a_font_lacking_catalogue_letters_is_one_error_and_placeholders_need_no_glyphs(
        tmp_path, monkeypatch):
    dejavu = read_font(str(default_font_paths()[0]))
    lacking = FontFile("Lacking Sans", {code: glyph for code, glyph in dejavu.glyphs.items()
                                        if chr(code) not in "EP{}"}, dejavu.advances)
    monkeypatch.setattr(textcheck, "read_font", lambda path: lacking)
    assert problems_of(write_book(tmp_path, title="Nine by Nine")) == [
        "book.language: the en catalogue's words: U+0045 'E', U+0050 'P' are not in Lacking "
        "Sans; name a font that has it: fonts: {regular: my-font.ttf, bold: my-font-bold.ttf}"]


def test_a_book_whose_file_name_another_book_has_in_the_folder_stops_before_making_any(
        tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    theirs = {"title": "Łódź Sudoku", "series": "lodz-sudoku", "issue": "lodz-sudoku",
              "files": {"lodz-sudoku.pdf": 24}}
    (out / "lodz-sudoku.json").write_text(json.dumps(theirs), encoding="utf-8")
    (out / "lodz-sudoku.pdf").write_bytes(b"their book")
    before = {path.name: path.read_bytes() for path in out.iterdir()}
    spec = write_book(tmp_path / "spec", title="Lodz Sudoku")
    result = CliRunner().invoke(cli.main, ["build", str(spec), "-o", str(out)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert " ".join(result.output.split()) == (
        f"Error: {out / 'lodz-sudoku.json'} is the manifest of another book, 'Łódź Sudoku', "
        f"whose files this book, 'Lodz Sudoku', would replace: give this book a name of its "
        f"own with `name:` under `book:` in book.yaml, or build it into another folder")
    assert {path.name: path.read_bytes() for path in out.iterdir()} == before


def test_a_title_with_nothing_to_name_a_file_by_needs_a_name(tmp_path):
    problems = problems_of(write_book(tmp_path, title="数独"))
    assert "book.title: no file name can be made from '数独'; give the book one with name: " \
           "(lowercase letters, digits and hyphens, like my-sudoku-book)" in problems


def test_an_isbn_with_a_bad_check_digit_is_a_spec_error(tmp_path):
    assert problems_of(write_book(tmp_path, "  isbn: 978-3-16-148410-1\n")) == [
        "book.isbn: '978-3-16-148410-1' is not a valid ISBN: its check digit is 1, but its "
        "other digits give 0"]


def test_blank_padding_that_would_leave_more_than_two_blank_pages_in_a_row_is_refused(tmp_path):
    assert problems_of(write_book(tmp_path, "  padding: blank\n")) == [
        "book.padding: the book would have 14 blank pages in a row, more than the 2 "
        "print-on-demand allows: use padding: notes"]


def test_a_section_name_too_long_for_the_running_header_is_refused(tmp_path):
    name = "A Section Whose Name Goes On And On, Far Beyond What Any Running Header Holds"
    sections = f"  - name: {name}\n    size: 9x9\n    count: 2\n"
    problems = problems_of(write_book(tmp_path, sections=sections))
    assert any(problem.startswith(f"sections[0].name: the running header '{name}' is ")
               for problem in problems)
    assert any(problem.startswith("sections[0].name: too long for the caption")
               for problem in problems)


def test_a_custom_print_on_demand_layout_with_tenth_inch_margins_is_refused():
    text = (preset_folder() / "kdp-6x9.yaml").read_text(encoding="utf-8")
    for side in ("top", "bottom", "outside"):
        text = text.replace(f"  {side}: 0.5in", f"  {side}: 0.1in")
    text = re.sub(r"gutter:.*?puzzles_per_page", "puzzles_per_page", text, flags=re.S)
    text = text.replace("inside: 0.375in", "inside: 0.1in")
    layout, problems = parse_layout(text, "thin.yaml", "thin")
    assert layout is None
    assert [f"{p.path}: {p.message}" for p in problems] == [
        "margins.top: 0.1 in is under Amazon KDP paperback's least top margin of 0.25 in",
        "margins.bottom: 0.1 in is under Amazon KDP paperback's least bottom margin of 0.25 in",
        "margins.outside: 0.1 in is under Amazon KDP paperback's least outside margin of 0.25 in",
        "margins.inside: a book of 1 to 150 pages needs an inside margin of at least 0.375 in "
        "(Amazon KDP paperback), but this layout gives 0.1 in; add a gutter table like the "
        "kdp presets'"]


def test_large_print_sets_every_text_at_16_points_or_more():
    layout = load_preset("large-print")
    sizes = [layout.text.label, layout.text.header, layout.text.footer,
             layout.text.page_number, layout.caption_size, layout.body_size,
             layout.text.min_digits, layout.min_answer_cell * layout.text.answer_digits]
    assert min(sizes) >= 16


@pytest.mark.parametrize("preset", POD_PRESETS + ["a4", "a5", "letter-home"])
@pytest.mark.parametrize("size", [16, 25])
def test_default_puzzles_per_page_keep_cells_of_three_tenths_of_an_inch_or_ask(preset, size):
    layout = load_preset(preset)
    per_page, area = layout.default_puzzles_per_page(size), layout.grid_area()
    if per_page > 1:  # more than one a page only with cells of 0.3 in
        assert cell_side(per_page, size, area) >= 0.3 * 72
    if per_page == 1:  # one a page when the paper allows no more, never far under 0.3 in
        assert cell_side(1, size, area) >= 0.85 * 0.3 * 72
    if per_page == 0:  # too small to write in, or under the layout's least cell
        assert cell_side(1, size, area) < max(0.85 * 0.3 * 72, layout.min_puzzle_cell)


@pytest.mark.parametrize(("size", "preset", "per_page"), [
    ("14x14", "kdp-6x9", 1), ("12x12", "kdp-6x9", 1), ("10x10", "kdp-6x9", 2),
    ("14x14", "kdp-8.5x11", 2), ("12x12", "kdp-8.5x11", 4)])
def test_a_star_battle_gets_the_cells_its_stars_need_by_default(tmp_path, size, preset,
                                                                   per_page):
    # A 14x14 printed four to a letter page (0.24 in) and two to a 6x9 page (0.22 in);
    # layouts/solving/cells.yaml's `stars` asks 0.28 in.
    sections = f"  - {{name: Stars, variant: starbattle, size: {size}, count: 1}}\n"
    spec = load_spec(write_book(tmp_path, sections=sections, layout=preset))
    assert spec.sections[0].puzzles_per_page == per_page
    cell = cell_side(per_page, int(size.split("x")[0]), spec.layout.grid_area())
    assert cell >= 0.28 * 72 or per_page == 1


def test_a_layout_may_ask_its_own_cell_of_a_room_and_names_only_rooms_there_are(tmp_path):
    layout = (tmp_path / "roomy.yaml")
    text = (preset_folder() / "kdp-8.5x11.yaml").read_text(encoding="utf-8")
    layout.write_text(text.replace("grids:\n", "grids:\n  rooms: {stars: 0.2in}\n"))
    assert load_layout_file(layout, "roomy.yaml")[0].default_puzzles_per_page(
        14, room="stars") == 4
    layout.write_text(text.replace("grids:\n", "grids:\n  rooms: {star: 0.2in}\n"))
    problems = load_layout_file(layout, "roomy.yaml")[1]
    assert [problem.message for problem in problems] == [
        "unknown room 'star'; expected one of: written, pencil, shaded, stars, loop, bridges"]


def test_every_kind_names_a_room_the_cells_file_gives():
    assert {kind.presentation.cell_room for kind in all_kinds()} <= set(cell_rooms())
    assert {kind.presentation.cell_room for kind in all_kinds()} == {
        "written", "shaded", "stars", "loop", "bridges"}


def test_a_25x25_on_a_6x9_page_must_be_asked_for_and_then_prints(tmp_path):
    sections = "  - name: Giant\n    size: 25x25\n    count: 1\n"
    assert problems_of(write_book(tmp_path / "default", sections=sections)) == [
        "sections[0].size: a 25x25 puzzle on a kdp-6x9 page gets cells of 0.18 in, too small "
        "to write its symbols in (the least written cell is 0.3 in): take a larger "
        "layout, or say puzzles_per_page: 1 to print it with these cells"]
    asked = load_spec(write_book(tmp_path / "asked", sections=sections
                                 + "    puzzles_per_page: 1\n"))
    assert asked.sections[0].puzzles_per_page == 1


@pytest.mark.parametrize(("language", "said"), [("en", "4 kinds of puzzles"),
                                                ("de", "4 Rätselarten"),
                                                ("fr", "4 sortes de grilles")])
def test_the_title_page_of_a_book_without_sudoku_calls_its_kinds_puzzles(tmp_path, language,
                                                                         said):
    # Issue 36 saw "4 KINDS OF SUDOKU" over Calcudoku, Kakuro, Futoshiki and Skyscrapers.
    from bookmaker.book.compose import book_kinds_text, book_words
    from bookmaker.spec import load_spec

    path = tmp_path / "four.yaml"
    path.write_text(f"""\
book: {{title: Four, seed: 1, layout: kdp-8.5x11, language: {language}}}
sections:
  - {{name: A, variant: calcudoku, size: 4x4, count: 1, difficulty: beginner}}
  - {{name: B, variant: kakuro, size: 6x6, count: 1, difficulty: beginner}}
  - {{name: C, variant: futoshiki, size: 4x4, count: 1, difficulty: beginner}}
  - {{name: D, variant: skyscrapers, size: 4x4, count: 1, difficulty: beginner}}
""", encoding="utf-8")
    spec = load_spec(path)
    assert book_kinds_text(spec, book_words(spec)) == said
