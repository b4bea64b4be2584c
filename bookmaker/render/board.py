"""The one function that draws a board onto any canvas (render/canvas.py): its shading,
cell and region lines and outline, a Killer's cages and totals, and its givens (and, on
an answer, the solved cells).

What a board looks like comes from pages/board.py (lines, shading, cage loops), how big
things are from render/metrics.py; this module turns both into canvas calls, so the PDF,
the PNG and the SVG draw every board alike. The PDF keeps each empty board as a form and
draws it once: it calls draw_grid for the form and draw_marks and draw_symbols on the
page, which is all draw_board does.
"""

from __future__ import annotations

from ..core.board.grid import SYMBOLS
from ..pages.board import (
    CAGE_DASH,
    CAGE_LABEL_AT,
    CAGE_LABEL_PAD,
    SHADE_GREY,
    BoardDrawing,
    Run,
    board_drawing,
    cage_drawings,
)
from ..pages.page import GridPlacement
from .canvas import BUTT, TOP_LEFT, Canvas, Face, Label, Pen, Segment
from .fonts import digit_extent
from .metrics import (
    CAGE_FAINT_GREY,
    cage_line,
    cage_total_size,
    digit_scale,
    line_weights,
    symbol_font_size,
)
from .style import RenderStyle

WHITE = 1.0


def draw_board(canvas: Canvas, placement: GridPlacement, style: RenderStyle) -> None:
    """The whole board of a placement: grid, marks, symbols."""
    draw_grid(canvas, board_drawing(placement.grid.shape),
              line_weights(style, placement.cell))
    draw_marks(canvas, placement, style)
    draw_symbols(canvas, placement, style)


def draw_grid(canvas: Canvas, drawing: BoardDrawing,
              weights: tuple[float, float, float]) -> None:
    """The empty board: shaded cells, cell lines, region lines, then its outline (the
    bordering square of a full board, mitred at the corners)."""
    cell_line, box_line, border = weights
    if drawing.shaded:
        canvas.rects([(col, row, 1, 1) for row, col in drawing.shaded], "shade",
                     fill=SHADE_GREY)
    canvas.lines(_segments(drawing.thin), Pen(cell_line), "cell lines")
    canvas.lines(_segments(drawing.heavy), Pen(box_line), "region lines")
    if drawing.full:
        canvas.rects([(0, 0, drawing.frame, drawing.frame)], "border", pen=Pen(border))
    else:
        canvas.lines(_segments(drawing.outline), Pen(border), "border")


def _segments(runs: tuple[Run, ...]) -> list[Segment]:
    return [((run.at, run.start), (run.at, run.end)) if run.vertical
            else ((run.start, run.at), (run.end, run.at)) for run in runs]


def draw_marks(canvas: Canvas, placement: GridPlacement, style: RenderStyle) -> None:
    """What the board shows beyond its cells and symbols: a Killer's cages."""
    if placement.cages:
        _draw_cages(canvas, placement, style)


def _draw_cages(canvas: Canvas, placement: GridPlacement, style: RenderStyle) -> None:
    """Dashed loops inset in their cells, and on a puzzle each total in its cage's
    top-left corner on a knock-out of the cell's own colour. An answer has its cages
    faint and no totals: its digits are the point there."""
    cages = cage_drawings(placement.grid.shape, placement.cages)
    answer = placement.solution is not None
    pen = Pen(cage_line(style, placement.cell, answer), CAGE_FAINT_GREY if answer else 0.0,
              CAGE_DASH, BUTT)
    canvas.polygons([loop for cage in cages for loop in cage.loops], pen, "cages")
    if answer:
        return
    top, bottom = digit_extent(str(style.font_regular))
    face = Face(style.font_regular, cage_total_size(placement.cell, top), top, bottom,
                role="total")
    shaded = set(board_drawing(placement.grid.shape).shaded)
    labels = [Label(str(cage.total), col + CAGE_LABEL_AT[0], row + CAGE_LABEL_AT[1], TOP_LEFT,
                    SHADE_GREY if (row, col) in shaded else WHITE)
              for cage in cages for row, col in (cage.label_cell,)]
    canvas.text(labels, [face], pad=CAGE_LABEL_PAD * placement.cell)


def draw_symbols(canvas: Canvas, placement: GridPlacement, style: RenderStyle) -> None:
    """The givens in bold and, on an answer, the solved cells in the regular face, each
    symbol's figures centred in its cell."""
    top, bottom = digit_extent(str(style.font_regular))
    size = symbol_font_size(style, placement.cell, placement.grid.shape.size) * \
        digit_scale(placement, style, top)
    faces = [Face(style.font_bold, size, top, bottom, bold=True, role="given"),
             Face(style.font_regular, size, top, bottom, role="solved")]
    positions = placement.grid.shape.positions
    labels = [Label(SYMBOLS[value - 1], col + 0.5, row + 0.5, face=0 if given else 1)
              for index, value, given in _symbols_to_draw(placement)
              for row, col in (positions[index],)]
    canvas.text(labels, faces)


def _symbols_to_draw(placement: GridPlacement):
    """(cell index, value, is it a given) for every cell that shows a symbol."""
    solution = placement.solution
    for index, given in enumerate(placement.grid.cells):
        value = given or (solution.cells[index] if solution is not None else 0)
        if value:
            yield index, value, bool(given)
