"""Sheets -> SVG text: sized in points for print, one <line> per grid line and one <text>
per symbol, numbers written with two decimals so the same sheet gives the same bytes."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from ..core.board.grid import SYMBOLS
from ..pages.board import CAGE_DASH, CAGE_LABEL_PAD, SHADE_GREY
from .fonts import digit_extent
from .pdf import CAGE_FAINT_GREY, cage_label_box, text_width
from .sheet import Sheet

# The PDF's font first; viewers without it fall back to fonts of much the same widths.
FONT_FAMILY = "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif"


def _grey(level: float) -> str:
    """A grey (0 black, 1 white) as an SVG colour."""
    return "#" + f"{round(255 * level):02x}" * 3


SHADE = _grey(SHADE_GREY)  # the shaded cells' grey, as in the PDF and the PNG


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
    """Shaded cells, the cell and region lines (projecting caps, as in the PDF), in order
    of the grid line they lie on, the outline (the bordering square of a full board),
    then any cages."""
    grid, board, cell = sheet.grid, sheet.board, sheet.cell
    cell_line, box_line, border = sheet.line_weights
    top = sheet.height - grid.y - grid.side  # SVG's y axis points down
    left, side = grid.x, grid.side
    lines = [f'<rect class="shade" x="{_number(left + col * cell)}" '
             f'y="{_number(top + row * cell)}" width="{_number(cell)}" '
             f'height="{_number(cell)}" fill="{SHADE}"/>' for row, col in board.shaded]
    weighted = [(run, cell_line) for run in board.thin] + [(run, box_line) for run in board.heavy]
    if not board.full:
        weighted += [(run, border) for run in board.outline]
    lines.append('<g stroke="#000" stroke-linecap="square">')
    for run, weight in sorted(weighted, key=lambda item: _line_order(item[0], board.frame)):
        at, start, end = run.at * cell, run.start * cell, run.end * cell
        lines.append(_line(left + at, top + start, left + at, top + end, weight) if run.vertical
                     else _line(left + start, top + at, left + end, top + at, weight))
    lines.append("</g>")
    if board.full:
        lines.append(f'<rect x="{_number(left)}" y="{_number(top)}" width="{_number(side)}" '
                     f'height="{_number(side)}" fill="none" stroke="#000" '
                     f'stroke-width="{_number(border)}" stroke-linejoin="miter"/>')
    return lines + _cages(sheet, top)


def _line_order(run, frame: int) -> tuple:
    """Lines by the grid line they lie on, the vertical one first, outline lines last."""
    return (run.at in (0, frame), run.at, not run.vertical, run.start)


def _cages(sheet: Sheet, top: float) -> list[str]:
    """One dashed <path> for all cages (grey on an answer), then on a puzzle each total
    (class total) on its knock-out."""
    if not sheet.cages:
        return []
    left, cell = sheet.grid.x, sheet.cell
    answer = sheet.grid.solution is not None
    data = " ".join("M" + " L".join(f"{_number(left + x * cell)} {_number(top + y * cell)}"
                                     for x, y in loop) + " Z"
                    for cage in sheet.cages for loop in cage.loops)
    ink = _grey(CAGE_FAINT_GREY) if answer else "#000"
    parts = [f'<path class="cages" d="{data}" fill="none" stroke="{ink}" '
             f'stroke-width="{_number(sheet.cage_line)}" '
             f'stroke-dasharray="{_number(CAGE_DASH[0] * cell)} {_number(CAGE_DASH[1] * cell)}"/>']
    return parts if answer else parts + _cage_totals(sheet, top)


def _cage_totals(sheet: Sheet, top: float) -> list[str]:
    style, left, cell = sheet.style, sheet.grid.x, sheet.cell
    size, shaded = sheet.cage_total_size, set(sheet.board.shaded)
    pad = CAGE_LABEL_PAD * cell
    parts = []
    for cage in sheet.cages:
        text = str(cage.total)
        width = text_width(text, style.font_regular, size)
        x, y, _, height = cage_label_box(cage.label_cell, cell, width, size * sheet.digit_top)
        fill = SHADE if cage.label_cell in shaded else "#fff"
        parts.append(f'<rect x="{_number(left + x - pad)}" y="{_number(top + y - pad)}" '
                     f'width="{_number(width + 2 * pad)}" height="{_number(height + 2 * pad)}" '
                     f'fill="{fill}"/>')
        parts.append(f'<text class="total" x="{_number(left + x + width / 2)}" '
                     f'y="{_number(top + y + height)}" font-family={quoteattr(FONT_FAMILY)} '
                     f'text-anchor="middle" font-size="{_number(size)}">{text}</text>')
    return parts


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
