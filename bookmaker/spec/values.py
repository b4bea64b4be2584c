"""The values only a book or daily spec holds (seeds, sizes, boxes, kinds, grades, ratings,
slugs, ISBNs, a copyright, font files, puzzle counts), each checked with the message a
person reads, as design/values.py checks those of every file."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any

from pydantic import PlainValidator, ValidationInfo

from ..core.board.shape import LATIN_SIZES, MAX_SIZE, NONOGRAM_SIDES, parse_sides
from ..core.generate.graded import DIFFICULTIES
from ..core.rating.ranges import RatingRange, parse_rating_range
from ..core.registry import find_kind, kind_names
from ..core.rng import seed_of_text
from ..design.values import (
    _choice,
    _text,
    _whole_at_least,
    describe,
    did_you_mean,
    expected,
    font_digit_top,
    mistake,
)
from ..design.yamlload import WrittenNumber

MAX_PUZZLES = 10_000  # puzzles per section and per book: a bound on generation time
TRUETYPE_MAGIC = (b"\x00\x01\x00\x00", b"true")  # sfnt versions with TrueType outlines
CFF_MAGIC = b"OTTO"  # OpenType with CFF (PostScript) outlines: reportlab cannot embed it
FONT_SUFFIXES = (".ttf", ".otf")
# File names are made from a slug (`<slug>-answers.pdf`, `<slug>.registry.sqlite-journal`):
# at most this long, they stay far below the 255 bytes a file name may have.
MAX_SLUG = 100
_SLUG = re.compile(r"[a-z0-9][a-z0-9._-]*")


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

LARGEST = max(MAX_SIZE, NONOGRAM_SIDES[-1])  # the largest side any kind takes


def _size(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise expected("a size like 9x9 (or rows x columns, 10x18)", value)
    try:  # sides in the sizes boards come in; whether the kind takes a rectangle, or has
        rows, cols = parse_sides(str(value))  # a box at that size (a 7x7 jigsaw has
        for side in (rows, cols):  # none), is the kind's rule: load checks it
            if not LATIN_SIZES[0] <= side <= LARGEST:  # the least any kind takes
                #                  (Calcudoku), the most (a Nonogram's 40)
                raise ValueError(f"size must be between {LATIN_SIZES[0]} and {LARGEST} "
                                 f"a side, got {rows}x{cols}")
    except ValueError as error:
        raise mistake(str(error)) from None
    return f"{rows}x{cols}"


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


Slug = Annotated[str, PlainValidator(_slug)]
Seed = Annotated[int | str, PlainValidator(_seed)]
PuzzleCount = _whole_at_least(1, MAX_PUZZLES, " (the most puzzles bookmaker makes in one book)")
SizeText = Annotated[str, PlainValidator(_size)]
BoxText = Annotated[str, PlainValidator(_box)]
Difficulty = Annotated[str, PlainValidator(_difficulty)]
KindName = Annotated[str, PlainValidator(_kind_name)]
Rating = Annotated[RatingRange, PlainValidator(_rating)]
FontFile = Annotated[Path, PlainValidator(_font_file)]
Isbn = Annotated[str, PlainValidator(_isbn)]
CopyrightValue = Annotated[int | str, PlainValidator(_copyright)]
