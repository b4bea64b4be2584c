"""Tests for bookmaker.render: boxes, embedded fonts, metadata, text, same bytes, visible ink."""

from __future__ import annotations

import hashlib
import io
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pypdfium2
import pytest
import reportlab
from pypdf import PdfReader

from bookmaker.core.board.grid import SYMBOLS, Grid
from bookmaker.core.board.shape import shape_for_size
from bookmaker.pages.bookpages import title_page
from bookmaker.pages.page import GridPlacement, Page, PageGeometry, TextBlock, inches
from bookmaker.pages.paginate import GridItem, paginate_puzzles
from bookmaker.render.fonts import FontError, default_fonts, digit_extent
from bookmaker.render.metrics import line_weights
from bookmaker.render.pdf import Metadata, render_pdf, render_pdf_bytes
from bookmaker.render.style import MIN_TEXT_SIZE, RenderError, RenderStyle

TESTS = Path(__file__).resolve().parent
BLEED = inches(0.125)
TRAVEL = PageGeometry(inches(6), inches(9), BLEED, margin_inside=54, margin_outside=36,
                      header_space=18, footer_space=20)
LETTER = PageGeometry(inches(8.5), inches(11), 0, header_space=18)
METADATA = Metadata("Sudoku for the Road", "A. N. Author", "Sudoku puzzles", "bookmaker test")
BASE_14 = {"Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Helvetica",
           "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman",
           "Times-Bold", "Times-Italic", "Times-BoldItalic", "Symbol", "ZapfDingbats"}


