"""Sheets -> SVG text: sized in points for print, one <line> per grid line, every text as
the outlines of its glyphs (a <path>, no <text>: it shows as the PDF prints it on a machine
without the font), numbers written with two decimals so the same sheet gives the same
bytes."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import escape

from ..pages.board import board_drawing
from ..pages.page import GridPlacement
from .board import draw_board
from .canvas import CENTRE, Box, Face, Fill, Label, Pen, Point, Segment, cmyk_rgb
from .metrics import text_width
from .outlines import text_path, units_per_em
from .sheet import Sheet


def _grey(level: float) -> str:
    """A grey (0 black, 1 white) as an SVG colour."""
    return "#" + f"{round(255 * level):02x}" * 3




def render_svg_text(sheet: Sheet, title: str = "") -> str:
    """The sheet as a standalone SVG document; `title` becomes its <title>."""
    width, height = _number(sheet.width), _number(sheet.height)
    board = SvgBoard(sheet.grid, sheet.height)
    draw_board(board, sheet.grid, sheet.style)
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}pt" height="{height}pt" '
        f'viewBox="0 0 {width} {height}">',
        f"<title>{escape(title)}</title>" if title else "",
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
        *board.finish(),
        '<g fill="#000">',
        *board.texts,
        *_text_lines(sheet),
        "</g>",
        "</svg>",
    ]
    return "\n".join(part for part in parts if part) + "\n"


def _number(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros: '12.5', '3'."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _colour(fill: Fill) -> str:
    """A grey as an SVG colour, black and white in short; a CMYK fill as its RGB."""
    if isinstance(fill, tuple):
        return "#" + "".join(f"{round(255 * channel):02x}" for channel in cmyk_rgb(fill))
    return {0.0: "#000", 1.0: "#fff"}.get(fill) or _grey(fill)


class SvgBoard:
    """The drawing interface (render/canvas.py) as SVG elements: the board of a grid
    placement on a sheet `height` points tall (SVG's y axis points down).

    Lines that come one call after another are written as one group, ordered by the grid
    line they lie on (the vertical one first, the frame's edges last); texts on a
    knock-out are written where they come, other texts kept in `texts` for the sheet's
    text group."""

    def __init__(self, grid: GridPlacement, height: float) -> None:
        left, bottom, side = grid.board_box
        self.left, self.top, self.side = left, height - bottom - side, side
        self.frame = board_drawing(grid.grid.shape).frame
        self.cell = grid.cell
        self.parts: list[str] = []
        self.texts: list[str] = []
        self.pending: list[tuple[Segment, Pen]] = []

    def _x(self, u: float) -> float:
        return self.left + u * self.cell

    def _y(self, v: float) -> float:
        return self.top + v * self.cell

    def _length(self, u: float) -> float:
        """A length in points: the frame's own side exactly, as the border has it."""
        return self.side if u == self.frame else u * self.cell

    def finish(self) -> list[str]:
        """Everything drawn but the kept texts, in order."""
        self._flush()
        return self.parts

    def rects(self, boxes: Sequence[Box], role: str, fill: Fill | None = None,
              pen: Pen | None = None) -> None:
        self._flush()
        named = f'class="{role}" ' if fill is not None else ""
        for left, top, width, height in boxes:
            place = (f'x="{_number(self._x(left))}" y="{_number(self._y(top))}" '
                     f'width="{_number(self._length(width))}" '
                     f'height="{_number(self._length(height))}"')
            paint = f'fill="{_colour(fill)}"' if fill is not None else 'fill="none"'
            if pen is not None:
                paint += (f' stroke="{_colour(pen.grey)}" stroke-width="{_number(pen.weight)}"'
                          ' stroke-linejoin="miter"')
            self.parts.append(f"<rect {named}{place} {paint}/>")

    def lines(self, segments: Sequence[Segment], pen: Pen, role: str) -> None:
        self.pending += [(segment, pen) for segment in segments]

    def _flush(self) -> None:
        """The pending lines, a group for each run of them drawn with one pen's look."""
        pending, self.pending = self.pending, []
        while pending:
            pen = pending[0][1]
            run = [item for item in _leading(pending, pen)]
            pending = pending[len(run):]
            self.parts.append(f'<g stroke="{_colour(pen.grey)}" stroke-linecap="{pen.cap}"'
                              + _dash_attribute(pen.dash, self.cell) + ">")
            for (start, end), weight in sorted(((_ordered(s), p.weight) for s, p in run),
                                               key=lambda item: self._line_order(item[0])):
                self.parts.append(_line(self._x(start[0]), self._y(start[1]), self._x(end[0]),
                                        self._y(end[1]), weight))
            self.parts.append("</g>")

    def _line_order(self, segment: Segment) -> tuple:
        """Lines by the grid line they lie on, the vertical one first, frame edges last."""
        (x1, y1), (x2, y2) = segment
        vertical = x1 == x2
        at, start = (x1, y1) if vertical else (y1, x1)
        return (at in (0, self.frame), at, not vertical, start)

    def shapes(self, loops: Sequence[Sequence[Point]], role: str, fill: float) -> None:
        if not loops:
            return
        self._flush()
        data = " ".join("M" + " L".join(f"{_number(self._x(x))} {_number(self._y(y))}"
                                         for x, y in loop) + " Z" for loop in loops)
        self.parts.append(f'<path class="{role}" d="{data}" fill="{_colour(fill)}"/>')

    def polygons(self, loops: Sequence[Sequence[Point]], pen: Pen, role: str) -> None:
        self._flush()
        data = " ".join("M" + " L".join(f"{_number(self._x(x))} {_number(self._y(y))}"
                                         for x, y in loop) + " Z" for loop in loops)
        self.parts.append(f'<path class="{role}" d="{data}" fill="none" '
                          f'stroke="{_colour(pen.grey)}" stroke-width="{_number(pen.weight)}"'
                          + _dash_attribute(pen.dash, self.cell) + "/>")

    def text(self, labels: Sequence[Label], faces: Sequence[Face], grey: float = 0.0,
             pad: float = 0.0) -> None:
        self._flush()
        for label in labels:
            face = faces[label.face]
            if label.ground is None:
                self.texts.append(self._text(label, face, grey))
            else:
                self.parts += self._on_ground(label, face, grey, pad)

    def _text(self, label: Label, face: Face, grey: float) -> str:
        """A text of the sheet's text group (black unless it says)."""
        width = text_width(label.text, face.font, face.size)
        x, baseline = self._place(label, face, width)
        return outlined(label.text, face.font, face.size, x - width / 2, baseline, face.role,
                        grey)

    def _on_ground(self, label: Label, face: Face, grey: float, pad: float) -> list[str]:
        """A knock-out covering the figures from the baseline up, and the text on it."""
        assert label.ground is not None  # only labels on a knock-out come here
        width = text_width(label.text, face.font, face.size)
        height = face.size * face.top
        x, baseline = self._place(label, face, width)
        left = x - width / 2 if label.anchor == CENTRE else self._x(label.x)
        top = baseline - height
        if label.anchor != CENTRE:
            top = self._y(label.y)
        return [f'<rect x="{_number(left - pad)}" y="{_number(top - pad)}" '
                f'width="{_number(width + 2 * pad)}" height="{_number(height + 2 * pad)}" '
                f'fill="{_colour(label.ground)}"/>',
                outlined(label.text, face.font, face.size, x - width / 2, baseline, face.role,
                         grey)]

    def _place(self, label: Label, face: Face, width: float) -> tuple[float, float]:
        """(centre, baseline) of a label's text, in points from the sheet's top-left."""
        if label.anchor == CENTRE:
            lift = (self.cell - face.size * (face.top + face.bottom)) / 2
            return self._x(label.x), self.top + (label.y + 0.5) * self.cell - lift
        return self._x(label.x) + width / 2, self._y(label.y) + face.size * face.top


def _leading(items: list[tuple[Segment, Pen]], pen: Pen):
    """The items at the start of the list drawn with a pen of the same look as `pen`."""
    look = (pen.grey, pen.cap, pen.dash)
    for item in items:
        if (item[1].grey, item[1].cap, item[1].dash) != look:
            return
        yield item


def _ordered(segment: Segment) -> Segment:
    """A segment from its top or left end."""
    (x1, y1), (x2, y2) = segment
    return ((x1, y1), (x2, y2)) if (x1, y1) <= (x2, y2) else ((x2, y2), (x1, y1))


def _dash_attribute(dash: tuple[float, float] | None, cell: float) -> str:
    if not dash:
        return ""
    return f' stroke-dasharray="{_number(dash[0] * cell)} {_number(dash[1] * cell)}"'


def _line(x1: float, y1: float, x2: float, y2: float, weight: float) -> str:
    return (f'<line x1="{_number(x1)}" y1="{_number(y1)}" x2="{_number(x2)}" '
            f'y2="{_number(y2)}" stroke-width="{_number(weight)}"/>')


def _text_lines(sheet: Sheet) -> list[str]:
    """The sheet's text lines (class text), centred on the sheet."""
    texts = []
    for line in sheet.lines:
        font = sheet.style.font_bold if line.bold else sheet.style.font_regular
        width = text_width(line.text, font, line.size)
        texts.append(outlined(line.text, font, line.size, sheet.width / 2 - width / 2,
                              sheet.height - line.baseline, "text"))
    return texts


def outlined(text: str, font: Path, size: float, left: float, baseline: float, role: str,
             grey: float = 0.0) -> str:
    """A text as the outlines of its glyphs: a <path> in font units, scaled to `size` and
    flipped, its baseline starting at (left, baseline) points, the text itself its
    aria-label (for screen readers, search and checks); '' for blank text."""
    data = text_path(str(font), text)
    if not data:
        return ""
    scale = f"{size / units_per_em(str(font)):.7g}"
    fill = f' fill="{_colour(grey)}"' if grey else ""
    return (f'<path class="{role}"{fill} aria-label="{escape(text, {chr(34): "&quot;"})}" '
            f'transform="translate({_number(left)} '
            f'{_number(baseline)}) scale({scale} -{scale})" d="{data}"/>')
