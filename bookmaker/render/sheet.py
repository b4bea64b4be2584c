"""One grid on a sheet of its own with every text line placed: what the PDF, PNG and SVG
of a newspaper puzzle all draw, so the three files show the same thing.

Sizes are in points from the sheet's bottom-left corner, as on a PDF page. Text lines are
centred on the sheet. The PDF is drawn through render/pdf.py as a one-page Page whose
text blocks stack to exactly these baselines (see sheet_page).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..pages.board import BoardDrawing, CageDrawing, board_drawing, cage_drawings
from ..pages.page import GridPlacement, Page, PageGeometry, TextBlock
from .fonts import digit_extent
from .pdf import (
    Metadata,
    RenderStyle,
    cage_line,
    cage_total_size,
    digit_scale,
    line_weights,
    render_pdf_bytes,
    symbol_font_size,
)

# render/pdf.py sets a title line (bold) size * 1.2 below the one before, a subtitle line
# (regular) size * 1.3: a sheet's line heights, so that its baselines are the PDF's.
LEADING = {True: 1.2, False: 1.3}


@dataclass(frozen=True)
class SheetLine:
    """One centred line of text: its baseline (points from the bottom), size and weight."""

    text: str
    baseline: float
    size: float
    bold: bool


@dataclass(frozen=True)
class Sheet:
    """A sheet of width x height points holding text lines above one grid.

    Bold lines are set at style.title_size and regular ones at style.subtitle_size; the
    style's geometry is sheet_geometry(width, height)."""

    width: float
    height: float
    lines: tuple[SheetLine, ...]
    grid: GridPlacement
    style: RenderStyle

    @property
    def cell(self) -> float:
        """The side of one cell of the grid, in points."""
        return self.grid.cell

    @property
    def line_weights(self) -> tuple[float, float, float]:
        """(cell, box, border) line weights, as render/pdf.py draws them for this grid."""
        return line_weights(self.style, self.cell)

    @property
    def symbol_size(self) -> float:
        """The symbols' font size, as render/pdf.py sets them for this grid."""
        return symbol_font_size(self.style, self.cell, self.grid.grid.shape.size) * \
            digit_scale(self.grid, self.style, self.digit_top)

    @property
    def digit_top(self) -> float:
        """How far digits reach above the baseline, as a fraction of the font size."""
        return digit_extent(str(self.style.font_regular))[0]

    @property
    def board(self) -> BoardDrawing:
        """What the grid's board looks like (pages/board.py)."""
        return board_drawing(self.grid.grid.shape)

    @property
    def cages(self) -> tuple[CageDrawing, ...]:
        """The drawings of the grid's Killer cages, if any."""
        return cage_drawings(self.grid.grid.shape, self.grid.cages)

    @property
    def cage_total_size(self) -> float:
        """The cage totals' font size, as render/pdf.py sets them."""
        return cage_total_size(self.cell, self.digit_top)

    @property
    def cage_line(self) -> float:
        """The cages' dashed line weight, as render/pdf.py draws it."""
        return cage_line(self.style, self.cell, self.grid.solution is not None)

    def symbols(self):
        """(row, column, symbol, is it a given) for every cell that shows a symbol."""
        grid, solution = self.grid.grid, self.grid.solution
        for index, given in enumerate(grid.cells):
            value = given or (solution.cells[index] if solution is not None else 0)
            if value:
                yield (*grid.shape.positions[index], value, bool(given))


def line_height(size: float, bold: bool) -> float:
    """How far below the previous baseline a line of this size and weight sits."""
    return size * LEADING[bold]


def sheet_pdf_bytes(sheet: Sheet, metadata: Metadata) -> bytes:
    """The sheet as a one-page PDF, fonts embedded."""
    return render_pdf_bytes([sheet_page(sheet)], sheet.style, metadata)


def sheet_geometry(width: float, height: float) -> PageGeometry:
    """A sheet as a page: no margins and no bands, so text is centred on the sheet and
    stacks from its top edge. A sheet's style has this geometry."""
    return PageGeometry(width, height, margin_top=0.0, margin_bottom=0.0, margin_inside=0.0,
                        margin_outside=0.0, footer_space=0.0)


def sheet_page(sheet: Sheet) -> Page:
    """The one Page that render/pdf.py draws as this sheet (in the sheet's style): one
    text block per line, whose space before it puts the line on its baseline."""
    blocks, above = [], sheet.height
    for line in sheet.lines:
        space = above - line.baseline - line_height(line.size, line.bold)
        blocks.append(TextBlock((line.text,), "title" if line.bold else "subtitle", space))
        above = line.baseline
    return Page(None, (sheet.grid,), tuple(blocks))
