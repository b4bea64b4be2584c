"""Sheets -> EPS (Encapsulated PostScript, DSC 3.0): the art a layout desk places, its text
as glyph outlines (no font to go missing on their machine), in DeviceGray or, on request,
DeviceCMYK with every grey on the black plate alone (a grey g is 0 0 0 1-g), numbers written
with three decimals so the same sheet gives the same bytes.

Written here rather than through reportlab's renderPS, which takes its own shape objects and
writes every colour as RGB (a grey as three equal inks): a desk asks for grey or black-only
CMYK. The board is drawn by render/board.py through the drawing interface, as the PDF, PNG
and SVG are.
"""

from __future__ import annotations

from collections.abc import Sequence

from fontTools.pens.basePen import BasePen

from ..pages.board import board_drawing
from ..pages.page import GridPlacement
from .board import draw_board
from .canvas import BUTT, CENTRE, Box, Face, Fill, Label, Pen, Point, Segment, grey_of
from .metrics import text_width
from .outlines import glyph_outlines, units_per_em
from .sheet import Sheet

COLOURS = ("grey", "cmyk")  # the colour spaces art is written in
_CAPS = {BUTT: 0}  # PostScript line caps: butt 0, projecting square 2


def render_eps_bytes(sheet: Sheet, title: str = "", colour: str = "grey") -> bytes:
    """The sheet as an EPS file whose bounding box is the sheet."""
    if colour not in COLOURS:
        raise ValueError(f"colour: one of {', '.join(COLOURS)}, not {colour!r}")
    board = EpsBoard(sheet.grid, colour)
    draw_board(board, sheet.grid, sheet.style)
    for line in sheet.lines:
        font = sheet.style.font_bold if line.bold else sheet.style.font_regular
        width = text_width(line.text, font, line.size)
        board.outline(line.text, Face(font, line.size, 0, 0), sheet.width / 2 - width / 2,
                      line.baseline, 0.0)
    width, height = round(sheet.width), round(sheet.height)
    header = ["%!PS-Adobe-3.0 EPSF-3.0", f"%%BoundingBox: 0 0 {width} {height}",
              f"%%HiResBoundingBox: 0 0 {_n(sheet.width)} {_n(sheet.height)}",
              f"%%Title: {_ps_text(title)}", "%%Creator: bookmaker",
              "%%LanguageLevel: 2", "%%DocumentData: Clean7Bit",
              "%%Pages: 1", "%%EndComments", "%%Page: 1 1", "gsave",
              f"{board.paint(1.0)} 0 0 {_n(sheet.width)} {_n(sheet.height)} rectfill"]
    body = board.code + ["grestore", "showpage", "%%EOF"]
    return ("\n".join(header + body) + "\n").encode("ascii")


