"""A puzzle's JSON record: everything a feed, a player or bookmaker itself needs to show,
check and rebuild it, for every kind alike (its line, its board's cells and units, its
marks), and the record read back as the kind's puzzle.

A record is the JSON a kind without an ipuz form is exported as, one item of a series'
feed, and what `bookmaker check` and `solve` read from a `.json` file (one record, or a
feed of them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..board.grid import Grid, GridError
from ..board.marks import Marks
from ..board.shape import Shape, parse_box, parse_size
from ..kinds.kind import Extras, Kind
from ..puzzle import Puzzle
from ..registry import kind_named, kind_of_puzzle

RECORD_FORMAT = "bookmaker-puzzle/1"
FEED_FORMAT = "bookmaker-feed/1"


@dataclass(frozen=True)
class About:
    """Where a puzzle was published, beside what it is: its id, series, title, date
    (YYYY-MM-DD) and registry key; `seeded` says whether its seed is known (a puzzle read
    from a file has none); `symbols` what its values print as ('' for the text format's)."""

    id: str = ""
    series: str = ""
    title: str = ""
    author: str = ""
    date: str = ""
    key: str = ""
    seeded: bool = True
    symbols: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ReadPuzzle:
    """A puzzle read back from a record or an ipuz document: its kind, givens and extras,
    the solution the file states (None if it states none), and the id and symbols it
    gives, so that exporting it again keeps them."""

    kind: Kind
    givens: Grid
    extras: Extras = None
    solution: Grid | None = None
    id: str = ""       # the id the file gives it ('' for none)
    symbols: str = ""  # what its values print as, where the file says other than the text's


class RecordError(ValueError):
    """A record that is not a puzzle's; the message says which field and why."""


def puzzle_record(puzzle: Puzzle, about: About) -> dict[str, Any]:
    """The record of a puzzle (a dict of JSON values; key order fixed, so the same puzzle
    gives the same bytes)."""
    kind, board = kind_of_puzzle(puzzle), puzzle.shape
    marks = kind.marks(puzzle.givens, puzzle.extras)
    absent = kind.exchange.ipuz_problem(board, marks)
    record: dict[str, Any] = {"format": RECORD_FORMAT, **about_fields(about)}
    record |= {
        "kind": kind.name, "kind_title": kind.title,
        "size": kind.exchange.named_size(board), "box": board.box_text,
        "ipuz": absent is None,
        "line": kind.line(puzzle), "solution": kind.answer_line(puzzle.solution),
        "grade": puzzle.grade or None, "score": puzzle.score if puzzle.grade else None,
        "hardest": puzzle.hardest or None, "rating": rating_fields(puzzle),
        "seed": puzzle.seed if about.seeded else None, "key": about.key or None,
        "symbols": about.symbols or "".join(kind.answer.glyphs) or symbols_of(board),
        "board": board_fields(board),
        "marks": marks_fields(marks),
        "givens": list(puzzle.givens.cells), "values": list(puzzle.solution.cells),
    }
    if absent is not None:
        record["ipuz_absent"] = absent
    record |= puzzlink_fields(kind, puzzle)
    if not kind.answer.numbered:  # a number kind's record stays as it was
        record["answer"] = kind.answer.form
    return record


def puzzlink_fields(kind: Kind, puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle's puzz.link URL, or null and why it has none."""
    url, absent = kind.exchange.puzzlink_url(puzzle.givens, kind.line(puzzle))
    return {"puzzlink": url} if url else {"puzzlink": None, "puzzlink_absent": absent}


def about_fields(about: About) -> dict[str, Any]:
    """The published facts of a record, those known."""
    named = {"id": about.id, "series": about.series, "title": about.title,
             "author": about.author, "date": about.date}
    return {name: value for name, value in named.items() if value} | about.extra


def rating_fields(puzzle: Puzzle) -> dict[str, Any] | None:
    """The SE rating as numbers (a bound '>=9.0' as text), or None if it was not rated."""
    if not puzzle.rating:
        return None

    def value(text: str) -> float | str:
        return text if text.startswith(">=") else float(text)
    er, ep, ed = puzzle.rating
    return {"er": value(er), "ep": value(ep), "ed": value(ed), "rater": puzzle.rater}


def symbols_of(board: Shape) -> str:
    """The text format's symbols for the board's values 1..n."""
    from ..board.grid import SYMBOLS
    return SYMBOLS[:board.size]


def board_fields(board: Shape) -> dict[str, Any]:
    """A board as data: its frame (rows, columns), each cell's (row, column) and its units
    (kind and cells): every group whose cells hold each symbol once."""
    return {"frame": list(board.frame),
            "cells": [list(position) for position in board.positions],
            "units": [{"kind": unit.kind, "cells": list(unit.cells)} for unit in board.units]}


def marks_fields(marks: Marks) -> dict[str, Any]:
    """Marks as data (core/board/marks.py), only the kinds of mark there are."""
    fields: dict[str, Any] = {}
    if marks.cages:
        fields["cages"] = [{"cells": list(m.cells), "label": m.label, "style": m.style}
                           for m in marks.cages]
    if marks.signs:
        fields["signs"] = [{"first": m.first, "second": m.second, "sign": m.sign}
                           for m in marks.signs]
    if marks.edges:  # a colour Nonogram's runs with their colours (palette[colour - 1])
        fields["edges"] = [{"side": m.side, "index": m.index, "text": m.text} |
                           ({"colour": m.colour} if m.colour else {}) for m in marks.edges]
    if marks.palette:
        fields["palette"] = list(marks.palette)
    if marks.blocks:
        fields["blocks"] = [{"row": m.row, "col": m.col, "across": m.across, "down": m.down}
                            for m in marks.blocks]
    return fields


def feed_document(records: list[dict[str, Any]], series: str = "") -> dict[str, Any]:
    """A series' feed: its records in order."""
    return {"format": FEED_FORMAT, **({"series": series} if series else {}),
            "puzzles": records}


def read_record(record: Any, kind: Kind | None = None) -> ReadPuzzle:
    """A record read back: its line read as its kind (`kind` if the record names none), and
    its solution; RecordError names the field at fault."""
    if not isinstance(record, dict):
        raise RecordError(f"a puzzle record is a JSON object, got {type(record).__name__}")
    kind = _record_kind(record, kind)
    line = _text_field(record, "line")
    try:
        board = boxed_board(kind, record.get("size"), record.get("box"))
    except ValueError as err:
        raise RecordError(str(err)) from None
    try:
        givens, extras = kind.read(line, board)
    except GridError as err:
        raise RecordError(f"line: {err}") from None
    named = kind.exchange.named_size(givens.shape)
    if record.get("size", named) != named:
        raise RecordError(f"size: the line is a {named} {kind.title}, not "
                          f"{record.get('size')!r}")
    solution = None
    if record.get("solution") is not None:
        try:
            solution = kind.read_answer(_text_field(record, "solution"), givens.shape)
        except GridError as err:
            raise RecordError(f"solution: {err}") from None
    return ReadPuzzle(kind, givens, extras, solution, _stated_id(record.get("id")),
                      _read_symbols(kind, record.get("symbols"), givens.shape))


def _read_symbols(kind: Kind, value: Any, board: Shape) -> str:
    """A record's printed symbols, as printed_symbols reads them; RecordError names it."""
    try:
        return printed_symbols(value, board, kind.answer.glyphs)
    except ValueError as err:
        raise RecordError(f"symbols: {err}") from None


def _stated_id(value: Any) -> str:
    return value if isinstance(value, str) else ""


def printed_symbols(value: Any, board: Shape, own: tuple[str, ...] = ()) -> str:
    """The symbols a file says a puzzle's values print as (a record's or a manifest's or a
    day's `symbols`, an ipuz file's charset): n different characters, or a list of them;
    '' where it says none, numbers, the text format's own, or the kind's own answer glyphs
    (`own`: Binairo's '01', as records and days write them). ValueError for anything else:
    a damaged field is named, not printed in numbers unsaid."""
    if own and value in ("".join(own), list(own)):
        return ""
    if not value or value == [str(number) for number in range(1, board.size + 1)]:
        return ""  # unsaid, or numbers (a 16x16's 10 to 16 included): as the text format's
    symbols = "".join(value) if isinstance(value, list) and all(
        isinstance(s, str) and len(s) == 1 for s in value) else value
    if not isinstance(symbols, str) or len(symbols) != board.size or \
            len(set(symbols)) != board.size:
        raise ValueError(f"expected {board.size} different characters, got {value!r}")
    return "" if symbols == symbols_of(board) else symbols


def boxed_board(kind: Kind, size: Any, box: Any) -> Shape | None:
    """The board a record's (a manifest's, a day's) line is read on where its box says
    more than the line's length: a kind with boxes, its `size` and `box` as --size and
    --box name them ('6x6', '3x2'); None otherwise (the line's length says). ValueError
    names the field at fault."""
    if not kind.takes_box or not box:
        return None
    if not isinstance(size, str) or not isinstance(box, str):
        raise ValueError(f"size, box: expected text like '6x6' and '3x2', got {size!r} and "
                         f"{box!r}")
    try:
        frame = kind.frame(parse_size(size), parse_box(box, parse_size(size)))
    except ValueError as err:
        raise ValueError(f"size {size}, box {box}: {err}") from None
    return kind.reading_board(frame)


def _record_kind(record: dict, kind: Kind | None) -> Kind:
    named = record.get("kind")
    if named is None:
        if kind is None:
            raise RecordError("kind: missing")
        return kind
    try:
        return kind_named(str(named))
    except ValueError as err:
        raise RecordError(f"kind: {err}") from None


def _text_field(record: dict, name: str) -> str:
    value = record.get(name)
    if not isinstance(value, str) or not value.strip():
        raise RecordError(f"{name}: expected the puzzle's text, got {value!r}")
    return value


def records_of(document: Any) -> list[Any]:
    """The records of a JSON document: a feed's puzzles, or the one record it is;
    RecordError if it is neither."""
    if isinstance(document, dict) and document.get("format") == FEED_FORMAT:
        puzzles = document.get("puzzles")
        if not isinstance(puzzles, list):
            raise RecordError("puzzles: a feed lists its puzzles")
        return puzzles
    if isinstance(document, dict) and ("line" in document or
                                       document.get("format") == RECORD_FORMAT):
        return [document]
    raise RecordError(f"not a bookmaker puzzle record or feed (format {RECORD_FORMAT!r} or "
                      f"{FEED_FORMAT!r}), nor an ipuz document")

