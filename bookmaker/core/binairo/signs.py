"""A Tango's clues beyond its givens: = and x signs between orthogonal neighbours.

A sign joins a pair (first, second) of neighbouring cells of the n x n board (cells row by
row, first < second): '=' says they hold the same symbol, 'x' different ones. Signs are
kept sorted, so two equal sets compare (and hash) equal.
"""

from __future__ import annotations

from dataclasses import dataclass

SAME, DIFFERENT = "=", "x"


class SignError(ValueError):
    """Signs that cannot be on the board: not neighbours, out of the board, twice."""


@dataclass(frozen=True)
class TangoSigns:
    """The = and x signs of an n x n Tango: each (first cell, second cell, sign)."""

    size: int
    signs: tuple[tuple[int, int, str], ...]

    def partners(self) -> tuple[tuple[tuple[int, bool], ...], ...]:
        """Per cell, (other cell, whether they match) for each sign it has."""
        found: list[list[tuple[int, bool]]] = [[] for _ in range(self.size ** 2)]
        for first, second, sign in self.signs:
            found[first].append((second, sign == SAME))
            found[second].append((first, sign == SAME))
        return tuple(map(tuple, found))


def signs_of(size: int, signs) -> TangoSigns:
    """The TangoSigns of (first, second, sign) triples in any order; SignError if two cells
    are not neighbours, a sign is neither '=' nor 'x', or a pair has two signs."""
    seen: set[tuple[int, int]] = set()
    for first, second, sign in signs:
        pair = (min(first, second), max(first, second))
        if sign not in (SAME, DIFFERENT):
            raise SignError(f"no sign {sign!r}: a Tango's signs are '=' and 'x'")
        if not _neighbours(size, *pair):
            raise SignError(f"cells {first} and {second} are not neighbours on a "
                            f"{size}x{size} board")
        if pair in seen:
            raise SignError(f"two signs between cells {pair[0]} and {pair[1]}")
        seen.add(pair)
    return sorted_signs(size, signs)


def sorted_signs(size: int, signs) -> TangoSigns:
    """The TangoSigns of triples known to be good, each pair in order, sorted."""
    return TangoSigns(size, tuple(sorted((min(a, b), max(a, b), s) for a, b, s in signs)))


def _neighbours(n: int, a: int, b: int) -> bool:
    if not (0 <= a < n * n and 0 <= b < n * n):
        return False
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    return abs(ra - rb) + abs(ca - cb) == 1


def all_signs(n: int, solution) -> TangoSigns:
    """Every sign a solution shows: one between each pair of neighbours."""
    pairs = [(cell, other) for cell in range(n * n)
             for other in (cell + 1, cell + n)
             if other < n * n and (other != cell + 1 or other % n)]
    return sorted_signs(n, [(a, b, SAME if solution[a] == solution[b] else DIFFERENT)
                            for a, b in pairs])
