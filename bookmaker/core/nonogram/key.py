"""A Nonogram's repeat key: its least line under the eight turns and mirrors that keep it
one (on a rectangle a quarter turn swaps its height and width: the same puzzle turned).
A colour Nonogram's too: its colours are not relettered (the picture's colours matter)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..board.grid import Grid
from ..board.shape import nonogram_of
from .extras import NonogramClues
from .text import format_nonogram


def nonogram_key(name: str, givens: Grid, clues, write: Callable = format_nonogram) -> str:
    """'NAME HxW:' (the smaller side first) and the least line (as write writes it) of the
    puzzle's images; clues are NonogramClues, or any with their rows and columns."""
    images = [image for flipped in _mirrors(givens, clues) for image in _turned(*flipped)]
    height, width = sorted(givens.shape.frame)
    return f"{name} {height}x{width}:" + min(write(*image) for image in images)


def _rows(givens: Grid) -> list[tuple[int, ...]]:
    width = givens.shape.frame[1]
    return [givens.cells[at:at + width] for at in range(0, len(givens.cells), width)]


def _grid(rows: list[tuple[int, ...]]) -> Grid:
    return Grid(nonogram_of(len(rows), len(rows[0])), tuple(v for row in rows for v in row))


def _mirrors(givens: Grid, clues: NonogramClues):
    """The puzzle, mirrored left to right, top to bottom, and both."""
    rows = _rows(givens)
    for across in (False, True):
        for down in (False, True):
            moved = [row[::-1] if across else row for row in (rows[::-1] if down else rows)]
            row_clues = tuple(c[::-1] if across else c for c in clues.rows)
            column_clues = tuple(c[::-1] if down else c for c in clues.columns)
            yield (_grid(moved), replace(clues, rows=row_clues[::-1] if down else row_clues,
                                         columns=column_clues[::-1] if across else column_clues))


def _turned(givens: Grid, clues: NonogramClues):
    """The puzzle, and it reflected in its diagonal."""
    yield givens, clues
    yield _grid([tuple(column) for column in zip(*_rows(givens))]), \
        replace(clues, rows=clues.columns, columns=clues.rows)
