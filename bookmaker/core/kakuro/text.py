r"""A Kakuro's one-line text form: its frame square by square; parse and format round-trip.

The frame's rows are separated by '/', the squares of a row by ',':

- '.' a white square (blank), or '1'-'9' a white square with its digit given;
- 'X' a black square without a clue (not '#': puzzle files take a line starting with
  '#' for a comment, and a Kakuro's first square is always black);
- 'D\A' a black square with the total D of the down run below it and the total A of the
  across run to its right, as printed (down sum below the diagonal, across sum above);
  'D\' has only a down total, '\A' only an across total.

A 4x4 example: the across runs add up to 4, 7 and 7, the down runs to 3, 12 and 3 (its
solution is 1 3 / 2 4 1 / 5 2, row by row):

    X,3\,12\,X/\4,.,.,3\/\7,.,.,./X,\7,.,.

Every white square lies in an across and a down run of 2 to 9 squares, each run just
after the black square holding its total, and the white squares are connected
(board.py); a line breaking a rule is refused with the square at fault named.
"""

from __future__ import annotations

import re

from ..board.grid import SYMBOLS, Grid, GridError
from ..board.shape import KAKURO_BLACK, KAKURO_ROWS, KAKURO_WHITE, Shape, kakuro_of
from .board import pattern_problems
from .clues import ClueError, Clues, clue_square, givens_problems

KAKURO_SIZES = range(6, 26)  # frames, clue row and column included

ROWS, SQUARES, CLUE, BLACK = KAKURO_ROWS, ",", "\\", "X"
BLACKS = (BLACK, BLACK.lower())  # read either way, written 'X'
WHITES = (KAKURO_WHITE, "0")
_CLUE_SQUARE = re.compile(r"(\d{1,2})?\\(\d{1,2})?")


def format_kakuro(givens: Grid, clues: Clues) -> str:
    """The one-line text of a Kakuro (givens, usually none, and clues)."""
    shape = givens.shape
    rows, cols = shape.frame
    squares = [[BLACK] * cols for _ in range(rows)]
    for cell, (row, col) in enumerate(shape.positions):
        value = givens.cells[cell]
        squares[row][col] = SYMBOLS[value - 1] if value else KAKURO_WHITE
    sums: dict[tuple[int, int], list[str]] = {}
    for run, unit in enumerate(shape.units):
        at = sums.setdefault(clue_square(shape, run), ["", ""])
        at[0 if unit.kind == "down" else 1] = str(clues.totals[run])
    for (row, col), (down, across) in sums.items():
        squares[row][col] = f"{down}{CLUE}{across}"
    return ROWS.join(SQUARES.join(row) for row in squares)


def parse_kakuro(text: str, board: Shape | None = None) -> tuple[Grid, Clues]:
    """Read one Kakuro line as its givens and clues; GridError names what is wrong and
    where. `board`, if given, is a Kakuro frame the line must have the size of (its
    pattern comes from the line)."""
    rows = [[square.strip() for square in row.split(SQUARES)]
            for row in text.strip().split(ROWS)]
    odd = next((i for i, row in enumerate(rows) if len(row) != len(rows[0])), None)
    if odd is not None:
        raise GridError(f"rows of different lengths: row 1 has {len(rows[0])} squares, "
                        f"row {odd + 1} has {len(rows[odd])} (rows are separated by "
                        f"'{ROWS}', squares by '{SQUARES}')")
    if board is not None and (len(rows), len(rows[0])) != board.frame:
        asked = f"{board.frame[0]}x{board.frame[1]}"
        raise GridError(f"{'an' if asked[0] == '8' or asked.startswith('11x') else 'a'} "
                        f"{asked} Kakuro was asked for; this line is "
                        f"{len(rows)}x{len(rows[0])}")
    pattern, values, given = _read_squares(rows)
    shape = _board(pattern)
    totals = _totals(shape, given)
    try:
        clues = Clues(shape, totals)
    except ClueError as err:
        raise GridError(_run_problem(shape, *err.problems[0])) from None
    givens = Grid(shape, tuple(v for row in values for v in row if v is not None))
    problems = givens_problems(clues, givens.cells)
    if problems:
        raise GridError(_run_problem(shape, *problems[0]))
    return givens, clues


def _read_squares(rows: list[list[str]]):
    """The pattern, each square's given value (None for black, 0 blank), and the totals
    each black square gives, by position: (down, across), None where it gives none."""
    pattern, values, given = [], [], {}
    for r, row in enumerate(rows):
        line: list[str] = []
        row_values: list[int | None] = []
        for c, square in enumerate(row):
            if square in WHITES or (len(square) == 1 and square in "123456789"):
                line.append(KAKURO_WHITE)
                row_values.append(0 if square in WHITES else int(square))
                continue
            line.append(KAKURO_BLACK)
            row_values.append(None)
            if square not in BLACKS:
                given[r, c] = _read_clue(square, r, c)
        pattern.append("".join(line))
        values.append(row_values)
    return ROWS.join(pattern), values, given


def _read_clue(square: str, row: int, col: int) -> tuple[int | None, int | None]:
    match = _CLUE_SQUARE.fullmatch(square)
    if match is None or match.group(1) is match.group(2) is None:
        shown = square if len(square) <= 10 else square[:10] + "..."
        raise GridError(f"r{row + 1}c{col + 1}: bad square {shown!r}; a square is '.' "
                        f"(white), a digit 1-9 (white, given), 'X' (black) or a clue such "
                        f"as 17\\23 (down total, then across total; 17\\ or \\23 for one)")
    down, across = match.groups()
    return (None if down is None else int(down), None if across is None else int(across))


def _board(pattern: str) -> Shape:
    try:
        shape = kakuro_of(pattern)
    except ValueError as err:
        raise GridError(str(err)) from None
    problems = pattern_problems(shape)
    if problems:
        raise GridError(problems[0])
    return shape


def _totals(shape: Shape, given: dict) -> tuple[int, ...]:
    """Each run's total from its clue square; GridError for a run without one, or a total
    given where no run starts."""
    totals, used = [], set()
    for run, unit in enumerate(shape.units):
        at = clue_square(shape, run)
        side = 0 if unit.kind == "down" else 1
        total = given.get(at, (None, None))[side]
        where = f"r{at[0] + 1}c{at[1] + 1}"
        if total is None:
            raise GridError(f"{where}: the {unit.kind} run starting "
                            f"{'below' if side == 0 else 'right of'} it has no total "
                            f"(write it {'D' + CLUE if side == 0 else CLUE + 'A'})")
        totals.append(total)
        used.add((at, side))
    for at, pair in given.items():
        for side, total in enumerate(pair):
            if total is not None and (at, side) not in used:
                direction = ("down", "below") if side == 0 else ("across", "right of")
                raise GridError(f"r{at[0] + 1}c{at[1] + 1}: {'an' if side else 'a'} "
                                f"{direction[0]} total {total} but no {direction[0]} run "
                                f"starts {direction[1]} it")
    return tuple(totals)


def _run_problem(shape: Shape, run: int, message: str) -> str:
    if run < 0:
        return message
    unit = shape.units[run]
    row, col = clue_square(shape, run)
    return f"r{row + 1}c{col + 1}: the {unit.kind} run of {len(unit.cells)} squares: {message}"
