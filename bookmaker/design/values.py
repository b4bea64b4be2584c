"""The scalar values every checked file holds (layouts, printers' rules, cover designs and
specs): text, counts, flags, lengths, colours, text and digit sizes, each checked with the
message a person reads; the values only a spec holds are spec/values.py.

Every type here is an `Annotated` pydantic type with a plain validator: pydantic's own
coercions and messages never run, so "3" is not silently taken for 3, and a mistake reads
`expected a whole number, got the text '3'` rather than pydantic's wording.
"""

from __future__ import annotations

import re
import string
from datetime import date
from functools import cache, partial
from pathlib import Path
from typing import Annotated, Any, cast

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainValidator
from pydantic_core import PydanticCustomError

from .choices import did_you_mean as did_you_mean
from .fit import MOST_PER_PAGE

POINTS_PER_UNIT = {"in": 72.0, "mm": 72 / 25.4, "cm": 72 / 2.54, "pt": 1.0}
MIN_TEXT_POINTS = 7.0  # no printed text smaller than this, on any layout
MAX_DIGIT_FRACTION = 0.8  # a digit taller than this share of its cell touches the lines
# Given digits smaller than this share of their cell look lost; the renderer also refuses
# digit ink under 0.2 of the cell, and 0.3 of a font size is 0.2 for digits 2/3 em tall.
MIN_DIGIT_FRACTION = 0.3
MAX_PER_PAGE = MOST_PER_PAGE  # grids per page: far beyond anything readable
TEMPLATE_FIELDS = ("title", "subtitle", "author", "section")
_LENGTH = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(in|mm|cm|pt)\s*")
_COLOUR = re.compile(r"#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})")


class Schema(BaseModel):
    """Base of every spec and layout model: frozen, and unknown keys are mistakes."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def mistake(message: str) -> PydanticCustomError:
    """A validation error whose text is exactly `message` (no pydantic prefix)."""
    return PydanticCustomError("spec", message)


def describe(value: Any) -> str:
    """How a YAML value reads in a message: its kind, and the value itself if short."""
    if value is None:
        return "an empty value"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 60 else value[:57] + "..."
        return f"the text {shown!r}"
    if isinstance(value, date):
        return f"the date {value.isoformat()}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return repr(value)


def expected(what: str, value: Any) -> PydanticCustomError:
    """`expected WHAT, got VALUE`, with a hint where YAML read text as something else."""
    hint = ""
    if "text" in what and isinstance(value, (bool, int, float, date)):
        hint = "; put it in quotes to use it as text"
    return mistake(f"expected {what}, got {describe(value)}{hint}")


def _text(value: Any, empty_ok: bool = False) -> str:
    if not isinstance(value, str):
        raise expected("text", value)
    if not empty_ok and not value.strip():
        raise mistake("must not be empty")
    return value


def _whole(value: Any, minimum: int, maximum: int | None = None, why: str = "") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise expected("a whole number", value)
    if value < minimum:
        raise mistake(f"must be at least {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise mistake(f"must be at most {maximum}{why}, got {value}")
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise expected("true or false", value)
    return value


def choice_of(value: Any, choices: tuple[str, ...]) -> str:
    """value, if it is one of choices (a mistake naming them otherwise)."""
    return _choice(value, choices)


def _choice(value: Any, choices: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise mistake(f"expected one of: {', '.join(choices)}; got {describe(value)}"
                      + did_you_mean(value, choices))
    return value


def _template(value: Any) -> str:
    text = _text(value, empty_ok=True)
    try:
        fields = [field for field in string.Formatter().parse(text) if field[1] is not None]
    except ValueError as error:
        raise mistake(f"bad template {text!r}: {error}") from None
    # Only plain {name}: a format spec or conversion ({section:d}, {title!r}) would fail
    # or behave oddly when pages are drawn, long after the spec was accepted.
    for _, name, format_spec, conversion in fields:
        if format_spec or conversion:
            raise mistake(f"placeholder {{{name}...}} in {text!r} may not have a format "
                          f"or conversion; write just {{{name}}}")
    names = [name for _, name, _, _ in fields]
    for name in names:
        if name not in TEMPLATE_FIELDS:
            allowed = ", ".join("{" + f + "}" for f in TEMPLATE_FIELDS)
            raise mistake(f"unknown placeholder {{{name}}}{did_you_mean(name, TEMPLATE_FIELDS)};"
                          f" expected some of: {allowed}")
    return text


def _length(value: Any) -> float:
    if value == 0 and not isinstance(value, bool):
        return 0.0  # zero needs no unit
    match = _LENGTH.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        raise expected("a length with a unit (like 0.5in, 12.7mm or 36pt)", value)
    # Rounded so that 0.125in and 9pt, or 152.4mm and 6in, compare equal.
    return round(float(match[1]) * POINTS_PER_UNIT[match[2]], 4)


def _precise_length(value: Any) -> float:
    """A length kept to a billionth of a point: a paper's thickness per page, which a
    thousand pages multiply (the 4 decimals of `_length` would be off by 0.03 pt)."""
    match = _LENGTH.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        raise expected("a length with a unit (like 0.002252in)", value)
    return round(float(match[1]) * POINTS_PER_UNIT[match[2]], 9)


def _colour(value: Any) -> str:
    """A colour as #RRGGBB (or #RGB), in RGB: what the cover's PDF is drawn in."""
    match = _COLOUR.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        raise expected("a colour like '#1f3a5f' (# and 6 hexadecimal digits, red green "
                       "blue)", value)
    digits = match[1].lower()
    return "#" + ("".join(d * 2 for d in digits) if len(digits) == 3 else digits)


