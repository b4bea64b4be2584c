"""A Hashi drawn: each island a circle with its count, no cell lines (a faint dot in each
water cell); on an answer, the bridges between islands, one line or two parallel ones,
straight across or down.

A solution's water cells hold the bridges' codes (core/hashi/rules.py), so an answer is
drawn cell by cell: a bridge's line crosses its water cell and, next to an island, runs
on to the island's circle.
"""

from __future__ import annotations

import math

from ..core.board.grid import Grid
from ..core.hashi.rules import ACROSS, DOWN, MOST_BRIDGES
from ..core.kinds.answer import ISLAND_SIDE
from ..pages.page import GridPlacement
from .canvas import BUTT, Canvas, Face, Label, Pen
from .fonts import digit_extent
from .metrics import entry, line_weights, symbol_font_size
from .style import RenderStyle

ISLAND_RADIUS = ISLAND_SIDE / 2  # of a cell: an island's circle
DOUBLE_APART = 0.2      # of a cell: the gap between a double bridge's two lines
CIRCLE_SIDES = 48       # the circle drawn as a polygon of so many sides
WATER_DOT = 0.06        # of a cell: the faint dot in each water cell, to count rows by
WATER_GREY = 0.6
COUNTS = tuple(str(count) for count in range(1, 9))


def draw_islands_and_bridges(canvas: Canvas, placement: GridPlacement,
                             style: RenderStyle) -> None:
    """The islands with their counts and, on an answer, the bridges."""
    _, box_line, _ = line_weights(style, placement.cell)
    written = placement.solution if placement.solution is not None else placement.entered
    n = placement.grid.shape.frame[1]  # a row's cells (a rectangle's width)
    _draw_water(canvas, placement.grid.cells, written, n)
    if written is not None:  # an answer's bridges, or those a worked example has laid
        _draw_bridges(canvas, placement.grid.cells, written.cells, n,
                      Pen(box_line, cap=BUTT))
    islands = [(divmod(cell, n), count) for cell, count in enumerate(placement.grid.cells)
               if count]
    canvas.polygons([_circle(col + 0.5, row + 0.5) for (row, col), _ in islands],
                    Pen(box_line), "islands")
    top, bottom = digit_extent(str(style.font_regular))
    size = symbol_font_size(style, placement.cell * ISLAND_RADIUS * 1.6, COUNTS)
    middle = entry(placement, top).middle
    canvas.text([Label(COUNTS[count - 1], col + 0.5, row + middle)
                 for (row, col), count in islands],
                [Face(style.font_bold, size, top, bottom, bold=True, role="given")])


def _draw_water(canvas: Canvas, givens: tuple[int, ...], written: Grid | None,
                n: int) -> None:
    """A faint dot in the middle of each water cell no bridge crosses: no cell lines, but
    a reader (and an explained step's r4c2) can still count rows and columns."""
    codes = written.cells if written is not None else (0,) * len(givens)
    half = WATER_DOT / 2
    canvas.rects([(cell % n + 0.5 - half, cell // n + 0.5 - half, WATER_DOT, WATER_DOT)
                  for cell, count in enumerate(givens) if not count and codes[cell] < ACROSS],
                 "water", fill=WATER_GREY)


def _circle(x: float, y: float) -> list[tuple[float, float]]:
    return [(x + ISLAND_RADIUS * math.cos(2 * math.pi * i / CIRCLE_SIDES),
             y + ISLAND_RADIUS * math.sin(2 * math.pi * i / CIRCLE_SIDES))
            for i in range(CIRCLE_SIDES)]


def _draw_bridges(canvas: Canvas, givens: tuple[int, ...], solution: tuple[int, ...],
                  n: int, pen: Pen) -> None:
    """Each water cell's bridge lines (n cells a row), run on to an island's circle beside
    it."""
    reach = 0.5 - ISLAND_RADIUS
    segments = []
    for cell, code in enumerate(solution):
        if givens[cell] or code < ACROSS:  # an island, water without a bridge, unknown
            continue
        row, col = divmod(cell, n)
        across = code < DOWN
        count = code - (ACROSS if across else DOWN) + 1
        step = 1 if across else n
        before = reach if givens[cell - step] else 0.0
        after = reach if cell + step < len(givens) and givens[cell + step] else 0.0
        for offset in _offsets(count):
            if across:
                y = row + 0.5 + offset
                segments.append(((col - before, y), (col + 1 + after, y)))
            else:
                x = col + 0.5 + offset
                segments.append(((x, row - before), (x, row + 1 + after)))
    canvas.lines(segments, pen, "bridges")


def _offsets(count: int) -> tuple[float, ...]:
    """Where a bridge's lines run, from the middle of its cells."""
    return (0.0,) if count < MOST_BRIDGES else (-DOUBLE_APART / 2, DOUBLE_APART / 2)
