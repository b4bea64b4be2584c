"""A loop puzzle's board (a Slitherlink's): dots at the cells' corners and no cell lines,
each clue centred in its cell in bold; on an answer the loop drawn as a thick line along
the edges between the cells inside it and those outside."""

from __future__ import annotations

from ..core.board.grid import Grid
from ..pages.page import GridPlacement
from .canvas import Face, Label, Pen, Segment
from .fonts import digit_extent
from .metrics import entry, line_weights, symbol_font_size
from .style import RenderStyle

DOT = 0.12         # a dot's side, as a share of a cell
LOOP_WEIGHT = 1.5  # the loop's stroke, in borders' weights
INSIDE = 2         # a solution cell inside the loop (kinds/answer.py: edges)


def draw_loop_board(canvas, placement: GridPlacement, style: RenderStyle) -> None:
    """Dots, clues, and on an answer the loop, drawn a dot's width inside the grid's
    square so that the outer dots and the loop keep clear of the labels above and below
    it."""
    rows, cols = placement.grid.shape.frame
    scale = (max(rows, cols) - 2 * DOT) / max(rows, cols)

    def at(x: float, y: float) -> tuple[float, float]:
        return DOT + x * scale, DOT + y * scale
    half = DOT * scale / 2
    canvas.rects([(*(v - half for v in at(c, r)), DOT * scale, DOT * scale)
                  for r in range(rows + 1) for c in range(cols + 1)], "dots", fill=0.0)
    if placement.solution is not None:
        border = line_weights(style, placement.cell)[2]
        canvas.lines([(at(*a), at(*b)) for a, b in loop_segments(placement.solution)],
                     Pen(border * LOOP_WEIGHT), "loop")
    top, bottom = digit_extent(str(style.font_regular))
    size = symbol_font_size(style, placement.cell, ("0", "1", "2", "3")) * scale
    face = Face(style.font_bold, size, top, bottom, bold=True, role="given")
    middle = entry(placement, top).middle
    canvas.text([Label(str(value - 1), *at(index % cols + 0.5, index // cols + middle),
                       face=0)
                 for index, value in enumerate(placement.grid.cells) if value], [face])


def loop_segments(solution: Grid) -> list[Segment]:
    """The loop's edges, (col, row) to (col, row) in cells: between an inside cell and an
    outside one or the grid's edge."""
    rows, cols = solution.shape.frame

    def inside(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and solution.cells[r * cols + c] == INSIDE
    segments: list[Segment] = []
    for r in range(rows + 1):
        for c in range(cols):
            if inside(r - 1, c) != inside(r, c):
                segments.append(((c, r), (c + 1, r)))
    for r in range(rows):
        for c in range(cols + 1):
            if inside(r, c - 1) != inside(r, c):
                segments.append(((c, r), (c, r + 1)))
    return segments
