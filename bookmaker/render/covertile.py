"""A puzzle drawn as cover art, through the one drawing interface the book's pages use
(render/board.py onto render/pdf.py's PdfBoard), so that a cover shows each kind as the
book prints it: a Killer's cages and sums, a Calcudoku's cages, an X's diagonals, a
Hyper's windows, a jigsaw's regions.

Two things differ from a page. Colour: the board draws in greys, and each grey is set as
the mix of the design's line colour (grey 0) and cell colour (grey 1), so shading is a
tint of the lines. Scale: a tile is drawn at a cell size at least TILE_CELL and shrunk
to its place, so its cage sums stay in proportion to its cells however small the tile;
its line weights are chosen so that, shrunk, no stroke prints under the floor.
As on a page, clues outside the grid (a Skyscrapers' counts) take a ring of cells inside
the tile's square, on the cell colour: the tile is its whole square, never more, and its
clues are the lines' colour on the cells', whatever the cover's background.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, cast

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from ..core.board.grid import Grid
from ..core.board.marks import Marks
from ..design.layout import POD_MIN_LINE
from ..pages.board import board_drawing
from ..pages.cover import CoverGrid
from ..pages.page import GridPlacement, PageGeometry
from .board import cell_line_grey, draw_grid, draw_marks, draw_symbols
from .canvas import Canvas as Drawing
from .metrics import line_weights
from .pdf import PdfBoard
from .style import RenderStyle

TILE_CELL = 26.0  # points: a tile is drawn with cells this big (or bigger), then shrunk
CELL_LINE = 0.025  # a printed cell line's weight, a share of the printed cell ...
BOX_LINE, BORDER_LINE = 2.6, 3.2  # ... and region lines and outline, per cell line
CAGED_PENCIL = 0.34  # pencilled digits' height in a caged cell, per cell: clear of a label


@dataclass(frozen=True)
class TileInk:
    """The design's colours a tile is drawn in."""

    lines: str  # grey 0: lines, givens, cage outlines and sums
    cells: str  # grey 1: the cells and the knock-outs behind sums
    pencil: str  # the solved digits of a tile being solved
    highlight: str  # its lit cells


def tile_cells(grid: CoverGrid) -> int:
    """How many cells across the tile's square is: its board's frame and the ring of
    clues outside the grid each side."""
    return board_drawing(grid.givens.shape).frame + grid.marks.across


def tile_placement(grid: CoverGrid, side: float) -> GridPlacement:
    """The tile as a page places a grid in a square `side` points wide (at the origin):
    the board inside its ring of outside clues (GridPlacement.board_box)."""
    return GridPlacement(0.0, 0.0, side, grid.givens, marks=grid.marks, glyphs=grid.glyphs,
                         drawn=grid.drawn)


def tile_scale(grid: CoverGrid) -> float:
    """How much the tile is shrunk from the size it is drawn at (1: not at all)."""
    return min(1.0, grid.side / tile_cells(grid) / TILE_CELL)


def tile_style(grid: CoverGrid, fonts: tuple[Any, Any]) -> RenderStyle:
    """Line weights, in the drawing's own (unshrunk) points, that print at CELL_LINE of
    the printed cell and never under POD_MIN_LINE."""
    scale = tile_scale(grid)
    printed = max(POD_MIN_LINE, CELL_LINE * grid.side / tile_cells(grid))
    thin = printed / scale
    return RenderStyle(PageGeometry(grid.side, grid.side), fonts[0], fonts[1],
                       cell_line=thin, box_line=thin * BOX_LINE, border_line=thin * BORDER_LINE)


