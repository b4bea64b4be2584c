"""Tests for the cover: its size from the page count and paper (pypdf boxes), spine text
from 79 pages, the barcode area left clear unless asked (on rendered pixels), fonts
embedded, identical bytes from `build` and `cover`, and its load-time errors."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any, cast

import pypdfium2
import pytest
from PIL import Image
from pypdf import PdfReader

from bookmaker import cli
from bookmaker.book.cover import cover_contents, cover_puzzles, spine_note, strong_face
from bookmaker.design.catalogue import load_catalogue
from bookmaker.design.cover import (
    CoverGeometry,
    barcode_box,
    cover_geometry,
    design_names,
    display_font_path,
    load_design,
)
from bookmaker.design.coverfit import capitals
from bookmaker.design.fontfile import default_font_paths, read_font
from bookmaker.design.values import font_digit_top
from bookmaker.pages.cover import Cover, CoverWords, compose_cover
from bookmaker.render.cover import render_cover_pdf
from bookmaker.spec import SpecError, load_spec

BASE_14 = {"Courier", "Helvetica", "Helvetica-Bold", "Times-Roman", "Symbol",
           "ZapfDingbats"}
INCH = 72.0
CAP = cast(float, font_digit_top(default_font_paths()[1]))  # the bold capitals' height
SPEC = """\
book:
  title: Sudoku on the Go
  subtitle: Puzzles for Trains and Planes
  author: Ada Lovelace
  seed: cover-test
  layout: {layout}
  paper: {paper}
  language: {language}
  isbn: 978-3-16-148410-0
  registry: none
cover:
  design: {design}
{cover}sections:
  - name: Warm-up
    size: 9x9
    count: {count}
    difficulty: beginner
    puzzles_per_page: 2
