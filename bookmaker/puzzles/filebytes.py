"""A puzzle file's bytes and its text, read by modules that load no board code: `check`
reads the file before it knows whether any kind's reader must load (core/kinds/quick.py)."""

from __future__ import annotations

import errno
import sys

from ..design.textfile import encoding_problem

STDIN = "-"
STDIN_NAME = "<stdin>"


def source_name(path: str) -> str:
    """How messages name the file at path ('-': stdin)."""
    return STDIN_NAME if path == STDIN else path


def read_bytes(path: str) -> bytes:
    """The bytes of path ('-' for stdin); OSError if it cannot be read, or if it is UTF-16
    or UTF-32 text (said as one, not read as lines of odd lengths)."""
    if path == STDIN:
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text-only stand-in for stdin, as some test harnesses use
            return sys.stdin.read().encode("utf-8", "surrogateescape")  # never fails
        data = stream.read()
    else:
        with open(path, "rb") as handle:
            data = handle.read()
    problem = encoding_problem(data)
    if problem:
        raise OSError(errno.EILSEQ, problem)
    return data


def text_of(data: bytes) -> str:
    """A file's text: undecodable bytes become U+FFFD, so they surface as a per-line "bad
    symbol" error naming the line, rather than one UnicodeDecodeError for the whole file."""
    return data.decode("utf-8-sig", errors="replace")
