"""Pages -> a print-ready PDF: embedded fonts, exact trim and bleed boxes, identical bytes."""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import BinaryIO

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from ..core.words import with_article
from ..design.captions import (
    MARK_GAP,
    MARK_SPACE,
    MARK_SQUARE,
    MARK_STEPS,
    SEPARATOR,
    caption_lines,
)
from ..design.layout import CAPTION_LEADING
from ..pages.board import board_drawing
from ..pages.flow import COLUMN_GAP, LOOKS, column_width, wrapped
from ..pages.page import GridPlacement, Page, PageGeometry, TextBlock, facing_number, is_right_hand
from .board import cell_line_grey, draw_grid, draw_marks, draw_symbols
from .canvas import BUTT, CENTRE, SQUARE, Box, Face, Fill, Label, Pen, Point, Segment
from .metrics import line_weights, register_ttf, registered, text_width_em
from .style import RenderError, RenderStyle

FIXED_DATE = "D:20000101000000+00'00'"  # never the clock: same input, same bytes
FIT_TOLERANCE = 1e-6  # points: text ending this little below its floor still fits (rounding)


@dataclass(frozen=True)
class Metadata:
    """The document information a PDF reader shows."""

    title: str = ""
    author: str = ""
    subject: str = ""
    creator: str = "bookmaker"


@dataclass(frozen=True)
class OutlineEntry:
    """A bookmark: its title and the 1-based position of the page it opens."""

    title: str
    page: int
    level: int = 0


@dataclass(frozen=True)
class _Fonts:
    """The registered names of a style's fonts."""

    regular: str
    bold: str


def render_pdf(pages: Sequence[Page], style: RenderStyle, metadata: Metadata,
               target: str | Path | BinaryIO, outline: Sequence[OutlineEntry] = ()) -> None:
    """Draw `pages` into a PDF at `target` (a path, or a binary file object)."""
    data = render_pdf_bytes(pages, style, metadata, outline)
    if hasattr(target, "write"):
        target.write(data)
    else:
        Path(target).write_bytes(data)


def render_pdf_bytes(pages: Sequence[Page], style: RenderStyle, metadata: Metadata,
                     outline: Sequence[OutlineEntry] = (), colour: str = "grey") -> bytes:
    """The PDF file for `pages`, as bytes, with bookmarks for the outline's entries and
    page labels that match the printed numbers (a page's number is its position); its
    greys in DeviceGray, or with colour="cmyk" on the black plate of DeviceCMYK."""
    fonts = _register_fonts(style)
    canvas = _new_canvas(style.geometry, fonts, metadata, colour)
    fix_date(canvas)
    if pages:
        canvas.addPageLabel(0, "D", 1)  # decimal labels from 1: page N is labelled N
    forms = _GridForms(canvas, style)
    marks: dict[int, list[OutlineEntry]] = {}
    for entry in outline:
        marks.setdefault(entry.page, []).append(entry)
    for position, page in enumerate(pages, start=1):
        _bookmark(canvas, marks.get(position, []), position)
        _draw_page(canvas, page, facing_number(page, position), style, fonts, forms)
    return stamp_identity(canvas.getpdfdata())


def _bookmark(canvas: Canvas, entries: list[OutlineEntry], position: int) -> None:
    """Outline entries that open the page being drawn."""
    for index, entry in enumerate(entries):
        key = f"p{position}e{index}"
        canvas.bookmarkPage(key)
        canvas.addOutlineEntry(entry.title, key, entry.level)


def _register_fonts(style: RenderStyle) -> _Fonts:
    return _Fonts(register_ttf(style.font_regular), register_ttf(style.font_bold))


def _new_canvas(geometry: PageGeometry, fonts: _Fonts, metadata: Metadata,
                colour: str = "grey") -> Canvas:
    media = geometry.media_size
    # The initial font is ours, so no standard-14 font (Helvetica) is ever referenced.
    # The trim box is set page by page (_draw_page): the bleed side alternates.
    if colour not in ("grey", "cmyk"):
        raise ValueError(f"colour: grey or cmyk, not {colour!r}")
    canvas = (BlackPlateCanvas if colour == "cmyk" else EncodingOnceCanvas)(
        io.BytesIO(), pagesize=media, invariant=1, pageCompression=1,
        initialFontName=fonts.regular, initialFontSize=10, bleedBox=(0, 0, media[0], media[1]))
    canvas.setTitle(metadata.title)
    canvas.setAuthor(metadata.author)
    canvas.setSubject(metadata.subject)
    canvas.setCreator(metadata.creator)
    return canvas


