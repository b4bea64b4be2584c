"""A Nonogram's clues: the lengths of the runs of shaded cells in each row and column."""

from __future__ import annotations

from collections.abc import Sequence

Clue = tuple[int, ...]  # run lengths left to right (top to bottom); () for an empty line


def clue_of_line(cells: Sequence[bool]) -> Clue:
    """The run lengths of shaded cells along one line, in order."""
    runs: list[int] = []
    run = 0
    for shaded in cells:
        if shaded:
            run += 1
        elif run:
            runs.append(run)
            run = 0
    if run:
        runs.append(run)
    return tuple(runs)


def row_clues(grid: Sequence[Sequence[bool]]) -> tuple[Clue, ...]:
    return tuple(clue_of_line(row) for row in grid)


def column_clues(grid: Sequence[Sequence[bool]]) -> tuple[Clue, ...]:
    return tuple(clue_of_line(column) for column in zip(*grid))
