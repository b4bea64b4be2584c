"""A Futoshiki's clues beyond its givens: inequality signs between orthogonal neighbours.

A sign is a pair (smaller, larger) of neighbouring cells of the n x n square (cells row by
row): the first cell holds the smaller value. Signs are kept sorted by their cells, so two
equal sets of signs compare (and hash) equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


class SignError(ValueError):
    """Signs that cannot be on the square: not neighbours, out of the square, twice."""


@dataclass(frozen=True)
class Signs:
    """The inequality signs of an n x n Futoshiki, each (smaller cell, larger cell)."""

    size: int
    pairs: tuple[tuple[int, int], ...]

    def __hash__(self) -> int:
        # made once: the techniques' caches are keyed by the signs, asked at every step
        found = self.__dict__.get("_hash")
        if found is None:
            found = hash((self.size, self.pairs))
            object.__setattr__(self, "_hash", found)
        return found


def signs_of(size: int, pairs) -> Signs:
    """The Signs of (smaller, larger) pairs in any order; SignError if two cells are not
    neighbours on the square or have two signs between them."""
    seen = set()
    for smaller, larger in pairs:
        if not _neighbours(size, smaller, larger):
            raise SignError(f"cells {smaller} and {larger} are not neighbours on a "
                            f"{size}x{size} square")
        if _place((smaller, larger)) in seen:
            raise SignError(f"two signs between cells {smaller} and {larger}")
        seen.add(_place((smaller, larger)))
    return sorted_signs(size, pairs)


def sorted_signs(size: int, pairs) -> Signs:
    """The Signs of pairs known to be good (taken from other Signs), in order."""
    return Signs(size, tuple(sorted((tuple(p) for p in pairs), key=_place)))


def _place(pair: tuple[int, int]) -> tuple[int, int]:
    return min(pair), max(pair)


def _neighbours(n: int, a: int, b: int) -> bool:
    if not (0 <= a < n * n and 0 <= b < n * n):
        return False
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    return abs(ra - rb) + abs(ca - cb) == 1


@lru_cache(maxsize=16)
def all_signs(n: int, solution: tuple[int, ...]) -> Signs:
    """Every sign a solution shows: one between each pair of neighbours (kept: digging
    asks at every trial). Made in sorted_signs' order (by the lower cell, then the
    other: the right one before the one below), so not sorted again."""
    return Signs(n, tuple((cell, other) if solution[cell] < solution[other] else (other, cell)
                          for cell, other in _neighbours_of(n)))


@lru_cache(maxsize=16)
def _neighbours_of(n: int) -> tuple[tuple[int, int], ...]:
    """Each pair of neighbouring cells, by the lower cell, then the other: the right one
    before the one below."""
    return tuple((cell, other) for cell in range(n * n)
                 for other in (cell + 1 if cell % n < n - 1 else -1,
                               cell + n if cell + n < n * n else -1)
                 if other >= 0)
