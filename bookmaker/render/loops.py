"""A loop puzzle's board (a Slitherlink's): dots at the cells' corners and no cell lines,
each clue centred in its cell in bold; on an answer the loop drawn as a thick line along
the edges between the cells inside it and those outside, its inside shaded.

An answer keeps every dot, as Tatham's Loopy prints its solutions and newspapers theirs
(the loop's line covers those it passes), and shades the loop's inside in the board
shading's grey: at an answer's size a thin line winding through a 20x20 is hard to
follow, and the shaded region shows the loop's shape at a glance."""

from __future__ import annotations

from ..core.board.grid import Grid
from ..pages.board import SHADE_GREY
from ..pages.page import GridPlacement
from .canvas import Face, Label, Pen, Point, Segment
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
    loops = [] if placement.solution is None else \
        [[at(*corner) for corner in loop] for loop in loop_corners(
            loop_segments(placement.solution))]
    canvas.shapes(loops, "inside", fill=SHADE_GREY)
    canvas.rects([(*(v - half for v in at(c, r)), DOT * scale, DOT * scale)
                  for r in range(rows + 1) for c in range(cols + 1)], "dots", fill=0.0)
    if loops:
        border = line_weights(style, placement.cell)[2]
        canvas.polygons(loops, Pen(border * LOOP_WEIGHT), "loop")
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


def loop_corners(segments: list[Segment]) -> list[list[Point]]:
    """Each closed loop the segments make, as its corners in order (its straight runs'
    inner dots left out), from its least dot: one path, so that its corners are joined
    and its inside can be filled."""
    ends: dict[Point, list[Point]] = {}
    for a, b in segments:
        ends.setdefault(a, []).append(b)
        ends.setdefault(b, []).append(a)
    loops, seen = [], set()
    for start in sorted(ends):
        if start in seen:
            continue
        path, previous, point = [start], start, min(ends[start])
        while point != start:
            path.append(point)
            previous, point = point, next(p for p in ends[point] if p != previous)
        seen.update(path)
        loops.append([p for i, p in enumerate(path) if not _straight(path[i - 1], p,
                                                                    path[(i + 1) % len(path)])])
    return loops


def _straight(before: Point, point: Point, after: Point) -> bool:
    """Whether a loop runs straight through `point`."""
    return (point[0] - before[0]) * (after[1] - point[1]) == \
        (point[1] - before[1]) * (after[0] - point[0])
