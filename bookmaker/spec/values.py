"""The scalar values of spec and layout files, each checked with the message a person reads.

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

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainValidator, ValidationInfo
from pydantic_core import PydanticCustomError

from ..core.board.shape import LATIN_SIZES, MAX_SIZE, parse_size
from ..core.generate.graded import DIFFICULTIES
from ..core.rating.ranges import RatingRange, parse_rating_range
from ..core.registry import find_kind, kind_names
from ..core.rng import seed_of_text
from .choices import did_you_mean as did_you_mean
from .fit import MOST_PER_PAGE
from .yamlload import WrittenNumber

POINTS_PER_UNIT = {"in": 72.0, "mm": 72 / 25.4, "cm": 72 / 2.54, "pt": 1.0}
MIN_TEXT_POINTS = 7.0  # no printed text smaller than this, on any layout
MAX_DIGIT_FRACTION = 0.8  # a digit taller than this share of its cell touches the lines
# Given digits smaller than this share of their cell look lost; the renderer also refuses
# digit ink under 0.2 of the cell, and 0.3 of a font size is 0.2 for digits 2/3 em tall.
MIN_DIGIT_FRACTION = 0.3
MAX_PUZZLES = 10_000  # puzzles per section and per book: a bound on generation time
MAX_PER_PAGE = MOST_PER_PAGE  # grids per page: far beyond anything readable
TRUETYPE_MAGIC = (b"\x00\x01\x00\x00", b"true")  # sfnt versions with TrueType outlines
CFF_MAGIC = b"OTTO"  # OpenType with CFF (PostScript) outlines: reportlab cannot embed it
FONT_SUFFIXES = (".ttf", ".otf")
TEMPLATE_FIELDS = ("title", "subtitle", "author", "section")
# File names are made from a slug (`<slug>-answers.pdf`, `<slug>.registry.sqlite-journal`):
# at most this long, they stay far below the 255 bytes a file name may have.
MAX_SLUG = 100
_LENGTH = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(in|mm|cm|pt)\s*")
_COLOUR = re.compile(r"#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})")
_SLUG = re.compile(r"[a-z0-9][a-z0-9._-]*")


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


def _choice(value: Any, choices: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise mistake(f"expected one of: {', '.join(choices)}; got {describe(value)}"
                      + did_you_mean(value, choices))
    return value



def _seed(value: Any) -> int | str:
    if isinstance(value, WrittenNumber):  # a number as YAML wrote it: read as on the CLI
        return seed_of_text(value)
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise expected("a whole number or text", value)
    if isinstance(value, str) and not value.strip():
        raise mistake("must not be empty")
    return value


def _slug(value: Any) -> str:
    text = _text(value)
    if not _SLUG.fullmatch(text):
        raise mistake(f"must be lowercase letters, digits and hyphens, like 'my-book'; "
                      f"got {text!r}")
    if len(text) > MAX_SLUG:
        raise mistake(f"must be at most {MAX_SLUG} characters (it names files), got "
                      f"{len(text)}")
    return text


def _size(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise expected("a size like 9x9", value)
    try:  # a square in the sizes boards come in; whether it has a box depends on the
        size = parse_size(str(value))  # variant (a 7x7 jigsaw has none): load checks it
        if not LATIN_SIZES[0] <= size <= MAX_SIZE:  # the least any kind takes (Calcudoku)
            raise ValueError(f"size must be between {LATIN_SIZES[0]} and {MAX_SIZE}, "
                             f"got {size}")
    except ValueError as error:
        raise mistake(str(error)) from None
    return f"{size}x{size}"


def _box(value: Any) -> str:
    if not isinstance(value, str):
        raise expected("a box like 3x2 (rows x columns)", value)
    return value


def _difficulty(value: Any) -> str:
    return _choice(value, DIFFICULTIES)


def _kind_name(value: Any) -> str:
    """A kind's name or alias, in any case (core/registry.py): its name."""
    kind = find_kind(value) if isinstance(value, str) else None
    if kind is None:
        names = kind_names()
        raise mistake(f"expected one of: {', '.join(names)}; got {describe(value)}"
                      + did_you_mean(str(value).lower(), names))
    return kind.name


