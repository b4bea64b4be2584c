"""One grid on a sheet of its own with every text line placed: what the PDF, PNG and SVG
of a newspaper puzzle all draw, so the three files show the same thing.

Sizes are in points from the sheet's bottom-left corner, as on a PDF page. Text lines are
centred on the sheet. The PDF is drawn through render/pdf.py as a one-page Page whose
text blocks stack to exactly these baselines (see sheet_page).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..pages.page import GridPlacement, Page, PageGeometry, TextBlock
from .metrics import line_weights
from .pdf import Metadata, render_pdf_bytes
from .style import RenderStyle

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


def line_height(size: float, bold: bool) -> float:
    """How far below the previous baseline a line of this size and weight sits."""
    return size * LEADING[bold]


def sheet_pdf_bytes(sheet: Sheet, metadata: Metadata, colour: str = "grey") -> bytes:
    """The sheet as a one-page PDF, fonts embedded, in grey or CMYK (render_pdf_bytes)."""
    return render_pdf_bytes([sheet_page(sheet)], sheet.style, metadata, colour=colour)


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
