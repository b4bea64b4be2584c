"""A Hashi's one-line text form, and its answer's; parse and format round-trip exactly.

GIVENS is n*n symbols row by row: an island's count '1' to '8', or '.' for water. A 7x7:

    .......3.5..4.........2..1.........2.3.2...4...4.

A rectangle's rows are joined by '/' (its length alone would not say its sides), as a
Slitherlink's are: a 7x8 is seven rows of eight squares.

ANSWER is a solution's squares row by row, as long as GIVENS (a rectangle's rows joined
by '/'): an island's count '1' to '8' as there, and each water square's bridges: '.'
none, '-' one across, '=' two across, '|' one down, 'H' two down. It reads alone: its
islands are the puzzle's, and its bridges the answer. The 7x7's:

    .......3-5==4.H.H..H.H2H.1H.HHH.|H.2H3-2H..4===4.
"""

from __future__ import annotations

import math

from ..board.grid import Grid, GridError
from ..board.shape import Shape, hashi_of
from .rules import MOST_BRIDGES, layout_of

SIZES = range(7, 26)
COUNTS = "12345678"   # an island's count
WATER = "."
# A water square's code in an answer (rules.py): none, one and two across, one and two
# down ('H' for two down: its two rails; a quote mark would need escaping in a shell, a
# JSON string or a CSV field).
BRIDGES = ".-=|H"
ROWS = "/"            # between a rectangle's rows


def format_givens(givens: Grid) -> str:
    """The GIVENS line: each island's count, '.' for water."""
    return _rows_joined(givens, "".join(COUNTS[v - 1] if v else WATER for v in givens.cells))


def format_answer(solution: Grid) -> str:
    """The ANSWER line of a solution."""
    return _rows_joined(solution, "".join((COUNTS + BRIDGES)[v - 1] for v in solution.cells))


def _rows_joined(grid: Grid, text: str) -> str:
    """A square's text as it is; a rectangle's rows joined by '/'."""
    height, width = grid.shape.frame
    if height == width:
        return text
    return ROWS.join(text[r * width:(r + 1) * width] for r in range(height))


def parse_hashi(text: str, board: Shape | None = None) -> Grid:
    """Read one Hashi line; GridError names what is wrong."""
    parts = text.split()
    if len(parts) != 1:
        raise GridError(f"a Hashi line is one part, its islands and water; got {len(parts)}")
    line = parts[0]
    bad = next((i for i, symbol in enumerate(line) if symbol not in COUNTS + WATER + ROWS),
               None)
    if bad is not None:
        raise GridError(f"bad symbol {line[bad]!r} at position {bad + 1}; a Hashi's squares "
                        f"are an island's count 1-8 or '.' for water")
    shape, line = _board(line, board)
    givens = Grid(shape, tuple(COUNTS.index(s) + 1 if s != WATER else 0 for s in line))
    _check_islands(givens)
    return givens


def parse_answer(text: str, board: Shape) -> Grid:
    """Read an ANSWER line on a Hashi's board; GridError names what is wrong."""
    line = text.strip()
    bad = next((i for i, symbol in enumerate(line) if symbol not in COUNTS + BRIDGES + ROWS),
               None)
    if bad is not None:
        raise GridError(f"bad symbol {line[bad]!r} at position {bad + 1}; a Hashi's answer "
                        f"holds an island's count 1-8, or for water {BRIDGES[0]!r} (no "
                        f"bridge), {BRIDGES[1]!r} {BRIDGES[2]!r} (one, two across) or "
                        f"{BRIDGES[3]!r} {BRIDGES[4]!r} (one, two down)")
    shape, line = _board(line, board)
    return Grid(shape, tuple((COUNTS + BRIDGES).index(s) + 1 for s in line))


def _board(line: str, board: Shape | None) -> tuple[Shape, str]:
    """The board a line is on (its rows' if it has them, else a square's or the board
    given) and its squares without row breaks; GridError if they do not fit."""
    rows = line.split(ROWS)
    if len(rows) > 1:
        if len(set(map(len, rows))) != 1:
            raise GridError(f"a Hashi's rows are all as long; got rows of "
                            f"{', '.join(sorted({str(len(row)) for row in rows}))} squares")
        height, width = len(rows), len(rows[0])
    elif board is not None:
        height, width = board.frame
    else:
        height = width = math.isqrt(len(line))
    squares = "".join(rows)
    if len(squares) != height * width or height not in SIZES or width not in SIZES:
        raise GridError(f"wrong length: {len(squares)} squares; a Hashi is {SIZES[0]}x{SIZES[0]} "
                        f"to {SIZES[-1]}x{SIZES[-1]} (a rectangle's rows joined by '/')" +
                        (f" (this one {height}x{width}: {height * width} squares)"
                         if len(rows) > 1 or board is not None else ""))
    return hashi_of(height, width), squares


def _check_islands(givens: Grid) -> None:
    """GridError for islands no solution can have: fewer than two, two side by side, a
    count more than its neighbours in line can take."""
    shape, cells = givens.shape, givens.cells
    height, n = shape.frame
    if sum(1 for v in cells if v) < 2:
        raise GridError("a Hashi has at least two islands")
    for cell, v in enumerate(cells):
        if v and cell % n + 1 < n and cells[cell + 1] or v and cell + n < len(cells) and \
                cells[cell + n]:
            other = cell + 1 if cell % n + 1 < n and cells[cell + 1] else cell + n
            raise GridError(f"the islands at {shape.cell_name(cell)} and "
                            f"{shape.cell_name(other)} touch; bridges run over water")
    layout = layout_of(height, n, cells)
    for island, count in enumerate(layout.counts):
        most = MOST_BRIDGES * len(layout.links_of[island])
        if count > most:
            raise GridError(f"the island at {shape.cell_name(layout.islands[island])} counts "
                            f"{count} but has {len(layout.links_of[island])} neighbour"
                            f"{'s' if len(layout.links_of[island]) != 1 else ''} in line: at "
                            f"most {most} bridges")
