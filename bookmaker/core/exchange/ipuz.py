"""ipuz documents (ipuz.org, version 2): a puzzle of any kind with an ipuz form (its
exchange form's `ipuz`)
written as ipuz's Sudoku PuzzleKind, from its board, givens, solution and marks alone, and
read back; `spec_problems` checks a document against the specification's fields.

What a kind's board adds to rows and columns is said the way ipuz says it: standard square
boxes as `boxes: true`; any other regions (a jigsaw's, a 6x6's 2x3 boxes) as `boxes: false`
and one zone per region; the groups beyond them (an X's diagonals, a Hyper's windows) as
zones styled `highlight`, as print shades them; cages (a Killer's, a Calcudoku's) as
`cages` with their value and operation. The grade, score, rating, seed, registry key and
the puzzle's own line go into one extension field, EXTENSION: the specification keeps bare
names for itself, so ours carry a prefix no future field of it can take.

Cells are written [column, row] counted from 1 at the top left (ipuz's x, y). Some programs
count from 0; a file whose cells include a 0 is read so.
"""

from __future__ import annotations

import re
from typing import Any

from ..board.grid import SYMBOLS, Grid, GridError
from ..board.marks import CageMark, Marks
from ..board.shape import Shape, jigsaw_of
from ..kinds.ipuzform import IpuzForm
from ..kinds.kind import Kind
from ..puzzle import Puzzle
from ..registry import all_kinds, kind_named, kind_of_puzzle
from ..words import with_article
from .record import About, ReadPuzzle, about_fields, printed_symbols, rating_fields

IPUZ_VERSION = "http://ipuz.org/v2"
READ_VERSIONS = ("http://ipuz.org/v1", IPUZ_VERSION)  # the versions bookmaker reads
SUDOKU_PREFIX = "http://ipuz.org/sudoku"
EXTENSION = "bookmaker:puzzle"
EMPTY = 0  # a blank cell's value (ipuz's default `empty`)
HIGHLIGHT = {"highlight": True}  # the style of the groups print shades
REGION_KINDS = ("box", "region")
# The specification's common fields that hold text, and the Sudoku kind's flags.
TEXT_FIELDS = ("copyright", "publisher", "publication", "url", "uniqueid", "title", "intro",
               "explanation", "annotation", "author", "editor", "notes", "difficulty",
               "origin", "block", "charset")
FLAG_FIELDS = ("displaycharset", "boxes", "showoperators")
CAGE_BORDERS = ("thick", "dashed")
OPERATORS = ("+", "-", "*", "/")


class IpuzError(ValueError):
    """A document that is not an ipuz puzzle bookmaker reads; the message names the field."""


# --- writing ----------------------------------------------------------------------------

def ipuz_document(puzzle: Puzzle, about: About, origin: str = "") -> dict[str, Any]:
    """The ipuz document of a puzzle whose kind has an ipuz form; ValueError (saying why)
    for one that has none, or marks its form cannot carry."""
    kind, board = kind_of_puzzle(puzzle), puzzle.shape
    marks = kind.marks(puzzle.givens, puzzle.extras)
    problem = kind.exchange.ipuz_problem(board, marks)
    form = kind.exchange.ipuz
    if problem is not None or form is None:
        raise ValueError(f"{with_article(kind.title)} has no ipuz form: {problem}")
    document: dict[str, Any] = {"version": IPUZ_VERSION, "kind": list(form.puzzle_kinds)}
    document |= _published(about, puzzle, origin)
    document |= {"charset": about.symbols or SYMBOLS[:board.size], "displaycharset": True,
                 "boxes": _standard_boxes(board), "empty": EMPTY,
                 "puzzle": _rows(puzzle.givens), "solution": _rows(puzzle.solution)}
    zones = _zones(board)
    if zones:
        document["zones"] = zones
    if marks.cages:
        document |= {"cageborder": form.cage_border, "showoperators": form.show_operators,
                     "cages": [_calc_spec(board, form, mark) for mark in marks.cages]}
    document[EXTENSION] = _extension(puzzle, about)
    return document


