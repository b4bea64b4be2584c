"""A kind's puzz.link (pzprjs) form: the variety its URLs name, and how its line becomes a
URL's size and cells and back; the forms of the kinds pzprjs has (Sudoku, Kakuro,
Skyscrapers, Nonogram), and the plain-grid forms of Slitherlink and Hashi.

A URL is https://puzz.link/p?VARIETY/COLS/ROWS/BODY (pzprjs's src/pzpr/parser.js); each
variety's BODY is written as its src/variety/*.js `encodePzpr` writes it (read there, not
copied), in the codes of pzprcodes.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..board.grid import SYMBOLS, Grid
from .pzprcodes import (
    UNKNOWN,
    base36,
    decode_clues,
    decode_numbers,
    empty_runs,
    encode_clues,
    encode_numbers,
)

PUZZLINK = "https://puzz.link/p?"

Sized = tuple[int, int, str]  # a URL's columns, rows and body


class Unlinkable(ValueError):
    """A puzzle its kind's puzz.link variety cannot show; the message says what is lost."""


@dataclass(frozen=True)
class PuzzlinkForm:
    """How a kind's puzzles are written as puzz.link URLs and read back: `encode` turns its
    givens and line into a URL's size and body (Unlinkable: what pzprjs lacks for it),
    `decode` a URL's size and body into the kind's line (ValueError: what is wrong)."""

    variety: str                 # pzprjs's name for it, as its URLs write it
    title: str                   # what puzz.link calls it
    encode: Callable[[Grid, str], Sized]
    decode: Callable[[int, int, str], str]
    aliases: tuple[str, ...] = ()  # other names pzprjs reads for it

    def url(self, givens: Grid, line: str) -> str:
        return url_of(self.variety, *self.encode(givens, line))


def is_url(text: str) -> bool:
    """Whether a line is a URL (one a puzzle file or the command line may hold), not a
    kind's line."""
    return text.startswith(("http://", "https://")) or "puzz.link/p?" in text


def url_of(variety: str, cols: int, rows: int, body: str) -> str:
    return f"{PUZZLINK}{variety}/{cols}/{rows}/{body}"


def _symbol(value: int | None, most: int) -> str:
    if value is None:
        return "."
    if not 1 <= value <= most:
        raise ValueError(f"{'?' if value == UNKNOWN else value} is not a value from 1 to {most}")
    return SYMBOLS[value - 1]


def _value(symbol: str) -> int | None:
    return None if symbol == "." else SYMBOLS.index(symbol) + 1


def _rest_is_empty(rest: str) -> None:
    if rest:
        raise ValueError(f"'{rest}' is left over after the puzzle's cells")


# Sudoku: pzprjs's boxes are square, but 2 rows by 3 columns on a 6x6 (src/variety/sudoku.js)
SUDOKU_BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 16: (4, 4), 25: (5, 5)}


def sudoku_encode(givens: Grid, line: str) -> Sized:
    shape = givens.shape
    if SUDOKU_BOXES.get(shape.size) != (shape.box_rows, shape.box_cols):
        raise Unlinkable("puzz.link's Sudoku is 4x4, 6x6 (boxes of 2 rows by 3 columns), "
                         "9x9, 16x16 or 25x25 with square boxes")
    return shape.size, shape.size, encode_numbers([v or None for v in givens.cells])


def sudoku_decode(cols: int, rows: int, body: str) -> str:
    if cols != rows or cols not in SUDOKU_BOXES:
        raise ValueError(f"a puzz.link Sudoku is 4x4, 6x6, 9x9, 16x16 or 25x25, "
                         f"not {cols}x{rows}")
    values, rest = decode_numbers(body, cols * cols)
    _rest_is_empty(rest)
    return "".join(_symbol(v, cols) for v in values)


SUDOKU_LINK = PuzzlinkForm("sudoku", "Sudoku", sudoku_encode, sudoku_decode)


# Skyscrapers: the clues outside, top, bottom, left, right (each read left to right or top
# to bottom), then the given heights only where there are some
def skyscrapers_encode(givens: Grid, line: str) -> Sized:
    cells, sides = line.split()
    top, right, bottom, left = sides.split("/")
    size = len(top)
    outside = [_value(symbol) for symbol in top + bottom + left + right]
    body = encode_numbers(outside)
    if any(givens.cells):
        body += encode_numbers([_value(symbol) for symbol in cells])
    return size, size, body


