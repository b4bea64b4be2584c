"""A random Latin square from a seeded stream: every value once in every row and column."""

from __future__ import annotations

from .. import compiled
from ..rng import Rng


def random_latin(n: int, rng: Rng) -> tuple[int, ...]:
    """A Latin square of order n (values 1..n, cells row by row) drawn from rng: row by
    row, each row a random matching of its columns to the values they still lack (one
    always exists: the columns' missing values form a regular bipartite graph, which
    Hall's theorem gives a perfect matching). In C where the compiled core runs
    (csrc/latinfill.c: the same draws)."""
    core = compiled.latin_core()
    if core is None:
        return random_latin_in_python(n, rng)
    cells, rng.state = core.latin_fill(n, rng.state)
    return cells


def random_latin_in_python(n: int, rng: Rng) -> tuple[int, ...]:
    """random_latin() in Python: the reference."""
    full = (1 << n) - 1
    lacking = [full] * n  # per column, the values it still lacks
    cells: list[int] = []
    for _ in range(n):
        row = _random_row(n, lacking, rng)
        for col, value in enumerate(row):
            lacking[col] &= ~(1 << (value - 1))
        cells += row
    return tuple(cells)


def _random_row(n: int, lacking: list[int], rng: Rng) -> list[int]:
    """A row whose cell in each column holds a value that column lacks, all different:
    backtracking through the columns, each trying its values in its own random order."""
    row = [0] * n
    orders = [rng.shuffled(range(n)) for _ in range(n)]

    def place(col: int, used: int) -> bool:
        if col == n:
            return True
        free = lacking[col] & ~used
        for d in orders[col]:
            if free >> d & 1:
                row[col] = d + 1
                if place(col + 1, used | 1 << d):
                    return True
        return False
    if not place(0, 0):
        raise AssertionError("a Latin rectangle always extends by a row")
    return row