class EncodingOnceCanvas(Canvas):
    """A canvas that writes the text operators of each distinct string once per document
    and then repeats them: a book sets the same few digits some 30,000 times, and
    reportlab's encoding of a string into its font subsets was a third of the drawing (its
    width, measured again for every string set, another tenth). The bytes are reportlab's
    own (tests/test_render.py compares them with its plain canvas)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.encoded: dict[tuple, tuple[str, object]] = {}
        self.widths: dict[tuple[str, str, float], float] = {}

    def beginText(self, x=0, y=0, direction=None):
        return _EncodedOnce(self, x, y, direction=direction)


class _EncodedOnce(PDFTextObject):
    """A text object that asks its canvas for a string's operators before encoding it."""

    def _formatText(self, text):
        if type(text) is not str:  # shaped text carries more than its characters
            return super()._formatText(text)
        # Within one document a string set before in the same font, size and subset has
        # its glyphs in the subsets already: reportlab would write the same operators, and
        # leave the same subset current.
        key = (self._fontname, self._fontsize, self._leading, self._rise, self._curSubset,
               text)
        found = self._canvas.encoded.get(key)
        if found is None:
            found = (super()._formatText(text), self._curSubset)
            self._canvas.encoded[key] = found
        written, self._curSubset = found
        return written

    def textOut(self, text):
        if type(text) is not str:
            return super().textOut(text)
        # The cursor moves on by the string's width, which reportlab measures glyph by
        # glyph every time: the same few digits, measured once per document.
        self._x = self._x + self.width(text)
        self._code.append(self._formatText(text))

    def width(self, text: str) -> float:
        """A plain string's width in the current font and size (once per document)."""
        key = (text, self._fontname, self._fontsize)
        width = self._canvas.widths.get(key)
        if width is None:
            width = self._canvas.stringWidth(text, self._fontname, self._fontsize)
            self._canvas.widths[key] = width
        return width

    def moved_to(self, x: float, y: float, text: str) -> None:
        """The state setTextOrigin(x, y) and textOut(text) leave (their operators
        written by the caller)."""
        self._x0, self._y0, self._y = x, y, y
        self._x = x + self.width(text)


class BlackPlateCanvas(EncodingOnceCanvas):
    """A canvas that paints every grey in DeviceCMYK on the black plate alone (grey g as
    0 0 0 1-g), from a page's first mark on: what a desk printing in CMYK asks for, with
    no rich black and no colour space left to its RIP's choice."""

    def setFillGray(self, gray, alpha=None):
        self.setFillColorCMYK(0, 0, 0, 1 - gray, alpha)

    def setStrokeGray(self, gray, alpha=None):
        self.setStrokeColorCMYK(0, 0, 0, 1 - gray, alpha)

    def showPage(self):
        self._code.insert(0, "0 0 0 1 k 0 0 0 1 K")  # the default black, in CMYK too
        super().showPage()


def fix_date(canvas: Canvas) -> None:
    """Make the file's dates depend on nothing but the input.

    invariant=1 alone is not enough: reportlab still reads SOURCE_DATE_EPOCH for the date.
    (Its /ID, seeded with the same, is replaced by stamp_identity.)
    """
    canvas.setDateFormatter(lambda *when: FIXED_DATE)


# reportlab writes the trailer's /ID as two equal 16-byte strings in hex.
_IDENTITY = re.compile(rb"/ID \n\[<([0-9a-f]{32})><\1>\]")
_BLANK_IDENTITY = b"0" * 32


def stamp_identity(data: bytes) -> bytes:
    """The PDF with its /ID made the MD5 of the file itself, its /ID written as zeros.

    The /ID then follows from every byte that is drawn (pages, fonts, outline, document
    information) and from nothing else, so the same drawing gives the same file and any
    change to it a new /ID, whatever the data structures that produced it look like.
    Both strings have a fixed length, so no offset in the file moves."""
    match = list(_IDENTITY.finditer(data))[-1]  # the trailer's, at the end of the file
    start, end = match.span(1)
    width = end - start
    blank = data[:start] + _BLANK_IDENTITY + data[end:end + 2] + _BLANK_IDENTITY + \
        data[end + 2 + width:]
    digest = hashlib.md5(blank, usedforsecurity=False).hexdigest().encode("ascii")
    return data[:start] + digest + data[end:end + 2] + digest + data[end + 2 + width:]


