"""The one drawing interface: draw_board's calls for a board, each backend implementing every
primitive, and PNG and SVG taking nothing from the PDF backend."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest
from drawing import Recorder

from bookmaker.core.board.grid import Grid
from bookmaker.core.board.marks import CageMark, Marks
from bookmaker.core.board.shape import board_of
from bookmaker.pages.board import CAGE_DASH, SHADE_GREY
from bookmaker.pages.page import GridPlacement, PageGeometry, inches
from bookmaker.render import canvas as drawing_api
from bookmaker.render.board import draw_board
from bookmaker.render.canvas import BUTT, TOP_LEFT
from bookmaker.render.pdf import PdfBoard
from bookmaker.render.png import PngBoard
from bookmaker.render.style import RenderStyle
from bookmaker.render.svg import SvgBoard

RENDER = Path(__file__).resolve().parents[1] / "bookmaker" / "render"
STYLE = RenderStyle(PageGeometry(inches(6), inches(9)))
SOLUTION_6 = "123456456123231564564231312645645312"


CAGES = Marks(cages=(CageMark((0, 1), "3"), CageMark((6, 7), "9")))


def recorded(placement: GridPlacement) -> Recorder:
    canvas = Recorder()
    draw_board(canvas, placement, STYLE)
    return canvas


def test_a_classic_board_is_cell_lines_region_lines_a_border_and_its_givens():
    shape = board_of(2, 3)
    givens = Grid(shape, tuple(int(v) if i % 4 == 0 else 0 for i, v in enumerate(SOLUTION_6)))
    canvas = recorded(GridPlacement(0, 0, 180, givens))
    assert [(c.kind, c.role) for c in canvas.calls] == [
        ("lines", "cell lines"), ("lines", "region lines"), ("rects", "border"),
        ("text", "given"), ("text", "solved")]
    border = canvas.of("border")[0]
    assert border.items == [(0, 0, 6, 6)] and border.pen.weight == 2.5
    assert [(label.text, label.x, label.y) for label in canvas.of("given")[0].items] == \
        [(SOLUTION_6[i], i % 6 + 0.5, i // 6 + 0.5) for i in range(0, 36, 4)]
    assert canvas.of("solved")[0].items == []


def test_an_x_board_shades_its_diagonals():
    canvas = recorded(GridPlacement(0, 0, 270, Grid(board_of(3, 3, "x"), (0,) * 81)))
    shade = canvas.of("shade")[0]
    assert shade.fill == SHADE_GREY and len(shade.items) == 17
    assert (4, 4, 1, 1) in shade.items and (0, 0, 1, 1) in shade.items


def test_a_killer_puzzle_has_dashed_cages_and_totals_on_knockouts():
    shape = board_of(2, 3)
    canvas = recorded(GridPlacement(0, 0, 300, Grid(shape, (0,) * 36), marks=CAGES))
    cages = canvas.of("cages")[0]
    assert cages.pen.dash == CAGE_DASH and cages.pen.cap == BUTT and cages.pen.grey == 0
    assert len(cages.items) == 2
    totals = canvas.of("total")[0]
    assert [(t.text, t.anchor, t.ground) for t in totals.items] == \
        [("3", TOP_LEFT, 1.0), ("9", TOP_LEFT, 1.0)]
    assert totals.pad > 0


def test_a_killer_answer_has_no_cages_and_no_totals():
    shape = board_of(2, 3)
    solution = Grid(shape, tuple(int(v) for v in SOLUTION_6))
    canvas = recorded(GridPlacement(0, 0, 300, Grid(shape, (0,) * 36), solution, marks=CAGES))
    assert not canvas.of("cages") and not canvas.of("total")
    assert len(canvas.of("solved")[0].items) == 36


@pytest.mark.parametrize("backend", [PdfBoard, PngBoard, SvgBoard])
def test_every_backend_draws_every_primitive_with_the_interfaces_arguments(backend):
    for name in ("rects", "lines", "polygons", "text"):
        wanted = inspect.signature(getattr(drawing_api.Canvas, name))
        assert inspect.signature(getattr(backend, name)) == wanted, name


@pytest.mark.parametrize("module", ["png.py", "svg.py", "board.py", "metrics.py", "style.py"])
def test_only_the_pdf_backend_and_what_uses_it_import_render_pdf(module):
    tree = ast.parse((RENDER / module).read_text())
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "pdf" not in imported and not any("reportlab.pdfgen" in (m or "") for m in imported)
