"""Pages -> a print-ready PDF: embedded fonts, exact trim and bleed boxes, identical bytes."""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import BinaryIO

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from ..core.board.grid import SYMBOLS
from ..pages.board import (
    CAGE_DASH,
    CAGE_LABEL_AT,
    CAGE_LABEL_PAD,
    SHADE_GREY,
    BoardDrawing,
    board_drawing,
    cage_drawings,
)
from ..pages.page import GridPlacement, Page, PageGeometry, TextBlock, facing_number, is_right_hand
from ..spec.captions import MARK_GAP, MARK_SPACE, MARK_SQUARE, MARK_STEPS, SEPARATOR, caption_lines
from ..spec.kinds import CAGE_TOTAL_HEIGHT, CAGE_TOTAL_MAX
from ..spec.layout import CAPTION_LEADING, CAPTION_LINE_HEIGHT
from ..spec.values import MIN_TEXT_POINTS
from .fonts import FontError, default_fonts, digit_extent

MIN_TEXT_SIZE = MIN_TEXT_POINTS  # the spec's floor for any printed text, one rule for both
FIXED_DATE = "D:20000101000000+00'00'"  # never the clock: same input, same bytes
_FIT_HEIGHT = 0.78  # a symbol's ink may use at most this much of its cell's height
_FIT_WIDTH = 0.86  # ... and of its width
_FULL_WEIGHT_CELL = 18.0  # points: cells this big get the style's full line weights
CAGE_FAINT_GREY = 0.55  # an answer's cages: visible, but behind its digits
FIT_TOLERANCE = 1e-6  # points: text ending this little below its floor still fits (rounding)


class RenderError(ValueError):
    """Pages that cannot be drawn as asked: text too small, or too much text for a page."""


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


def _default_regular() -> Path:
    return default_fonts()[0]


def _default_bold() -> Path:
    return default_fonts()[1]


@dataclass(frozen=True)
class RenderStyle:
    """How pages look: geometry, fonts (TTF paths), text sizes in points, line weights.

    given_font_ratio is the height of a digit's ink as a fraction of the cell side; the
    font size follows from it and the font's own digit height.
    """

    geometry: PageGeometry
    font_regular: Path = field(default_factory=_default_regular)
    font_bold: Path = field(default_factory=_default_bold)
    given_font_ratio: float = 0.5
    label_size: float = 10.0
    caption_size: float = 8.0
    header_size: float = 9.0
    footer_size: float = 8.0
    page_number_size: float = 10.0
    title_size: float = 28.0
    subtitle_size: float = 15.0
    heading_size: float = 14.0
    body_size: float = 11.0
    cell_line: float = 0.75
    box_line: float = 2.0
    border_line: float = 2.5

    def __post_init__(self) -> None:
        sizes = {name: getattr(self, name) for name in _TEXT_SIZE_FIELDS}
        small = [f"{name} {size:g} pt" for name, size in sizes.items() if size < MIN_TEXT_SIZE]
        if small:
            raise RenderError(f"text under {MIN_TEXT_SIZE:g} pt: {', '.join(small)}")
        if not 0.2 <= self.given_font_ratio <= _FIT_HEIGHT:
            raise RenderError(f"given_font_ratio must be between 0.2 and {_FIT_HEIGHT}, "
                              f"got {self.given_font_ratio}")
        if min(self.cell_line, self.box_line, self.border_line) <= 0:
            raise RenderError("line weights must be positive")

    @property
    def label_height(self) -> float:
        """The line above a grid that its label needs: pass it to paginate as label_height."""
        return self.label_size * 1.6

    @property
    def below_height(self) -> float:
        """One line below a grid for caption and note: paginate's below_height, by the
        same rule as the layout's (spec.layout.CAPTION_LINE_HEIGHT)."""
        return self.caption_size * CAPTION_LINE_HEIGHT