class _GridForms:
    """Each distinct empty board (shape, side) drawn once as a form XObject, then reused."""

    def __init__(self, canvas: Canvas, style: RenderStyle) -> None:
        self.canvas = canvas
        self.style = style
        self.names: set[str] = set()

    def ensure(self, placement: GridPlacement) -> str:
        """The form's name, defining the form first if this is its first use."""
        shape, side = placement.grid.shape, placement.board_box[2]
        grey = cell_line_grey(placement)
        name = f"grid{_board_name(shape)}s{side:.3f}{'g' if grey else ''}".replace(".", "_")
        if name not in self.names:
            self._define(name, placement)
            self.names.add(name)
        return name

    def _define(self, name: str, placement: GridPlacement) -> None:
        canvas, side = self.canvas, placement.board_box[2]
        drawing = board_drawing(placement.grid.shape)
        weights = line_weights(self.style, side / drawing.frame)
        reach = weights[2] / 2
        canvas.beginForm(name, -reach, -reach, side + reach, side + reach)
        draw_grid(PdfBoard(canvas, 0.0, 0.0, side, drawing.frame), drawing, weights,
                  cell_line_grey(placement))
        canvas.endForm()


def _board_name(shape) -> str:
    """A form name part for a board: its box for classic boards (as before variants, so a
    classic book's bytes stay the same), else the variant and a digest of the board's
    defining fields."""
    if shape.is_classic:
        return f"{shape.box_rows}x{shape.box_cols}"
    key = repr((shape.geometry, shape.box_rows, shape.box_cols, shape.regions))
    if shape.pattern:  # a Kakuro's black squares (added only there: other forms' names stay)
        key += shape.pattern
    return f"{shape.geometry}{hashlib.sha256(key.encode()).hexdigest()[:12]}"


