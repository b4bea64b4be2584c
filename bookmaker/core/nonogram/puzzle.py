"""A Nonogram puzzle: its clues, the cells printed as givens, and the picture it draws."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .clues import Clue, column_clues, row_clues

Grid = tuple[tuple[bool, ...], ...]  # rows of cells, True where shaded
Given = tuple[int, int, bool]  # row, column, shaded


def as_grid(cells: Sequence[Sequence[bool]]) -> Grid:
    """cells as an immutable rectangle of booleans (refused if ragged or empty)."""
    grid = tuple(tuple(bool(cell) for cell in row) for row in cells)
    if not grid or not grid[0] or any(len(row) != len(grid[0]) for row in grid):
        raise ValueError("a Nonogram's grid must be a non-empty rectangle")
    return grid


@dataclass(frozen=True)
class Nonogram:
    """Clues for every row and column, givens printed in the grid, and the solution."""

    rows: tuple[Clue, ...]
    columns: tuple[Clue, ...]
    givens: tuple[Given, ...]
    solution: Grid

    @classmethod
    def of_picture(cls, picture: Sequence[Sequence[bool]],
                   givens: Sequence[Given] = ()) -> Nonogram:
        grid = as_grid(picture)
        return cls(row_clues(grid), column_clues(grid), tuple(sorted(givens)), grid)

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.columns)