def _rating(value: Any) -> RatingRange:
    """An SE rating range, 7.0-8.5, or one rating (a number or text), 7.2."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise expected("an SE rating range like 7.0-8.5", value)
    try:
        return parse_rating_range(str(value))
    except ValueError as error:
        raise mistake(str(error)) from None


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


def _font_file(value: Any, info: ValidationInfo) -> Path:
    written = _text(value)
    if not written.lower().endswith(FONT_SUFFIXES):
        raise mistake(f"expected a .ttf or .otf font file, got {written!r}")
    path = (Path((info.context or {}).get("base", ".")) / written).resolve()
    if not path.is_file():
        raise mistake(f"font file {written!r} not found (looked for {path})")
    try:
        with path.open("rb") as file:
            magic = file.read(4)
    except OSError as error:
        raise mistake(f"cannot read font file {written!r}: {error.strerror or error}") from None
    if magic == CFF_MAGIC:
        raise mistake(f"{written!r} is a CFF OpenType font; bookmaker embeds TrueType "
                      f"outlines only: use a .ttf")
    if magic not in TRUETYPE_MAGIC:
        raise mistake(f"{written!r} is not a TrueType font file")
    if font_digit_top(path) is None:
        raise mistake(f"{written!r} is not a usable TrueType font (its tables cannot be read)")
    return path


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


def _isbn(value: Any) -> str:
    """An ISBN-13 or ISBN-10, hyphens and spaces allowed, its check digit right."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    written = _text(value)
    digits = re.sub(r"[\s-]", "", written).upper()
    if re.fullmatch(r"\d{13}", digits):
        expected_digit = str(-sum(int(d) * (3 if i % 2 else 1)
                                  for i, d in enumerate(digits[:12])) % 10)
    elif re.fullmatch(r"\d{9}[\dX]", digits):
        check = -sum(int(d) * (10 - i) for i, d in enumerate(digits[:9])) % 11
        expected_digit = "X" if check == 10 else str(check)
    else:
        raise mistake(f"expected an ISBN of 13 digits (or 10), like 978-3-16-148410-0; "
                      f"got {written!r}")
    if digits[-1] != expected_digit:
        raise mistake(f"{written!r} is not a valid ISBN: its check digit is {digits[-1]}, "
                      f"but its other digits give {expected_digit}")
    return written


def _copyright(value: Any) -> int | str:
    """A year (the holder is the author) or the text after the copyright sign."""
    if isinstance(value, int) and not isinstance(value, bool):
        if not 1000 <= value <= 9999:
            raise mistake(f"expected a year like 2026, or text; got {value}")
        return value
    return _text(value)


def _whole_at_least(minimum: int, maximum: int | None = None, why: str = ""):
    return Annotated[int, PlainValidator(partial(_whole, minimum=minimum, maximum=maximum,
                                                 why=why))]


def one_of(*choices: str):
    """A text value that must be one of choices."""
    return Annotated[str, PlainValidator(partial(_choice, choices=choices))]


Text = Annotated[str, PlainValidator(_text)]
Template = Annotated[str, PlainValidator(_template)]
Slug = Annotated[str, PlainValidator(_slug)]
Flag = Annotated[bool, PlainValidator(_flag)]
Seed = Annotated[int | str, PlainValidator(_seed)]
Count = _whole_at_least(1)
PuzzleCount = _whole_at_least(1, MAX_PUZZLES, " (the most puzzles bookmaker makes in one book)")
PerPage = _whole_at_least(1, MAX_PER_PAGE)
Natural = _whole_at_least(0)
SizeText = Annotated[str, PlainValidator(_size)]
BoxText = Annotated[str, PlainValidator(_box)]
Difficulty = Annotated[str, PlainValidator(_difficulty)]
KindName = Annotated[str, PlainValidator(_kind_name)]
Rating = Annotated[RatingRange, PlainValidator(_rating)]
Length = Annotated[float, PlainValidator(_length)]
PreciseLength = Annotated[float, PlainValidator(_precise_length)]
Colour = Annotated[str, PlainValidator(_colour)]
TextSize = Annotated[float, PlainValidator(_text_size)]
Fraction = Annotated[float, PlainValidator(_fraction)]
# A before-validator, so that pydantic still knows how to serialize the DigitSize made.
DigitSizeValue = Annotated[DigitSize, BeforeValidator(_digit_size)]
FontFile = Annotated[Path, PlainValidator(_font_file)]
Isbn = Annotated[str, PlainValidator(_isbn)]
CopyrightValue = Annotated[int | str, PlainValidator(_copyright)]