"""


def write_spec(folder: Path, layout="kdp-6x9", paper="white", language="en",
               design="classic", cover="", count=4) -> Path:
    path = folder / "book.yaml"
    path.write_text(SPEC.format(layout=layout, paper=paper, language=language, design=design,
                                cover=cover, count=count), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    """A small book with a cover, and the puzzles its covers show (made once)."""
    spec = load_spec(write_spec(tmp_path_factory.mktemp("cover"), design="bold"))
    return spec, cover_puzzles(spec)


def compose_at(spec, puzzles, pages: int, paper: str = "white", design: str = "classic",
               barcode: bool = False) -> Cover:
    """The cover of `spec` in `design` as if its book had `pages` pages on `paper`."""
    chosen = load_design(design)
    fonts = (Path(default_font_paths()[0]), Path(default_font_paths()[1]),
             display_font_path(chosen))
    words = CoverWords(spec.title, spec.subtitle, spec.author, spec.isbn, 4, ("classic",),
                       ("beginner",), spec.answers, "A short blurb.", barcode)
    return compose_cover(words, load_catalogue(spec.language), chosen,
                         cover_geometry(spec.layout, pages, paper), puzzles, fonts,
                         (read_font(str(fonts[0])), read_font(str(fonts[1])),
                          strong_face(fonts)), CAP)


def cover_of(spec, puzzles, pages: int, paper: str = "white", design: str = "classic",
             barcode: bool = False) -> bytes:
    return render_cover_pdf(compose_at(spec, puzzles, pages, paper, design, barcode))


def boxes(pdf: bytes) -> dict[str, tuple[float, ...]]:
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    return {name: tuple(float(v) for v in getattr(page, name))
            for name in ("mediabox", "trimbox", "bleedbox")}


@pytest.mark.parametrize("paper, thickness", [("white", 0.002252), ("cream", 0.0025)])
@pytest.mark.parametrize("pages", [24, 78, 79, 300, 776])
def test_the_cover_is_back_spine_and_front_with_bleed_sized_from_the_page_count(
        book, paper, thickness, pages):
    spec, puzzles = book
    width = 0.125 + 6 + pages * thickness + 6 + 0.125
    found = boxes(cover_of(spec, puzzles, pages, paper))
    assert found["mediabox"][:2] == (0, 0)
    assert found["mediabox"][2] / INCH == pytest.approx(width, abs=0.001)
    assert found["mediabox"][3] / INCH == pytest.approx(9.25, abs=0.001)
    assert found["bleedbox"] == found["mediabox"]
    left, bottom, right, top = (value / INCH for value in found["trimbox"])
    assert (left, bottom) == pytest.approx((0.125, 0.125), abs=0.001)
    assert (right, top) == pytest.approx((width - 0.125, 9.125), abs=0.001)


def test_a_larger_trim_gives_a_larger_cover(tmp_path):
    spec = load_spec(write_spec(tmp_path, layout="kdp-8.5x11"))
    geometry = cover_geometry(spec.layout, 120, "white")
    assert geometry.width / INCH == pytest.approx(0.25 + 17 + 120 * 0.002252, abs=0.001)
    assert geometry.height / INCH == pytest.approx(11.25, abs=0.001)


def spine_words(pdf: bytes) -> bool:
    return "SUDOKU ON THE GO" in PdfReader(io.BytesIO(pdf)).pages[0].extract_text()


def test_spine_text_from_79_pages_not_at_78(book):
    spec, puzzles = book
    assert not spine_words(cover_of(spec, puzzles, 78))
    assert spine_words(cover_of(spec, puzzles, 79))
    assert spine_words(cover_of(spec, puzzles, 79, "cream"))


@pytest.mark.parametrize("pages", [79, 150, 828])
def test_spine_text_reads_within_the_spine_margins(book, pages):
    spec, puzzles = book
    cover = compose_at(spec, puzzles, pages)
    geometry = cover.geometry
    (text,) = [text for text in cover.texts if text.vertical]
    assert text.text == "SUDOKU ON THE GO   ·   ADA LOVELACE"
    assert text.x == pytest.approx(geometry.spine_x + geometry.spine / 2)
    assert text.size * CAP <= geometry.spine - 2 * 0.0625 * INCH + 1e-6
    length = read_font(str(cover.font_bold)).width(text.text, text.size)
    assert length <= geometry.trim_height - 2 * 0.125 * INCH


@pytest.mark.parametrize("text, set_as", [
    ("Σουντόκου", "ΣΟΥΝΤΟΚΟΥ"), ("Μάιος", "ΜΑΪΟΣ"), ("ρολόι", "ΡΟΛΟΪ"), ("άυλος", "ΑΫΛΟΣ"),
    ("Ευρώπη", "ΕΥΡΩΠΗ"), ("ΐ", "Ϊ"), ("Ἀθῆναι", "ΑΘΗΝΑΙ"), ("ᾄδει", "ΑΙΔΕΙ"),
    ("Éditions Łódź", "ÉDITIONS ŁÓDŹ"), ("Судоку", "СУДОКУ")])
def test_capitals_drop_greek_accents_as_greek_typesetters_do_and_keep_others(text, set_as):
    assert capitals(text) == set_as


def test_a_greek_title_on_the_spine_has_no_accents(book):
    spec, puzzles = book
    greek = spec.model_copy(update={"title": "Σουντόκου για το ταξίδι", "author": "Άννα"})
    (text,) = [text for text in compose_at(greek, puzzles, 150).texts if text.vertical]
    assert text.text == "ΣΟΥΝΤΟΚΟΥ ΓΙΑ ΤΟ ΤΑΞΙΔΙ   ·   ΑΝΝΑ"


LONG_AUTHOR = "Ada Lovelace, Charles Babbage, Mary Somerville and Augustus De Morgan"


@pytest.mark.parametrize("design", ["classic", "bold", "large-print"])
def test_a_long_author_is_fitted_to_the_front_in_two_lines_within_its_margins(book, design):
    spec, puzzles = book
    cover = compose_at(spec.model_copy(update={"author": LONG_AUTHOR}), puzzles, 120,
                       design=design)
    style, geometry = load_design(design).front, cover.geometry
    regular = read_font(str(cover.font_regular))
    lines = [text for text in cover.texts if not text.vertical and not text.bold
             and text.x > geometry.front_x and text.text in LONG_AUTHOR]
    assert " ".join(text.text for text in lines) == LONG_AUTHOR
    assert len(lines) == 2 and lines[0].y > lines[1].y
    for text in lines:
        assert style.tagline <= text.size <= style.author
        half = regular.width(text.text, text.size) / 2
        assert geometry.front_x + style.margin <= text.x - half
        assert text.x + half <= geometry.front_x + geometry.trim_width - style.margin


def test_a_short_author_keeps_one_line_at_the_design_s_size(book):
    spec, puzzles = book
    cover = compose_at(spec, puzzles, 120)
    (line,) = [text for text in cover.texts if text.text == "Ada Lovelace"]
    assert line.size == load_design("classic").front.author


def test_a_spine_too_short_for_the_author_beside_the_title_says_so(tmp_path):
    path = write_spec(tmp_path, count=1000)
    path.write_text(path.read_text().replace("title: Sudoku on the Go", "title: The Enormous "
                    "Illustrated Book of Sudoku Puzzles for Long Winter Evenings by the Fire")
                    .replace("author: Ada Lovelace", "author: Ada Lovelace, Charles Babbage, Mary "
                             "Somerville, Augustus De Morgan and the Analytical Society of "
                             "Cambridge"), encoding="utf-8")
    spec = load_spec(path)
    assert spec.cover is not None
    assert spine_note(spec) is None  # the display face is narrow: both fit at 4.5 pt
    design = spec.cover.design  # a design whose spine text may not go under 9 pt
    design = design.model_copy(update={"spine": design.spine.model_copy(update={"min": 9.0})})
    strict = spec.model_copy(update={"cover": spec.cover.model_copy(update={"design": design})})
    assert spine_note(strict) == (
        "the-enormous-illustrated-book-of-sudoku-puzzles-for-long-winter-evenings-by-the-fire"
        "-cover.pdf: the spine shows the title alone: with the author beside it, its text "
        "would be under 9 pt")
    assert spine_note(load_spec(write_spec(tmp_path, count=1000))) is None


def test_a_title_word_too_wide_for_the_back_s_heading_is_set_smaller_there(book):
    spec, puzzles = book  # the bold design's back heading is 24 pt, its front's least 22
    titled = spec.model_copy(update={"title": "Kreuzworträtselsammlungenbuch Sudoku"})
    cover = compose_at(titled, puzzles, 120, design="bold")
    geometry, back = cover.geometry, load_design("bold").back
    heading = [text for text in cover.texts if text.x < geometry.spine_x and text.bold
               and text.colour == cover.colours["title"]]
    assert [text.text for text in heading] == ["Kreuzworträtselsammlungenbuch", "Sudoku"]
    bold = read_font(str(cover.font_display))  # the heading is set in the display face
    for text in heading:
        assert text.display and text.size == 23.5 < back.heading
        assert text.x + bold.width(text.text, text.size) <= \
            geometry.back_x + geometry.trim_width - back.margin


def test_a_blurb_word_wider_than_the_back_is_refused_at_its_key(tmp_path):
    address = "https://example.org/a-very-long-address/that-never-breaks/anywhere"
    assert problems_of(tmp_path, cover=f"  blurb: More at {address}\n") == [
        "13:10: cover.blurb: 'https://example.org/a-very-long-address…' is 5.32 in wide "
        "at 11 pt, wider than the back cover's 5.00 in of text, and a word is never "
        "broken; shorten it or put a space in it"]


def pixels_in_barcode_area(pdf: bytes, geometry: CoverGeometry) -> Image.Image:
    scale = 2.0
    document = pypdfium2.PdfDocument(pdf)
    image = document[0].render(scale=scale).to_pil().convert("RGB")
    document.close()
    x, y, width, height = barcode_box(geometry)
    top = geometry.height - y - height
    return image.crop((round(x * scale), round(top * scale), round((x + width) * scale),
                       round((top + height) * scale)))


@pytest.mark.parametrize("design", ["classic", "bold", "large-print"])
def test_nothing_is_drawn_in_the_barcode_area_unless_asked(book, design):
    spec, puzzles = book
    geometry = cover_geometry(spec.layout, 120, "white")
    area = pixels_in_barcode_area(cover_of(spec, puzzles, 120, design=design), geometry)
    # Only the background there: one colour in each row (a gradient changes by row only).
    for row in range(area.height):
        colours = area.crop((0, row, area.width, row + 1)).getcolors()
        assert len(colours) == 1, (design, row, colours)


def test_the_barcode_is_drawn_in_its_area_when_asked(book):
    spec, puzzles = book
    geometry = cover_geometry(spec.layout, 120, "white")
    area = pixels_in_barcode_area(cover_of(spec, puzzles, 120, barcode=True), geometry)
    grey = area.convert("L")
    dark = grey.point(lambda value: 255 if value < 80 else 0).histogram()[255]
    assert dark > 0.08 * area.width * area.height  # the bars
    assert grey.getpixel((2, 2)) == 255  # on white, to the area's corners
    assert "ISBN 978-3-16-148410-0" in PdfReader(io.BytesIO(
        cover_of(spec, puzzles, 120, barcode=True))).pages[0].extract_text()


def fonts_of(pdf: bytes) -> list[dict]:
    page: Any = PdfReader(io.BytesIO(pdf)).pages[0]
    fonts = [font.get_object() for font in page["/Resources"]["/Font"].values()]
    forms = page["/Resources"].get("/XObject", {})
    for form in forms.values():
        resources = form.get_object().get("/Resources", {})
        fonts += [font.get_object() for font in resources.get("/Font", {}).values()]
    return fonts


def test_every_font_is_embedded_and_none_is_a_standard_one(book):
    spec, puzzles = book
    fonts = fonts_of(cover_of(spec, puzzles, 120, barcode=True))
    assert fonts
    for font in fonts:
        assert font["/BaseFont"].lstrip("/").split("+")[-1] not in BASE_14
        descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font \
            else font
        descriptor = descendant["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor


def test_build_and_cover_write_the_same_cover_bytes_and_build_lists_it(tmp_path, runner):
    spec_path = write_spec(tmp_path, design="classic",
                           cover="  blurb: Pocket puzzles for a long journey.\n")
    built = runner.invoke(cli.main, ["build", str(spec_path), "-o", str(tmp_path / "b"),
                                     "--jobs", "1"])
    assert built.exit_code == 0, built.output
    assert "sudoku-on-the-go-cover.pdf: the spine is left plain: 24 pages is too thin" \
        in built.output
    alone = runner.invoke(cli.main, ["cover", str(spec_path), "-o", str(tmp_path / "c"),
                                     "--guides"])
    assert alone.exit_code == 0, alone.output
    assert "cover 12.304 x 9.250 in, spine 0.054 in for 24 pages on white paper" \
        in alone.output
    for name in ("sudoku-on-the-go-cover.pdf", "sudoku-on-the-go-cover-preview.png"):
        assert (tmp_path / "b" / name).read_bytes() == (tmp_path / "c" / name).read_bytes()
    assert not (tmp_path / "b" / "sudoku-on-the-go-cover-guides.pdf").exists()
    guides = (tmp_path / "c" / "sudoku-on-the-go-cover-guides.pdf").read_bytes()
    assert guides != (tmp_path / "c" / "sudoku-on-the-go-cover.pdf").read_bytes()
    manifest = json.loads((tmp_path / "b" / "sudoku-on-the-go.json").read_text())
    assert manifest["cover"] == {
        "design": "classic", "files": ["sudoku-on-the-go-cover.pdf",
                                       "sudoku-on-the-go-cover-preview.png"],
        "height_in": 9.25, "pages": 24, "paper": "white", "spine_in": 0.054,
        "spine_text": False, "width_in": 12.304}
    assert manifest["cover"]["pages"] == manifest["files"]["sudoku-on-the-go.pdf"]
    with Image.open(tmp_path / "c" / "sudoku-on-the-go-cover-preview.png") as preview:
        assert preview.size == (1231, 925)  # 100 dpi: 12.3041 x 9.25 in


def test_cover_takes_the_puzzles_the_last_build_in_its_folder_printed(tmp_path, runner):
    spec_path = write_spec(tmp_path)
    out = tmp_path / "out"
    assert runner.invoke(cli.main, ["build", str(spec_path), "-o", str(out)]).exit_code == 0
    spec = load_spec(spec_path)
    made = cover_puzzles(spec)
    assert grids(cover_puzzles(spec, out)) == grids(made)
    # As if the build had replaced the first puzzle (a repeat of the series' registry):
    manifest_path = out / "sudoku-on-the-go.json"
    manifest = json.loads(manifest_path.read_text())
    first, second = manifest["puzzles"][:2]
    first["givens"], first["solution"] = second["givens"], second["solution"]
    manifest_path.write_text(json.dumps(manifest))
    assert cover_puzzles(spec, out)[0].givens == made[1].givens
    other = spec.model_copy(update={"seed": 7})  # another seed's book: its own puzzles
    assert grids(cover_puzzles(other, out)) == grids(cover_puzzles(other))


def grids(puzzles) -> list:
    return [(puzzle.givens, puzzle.solution) for puzzle in puzzles]


def test_a_rebuild_without_a_cover_removes_the_old_cover_files(tmp_path, runner):
    spec_path = write_spec(tmp_path)
    out = tmp_path / "out"
    assert runner.invoke(cli.main, ["build", str(spec_path), "-o", str(out)]).exit_code == 0
    assert (out / "sudoku-on-the-go-cover-preview.png").exists()
    spec_path.write_text(spec_path.read_text().replace("cover:\n  design: classic\n", ""))
    assert runner.invoke(cli.main, ["build", str(spec_path), "-o", str(out)]).exit_code == 0
    assert sorted(path.name for path in out.iterdir()) == ["sudoku-on-the-go.json",
                                                            "sudoku-on-the-go.pdf"]


def test_the_cover_is_the_same_bytes_every_time(book):
    spec, puzzles = book
    first = cover_contents(spec, puzzles)
    assert first == cover_contents(spec, puzzles)
    assert b"/CreationDate (D:20000101000000+00'00')" in first["sudoku-on-the-go-cover.pdf"]


def test_every_design_draws_in_every_language_on_thin_and_thick_books(book):
    spec, puzzles = book
    for design in design_names():
        for language in ("en", "pl"):
            localized = spec.model_copy(update={"language": language})
            for pages in (24, 600):
                pdf = cover_of(localized, puzzles, pages, design=design)
                assert PdfReader(io.BytesIO(pdf)).pages[0].extract_text()


# Mistakes, each at its line and column, nothing written.

def problems_of(tmp_path, **settings) -> list[str]:
    with pytest.raises(SpecError) as caught:
        load_spec(write_spec(tmp_path, **settings))
    return [line.split("book.yaml:", 1)[1] for line in str(caught.value).splitlines()]


def test_an_unknown_design_is_named_with_the_known_ones(tmp_path):
    assert problems_of(tmp_path, design="clasic") == [
        "12:11: cover.design: unknown cover design 'clasic' (did you mean 'classic'?); "
        "expected one of: bold, classic, large-print"]


def test_an_unknown_design_is_reported_with_the_book_s_own_mistakes(tmp_path):
    found = problems_of(tmp_path, design="clasic", count=0)
    assert [line.split(": ")[1] for line in found] == ["cover.design", "sections[0].count"]


def test_a_colour_that_is_not_a_colour(tmp_path):
    assert problems_of(tmp_path, cover="  colours: {title: navy, teal: '#008080'}\n") == [
        "13:20: cover.colours.title: expected a colour like '#1f3a5f' (# and 6 hexadecimal "
        "digits, red green blue), got the text 'navy'",
        "13:26: cover.colours: unknown key 'teal' (expected one of: background, title, "
        "subtitle, author, accent, text, spine, spine_text, grid_lines, grid_cells, givens, "
        "pencil, highlight)"]


def test_a_blurb_too_long_for_the_back_says_by_how_many_lines(tmp_path):
    blurb = " ".join(["Every puzzle has exactly one solution, proven twice."] * 40)
    assert problems_of(tmp_path, cover=f"  blurb: {blurb}\n") == [
        "13:10: cover.blurb: too long for the back cover by 23 lines: 12 lines of 11 pt "
        "fit there; shorten it"]


def test_a_title_too_long_for_the_cover_is_not_blamed_on_a_short_blurb(tmp_path):
    path = write_spec(tmp_path, cover="  blurb: Short blurb\n")
    title = ", ".join(["The Enormous Illustrated Book of Sudoku Puzzles for Long Winter "
                       "Evenings by the Fire"] * 6)
    path.write_text(path.read_text().replace("title: Sudoku on the Go", f"title: {title}\n"
                                             "  name: enormous"), encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        load_spec(path)
    assert [line.split("book.yaml:")[1] for line in str(caught.value).splitlines()] == [
        "2:10: book.title: too long for the front of the classic cover: even at 20 pt it "
        "takes more than 3 lines of 5.00 in; shorten it or move words to the subtitle"]


def test_a_title_that_cannot_fit_the_front(tmp_path):
    path = write_spec(tmp_path)
    path.write_text(path.read_text().replace(
        "title: Sudoku on the Go", "title: " + "Supercalifragilisticexpialidocious " * 4),
        encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        load_spec(path)
    assert str(caught.value).splitlines()[0].endswith(
        "book.title: too long for the front of the classic cover: even at 20 pt it takes "
        "more than 3 lines of 5.00 in; shorten it or move words to the subtitle")


@pytest.mark.parametrize("design, least", [("classic", 12), ("bold", 13),
                                           ("large-print", 17)])
def test_an_author_too_long_for_two_lines_of_the_front_is_refused_at_its_key(
        tmp_path, design, least):
    path = write_spec(tmp_path, design=design)
    path.write_text(path.read_text().replace("author: Ada Lovelace", "author: " + ", ".join(
        ["Ada Lovelace", "Charles Babbage", "Mary Somerville", "Augustus De Morgan",
         "George Boole", "Florence Nightingale", "and the Analytical Society"])),
        encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        load_spec(path)
    assert str(caught.value).split("book.yaml:")[1] == (
        f"4:11: book.author: too long for the front of the {design} cover: even at "
        f"{least} pt it takes more than 2 lines of 5.00 in; shorten it")


def test_a_front_whose_title_and_subtitle_leave_too_little_room_for_the_art(tmp_path,
                                                                             monkeypatch):
    from bookmaker.spec import covercheck

    path = write_spec(tmp_path)
    path.write_text(path.read_text().replace(
        "title: Sudoku on the Go", "title: The Big Book of Sudoku for Travellers").replace(
        "subtitle: Puzzles for Trains and Planes",
        "subtitle: Two Hundred Puzzles for Trains, Planes, Buses and Waiting Rooms"))
    assert load_spec(path).cover  # the art gets 4.13 in of its 4.30 in: fine
    # No preset gets this crowded; as if the art could shrink to no less than 1.2 times:
    monkeypatch.setattr(covercheck, "LEAST_ART", 1.2)
    with pytest.raises(SpecError) as caught:
        load_spec(path)
    assert str(caught.value).split("book.yaml:")[1] == (
        "2:10: book.title: the title and subtitle leave 4.13 in for the art on the front of "
        "the classic cover, under the 5.16 in it needs; shorten them, or choose a design "
        "with smaller type")


def test_a_right_to_left_blurb_is_refused_at_its_key(tmp_path):
    assert problems_of(tmp_path, cover="  blurb: Puzzles, or פאזלים.\n") == [
        "13:10: cover.blurb: U+05E4 'פ' is Hebrew, written right to left, which bookmaker "
        "cannot lay out (it would print reversed); write this in a left-to-right script"]


def test_a_barcode_needs_an_isbn(tmp_path):
    path = write_spec(tmp_path, cover="  barcode: true\n")
    path.write_text(path.read_text().replace("  isbn: 978-3-16-148410-0\n", ""),
                    encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        load_spec(path)
    assert str(caught.value) == (
        f"{path}:12:12: cover.barcode: a barcode needs the book's ISBN: add isbn: to book:, "
        f"or leave the barcode to KDP (barcode: false)")


def test_a_bad_cover_writes_nothing_and_exits_2(tmp_path, runner):
    spec_path = write_spec(tmp_path, design="nope")
    for command in ("build", "cover"):
        result = runner.invoke(cli.main, [command, str(spec_path), "-o", str(tmp_path / "o")])
        assert result.exit_code == 2
        assert "cover.design: unknown cover design 'nope'" in result.stderr
        assert "Traceback" not in result.stderr
    assert not (tmp_path / "o").exists()


def test_a_book_too_thick_for_its_paper_is_refused_as_for_the_interior(tmp_path):
    found = problems_of(tmp_path, paper="cream", count=1600)
    assert any("more than the 776 Amazon KDP paperback prints on cream paper" in line
               for line in found)


def test_cover_in_the_folder_of_an_x_book_verifies_its_puzzles_as_x(tmp_path, runner):
    # Issue 27 M1: the manifest's lines were read back as classic puzzles, and Dancing
    # Links found several solutions of an X puzzle without its diagonals.
    spec_path = write_spec(tmp_path, count=2)
    spec_path.write_text(spec_path.read_text().replace("    count: 2\n",
                                                       "    count: 2\n    variant: x\n"))
    out = tmp_path / "out"
    built = runner.invoke(cli.main, ["build", str(spec_path), "-o", str(out), "--jobs", "1"])
    assert built.exit_code == 0, built.output
    again = runner.invoke(cli.main, ["cover", str(spec_path), "-o", str(out)])
    assert again.exit_code == 0, again.output
    recorded = cover_puzzles(load_spec(spec_path), out)
    assert [str(p.shape) for p in recorded] == ["9x9 X", "9x9 X"]
    assert grids(recorded) == grids(cover_puzzles(load_spec(spec_path)))
