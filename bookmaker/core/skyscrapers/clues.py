"""A Skyscrapers puzzle's clues beyond its givens: how many buildings are seen from each
side. A cell's value is a building's height; from outside the grid, looking along a row
or column, a building is seen if no taller one stands in front of it.

Clues are kept per side as people read them: `top` and `bottom` left to right (one per
column), `left` and `right` top to bottom (one per row); 0 where there is no clue.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

SIDES = ("top", "right", "bottom", "left")


@dataclass(frozen=True)
class EdgeClues:
    """The visibility clues of an n x n Skyscrapers, per side (0: none)."""

    size: int
    top: tuple[int, ...]
    right: tuple[int, ...]
    bottom: tuple[int, ...]
    left: tuple[int, ...]

    def side(self, name: str) -> tuple[int, ...]:
        return getattr(self, name)

    def __hash__(self) -> int:
        # made once: the techniques' caches are keyed by the clues, asked at every step
        found = self.__dict__.get("_hash")
        if found is None:
            found = hash((self.size, self.top, self.right, self.bottom, self.left))
            object.__setattr__(self, "_hash", found)
        return found

    @property
    def count(self) -> int:
        return sum(1 for name in SIDES for clue in self.side(name) if clue)

    def lines(self) -> tuple[tuple[tuple[int, ...], int, int], ...]:
        """Each row and column with a clue at either end: (its cells from the front,
        front clue, back clue); rows look from the left, columns from the top."""
        return _clued_lines(self)


@lru_cache(maxsize=64)
def _clued_lines(clues: EdgeClues) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """EdgeClues.lines(), made once per set of clues (the techniques ask at every step)."""
    return tuple((cells, front, back) for cells, front, back in _line_views(clues.size, clues)
                 if front or back)


def _line_views(n: int, clues: EdgeClues):
    rows, columns = _line_cells(n)
    yield from zip(rows, clues.left, clues.right)
    yield from zip(columns, clues.top, clues.bottom)


@lru_cache(maxsize=16)
def _line_cells(n: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The rows' and the columns' cells of an n x n square."""
    return (tuple(tuple(r * n + c for c in range(n)) for r in range(n)),
            tuple(tuple(r * n + c for r in range(n)) for c in range(n)))


def seen(heights) -> int:
    """How many of the heights are seen from their front."""
    count = tallest = 0
    for height in heights:
        if height > tallest:
            count, tallest = count + 1, height
    return count


@lru_cache(maxsize=16)
def all_clues(n: int, solution: tuple[int, ...]) -> EdgeClues:
    """Every clue a solution shows, on all four sides (kept: digging asks at every trial)."""
    rows = [solution[r * n:(r + 1) * n] for r in range(n)]
    cols = [solution[c::n] for c in range(n)]
    return EdgeClues(n, tuple(seen(col) for col in cols), tuple(seen(row[::-1]) for row in rows),
                     tuple(seen(col[::-1]) for col in cols), tuple(seen(row) for row in rows))


def clue_items(clues: EdgeClues) -> list[tuple[str, int]]:
    """(side, index) of every clue there is."""
    return [(name, i) for name in SIDES for i, clue in enumerate(clues.side(name)) if clue]


def clues_of(n: int, solution: tuple[int, ...], kept) -> EdgeClues:
    """The clues of the solution at the (side, index) places kept."""
    every = all_clues(n, solution)
    sides = {name: every.side(name) for name in SIDES}  # asked once a side, not a clue
    shown: dict[str, list[int]] = {name: [0] * n for name in SIDES}
    for name, i in kept:
        shown[name][i] = sides[name][i]
    return EdgeClues(n, *(tuple(shown[name]) for name in SIDES))


@lru_cache(maxsize=16)
def no_clues(n: int) -> EdgeClues:
    return EdgeClues(n, *((0,) * n,) * 4)
