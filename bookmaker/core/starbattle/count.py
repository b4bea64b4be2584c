"""The second proof, written apart from the solver: plain backtracking over rows. Each row
takes one of the sets of k columns with no two side by side; a row's set must not touch
the row above's, and no column or region may pass k stars or be left unable to reach k: a
region lacks no more stars than the 2x2 blocks its cells below meet (two stars in one
block would touch), counted here from its cells, not the solver's masks."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from .. import compiled
from .layout import Layout

COMPILED_MOST = 16  # the compiled count's largest square (csrc/starcount.c's SC_MOST)


@cache
def row_patterns(n: int, k: int) -> tuple[int, ...]:
    """The column bit masks of k stars in a row of n, none side by side."""
    return tuple(sum(1 << c for c in cols) for cols in combinations(range(n), k)
                 if all(b - a > 1 for a, b in zip(cols, cols[1:])))


def count_starbattle(layout: Layout, limit: int = 2) -> int:
    """Solutions of the layout, counted up to `limit`; in C where the compiled core has
    it (csrc/starcount.c: the same rows in the same order)."""
    n, k, regions = layout.size, layout.stars, layout.regions
    room = _room_below(n, regions)
    fast = compiled.starbattle_counter() if n <= COMPILED_MOST else None
    if fast is not None:
        return fast(n, k, regions, [r for row in room for r in row], row_patterns(n, k),
                    limit)
    columns, in_region = [0] * n, [0] * n
    found = [0]

    def place(row: int, above: int) -> None:
        if row == n:
            found[0] += all(c == k for c in columns) and all(r == k for r in in_region)
            return
        for mask in row_patterns(n, k):
            if mask & (above | above << 1 | above >> 1) or found[0] >= limit:
                continue
            cols = [c for c in range(n) if mask >> c & 1]
            for c in cols:
                columns[c] += 1
                in_region[regions[row * n + c]] += 1
            if _possible(n, k, row, columns, in_region, room[row + 1]):
                place(row + 1, mask)
            for c in cols:
                columns[c] -= 1
                in_region[regions[row * n + c]] -= 1

    place(0, 0)
    return found[0]


def _room_below(n: int, regions: tuple[int, ...]) -> list[list[int]]:
    """For each row (and n: none), the most stars each region's cells from that row down
    can hold: the 2x2 blocks they meet, cut from that row, at the better of the two
    column starts."""
    room = [[0] * n for _ in range(n + 1)]
    for top in range(n):
        for start in (0, 1):
            met: list[set[tuple[int, int]]] = [set() for _ in range(n)]
            for cell in range(top * n, n * n):
                row, col = divmod(cell, n)
                met[regions[cell]].add(((row - top) // 2, (col + start) // 2))
            for g in range(n):
                room[top][g] = len(met[g]) if not start else min(room[top][g], len(met[g]))
    return room


def _possible(n: int, k: int, row: int, columns: list[int], in_region: list[int],
              room: list[int]) -> bool:
    """No column or region over k, none short of more than its cells below can hold."""
    rows_left = n - 1 - row
    if any(c > k or (k - c) > (rows_left + 1) // 2 for c in columns):
        return False
    return all(r <= k and k - r <= room[g] for g, r in enumerate(in_region))
