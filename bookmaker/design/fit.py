"""How many square grids fit on a page: the arrangement rule shared by checks and layout.

The rule: k grids go in the rows x columns arrangement (rows * columns >= k, filled row by
row) that gives the largest grid side. Every slot has room for a label above its grid and
a caption line below it, neighbouring slots are `gap` apart, and the grid is the largest
square in what is left once its border line's width is kept inside the slot (so no ink
reaches the margins). The page layout (pages/paginate.py) places grids by this same rule.
k grids of size n fit when that side gives cells of at least the layout's smallest cell.
A rectangle of rows x columns (a Slitherlink's 30x20) is fit by both sides, each against
its slot's height and width; its arrangement's side is the square of its longer side that
its board is drawn centred in (pages/page.GridPlacement.board_box).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

MOST_PER_PAGE = 100  # a search bound; far beyond anything readable


@dataclass(frozen=True)
class Area:
    """The part of a page that grids and their labels may use, with its spacing rules."""

    width: float
    height: float
    gap: float
    label_height: float
    below_height: float = 0.0  # the caption lines under each grid
    border: float = 0.0  # the grid's border line: half of it lies outside the grid square


Sides = tuple[int, int]  # a grid's rows and columns, in cells


def sides_of(size: int | Sides) -> Sides:
    """A grid's rows and columns: a square's size twice."""
    return (size, size) if isinstance(size, int) else size


def sides_text(size: int | Sides) -> str:
    """A grid's sides as messages name them: '9x9', '10x18' (rows x columns)."""
    rows, cols = sides_of(size)
    return f"{rows}x{cols}"


@dataclass(frozen=True)
class Arrangement:
    """rows x columns slots on a page, and the side of the square grid in each (points)."""

    rows: int
    columns: int
    grid_side: float


# Remembered: a spec's load and a book's pages ask it for the same few areas and counts
# again and again (its answer is frozen, and depends on nothing else).
@lru_cache(maxsize=1024)
def arrangement_for(count: int, area: Area, sides: Sides = (1, 1)) -> Arrangement:
    """The arrangement of count grids of `sides` (rows, columns: their shape, a square by
    default) with the largest grid side (fewer rows on a tie)."""
    candidates = []
    for columns in range(1, count + 1):
        rows = math.ceil(count / columns)
        slot_width = (area.width - (columns - 1) * area.gap) / columns
        slot_height = (area.height - (rows - 1) * area.gap) / rows - area.label_height \
            - area.below_height
        side = _square_side(slot_width, slot_height, area.border, sides)
        candidates.append((side, -rows, Arrangement(rows, columns, max(side, 0.0))))
    return max(candidates, key=lambda c: (c[0], c[1]))[2]


def _square_side(width: float, height: float, border: float, sides: Sides) -> float:
    """The side of the square a grid of `sides` is drawn in, in a slot of width x height:
    a square's own, a rectangle's longer side at the cell both its sides allow."""
    rows, cols = sides
    if rows == cols:
        return min(width, height) - border
    return min((width - border) / cols, (height - border) / rows) * max(sides)


def board_extent(side: float, sides: Sides) -> tuple[float, float]:
    """The width and height of a board of `sides` drawn in a square of `side`: the
    square's, or a rectangle's at the cell its longer side gives."""
    rows, cols = sides
    if rows == cols:
        return side, side
    return side * cols / max(sides), side * rows / max(sides)


def grid_width(count: int, area: Area, sides: Sides = (1, 1)) -> float:
    """How wide each of count grids of `sides` prints (what its label and caption span):
    its square's side, a rectangle's board's width."""
    return board_extent(arrangement_for(count, area, sides).grid_side, sides)[0]


def cell_side(count: int, size: int | Sides, area: Area) -> float:
    """The side of one cell when count grids of size x size (or rows x columns) share the
    area."""
    sides = sides_of(size)
    return arrangement_for(count, area, sides).grid_side / max(sides)


def most_that_fit(size: int | Sides, min_cell: float, area: Area) -> int:
    """The most size x size (or rows x columns) grids per page whose cells are at least
    min_cell (0 if none)."""
    count = 0
    # More grids never make room: the arrangement for k + 1 also holds k.
    while count < MOST_PER_PAGE and cell_side(count + 1, size, area) >= min_cell:
        count += 1
    return count
