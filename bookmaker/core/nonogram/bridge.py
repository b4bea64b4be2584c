"""Between the engine's Nonogram (clues, givens and picture as booleans) and a Puzzle's
grids (values 1 white, 2 shaded, 0 unknown in the givens) with its clues as extras."""

from __future__ import annotations

from ..board.grid import Grid
from ..board.shape import nonogram_of
from .extras import NonogramClues
from .puzzle import Given, Nonogram

WHITE, SHADED = 1, 2


def engine_puzzle(givens: Grid, clues: NonogramClues) -> Nonogram:
    """The engine's puzzle of givens and clues (its solution left empty: not known yet)."""
    width = len(clues.columns)
    given: tuple[Given, ...] = tuple((cell // width, cell % width, value == SHADED)
                                     for cell, value in enumerate(givens.cells) if value)
    return Nonogram(clues.rows, clues.columns, given, ())


def grid_of_rows(rows) -> Grid:
    """The Grid (1 white, 2 shaded) of rows of booleans."""
    return Grid(nonogram_of(len(rows), len(rows[0])),
                tuple(SHADED if shaded else WHITE for row in rows for shaded in row))


def givens_grid(made: Nonogram) -> Grid:
    """The givens of an engine's puzzle on its board: 0 where a cell is to be found."""
    cells = [0] * (made.height * made.width)
    for row, column, shaded in made.givens:
        cells[row * made.width + column] = SHADED if shaded else WHITE
    return Grid(nonogram_of(made.height, made.width), tuple(cells))


def clues_of(made: Nonogram) -> NonogramClues:
    return NonogramClues(made.rows, made.columns)
