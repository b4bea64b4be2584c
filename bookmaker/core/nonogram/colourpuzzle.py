"""A colour Nonogram (Conceptis's colour Pic-a-Pix, Griddlers' colour puzzles): its clues,
each run a length and a colour, the cells printed as givens, and the picture it draws.

A cell's value is 0 (blank, the background) or a colour 1..k. Runs of one colour in a line
are its clue's blocks, in order; two blocks of the same colour have a blank between them,
two of different colours may touch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Run = tuple[int, int]  # a block: its length and its colour (1..k)
ColourClue = tuple[Run, ...]
Picture = tuple[tuple[int, ...], ...]  # rows of cells, 0 blank, 1..k a colour
ColourGiven = tuple[int, int, int]  # row, column, value (0 blank)
MOST_COLOURS = 6  # a picture's colours besides the background


def clue_of_line(cells: Sequence[int]) -> ColourClue:
    """The blocks along one line: each run of one colour, its length and colour."""
    runs: list[Run] = []
    for at, value in enumerate(cells):
        if not value:
            continue
        if at and cells[at - 1] == value:
            runs[-1] = (runs[-1][0] + 1, value)
        else:
            runs.append((1, value))
    return tuple(runs)


def as_picture(cells: Sequence[Sequence[int]]) -> Picture:
    """cells as an immutable rectangle of colour values (refused if ragged or empty)."""
    picture = tuple(tuple(int(cell) for cell in row) for row in cells)
    if not picture or not picture[0] or any(len(row) != len(picture[0]) for row in picture):
        raise ValueError("a colour Nonogram's grid must be a non-empty rectangle")
    if any(not 0 <= cell <= MOST_COLOURS for row in picture for cell in row):
        raise ValueError(f"a colour Nonogram's cells are 0 (blank) to {MOST_COLOURS}")
    return picture


@dataclass(frozen=True)
class ColourNonogram:
    """Clues for every row and column, givens printed in the grid, the solution, and how
    many colours its cells may take."""

    rows: tuple[ColourClue, ...]
    columns: tuple[ColourClue, ...]
    givens: tuple[ColourGiven, ...]
    solution: Picture
    colours: int

    @classmethod
    def of_picture(cls, picture: Sequence[Sequence[int]], colours: int,
                   givens: Sequence[ColourGiven] = ()) -> ColourNonogram:
        grid = as_picture(picture)
        return cls(tuple(clue_of_line(row) for row in grid),
                   tuple(clue_of_line(column) for column in zip(*grid)),
                   tuple(sorted(givens)), grid, colours)

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.columns)


@dataclass(frozen=True)
class PaintedPicture:
    """A picture reduced to a few colours: cells 0 (background) or 1..k, and each colour's
    RGB as six hex digits, colour c at palette[c - 1]."""

    cells: Picture
    palette: tuple[str, ...]
