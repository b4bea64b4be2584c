"""Sheets -> SVG text: sized in points for print, one <line> per grid line and one <text>
per symbol, numbers written with two decimals so the same sheet gives the same bytes."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from ..core.grid import SYMBOLS
from .fonts import digit_extent
from .sheet import Sheet

# The PDF's font first; viewers without it fall back to fonts of much the same widths.
FONT_FAMILY = "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif"


def render_svg_text(sheet: Sheet, title: str = "") -> str:
    """The sheet as a standalone SVG document; `title` becomes its <title>."""
    width, height = _number(sheet.width), _number(sheet.height)
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}pt" height="{height}pt" '
        f'viewBox="0 0 {width} {height}">',
        f"<title>{escape(title)}</title>" if title else "",
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
        *_grid_lines(sheet),
        f'<g font-family={quoteattr(FONT_FAMILY)} text-anchor="middle" fill="#000">',
        *_symbols(sheet),
        *_text_lines(sheet),
        "</g>",
        "</svg>",
    ]
    return "\n".join(part for part in parts if part) + "\n"


def _number(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros: '12.5', '3'."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _grid_lines(sheet: Sheet) -> list[str]:
    """The cell and box lines (projecting caps, as in the PDF) and the bordering square."""
    grid = sheet.grid
    shape = grid.grid.shape
    cell_line, box_line, border = sheet.line_weights
    top = sheet.height - grid.y - grid.side  # SVG's y axis points down
    left, side = grid.x, grid.side
    lines = ['<g stroke="#000" stroke-linecap="square">']
    for index in range(1, shape.size):
        offset = index * sheet.cell
        lines.append(_line(left + offset, top, left + offset, top + side,
                           box_line if index % shape.box_cols == 0 else cell_line))
        lines.append(_line(left, top + offset, left + side, top + offset,
                           box_line if index % shape.box_rows == 0 else cell_line))
    lines.append("</g>")
    lines.append(f'<rect x="{_number(left)}" y="{_number(top)}" width="{_number(side)}" '
                 f'height="{_number(side)}" fill="none" stroke="#000" '
                 f'stroke-width="{_number(border)}" stroke-linejoin="miter"/>')
    return lines


def _line(x1: float, y1: float, x2: float, y2: float, weight: float) -> str:
    return (f'<line x1="{_number(x1)}" y1="{_number(y1)}" x2="{_number(x2)}" '
            f'y2="{_number(y2)}" stroke-width="{_number(weight)}"/>')


def _symbols(sheet: Sheet) -> list[str]:
    """One <text> per symbol: givens bold (class given), solved cells regular (solved)."""
    grid, cell, size = sheet.grid, sheet.cell, sheet.symbol_size
    top, bottom = digit_extent(str(sheet.style.font_regular))
    lift = (cell - size * (top + bottom)) / 2
    grid_top = sheet.height - grid.y - grid.side
    texts = []
    for row, column, value, given in sheet.symbols():
        kind = 'class="given" font-weight="bold"' if given else 'class="solved"'
        texts.append(f'<text {kind} x="{_number(grid.x + (column + 0.5) * cell)}" '
                     f'y="{_number(grid_top + (row + 1) * cell - lift)}" '
                     f'font-size="{_number(size)}">{SYMBOLS[value - 1]}</text>')
    return texts


def _text_lines(sheet: Sheet) -> list[str]:
    """The sheet's text lines (class text), centred on the sheet."""
    texts = []
    for line in sheet.lines:
        weight = ' font-weight="bold"' if line.bold else ""
        texts.append(f'<text class="text"{weight} x="{_number(sheet.width / 2)}" '
                     f'y="{_number(sheet.height - line.baseline)}" '
                     f'font-size="{_number(line.size)}">{escape(line.text)}</text>')
    return texts