def _published(about: About, puzzle: Puzzle, origin: str) -> dict[str, Any]:
    """The specification's common fields: title, author, date, uniqueid, difficulty."""
    fields: dict[str, Any] = {}
    if about.title:
        fields["title"] = about.title
    if about.author:
        fields["author"] = about.author
    if about.series:
        fields["publication"] = about.series
    if about.date:
        year, month, day = about.date.split("-")
        fields["date"] = f"{month}/{day}/{year}"  # ipuz writes dates mm/dd/yyyy
    if about.id:
        fields["uniqueid"] = about.id
    if puzzle.grade:
        fields["difficulty"] = puzzle.grade
    if origin:
        fields["origin"] = origin
    return fields


def _extension(puzzle: Puzzle, about: About) -> dict[str, Any]:
    """What ipuz has no field for: the kind, its line, grade, score, rating, seed, key."""
    kind = kind_of_puzzle(puzzle)
    fields: dict[str, Any] = {"kind": kind.name, "line": kind.line(puzzle)}
    fields |= {"grade": puzzle.grade or None, "score": puzzle.score if puzzle.grade else None,
               "hardest": puzzle.hardest or None, "rating": rating_fields(puzzle),
               "seed": puzzle.seed if about.seeded else None, "key": about.key or None}
    return fields | ({"date": about.date} if about.date else {}) | \
        {name: value for name, value in about_fields(about).items() if name == "id"}


def _standard_boxes(board: Shape) -> bool:
    """Whether ipuz's `boxes: true` says what the board's regions are: square boxes."""
    return board.box_rows == board.box_cols > 1 and not board.has_regions


def _rows(grid: Grid) -> list[list[int | None]]:
    """A grid as ipuz's rows of values over the board's frame (None: no cell there)."""
    rows, cols = grid.shape.frame
    table: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    for cell, (row, col) in enumerate(grid.shape.positions):
        table[row][col] = grid.cells[cell] or EMPTY
    return table


def _coordinates(board: Shape, cells) -> list[list[int]]:
    """Cells as ipuz's [column, row] pairs, counted from 1."""
    return [[board.positions[c][1] + 1, board.positions[c][0] + 1] for c in cells]


def _zones(board: Shape) -> list[dict[str, Any]]:
    """The regions ipuz's `boxes` does not say (one zone each), then the highlighted groups
    beyond rows, columns and regions."""
    regions = [] if _standard_boxes(board) else \
        [{"cells": _coordinates(board, u.cells)} for u in board.units if u.kind in REGION_KINDS]
    extras = [{"cells": _coordinates(board, u.cells), "style": dict(HIGHLIGHT)}
              for u in board.units if u.kind in board.extra_unit_kinds]
    return regions + extras


def _calc_spec(board: Shape, form: IpuzForm, mark: CageMark) -> dict[str, Any]:
    value, operator = form.cage_value(mark.label)
    spec: dict[str, Any] = {"cells": _coordinates(board, mark.cells), "value": value}
    if operator is not None:
        spec["operator"] = operator
    return spec


# --- the specification's fields ---------------------------------------------------------

def spec_problems(document: Any) -> list[str]:
    """What in a document breaks the ipuz specification's rules for its common fields and
    for the Sudoku PuzzleKind: mandatory fields (version, kind; puzzle), and the type of
    every field it defines. [] for a valid document."""
    if not isinstance(document, dict):
        return ["an ipuz document is a JSON object"]
    problems = _common_problems(document)
    if any(str(k).startswith(SUDOKU_PREFIX) for k in document.get("kind") or []):
        problems += _sudoku_problems(document)
    return problems


def _common_problems(document: dict) -> list[str]:
    problems = []
    version = document.get("version")
    if not isinstance(version, str) or not re.fullmatch(r"http://ipuz\.org/v[1-9]\d*", version):
        problems.append(f"version: mandatory, 'http://ipuz.org/vN'; got {version!r}")
    kinds = document.get("kind")
    if not isinstance(kinds, list) or not kinds or \
            not all(isinstance(k, str) and k for k in kinds):
        problems.append(f"kind: mandatory, a non-empty list of PuzzleKind names; got {kinds!r}")
    problems += [f"{name}: must be text" for name in TEXT_FIELDS
                 if name in document and not isinstance(document[name], str)]
    date = document.get("date")
    if date is not None and not (isinstance(date, str) and
                                 re.fullmatch(r"\d\d/\d\d/\d{4}", date)):
        problems.append(f"date: must be mm/dd/yyyy, got {date!r}")
    if "empty" in document and not isinstance(document["empty"], (str, int)):
        problems.append("empty: must be text or a whole number")
    return problems