class PdfBoard:
    """The drawing interface (render/canvas.py) on a reportlab canvas: a board whose
    bottom-left corner is at (x, y) points, `side` points square, `frame` cells a side.

    Strokes set the weight and ends they use; polygons set their whole pen, lines only
    the grey and dash that differ from the pen in force. Texts without a knock-out are
    set in one text object per face, after those with one."""

    def __init__(self, canvas: Canvas, x: float, y: float, side: float, frame: int) -> None:
        self.canvas, self.x, self.top = canvas, x, y + side
        self.side, self.frame, self.cell = side, frame, side / frame
        self.stroke: tuple[float, tuple | None] = (0.0, None)  # grey and dash in force

    def _x(self, u: float) -> float:
        return self.x + u * self.cell

    def _y(self, v: float) -> float:
        return self.top - v * self.cell

    def _length(self, u: float) -> float:
        """A length in points: the frame's own side exactly, as the border has it."""
        return self.side if u == self.frame else u * self.cell

    def rects(self, boxes: Sequence[Box], role: str, fill: Fill | None = None,
              pen: Pen | None = None) -> None:
        canvas = self.canvas
        if boxes and fill is not None:  # solid grey, no transparency: it prints as it looks
            canvas.saveState()
            if isinstance(fill, tuple):  # a colour interior's colour, in DeviceCMYK
                canvas.setFillColorCMYK(*fill)
            else:
                canvas.setFillGray(fill)
            path = canvas.beginPath()
            for box in boxes:
                path.rect(*self._rect(box))
            canvas.drawPath(path, stroke=0, fill=1)
            canvas.restoreState()
        if boxes and pen is not None:
            self._pen_state(pen)
            canvas.setLineWidth(pen.weight)
            canvas.setLineJoin(0)  # mitred: crisp square corners
            for box in boxes:
                canvas.rect(*self._rect(box), stroke=1, fill=0)

    def _rect(self, box: Box) -> tuple[float, float, float, float]:
        left, top, width, height = box
        return (self._x(left), self.top - self._length(top + height), self._length(width),
                self._length(height))

    def lines(self, segments: Sequence[Segment], pen: Pen, role: str) -> None:
        """One stroked path; vertical lines go bottom to top, others left to right."""
        if not segments:
            return
        path = self.canvas.beginPath()
        for (x1, y1), (x2, y2) in segments:
            if (x1 == x2 and y1 < y2) or x1 > x2:
                (x1, y1), (x2, y2) = (x2, y2), (x1, y1)
            path.moveTo(self._x(x1), self._y(y1))
            path.lineTo(self._x(x2), self._y(y2))
        self._pen_state(pen)
        self.canvas.setLineWidth(pen.weight)
        self.canvas.setLineCap(_CAPS[pen.cap])
        self.canvas.drawPath(path, stroke=1, fill=0)

    def _pen_state(self, pen: Pen) -> None:
        """The grey and dash of a pen, where they differ from those in force."""
        if pen.grey != self.stroke[0]:
            self.canvas.setStrokeGray(pen.grey)
        if pen.dash != self.stroke[1]:
            self._dash(pen.dash)
        self.stroke = (pen.grey, pen.dash)

    def _dash(self, dash: tuple[float, float] | None) -> None:
        if dash:
            self.canvas.setDash([dash[0] * self.cell, dash[1] * self.cell])
        else:
            self.canvas.setDash()

    def shapes(self, loops: Sequence[Sequence[Point]], role: str, fill: float) -> None:
        if not loops:
            return
        canvas = self.canvas
        canvas.saveState()
        canvas.setFillGray(fill)
        canvas.drawPath(self._closed_path(loops), stroke=0, fill=1)
        canvas.restoreState()

    def polygons(self, loops: Sequence[Sequence[Point]], pen: Pen, role: str) -> None:
        canvas = self.canvas
        canvas.setLineWidth(pen.weight)
        canvas.setStrokeGray(pen.grey)
        self._dash(pen.dash)
        self.stroke = (pen.grey, pen.dash)
        canvas.setLineCap(_CAPS[pen.cap])
        canvas.drawPath(self._closed_path(loops), stroke=1, fill=0)

    def _closed_path(self, loops: Sequence[Sequence[Point]]):
        """One path of the loops, each closed."""
        path = self.canvas.beginPath()
        for loop in loops:
            path.moveTo(self._x(loop[0][0]), self._y(loop[0][1]))
            for x, y in loop[1:]:
                path.lineTo(self._x(x), self._y(y))
            path.close()
        return path

    def text(self, labels: Sequence[Label], faces: Sequence[Face], grey: float = 0.0,
             pad: float = 0.0) -> None:
        grounded = [label for label in labels if label.ground is not None]
        for label in grounded:
            self._on_ground(label, faces[label.face], grey, pad)
        plain = [label for label in labels if label.ground is None]
        if plain or not grounded:
            self._text_objects(plain, faces, grey)

    def _on_ground(self, label: Label, face: Face, grey: float, pad: float) -> None:
        """A label on its knock-out, which covers its figures from the baseline up."""
        canvas, name = self.canvas, registered(face.font)
        width = text_width_em(label.text, name) * face.size
        left, baseline = self._origin(label, face, width)
        height = face.size * face.top
        canvas.setFillGray(label.ground)
        canvas.rect(left - pad, baseline - pad, width + 2 * pad, height + 2 * pad, stroke=0,
                    fill=1)
        canvas.setFillGray(grey)
        canvas.setFont(name, face.size)
        canvas.drawString(left, baseline, label.text)

    def _origin(self, label: Label, face: Face, width: float) -> tuple[float, float]:
        """Where a label's baseline starts, in points."""
        if label.anchor == CENTRE:
            lift = (self.cell - face.size * (face.top + face.bottom)) / 2
            return (self._x(label.x) - width / 2,
                    self.top - (label.y + 0.5) * self.cell + lift)
        return self._x(label.x), self.top - label.y * self.cell - face.size * face.top

    def _text_objects(self, labels: Sequence[Label], faces: Sequence[Face],
                      grey: float) -> None:
        """One text object per face, drawn in the order of the faces, each holding its
        face's labels; the labels are set in their own order, which decides the order of
        the glyphs in the embedded font subsets."""
        canvas = self.canvas
        objects, names = [], [registered(face.font) for face in faces]
        for face, name in zip(faces, names):
            text = canvas.beginText()
            text.setFont(name, face.size)
            objects.append(text)
        if canvas.bottomup and all(type(text) is _EncodedOnce for text in objects):
            self._set_labels(labels, faces, names, objects)
        else:
            for label in labels:
                face = faces[label.face]
                width = _em_width(label.text, names[label.face]) * face.size
                objects[label.face].setTextOrigin(*self._origin(label, face, width))
                objects[label.face].textOut(label.text)
        if grey:
            canvas.saveState()
            canvas.setFillGray(grey)
        for text in objects:
            canvas.drawText(text)
        if grey:
            canvas.restoreState()


    def _set_labels(self, labels: Sequence[Label], faces: Sequence[Face], names: list[str],
                    objects: list[_EncodedOnce]) -> None:
        """Each label's setTextOrigin and textOut operators, in the labels' order, written
        straight into its face's text object (as bottom-up canvases write them): a book
        sets some 30,000 symbols, and those calls cost more than the operators."""
        codes = [text._code for text in objects]
        encode = [text._formatText for text in objects]
        lifts = [(self.cell - face.size * (face.top + face.bottom)) / 2 for face in faces]
        last: list[tuple[float, float, str] | None] = [None] * len(faces)
        for label in labels:
            index, face = label.face, faces[label.face]
            if label.anchor == CENTRE:
                x = self.x + label.x * self.cell - \
                    _em_width(label.text, names[index]) * face.size / 2
                y = self.top - (label.y + 0.5) * self.cell + lifts[index]
            else:
                x, y = self._origin(label, face, 0.0)
            codes[index].append(f"1 0 0 1 {fp_str(x, y)} Tm")
            codes[index].append(encode[index](label.text))
            last[index] = (x, y, label.text)
        for text, moved in zip(objects, last):
            if moved is not None:
                text.moved_to(*moved)