_TEXT_SIZE_FIELDS = ("label_size", "caption_size", "header_size", "footer_size",
                     "page_number_size", "title_size", "subtitle_size", "heading_size",
                     "body_size")


@dataclass(frozen=True)
class _Fonts:
    """The registered names of a style's fonts and the digits' ink extent (em fractions)."""

    regular: str
    bold: str
    digit_top: float
    digit_bottom: float


def render_pdf(pages: Sequence[Page], style: RenderStyle, metadata: Metadata,
               target: str | Path | BinaryIO, outline: Sequence[OutlineEntry] = ()) -> None:
    """Draw `pages` into a PDF at `target` (a path, or a binary file object)."""
    data = render_pdf_bytes(pages, style, metadata, outline)
    if hasattr(target, "write"):
        target.write(data)
    else:
        Path(target).write_bytes(data)


def render_pdf_bytes(pages: Sequence[Page], style: RenderStyle, metadata: Metadata,
                     outline: Sequence[OutlineEntry] = ()) -> bytes:
    """The PDF file for `pages`, as bytes, with bookmarks for the outline's entries and
    page labels that match the printed numbers (a page's number is its position)."""
    fonts = _register_fonts(style)
    canvas = _new_canvas(style.geometry, fonts, metadata)
    fix_identity(canvas, _fingerprint(pages, style, metadata, fonts, outline))
    if pages:
        canvas.addPageLabel(0, "D", 1)  # decimal labels from 1: page N is labelled N
    forms = _GridForms(canvas, style)
    marks: dict[int, list[OutlineEntry]] = {}
    for entry in outline:
        marks.setdefault(entry.page, []).append(entry)
    for position, page in enumerate(pages, start=1):
        _bookmark(canvas, marks.get(position, []), position)
        _draw_page(canvas, page, facing_number(page, position), style, fonts, forms)
    return canvas.getpdfdata()


def _bookmark(canvas: Canvas, entries: list[OutlineEntry], position: int) -> None:
    """Outline entries that open the page being drawn."""
    for index, entry in enumerate(entries):
        key = f"p{position}e{index}"
        canvas.bookmarkPage(key)
        canvas.addOutlineEntry(entry.title, key, entry.level)


def text_width(text: str, font: Path, size: float) -> float:
    """The width in points that render_pdf gives `text` in the TTF `font` at `size`."""
    return pdfmetrics.stringWidth(text, _registered(font), size)


def symbol_font_size(style: RenderStyle, cell: float, size: int) -> float:
    """The font size render_pdf gives the symbols of a size x size grid with cells of
    `cell` points (RenderError if even the smallest text does not fit)."""
    fonts = _Fonts(_registered(style.font_regular), _registered(style.font_bold),
                   *digit_extent(str(style.font_regular)))
    return _symbol_size(cell, size, style, fonts)


@cache
def _registered(font: Path) -> str:
    """register_ttf once per path: measuring text must not read the font every time."""
    return register_ttf(font)


def _register_fonts(style: RenderStyle) -> _Fonts:
    regular = register_ttf(style.font_regular)
    top, bottom = digit_extent(str(style.font_regular))
    return _Fonts(regular, register_ttf(style.font_bold), top, bottom)


def register_ttf(path: Path | str) -> str:
    """Register a TTF under a name made from its bytes, so the same file always gets the
    same name and two different files never share one."""
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise FontError(f"cannot read font {path}: {err.strerror}") from None
    name = "bm-" + hashlib.sha256(data).hexdigest()[:16]
    if name not in pdfmetrics.getRegisteredFontNames():
        try:
            pdfmetrics.registerFont(TTFont(name, io.BytesIO(data)))
        except Exception as err:  # reportlab raises bare TTFError and others for bad files
            raise FontError(f"cannot use font {path}: {err}") from None
    return name


