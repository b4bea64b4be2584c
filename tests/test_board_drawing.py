"""Variant boards as printed: regions' heavy borders, shaded diagonals and windows, a
Samurai's holes left empty, Killer cages dashed with every total readable and clear of the
digits; measured on the rendered pixels and the PDF's text, the same in PDF, PNG and SVG."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, replace
from typing import cast

import pypdfium2
import pytest
from PIL import Image, ImageStat

from bookmaker.core.board.grid import Grid
from bookmaker.core.board.marks import CageMark, Marks
from bookmaker.core.board.shape import board_of, jigsaw_of
from bookmaker.pages.board import SHADE_GREY, board_drawing, cage_drawings
from bookmaker.pages.page import GridPlacement, Page, PageGeometry, inches
from bookmaker.render.pdf import Metadata, render_pdf_bytes
from bookmaker.render.png import render_png_bytes
from bookmaker.render.sheet import Sheet, sheet_geometry, sheet_pdf_bytes
from bookmaker.render.style import RenderError, RenderStyle
from bookmaker.render.svg import render_svg_text

DPI = 144
SCALE = DPI / 72
JIGSAW_6 = ("AAABBB"
            "AACCBB"
            "ACCCDB"
            "ECDDDF"
            "EEDDFF"
            "EEEFFF")
SOLUTION_6 = "123456456123231564564231312645645312"  # rows, columns and 2x3 boxes


@dataclass(frozen=True)
class Cage:
    """A cage as core/killer/cages.py has it: its cells and their total."""

    cells: tuple[int, ...]
    total: int


def jigsaw_board():
    return jigsaw_of([ord(letter) - ord("A") for letter in JIGSAW_6])


def empty(shape) -> Grid:
    return Grid(shape, (0,) * shape.cell_count)


def marks_of(cages) -> Marks:
    """A Killer's marks: its cages dashed, each labelled with its total."""
    return Marks(cages=tuple(CageMark(cage.cells, str(cage.total)) for cage in cages))


def sheet_of(grid: Grid, side: float = 216.0, solution: Grid | None = None,
             cages=()) -> Sheet:
    """A sheet holding just the grid, 10 pt in from its bottom-left corner."""
    width = height = side + 20
    style = RenderStyle(sheet_geometry(width, height))
    return Sheet(width, height, (), GridPlacement(10, 10, side, grid, solution,
                                                  marks=marks_of(cages)), style)


def png_of(sheet: Sheet) -> Image.Image:
    return Image.open(io.BytesIO(render_png_bytes(sheet, DPI))).convert("L")


def pixel(image: Image.Image, sheet: Sheet, col: float, row: float) -> int:
    """The grey at (col, row) in cell units from the grid's top-left corner."""
    grid = sheet.grid
    x = (grid.x + col * sheet.cell) * SCALE
    y = (sheet.height - grid.y - grid.side + row * sheet.cell) * SCALE
    return cast(int, image.getpixel((int(x), int(y))))  # a grey image's pixel


def dark_width(image: Image.Image, sheet: Sheet, col: int, row: float) -> int:
    """How many dark pixels wide the vertical line at grid column `col` is, at `row`."""
    grid = sheet.grid
    x = (grid.x + col * sheet.cell) * SCALE
    y = int((sheet.height - grid.y - grid.side + row * sheet.cell) * SCALE)
    return sum(1 for dx in range(-8, 9) if cast(int, image.getpixel((int(x) + dx, y))) < 128)


def test_x_diagonal_cells_are_shaded_light_grey_and_the_others_white():
    shape = board_of(3, 3, "x")
    sheet = sheet_of(empty(shape))
    image = png_of(sheet)
    diagonal = {(i, i) for i in range(9)} | {(i, 8 - i) for i in range(9)}
    for row in range(9):
        for col in range(9):
            expected = round(255 * SHADE_GREY) if (row, col) in diagonal else 255
            assert pixel(image, sheet, col + 0.3, row + 0.7) == expected, (row, col)


def test_hyper_windows_are_shaded():
    shape = board_of(3, 3, "hyper")
    shaded = set(board_drawing(shape).shaded)
    windows = {(top + r, left + c) for top in (1, 5) for left in (1, 5)
               for r in range(3) for c in range(3)}
    assert shaded == windows
    sheet = sheet_of(empty(shape))
    image = png_of(sheet)
    assert pixel(image, sheet, 1.5, 1.5) < 255 and pixel(image, sheet, 0.5, 0.5) == 255


def test_jigsaw_heavy_lines_lie_exactly_on_region_boundaries():
    shape = jigsaw_board()
    sheet = sheet_of(empty(shape))
    image = png_of(sheet)
    thin, heavy = (max(1, round(weight * SCALE)) for weight in sheet.line_weights[:2])
    assert heavy > thin
    for row in range(6):
        for col in range(1, 6):
            boundary = JIGSAW_6[row * 6 + col - 1] != JIGSAW_6[row * 6 + col]
            assert dark_width(image, sheet, col, row + 0.5) == (heavy if boundary else thin), \
                (row, col)