_CAPS = {BUTT: 0, SQUARE: 2}  # PDF line cap styles: butt, projecting square


@cache
def _em_width(text: str, font: str) -> float:
    """text_width_em, kept: a grid sets the same few symbols again and again."""
    return text_width_em(text, font)


def _draw_page(canvas: Canvas, page: Page, facing: int, style: RenderStyle,
               fonts: _Fonts, forms: _GridForms) -> None:
    names = [forms.ensure(p) for p in page.placements]  # forms are defined outside any page
    geometry = style.geometry
    x, y = geometry.trim_origin(facing)
    canvas.setTrimBox((x, y, x + geometry.trim_width, y + geometry.trim_height))
    canvas.translate(x, y)  # from here on, (0, 0) is the trim's bottom-left corner
    for placement, name in zip(page.placements, names):
        _draw_placement(canvas, placement, name, style, fonts)
    _draw_ruled_lines(canvas, page, facing, style)
    _draw_texts(canvas, page, facing, style, fonts)
    _draw_running_heads(canvas, page, facing, style, fonts)
    canvas.showPage()


def _draw_placement(canvas: Canvas, placement: GridPlacement, form: str, style: RenderStyle,
                    fonts: _Fonts) -> None:
    """The board's form, its marks drawn from its corner, its symbols on the page."""
    frame = board_drawing(placement.grid.shape).frame
    x, y, side = placement.board_box
    canvas.saveState()
    canvas.translate(x, y)
    canvas.doForm(form)
    draw_marks(PdfBoard(canvas, 0.0, 0.0, side, frame), placement, style)
    canvas.restoreState()
    draw_symbols(PdfBoard(canvas, x, y, side, frame), placement, style)
    _draw_grid_texts(canvas, placement, style, fonts)


def _draw_grid_texts(canvas: Canvas, placement: GridPlacement, style: RenderStyle,
                     fonts: _Fonts) -> None:
    """Label above the grid (bold, flush left) with its difficulty mark; below it the
    caption flush left and the note flush right, on one line or two (design/captions.py:
    the rule the spec checked, so nothing is ever cut off)."""
    x, y, side, height = placement.text_box  # side: its width
    reach = line_weights(style, placement.cell)[2] / 2
    if placement.label:
        canvas.setFont(fonts.bold, style.label_size)
        baseline = y + height + reach + style.label_size * 0.35
        canvas.drawString(x, baseline, placement.label)
        if placement.mark:
            width = pdfmetrics.stringWidth(placement.label, fonts.bold, style.label_size)
            _draw_mark(canvas, x + width, baseline, placement.mark, style)
        if placement.aside:  # the solving time, at the caption's size (compose fit it)
            canvas.setFont(fonts.regular, style.caption_size)
            canvas.drawRightString(x + side, baseline, placement.aside)
    size = style.caption_size
    lines = caption_lines(placement.caption.split(SEPARATOR) if placement.caption else [],
                          placement.note, side,
                          lambda text: pdfmetrics.stringWidth(text, fonts.regular, size), size)
    if lines is None:
        raise RenderError(f"the caption {placement.caption!r} and note {placement.note!r} "
                          f"do not fit in two lines under {with_article(f'{side:.0f}')} pt grid")
    canvas.setFont(fonts.regular, size)
    for index, (left, right) in enumerate(lines):
        baseline = y - reach - size * (1.15 + CAPTION_LEADING * index)
        if left:
            canvas.drawString(x, baseline, left)
        if right:
            canvas.drawRightString(x + side, baseline, right)


