"""Every Marks field drawn by the one board function, the same in PDF and PNG: cages dashed
or outlined with their labels, signs between cells, clues outside the grid (in a ring the
pages reserve), clue blocks; answers keep the board and drop the clues."""

from __future__ import annotations

import io

import pypdfium2
import pytest
from drawing import Recorder
from PIL import Image, ImageStat

from bookmaker.core.board.grid import Grid
from bookmaker.core.board.marks import BlockMark, CageMark, EdgeMark, Marks, SignMark
from bookmaker.core.board.shape import latin_of, shape_for_size
from bookmaker.core.kinds.kind import Kind
from bookmaker.core.kinds.presentation import Presentation
from bookmaker.core.registry import kind_named
from bookmaker.design.cells import cells_across
from bookmaker.design.glyphs import numbers
from bookmaker.pages.board import OUTLINED_LABEL_AT, SIGN_SPAN, Run, cage_borders, sign_chevron
from bookmaker.pages.page import GridPlacement, PageGeometry, inches
from bookmaker.render.board import draw_board
from bookmaker.render.canvas import CENTRE, TOP_LEFT
from bookmaker.render.metrics import (
    registered,
    sign_least_span,
    symbol_font_size,
    text_width_em,
)
from bookmaker.render.pdf import Metadata
from bookmaker.render.png import render_png_bytes
from bookmaker.render.sheet import Sheet, sheet_geometry, sheet_pdf_bytes
from bookmaker.render.style import RenderError, RenderStyle

STYLE = RenderStyle(PageGeometry(inches(6), inches(9)))
LATIN_4 = "1234" "3412" "2143" "4321"
SOLUTION = Grid(latin_of(4), tuple(int(v) for v in LATIN_4))
EMPTY = Grid(latin_of(4), (0,) * 16)
CAGES = Marks(cages=(CageMark((0, 1), "4+", "outlined"), CageMark((2, 3, 7), "24×", "outlined"),
                     CageMark((4, 8), "3−", "outlined"), CageMark((5, 6), "2÷", "outlined"),
                     CageMark((9, 10, 11, 15), "8+", "outlined"), CageMark((12, 13), "6+",
                                                                           "outlined"),
                     CageMark((14,), "2", "outlined")))
SIGNS = Marks(signs=(SignMark(0, 1, "<"), SignMark(5, 4, "<"), SignMark(2, 6, ">"),
                     SignMark(11, 7, "<")))
EDGES = Marks(edges=(EdgeMark("top", 0, "4"), EdgeMark("bottom", 3, "1"),
                     EdgeMark("left", 1, "2"), EdgeMark("right", 2, "3")))
BLOCKS = Marks(blocks=(BlockMark(0, 0), BlockMark(0, 1, down="7"),
                       BlockMark(1, 0, across="10", down="3")))


def recorded(marks: Marks, solution: Grid | None = None, side: float = 200.0) -> Recorder:
    canvas = Recorder()
    draw_board(canvas, GridPlacement(0, 0, side, EMPTY, solution, marks=marks), STYLE)
    return canvas


def test_outlined_cages_are_heavy_lines_between_cages_with_their_labels_top_left():
    borders = cage_borders(latin_of(4), CAGES.cages)
    assert Run(True, 1, 1, 3) in borders  # 4|5 (3− and 2÷) and 8|9 (3− and 8+)
    assert not any(run.vertical and run.at == 1 and run.start == 0 for run in borders)
    canvas = recorded(CAGES)
    lines = canvas.of("cage borders")[0]
    assert lines.pen.weight == 2.0 and not canvas.of("cages")  # the box line; no dashes
    labels = canvas.of("total")[0].items
    assert [(label.text, label.x, label.y, label.anchor) for label in labels[:2]] == \
        [("4+", OUTLINED_LABEL_AT[0], OUTLINED_LABEL_AT[1], TOP_LEFT),
         ("24×", 2 + OUTLINED_LABEL_AT[0], OUTLINED_LABEL_AT[1], TOP_LEFT)]