def solved_grid(size: int) -> Grid:
    """A valid complete grid from the classic shifting pattern."""
    shape = shape_for_size(size)
    rows, cols = shape.box_rows, shape.box_cols
    return Grid(shape, tuple((cols * (r % rows) + r // rows + c) % size + 1
                             for r in range(size) for c in range(size)))


def puzzle_of(solution: Grid) -> Grid:
    """A stand-in puzzle: the solution with two cells in three blanked."""
    return Grid(solution.shape, tuple(v if i % 3 == 0 else 0
                                      for i, v in enumerate(solution.cells)))


def sample_pages(geometry: PageGeometry = TRAVEL, count: int = 6) -> list[Page]:
    """A title page, then `count` 9x9 puzzles four to a page, then their answers."""
    style = RenderStyle(geometry)
    solution = solved_grid(9)
    puzzles = [GridItem(puzzle_of(solution), None, f"Puzzle {i + 1}", "Easy · 9x9",
                        f"Answer on page {4 + i // 9}") for i in range(count)]
    answers = [GridItem(puzzle_of(solution), solution, f"Puzzle {i + 1}", "",
                        f"Puzzle on page {2 + i // 4}") for i in range(count)]
    return ([title_page(geometry, "Sudoku for the Road", "Six puzzles", "A. N. Author")]
            + paginate_puzzles(puzzles, geometry, 4, 2, style.label_height, style.below_height,
                               header="Easy")
            + paginate_puzzles(answers, geometry, 9, 4, style.label_height, style.below_height,
                               header="Answers"))


def sample_pdf(geometry: PageGeometry = TRAVEL) -> bytes:
    return render_pdf_bytes(sample_pages(geometry), RenderStyle(geometry), METADATA)


@pytest.fixture(scope="module")
def travel_pdf() -> bytes:
    return sample_pdf(TRAVEL)


@pytest.fixture(scope="module")
def reader(travel_pdf) -> PdfReader:
    return PdfReader(io.BytesIO(travel_pdf))


def test_every_page_is_rendered(reader):
    assert len(reader.pages) == 4  # title, two pages of puzzles, one of answers


def test_page_boxes_are_trim_plus_bleed_at_top_bottom_and_outside_edge(reader):
    width, height = inches(6), inches(9)
    for number, page in enumerate(reader.pages, start=1):
        assert [float(v) for v in page.mediabox] == [0, 0, width + BLEED, height + 2 * BLEED]
        assert [float(v) for v in page.bleedbox] == [float(v) for v in page.mediabox]
        left = 0 if number % 2 else BLEED  # the outside edge: right on odd pages, left on even
        assert [float(v) for v in page.trimbox] == [left, BLEED, left + width, BLEED + height]


def test_without_bleed_all_boxes_are_the_trim():
    pdf = PdfReader(io.BytesIO(sample_pdf(LETTER)))
    for page in pdf.pages:
        for box in (page.mediabox, page.trimbox, page.bleedbox):
            assert [float(v) for v in box] == [0, 0, 612, 792]


def fonts_of(reader: PdfReader) -> dict[str, object]:
    """Every font in any page's or form's resources, by its PDF object, keyed by BaseFont."""
    found = {}
    pending = [page["/Resources"] for page in reader.pages]
    while pending:
        resources: Any = pending.pop().get_object()
        for font in resources.get("/Font", {}).values():
            font = font.get_object()
            found[str(font["/BaseFont"])] = font
        for xobject in resources.get("/XObject", {}).values():
            xobject = xobject.get_object()
            if "/Resources" in xobject:
                pending.append(xobject["/Resources"])
    return found


def test_every_font_is_embedded_and_none_is_a_standard_14_font(reader, travel_pdf):
    fonts = fonts_of(reader)
    assert len(fonts) == 2  # regular and bold
    for name, font in fonts.items():
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor or "/FontFile3" in descriptor, name
        assert name.lstrip("/").split("+")[-1] not in BASE_14
    assert b"Helvetica" not in travel_pdf and b"Times" not in travel_pdf


def test_the_default_fonts_are_dejavu_sans(reader):
    names = {name.split("+")[-1] for name in fonts_of(reader)}
    assert names == {"DejaVuSans", "DejaVuSans-Bold"}
    regular, bold = default_fonts()
    assert regular.read_bytes()[:4] == bold.read_bytes()[:4] == b"\x00\x01\x00\x00"  # TrueType


def test_metadata_is_set(reader):
    info = reader.metadata
    assert (info.title, info.author, info.subject, info.creator) == \
        ("Sudoku for the Road", "A. N. Author", "Sudoku puzzles", "bookmaker test")


def test_extracted_text_holds_labels_captions_notes_headers_and_page_numbers(reader):
    title, first, second, answers = (page.extract_text() for page in reader.pages)
    assert "Sudoku for the Road" in title and "A. N. Author" in title
    for label in ("Puzzle 1", "Puzzle 4", "Easy · 9x9", "Answer on page 4", "Easy"):
        assert label in first
    assert "Puzzle 5" in second and "Puzzle 6" in second and "3" in second
    assert "Answers" in answers and "Puzzle on page 3" in answers


def test_answer_keys_set_givens_bold_and_solved_cells_regular(reader):
    digits_by_face = {}

    def visit(text, cm, tm, font, size):
        if font is not None and text.strip() and all(c.isdigit() or c.isspace() for c in text):
            face = str(font["/BaseFont"]).split("+")[-1].split("-")[-1]
            key = (face, round(size, 3))
            digits_by_face[key] = digits_by_face.get(key, 0) + sum(c.isdigit() for c in text)

    reader.pages[3].extract_text(visitor_text=visit)
    symbol_size = max(digits_by_face, key=digits_by_face.get)[1]  # the grid digits' size
    givens = puzzle_of(solved_grid(9)).clue_count * 6
    assert digits_by_face[("Bold", symbol_size)] == givens
    assert digits_by_face[("DejaVuSans", symbol_size)] == 81 * 6 - givens


def test_rendering_twice_gives_identical_bytes(travel_pdf):
    assert sample_pdf(TRAVEL) == travel_pdf


def test_bytes_do_not_depend_on_source_date_epoch_time_zone_or_process(travel_pdf):
    script = ("import sys; sys.path.insert(0, sys.argv[1]); import test_render; "
              "sys.stdout.write(__import__('hashlib').sha256(test_render.sample_pdf())"
              ".hexdigest())")
    env = dict(os.environ, SOURCE_DATE_EPOCH="1234567890", TZ="Asia/Tokyo",
               PYTHONHASHSEED="12345")
    done = subprocess.run([sys.executable, "-c", script, str(TESTS)], env=env,
                          capture_output=True, text=True, check=True)
    assert done.stdout == hashlib.sha256(travel_pdf).hexdigest()


def test_reportlab_s_accelerator_is_used_and_writes_the_bytes_its_python_does(travel_pdf):
    """rl-accel (a dependency) draws faster; reportlab without it, in Python, must give the
    same file, or a machine without the accelerator would print another book."""
    from reportlab.lib import rl_accel

    assert rl_accel.fp_str.__module__ == "_rl_accel"
    script = ("import sys; sys.modules['_rl_accel'] = None; sys.path.insert(0, sys.argv[1]); "
              "import test_render; from reportlab.lib import rl_accel; "
              "assert rl_accel.fp_str.__module__ != '_rl_accel'; "
              "sys.stdout.write(__import__('hashlib').sha256(test_render.sample_pdf())"
              ".hexdigest())")
    done = subprocess.run([sys.executable, "-c", script, str(TESTS)], capture_output=True,
                          text=True, check=True)
    assert done.stdout == hashlib.sha256(travel_pdf).hexdigest()


@pytest.mark.parametrize("colour", ["grey", "cmyk"])
def test_strings_encoded_once_write_the_bytes_reportlab_s_own_text_objects_do(monkeypatch,
                                                                            colour):
    """The canvas repeats a string's operators (pdf.EncodingOnceCanvas) and a grid's
    symbols are written straight into its text objects (PdfBoard._set_labels); reportlab's
    own text objects, placing and encoding every string anew, must write the same file in
    both colours, or a reportlab that changed how it encodes would print another book
    unnoticed."""
    from reportlab.pdfgen.canvas import Canvas

    from bookmaker.render import pdf

    pages = sample_pages(TRAVEL) + sample_pages(TRAVEL)  # every string set again
    repeated = render_pdf_bytes(pages, RenderStyle(TRAVEL), METADATA, colour=colour)
    monkeypatch.setattr(pdf.EncodingOnceCanvas, "beginText", Canvas.beginText)
    assert render_pdf_bytes(pages, RenderStyle(TRAVEL), METADATA, colour=colour) == repeated


def test_source_date_epoch_in_this_process_changes_nothing(travel_pdf, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert sample_pdf(TRAVEL) == travel_pdf


def test_a_path_and_a_file_object_receive_the_same_bytes(tmp_path, travel_pdf):
    pages, style = sample_pages(), RenderStyle(TRAVEL)
    render_pdf(pages, style, METADATA, tmp_path / "book.pdf")
    buffer = io.BytesIO()
    render_pdf(pages, style, METADATA, buffer)
    assert (tmp_path / "book.pdf").read_bytes() == buffer.getvalue() == travel_pdf


def test_each_grid_size_is_drawn_once_as_a_form_and_reused(reader):
    forms = set()
    for page in reader.pages:
        for ref in page["/Resources"].get("/XObject", {}).values():
            if ref.get_object()["/Subtype"] == "/Form":
                forms.add(ref.idnum)
    assert len(forms) == 2  # puzzle size and answer size; reused on every page


def dark_fraction(image, box) -> float:
    """The share of pixels darker than mid-grey inside box (left, top, right, bottom)."""
    region = image.convert("L").crop(box)
    histogram = region.histogram()
    return sum(histogram[:128]) / (region.width * region.height)


def test_the_grid_is_drawn_in_ink_and_the_margins_stay_blank(travel_pdf):
    scale = 2
    image = pypdfium2.PdfDocument(travel_pdf)[1].render(scale=scale).to_pil()
    placement = sample_pages()[1].placements[0]
    left = (BLEED + placement.x) * scale
    top = image.height - (BLEED + placement.y + placement.side) * scale
    grid_box = (int(left), int(top), int(left + placement.side * scale),
                int(top + placement.side * scale))
    assert dark_fraction(image, grid_box) > 0.05
    assert dark_fraction(image, (0, 0, int(30 * scale), int(30 * scale))) == 0


@pytest.mark.parametrize("size", [4, 9, 16, 25])
def test_symbols_are_centred_in_their_cells(size):
    solution = solved_grid(size)  # in the text format's own glyphs: one character a cell
    pages = paginate_puzzles([GridItem(solution, None, "Puzzle 1",
                                       glyphs=tuple(SYMBOLS[:size]))], LETTER, 1, 1)
    placement = pages[0].placements[0]
    document = pypdfium2.PdfDocument(render_pdf_bytes(pages, RenderStyle(LETTER), METADATA))
    text = document[0].get_textpage()
    cell = placement.side / size
    symbols = 0
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        if char not in SYMBOLS:
            continue
        left, bottom, right, top = text.get_charbox(index)
        col = int(((left + right) / 2 - placement.x) // cell)
        row = int((placement.y + placement.side - (bottom + top) / 2) // cell)
        if not (0 <= row < size and 0 <= col < size):
            continue  # the label's digits
        symbols += 1
        assert char == SYMBOLS[solution.cells[row * size + col] - 1]
        assert abs((left + right) / 2 - placement.x - (col + 0.5) * cell) < 0.08 * cell
        if char == "J":
            continue  # J hangs below the baseline by design, like a descender
        assert abs(placement.y + placement.side - (row + 0.5) * cell - (bottom + top) / 2) \
            < 0.05 * cell
    assert symbols == size * size


def test_page_numbers_sit_in_the_outside_corner():
    pages = paginate_puzzles([GridItem(solved_grid(9), None, "P")] * 2, LETTER, 1, 1)
    document = pypdfium2.PdfDocument(render_pdf_bytes(pages, RenderStyle(LETTER), METADATA))
    for page_index, number in ((0, "1"), (1, "2")):
        text = document[page_index].get_textpage()
        boxes = [text.get_charbox(i) for i in range(text.count_chars())
                 if text.get_text_range(i, 1) == number]
        lowest = min(boxes, key=lambda box: box[1])
        outside_right = page_index == 0  # page 1 is a right-hand page
        assert (lowest[0] > 612 / 2) == outside_right


def test_text_smaller_than_seven_points_is_refused():
    with pytest.raises(RenderError, match="caption_size 6 pt"):
        RenderStyle(TRAVEL, caption_size=6)
    assert MIN_TEXT_SIZE == 7


def test_cells_too_small_for_seven_point_symbols_are_refused():
    tiny = [Page(1, (GridPlacement(40, 40, 80, solved_grid(25)),))]  # 3.2 pt cells
    with pytest.raises(RenderError, match="too small"):
        render_pdf_bytes(tiny, RenderStyle(TRAVEL), METADATA)


def test_text_that_overflows_its_page_is_refused():
    page = Page(1, texts=(TextBlock(("word " * 3000,), "body"),))
    with pytest.raises(RenderError, match="does not fit"):
        render_pdf_bytes([page], RenderStyle(TRAVEL), METADATA)


def test_small_grids_get_lighter_box_lines_but_never_lighter_than_twice_the_cell_line():
    style = RenderStyle(TRAVEL, cell_line=0.75, box_line=2.0, border_line=2.5)
    assert line_weights(style, 30) == (0.75, 2.0, 2.5)
    cell, box, border = line_weights(style, 9)
    assert cell == 0.75 and 1.5 <= box < 2.0 and box < border < 2.5


def test_a_font_of_ones_own_is_embedded_instead():
    oblique = Path(reportlab.__file__).parent / "fonts" / "VeraIt.ttf"
    style = RenderStyle(TRAVEL, font_regular=oblique)
    pdf = PdfReader(io.BytesIO(render_pdf_bytes(sample_pages(), style, METADATA)))
    names = {name.split("+")[-1] for name in fonts_of(pdf)}
    assert names == {"BitstreamVeraSans-Oblique", "DejaVuSans-Bold"}


def test_a_missing_font_is_a_clear_error(tmp_path):
    style = RenderStyle(TRAVEL, font_regular=tmp_path / "nope.ttf")
    with pytest.raises(FontError, match="nope.ttf"):
        render_pdf_bytes(sample_pages(), style, METADATA)


def test_digit_extent_measures_the_ink_of_the_digits():
    top, bottom = digit_extent(str(default_fonts()[0]))
    assert 0.65 < top < 0.8 and -0.05 < bottom <= 0


def test_a_header_without_room_reserved_for_it_is_refused():
    no_header_room = PageGeometry(inches(6), inches(9), header_space=0)
    with pytest.raises(RenderError, match="header of 9 pt needs header_space of at least 9 pt, "
                                          "but the layout reserves 0 pt"):
        render_pdf_bytes([Page(1, header="Easy")], RenderStyle(no_header_room), METADATA)
    assert render_pdf_bytes([Page(1)], RenderStyle(no_header_room), METADATA)


@pytest.mark.parametrize("size, per_page", [(9, 9), (16, 4), (25, 1), (25, 2)])
def test_no_text_anywhere_is_under_seven_points(size, per_page):
    solution = solved_grid(size)
    style = RenderStyle(TRAVEL)
    pages = paginate_puzzles([GridItem(puzzle_of(solution), solution, "Puzzle 1", "Hard",
                                       "page 2", glyphs=tuple(SYMBOLS[:size]))] * per_page,
                             TRAVEL, per_page, 1,
                             style.label_height, style.below_height, header="Answers")
    sizes = []
    reader = PdfReader(io.BytesIO(render_pdf_bytes(pages, style, METADATA)))
    reader.pages[0].extract_text(
        visitor_text=lambda text, cm, tm, font, font_size: sizes.append(font_size * tm[3])
        if text.strip() else None)
    assert sizes and min(sizes) >= MIN_TEXT_SIZE


def test_a_caption_too_long_to_sit_beside_the_note_wraps_to_a_second_line_never_cut():
    solution = solved_grid(9)
    long_caption = "A Long Section Name · Easy · 9x9"
    item = GridItem(puzzle_of(solution), None, "Puzzle 1", long_caption, "Answer book, page 12")
    style = RenderStyle(TRAVEL)
    pages = paginate_puzzles([item] * 4, TRAVEL, 4, 1, style.label_height,
                             style.below_height * 2)
    text = PdfReader(io.BytesIO(render_pdf_bytes(pages, style, METADATA))).pages[0].extract_text()
    assert text.count("Answer book, page 12") == 4  # the note is kept whole
    assert text.count(long_caption) == 4 and "..." not in text


def test_a_caption_that_cannot_fit_two_lines_is_refused_not_cut():
    item = GridItem(puzzle_of(solved_grid(9)), None, "Puzzle 1",
                    "A Very Long Section Name That Cannot Fit At All · 9x9", "Answer book, page 12")
    style = RenderStyle(TRAVEL)
    pages = paginate_puzzles([item] * 6, TRAVEL, 6, 1, style.label_height,
                             style.below_height * 2)
    with pytest.raises(RenderError, match="do not fit in two lines"):
        render_pdf_bytes(pages, style, METADATA)


def test_the_id_is_the_md5_of_the_file_with_its_id_written_as_zeros(travel_pdf):
    ids = re.findall(rb"/ID \n\[<([0-9a-f]{32})><([0-9a-f]{32})>\]", travel_pdf)
    assert len(ids) == 1 and ids[0][0] == ids[0][1]
    blank = travel_pdf.replace(ids[0][0], b"0" * 32)
    assert hashlib.md5(blank).hexdigest().encode() == ids[0][0]


def test_a_different_drawing_gets_a_different_id_and_the_same_one_the_same():
    def identity(pdf: bytes) -> bytes:
        found = re.search(rb"/ID \n\[<([0-9a-f]{32})>", pdf)
        assert found is not None
        return found.group(1)

    pages = sample_pages(count=2)
    style = RenderStyle(TRAVEL)
    one = render_pdf_bytes(pages, style, METADATA)
    other = render_pdf_bytes(pages[:-1], style, METADATA)
    assert identity(one) != identity(other)
    assert identity(render_pdf_bytes(list(pages), style, METADATA)) == identity(one)


def test_large_grids_print_numbers_by_default_two_digits_to_a_cell():
    solution = solved_grid(16)
    pages = paginate_puzzles([GridItem(solution, None, "Puzzle 1")], LETTER, 1, 1)
    placement = pages[0].placements[0]
    text = pypdfium2.PdfDocument(render_pdf_bytes(pages, RenderStyle(LETTER), METADATA))[0] \
        .get_textpage().get_text_range()
    numbers = [int(n) for n in re.findall(r"\d+", text)]
    assert sorted(numbers[1:1 + 256]) == sorted(solution.cells)  # after the label's 1
    assert not re.search(r"[A-P]", text.replace("Puzzle", ""))
    assert placement.symbols[9:] == tuple(str(n) for n in range(10, 17))
