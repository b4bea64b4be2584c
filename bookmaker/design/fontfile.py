"""What a TrueType font can draw, and how wide it sets text, read from the file's own tables.

Checked when a spec is loaded, before any page is drawn: every character the book prints
must be in the font's character map (a missing one would print as an empty box), and a
running header or a caption must fit its page. The widths are the font's advance widths
(`hmtx`) scaled to 1000 units per em, exactly as reportlab measures them when drawing, so
a text the spec accepts is the text the renderer sets (a test compares the two).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

from ..core.sums import added

DEFAULT_REGULAR = "DejaVuSans.ttf"
DEFAULT_BOLD = "DejaVuSans-Bold.ttf"
_CHECKOUT_FONTS = Path(__file__).resolve().parents[2] / "fonts"
MEASURED_MOST = 100_000  # texts whose widths a font keeps
_UNICODE_TABLES = ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


class FontFileError(ValueError):
    """A file that is no TrueType font bookmaker can read."""


@dataclass(frozen=True)
class FontFile:
    """A font's character map (code point -> glyph) and advance widths per 1000 em."""

    name: str
    glyphs: dict[int, int]
    advances: tuple[float, ...]
    # Each text's width per 1000 em, as measured: composing a book measures the same
    # lines and labels again, round after round (compose.settled_plan), in Python.
    _measured: dict[str, float] = field(default_factory=dict, compare=False, repr=False)

    def missing(self, text: str) -> list[str]:
        """The characters of text the font has no glyph for, in order, each once (line
        breaks and tabs are never drawn, so they need none)."""
        # Each distinct character once, in order (dict.fromkeys, at C speed): a spec's load
        # checks its catalogue's words, tens of thousands of characters, against both fonts.
        return [char for char in dict.fromkeys(text)
                if char not in "\n\t" and not self.glyphs.get(ord(char))]

    def width(self, text: str, size: float) -> float:
        """The width of text set at size points (a missing character counts as glyph 0)."""
        units = self._measured.get(text)
        if units is None:
            last = len(self.advances) - 1
            units = added(self.advances[min(self.glyphs.get(ord(c), 0), last)] for c in text)
            if len(self._measured) >= MEASURED_MOST:
                self._measured.clear()  # a long run's texts are not kept for ever
            self._measured[text] = units
        return units * size / 1000


@dataclass(frozen=True)
class FallbackFont:
    """Fonts tried in turn (a cover design's display face, then the book's bold): each
    text is set, and so measured, in the first that has every one of its characters, so
    a title in a script the display face lacks is never drawn as empty boxes."""

    fonts: tuple[FontFile, ...]

    def pick(self, text: str) -> int:
        """The index of the font the text is set in: the first that has all of it."""
        return next((index for index, font in enumerate(self.fonts)
                     if not font.missing(text)), len(self.fonts) - 1)

    def width(self, text: str, size: float) -> float:
        return self.fonts[self.pick(text)].width(text, size)

    def missing(self, text: str) -> list[str]:
        """What the last font, the one every text may fall back to, lacks."""
        return self.fonts[-1].missing(text)


def font_folder() -> Path:
    """The bundled fonts: package data `bookmaker.fonts` when installed from a wheel, else
    the top-level fonts/ folder of this checkout."""
    try:
        packaged = resources.files("bookmaker.fonts").joinpath(DEFAULT_REGULAR)
    except ModuleNotFoundError:
        packaged = None
    if isinstance(packaged, Path) and packaged.is_file():
        return packaged.parent
    if (_CHECKOUT_FONTS / DEFAULT_REGULAR).is_file():
        return _CHECKOUT_FONTS
    raise FontFileError("the bundled fonts are missing: neither the bookmaker.fonts package "
                        f"data nor {_CHECKOUT_FONTS} holds {DEFAULT_REGULAR}")


def default_font_paths() -> tuple[Path, Path]:
    """(regular, bold) paths of the bundled fonts, DejaVu Sans and DejaVu Sans Bold."""
    folder = font_folder()
    return folder / DEFAULT_REGULAR, folder / DEFAULT_BOLD