def test_a_classic_board_is_box_lines_over_cell_lines_in_full_length_runs():
    drawing = board_drawing(board_of(2, 3))
    assert drawing.full and not drawing.shaded
    assert [(r.vertical, r.at, r.start, r.end) for r in drawing.heavy] == \
        [(True, 3, 0, 6), (False, 2, 0, 6), (False, 4, 0, 6)]
    assert len(drawing.thin) == 7 and len(drawing.outline) == 4


def test_samurai_holes_stay_empty_and_its_outline_is_drawn_round_them():
    shape = board_of(3, 3, "samurai")
    sheet = sheet_of(Grid(shape, tuple(1 + c % 9 for c in range(shape.cell_count))), 315.0)
    image = png_of(sheet)
    cells = set(shape.positions)
    holes = [(r, c) for r in range(21) for c in range(21) if (r, c) not in cells]
    assert len(holes) == 21 * 21 - 369
    for row, col in holes:
        corners = [pixel(image, sheet, col + dx, row + dy) for dx in (0.25, 0.5, 0.75)
                   for dy in (0.25, 0.5, 0.75)]
        assert corners == [255] * 9, (row, col)  # nothing drawn inside a hole
    # The edge between the top-left grid and the gap beside it is the outline's weight,
    # heavier than the box line inside the grid.
    border = max(1, round(sheet.line_weights[2] * SCALE))
    assert dark_width(image, sheet, 9, 2.5) == border
    assert dark_width(image, sheet, 6, 2.5) == max(1, round(sheet.line_weights[1] * SCALE))


KILLER_6 = (Cage((0, 1), 3), Cage((2, 3, 9), 8), Cage((4, 5, 11), 14), Cage((6, 12), 6),
            Cage((7, 8, 13, 14), 15), Cage((10, 16, 17), 12), Cage((15, 21, 22), 10),
            Cage((18, 24, 30), 14), Cage((19, 20, 25, 26), 13), Cage((23, 29, 35), 8),
            Cage((27, 28, 33, 34), 14), Cage((31, 32), 9))


def test_the_killer_fixture_sums_its_solution():
    cells = sorted(c for cage in KILLER_6 for c in cage.cells)
    assert cells == list(range(36))
    for cage in KILLER_6:
        assert cage.total == sum(int(SOLUTION_6[c]) for c in cage.cells)


def killer_pdf(grid: Grid, cages, side: float = 300.0, solution: Grid | None = None) -> bytes:
    geometry = PageGeometry(inches(6), inches(9))
    placement = GridPlacement(60, 200, side, grid, solution, "Puzzle 1", marks=marks_of(cages))
    return render_pdf_bytes([Page(1, (placement,))], RenderStyle(geometry), Metadata("k"))


