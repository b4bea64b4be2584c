"""A Futoshiki's one-line text form: givens, the signs across and the signs down; parse and
format round-trip exactly.

    GIVENS ACROSS DOWN

GIVENS is the grid text, n*n symbols row by row ('.' blank; core/board/grid.py). ACROSS
has n-1 symbols for each row, row by row, one for each pair of side-by-side cells, left
to right: '<' (the left cell is smaller), '>' (larger) or '.' (no sign). DOWN has n
symbols for each of the n-1 gaps between rows, top to bottom: '^' (the upper cell is
smaller: the sign's point aims at it), 'v' (larger) or '.'. A 4x4 example:

    2...........1... <..>.....<.. ....^..v....
"""

from __future__ import annotations

from ..board.grid import BLANK, Grid, GridError, format_grid, latin_givens, line_parts
from ..board.shape import Shape
from .signs import Signs, signs_of

SIZES = range(4, 10)
ACROSS = {"<": True, ">": False}  # whether the first (left) cell is the smaller
DOWN = {"^": True, "v": False}    # whether the first (upper) cell is the smaller


def format_futoshiki(givens: Grid, signs: Signs) -> str:
    """The one-line text of a Futoshiki."""
    n = signs.size
    across, down = ["."] * (n * (n - 1)), ["."] * ((n - 1) * n)
    for smaller, larger in signs.pairs:
        first = min(smaller, larger)
        row, col = divmod(first, n)
        if max(smaller, larger) == first + 1:
            across[row * (n - 1) + col] = "<" if smaller == first else ">"
        else:
            down[first] = "^" if smaller == first else "v"
    return f"{format_grid(givens)} {''.join(across)} {''.join(down)}"


def parse_futoshiki(text: str, board: Shape | None = None) -> tuple[Grid, Signs]:
    """Read one Futoshiki line; GridError names what is wrong."""
    parts = line_parts(text, "Futoshiki", ("givens", "signs across", "signs down"))
    givens = latin_givens(parts[0], SIZES, board)
    n = givens.shape.size
    pairs = _read_signs(parts[1], n, n - 1, ACROSS, "across",
                        lambda r, c: (r * n + c, r * n + c + 1))
    pairs += _read_signs(parts[2], n - 1, n, DOWN, "down",
                         lambda r, c: (r * n + c, r * n + c + n))
    signs = signs_of(n, pairs)
    _check_givens(givens, signs)
    return givens, signs


def _read_signs(text: str, rows: int, cols: int, symbols: dict, name: str, cells) -> list:
    """The (smaller, larger) pairs of one part of the line, read `cols` to a row."""
    if len(text) != rows * cols:
        raise GridError(f"signs {name}: {len(text)} symbols, a {cols + (name == 'across')}x"
                        f"{cols + (name == 'across')} Futoshiki has {rows * cols}")
    pairs = []
    for i, symbol in enumerate(text):
        if symbol == BLANK:
            continue
        if symbol not in symbols:
            allowed = ", ".join(repr(s) for s in symbols)
            raise GridError(f"signs {name}: bad symbol {symbol!r} at position {i + 1}; "
                            f"expected {allowed} or '.'")
        first, second = cells(*divmod(i, cols))
        pairs.append((first, second) if symbols[symbol] else (second, first))
    return pairs


def _check_givens(givens: Grid, signs: Signs) -> None:
    """GridError for two givens that break the sign between them."""
    values, shape = givens.cells, givens.shape
    for smaller, larger in signs.pairs:
        if values[smaller] and values[larger] and values[smaller] >= values[larger]:
            raise GridError(f"the sign between {shape.cell_name(smaller)} and "
                            f"{shape.cell_name(larger)} says {values[smaller]} < "
                            f"{values[larger]}")
