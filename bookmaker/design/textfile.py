"""Text files people hand bookmaker (specs, layouts, puzzle files) are UTF-8: one saved as
UTF-16 or UTF-32 (as some Windows editors and PowerShell's redirection do) is named as
such, by its byte order mark or its pattern of NUL bytes, instead of failing later as
text that makes no sense."""

from __future__ import annotations

import os

SAMPLE_BYTES = 512  # enough of the start to see the pattern of a wide encoding
MOSTLY = 0.9  # the share of the expected bytes that must be NUL for the pattern to count
# Byte order marks, the longer first (UTF-32 LE's begins with UTF-16 LE's).
BYTE_ORDER_MARKS = ((b"\xff\xfe\x00\x00", "UTF-32", "little-endian"),
                    (b"\x00\x00\xfe\xff", "UTF-32", "big-endian"),
                    (b"\xff\xfe", "UTF-16", "little-endian"),
                    (b"\xfe\xff", "UTF-16", "big-endian"))
# Where the NUL bytes of ASCII characters fall: (bytes a character, offsets, encoding).
NUL_PATTERNS = ((4, (1, 2, 3), "UTF-32", "little-endian"), (4, (0, 1, 2), "UTF-32", "big-endian"),
                (2, (1,), "UTF-16", "little-endian"), (2, (0,), "UTF-16", "big-endian"))


def wide_encoding(data: bytes) -> tuple[str, str] | None:
    """('UTF-16', 'little-endian, byte order mark FF FE'), or without a mark as told by
    the NUL bytes of its ASCII characters, if data is UTF-16 or UTF-32 text; else None."""
    for mark, name, order in BYTE_ORDER_MARKS:
        if data.startswith(mark):
            return name, f"{order}, byte order mark {mark.hex(' ').upper()}"
    sample = data[:SAMPLE_BYTES]
    if b"\x00" not in sample:
        return None
    for width, offsets, name, order in NUL_PATTERNS:
        if len(sample) >= width and all(_mostly_nul(sample[offset::width])
                                        for offset in offsets):
            return name, f"{order}, no byte order mark"
    return None


def _mostly_nul(part: bytes) -> bool:
    return bool(part) and part.count(0) >= MOSTLY * len(part)


def encoding_problem(data: bytes) -> str | None:
    """What to tell the user of text in a wide encoding, or None for any other bytes."""
    found = wide_encoding(data)
    if found is None:
        return None
    name, how = found
    return f"the file is {name} text ({how}); bookmaker reads UTF-8: save it as UTF-8"


class TextEncodingError(ValueError):
    """A file that is not UTF-8 text; the message says what it is, if it can tell."""


def read_utf8(path: str | os.PathLike) -> str:
    """The file's text; TextEncodingError if it is not UTF-8 (naming UTF-16 or UTF-32),
    OSError if it cannot be read."""
    with open(path, "rb") as file:  # not pathlib: puzzle files are read at every start-up
        data = file.read()
    problem = encoding_problem(data)
    if problem:
        raise TextEncodingError(problem)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise TextEncodingError(f"not UTF-8 text (byte {error.start + 1} is "
                                f"0x{data[error.start]:02X})") from None
