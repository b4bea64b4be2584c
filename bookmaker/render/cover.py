"""A composed cover -> its print PDF (RGB, fonts embedded and subset, no transparency,
identical bytes for identical input), its guides PDF, and a screen-resolution preview PNG
rendered from the print PDF itself, so the preview is exactly what will print."""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from ..design.captions import MARK_STEPS
from ..design.cover import barcode_box, cover_rules
from ..design.fontfile import FallbackFont, read_font
from ..design.layout import POD_MIN_LINE
from ..pages.cover import CENTRE, Cover, CoverBarcode, CoverDisc, CoverGrid, CoverMark, CoverText
from .covertile import TileInk, draw_tile
from .metrics import register_ttf
from .pdf import fix_date, stamp_identity

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Group

PREVIEW_DPI = 100  # a screen's resolution: a 6 x 9 in book's cover is about 1,300 px wide
GUIDE_COLOURS = {"bleed": "#00a0e0", "trim": "#e0007a", "fold": "#e0007a",
                 "safe": "#19a33b", "barcode": "#ff6a00"}


def render_cover_pdf(cover: Cover, guides: bool = False) -> bytes:
    """The cover's PDF: one page, the media box the full wrap with bleed, the trim box
    inside it. With guides, the print file's marks (trim, folds, bleed, safe zones, the
    barcode area) are drawn over it: for checking, never for upload."""
    fonts = (register_ttf(cover.font_regular), register_ttf(cover.font_bold),
             register_ttf(cover.font_display))
    strong = FallbackFont((read_font(str(cover.font_display)), read_font(str(cover.font_bold))))
    geometry = cover.geometry
    canvas = Canvas(io.BytesIO(), pagesize=(geometry.width, geometry.height), invariant=1,
                    pageCompression=1, initialFontName=fonts[0], initialFontSize=10,
                    bleedBox=(0, 0, geometry.width, geometry.height),
                    trimBox=(geometry.bleed, geometry.bleed, geometry.width - geometry.bleed,
                             geometry.height - geometry.bleed))
    canvas.setTitle(cover.title)
    canvas.setAuthor(cover.author)
    canvas.setCreator("bookmaker")
    fix_date(canvas)
    _background(canvas, cover)
    for box in cover.boxes:
        canvas.setFillColor(HexColor(box.colour))
        canvas.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)
    for grid in cover.grids:
        _tile(canvas, grid, cover.colours, (cover.font_regular, cover.font_bold))
    for disc in cover.discs:
        _disc(canvas, disc)
    for mark in cover.marks:
        _mark(canvas, mark)
    for text in cover.texts:
        font = (fonts[2], fonts[1])[strong.pick(text.text)] if text.display else \
            fonts[1] if text.bold else fonts[0]
        _text(canvas, text, font, cover.cap)
    if cover.barcode:
        _barcode(canvas, cover.barcode, fonts[0])
    if guides:
        _guides(canvas, cover, fonts[0])
    canvas.showPage()
    return stamp_identity(canvas.getpdfdata())


def preview_png(pdf: bytes, dpi: float = PREVIEW_DPI) -> bytes:
    """The PDF's first page as a PNG at dpi, drawn by PDFium (what readers show)."""
    import pypdfium2  # here: only the cover needs it, and it loads a large library

    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi))
    return out.getvalue()


def _background(canvas: Canvas, cover: Cover) -> None:
    """The whole wrap, bleed included: one colour, or a vertical gradient (a shading,
    not transparency, so nothing needs flattening for print)."""
    geometry = cover.geometry
    top = HexColor(cover.colours["background"])
    if cover.gradient is None:
        canvas.setFillColor(top)
        canvas.rect(0, 0, geometry.width, geometry.height, stroke=0, fill=1)
        return
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(0, 0, geometry.width, geometry.height)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.linearGradient(0, geometry.height, 0, 0, (top, HexColor(cover.gradient)))
    canvas.restoreState()


def _text(canvas: Canvas, text: CoverText, font: str, cap: float) -> None:
    canvas.setFillColor(HexColor(text.colour))
    canvas.setFont(font, text.size)
    if text.vertical:  # reads top to bottom, as on English-language spines
        canvas.saveState()
        canvas.translate(text.x, text.y)
        canvas.rotate(-90)
        canvas.drawCentredString(0, -text.size * cap / 2, text.text)
        canvas.restoreState()
    elif text.align == CENTRE:
        canvas.drawCentredString(text.x, text.y, text.text)
    else:
        canvas.drawString(text.x, text.y, text.text)


def _tile(canvas: Canvas, grid: CoverGrid, colours: dict[str, str], fonts: tuple[Path, Path]
          ) -> None:
    """A puzzle as its kind draws it, in the design's colours (render/covertile.py)."""
    draw_tile(canvas, grid, TileInk(colours["grid_lines"], colours["grid_cells"],
                                    colours["pencil"], colours["highlight"]), fonts)