def _new_canvas(geometry: PageGeometry, fonts: _Fonts, metadata: Metadata) -> Canvas:
    media = geometry.media_size
    # The initial font is ours, so no standard-14 font (Helvetica) is ever referenced.
    # The trim box is set page by page (_draw_page): the bleed side alternates.
    canvas = Canvas(io.BytesIO(), pagesize=media, invariant=1, pageCompression=1,
                    initialFontName=fonts.regular, initialFontSize=10,
                    bleedBox=(0, 0, media[0], media[1]))
    canvas.setTitle(metadata.title)
    canvas.setAuthor(metadata.author)
    canvas.setSubject(metadata.subject)
    canvas.setCreator(metadata.creator)
    return canvas


def fix_identity(canvas: Canvas, fingerprint: bytes) -> None:
    """Make the file's date and /ID depend on nothing but the input.

    invariant=1 alone is not enough: reportlab still reads SOURCE_DATE_EPOCH for the date
    and seeds the /ID with it, so both are replaced here.
    """
    canvas.setDateFormatter(lambda *when: FIXED_DATE)
    canvas._doc.signature = hashlib.md5(fingerprint, usedforsecurity=False)


def _fingerprint(pages: Sequence[Page], style: RenderStyle, metadata: Metadata,
                 fonts: _Fonts, outline: Sequence[OutlineEntry] = ()) -> bytes:
    """A digest of everything drawn; font files by content, never by where they live."""
    portable_style = replace(style, font_regular=Path(fonts.regular), font_bold=Path(fonts.bold))
    text = repr((tuple(pages), portable_style, metadata, tuple(outline)))
    cages = [p.cages for page in pages for p in page.placements if p.cages]
    if cages:  # placements keep cages out of their repr: classic files' /IDs stay as they were
        text += repr(cages)
    return hashlib.sha256(text.encode("utf-8")).digest()


class _GridForms:
    """Each distinct empty board (shape, side) drawn once as a form XObject, then reused."""

    def __init__(self, canvas: Canvas, style: RenderStyle) -> None:
        self.canvas = canvas
        self.style = style
        self.names: set[str] = set()

    def ensure(self, placement: GridPlacement) -> str:
        """The form's name, defining the form first if this is its first use."""
        shape = placement.grid.shape
        name = f"grid{_board_name(shape)}s{placement.side:.3f}".replace(".", "_")
        if name not in self.names:
            self._define(name, board_drawing(shape), placement.side)
            self.names.add(name)
        return name

    def _define(self, name: str, drawing: BoardDrawing, side: float) -> None:
        canvas = self.canvas
        cell = side / drawing.frame
        cell_line, box_line, border_line = line_weights(self.style, cell)
        canvas.beginForm(name, -border_line / 2, -border_line / 2,
                         side + border_line / 2, side + border_line / 2)
        _shade_cells(canvas, drawing.shaded, cell, side)
        _stroke_runs(canvas, cell_line, drawing.thin, cell, side)
        _stroke_runs(canvas, box_line, drawing.heavy, cell, side)
        if drawing.full:
            canvas.setLineWidth(border_line)
            canvas.setLineJoin(0)  # mitred: crisp square corners on the border
            canvas.rect(0, 0, side, side, stroke=1, fill=0)
        else:  # projecting caps square the outline's corners, inward and outward alike
            _stroke_runs(canvas, border_line, drawing.outline, cell, side)
        canvas.endForm()


def _board_name(shape) -> str:
    """A form name part for a board: its box for classic boards (as before variants, so a
    classic book's bytes stay the same), else the variant and a digest of the board."""
    if shape.is_classic:
        return f"{shape.box_rows}x{shape.box_cols}"
    key = repr((shape.geometry, shape.box_rows, shape.box_cols, shape.regions))
    return f"{shape.geometry}{hashlib.sha256(key.encode()).hexdigest()[:12]}"


