"""Puzzle files, one grid (or Killer) per line: read every line, keep the good ones, name the
bad as FILE:LINE.

A text file holds puzzles of one kind (the reader is told which; each kind reads its own
lines, core/kinds). A JSON file holds what `bookmaker export` writes: an ipuz document, a
puzzle record or a feed of records (core/exchange), each naming its own kind, or JSON
Lines of records (what `generate --json` prints); its puzzles are numbered 1, 2, ... in
the file (JSON Lines: by line), and the solution it states is kept beside them
(PuzzleLine.answer). A line that is a puzz.link URL is read as the kind it names
(core/exchange/puzzlink.py)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.board.grid import Grid, GridError
from ..core.board.shape import Shape
from ..core.kinds.kind import Extras, Kind
from ..core.kinds.puzzlink import is_url
from ..core.kinds.sudoku import CLASSIC
from ..core.puzzle import Puzzle
from ..core.registry import kind_of_puzzle
from ..core.words import with_article
from .filebytes import STDIN as STDIN
from .filebytes import STDIN_NAME as STDIN_NAME
from .filebytes import read_bytes, source_name, text_of


@dataclass(frozen=True)
class PuzzleLine:
    """One puzzle line of a file: its givens and its kind's extras (a Killer's cages), or
    (grid None) the reason it is not one."""

    source: str
    number: int  # 1-based line number in the file, counting blank and comment lines
    grid: Grid | None
    error: str | None = None
    extras: Extras = None
    kind: Kind = CLASSIC
    answer: Grid | None = None  # the solution the file states (ipuz, JSON), if any
    id: str = ""  # the id the file gives the puzzle (ipuz, JSON), if any
    symbols: str = ""  # what the file says its values print as, if not the text format's

    @property
    def where(self) -> str:
        return f"{self.source}:{self.number}"


@dataclass(frozen=True)
class PuzzleFile:
    """Every puzzle line of one file, good and bad, in file order."""

    source: str
    lines: tuple[PuzzleLine, ...]

    @property
    def puzzles(self) -> list[PuzzleLine]:
        return [line for line in self.lines if line.grid is not None]

    @property
    def errors(self) -> list[str]:
        """Each malformed line as 'FILE:LINE: message'."""
        return [f"{line.where}: {line.error}" for line in self.lines if line.grid is None]


def puzzle_line(puzzle: Puzzle) -> str:
    """A puzzle in the text format these files hold and the command line reads: its
    kind's line (a jigsaw's with its regions, a Killer's with its cages and sums)."""
    return kind_of_puzzle(puzzle).line(puzzle)


def read_puzzle_file(path: str, board: Shape | None = None,
                     kind: Kind = CLASSIC, kind_stated: bool = False) -> PuzzleFile:
    """Read and parse every line of path ('-' for stdin) as puzzles of `kind`; OSError if
    it cannot be read. `board` (or None: each line's length says) is as for the kind's
    reader. A JSON file's puzzles are of the kinds it names; where it names another than
    a kind_stated one, each is an error saying so."""
    return parse_puzzle_text(_read_text(path), source_name(path), board, kind, kind_stated)


def parse_puzzle_text(text: str, source: str, board: Shape | None = None,
                      kind: Kind = CLASSIC, kind_stated: bool = False) -> PuzzleFile:
    """Parse each line that is neither blank nor a '#' comment, collecting errors, not
    stopping; or, for a JSON document, each of its puzzles."""
    if is_document(text):
        return PuzzleFile(source, tuple(document_puzzles(text, source, kind, kind_stated)))
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if stripped and not stripped.startswith("#"):
            lines.append(parse_line(stripped, source, number, board, kind, kind_stated))
    return PuzzleFile(source, tuple(lines))


def parse_line(text: str, source: str, number: int, board: Shape | None,
               kind: Kind, kind_stated: bool = False) -> PuzzleLine:
    """Line `number` of a file, stripped and neither blank nor a comment, read as `kind`'s;
    a puzz.link URL as the kind it names (which must be `kind` if kind_stated)."""
    if is_url(text):
        return url_line(text, source, number, kind, kind_stated)
    try:
        givens, extras = kind.read(text, board)
        return PuzzleLine(source, number, givens, extras=extras, kind=kind)
    except GridError as err:
        return PuzzleLine(source, number, None, _other_kind_hint(text, kind) or str(err),
                          kind=kind)