def _sudoku_problems(document: dict) -> list[str]:
    problems = [f"{name}: must be true or false" for name in FLAG_FIELDS
                if name in document and not isinstance(document[name], bool)]
    if document.get("cageborder", "dashed") not in CAGE_BORDERS:
        problems.append(f"cageborder: one of {', '.join(CAGE_BORDERS)}")
    if "puzzle" not in document:
        problems.append("puzzle: mandatory for a Sudoku")
    for name, given in (("puzzle", "given"), ("solution", "value")):
        if name in document and not _table_of(document[name], given):
            problems.append(f"{name}: must be rows (lists) of values (a number, text, null, "
                            f"or {{{given!r}: value, 'style': ...}})")
    problems += _groups_problems(document, "zones", {"rect", "cells", "style"})
    problems += _groups_problems(document, "cages",
                                 {"rect", "cells", "value", "operator", "style"})
    for index, cage in enumerate(document.get("cages") or []):
        if isinstance(cage, dict) and ("value" in cage and type(cage["value"]) is not int or
                                       cage.get("operator", "+") not in OPERATORS):
            problems.append(f"cages[{index}]: value a whole number, operator one of "
                            f"{' '.join(OPERATORS)}")
    return problems


def _table_of(rows: Any, key: str) -> bool:
    """Whether rows are lists of ipuz values (SudokuGiven or SudokuValue)."""
    def value(item: Any) -> bool:
        if isinstance(item, dict):
            return set(item) <= {key, "style"} and value(item.get(key))
        return item is None or isinstance(item, (str, int)) and not isinstance(item, bool)
    return isinstance(rows, list) and all(isinstance(row, list) and all(map(value, row))
                                          for row in rows)


def _groups_problems(document: dict, name: str, keys: set[str]) -> list[str]:
    """GroupSpec (zones) or CalcSpec (cages) lists: objects with known keys, `cells` a
    non-empty list of [x, y] whole numbers, `rect` [x1, y1, x2, y2]."""
    if name not in document:
        return []
    groups = document[name]
    if not isinstance(groups, list):
        return [f"{name}: must be a list"]
    problems = []
    for index, group in enumerate(groups):
        if not isinstance(group, dict) or not group or not set(group) <= keys:
            problems.append(f"{name}[{index}]: an object with some of {', '.join(sorted(keys))}")
        elif "cells" in group and not _cell_list(group["cells"]):
            problems.append(f"{name}[{index}].cells: a non-empty list of [x, y] pairs")
        elif "rect" in group and not (isinstance(group["rect"], list) and
                                      len(group["rect"]) == 4):
            problems.append(f"{name}[{index}].rect: [x1, y1, x2, y2]")
    return problems


def _cell_list(cells: Any) -> bool:
    return isinstance(cells, list) and bool(cells) and all(
        isinstance(c, list) and len(c) == 2 and all(type(v) is int for v in c) for c in cells)


# --- reading ----------------------------------------------------------------------------

def is_ipuz(document: Any) -> bool:
    """Whether a JSON document says it is ipuz (its version names the specification)."""
    return isinstance(document, dict) and str(document.get("version", "")).startswith(
        "http://ipuz.org/")


def read_ipuz(document: Any, kind: Kind | None = None) -> ReadPuzzle:
    """An ipuz Sudoku document read back as a puzzle of the kind its extension field names
    (or `kind`; or, in a document of another program, the first kind whose board and
    cages it describes: a Killer's cages are not dropped to read a classic), checked as
    that kind checks its own line; IpuzError says which field is wrong and how."""
    problems = spec_problems(document) or _reading_problems(document)
    if problems:
        raise IpuzError(problems[0])
    chosen = _document_kind(document) or kind
    return _read_as_its_kind(document) if chosen is None else _read_as(document, chosen)


def _read_as_its_kind(document: dict) -> ReadPuzzle:
    """The document read as the first kind with an ipuz form that reads it, among those
    with cages if it has any (those without them would leave them out), else those
    without; the first one's error if none does."""
    caged = bool(document.get("cages"))
    first: IpuzError | None = None
    for kind in all_kinds():
        if kind.exchange.ipuz is None or (kind.extras_type is not None) != caged:
            continue
        try:
            return _read_as(document, kind)
        except IpuzError as err:
            first = first or err
    assert first is not None  # a classic (no cages) and a Killer (cages) have forms
    raise first


