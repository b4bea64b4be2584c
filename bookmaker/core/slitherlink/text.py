"""A Slitherlink's one-line text form; parse and format round-trip exactly.

    ROW/ROW/.../ROW

Each ROW is the clues of one row of cells, left to right: '0' to '3' for a clue, '.' for a
cell without one; every row as long as the first. A 5x5:

    3.2../..0../.1.../.3..2/2...3

A solution (`solve`, records) is written the same way with '#' for a cell inside the loop
and '-' for one outside: the loop is the border between them.
"""

from __future__ import annotations

from ..board.grid import Grid, GridError
from ..board.shape import SLITHERLINK_SIDES, Shape, slitherlink_of

CLUES = "0123"     # a given v (clue v - 1) prints as CLUES[v - 1]
BLANK = "."
SIDES_ANSWER = "-#"  # a solution's value 1 (outside) and 2 (inside)
ROWS = "/"
SIDES = SLITHERLINK_SIDES


def format_givens(givens: Grid) -> str:
    return _rows_text(givens, lambda v: CLUES[v - 1] if v else BLANK)


def format_answer(solution: Grid) -> str:
    return _rows_text(solution, lambda v: SIDES_ANSWER[v - 1])


def _rows_text(grid: Grid, symbol) -> str:
    height, width = grid.shape.frame
    return ROWS.join("".join(symbol(v) for v in grid.cells[r * width:(r + 1) * width])
                     for r in range(height))


def parse_slitherlink(text: str, board: Shape | None = None) -> Grid:
    """Read one Slitherlink line; GridError names what is wrong."""
    return _read(text, board, CLUES + BLANK, "clues '0' to '3' or '.'",
                 lambda s: 0 if s == BLANK else CLUES.index(s) + 1)


def parse_answer(text: str, board: Shape) -> Grid:
    """Read one solution line ('#' inside, '-' outside) on the puzzle's board."""
    return _read(text, board, SIDES_ANSWER, "'#' (inside the loop) or '-' (outside)",
                 lambda s: SIDES_ANSWER.index(s) + 1)


def _read(text: str, board: Shape | None, symbols: str, said: str, value) -> Grid:
    parts = text.split()
    if len(parts) != 1:
        raise GridError(f"a Slitherlink line is one part, its rows joined by '/'; "
                        f"got {len(parts)} parts")
    rows = parts[0].split(ROWS)
    for r, row in enumerate(rows):
        bad = next((i for i, symbol in enumerate(row) if symbol not in symbols), None)
        if bad is not None:
            raise GridError(f"bad symbol {row[bad]!r} in row {r + 1} at column {bad + 1}; "
                            f"a Slitherlink's cells are {said}")
        if len(row) != len(rows[0]):
            raise GridError(f"row {r + 1} has {len(row)} cells, row 1 has {len(rows[0])}; "
                            "every row of a Slitherlink is as long")
    height, width = len(rows), len(rows[0])
    if height not in SIDES or width not in SIDES:
        raise GridError(f"a Slitherlink is {SIDES[0]} to {SIDES[-1]} cells a side; "
                        f"got {height}x{width}")
    if board is not None and board.frame != (height, width):
        raise GridError(f"a {height}x{width} Slitherlink, not {board.frame[0]}x"
                        f"{board.frame[1]} as the board asked for")
    return Grid(slitherlink_of(height, width),
                tuple(value(symbol) for row in rows for symbol in row))