def _disc(canvas: Canvas, disc: CoverDisc) -> None:
    canvas.setFillColor(HexColor(disc.colour))
    canvas.circle(disc.x, disc.y, disc.radius, stroke=0, fill=1)


def _mark(canvas: Canvas, mark: CoverMark) -> None:
    """MARK_STEPS squares, the first `filled` filled, outlined no thinner than the floor."""
    canvas.saveState()
    canvas.setStrokeColor(HexColor(mark.colour))
    canvas.setFillColor(HexColor(mark.colour))
    canvas.setLineWidth(max(POD_MIN_LINE, mark.square * 0.12))
    canvas.setLineJoin(0)
    for step in range(MARK_STEPS):
        canvas.rect(mark.x + step * mark.step, mark.y, mark.square, mark.square, stroke=1,
                    fill=int(step < mark.filled))
    canvas.restoreState()


def _barcode(canvas: Canvas, barcode: CoverBarcode, font: str) -> None:
    """White box over the whole barcode area, 'ISBN ...' over the bars, digits under."""
    # reportlab's barcode widgets load its graphics and platypus (~0.1 s of every build's
    # start-up): only for a cover that has a barcode.
    from reportlab.graphics.barcode.eanbc import Ean13BarcodeWidget

    x, y, width, height = barcode.box
    canvas.setFillColor(white)
    canvas.rect(x, y, width, height, stroke=0, fill=1)
    bars = Ean13BarcodeWidget(barcode.digits, fontSize=9, barHeight=height * 0.55).draw()
    left, bottom, right, top = bars.getBounds()
    scale = min((width * 0.8) / (right - left), 1.4)
    canvas.saveState()
    canvas.translate(x + (width - (right - left) * scale) / 2, y + height * 0.1)
    canvas.scale(scale, scale)
    _barcode_shapes(canvas, bars, font)
    canvas.restoreState()
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(font, 8.5)
    canvas.drawCentredString(x + width / 2, y + height * 0.1 + (top - bottom) * scale + 4,
                             f"ISBN {barcode.isbn}")


def _barcode_shapes(canvas: Canvas, bars: Group, font: str) -> None:
    """reportlab's EAN-13 bars and digits, drawn here so that the digits are set in our
    embedded font (its renderer would reference an unembedded Helvetica)."""
    from reportlab.graphics.shapes import Rect, String

    for shape in bars.contents:
        if isinstance(shape, Rect) and shape.fillColor is not None:
            canvas.setFillColor(shape.fillColor)
            canvas.rect(shape.x, shape.y, shape.width, shape.height, stroke=0, fill=1)
        elif isinstance(shape, String):
            canvas.setFillColor(shape.fillColor)
            canvas.setFont(font, shape.fontSize)
            draw = canvas.drawCentredString if shape.textAnchor == "middle" else \
                canvas.drawString
            draw(shape.x, shape.y, shape.text)


def _guides(canvas: Canvas, cover: Cover, font: str) -> None:
    """Thin lines: bleed edge, trim, spine folds, safe zones, spine margins, barcode area."""
    geometry, rules = cover.geometry, cover_rules()
    b, w, h = geometry.bleed, geometry.width, geometry.height
    canvas.setLineWidth(0.6)
    canvas.setDash(3, 2)
    _outline(canvas, "bleed", 0.3, 0.3, w - 0.6, h - 0.6)
    _outline(canvas, "trim", b, b, w - 2 * b, h - 2 * b)
    for x in (geometry.spine_x, geometry.front_x):
        _line(canvas, "fold", x, 0, x, h)
    canvas.setDash(1, 2)
    inset = b + rules.safe
    for left in (geometry.back_x, geometry.front_x):
        _outline(canvas, "safe", left + rules.safe, inset, geometry.trim_width - 2 * rules.safe,
                 h - 2 * inset)
    if geometry.spine > 2 * rules.spine_margin:
        _outline(canvas, "safe", geometry.spine_x + rules.spine_margin, inset,
                 geometry.spine - 2 * rules.spine_margin, h - 2 * inset)
    canvas.setDash()
    _outline(canvas, "barcode", *barcode_box(geometry))
    canvas.setFillColor(HexColor(GUIDE_COLOURS["barcode"]))
    canvas.setFont(font, 7)
    x, y, width, height = barcode_box(geometry)
    canvas.drawCentredString(x + width / 2, y + height / 2, "barcode area")


def _outline(canvas: Canvas, kind: str, x: float, y: float, width: float,
             height: float) -> None:
    canvas.setStrokeColor(HexColor(GUIDE_COLOURS[kind]))
    canvas.rect(x, y, width, height, stroke=1, fill=0)


def _line(canvas: Canvas, kind: str, x0: float, y0: float, x1: float, y1: float) -> None:
    canvas.setStrokeColor(HexColor(GUIDE_COLOURS[kind]))
    canvas.line(x0, y0, x1, y1)
