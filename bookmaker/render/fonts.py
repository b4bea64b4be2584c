"""The fonts pages are set in: the bundled defaults, and glyph measurements for centring."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from ..spec.values import digit_extent as measured_digit_extent

DEFAULT_REGULAR = "DejaVuSans.ttf"
DEFAULT_BOLD = "DejaVuSans-Bold.ttf"
_CHECKOUT_FONTS = Path(__file__).resolve().parents[2] / "fonts"


class FontError(ValueError):
    """A font file that is missing or cannot be used."""


def font_folder() -> Path:
    """The bundled fonts: package data `bookmaker.fonts` when installed from a wheel, else
    the top-level fonts/ folder of this checkout."""
    packaged = _packaged(DEFAULT_REGULAR)
    if packaged is not None:
        return packaged.parent
    if (_CHECKOUT_FONTS / DEFAULT_REGULAR).is_file():
        return _CHECKOUT_FONTS
    raise FontError("the bundled fonts are missing: neither the bookmaker.fonts package data "
                    f"nor {_CHECKOUT_FONTS} holds {DEFAULT_REGULAR}")


def _packaged(name: str) -> Path | None:
    """The file `name` in package data bookmaker.fonts, if installed as a real file."""
    try:
        file = resources.files("bookmaker.fonts").joinpath(name)
    except ModuleNotFoundError:
        return None
    return file if isinstance(file, Path) and file.is_file() else None


def default_fonts() -> tuple[Path, Path]:
    """(regular, bold) TTF paths of the bundled default fonts, DejaVu Sans
    (Latin, Greek and Cyrillic)."""
    folder = font_folder()
    return folder / DEFAULT_REGULAR, folder / DEFAULT_BOLD


def digit_extent(path: str) -> tuple[float, float]:
    """How far the digits reach above and below the baseline, as fractions of the font size.

    A font's ascent and descent describe its whole line, not its digits, so centring by
    them sets digits visibly low; the digits' own ink box centres them truly. The spec
    checks fonts by the same measure (spec/values.py).
    """
    extent = measured_digit_extent(path)
    if extent is None:
        raise FontError(f"cannot read font {path}")
    return extent