def _draw_mark(canvas: Canvas, x: float, baseline: float, filled: int,
               style: RenderStyle) -> None:
    """MARK_STEPS small squares after the label, the first `filled` of them filled."""
    size, square = style.label_size, style.label_size * MARK_SQUARE
    canvas.saveState()
    canvas.setLineWidth(style.stroke(square * 0.12))
    left = x + size * MARK_GAP
    for step in range(MARK_STEPS):
        canvas.rect(left + step * size * (MARK_SQUARE + MARK_SPACE), baseline, square, square,
                    stroke=1, fill=int(step < filled))
    canvas.restoreState()


def _draw_ruled_lines(canvas: Canvas, page: Page, facing: int, style: RenderStyle) -> None:
    """Writing lines across the content area (a Notes page), thin and grey."""
    if not page.ruled_lines:
        return
    left, _, width, _ = style.geometry.content_box(facing)
    canvas.saveState()
    canvas.setLineWidth(style.stroke(style.cell_line))
    canvas.setStrokeGray(0.55)
    for height in page.ruled_lines:
        canvas.line(left, height, left + width, height)
    canvas.restoreState()


def _draw_running_heads(canvas: Canvas, page: Page, facing: int, style: RenderStyle,
                        fonts: _Fonts) -> None:
    """Header centred at the top; footer centred at the bottom; the page number in the
    outside corner, as in a printed book."""
    geometry = style.geometry
    left = geometry.left_margin(facing)
    right = left + geometry.live_width
    if page.header:
        y = _band_baseline(geometry.trim_height - geometry.margin_top - geometry.header_space,
                           geometry.header_space, style.header_size, "header")
        canvas.setFont(fonts.regular, style.header_size)
        canvas.drawCentredString((left + right) / 2, y, page.header)
    if page.footer:
        y = _band_baseline(geometry.margin_bottom, geometry.footer_space, style.footer_size,
                           "footer")
        canvas.setFont(fonts.regular, style.footer_size)
        canvas.drawCentredString((left + right) / 2, y, page.footer)
    if page.number is not None:
        y = _band_baseline(geometry.margin_bottom, geometry.footer_space,
                           style.page_number_size, "page number")
        canvas.setFont(fonts.regular, style.page_number_size)
        if is_right_hand(facing):
            canvas.drawRightString(right, y, str(page.number))
        else:
            canvas.drawString(left, y, str(page.number))


def _band_baseline(bottom: float, height: float, size: float, what: str) -> float:
    """The baseline that centres capitals of `size` points in a band; RenderError when the
    band is too low for them, since the text would run into the grids."""
    if height < size:
        space = "header_space" if what == "header" else "footer_space"
        raise RenderError(f"{with_article(what)} of {size:g} pt needs {space} of at least "
                          f"{size:g} pt, but the layout reserves {height:g} pt")
    return bottom + height / 2 - size * 0.36  # 0.36: about half a capital's height


_TEXT_LOOK = {  # style -> (bold?, size field, centred?, leading as a multiple of size)
    "title": (True, "title_size", True, 1.2),
    "subtitle": (False, "subtitle_size", True, 1.3),
    "heading": (True, "heading_size", False, 1.3),
    "body": (False, "body_size", False, 1.4),
    "entry": (True, "body_size", False, 1.4),
    "detail": (False, "caption_size", False, 1.4),
    "kicker": (True, "heading_size", True, 1.4),
    "rule": (False, "body_size", True, 1.0),
    "step": (False, "body_size", False, 1.3),
}
RULE_SHARE = 0.4  # a title page's rule: this share of the text width, centred
RULE_WEIGHT = 1.0  # points
LEADER = ". "  # a contents entry's dot leader, repeated from its title to its page


def _grid_top(placement: GridPlacement) -> float:
    """The top of a grid as printed: its square's, a wide rectangle's board's."""
    _, y, _, height = placement.text_box
    return y + height