def _read_as(document: dict, kind: Kind) -> ReadPuzzle:
    form = kind.exchange.ipuz
    if form is None:
        raise IpuzError(f"kind: {with_article(kind.title)} is not written in ipuz: "
                        f"{kind.exchange.ipuz_absent}")
    values, size = _values(document, "puzzle")
    board = _board(document, kind, size)
    givens = Grid(board, tuple(values[r][c] for r, c in board.positions))
    extras = _extras(document, kind, form, board)
    givens, extras = _as_its_line_reads(kind, givens, extras, document)
    solution = None
    if document.get("solution") is not None:
        if len(document["solution"]) != size:
            raise IpuzError(f"solution: {len(document['solution'])} rows, the puzzle's {size}")
        answer, _ = _values(document, "solution")
        solution = Grid(board, tuple(answer[r][c] for r, c in board.positions))
    ours = document.get(EXTENSION)
    stated_id = document.get("uniqueid") or (ours.get("id") if isinstance(ours, dict) else "")
    return ReadPuzzle(kind, givens, extras, solution,
                      stated_id if isinstance(stated_id, str) else "",
                      printed_symbols(document.get("charset"), board))


def _reading_problems(document: dict) -> list[str]:
    """What in a valid document bookmaker does not read: another version of ipuz than it
    knows, a PuzzleKind other than the Sudoku."""
    problems = []
    if document["version"] not in READ_VERSIONS:
        problems.append(f"version: bookmaker reads {' and '.join(READ_VERSIONS)}, got "
                        f"{document['version']!r}")
    if not any(str(k).startswith(SUDOKU_PREFIX) for k in document["kind"]):
        problems.append(f"kind: bookmaker reads ipuz's Sudoku ({SUDOKU_PREFIX}#1), got "
                        f"{', '.join(map(str, document['kind']))}")
    return problems


def _document_kind(document: dict) -> Kind | None:
    ours = document.get(EXTENSION)
    named = ours.get("kind") if isinstance(ours, dict) else None
    if named is None:
        return None
    try:
        return kind_named(str(named))
    except ValueError as err:
        raise IpuzError(f"{EXTENSION}.kind: {err}") from None


def _values(document: dict, name: str) -> tuple[list[list[int]], int]:
    """A table of values as 0 (blank) or 1..n by the charset, and n; IpuzError for a table
    that is not square or a value not in the charset."""
    rows = document[name]
    size = len(rows)
    if size == 0 or any(len(row) != size for row in rows):
        raise IpuzError(f"{name}: a Sudoku is square, {size} rows of {size} values each")
    charset = document.get("charset") or SYMBOLS[:size]
    if len(charset) != size or len(set(charset)) != size:
        raise IpuzError(f"charset: the {size} different symbols of a {size}x{size} Sudoku, "
                        f"got {charset!r}")
    empty = document.get("empty", EMPTY)
    return [[_value(item, charset, empty, name, r, c, size) for c, item in enumerate(row)]
            for r, row in enumerate(rows)], size


def _value(item: Any, charset: str, empty: Any, name: str, row: int, col: int,
           size: int) -> int:
    if isinstance(item, dict):
        item = item.get("given", item.get("value"))
    if item is None or item == empty or str(item) == str(empty):
        return 0
    if isinstance(item, int) and 1 <= item <= size:
        return item
    if isinstance(item, str) and item in charset[:size]:
        return charset.index(item) + 1
    raise IpuzError(f"{name}: row {row + 1}, column {col + 1}: {item!r} is not one of the "
                    f"{size} symbols {charset[:size]!r} (nor blank)")


def _cells(board_size: int, coordinates: list, base: int) -> tuple[int, ...]:
    """ipuz [column, row] pairs as cell numbers of a size x size board."""
    cells = []
    for x, y in coordinates:
        col, row = x - base, y - base
        if not (0 <= row < board_size and 0 <= col < board_size):
            raise IpuzError(f"cell [{x}, {y}] is off the {board_size}x{board_size} board")
        cells.append(row * board_size + col)
    return tuple(cells)


def _base(document: dict) -> int:
    """1, or 0 for a file whose cells count from 0 (a 0 appears among them)."""
    groups = (document.get("zones") or []) + (document.get("cages") or [])
    return 0 if any(0 in pair for group in groups for pair in group.get("cells", ())) else 1


