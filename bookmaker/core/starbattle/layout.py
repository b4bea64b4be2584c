"""A Star Battle's layout: n regions on an n x n square and the star count k.

A cell's value in a state or solution is 0 unknown, 1 white (no star), 2 a star: the
shading answer form (kinds/answer.py), a star standing for a shaded cell.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

UNKNOWN, WHITE, STAR = 0, 1, 2
SIZES = {5: 1, 6: 1, 7: 1, 8: 1, 9: 2, 10: 2, 11: 2, 12: 2, 14: 3}  # size: usual stars


class LayoutError(ValueError):
    """A layout that breaks the rules of a Star Battle board."""


@dataclass(frozen=True)
class Layout:
    """n regions on an n x n square (`regions[cell]` is 0..n-1) and k stars a unit."""

    size: int
    stars: int
    regions: tuple[int, ...]

    def __post_init__(self) -> None:
        problem = layout_problem(self.size, self.stars, self.regions)
        if problem:
            raise LayoutError(problem)

    @cached_property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """Rows, then columns, then regions: each must hold `stars` stars."""
        n = self.size
        rows = [tuple(range(r * n, r * n + n)) for r in range(n)]
        cols = [tuple(range(c, n * n, n)) for c in range(n)]
        return tuple(rows + cols + list(self.region_cells))

    @cached_property
    def region_cells(self) -> tuple[tuple[int, ...], ...]:
        """Each region's cells, region 0 first."""
        cells: list[list[int]] = [[] for _ in range(self.size)]
        for cell, region in enumerate(self.regions):
            cells[region].append(cell)
        return tuple(tuple(c) for c in cells)

    @cached_property
    def touching(self) -> tuple[tuple[int, ...], ...]:
        """Each cell's up to eight neighbours (a star's are all white)."""
        return king_neighbours(self.size)


@cache
def king_neighbours(n: int) -> tuple[tuple[int, ...], ...]:
    """The cells around each cell, diagonals included."""
    return tuple(tuple((r + dr) * n + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                       if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n)
                 for r, c in (divmod(cell, n) for cell in range(n * n)))


def side_neighbours(n: int, cell: int) -> tuple[int, ...]:
    """The up to four cells sharing a side with `cell`."""
    return _sides(n)[cell]


@cache
def _sides(n: int) -> tuple[tuple[int, ...], ...]:
    """Each cell's side_neighbours (the generator asks hundreds of thousands of times)."""
    return tuple(tuple((r + dr) * n + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                       if 0 <= r + dr < n and 0 <= c + dc < n)
                 for r, c in (divmod(cell, n) for cell in range(n * n)))


def connected(n: int, cells: set[int]) -> bool:
    """Whether the cells are one piece, side to side."""
    return len(pieces(n, cells)) == 1


def pieces(n: int, cells: set[int]) -> list[set[int]]:
    """The cells' side-connected pieces, in the order of their least cells."""
    found, left = [], set(cells)
    while left:
        start = min(left)
        piece, todo = {start}, [start]
        while todo:
            for other in side_neighbours(n, todo.pop()):
                if other in left and other not in piece:
                    piece.add(other)
                    todo.append(other)
        left -= piece
        found.append(piece)
    return found


def layout_problem(n: int, k: int, regions: tuple[int, ...]) -> str | None:
    """What is wrong with a layout, or None."""
    if len(regions) != n * n:
        return f"a {n}x{n} layout has {n * n} cells; got {len(regions)}"
    if k < 1 or 4 * k > n + 1:
        return f"{k} stars a line do not fit a {n}x{n} square without touching"
    if sorted(set(regions)) != list(range(n)):
        return f"a {n}x{n} Star Battle has {n} regions; got {len(set(regions))}"
    for region in range(n):
        cells = {c for c, r in enumerate(regions) if r == region}
        if not connected(n, cells):
            return f"region {chr(65 + region)} is not one piece"
    return None


def in_reading_order(layout: Layout) -> Layout:
    """The same layout with its regions numbered in the order their first cells are met
    (each layout has one such numbering: its text and keys use it)."""
    numbers: dict[int, int] = {}
    for region in layout.regions:
        numbers.setdefault(region, len(numbers))
    return Layout(layout.size, layout.stars, tuple(numbers[r] for r in layout.regions))
