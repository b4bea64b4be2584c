"""A random Latin square from a seeded stream: every value once in every row and column."""

from __future__ import annotations

from ..rng import Rng


def random_latin(n: int, rng: Rng) -> tuple[int, ...]:
    """A Latin square of order n (values 1..n, cells row by row) drawn from rng: row by
    row, each row a random permutation of what its columns still lack, rows redrawn when
    one cannot be completed (rare below 10x10, and never more than a few times)."""
    full = (1 << n) - 1
    while True:
        lacking = [full] * n  # per column, the values it still lacks
        rows = []
        for _ in range(n):
            row = _random_row(n, lacking, rng)
            if row is None:
                break
            rows.append(row)
            for col, value in enumerate(row):
                lacking[col] &= ~(1 << (value - 1))
        if len(rows) == n:
            return tuple(v for row in rows for v in row)


def _random_row(n: int, lacking: list[int], rng: Rng) -> list[int] | None:
    """A row whose cell in each column holds a value that column lacks, all values
    different: a random perfect matching by backtracking in a random value order."""
    row = [0] * n
    order = rng.shuffled(range(n))

    def place(col: int, used: int) -> bool:
        if col == n:
            return True
        free = lacking[col] & ~used
        for d in order:
            if free >> d & 1:
                row[col] = d + 1
                if place(col + 1, used | 1 << d):
                    return True
        return False
    return row if place(0, 0) else None