def line_weights(style: RenderStyle, cell: float) -> tuple[float, float, float]:
    """(cell, box, border) line weights for cells of `cell` points.

    The style's weights hold for cells of _FULL_WEIGHT_CELL points and more. Smaller grids,
    such as answer keys, get lighter box and border lines in proportion, or they look
    clotted; but box lines stay twice the cell line, so boxes remain distinct. Cell
    lines are never thinned: they are the print minimum.
    """
    scale = min(1.0, cell / _FULL_WEIGHT_CELL)
    box = min(style.box_line, max(style.box_line * scale, style.cell_line * 2))
    border = min(style.border_line, max(style.border_line * scale, box * 1.25))
    return style.cell_line, box, max(border, box)


def _stroke_runs(canvas: Canvas, width: float, runs, cell: float, side: float) -> None:
    """One stroked path of the runs (pages/board.py), y flipped: the form's y axis points
    up. Vertical runs go bottom to top, horizontal ones left to right."""
    if not runs:
        return
    path = canvas.beginPath()
    for run in runs:
        if run.vertical:
            path.moveTo(run.at * cell, side - run.end * cell)
            path.lineTo(run.at * cell, side - run.start * cell)
        else:
            path.moveTo(run.start * cell, side - run.at * cell)
            path.lineTo(run.end * cell, side - run.at * cell)
    canvas.setLineWidth(width)
    canvas.setLineCap(2)  # projecting caps: lines reach fully into the lines they meet
    canvas.drawPath(path, stroke=1, fill=0)


def _shade_cells(canvas: Canvas, cells, cell: float, side: float) -> None:
    """The shaded cells as one filled path of solid light grey (no transparency: it must
    print as it looks)."""
    if not cells:
        return
    canvas.saveState()
    canvas.setFillGray(SHADE_GREY)
    path = canvas.beginPath()
    for row, col in cells:
        path.rect(col * cell, side - (row + 1) * cell, cell, cell)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()


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
    canvas.saveState()
    canvas.translate(placement.x, placement.y)
    canvas.doForm(form)
    if placement.cages:
        _draw_cages(canvas, placement, style, fonts)
    canvas.restoreState()
    _draw_symbols(canvas, placement, style, fonts)
    _draw_grid_texts(canvas, placement, style, fonts)


def _symbol_size(cell: float, size: int, style: RenderStyle, fonts: _Fonts) -> float:
    """The font size of a size x size grid's symbols in cells of `cell` points: digits as
    tall as given_font_ratio of the cell, narrower if the widest symbol needs it, never
    under the minimum text size; RenderError when even that does not fit the cell."""
    widest = max(_em_widths(fonts.bold)[s] for s in SYMBOLS[:size])
    fitting = min(style.given_font_ratio * cell / fonts.digit_top, _FIT_WIDTH * cell / widest)
    font_size = max(fitting, MIN_TEXT_SIZE)
    if font_size * fonts.digit_top > _FIT_HEIGHT * cell or font_size * widest > _FIT_WIDTH * cell:
        raise RenderError(f"cells of {cell:.1f} pt are too small for {MIN_TEXT_SIZE:g} pt "
                          "symbols: use fewer grids per page or a larger page")
    return font_size


def _draw_cages(canvas: Canvas, placement: GridPlacement, style: RenderStyle,
                fonts: _Fonts) -> None:
    """A Killer's cages, from the grid's bottom-left corner: dashed loops, and on a puzzle
    each total in its cage's top-left corner on a knock-out of the cell's own colour. An
    answer has its cages faint and no totals: its digits are the point there."""
    cages = cage_drawings(placement.grid.shape, placement.cages)
    cell, side = placement.cell, placement.side
    answer = placement.solution is not None
    canvas.setLineWidth(cage_line(style, cell, answer))
    canvas.setStrokeGray(CAGE_FAINT_GREY if answer else 0)
    canvas.setDash([CAGE_DASH[0] * cell, CAGE_DASH[1] * cell])
    canvas.setLineCap(0)
    path = canvas.beginPath()
    for loop in (loop for cage in cages for loop in cage.loops):
        path.moveTo(loop[0][0] * cell, side - loop[0][1] * cell)
        for x, y in loop[1:]:
            path.lineTo(x * cell, side - y * cell)
        path.close()
    canvas.drawPath(path, stroke=1, fill=0)
    if not answer:
        _draw_cage_totals(canvas, placement, cages, fonts)