def test_a_sign_points_at_the_smaller_cell_side_by_side_and_stacked():
    shape = latin_of(4)
    arm, point, other = sign_chevron(shape, SignMark(0, 1, "<"))  # first (left) smaller
    assert point[0] < 1 < arm[0] == other[0] and point[1] == 0.5
    arm, point, other = sign_chevron(shape, SignMark(2, 6, ">"))  # second (below) smaller
    assert point[1] > 1 > arm[1] == other[1] and point[0] == 2.5
    arm, point, _ = sign_chevron(shape, SignMark(11, 7, "<"))  # first (below) smaller
    assert point[1] > 2 > arm[1]
    with pytest.raises(ValueError, match="no sign"):
        sign_chevron(shape, SignMark(0, 5, "<"))


def test_signs_are_chevrons_on_knockouts_and_refused_in_cells_too_small_to_read():
    canvas = recorded(SIGNS)
    assert len(canvas.of("sign grounds")[0].items) == 4
    assert len(canvas.of("signs")[0].items) == 8  # two arms each
    with pytest.raises(RenderError, match="too small for signs"):
        recorded(SIGNS, side=40.0)


def test_clues_outside_the_grid_sit_in_a_ring_the_placement_reserves():
    placement = GridPlacement(10, 20, 240, EMPTY, marks=EDGES)
    assert placement.ring == 1 and placement.cell == 40.0
    assert placement.board_box == (50.0, 60.0, 160.0)
    labels = recorded(EDGES, side=240).of("edge clue")[0].items
    assert [(label.x, label.y, label.anchor) for label in labels] == \
        [(0.5, -0.5, CENTRE), (3.5, 4.5, CENTRE), (-0.5, 1.5, CENTRE), (4.5, 2.5, CENTRE)]
    answer = GridPlacement(10, 20, 240, EMPTY, SOLUTION, marks=EDGES)
    assert answer.ring == 0 and not recorded(EDGES, SOLUTION).of("edge clue")


class _Ringed(Kind):
    presentation = Presentation(outside_cells=1)

    def board(self, frame, seed=0):
        return frame


def test_the_spec_fit_counts_the_ring_of_outside_cells():
    assert cells_across(_Ringed(), latin_of(6)) == 8


def test_clue_blocks_are_tinted_with_a_diagonal_short_of_the_corners_and_black_sums():
    # Issue 36: solid black squares (heavy toner, show-through) whose diagonals chained
    # into long slashes from one square's corner to the next.
    canvas = recorded(BLOCKS)
    assert canvas.of("blocks")[0].fill == 10 / 15 and len(canvas.of("blocks")[0].items) == 3
    assert canvas.of("block lines")[0].items == canvas.of("blocks")[0].items
    assert canvas.of("block diagonals")[0].items == [((1.12, 0.12), (1.88, 0.88)),
                                                     ((0.12, 1.12), (0.88, 1.88))]
    assert canvas.of("block diagonals")[0].pen.grey == 0.0
    sums = canvas.of("block clue")[0]
    assert sums.grey == 0.0 and [label.text for label in sums.items] == ["7", "10", "3"]
    assert not recorded(BLOCKS, SOLUTION).of("block clue")


def test_an_answer_keeps_the_cage_outlines_and_leaves_out_labels_and_signs():
    both = Marks(cages=CAGES.cages, signs=SIGNS.signs)
    canvas = recorded(both, SOLUTION)
    assert canvas.of("cage borders") and not canvas.of("total") and not canvas.of("signs")


@pytest.mark.parametrize("marks", [CAGES, SIGNS, EDGES, BLOCKS],
                         ids=["cages", "signs", "edges", "blocks"])
def test_the_pdf_and_the_png_draw_the_same_marks(marks):
    side = 240.0
    sheet = Sheet(side + 20, side + 20, (), GridPlacement(10, 10, side, EMPTY, marks=marks),
                  RenderStyle(sheet_geometry(side + 20, side + 20)))
    png = Image.open(io.BytesIO(render_png_bytes(sheet, 144))).convert("L")
    page = pypdfium2.PdfDocument(sheet_pdf_bytes(sheet, Metadata("m")))[0]
    pdf = page.render(scale=2, grayscale=True).to_pil().convert("L")
    across = 4 + 2 * marks.outside
    cell = side / across * 2
    for row in range(across):
        for col in range(across):
            box = [round(20 + col * cell), round(20 + row * cell),
                   round(20 + (col + 1) * cell), round(20 + (row + 1) * cell)]
            means = [ImageStat.Stat(image.crop(box)).mean[0] for image in (png, pdf)]
            assert means[0] == pytest.approx(means[1], abs=12), (row, col)


