"""A Nonogram's one-line text form, and its answer's; each reads back what it writes.

    ROWS COLUMNS [GIVENS]

ROWS is each row's clue, top to bottom, split by '/': its runs' lengths left to right,
split by ',', and '0' for a row with nothing shaded; COLUMNS likewise, left to right, each
run top to bottom. GIVENS, only where some cells are printed, is height*width symbols row
by row: '#' a shaded given, '-' a white one, '.' a cell to find. A 5x5 plus sign:

    1/1/5/1/1 1/1/5/1/1

An answer is its rows of '#' (shaded) and '-' (white), split by '/'.
"""

from __future__ import annotations

from ..board.grid import Grid, GridError
from ..board.shape import NONOGRAM_SIDES, Shape, nonogram_of
from .clues import Clue
from .extras import NonogramClues

SHADED, WHITE, UNKNOWN = "#", "-", "."
CELL_SYMBOLS = {UNKNOWN: 0, WHITE: 1, SHADED: 2}  # a Grid's values: 1 white, 2 shaded
LINES, RUNS = "/", ","


def format_clues(clues: tuple[Clue, ...]) -> str:
    return LINES.join(RUNS.join(map(str, clue)) or "0" for clue in clues)


def format_nonogram(givens: Grid, clues: NonogramClues) -> str:
    """The line of a Nonogram: its clues, and its givens if it has any."""
    line = f"{format_clues(clues.rows)} {format_clues(clues.columns)}"
    if any(givens.cells):
        line += " " + format_cells(givens)
    return line


def format_cells(grid: Grid) -> str:
    symbols = {value: symbol for symbol, value in CELL_SYMBOLS.items()}
    return "".join(symbols[value] for value in grid.cells)


def format_answer(solution: Grid) -> str:
    """An answer's rows of '#' and '-', split by '/'."""
    return rows_split(format_cells(solution), solution.shape.frame[1])


def rows_split(cells: str, width: int) -> str:
    """A grid's cells as a line, its rows of `width` split by '/'."""
    return LINES.join(cells[at:at + width] for at in range(0, len(cells), width))


def parse_nonogram(text: str, board: Shape | None = None) -> tuple[Grid, NonogramClues]:
    """Read one Nonogram line; GridError names what is wrong."""
    parts = text.split()
    if len(parts) not in (2, 3):
        raise GridError(f"a Nonogram line is its row clues, its column clues and, if any "
                        f"cells are given, its givens; got {len(parts)} parts")
    clues = NonogramClues(_clues(parts[0], "row"), _clues(parts[1], "column"))
    shape = _board(clues, board)
    cells = parts[2] if len(parts) == 3 else UNKNOWN * shape.cell_count
    givens = _cells(cells, shape, "givens", tuple(CELL_SYMBOLS))
    return givens, _checked(clues)


def parse_answer(text: str, board: Shape) -> Grid:
    """An answer's rows read on the puzzle's board; GridError names what is wrong."""
    return _cells(text.replace(LINES, ""), board, "answer", (SHADED, WHITE))


def _clues(text: str, what: str) -> tuple[Clue, ...]:
    clues = []
    for number, clue in enumerate(text.split(LINES), 1):
        runs = clue.split(RUNS)
        if not all(run.isascii() and run.isdigit() and len(run) <= 2 for run in runs):
            raise GridError(f"{what} {number}: bad clue {clue!r}; a clue is run lengths "
                            f"split by ',' ('3,1'), or '0' for a line with nothing shaded")
        lengths = tuple(int(run) for run in runs)
        if lengths != (0,) and 0 in lengths:
            raise GridError(f"{what} {number}: a run of 0 in {clue!r}; only an empty "
                            "line's clue is '0'")
        clues.append(() if lengths == (0,) else lengths)
    return tuple(clues)


def _board(clues, board: Shape | None) -> Shape:
    height, width = len(clues.rows), len(clues.columns)
    sides = NONOGRAM_SIDES
    if height not in sides or width not in sides:
        raise GridError(f"{height} row clues and {width} column clues; a Nonogram has "
                        f"{sides[0]} to {sides[-1]} of each")
    if board is not None and board.frame != (height, width):
        raise GridError(f"{height} row clues and {width} column clues; this Nonogram is "
                        f"{board.frame[0]}x{board.frame[1]}")
    return nonogram_of(height, width)


def _cells(text: str, shape: Shape, what: str, symbols: tuple[str, ...],
           values: dict[str, int] = CELL_SYMBOLS) -> Grid:
    bad = next((i for i, symbol in enumerate(text) if symbol not in symbols), None)
    if bad is not None:
        raise GridError(f"{what}: bad symbol {text[bad]!r} at cell {bad + 1}; expected "
                        f"{', '.join(repr(s) for s in symbols)}")
    if len(text) != shape.cell_count:
        raise GridError(f"{what}: {len(text)} cells; a {shape} Nonogram has "
                        f"{shape.cell_count}")
    return Grid(shape, tuple(values[symbol] for symbol in text))


def _checked(clues: NonogramClues) -> NonogramClues:
    """The clues, unless a line's runs do not fit it or rows and columns shade different
    counts of cells."""
    for what, lines, length in (("row", clues.rows, len(clues.columns)),
                                ("column", clues.columns, len(clues.rows))):
        for number, clue in enumerate(lines, 1):
            if sum(clue) + len(clue) - 1 > length:
                raise GridError(f"{what} {number}: the runs {format_clues((clue,))} need "
                                f"{sum(clue) + len(clue) - 1} cells, the line has {length}")
    by_rows, by_columns = sum(map(sum, clues.rows)), sum(map(sum, clues.columns))
    if by_rows != by_columns:
        raise GridError(f"the row clues shade {by_rows} cells, the column clues {by_columns}")
    return clues