def _draw_cage_totals(canvas: Canvas, placement: GridPlacement, cages, fonts: _Fonts) -> None:
    """Each total on its knock-out (white, or the shade of a shaded cell)."""
    cell, side = placement.cell, placement.side
    size = cage_total_size(cell, fonts.digit_top)
    shaded = set(board_drawing(placement.grid.shape).shaded)
    for cage in cages:
        text = str(cage.total)
        left, top, width, height = cage_label_box(cage.label_cell, cell,
                                                  text_width_em(text, fonts.regular) * size,
                                                  size * fonts.digit_top)
        canvas.setFillGray(SHADE_GREY if cage.label_cell in shaded else 1)
        pad = CAGE_LABEL_PAD * cell
        canvas.rect(left - pad, side - top - height - pad, width + 2 * pad, height + 2 * pad,
                    stroke=0, fill=1)
        canvas.setFillGray(0)
        canvas.setFont(fonts.regular, size)
        canvas.drawString(left, side - top - height, text)


def cage_line(style: RenderStyle, cell: float, answer: bool) -> float:
    """A cage's dashed line: a little under the cell line, thinner on an answer."""
    return style.cell_line * (0.6 if answer else 0.85)


def cage_total_size(cell: float, digit_top: float) -> float:
    """The font size of cage totals in cells of `cell` points: digits CAGE_TOTAL_HEIGHT of
    the cell tall, never under the minimum text size; RenderError when that is too big
    for the corner (it would reach the cell's digit): the spec's rule (spec/kinds.py)."""
    size = max(CAGE_TOTAL_HEIGHT * cell / digit_top, MIN_TEXT_SIZE)
    if size * digit_top > CAGE_TOTAL_MAX * cell:
        raise RenderError(f"cells of {cell:.1f} pt are too small for {MIN_TEXT_SIZE:g} pt "
                          "cage totals: use fewer Killer grids per page or a larger page")
    return size


def cage_label_box(label_cell: tuple[int, int], cell: float, width: float,
                   height: float) -> tuple[float, float, float, float]:
    """(left, top, width, height) of a cage total's ink, in points from the grid's
    top-left corner, y down."""
    row, col = label_cell
    return ((col + CAGE_LABEL_AT[0]) * cell, (row + CAGE_LABEL_AT[1]) * cell, width, height)


def text_width_em(text: str, font: str) -> float:
    """The advance width of `text` at a font size of 1 (a registered font's name)."""
    return pdfmetrics.stringWidth(text, font, 1.0)


def _draw_symbols(canvas: Canvas, placement: GridPlacement, style: RenderStyle,
                  fonts: _Fonts) -> None:
    """The givens in bold (and, for an answer, the solved cells in the regular face)."""
    size = placement.grid.shape.size
    cell = placement.cell
    font_size = _symbol_size(cell, size, style, fonts) * digit_scale(placement, style,
                                                                  fonts.digit_top)
    # Centre the digits' ink (not the font's line box) in the cell.
    lift = (cell - font_size * (fonts.digit_top + fonts.digit_bottom)) / 2
    top = placement.y + placement.side
    faces = {True: (_symbol_text(canvas, fonts.bold, font_size), _em_widths(fonts.bold)),
             False: (_symbol_text(canvas, fonts.regular, font_size), _em_widths(fonts.regular))}
    positions = placement.grid.shape.positions
    for index, symbol, given in _symbols_to_draw(placement):
        text, widths = faces[given]
        row, col = positions[index]
        text.setTextOrigin(placement.x + (col + 0.5) * cell - widths[symbol] * font_size / 2,
                           top - (row + 1) * cell + lift)
        text.textOut(symbol)
    for text, _ in faces.values():
        canvas.drawText(text)


