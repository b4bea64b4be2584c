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
from bookmaker.core.board.shape import latin_of
from bookmaker.core.kinds.kind import Kind
from bookmaker.pages.board import OUTLINED_LABEL_AT, Run, cage_borders, sign_chevron
from bookmaker.pages.page import GridPlacement, PageGeometry, inches
from bookmaker.render.board import draw_board
from bookmaker.render.canvas import CENTRE, TOP_LEFT
from bookmaker.render.pdf import Metadata
from bookmaker.render.png import render_png_bytes
from bookmaker.render.sheet import Sheet, sheet_geometry, sheet_pdf_bytes
from bookmaker.render.style import RenderError, RenderStyle
from bookmaker.spec.kinds import cells_across

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
    outside_cells = 1

    def frame_cells(self, frame) -> int:
        return frame.size


def test_the_spec_fit_counts_the_ring_of_outside_cells():
    assert cells_across(_Ringed(), latin_of(6)) == 8


def test_clue_blocks_are_black_with_a_diagonal_and_white_sums_left_off_answers():
    canvas = recorded(BLOCKS)
    assert canvas.of("blocks")[0].fill == 0.0 and len(canvas.of("blocks")[0].items) == 3
    assert canvas.of("block diagonals")[0].items == [((1, 0), (2, 1)), ((0, 1), (1, 2))]
    sums = canvas.of("block clue")[0]
    assert sums.grey == 1.0 and [label.text for label in sums.items] == ["7", "10", "3"]
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
