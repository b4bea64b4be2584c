"""Print rules over everything drawn (issue 22): no stroke under 0.75 pt on a print layout
(the cell line, held there by the spec: one rule, RenderStyle.stroke), shading 18-20 % grey."""

from __future__ import annotations

import pytest
from drawing import Recorder, fill_greys, stroke_widths

from bookmaker.book.build import build
from bookmaker.book.cover import make_cover
from bookmaker.core.board.grid import Grid
from bookmaker.core.board.marks import BlockMark, CageMark, EdgeMark, Marks, SignMark
from bookmaker.core.board.shape import board_of, latin_of
from bookmaker.design.layout import POD_MIN_LINE
from bookmaker.pages.board import SHADE_GREY
from bookmaker.pages.page import GridPlacement, PageGeometry, inches
from bookmaker.render.board import draw_board
from bookmaker.render.style import RenderStyle
from bookmaker.spec import load_spec

PRINT = RenderStyle(PageGeometry(inches(6), inches(9)), cell_line=0.75, box_line=2.0,
                    border_line=2.5)
KILLER = Marks(cages=(CageMark((0, 1, 2), "6"), CageMark((3, 4, 5), "15")))
LATIN = Marks(cages=(CageMark((0, 1), "3+", "outlined"),), signs=(SignMark(2, 3, "<"),),
              edges=(EdgeMark("top", 0, "2"),), blocks=(BlockMark(5, 5, "3", "4"),))


def boards():
    """Boards of every look, as puzzles and answers, in cells from 11 to 40 pt."""
    for shape, marks in ((board_of(3, 3), Marks()), (board_of(3, 3, "x"), Marks()),
                         (board_of(3, 3, "samurai"), Marks()), (board_of(2, 3), KILLER),
                         (latin_of(6), LATIN)):
        empty = Grid(shape, (0,) * shape.cell_count)
        solved = Grid(shape, tuple(1 + c % shape.size for c in range(shape.cell_count)))
        frame = max(shape.frame) + 2
        for cell, solution in ((40.0, None), (24.0, None), (11.0, solved), (40.0, solved)):
            yield GridPlacement(0, 0, cell * frame, empty, solution, marks=marks)


def test_no_board_is_drawn_with_a_stroke_under_the_least_stroke():
    for placement in boards():
        canvas = Recorder()
        draw_board(canvas, placement, PRINT)
        pens = [call for call in canvas.calls if call.pen is not None]
        assert pens
        for call in pens:
            assert call.pen.weight >= PRINT.least_stroke == POD_MIN_LINE, \
                (call.role, call.pen.weight, placement.cell)


def test_killer_cages_are_dashed_at_the_cell_line_and_left_off_answers():
    canvas = Recorder()
    draw_board(canvas, next(p for p in boards() if p.marks is KILLER), PRINT)
    assert canvas.of("cages")[0].pen.weight == PRINT.cell_line
    answer = [p for p in boards() if p.marks is KILLER and p.solution is not None][0]
    canvas = Recorder()
    draw_board(canvas, answer, PRINT)
    assert not canvas.of("cages") and not canvas.of("total")


@pytest.fixture(scope="module")
def killer_book(tmp_path_factory) -> dict[str, bytes]:
    folder = tmp_path_factory.mktemp("strokes")
    spec = folder / "book.yaml"
    spec.write_text("""\
book:
  title: Strokes
  seed: 7
  layout: kdp-6x9
  answers: back
  difficulty_mark: squares
sections:
  - {name: Plain, size: 4x4, count: 2, difficulty: beginner}
  - {name: Diagonals, size: 6x6, count: 1, variant: x}
  - {name: Cages, size: 4x4, count: 2, variant: killer, difficulty: beginner}
cover: {design: bold}
""", encoding="utf-8")
    out = folder / "out"
    build(load_spec(spec), out)
    make_cover(load_spec(spec), out)
    return {path.name: path.read_bytes() for path in out.iterdir() if path.suffix == ".pdf"}


def test_every_stroke_of_a_built_book_and_its_cover_is_at_least_075_pt(killer_book):
    assert set(killer_book) == {"strokes.pdf", "strokes-cover.pdf"}
    for name, data in killer_book.items():
        widths = stroke_widths(data)
        assert widths and min(widths) >= POD_MIN_LINE, (name, sorted(set(widths))[:5])


def test_shading_is_20_percent_grey_and_every_grey_filled_is_at_least_18_percent(killer_book):
    assert 0.80 <= SHADE_GREY <= 0.82 and SHADE_GREY * 15 == round(SHADE_GREY * 15)
    greys = set(fill_greys(killer_book["strokes.pdf"]))
    assert SHADE_GREY in {round(g, 6) for g in greys} or any(abs(g - SHADE_GREY) < 1e-6
                                                              for g in greys)
    assert all(g == 1 or g <= 0.82 for g in greys), sorted(greys)