def _board(document: dict, kind: Kind, size: int) -> Shape:
    """The kind's board the document describes: its regions from `boxes` or the zones that
    are not highlighted, checked against the highlighted zones (diagonals, windows)."""
    base = _base(document)
    zones = [(_cells(size, zone.get("cells", []), base), zone.get("style") == HIGHLIGHT)
             for zone in document.get("zones") or []]
    regions = () if document.get("boxes", True) else \
        tuple(cells for cells, shaded in zones if not shaded)
    try:
        board = _board_of_regions(kind, size, regions)
    except ValueError as err:
        raise IpuzError(f"zones: not the regions of {with_article(kind.title)} board: "
                        f"{err}") from None
    if regions and _cell_sets(u.cells for u in board.blocks) != _cell_sets(regions):
        raise IpuzError(f"zones: not the regions of {with_article(kind.title)} board")
    shaded = _cell_sets(cells for cells, highlighted in zones if highlighted)
    if shaded != _cell_sets(u.cells for u in board.units if u.kind in board.extra_unit_kinds):
        raise IpuzError(f"zones: the highlighted zones are not the groups "
                        f"{with_article(board)} board adds to rows, columns and regions")
    return board


def _board_of_regions(kind: Kind, size: int,
                     regions: tuple[tuple[int, ...], ...] = ()) -> Shape:
    """The kind's board of a size whose boxes (or regions) are these cell groups, or its
    usual board of the size if none are given (a file saying `boxes`); ValueError if it
    has no such board."""
    if not kind.exchange.drawn_regions:
        box = _box_of_regions(size, regions) if regions else None
        return kind.board(kind.frame(size, box))
    if not regions:  # a file with standard boxes: a jigsaw whose regions are boxes
        regions = tuple(unit.cells for unit in kind.frame(size).blocks)
    region_of = [0] * (size * size)
    for index, cells in enumerate(regions):
        for cell in cells:
            region_of[cell] = index
    return jigsaw_of(region_of)


def _box_of_regions(size: int, regions: tuple[tuple[int, ...], ...]) -> tuple[int, int]:
    """The box (rows, columns) whose tiling of a size x size board these regions are (cells
    numbered row by row); ValueError if they are no such tiling."""
    first = sorted(regions)[0]
    rows = 1 + max(c // size for c in first) - min(c // size for c in first)
    cols = len(first) // rows
    boxes = {frozenset((top + r) * size + left + c for r in range(rows) for c in range(cols))
             for top in range(0, size, rows) for left in range(0, size, cols)}
    if rows * cols != size or {frozenset(region) for region in regions} != boxes:
        raise ValueError(f"its {len(regions)} regions are not the boxes of "
                         f"{with_article(f'{size}x{size}')} "
                         f"board")
    return rows, cols


def _cell_sets(groups) -> set[frozenset[int]]:
    return {frozenset(cells) for cells in groups}


def _extras(document: dict, kind: Kind, form: IpuzForm, board: Shape):
    """The kind's extras from the document's cages (None for a kind without extras)."""
    base = _base(document)
    cages = []
    for index, cage in enumerate(document.get("cages") or []):
        if "cells" not in cage or "value" not in cage:
            raise IpuzError(f"cages[{index}]: bookmaker reads cages by their cells and value")
        cells = _cells(board.size, cage["cells"], base)
        cages.append(CageMark(cells, form.cage_label(cage["value"], cage.get("operator"))))
    try:
        return kind.exchange.extras_from_marks(board, Marks(cages=tuple(cages)))
    except ValueError as err:
        raise IpuzError(f"cages: {err}") from None


def _as_its_line_reads(kind: Kind, givens: Grid, extras, document: dict):
    """The puzzle as its kind reads its own line (so every check of the line applies: no
    clash among givens, cages that fit them), and the same as the extension's line."""
    line = kind.write(givens, extras)
    try:
        read = kind.read(line, givens.shape)
    except GridError as err:
        raise IpuzError(f"puzzle: {err}") from None
    ours = document.get(EXTENSION)
    stated = ours.get("line") if isinstance(ours, dict) else None
    if stated is not None and stated != line:
        raise IpuzError(f"{EXTENSION}.line: the puzzle its ipuz fields describe is not the "
                        f"one this line names")
    return read