def draw_tile(canvas: Canvas, grid: CoverGrid, ink: TileInk, fonts: tuple[Any, Any]) -> None:
    """The tile at its place on the cover's canvas."""
    scale = tile_scale(grid)
    canvas.saveState()
    canvas.translate(grid.x, grid.y)
    canvas.scale(scale, scale)
    side = grid.side / scale
    frame = board_drawing(grid.givens.shape).frame
    left, bottom, board_side = tile_placement(grid, side).board_box
    _cells(canvas, grid, side, ink)
    style = tile_style(grid, fonts)
    canvas.setFillColor(HexColor(ink.lines))  # texts without a grey of their own use it
    draw_tile_on(PdfBoard(cast(Canvas, Tinted(canvas, ink.lines, ink.cells)), left, bottom,
                          board_side, frame), grid, style, side)
    canvas.setFillColor(HexColor(ink.pencil))
    draw_pencilled(PdfBoard(cast(Canvas, Tinted(canvas, ink.pencil, ink.cells)), left, bottom,
                            board_side, frame), grid, style, side)
    canvas.restoreState()


def draw_tile_on(board: Drawing, grid: CoverGrid, style: RenderStyle, side: float) -> None:
    """Lines, marks and givens, through the drawing interface (a recording canvas in
    tests): what render/board.py's draw_board draws on a page."""
    placement = tile_placement(grid, side)
    drawing = board_drawing(grid.givens.shape)
    draw_grid(board, drawing, line_weights(style, placement.cell), cell_line_grey(placement))
    draw_marks(board, placement, style)
    draw_symbols(board, placement, style)


def draw_pencilled(board: Drawing, grid: CoverGrid, style: RenderStyle, side: float) -> None:
    """The pencilled cells' solved digits, in the regular face at the givens' size."""
    if not grid.pencilled:
        return
    cells = tuple(grid.solution.cells[i] if i in grid.pencilled else 0
                  for i in range(len(grid.solution.cells)))
    pencil = replace(tile_placement(grid, side), grid=Grid(grid.givens.shape, cells))
    ratio = min(style.given_font_ratio, CAGED_PENCIL) if grid.marks.cages else \
        style.given_font_ratio
    draw_symbols(board, replace(pencil, marks=Marks()),
                 replace(style, font_bold=style.font_regular, given_font_ratio=ratio))


def _cells(canvas: Canvas, grid: CoverGrid, side: float, ink: TileInk) -> None:
    """The cells' colour, under the ring of outside clues too (a Samurai's gaps stay the
    background), then the lit cells."""
    drawing = board_drawing(grid.givens.shape)
    left, bottom, board_side = tile_placement(grid, side).board_box
    cell = board_side / drawing.frame
    canvas.setFillColor(HexColor(ink.cells))
    if drawing.full:
        canvas.rect(0.0, 0.0, side, side, stroke=0, fill=1)
    for row, col in ([] if drawing.full else drawing.cells):
        canvas.rect(left + col * cell, bottom + board_side - (row + 1) * cell, cell, cell,
                    stroke=0, fill=1)
    canvas.setFillColor(HexColor(ink.highlight))
    for index in sorted(grid.lit):
        row, col = grid.givens.shape.positions[index]
        canvas.rect(left + col * cell, bottom + board_side - (row + 1) * cell, cell, cell,
                    stroke=0, fill=1)


class Tinted:
    """A reportlab canvas whose greys are set as mixes of two colours: grey 0 the ink,
    grey 1 the paper. Everything else passes through."""

    def __init__(self, canvas: Canvas, ink: str, paper: str) -> None:
        self.canvas, self.ink, self.paper = canvas, ink, paper

    def __getattr__(self, name: str) -> Any:
        return getattr(self.canvas, name)

    def setFillGray(self, grey: float) -> None:  # noqa: N802 (reportlab's name)
        self.canvas.setFillColor(mix(self.ink, self.paper, grey))

    def setStrokeGray(self, grey: float) -> None:  # noqa: N802
        self.canvas.setStrokeColor(mix(self.ink, self.paper, grey))


def mix(ink: str, paper: str, share: float) -> Color:
    """The colour `share` of the way from ink to paper."""
    a, b = HexColor(ink), HexColor(paper)
    return Color(*(round(x + (y - x) * share, 4) for x, y in
                   ((a.red, b.red), (a.green, b.green), (a.blue, b.blue))))
