"""A puzzle as a puzz.link (pzprjs) URL, for the kinds pzprjs has, and such a URL read
back as the kind's puzzle (each kind's form: core/kinds/puzzlink.py).

A URL is read as pzprjs's parser reads one: whatever comes before the '?', then
VARIETY[_edit|_play]/[FLAGS/]COLS/ROWS/BODY; penpa-edit and solvers that take puzz.link
URLs read the same.
"""

from __future__ import annotations

import re

from ..board.grid import GridError
from ..kinds.kind import Kind
from ..kinds.puzzlink import PuzzlinkForm
from ..puzzle import Puzzle
from ..registry import all_kinds, kind_of_puzzle
from ..words import with_article
from .record import ReadPuzzle

_URL = re.compile(r"^(?:https?://)?[^?\s]*\?(?:type=\w+&)?([A-Za-z0-9]+)(?:_edit|_play)?/(\S*)$")


class PuzzlinkError(ValueError):
    """A URL that is not a puzzle bookmaker reads; the message says why."""


def puzzlink_url(puzzle: Puzzle) -> str | None:
    """The puzz.link URL of a puzzle, or None where its kind or size has none there."""
    return _url_or_reason(puzzle)[0]


def puzzlink_absent(puzzle: Puzzle) -> str | None:
    """Why a puzzle has no puzz.link URL, or None if it has one."""
    return _url_or_reason(puzzle)[1]


def _url_or_reason(puzzle: Puzzle) -> tuple[str | None, str | None]:
    kind = kind_of_puzzle(puzzle)
    return kind.exchange.puzzlink_url(puzzle.givens, kind.line(puzzle))


def read_puzzlink(url: str, kind: Kind | None = None) -> ReadPuzzle:
    """The puzzle of a puzz.link URL, as the kind whose variety it names (`kind`, if
    given, must be that one); PuzzlinkError says what is wrong."""
    variety, size_and_body = _split(url)
    found = _kind_of_variety(variety)
    if kind is not None and kind is not found:
        raise PuzzlinkError(f"the URL's puzzle is puzz.link's {variety}, not "
                            f"{with_article(kind.name)} (--variant {kind.name})")
    form = found.exchange.puzzlink
    assert form is not None
    cols, rows, body = _sized(size_and_body)
    try:
        givens, extras = found.read(form.decode(cols, rows, body), None)
    except (ValueError, GridError) as err:
        raise PuzzlinkError(f"not a {form.title} puzz.link URL bookmaker reads: {err}") from None
    return ReadPuzzle(found, givens, extras)


def _split(url: str) -> tuple[str, str]:
    match = _URL.match(url.strip())
    if match is None:
        raise PuzzlinkError("not a puzz.link URL: expected https://puzz.link/p?VARIETY/"
                            "COLUMNS/ROWS/CELLS")
    return match.group(1).lower(), match.group(2)


def linked_kinds() -> list[tuple[Kind, PuzzlinkForm]]:
    """Every kind with a puzz.link form, in registry order."""
    return [(kind, kind.exchange.puzzlink) for kind in all_kinds()
            if kind.exchange.puzzlink is not None]


def _kind_of_variety(variety: str) -> Kind:
    for kind, form in linked_kinds():
        if variety in (form.variety, *form.aliases):
            return kind
    known = ", ".join(form.variety for _, form in linked_kinds())
    raise PuzzlinkError(f"puzz.link's '{variety}' is no kind bookmaker has; it reads {known}")


def _sized(text: str) -> tuple[int, int, str]:
    """A URL's columns, rows and body (flags before the size, such as Slitherlink's 'f',
    skipped)."""
    parts = text.split("/")
    while parts and not parts[0].isdigit() and len(parts) > 2:
        parts.pop(0)
    if len(parts) < 3 or not (parts[0].isdigit() and parts[1].isdigit()):
        raise PuzzlinkError("a puzz.link URL gives COLUMNS/ROWS/CELLS after its variety")
    cols, rows = int(parts[0]), int(parts[1])
    if not (1 <= cols <= 100 and 1 <= rows <= 100):
        raise PuzzlinkError(f"{cols}x{rows} is no board size bookmaker reads")
    return cols, rows, "/".join(parts[2:])
