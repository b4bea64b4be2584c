"""Text as outlines: the glyphs of a TrueType font as SVG path data, so that an SVG shows the
text exactly as the PDF sets it on a machine without the font (fontTools reads the font).

A text's path is in the font's own units (whole numbers in a TrueType font), glyphs set one
after another by their advance widths, without kerning, as the PDF sets them; the element
that draws it scales it to the size and flips it (SVG's y axis points down).
"""

from __future__ import annotations

from functools import lru_cache

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont


@lru_cache(maxsize=8)
def _font(path: str) -> TTFont:
    return TTFont(path, lazy=True)


def units_per_em(path: str) -> int:
    """The font's units per em: a text's path is scaled by size / units_per_em."""
    return _font(path)["head"].unitsPerEm


@lru_cache(maxsize=4096)
def text_path(path: str, text: str) -> str:
    """SVG path data of `text` in the font at `path`, in font units, y up, its baseline's
    start at (0, 0) ('' for a text of spaces alone)."""
    pen = SVGPathPen(_font(path).getGlyphSet(), _number)
    glyph_outlines(path, text, pen)
    return pen.getCommands()


def glyph_outlines(path: str, text: str, pen) -> None:
    """Draw the glyphs of `text` in the font at `path` into a fontTools pen, in font units,
    y up, set one after another by their advance widths from (0, 0)."""
    font = _font(path)
    glyphs, cmap = font.getGlyphSet(), font.getBestCmap()
    metrics = font["hmtx"]
    x = 0
    for char in text:
        name = cmap.get(ord(char), ".notdef")
        glyphs[name].draw(TransformPen(pen, (1, 0, 0, 1, x, 0)))
        x += metrics[name][0]


def _number(value: float) -> str:
    """A font unit as written in path data: whole units as integers."""
    return str(int(value)) if value == int(value) else f"{value:.2f}".rstrip("0")