@cache
def read_font(path: str) -> FontFile:
    """The font at path; FontFileError if it cannot be read as TrueType."""
    try:
        data = Path(path).read_bytes()
        tables = _tables(data)
        units = struct.unpack_from(">H", data, tables["head"] + 18)[0]
        glyphs = _character_map(data, tables["cmap"])
        advances = _advances(data, tables, 1000 / units)
    except (OSError, KeyError, struct.error, ZeroDivisionError) as error:
        raise FontFileError(f"cannot read {Path(path).name} as a TrueType font "
                            f"({error.__class__.__name__})") from None
    return FontFile(full_name(data, tables) or Path(path).stem, glyphs, advances)


def _tables(data: bytes) -> dict[str, int]:
    """Each table's offset, by tag."""
    count = struct.unpack_from(">H", data, 4)[0]
    tables = {}
    for index in range(count):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        tables[tag.decode("latin-1")] = offset
    return tables


def _character_map(data: bytes, cmap: int) -> dict[int, int]:
    """Code point -> glyph, from the best Unicode subtable (format 4 or 12)."""
    count = struct.unpack_from(">H", data, cmap + 2)[0]
    subtables: dict[tuple[int, int], int] = {}
    for index in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * index)
        subtables.setdefault((platform, encoding), cmap + offset)
    for key in _UNICODE_TABLES:
        if key in subtables:
            start = subtables[key]
            kind = struct.unpack_from(">H", data, start)[0]
            if kind == 12:
                return _format_12(data, start)
            if kind == 4:
                return _format_4(data, start)
    raise KeyError("no Unicode character map")


def _format_4(data: bytes, start: int) -> dict[int, int]:
    """Segments of 16-bit code points (the Basic Multilingual Plane)."""
    segments = struct.unpack_from(">H", data, start + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, start + 14)
    starts = struct.unpack_from(f">{segments}H", data, start + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, start + 16 + 4 * segments)
    ranges_at = start + 16 + 6 * segments
    ranges = struct.unpack_from(f">{segments}H", data, ranges_at)
    glyphs = {}
    for n in range(segments):
        for code in range(starts[n], min(ends[n], 0xFFFE) + 1):
            if ranges[n] == 0:
                glyph = (code + deltas[n]) & 0xFFFF
            else:
                at = ranges_at + 2 * n + ranges[n] + 2 * (code - starts[n])
                glyph = struct.unpack_from(">H", data, at)[0]
                glyph = (glyph + deltas[n]) & 0xFFFF if glyph else 0
            if glyph:
                glyphs[code] = glyph
    return glyphs


def _format_12(data: bytes, start: int) -> dict[int, int]:
    """Groups of consecutive 32-bit code points."""
    groups = struct.unpack_from(">I", data, start + 12)[0]
    glyphs = {}
    for index in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, start + 16 + 12 * index)
        for offset in range(last - first + 1):
            if glyph + offset:
                glyphs[first + offset] = glyph + offset
    return glyphs


def _advances(data: bytes, tables: dict[str, int], scale: float) -> tuple[float, ...]:
    """Every glyph's advance width per 1000 em; glyphs past the long metrics repeat the
    last one, as the format says."""
    metrics = struct.unpack_from(">H", data, tables["hhea"] + 34)[0]
    glyph_count = struct.unpack_from(">H", data, tables["maxp"] + 4)[0]
    widths = [struct.unpack_from(">H", data, tables["hmtx"] + 4 * i)[0] * scale
              for i in range(metrics)]
    return tuple(widths + [widths[-1]] * max(0, glyph_count - metrics))


def full_name(data: bytes, tables: dict[str, int]) -> str:
    """The font's full name (name id 4) as its 'name' table gives it, or ''."""
    if "name" not in tables:
        return ""
    base = tables["name"]
    count, strings = struct.unpack_from(">HH", data, base + 2)
    for index in range(count):
        platform, _, _, name_id, length, offset = struct.unpack_from(
            ">6H", data, base + 6 + 12 * index)
        if name_id == 4 and platform in (0, 3):
            raw = data[base + strings + offset: base + strings + offset + length]
            return raw.decode("utf-16-be", "replace")
    return ""
