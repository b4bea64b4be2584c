"""A colour Nonogram's one-line text form, and its answer's; each reads back what it writes.

    ROWS COLUMNS PALETTE [GIVENS]

ROWS is each row's clue, top to bottom, split by '/': its runs left to right, split by ',',
each a length and its colour's letter ('3a,1b'), and '0' for a row with nothing coloured;
COLUMNS likewise, left to right, each run top to bottom. PALETTE is each colour's RGB in
six hex digits, colour a first, split by ','. GIVENS, only where some cells are printed,
is height*width symbols row by row: a colour's letter, '-' a blank given, '.' a cell to
find. A 5x5 red plus on a blue bar:

    1a/1a/5b/1a/1a 1a,1b,1a/1a,1b,1a/5b/... c0392b,2e6fb0

An answer is its rows of letters (coloured) and '-' (blank), split by '/'.
"""

from __future__ import annotations

from ..board.grid import Grid, GridError
from ..board.shape import Shape
from .colourgrade import COLOUR_LETTERS
from .colourpuzzle import MOST_COLOURS, ColourClue
from .extras import ColourClues
from .text import LINES, RUNS, UNKNOWN, WHITE, _board, _cells, rows_split

BLANK_VALUE = 1  # a Grid's values: 0 unknown (givens), 1 blank, c + 1 colour c
CELL_VALUES = {UNKNOWN: 0, WHITE: BLANK_VALUE} | {
    letter: colour + 1 for colour, letter in enumerate(COLOUR_LETTERS, 1)}
HEX = set("0123456789abcdef")


def format_runs(clues: tuple[ColourClue, ...]) -> str:
    return LINES.join(RUNS.join(f"{length}{COLOUR_LETTERS[colour - 1]}"
                                for length, colour in clue) or "0" for clue in clues)


def _symbols(grid: Grid) -> str:
    letters = {value: symbol for symbol, value in CELL_VALUES.items()}
    return "".join(letters[value] for value in grid.cells)


def format_colour_nonogram(givens: Grid, clues: ColourClues) -> str:
    """The line of a colour Nonogram: clues, palette, and its givens if it has any."""
    line = f"{format_runs(clues.rows)} {format_runs(clues.columns)} {','.join(clues.palette)}"
    if any(givens.cells):
        line += " " + _symbols(givens)
    return line


def format_colour_answer(solution: Grid) -> str:
    """An answer's rows of letters and '-', split by '/'."""
    return rows_split(_symbols(solution), solution.shape.frame[1])


def parse_colour_nonogram(text: str, board: Shape | None = None) -> tuple[Grid, ColourClues]:
    """Read one colour Nonogram line; GridError names what is wrong."""
    parts = text.split()
    if len(parts) not in (3, 4):
        raise GridError(f"a colour Nonogram line is its row clues, its column clues, its "
                        f"palette and, if any cells are given, its givens; got {len(parts)} "
                        "parts")
    palette = _palette(parts[2])
    clues = ColourClues(_clues(parts[0], "row", palette), _clues(parts[1], "column", palette),
                        palette)
    shape = _board(clues, board)
    cells = parts[3] if len(parts) == 4 else UNKNOWN * shape.cell_count
    symbols = (UNKNOWN, WHITE) + tuple(COLOUR_LETTERS[:len(palette)])
    return _cells(cells, shape, "givens", symbols, CELL_VALUES), _checked(clues)


def parse_colour_answer(text: str, board: Shape, colours: int) -> Grid:
    """An answer's rows read on the puzzle's board; GridError names what is wrong."""
    symbols = (WHITE,) + tuple(COLOUR_LETTERS[:colours])
    return _cells(text.replace(LINES, ""), board, "answer", symbols, CELL_VALUES)


def _palette(text: str) -> tuple[str, ...]:
    palette = tuple(text.lower().split(RUNS))
    if not 1 <= len(palette) <= MOST_COLOURS:
        raise GridError(f"palette: {len(palette)} colours; a colour Nonogram has 1 to "
                        f"{MOST_COLOURS}")
    bad = next((colour for colour in palette if len(colour) != 6 or set(colour) - HEX), None)
    if bad is not None:
        raise GridError(f"palette: bad colour {bad!r}; a colour is six hex digits "
                        "('c0392b')")
    return palette


def _clues(text: str, what: str, palette: tuple[str, ...]) -> tuple[ColourClue, ...]:
    letters = COLOUR_LETTERS[:len(palette)]
    clues: list[ColourClue] = []
    for number, clue in enumerate(text.split(LINES), 1):
        if clue == "0":
            clues.append(())
            continue
        runs = clue.split(RUNS)
        if not all(len(run) >= 2 and run[:-1].isascii() and run[:-1].isdigit()
                   and len(run) <= 3 and int(run[:-1]) and run[-1] in letters for run in runs):
            raise GridError(f"{what} {number}: bad clue {clue!r}; a clue is runs split by "
                            f"',', each a length and a colour of {letters!r} ('3a,1b'), "
                            "or '0' for a line with nothing coloured")
        clues.append(tuple((int(run[:-1]), letters.index(run[-1]) + 1) for run in runs))
    return tuple(clues)


def _need(clue: ColourClue) -> int:
    """The cells a clue's runs take at least (a blank between two of one colour)."""
    return sum(length for length, _ in clue) + sum(
        1 for before, after in zip(clue, clue[1:]) if before[1] == after[1])


def _checked(clues: ColourClues) -> ColourClues:
    """The clues, unless a line's runs do not fit it or rows and columns colour different
    counts of cells of some colour."""
    for what, lines, length in (("row", clues.rows, len(clues.columns)),
                                ("column", clues.columns, len(clues.rows))):
        for number, clue in enumerate(lines, 1):
            if _need(clue) > length:
                raise GridError(f"{what} {number}: the runs {format_runs((clue,))} need "
                                f"{_need(clue)} cells, the line has {length}")
    for colour, letter in enumerate(COLOUR_LETTERS[:len(clues.palette)], 1):
        by_rows, by_columns = (sum(n for clue in lines for n, c in clue if c == colour)
                               for lines in (clues.rows, clues.columns))
        if by_rows != by_columns:
            raise GridError(f"the row clues colour {by_rows} cells {letter}, the column "
                            f"clues {by_columns}")
    return clues