def digit_scale(placement: GridPlacement, style: RenderStyle, digit_top: float) -> float:
    """How much of the style's digit size a grid's digits get: on a Killer puzzle, small
    enough that a digit centred in its cell stays clear of the total in its corner (and
    of the total's knock-out) by CAGE_LABEL_PAD."""
    if not placement.cages or placement.solution is not None:
        return 1.0
    total = cage_total_size(placement.cell, digit_top) * digit_top / placement.cell
    room = 1 - 2 * (CAGE_LABEL_AT[1] + total + 2 * CAGE_LABEL_PAD)
    return min(1.0, room / style.given_font_ratio)


def _symbols_to_draw(placement: GridPlacement):
    """(cell index, symbol, is it a given) for every cell that shows a symbol."""
    solution = placement.solution
    for index, given in enumerate(placement.grid.cells):
        value = given or (solution.cells[index] if solution is not None else 0)
        if value:
            yield index, SYMBOLS[value - 1], bool(given)


@cache
def _em_widths(font: str) -> dict[str, float]:
    """Each symbol's advance width at a font size of 1."""
    return {symbol: pdfmetrics.stringWidth(symbol, font, 1.0) for symbol in SYMBOLS}


def _symbol_text(canvas: Canvas, font: str, size: float):
    text = canvas.beginText()
    text.setFont(font, size)
    return text


def _draw_grid_texts(canvas: Canvas, placement: GridPlacement, style: RenderStyle,
                     fonts: _Fonts) -> None:
    """Label above the grid (bold, flush left) with its difficulty mark; below it the
    caption flush left and the note flush right, on one line or two (spec/captions.py:
    the rule the spec checked, so nothing is ever cut off)."""
    x, y, side = placement.x, placement.y, placement.side
    reach = line_weights(style, placement.cell)[2] / 2
    if placement.label:
        canvas.setFont(fonts.bold, style.label_size)
        baseline = y + side + reach + style.label_size * 0.35
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
                          f"do not fit in two lines under a {side:.0f} pt grid")
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
    canvas.setLineWidth(max(0.5, square * 0.12))
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
    canvas.setLineWidth(style.cell_line)
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
        raise RenderError(f"a {what} of {size:g} pt needs {space} of at least {size:g} pt, "
                          f"but the layout reserves {height:g} pt")
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
}
RULE_SHARE = 0.4  # a title page's rule: this share of the text width, centred
RULE_WEIGHT = 1.0  # points
LEADER = ". "  # a contents entry's dot leader, repeated from its title to its page


def _draw_texts(canvas: Canvas, page: Page, facing: int, style: RenderStyle,
                fonts: _Fonts) -> None:
    """Text blocks stacked from the top of the content area; body paragraphs wrapped."""
    left, bottom, width, height = style.geometry.content_box(facing)
    # Text may run down to the grids' labels, if the page has grids too.
    floor = max([bottom] + [p.y + p.side + style.label_height for p in page.placements
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
    bold, size_field, centred, leading = _TEXT_LOOK[block.style]
    font = fonts.bold if bold else fonts.regular
    size = getattr(style, size_field)
    canvas.setFont(font, size)
    if block.style == "rule":
        return _draw_rule(canvas, left, top - size, width)
    y = top
    for paragraph in block.lines:
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
        y -= size * 0.5 if block.style == "body" else 0  # space between paragraphs
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
    """Words of `text` filled into lines no wider than `width` (a long word stands alone)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if line and pdfmetrics.stringWidth(candidate, font, size) > width:
            lines.append(line)
            candidate = word
        line = candidate
    return lines + [line] if line else lines or [""]