def _text_size(value: Any) -> float:
    points = _length(value)
    if points < MIN_TEXT_POINTS:
        raise mistake(f"text must be at least {MIN_TEXT_POINTS:g} pt, got {points:g} pt")
    return points


def _fraction(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise expected("a fraction of the cell (like 0.6)", value)
    if not 0 < value <= MAX_DIGIT_FRACTION:
        raise mistake(f"must be more than 0 and at most {MAX_DIGIT_FRACTION}, got {value}")
    return float(value)


def _digit_fraction(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise expected("a fraction of the cell (like 0.6)", value)
    if not MIN_DIGIT_FRACTION <= value <= MAX_DIGIT_FRACTION:
        raise mistake(f"must be between {MIN_DIGIT_FRACTION} and {MAX_DIGIT_FRACTION} of the "
                      f"cell, got {value}")
    return float(value)


class DigitSize(Schema):
    """A digit size: either a fraction of the cell side, or a fixed size in points."""

    fraction: float | None = Field(None, description="Share of the cell side, if relative.")
    points: float | None = Field(None, description="Size in points, if fixed.")

    def at(self, cell_side: float) -> float:
        """The digit size in points inside a cell of the given side."""
        return self.points if self.points is not None else cast(float, self.fraction) * cell_side

    def smallest_cell(self, min_points: float) -> float:
        """The smallest cell side in which the digits are at least min_points and still fit."""
        if self.points is not None:
            return self.points / MAX_DIGIT_FRACTION
        return min_points / cast(float, self.fraction)  # one of the two is set


def _digit_size(value: Any) -> DigitSize:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return DigitSize(fraction=_digit_fraction(value))
    if not isinstance(value, str):
        raise expected("a fraction of the cell (like 0.6) or a size (like 16pt)", value)
    return DigitSize(points=_text_size(value))


_MEASURE_SIZE = 1000  # measure at 1000 units per em, so results are fractions of the size


def font_digit_top(path: str | Path) -> float | None:
    """How far a font's digits reach above the baseline, as a fraction of the font size,
    or None if the font cannot be read. The renderer centres digits by the same measure
    (render/fonts.py calls digit_extent), so a spec that loads draws as it promised."""
    extent = digit_extent(str(path))
    return None if extent is None else extent[0]


@cache
def digit_extent(path: str) -> tuple[float, float] | None:
    """How far the digits reach above and below the baseline, as fractions of the font
    size, from the digits' own ink box; None if the font cannot be read."""
    from PIL import ImageFont  # only when a font is measured

    try:
        font = ImageFont.truetype(path, _MEASURE_SIZE)
        _, top, _, bottom = font.getbbox("0123456789", anchor="ls")
    except (OSError, ValueError):
        return None
    return -top / _MEASURE_SIZE, -bottom / _MEASURE_SIZE


def _whole_at_least(minimum: int, maximum: int | None = None, why: str = ""):
    return Annotated[int, PlainValidator(partial(_whole, minimum=minimum, maximum=maximum,
                                                 why=why))]


def one_of(*choices: str):
    """A text value that must be one of choices."""
    return Annotated[str, PlainValidator(partial(_choice, choices=choices))]


Text = Annotated[str, PlainValidator(_text)]
Template = Annotated[str, PlainValidator(_template)]
Flag = Annotated[bool, PlainValidator(_flag)]
Count = _whole_at_least(1)
PerPage = _whole_at_least(1, MAX_PER_PAGE)
Natural = _whole_at_least(0)
Length = Annotated[float, PlainValidator(_length)]
PreciseLength = Annotated[float, PlainValidator(_precise_length)]
Colour = Annotated[str, PlainValidator(_colour)]
TextSize = Annotated[float, PlainValidator(_text_size)]
Fraction = Annotated[float, PlainValidator(_fraction)]
# A before-validator, so that pydantic still knows how to serialize the DigitSize made.
DigitSizeValue = Annotated[DigitSize, BeforeValidator(_digit_size)]
