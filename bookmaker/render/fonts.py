"""The fonts pages are set in: the bundled defaults, and glyph measurements for centring."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

from PIL import ImageFont

DEFAULT_REGULAR = "Vera.ttf"
DEFAULT_BOLD = "VeraBd.ttf"
_CHECKOUT_FONTS = Path(__file__).resolve().parents[2] / "fonts"
_MEASURE_SIZE = 1000  # measure at 1000 units per em, so results are fractions of the size


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
    """(regular, bold) TTF paths of the bundled default fonts, Bitstream Vera Sans."""
    folder = font_folder()
    return folder / DEFAULT_REGULAR, folder / DEFAULT_BOLD


@lru_cache(maxsize=None)
def digit_extent(path: str) -> tuple[float, float]:
    """How far the digits reach above and below the baseline, as fractions of the font size.

    A font's ascent and descent describe its whole line, not its digits, so centring by
    them sets digits visibly low; the digits' own ink box centres them truly.
    """
    try:
        font = ImageFont.truetype(path, _MEASURE_SIZE)
    except OSError as err:
        raise FontError(f"cannot read font {path}: {err}") from None
    _, top, _, bottom = font.getbbox("0123456789", anchor="ls")
    return -top / _MEASURE_SIZE, -bottom / _MEASURE_SIZE