def skyscrapers_decode(cols: int, rows: int, body: str) -> str:
    if cols != rows:
        raise ValueError(f"a Skyscrapers grid is square, not {cols}x{rows}")
    n = cols
    outside, rest = decode_numbers(body, 4 * n)
    cells, rest = decode_numbers(rest, n * n) if rest else ([None] * (n * n), "")
    _rest_is_empty(rest)
    top, bottom, left, right = (outside[i * n:(i + 1) * n] for i in range(4))
    sides = "/".join("".join(_symbol(v, n) for v in side) for side in (top, right, bottom, left))
    return "".join(_symbol(v, n) for v in cells) + " " + sides


SKYSCRAPERS_LINK = PuzzlinkForm("skyscrapers", "Skyscrapers", skyscrapers_encode,
                                skyscrapers_decode, aliases=("building", "skyscraper"))


# Nonogram: each column's clue, then each row's, in (length + 1) // 2 slots nearest the
# grid first (so read backwards), the slots left empty
def nonogram_encode(givens: Grid, line: str) -> Sized:
    parts = line.split()
    if len(parts) > 2:
        raise Unlinkable("puzz.link's Nonogram has no given cells")
    rows, columns = ([_runs(clue) for clue in part.split("/")] for part in parts)
    slots = _slotted(columns, (len(rows) + 1) // 2) + _slotted(rows, (len(columns) + 1) // 2)
    return len(columns), len(rows), encode_numbers(slots)


def _runs(clue: str) -> list[int]:
    return [run for run in map(int, clue.split(",")) if run]


def _slotted(clues: list[list[int]], slots: int) -> list[int | None]:
    return [slot for clue in clues
            for slot in [*reversed(clue), *[None] * (slots - len(clue))]]


def nonogram_decode(cols: int, rows: int, body: str) -> str:
    across, down = (cols + 1) // 2, (rows + 1) // 2
    slots, rest = decode_numbers(body, cols * down + rows * across)
    _rest_is_empty(rest)
    if UNKNOWN in slots:
        raise ValueError("a Nonogram clue of '?' is not read here")
    columns = [slots[c * down:(c + 1) * down] for c in range(cols)]
    row_slots = slots[cols * down:]
    lines = [row_slots[r * across:(r + 1) * across] for r in range(rows)]
    return f"{_clue_text(lines)} {_clue_text(columns)}"


def _clue_text(slotted: list[list[int | None]]) -> str:
    clues = ([run for run in reversed(slots) if run] for slots in slotted)
    return "/".join(",".join(map(str, clue)) or "0" for clue in clues)


NONOGRAM_LINK = PuzzlinkForm("nonogram", "Nonogram", nonogram_encode, nonogram_decode)


# Kakuro (src/variety/kakuro.js): the grid inside its clue row and column; each black
# square as its down and across totals (0 for none; '.' for neither), runs of 1 to 16
# white squares as 'k'-'z'; then the down totals above the columns that start white, and
# the across totals left of such rows. A total is '0'-'j' for 0-19, 'A'-'Z' for 20-45.
def kakuro_encode(givens: Grid, line: str) -> Sized:
    frame = [row.split(",") for row in line.split("/")]
    inside = [row[1:] for row in frame[1:]]
    if any(square not in (".", "0") and not _black(square) for row in inside for square in row):
        raise Unlinkable("puzz.link's Kakuro has no given digits")
    squares = [_totals(square) if _black(square) else None for row in inside for square in row]
    body = empty_runs(squares, _black_square, most=16, offset=19)
    body += "".join(_total(_totals(frame[0][c + 1])[0]) for c in range(len(inside[0]))
                    if not _black(inside[0][c]))
    body += "".join(_total(_totals(frame[r + 1][0])[1]) for r in range(len(inside))
                    if not _black(inside[r][0]))
    return len(inside[0]), len(inside), body


def _black_square(squares: Sequence[tuple[int, int] | None], at: int) -> tuple[str, int]:
    down, across = squares[at] or (0, 0)
    return ("." if not down and not across else _total(down) + _total(across)), 1


def _black(square: str) -> bool:
    return square.upper() == "X" or "\\" in square


def _totals(square: str) -> tuple[int, int]:
    """A black square's down and across totals, 0 for none."""
    if "\\" not in square:
        return 0, 0
    down, across = square.split("\\")
    return int(down or 0), int(across or 0)


def _total(value: int) -> str:
    return base36(value) if value < 20 else base36(value - 10).upper()


def _total_of(char: str) -> int:
    if char == "-":  # pzprjs's 'no number' beside a total
        return 0
    if char.isdigit() or "a" <= char <= "j":
        return int(char, 36)
    if "A" <= char <= "Z":
        return int(char, 36) + 10
    raise ValueError(f"'{char}' is no Kakuro total")


def kakuro_decode(cols: int, rows: int, body: str) -> str:
    squares: list[str] = []
    at = 0
    while len(squares) < cols * rows:
        if at >= len(body):
            raise ValueError(f"'{body}' codes fewer than {cols * rows} squares")
        char = body[at]
        if "k" <= char <= "z":
            squares += ["."] * (int(char, 36) - 19)
            at += 1
        elif char == ".":
            squares.append("X")
            at += 1
        else:
            squares.append(_clue_square(_total_of(char), _total_of(body[at + 1:at + 2] or "?")))
            at += 2
    inside = [squares[r * cols:(r + 1) * cols] for r in range(rows)]
    top = [c for c in range(cols) if inside[0][c] == "."]
    left = [r for r in range(rows) if inside[r][0] == "."]
    outside = body[at:]
    if len(outside) != len(top) + len(left):
        raise ValueError(f"'{outside}' is not {len(top) + len(left)} totals outside the grid")
    downs = dict(zip(top, map(_total_of, outside)))
    acrosses = dict(zip(left, map(_total_of, outside[len(top):])))
    first = ["X"] + [_clue_square(downs[c], 0) if c in downs else "X" for c in range(cols)]
    rest = [[_clue_square(0, acrosses[r]) if r in acrosses else "X"] + inside[r]
            for r in range(rows)]
    return "/".join(",".join(row) for row in [first] + rest)


def _clue_square(down: int, across: int) -> str:
    if not down and not across:
        return "X"
    return f"{down or ''}\\{across or ''}"


KAKURO_LINK = PuzzlinkForm("kakuro", "Kakuro", kakuro_encode, kakuro_decode)


# Slitherlink and Hashi as plain grids (rows of a clue or None), and as their kinds' forms:
# pzprjs's slither writes clues 0-3 with encode4Cell, hashikake island counts with
# encodeNumber16 (its URLs name it 'hashi')
Rows = Sequence[Sequence[int | None]]


def slither_url(rows: Rows) -> str:
    """The puzz.link URL of a Slitherlink's clues (0-3; None where there is none)."""
    return url_of("slither", len(rows[0]), len(rows), encode_clues([v for r in rows for v in r]))


def slither_rows(cols: int, rows: int, body: str) -> list[list[int | None]]:
    """A Slitherlink's clues from a URL's size and body; ValueError for a '?' or a 4."""
    values, rest = decode_clues(body, cols * rows)
    _rest_is_empty(rest)
    if any(v is not None and not 0 <= v <= 3 for v in values):
        raise ValueError("a Slitherlink clue is 0 to 3 (no '?' and no 4)")
    return [values[r * cols:(r + 1) * cols] for r in range(rows)]


def hashi_url(rows: Rows) -> str:
    """The puzz.link URL of a Hashi's islands (a count 1-8; None for water)."""
    return url_of("hashi", len(rows[0]), len(rows), encode_numbers([v for r in rows for v in r]))


def hashi_rows(cols: int, rows: int, body: str) -> list[list[int | None]]:
    """A Hashi's islands from a URL's size and body; ValueError for an island without a
    count ('?') or one beyond 8."""
    values, rest = decode_numbers(body, cols * rows)
    _rest_is_empty(rest)
    if any(v is not None and not 1 <= v <= 8 for v in values):
        raise ValueError("a Hashi island's count is 1 to 8 (no '?')")
    return [values[r * cols:(r + 1) * cols] for r in range(rows)]


def slither_encode(givens: Grid, line: str) -> Sized:
    """A Slitherlink's size and clues (givens: clue + 1, 0 for none) as a URL's."""
    height, width = givens.shape.frame
    return width, height, encode_clues([value - 1 if value else None
                                        for value in givens.cells])


def slither_decode(cols: int, rows: int, body: str) -> str:
    """The Slitherlink line (rows of '0'-'3' or '.', joined by '/') of a URL's size and
    body."""
    return "/".join("".join("." if value is None else str(value) for value in row)
                    for row in slither_rows(cols, rows, body))


SLITHER_LINK = PuzzlinkForm("slither", "Slitherlink", slither_encode, slither_decode,
                            aliases=("slitherlink",))


def hashi_encode(givens: Grid, line: str) -> Sized:
    """A Hashi's size and islands (givens: a count, 0 for water) as a URL's."""
    height, width = givens.shape.frame
    return width, height, encode_numbers([value or None for value in givens.cells])


def hashi_decode(cols: int, rows: int, body: str) -> str:
    """The Hashi line (a count or '.' a square; a rectangle's rows joined by '/') of a
    URL's size and body."""
    lines = ["".join(str(value) if value else "." for value in row)
             for row in hashi_rows(cols, rows, body)]
    return "".join(lines) if cols == rows else "/".join(lines)


HASHI_LINK = PuzzlinkForm("hashi", "Hashi", hashi_encode, hashi_decode,
                          aliases=("hashikake", "bridges"))
