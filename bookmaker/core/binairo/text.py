"""A Binairo's one-line text form, and a Tango's; parse and format round-trip exactly.

    GIVENS                 (Binairo)
    GIVENS ACROSS DOWN     (Tango)

GIVENS is n*n symbols row by row: '0' and '1' for the two symbols, '.' for a blank (value
1 is '0', value 2 is '1': a Grid's 0 stays 'blank'). ACROSS has n-1 symbols for each row,
one for each pair of side-by-side cells, left to right: '=' (the same symbol), 'x'
(different ones) or '.' (no sign); DOWN has n symbols for each of the n-1 gaps between
rows, top to bottom. A 6x6 Tango:

    1....0..............0.......1.....1. .=..x.............x....... ......x.......=.......=.....
"""

from __future__ import annotations

import math

from ..board.grid import Grid, GridError, line_parts
from ..board.shape import Shape, binairo_of
from .signs import DIFFERENT, SAME, TangoSigns, signs_of

SIZES = range(6, 15, 2)  # even sizes: each line holds the two symbols half and half
SYMBOLS = "01"           # value v prints as SYMBOLS[v - 1]
BLANK = "."
SIGN_SYMBOLS = (SAME, DIFFERENT)


def format_givens(givens: Grid) -> str:
    """The GIVENS part: '0', '1' or '.' for each cell, row by row."""
    return "".join(SYMBOLS[v - 1] if v else BLANK for v in givens.cells)


def format_tango(givens: Grid, signs: TangoSigns) -> str:
    """The one-line text of a Tango."""
    n = signs.size
    across, down = ["."] * (n * (n - 1)), ["."] * ((n - 1) * n)
    for first, second, sign in signs.signs:
        row, col = divmod(first, n)
        if second == first + 1:
            across[row * (n - 1) + col] = sign
        else:
            down[first] = sign
    return f"{format_givens(givens)} {''.join(across)} {''.join(down)}"


def parse_binairo(text: str, board: Shape | None = None) -> Grid:
    """Read one Binairo line; GridError names what is wrong."""
    parts = text.split()
    if len(parts) != 1:
        raise GridError(f"a Binairo line is one part, its givens; got {len(parts)} (a Tango "
                        "line has three: read it with --variant tango)")
    return _givens(parts[0], board)


def parse_tango(text: str, board: Shape | None = None) -> tuple[Grid, TangoSigns]:
    """Read one Tango line; GridError names what is wrong."""
    parts = line_parts(text, "Tango", ("givens", "signs across", "signs down"))
    givens = _givens(parts[0], board)
    n = givens.shape.size
    signs = _read_signs(parts[1], n, n - 1, "across", lambda r, c: (r * n + c, r * n + c + 1))
    signs += _read_signs(parts[2], n - 1, n, "down", lambda r, c: (r * n + c, r * n + c + n))
    return givens, _checked(givens, signs_of(n, signs))


def _givens(text: str, board: Shape | None) -> Grid:
    """The givens of a GIVENS part, on its board (the board given, or its length's)."""
    bad = next((i for i, symbol in enumerate(text) if symbol not in SYMBOLS + BLANK), None)
    if bad is not None:
        raise GridError(f"bad symbol {text[bad]!r} at position {bad + 1}; a Binairo's cells "
                        "are '0', '1' or '.'")
    n = board.size if board is not None else math.isqrt(len(text))
    if len(text) != n * n or n not in SIZES:
        sizes = f"{SIZES[0]}x{SIZES[0]} to {SIZES[-1]}x{SIZES[-1]}, even sizes"
        raise GridError(f"wrong length: {len(text)} cells; a Binairo is {sizes}" +
                        (f" (this one {n}x{n}: {n * n} cells)" if board is not None else ""))
    givens = Grid(binairo_of(n), tuple(SYMBOLS.index(s) + 1 if s != BLANK else 0
                                       for s in text))
    _check_lines(givens)
    return givens


def _check_lines(givens: Grid) -> None:
    """GridError for givens that break a line's rule: three alike, more than half."""
    n, cells = givens.shape.size, givens.cells
    for unit in givens.shape.units:
        values = [cells[c] for c in unit.cells]
        for v in (1, 2):
            if values.count(v) > n // 2:
                raise GridError(f"{unit} has {values.count(v)} {SYMBOLS[v - 1]}s; "
                                f"a line of {n} holds {n // 2} of each")
        for i in range(n - 2):
            if values[i] and values[i] == values[i + 1] == values[i + 2]:
                raise GridError(f"{unit} has three {SYMBOLS[values[i] - 1]}s in a row from "
                                f"{givens.shape.cell_name(unit.cells[i])}")


def _read_signs(text: str, rows: int, cols: int, name: str, cells) -> list:
    """The (first, second, sign) triples of one part of the line, read `cols` to a row."""
    if len(text) != rows * cols:
        n = max(rows, cols)
        raise GridError(f"signs {name}: {len(text)} symbols, a {n}x{n} Tango has {rows * cols}")
    signs = []
    for i, symbol in enumerate(text):
        if symbol == BLANK:
            continue
        if symbol not in SIGN_SYMBOLS:
            raise GridError(f"signs {name}: bad symbol {symbol!r} at position {i + 1}; "
                            "expected '=', 'x' or '.'")
        signs.append((*cells(*divmod(i, cols)), symbol))
    return signs


def _checked(givens: Grid, signs: TangoSigns) -> TangoSigns:
    """The signs, unless two givens break the sign between them (GridError)."""
    values, shape = givens.cells, givens.shape
    for first, second, sign in signs.signs:
        a, b = values[first], values[second]
        if a and b and (a == b) != (sign == SAME):
            raise GridError(f"the sign {sign!r} between {shape.cell_name(first)} and "
                            f"{shape.cell_name(second)} does not hold of their givens")
    return signs