def ink_boxes(call, cell: float) -> list[tuple[str, float, float, float, float]]:
    """(text, left, top, right, bottom) of each label's figures in a text call, in cells:
    a TOP_LEFT label's ink starts at its point, a centred one is centred on it."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from bookmaker.render.metrics import registered

    face = call.faces[0]
    height = face.size * face.top / cell
    boxes = []
    for label in call.items:
        width = stringWidth(label.text, registered(face.font), face.size) / cell
        left, top = (label.x, label.y) if label.anchor == TOP_LEFT else \
            (label.x - width / 2, label.y - height / 2)
        boxes.append((label.text, left, top, left + width, top + height))
    return boxes


def caged_drawing(style: str, side: float):
    """A caged puzzle with givens (as a worked example draws one), drawn: its placement,
    and the ink boxes of its labels and its digits, in cells."""
    cages = Marks(cages=tuple(CageMark(cage.cells, cage.label, style) for cage in CAGES.cages))
    givens = Grid(latin_of(4), tuple(v if i % 3 else 0 for i, v in enumerate(SOLUTION.cells)))
    canvas = Recorder()
    placement = GridPlacement(0, 0, side, givens, marks=cages)
    draw_board(canvas, placement, STYLE)
    return (placement, ink_boxes(canvas.of("total")[0], placement.cell),
            ink_boxes(canvas.of("given")[0], placement.cell))


CAGE_STYLES = pytest.mark.parametrize("style", ["outlined", "dashed"])
CELL_SIDES = pytest.mark.parametrize("side", [200.0, 4 * 22.6])  # roomy, a Calcudoku's least


@CAGE_STYLES
@CELL_SIDES
def test_a_caged_puzzle_s_digits_stay_a_pad_clear_of_their_label_s_knock_out(style, side):
    from bookmaker.pages.board import CAGE_LABEL_PAD

    _, labels, digits = caged_drawing(style, side)
    below = [round(digit[2] - label[4], 6) for digit in digits for label in labels
             if int(digit[2]) == int(label[2]) and digit[1] < label[3] and label[1] < digit[3]]
    assert len(below) >= 3 and min(below) >= 2 * CAGE_LABEL_PAD  # knock-out, then a pad


@CAGE_STYLES
@CELL_SIDES
def test_a_caged_puzzle_s_digits_sit_in_each_cell_s_entry_below_its_label(style, side):
    from bookmaker.pages.board import CAGE_LABEL_PAD, ENTRY_FOOT, entry_of, label_reach

    placement, labels, digits = caged_drawing(style, side)
    height = labels[0][4] - labels[0][2]
    entry = entry_of(label_reach(style == "outlined", height))
    assert entry.top == pytest.approx(max(box[4] - int(box[2]) for box in labels)
                                      + 2 * CAGE_LABEL_PAD)
    assert entry.bottom == 1 - ENTRY_FOOT and entry.height > 0.45
    for _, _, top, _, bottom in digits:  # every digit inside its cell's entry
        row = int(top)
        assert row + entry.top <= top and bottom <= row + entry.bottom
    assert not [(d[0], lab[0]) for d in digits for lab in labels  # and clear of every label
                if d[1] < lab[3] and lab[1] < d[3] and d[2] < lab[4] and lab[2] < d[4]]


def test_an_answer_s_digits_fill_their_cells_as_it_shows_no_labels():
    from bookmaker.pages.board import Entry
    from bookmaker.render.metrics import entry

    placement = GridPlacement(0, 0, 200.0, EMPTY, SOLUTION, marks=CAGES)
    assert entry(placement, 0.73) == Entry(0.0, 1.0)
    solved = ink_boxes(recorded(CAGES, SOLUTION).of("solved")[0], placement.cell)
    assert [round((box[2] + box[4]) / 2 % 1, 6) for box in solved] == [0.5] * 16


def test_a_kakuro_s_border_is_the_frame_s_square_round_its_black_squares_too():
    from bookmaker.core.board.shape import kakuro_of
    from bookmaker.pages.board import board_drawing
    from bookmaker.render.board import draw_grid

    shape = kakuro_of("###/#../#..")
    drawing = board_drawing(shape)
    assert drawing.squared and not drawing.full
    assert sorted(drawing.outline, key=lambda run: (run.vertical, run.at)) == [
        Run(False, 0, 0, 3), Run(False, 3, 0, 3), Run(True, 0, 0, 3), Run(True, 3, 0, 3)]
    assert Run(False, 1, 1, 3) in drawing.thin and Run(True, 1, 1, 3) in drawing.thin
    canvas = Recorder()
    draw_grid(canvas, drawing, (0.5, 1.0, 2.0))
    assert [(call.kind, call.items) for call in canvas.of("border")] == [
        ("rects", [(0, 0, 3, 3)])]


def test_a_board_of_dashed_cages_draws_its_cell_lines_grey_and_its_answer_black():
    # Issue 36: on 6x9 two-up Killers 0.75 pt black cell lines beside 0.75 pt black cage
    # dashes read as railway track; grey cell lines leave the dashes the black lines.
    dashed = Marks(cages=(CageMark((0, 1), "3", "dashed"), CageMark((2, 3), "7", "dashed")))
    cells = recorded(dashed).of("cell lines")[0].pen
    assert cells.grey == 8 / 15 and cells.weight == STYLE.cell_line
    assert recorded(dashed).of("cages")[0].pen.grey == 0.0
    assert recorded(dashed, SOLUTION).of("cell lines")[0].pen.grey == 0.0
    assert recorded(CAGES).of("cell lines")[0].pen.grey == 0.0  # outlined: no dashes


def test_hyper_windows_keep_their_shading_under_givens_on_the_page_and_in_its_pixels():
    # Issue 36 saw the windows "lose their shading under every given": the shade is drawn
    # under each window cell, given or not, and nothing lighter is drawn over it.
    shape = kind_named("hyper").board(shape_for_size(9))
    cells = [0] * 81
    for index in (10, 11, 12, 20, 30, 60, 70):  # r2c2, r2c3, r2c4, r3c3, r4c4, r7c7, r8c8
        cells[index] = 5
    placement = GridPlacement(0, 0, 270, Grid(shape, tuple(cells)))
    canvas = Recorder()
    draw_board(canvas, placement, STYLE)
    shaded = {(row, col) for col, row, _, _ in canvas.of("shade")[0].items}
    assert {shape.positions[index] for index in (10, 11, 12, 20, 30, 60, 70)} <= shaded
    assert not [call for call in canvas.calls if call.kind == "rects" and call.fill is not
                None and call.fill > 0.8 and call.role != "shade"]
    pixels = Image.open(io.BytesIO(render_png_bytes(Sheet(270.0, 270.0, (), placement,
                                                          STYLE), 72))).convert("L")
    for row, col in ((1, 2), (3, 3), (7, 7)):  # given cells: a corner clear of the digit
        assert pixels.getpixel((col * 30 + 6, row * 30 + 6)) == 204  # the shade's 20 %


def test_two_digit_numerals_leave_the_cells_corners_for_pencil_marks():
    # Issue 36: a 25x25's '23' filled its cell from line to line.
    cell = 21.6  # a 25x25 across an 8.5 x 11 in page
    size = symbol_font_size(STYLE, cell, numbers(25))
    widest = max(text_width_em(s, registered(STYLE.font_bold)) for s in numbers(25)) * size
    assert widest <= 0.62 * cell + 1e-9 and size >= 7.0
    assert symbol_font_size(STYLE, cell, numbers(9)) > size  # one digit: as before


def test_digits_beside_match_signs_print_smaller_never_under_the_least_text():
    """A Tango's = and x reach into the cells beside their edge: its digits print at
    MATCH_SIGN_DIGITS of the size a board without them gets (a 0 over an = read as
    underlined), where that stays at or above the least text size."""
    from bookmaker.pages.board import MATCH_SIGN_DIGITS
    from bookmaker.render.style import MIN_TEXT_SIZE

    given = Grid(latin_of(4), (1,) + (0,) * 15)
    match = Marks(signs=(SignMark(0, 1, "="), SignMark(4, 5, "x")))

    def size(marks: Marks, side: float) -> float:
        canvas = Recorder()
        draw_board(canvas, GridPlacement(0, 0, side, given, marks=marks), STYLE)
        return canvas.of("given")[0].faces[0].size

    assert size(match, 200) == pytest.approx(MATCH_SIGN_DIGITS * size(SIGNS, 200))
    assert size(SIGNS, 200) == size(Marks(), 200)  # Futoshiki's chevrons leave digits be
    smallest = 4 * sign_least_span() / SIGN_SPAN  # the least cells signs may be drawn in
    assert size(match, smallest) >= MIN_TEXT_SIZE - 1e-9
