"""Tests for a daily puzzle's sheets and their PDF, PNG and SVG: sizes, the grid really
drawn, fonts embedded, the three formats agreeing, headings that fit their column."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from dataclasses import replace
from datetime import date
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image, ImageOps
from pypdf import PdfReader

from bookmaker.core.board.shape import parse_shape
from bookmaker.core.generate.removal import generate
from bookmaker.core.kinds.sudoku import CLASSIC
from bookmaker.daily.headlines import packed_lines
from bookmaker.daily.sheets import (
    DailyPuzzle,
    answer_sheet,
    balanced_lines,
    date_text,
    proof_pages,
    puzzle_sheet,
    se_rating_text,
    sheet_metadata,
)
from bookmaker.design.catalogue import load_catalogue
from bookmaker.design.howtoplay import rules_text
from bookmaker.render.fonts import default_fonts
from bookmaker.render.metrics import text_width
from bookmaker.render.png import dpi_for_width, render_png_bytes
from bookmaker.render.sheet import sheet_pdf_bytes
from bookmaker.render.svg import render_svg_text
from bookmaker.spec.daily import load_daily_spec

SVG = "{http://www.w3.org/2000/svg}"
REGULAR, BOLD = default_fonts()
SPEC = """\
daily:
  series: Daily Sudoku
  seed: 1
  layout: {layout}
schedule:
  monday: {{difficulty: easy, size: {size}}}