def _n(value: float) -> str:
    """A number with at most three decimals and no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _ps_text(text: str) -> str:
    """Text for a comment, in ASCII: beyond it as Python writes escapes ('12\\xd7')."""
    return "".join("\\\\" if c == "\\" else c if 32 <= ord(c) < 127 else
                   c.encode("ascii", "backslashreplace").decode("ascii") for c in text)


class EpsBoard:
    """The drawing interface (render/canvas.py) as PostScript: a board placed as the
    sheet places it, y up from the sheet's bottom, in points."""

    def __init__(self, grid: GridPlacement, colour: str) -> None:
        left, bottom, side = grid.board_box
        self.x, self.top, self.side = left, bottom + side, side
        self.frame = board_drawing(grid.grid.shape).frame
        self.cell = side / self.frame
        self.colour = colour
        self.code: list[str] = []

    def paint(self, grey: float) -> str:
        """The operator that sets a grey: DeviceGray, or CMYK on the black plate."""
        if self.colour == "cmyk":
            return f"0 0 0 {_n(1 - grey)} setcmykcolor"
        return f"{_n(grey)} setgray"

    def _x(self, u: float) -> float:
        return self.x + u * self.cell

    def _y(self, v: float) -> float:
        return self.top - v * self.cell

    def _length(self, u: float) -> float:
        return self.side if u == self.frame else u * self.cell

    def _box(self, box: Box) -> str:
        left, top, width, height = box
        return (f"{_n(self._x(left))} {_n(self.top - self._length(top + height))} "
                f"{_n(self._length(width))} {_n(self._length(height))}")

    def _stroke_state(self, pen: Pen) -> str:
        dash = f"[{_n(pen.dash[0] * self.cell)} {_n(pen.dash[1] * self.cell)}] 0 setdash" \
            if pen.dash else "[] 0 setdash"
        return (f"{self.paint(pen.grey)} {_n(pen.weight)} setlinewidth "
                f"{_CAPS.get(pen.cap, 2)} setlinecap 0 setlinejoin {dash}")

    def rects(self, boxes: Sequence[Box], role: str, fill: Fill | None = None,
              pen: Pen | None = None) -> None:
        if boxes and fill is not None:
            self.code.append(self.paint(grey_of(fill)))
            self.code += [f"{self._box(box)} rectfill" for box in boxes]
        if boxes and pen is not None:
            self.code.append(self._stroke_state(pen))
            self.code += [f"{self._box(box)} rectstroke" for box in boxes]

    def lines(self, segments: Sequence[Segment], pen: Pen, role: str) -> None:
        if not segments:
            return
        self.code += [self._stroke_state(pen), "newpath"]
        self.code += [f"{_n(self._x(x1))} {_n(self._y(y1))} moveto "
                      f"{_n(self._x(x2))} {_n(self._y(y2))} lineto"
                      for (x1, y1), (x2, y2) in segments]
        self.code.append("stroke")

    def shapes(self, loops: Sequence[Sequence[Point]], role: str, fill: float) -> None:
        if not loops:
            return
        self.code += [self.paint(fill), "newpath", *self._closed_paths(loops), "fill"]

    def polygons(self, loops: Sequence[Sequence[Point]], pen: Pen, role: str) -> None:
        if not loops:
            return
        self.code += [self._stroke_state(pen), "newpath", *self._closed_paths(loops), "stroke"]

    def _closed_paths(self, loops: Sequence[Sequence[Point]]) -> list[str]:
        """Each loop as a closed subpath."""
        paths = []
        for loop in loops:
            points = [f"{_n(self._x(x))} {_n(self._y(y))}" for x, y in loop]
            paths.append(f"{points[0]} moveto " + " ".join(f"{p} lineto" for p in points[1:])
                         + " closepath")
        return paths

    def text(self, labels: Sequence[Label], faces: Sequence[Face], grey: float = 0.0,
             pad: float = 0.0) -> None:
        for label in labels:
            face = faces[label.face]
            width = text_width(label.text, face.font, face.size)
            left, baseline = self._origin(label, face, width)
            if label.ground is not None:
                self.code.append(self.paint(label.ground))
                self.code.append(f"{_n(left - pad)} {_n(baseline - pad)} "
                                 f"{_n(width + 2 * pad)} {_n(face.size * face.top + 2 * pad)} "
                                 "rectfill")
            self.outline(label.text, face, left, baseline, grey)

    def _origin(self, label: Label, face: Face, width: float) -> tuple[float, float]:
        """Where a label's baseline starts, in points (as the PDF places it)."""
        if label.anchor == CENTRE:
            lift = (self.cell - face.size * (face.top + face.bottom)) / 2
            return (self._x(label.x) - width / 2,
                    self.top - (label.y + 0.5) * self.cell + lift)
        return self._x(label.x), self.top - label.y * self.cell - face.size * face.top

    def outline(self, text: str, face: Face, left: float, baseline: float,
                grey: float) -> None:
        """A text as its glyphs' outlines, filled, its baseline starting at (left,
        baseline); the text itself in a comment (escaped beyond ASCII)."""
        pen = PostScriptPen()
        glyph_outlines(str(face.font), text, pen)
        if not pen.code:
            return
        scale = _n(face.size / units_per_em(str(face.font)) * 1000)
        self.code += [f"% {_ps_text(text)}", "gsave", self.paint(grey),
                      f"{_n(left)} {_n(baseline)} translate {scale} 1000 div dup scale",
                      "newpath", *pen.code, "fill grestore"]


class PostScriptPen(BasePen):
    """A fontTools pen writing PostScript path operators (TrueType's quadratic curves come
    as cubic ones: BasePen converts them)."""

    def __init__(self) -> None:
        super().__init__(None)
        self.code: list[str] = []

    def _moveTo(self, pt) -> None:
        self.code.append(f"{_n(pt[0])} {_n(pt[1])} moveto")

    def _lineTo(self, pt) -> None:
        self.code.append(f"{_n(pt[0])} {_n(pt[1])} lineto")

    def _curveToOne(self, pt1, pt2, pt3) -> None:
        self.code.append(" ".join(f"{_n(x)} {_n(y)}" for x, y in (pt1, pt2, pt3)) + " curveto")

    def _closePath(self) -> None:
        self.code.append("closepath")
