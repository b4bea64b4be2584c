"""The fonts pages are set in: the bundled defaults, and glyph measurements for centring."""

from __future__ import annotations

from pathlib import Path

from ..design.fontfile import FontFileError, default_font_paths
from ..design.values import digit_extent as measured_digit_extent


class FontError(ValueError):
    """A font file that is missing or cannot be used."""


def default_fonts() -> tuple[Path, Path]:
    """(regular, bold) TTF paths of the bundled default fonts, DejaVu Sans (Latin, Greek
    and Cyrillic); FontError if they are missing."""
    try:
        return default_font_paths()
    except FontFileError as error:
        raise FontError(str(error)) from None


def digit_extent(path: str) -> tuple[float, float]:
    """How far the digits reach above and below the baseline, as fractions of the font size.

    A font's ascent and descent describe its whole line, not its digits, so centring by
    them sets digits visibly low; the digits' own ink box centres them truly. The spec
    checks fonts by the same measure (design/values.py).
    """
    extent = measured_digit_extent(path)
    if extent is None:
        raise FontError(f"cannot read font {path}")
    return extent