"""


def entry_for(tmp_path: Path, layout: str = "newspaper-2col", size: str = "9x9",
              when: date = date(2026, 11, 30), language: str = "en") -> tuple:
    """A daily spec (in `language`) and a Monday's entry with a plain generated puzzle
    (grade set by hand)."""
    path = tmp_path / "paper.yaml"
    path.write_text(SPEC.format(layout=layout, size=size).replace(
        "daily:\n", f"daily:\n  language: {language}\n"), encoding="utf-8")
    spec = load_daily_spec(path)
    from dataclasses import replace
    puzzle = replace(generate(parse_shape(size), 5, "rotational"), grade="easy", score=2.5,
                     hardest="locked candidates")
    monday = spec.schedule[0]
    assert monday is not None
    return spec, DailyPuzzle(when, monday, puzzle)


def dark(pixel: int) -> bool:
    return pixel < 128


# Headings and rules that fit the column

def test_dates_are_written_in_english_whatever_the_locale():
    assert date_text(date(2026, 12, 1)) == "Tuesday 1 December 2026"
    assert date_text(date(2026, 12, 1), load_catalogue("fr")) == "mardi 1er décembre 2026"
    assert date_text(date(2026, 12, 7), load_catalogue("de")) == "Montag, 7. Dezember 2026"
    assert date_text(date(2026, 12, 7), load_catalogue("pl")) == "poniedziałek, 7 grudnia 2026"


def test_a_heading_is_one_line_where_it_fits_and_breaks_between_its_parts_where_not():
    parts = ["Daily Sudoku", "Monday 30 November 2026 · Easy"]
    assert packed_lines(parts, BOLD, 11, 441) == ["Daily Sudoku · Monday 30 November 2026 · Easy"]
    assert packed_lines(parts, BOLD, 11, 280) == ["Daily Sudoku", "Monday 30 November 2026 · Easy"]
    assert packed_lines(parts, BOLD, 8.5, 134) == ["Daily Sudoku", "Monday 30 November 2026",
                                                   "Easy"]


def test_a_date_breaks_after_its_weekday_and_never_between_its_day_and_month():
    # 'Saturday 12' / 'December 2026 · Expert' was a one-column heading's second and third
    # lines; a date too wide for a line breaks only after its weekday.
    parts = ["The Morning Grid", "Saturday 12 December 2026 · Expert"]
    assert packed_lines(parts, BOLD, 8.5, 134) == ["The Morning Grid", "Saturday",
                                                   "12 December 2026 · Expert"]
    spanish = ["Solución", "The Logic Grid · Slitherlink", "miércoles, 9 de diciembre de 2026"]
    assert packed_lines(spanish, BOLD, 7, 134) == ["Solución", "The Logic Grid · Slitherlink",
                                                   "miércoles,", "9 de diciembre de 2026"]
    wide = ["Solution", "The Morning Grid · Monster", "Sunday 13 December 2026"]
    assert packed_lines(wide, BOLD, 7, 284) == [
        "Solution · The Morning Grid · Monster · Sunday 13 December 2026"]


def test_a_short_date_abbreviates_its_month_in_each_language():
    thursday = date(2026, 12, 10)
    assert [date_text(thursday, load_catalogue(language), short=True) for language in
            ("en", "de", "fr", "pl", "pt")] == [
        "Thursday 10 Dec 2026", "Donnerstag, 10. Dez. 2026", "jeudi 10 déc. 2026",
        "czwartek, 10 gru 2026", "quinta-feira, 10 dez. 2026"]
    assert date_text(date(2027, 3, 1), load_catalogue("fr"), short=True) == "lundi 1er mars 2027"


def test_a_one_column_heading_takes_the_short_date_rather_than_a_fourth_line(tmp_path):
    # It was 'The Morning Grid' / 'Thursday' / '10 December 2026' / 'Medium'.
    spec, entry = entry_for(tmp_path, "newspaper-1col", when=date(2026, 12, 10))
    spec = spec.model_copy(update={"series": "The Morning Grid"})
    entry = replace(entry, puzzle=replace(entry.puzzle, grade="medium"))
    assert [line.text for line in puzzle_sheet(spec, entry).lines if line.bold] == [
        "The Morning Grid", "Thursday 10 Dec 2026", "Medium"]
    monday = replace(entry, date=date(2026, 12, 7))  # three lines in full: kept
    assert [line.text for line in puzzle_sheet(spec, monday).lines if line.bold] == [
        "The Morning Grid", "Monday 7 December 2026", "Medium"]


def test_a_narrow_answer_is_headed_by_its_puzzles_title_and_date_without_its_grade(tmp_path):
    # It was 'Solution · Daily Sudoku' / 'Monday 30 November 2026' / 'Easy': the grade
    # alone on a last line, and the puzzle prints it.
    spec, entry = entry_for(tmp_path, "newspaper-1col")
    assert [line.text for line in answer_sheet(spec, entry).lines] == [
        "Solution · Daily Sudoku", "Monday 30 November 2026"]


def test_wrapped_rules_fit_and_leave_no_word_alone_on_the_last_line():
    text = daily_rules(9)
    lines = balanced_lines(text, REGULAR, 9, 433.6)
    assert lines == ["Fill the grid so that every row, every column and every",
                     "outlined box contains each of the numbers 1 to 9 exactly once."]
    for width in (134, 200, 280):
        lines = balanced_lines(text, REGULAR, 7, width)
        assert " ".join(lines) == text
        assert all(text_width(line, REGULAR, 7) <= width for line in lines)
        assert len(lines[-1].split()) > 1


def test_the_rules_name_the_symbols_of_the_shape():
    assert daily_rules(6) == (
        "Fill the grid so that every row, every column and every outlined box contains each "
        "of the numbers 1 to 6 exactly once.")
    assert daily_rules(16).endswith("each of the numbers 1 to 16 exactly once.")
    assert daily_rules(9, tuple("CAMBRIDGE")).endswith(
        "each of the symbols C, A, M, B, R, I, D, G and E exactly once.")


def daily_rules(size: int, glyphs: tuple[str, ...] = ()) -> str:
    """A classic daily's line of rules (its kind's, as its books and web page say them)."""
    return rules_text(CLASSIC, size, glyphs, load_catalogue("en"))


def test_a_sheet_is_as_wide_as_its_columns_with_the_text_above_the_grid(tmp_path):
    spec, entry = entry_for(tmp_path, "newspaper-1col")
    sheet = puzzle_sheet(spec, entry)
    layout = spec.layout
    assert sheet.width == layout.width(1) == 138.0
    assert [line.text for line in sheet.lines] == [
        "Daily Sudoku", "Monday 30 November 2026", "Easy",
        "Fill the grid so that every row,", "every column and every outlined",
        "box contains each of the", "numbers 1 to 9 exactly once."]
    grid_top = sheet.grid.y + sheet.grid.side
    assert sheet.lines[-1].baseline >= grid_top + sheet.style.label_height
    assert sheet.lines[0].baseline + sheet.lines[0].size <= sheet.height - layout.padding
    assert sheet.grid.x - sheet.line_weights[2] / 2 >= layout.padding - 1e-9
    assert sheet.grid.x + sheet.grid.side + layout.lines.border / 2 <= \
        sheet.width - layout.padding + 1e-9


# PNG

def test_the_print_png_has_the_sheets_size_at_its_resolution_and_the_grid_drawn(tmp_path):
    spec, entry = entry_for(tmp_path)
    sheet = puzzle_sheet(spec, entry)
    image = Image.open(io.BytesIO(render_png_bytes(sheet, 300)))
    assert image.format == "PNG" and image.mode == "L"
    assert image.size == (round(sheet.width * 300 / 72), round(sheet.height * 300 / 72))
    assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    scale, pixels = 300 / 72, image.load()
    top = round((sheet.height - sheet.grid.y - sheet.grid.side) * scale)
    bottom = round((sheet.height - sheet.grid.y) * scale)
    left = round(sheet.grid.x * scale)
    for index in range(10):  # every line, borders included, runs the grid's full height
        x = round((sheet.grid.x + index * sheet.cell) * scale)
        column = [pixels[x, y] for y in range(top, bottom)]
        assert sum(map(dark, column)) >= 0.98 * len(column), index
        y = round((sheet.height - sheet.grid.y - sheet.grid.side + index * sheet.cell) * scale)
        row = [pixels[x, y] for x in range(left, left + bottom - top)]
        assert sum(map(dark, row)) >= 0.98 * len(row), index
    for cell, value in enumerate(entry.puzzle.givens.cells):  # ink exactly in the givens
        row, col = divmod(cell, 9)
        x0 = round((sheet.grid.x + (col + 0.3) * sheet.cell) * scale)
        y0 = top + round((row + 0.3) * sheet.cell * scale)
        box = image.crop((x0, y0, x0 + round(0.4 * sheet.cell * scale),
                          y0 + round(0.4 * sheet.cell * scale)))
        assert (box.getextrema()[0] < 128) == bool(value), cell


def test_the_web_png_has_the_width_asked_for(tmp_path):
    spec, entry = entry_for(tmp_path, "tabloid")
    sheet = answer_sheet(spec, entry)
    image = Image.open(io.BytesIO(render_png_bytes(sheet, dpi_for_width(sheet, 600))))
    assert image.width == 600 and abs(image.height - sheet.height * 600 / sheet.width) < 1


def test_png_pdf_and_svg_bytes_are_the_same_on_every_run(tmp_path):
    spec, entry = entry_for(tmp_path)
    first, again = answer_sheet(spec, entry), answer_sheet(spec, entry)
    metadata = sheet_metadata(spec, entry, "solution")
    assert render_png_bytes(first, 300) == render_png_bytes(again, 300)
    assert render_svg_text(first) == render_svg_text(again)
    assert sheet_pdf_bytes(first, metadata) == sheet_pdf_bytes(again, metadata)
    assert b"tIME" not in render_png_bytes(first, 300)


# SVG

@pytest.mark.parametrize("size", ["6x6", "9x9", "16x16"])
def test_the_svg_has_its_size_in_points_every_grid_line_and_every_symbol(tmp_path, size):
    spec, entry = entry_for(tmp_path, "tabloid", size)
    n = entry.puzzle.shape.size
    for sheet, shown in ((puzzle_sheet(spec, entry), entry.puzzle.givens.clue_count),
                         (answer_sheet(spec, entry), n * n)):
        root = ET.fromstring(render_svg_text(sheet, "A title"))
        assert root.get("width") == f"{sheet.width:g}pt"
        assert root.get("height") == f"{round(sheet.height, 2):g}pt"
        assert root.get("viewBox").split()[2:] == [root.get("width")[:-2],
                                                   root.get("height")[:-2]]
        assert root.find(f"{SVG}title").text == "A title"
        assert len(list(root.iter(f"{SVG}line"))) == 2 * (n - 1)
        assert not list(root.iter(f"{SVG}text"))  # outlines only: no font needed to show it
        symbols = [t for t in root.iter(f"{SVG}path") if t.get("class") in ("given", "solved")]
        assert len(symbols) == shown and all(t.get("d") for t in symbols)
        assert {t.get("aria-label") for t in symbols} <= {str(v) for v in range(1, n + 1)}
        givens = [t for t in symbols if t.get("class") == "given"]
        assert len(givens) == entry.puzzle.givens.clue_count
        headings = [t.get("aria-label") for t in root.iter(f"{SVG}path")
                    if t.get("class") == "text"]
        assert headings == [line.text for line in sheet.lines]


# PDF

def test_the_pdf_is_one_page_the_size_of_the_sheet_with_fonts_embedded(tmp_path):
    spec, entry = entry_for(tmp_path)
    sheet = puzzle_sheet(spec, entry)
    data = sheet_pdf_bytes(sheet, sheet_metadata(spec, entry, "puzzle"))
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((sheet.width, sheet.height))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    assert len(fonts) == 2  # bold and regular, no standard-14 font
    for font in fonts.values():
        assert "/FontFile2" in font.get_object()["/FontDescriptor"].get_object()
    assert b"Helvetica" not in data
    text = reader.pages[0].extract_text().splitlines()
    assert [line.strip() for line in text[-4:]] == [line.text for line in sheet.lines] == [
        "Daily Sudoku", "Monday 30 November 2026 · Easy",
        "Fill the grid so that every row, every column and every",
        "outlined box contains each of the numbers 1 to 9 exactly once."]
    assert reader.metadata.title == "Daily Sudoku: puzzle, Monday 30 November 2026"


def ink_box(image: Image.Image) -> tuple[int, int, int, int]:
    box = ImageOps.invert(image.convert("L").point(lambda v: 255 if v > 128 else 0)).getbbox()
    assert box is not None, "no ink at all"
    return box


@pytest.mark.parametrize("layout", ["newspaper-1col", "tabloid"])
def test_the_pdf_and_the_png_show_the_same_things_in_the_same_places(tmp_path, layout):
    spec, entry = entry_for(tmp_path, layout)
    sheet = answer_sheet(spec, entry)
    png = Image.open(io.BytesIO(render_png_bytes(sheet, 300)))
    page = pypdfium2.PdfDocument(sheet_pdf_bytes(sheet, sheet_metadata(spec, entry, "x")))[0]
    pdf = page.render(scale=300 / 72).to_pil()
    assert abs(pdf.width - png.width) <= 1 and abs(pdf.height - png.height) <= 1
    grid_top = round((sheet.height - sheet.grid.y - sheet.grid.side) * 300 / 72)
    for part in ((0, 0, png.width, grid_top - 4), (0, grid_top - 4, png.width, png.height)):
        assert ink_box(png.crop(part)) == pytest.approx(ink_box(pdf.crop(part)), abs=3)


def test_the_proof_shows_the_grade_and_the_se_rating_not_the_graders_score(tmp_path):
    # Issue 22 item 8: the editor's proof said 'score 2.8208', a number of the grader's.
    from dataclasses import replace
    spec, entry = entry_for(tmp_path)
    rated = replace(entry, puzzle=replace(entry.puzzle, rating=("2.3", "1.5", "1.2")))
    pages, _ = proof_pages(spec, [rated])
    caption = pages[0].placements[0].caption
    assert caption == f"Easy · SE 2.3 · {entry.puzzle.givens.clue_count} clues"
    unrated, _ = proof_pages(spec, [entry])  # a kind that records no rating: the grade alone
    assert unrated[0].placements[0].caption == \
        f"Easy · {entry.puzzle.givens.clue_count} clues"
    assert "score" not in caption and se_rating_text(entry.puzzle) == []
    assert pages[0].placements[1].note == "9×9"  # the solution's board, as captions print it


def test_the_proof_counts_clues_only_where_the_givens_are_the_clues():
    from bookmaker.core.board.shape import shape_of
    from bookmaker.core.registry import kind_named
    from bookmaker.daily.sheets import clue_count_text
    from bookmaker.puzzles.produce import generate_jobs, produce

    killer = produce(generate_jobs(shape_of(2, 2), "proof", 1, kind=kind_named("killer")))[0]
    classic = produce(generate_jobs(shape_of(2, 2), "proof", 1))[0]
    assert clue_count_text(killer) == []
    assert clue_count_text(classic) == [f"{classic.givens.clue_count} clues"]


@pytest.mark.parametrize(("kind", "size", "board"), [
    ("killer", 4, "Killer · 4×4"), ("calcudoku", 5, "Calcudoku · 5×5"),
    ("classic", 6, "6×6"), ("kakuro", 7, "Kakuro · 7×7")])
def test_the_proofs_solution_names_its_kind_and_size(kind, size, board):
    # The solution's note was the board's own name: '9x9' (an x, no kind) for a 9x9 Killer,
    # Calcudoku or Futoshiki alike, '6x6' for a 6x6 Calcudoku, '7x7 Kakuro'.
    from bookmaker.core.registry import kind_named
    from bookmaker.daily.sheets import board_text
    from bookmaker.puzzles.produce import generate_jobs, produce

    the_kind = kind_named(kind)
    puzzle = produce(generate_jobs(the_kind.frame(size), "proof", 1, kind=the_kind))[0]
    assert board_text(puzzle) == board


def proof_text(spec, entries) -> str:
    """The text of a proof's first page and its PDF title, as a reader's tools read them."""
    from bookmaker.daily.sheets import proof_metadata
    from bookmaker.render.pdf import render_pdf_bytes

    pages, style = proof_pages(spec, entries)
    reader = PdfReader(io.BytesIO(render_pdf_bytes(pages, style,
                                                   proof_metadata(spec, entries))))
    assert reader.metadata is not None
    return f"{reader.metadata.title}\n{reader.pages[0].extract_text()}"


def proof_days(tmp_path: Path, language: str) -> tuple:
    """A daily spec in `language` and two days of a run: a Monday with its SE rating, its
    hardest technique and two repeats skipped, and the Tuesday after it, its hardest a
    hidden single."""
    spec, entry = entry_for(tmp_path, language=language)
    monday = replace(entry, repeats=2, puzzle=replace(
        entry.puzzle, rating=("2.3", "1.5", "1.2"), hardest="locked candidates (pointing)"))
    tuesday = replace(entry, date=date(2026, 12, 1),
                      puzzle=replace(entry.puzzle, hardest="hidden single"))
    return spec, [monday, tuesday]


def test_a_german_proof_prints_german_words_and_no_english_ones(tmp_path):
    # The editor's proof was English whatever the daily's language: 'proof', 'Monday 30
    # November 2026', 'Easy', '28 clues', 'Solution', 'locked candidates (pointing)'.
    spec, days = proof_days(tmp_path, "de")
    text = proof_text(spec, days)
    clues = days[0].puzzle.givens.clue_count
    for words in ("Daily Sudoku: Korrekturabzug, 2026-11-30 bis 2026-12-01",
                  "Daily Sudoku · Korrekturabzug · Montag, 30. November 2026 bis "
                  "Dienstag, 1. Dezember 2026", "Montag, 30. November 2026",
                  f"Leicht · SE 2.3 · {clues} Vorgaben", "2 Wiederholungen übersprungen",
                  "Lösung", "Reihe im Block (Pointing)", "Dienstag, 1. Dezember 2026",
                  "versteckter Single"):
        assert words in text
    english = {"proof", "to", "Monday", "Tuesday", "December", "Easy", "clues", "repeats",
               "skipped", "Solution", "candidates", "pointing", "hidden"}
    assert english & set(text.replace("(", " ").replace(")", " ").split()) == set()


def test_a_proofs_labels_abbreviate_their_months_together_where_one_does_not_fit(tmp_path):
    # 'Segunda-feira, 30 de novembro de 2026' is wider than a proof's 9x9 grid in bold: the
    # page's labels take the short date, both of them, and start with a capital.
    spec, days = proof_days(tmp_path, "pt")
    pages, _ = proof_pages(spec, days)
    assert [placement.label for placement in pages[0].placements] == [
        "Segunda-feira, 30 nov. 2026", "Solução", "Terça-feira, 1 dez. 2026", "Solução"]
    assert pages[0].placements[0].note == "2 repetições descartadas"
    english, _ = proof_pages(*proof_days(tmp_path, "en"))  # where it fits, the full date
    assert english[0].placements[2].label == "Tuesday 1 December 2026"


@pytest.mark.parametrize(("count", "clues", "repeats"), [
    (1, "1 podpowiedź", "pominięto 1 powtórzenie"),
    (3, "3 podpowiedzi", "pominięto 3 powtórzenia"),
    (5, "5 podpowiedzi", "pominięto 5 powtórzeń"),
    (22, "22 podpowiedzi", "pominięto 22 powtórzenia")])
def test_a_polish_proof_counts_in_polish_forms(count, clues, repeats):
    words = load_catalogue("pl")
    assert words.text("clue_count", count=count) == clues
    assert words.text("repeats_skipped", count=count) == repeats