def _draw_texts(canvas: Canvas, page: Page, facing: int, style: RenderStyle,
                fonts: _Fonts) -> None:
    """Text blocks stacked from the top of the content area; body paragraphs wrapped."""
    left, bottom, width, height = style.geometry.content_box(facing)
    # Text may run down to the grids' labels, if the page has grids too.
    floor = max([bottom] + [_grid_top(p) + style.label_height for p in page.placements
                            if not page.flowed])  # flowed text runs on under its figures
    y = bottom + height
    for block in page.texts:
        y = _draw_block(canvas, block, left, y - block.space_before, width, style, fonts)
        # A daily sheet is made exactly as tall as its text: its last line ends on the
        # floor, give or take a rounding (a 12x12 Killer's sheet was refused by 6e-14 pt).
        if y < floor - FIT_TOLERANCE:
            raise RenderError(f"the text of page {facing} does not fit on it")


def _draw_block(canvas: Canvas, block: TextBlock, left: float, top: float, width: float,
                style: RenderStyle, fonts: _Fonts) -> float:
    """Draw one block below `top`; return where the next block may start."""
    left, width = left + block.indent, width - block.indent  # beside a figure, if set so
    bold, size_field, _, _ = _TEXT_LOOK[block.style]
    font = fonts.bold if bold else fonts.regular
    size = getattr(style, size_field)
    canvas.setFont(font, size)
    if block.style == "rule":
        return _draw_rule(canvas, left, top - size, width)
    if block.column_breaks:
        return _draw_columns(canvas, block, left, top, width, font, size)
    return _draw_paragraphs(canvas, block.lines, block.style, left, top, width, font, size)


def _draw_columns(canvas: Canvas, block: TextBlock, left: float, top: float, width: float,
                  font: str, size: float) -> float:
    """A block's paragraphs down its columns (pages/flow.py chose how many in each);
    where the next block may start: under the longest column."""
    across = column_width(width, block.columns)
    bottom, start = top, 0
    for index, count in enumerate(block.column_breaks):
        lines = block.lines[start:start + count]
        bottom = min(bottom, _draw_paragraphs(canvas, lines, block.style, left + index * (
            across + COLUMN_GAP), top, across, font, size))
        start += count
    return bottom


def _draw_paragraphs(canvas: Canvas, paragraphs: Sequence[str], style: str, left: float,
                     top: float, width: float, font: str, size: float) -> float:
    """Paragraphs wrapped to `width` below `top`; where the next may start."""
    _, _, centred, leading = _TEXT_LOOK[style]
    y = top
    for paragraph in paragraphs:
        text, _, right = paragraph.partition("\t")
        room = width - (pdfmetrics.stringWidth(right, font, size) + size if right else 0)
        line = ""
        for line in _wrap(text, font, size, room):
            y -= size * leading
            if centred:
                canvas.drawCentredString(left + width / 2, y, line)
            else:
                canvas.drawString(left, y, line)
        if right:  # flush right, on the paragraph's last line, after dot leaders
            canvas.drawRightString(left + width, y, right)
            _draw_leaders(canvas, font, size, left, left + pdfmetrics.stringWidth(
                line, font, size), left + room, y)
        y -= size * LOOKS[style][3]  # space between paragraphs, as pages/flow.py counts it
    return y


def _draw_leaders(canvas: Canvas, font: str, size: float, left: float, start: float,
                  end: float, y: float) -> None:
    """Dots from just after `start` to just before `end`, each on a pitch counted from
    `left`, so that the leaders of every line stand in columns."""
    pitch = pdfmetrics.stringWidth(LEADER, font, size)
    first = left + pitch * (int((start + size * 0.5 - left) // pitch) + 1)
    count = int((end - first) // pitch)
    if count > 0:
        canvas.drawString(first, y, LEADER * count)


def _draw_rule(canvas: Canvas, left: float, y: float, width: float) -> float:
    """A short centred rule (a title page's); where the next block may start."""
    canvas.saveState()
    canvas.setLineWidth(RULE_WEIGHT)
    canvas.line(left + width * (1 - RULE_SHARE) / 2, y, left + width * (1 + RULE_SHARE) / 2, y)
    canvas.restoreState()
    return y


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Words of `text` filled into lines no wider than `width`, as the pages measured them
    (pages/flow.wrapped)."""
    return wrapped(text, lambda line: pdfmetrics.stringWidth(line, font, size), width)