def test_every_cage_total_is_printed_in_its_cages_top_left_cell():
    shape = board_of(2, 3)
    pdf = killer_pdf(empty(shape), KILLER_6)
    page = pypdfium2.PdfDocument(pdf)[0]
    text = page.get_textpage()
    cell = 300.0 / 6
    found = {}
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        if char.isdigit():
            left, bottom, right, top = text.get_charbox(index)
            row, col = int((200 + 300 - top) // cell), int((left - 60) // cell)
            found.setdefault((row, col), "")
            found[(row, col)] += char
    expected = {divmod(cage.cells[0], 6): str(cage.total) for cage in KILLER_6}
    in_grid = {(row, col): v for (row, col), v in found.items() if 0 <= row < 6 and 0 <= col < 6}
    assert in_grid == expected  # (the label and page number are outside the grid)


def test_cage_outlines_are_dashed_on_the_page():
    shape = board_of(2, 3)
    sheet = sheet_of(empty(shape), cages=KILLER_6)
    image = png_of(sheet)
    # Along the inset bottom line of the 4-cell cage at rows 1-2, columns 1-2 (cells 7, 8,
    # 13, 14): ink and gaps alternate.
    inset = 3 - 0.1
    samples = [pixel(image, sheet, 1.2 + i * 0.01, inset) < 160 for i in range(160)]
    changes = sum(1 for a, b in zip(samples, samples[1:]) if a != b)
    assert changes >= 10 and any(samples) and not all(samples)
    drawings = cage_drawings(shape, marks_of(KILLER_6).cages)
    assert [len(d.loops) for d in drawings] == [1] * len(KILLER_6)
    assert drawings[4].loops[0] == ((1.1, 1.1), (2.9, 1.1), (2.9, 2.9), (1.1, 2.9))


def test_a_cage_round_a_cell_has_an_inner_loop_too():
    ring = Cage((0, 1, 2, 6, 8, 12, 13, 14), 40)
    drawing = cage_drawings(board_of(2, 3), marks_of([ring]).cages)[0]
    assert drawing.loops[1] == ((0.9, 0.9), (0.9, 2.1), (2.1, 2.1), (2.1, 0.9))


@pytest.mark.parametrize("side", [150.0, 300.0])
def test_a_given_digit_and_its_cells_cage_total_never_touch(side):
    shape = board_of(2, 3)
    givens = Grid(shape, tuple(int(v) for v in SOLUTION_6))  # a digit in every cell
    page = pypdfium2.PdfDocument(killer_pdf(givens, KILLER_6, side))[0]
    text = page.get_textpage()
    boxes = [text.get_charbox(i) for i in range(text.count_chars())
             if text.get_text_range(i, 1).isdigit()]
    totals = sum(len(str(cage.total)) for cage in KILLER_6)
    assert len(boxes) == 1 + 36 + totals + 1  # label's 1, digits, totals, page number
    for index, (left, bottom, right, top) in enumerate(boxes):
        for other in boxes[index + 1:]:
            apart_x = min(right, other[2]) <= max(left, other[0])
            apart_y = min(top, other[3]) <= max(bottom, other[1])
            assert apart_x or apart_y, ((left, bottom, right, top), other)


def test_cells_too_small_for_readable_totals_are_refused():
    with pytest.raises(RenderError, match="too small for 7 pt cage totals"):
        killer_pdf(empty(board_of(2, 3)), KILLER_6, side=100.0)


def test_an_answer_shows_its_solved_grid_without_cages_or_totals():
    shape = board_of(2, 3)
    solution = Grid(shape, tuple(int(v) for v in SOLUTION_6))
    page = pypdfium2.PdfDocument(killer_pdf(empty(shape), KILLER_6, 150.0, solution))[0]
    digits = re.sub(r"\D", "", page.get_textpage().get_text_range())
    assert digits == SOLUTION_6 + "11"  # the answers, the label's 1, the page number
    svg = render_svg_text(sheet_of(empty(shape), solution=solution, cages=KILLER_6))
    assert 'class="cages"' not in svg and 'class="total"' not in svg


def test_the_svg_dashes_its_cages_and_writes_each_total():
    svg = render_svg_text(sheet_of(empty(board_of(2, 3)), cages=KILLER_6))
    assert re.search(r'class="cages"[^>]*stroke-dasharray="[\d.]+ [\d.]+"', svg)
    totals = re.findall(r'class="total" aria-label="(\d+)"', svg)
    assert totals == [str(cage.total) for cage in KILLER_6]


def test_variant_boards_give_the_same_bytes_every_time():
    boards = [board_of(3, 3, "x"), board_of(3, 3, "hyper"), jigsaw_board(),
              board_of(3, 3, "samurai")]
    pages = [Page(1, (GridPlacement(40, 150, 320, empty(shape)),)) for shape in boards]
    pages.append(Page(2, (GridPlacement(40, 150, 320, empty(board_of(2, 3)),
                                        marks=marks_of(KILLER_6)),)))
    style = RenderStyle(PageGeometry(inches(6), inches(9)))
    assert render_pdf_bytes(pages, style, Metadata("v")) == \
        render_pdf_bytes(pages, style, Metadata("v"))
    sheet = sheet_of(empty(jigsaw_board()), cages=KILLER_6[:0])
    assert render_png_bytes(sheet, DPI) == render_png_bytes(sheet, DPI)
    killer = sheet_of(empty(board_of(2, 3)), cages=KILLER_6)
    assert render_svg_text(killer) == render_svg_text(replace(killer))


@pytest.mark.parametrize("board, cages", [("x", KILLER_6), ("samurai", ()), ("jigsaw", ())])
def test_the_pdf_and_the_png_of_a_sheet_shade_and_ink_the_same_cells(board, cages):
    shape = {"x": board_of(2, 3, "x"), "samurai": board_of(3, 3, "samurai"),
             "jigsaw": jigsaw_board()}[board]
    grid = Grid(shape, tuple((c * 7) % shape.size + 1 if c % 5 == 0 else 0
                             for c in range(shape.cell_count)))
    sheet = sheet_of(grid, 252.0, cages=cages)
    png = png_of(sheet)
    pdf = pypdfium2.PdfDocument(sheet_pdf_bytes(sheet, Metadata("s")))[0]
    pdf = pdf.render(scale=SCALE, grayscale=True).to_pil().convert("L")
    frame = board_drawing(shape).frame
    for row in range(frame):
        for col in range(frame):
            box = [round(v) for v in ((sheet.grid.x + col * sheet.cell) * SCALE,
                                      (sheet.height - sheet.grid.y - sheet.grid.side
                                       + row * sheet.cell) * SCALE)]
            box += [box[0] + round(sheet.cell * SCALE), box[1] + round(sheet.cell * SCALE)]
            means = [ImageStat.Stat(image.crop(box)).mean[0] for image in (png, pdf)]
            # Hinted PNG glyphs are a little darker than the PDF's in small cells; a
            # missing shade (about 25 levels over a cell) or line would be far more.
            assert means[0] == pytest.approx(means[1], abs=16), (row, col)
            assert (means[0] == 255) == (means[1] == 255), (row, col)  # holes: nothing