def url_line(text: str, source: str, number: int, kind: Kind,
             kind_stated: bool) -> PuzzleLine:
    """A line that is a URL, read as the puzz.link puzzle it is."""
    from ..core.exchange.puzzlink import read_puzzlink
    try:
        read = read_puzzlink(text, kind if kind_stated else None)
    except ValueError as err:  # PuzzlinkError
        return PuzzleLine(source, number, None, str(err), kind=kind)
    return PuzzleLine(source, number, read.givens, extras=read.extras, kind=read.kind)


def is_document(text: str) -> bool:
    """Whether a file's text is JSON (a document, JSON Lines, or ipuz's JSONP form), not
    puzzle lines (which never start with a brace or a bracket)."""
    start = text.lstrip()
    return start.startswith(("{", "[", "ipuz("))


def document_puzzles(text: str, source: str, kind: Kind,
                     kind_stated: bool) -> list[PuzzleLine]:
    """The puzzles of an ipuz document, a record, a feed or JSON Lines of records, numbered
    from 1 (JSON Lines: by line); one error line for a document that is none of them."""
    try:
        numbered = [(number, item) for number, document in json_documents(text)
                    for number, item in _numbered(number, document)]
    except _Refused as err:
        return [PuzzleLine(source, err.number, None, f"not a puzzle document: {err}",
                           kind=kind)]
    return [document_line(item, source, number, kind, kind_stated)
            for number, item in numbered]


class _Refused(ValueError):
    """A JSON text that holds no puzzle document, at a line (or document) number."""

    def __init__(self, number: int, message: str) -> None:
        super().__init__(message)
        self.number = number


def json_documents(text: str) -> list[tuple[int, object]]:
    """The JSON documents of a text: (1, the one document), or for JSON Lines (one
    document a line; blank lines skipped) each line's number and document."""
    import json  # only a JSON document needs it, not a plain puzzle file

    try:
        return [(1, json.loads(_without_jsonp(text)))]
    except ValueError as err:
        if not str(err).startswith("Extra data"):
            raise _Refused(1, str(err)) from None
    documents = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                documents.append((number, json.loads(line)))
            except ValueError as err:
                raise _Refused(number, f"line {number} of JSON Lines: {err}") from None
    return documents


def _numbered(number: int, document: object) -> list[tuple[int, object]]:
    """A document's puzzles numbered: a feed's 1, 2, ... ; one document's `number`."""
    from ..core.exchange.ipuz import is_ipuz
    from ..core.exchange.record import records_of

    if isinstance(document, list):
        raise _Refused(number, "a JSON list; expected a puzzle record, a feed or an ipuz "
                               "document (an object)")
    try:
        items = [document] if is_ipuz(document) else records_of(document)
    except ValueError as err:  # RecordError
        raise _Refused(number, str(err)) from None
    return [(number, items[0])] if len(items) == 1 and items[0] is document else \
        list(enumerate(items, start=1))


def document_line(item: object, source: str, number: int, kind: Kind,
                  kind_stated: bool) -> PuzzleLine:
    """One puzzle of a JSON document (an ipuz document or a record) as a puzzle line."""
    from ..core.exchange.ipuz import is_ipuz, read_ipuz
    from ..core.exchange.record import read_record
    try:
        read = read_ipuz(item, kind if kind_stated else None) if is_ipuz(item) else \
            read_record(item, kind)
    except ValueError as err:
        return PuzzleLine(source, number, None, str(err), kind=kind)
    if kind_stated and read.kind is not kind:
        return PuzzleLine(source, number, None, f"the file's puzzle is "
                          f"{with_article(read.kind.name)}, not {with_article(kind.name)}",
                          kind=kind)
    return PuzzleLine(source, number, read.givens, extras=read.extras, kind=read.kind,
                      answer=read.solution, id=read.id, symbols=read.symbols)


def _without_jsonp(text: str) -> str:
    """ipuz's JSONP form, ipuz({...}), as its JSON."""
    stripped = text.strip()
    if stripped.startswith("ipuz(") and stripped.endswith(")"):
        return stripped[len("ipuz("):-1]
    return stripped


def _other_kind_hint(text: str, kind: Kind) -> str | None:
    """What to say of a line that looks like another kind's line."""
    from ..core.registry import all_kinds

    said = kind.presentation.line_hint  # a kind of alike lines says the same
    return next((hint for other in all_kinds() if other.presentation.line_hint != said
                 and (hint := other.presentation.misread_hint(text))), None)


def _read_text(path: str) -> str:
    return text_of(read_bytes(path))
