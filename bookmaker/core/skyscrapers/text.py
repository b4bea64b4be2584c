"""A Skyscrapers puzzle's one-line text form: the givens, then the clues side by side;
parse and format round-trip exactly.

    GIVENS TOP/RIGHT/BOTTOM/LEFT

GIVENS is the grid text, n*n symbols row by row ('.' blank; core/board/grid.py). Then
the clues of each side, n symbols each ('.' where there is none), sides separated by
'/': the top from left to right, the right from top to bottom, the bottom from left to
right, the left from top to bottom (as each is read on the page). A 4x4 example:

    ................ 2.1./...3/.2../1...
"""

from __future__ import annotations

from ..board.grid import (
    BLANK,
    SYMBOLS,
    Grid,
    GridError,
    format_grid,
    latin_givens,
    line_parts,
)
from ..board.shape import Shape
from ..words import with_article
from .clues import SIDES, EdgeClues

SIZES = range(4, 9)


def format_skyscrapers(givens: Grid, clues: EdgeClues) -> str:
    """The one-line text of a Skyscrapers puzzle."""
    sides = "/".join("".join(SYMBOLS[c - 1] if c else BLANK for c in clues.side(name))
                     for name in SIDES)
    return f"{format_grid(givens)} {sides}"


def parse_skyscrapers(text: str, board: Shape | None = None) -> tuple[Grid, EdgeClues]:
    """Read one Skyscrapers line; GridError names what is wrong."""
    parts = line_parts(text, "Skyscrapers", ("givens", "clues (top/right/bottom/left)"))
    givens = latin_givens(parts[0], SIZES, board)
    n = givens.shape.size
    sides = parts[1].split("/")
    if len(sides) != 4:
        raise GridError(f"clues: {len(sides)} sides, expected 4 (top/right/bottom/left)")
    clues = EdgeClues(n, *(_read_side(text, n, name) for text, name in zip(sides, SIDES)))
    return givens, clues


def _read_side(text: str, n: int, name: str) -> tuple[int, ...]:
    if len(text) != n:
        raise GridError(f"clues {name}: {len(text)} symbols, {with_article(f'{n}x{n}')} grid has "
                        f"{n} a side")
    values = []
    for i, symbol in enumerate(text):
        if symbol == BLANK:
            values.append(0)
        elif symbol in SYMBOLS[:n]:
            values.append(SYMBOLS.index(symbol) + 1)
        else:
            raise GridError(f"clues {name}: bad symbol {symbol!r} at position {i + 1}; "
                            f"expected 1-{n} or '.'")
    return tuple(values)
