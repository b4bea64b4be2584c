"""The second proof, written apart from the solver: plain backtracking over rows. Each row
takes one of the sets of k columns with no two side by side; a row's set must not touch
the row above's, and no column or region may pass k stars or be left unable to reach k."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from .layout import Layout


@cache
def row_patterns(n: int, k: int) -> tuple[int, ...]:
    """The column bit masks of k stars in a row of n, none side by side."""
    return tuple(sum(1 << c for c in cols) for cols in combinations(range(n), k)
                 if all(b - a > 1 for a, b in zip(cols, cols[1:])))


def count_starbattle(layout: Layout, limit: int = 2) -> int:
    """Solutions of the layout, counted up to `limit`."""
    n, k, regions = layout.size, layout.stars, layout.regions
    last_row = [0] * n
    for cell, region in enumerate(regions):
        last_row[region] = max(last_row[region], cell // n)
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
            if _possible(n, k, row, columns, in_region, last_row):
                place(row + 1, mask)
            for c in cols:
                columns[c] -= 1
                in_region[regions[row * n + c]] -= 1

    place(0, 0)
    return found[0]


def _possible(n: int, k: int, row: int, columns: list[int], in_region: list[int],
              last_row: list[int]) -> bool:
    """No column or region over k, none short of k with no rows left for it."""
    rows_left = n - 1 - row
    if any(c > k or (k - c) > (rows_left + 1) // 2 for c in columns):
        return False
    return all(r <= k and (r == k or last_row[g] > row) for g, r in enumerate(in_region))
