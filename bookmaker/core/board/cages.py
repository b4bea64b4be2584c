"""A board cut into cages, as a Killer's and a Calcudoku's cage sets share it: cages that
cover the board once, each one orthogonally connected piece; each cell's cage; the
board's tables, which a cage set hands on to the exact solver as its board; and the cage
map of their one-line text forms, a letter per cell (A-Z, then a-z, then 0-9: 62 cages
at most), cages lettered in order of first appearance reading row by row.

What a cage shows (a Killer's total, a Calcudoku's target and operation) and what its
cells may hold stay with each family (core/killer/cages.py, core/calcudoku/cages.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from ..words import counted, with_article
from .grid import GridError
from .pieces import piece_of
from .shape import Shape

CAGE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_LETTER_INDEX = {letter: i for i, letter in enumerate(CAGE_LETTERS)}


def connected(shape: Shape, cells) -> bool:
    """Whether the cells form one orthogonally connected piece of the board's frame."""
    at = {shape.positions[c] for c in cells}
    if len(at) > 4:
        return len(piece_of(at, next(iter(at)))) == len(at)
    # Most cages, without a flood fill: squares of a grid make no triangle, so up to four
    # of them are one piece exactly where at least one fewer pairs touch than there are.
    touching = 0
    for (row, column), (other_row, other_column) in combinations(at, 2):
        touching += abs(row - other_row) + abs(column - other_column) == 1
    return touching >= len(at) - 1


def cage_index(cell_count: int, cages: Sequence[Any]) -> tuple[int, ...]:
    """The index of each cell's cage (cages with `cells`, covering the board)."""
    cage_of = [0] * cell_count
    for index, cage in enumerate(cages):
        for cell in cage.cells:
            cage_of[cell] = index
    return tuple(cage_of)


def cover_problems(shape: Shape, cages: Sequence[Any],
                   cage_problems: Callable[[Any], list[str]]) -> list[tuple[int, str]]:
    """Everything wrong with cages as a cover of the board, as (cage index or -1,
    message), cage by cage: a cell in two cages, then what `cage_problems` finds wrong
    with the cage alone; last, the cells in no cage."""
    problems = []
    owner: dict[int, int] = {}
    for index, cage in enumerate(cages):
        for cell in cage.cells:
            if cell in owner:
                problems.append((index, f"{shape.cell_name(cell)} is in two cages"))
            owner[cell] = index
        problems += [(index, message) for message in cage_problems(cage)]
    missing = [c for c in range(shape.cell_count) if c not in owner]
    if missing:
        shown = ", ".join(shape.cell_name(c) for c in missing[:5])
        problems.append((-1, f"{counted(len(missing), 'cell')} in no cage: {shown}"
                             + (" ..." if len(missing) > 5 else "")))
    return problems


class OnBoard:
    """A cage set as the exact solver's board (solve/search.py Tables): the board's own
    tables, read through. A cage set whose cells see their cage mates (a Killer's: no
    repeat in a cage) widens peer_masks; one whose cages may repeat a value (a
    Calcudoku's) keeps the board's."""

    shape: Shape

    @property
    def size(self) -> int:
        return self.shape.size

    @property
    def cell_count(self) -> int:
        return self.shape.cell_count

    @property
    def all_cells_mask(self) -> int:
        return self.shape.all_cells_mask

    @property
    def unit_masks(self) -> tuple[int, ...]:
        return self.shape.unit_masks

    @property
    def cell_unit_masks(self) -> tuple[tuple[int, ...], ...]:
        return self.shape.cell_unit_masks

    @property
    def peer_masks(self) -> tuple[int, ...]:
        return self.shape.peer_masks


def format_layout(cage_of: Sequence[int], cage_count: int) -> str:
    """The cage map, a letter per cell (cages numbered in order of first appearance);
    ValueError if there are more cages than letters."""
    if cage_count > len(CAGE_LETTERS):
        raise ValueError(f"{cage_count} cages: the text form letters at most "
                         f"{len(CAGE_LETTERS)}")
    return "".join(CAGE_LETTERS[k] for k in cage_of)


def read_layout(text: str, shape: Shape, title: str) -> str:
    """A cage map for `shape` (a `title` puzzle's, as messages name it), checked: a
    letter per cell, every one a cage letter; GridError otherwise."""
    if len(text) != shape.cell_count:
        raise GridError(f"the cage layout has {len(text)} letters, {with_article(shape)} {title} "
                        f"needs {shape.cell_count}")
    for position, letter in enumerate(text):
        if letter not in _LETTER_INDEX:
            raise GridError(f"bad cage letter {letter!r} at position {position + 1} of the "
                            f"layout; cages are lettered A-Z, a-z, 0-9")
    return text


def layout_cages(letters: str, clue_count: int,
                 clues: str) -> tuple[list[str], list[tuple[int, ...]]]:
    """A cage map's letters in order of first appearance and each one's cells, checked
    against the line's `clue_count` clues (`clues`, as the line calls them: one per cage,
    in that order); GridError otherwise."""
    order = list(dict.fromkeys(letters))
    if clue_count != len(order):
        raise GridError(f"the layout has {len(order)} cages but {clue_count} {clues} are "
                        f"given (one per cage, in the order the cages first appear)")
    return order, [tuple(c for c, letter in enumerate(letters) if letter == own)
                   for own in order]
