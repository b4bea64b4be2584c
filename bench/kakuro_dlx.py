"""Kakuro as an exact cover searched by Dancing Links: the second proof first written,
kept for bench_kakuro.py to measure against the Kakuro check (core/kakuro/check.py),
which replaced it (a cover cannot narrow the runs between its choices: 471,065 nodes and
10 s for a 15x15 Kakuro the check settles in 2,231 nodes and half a second).

It shares nothing with solver.py or clues.py: it reads the board's runs (cell lists) and
their totals, finds each run's sets of digits itself by trying every set, and hands the
question to the generic exact-cover search (core/solve/dlx.py), where the solver narrows
candidate masks. The cover (columns are what must be covered exactly once):

- one column per cell: a cell holds exactly one digit;
- one column per run: a run takes exactly one set of digits adding up to its total;
- one column per (run, digit): covered by the cell of the run that holds the digit, or
  else by the run's set, if the set lacks the digit.

Rows are (cell, digit), covering the cell and (run, digit) of both its runs, and (run,
set), covering the run and (run, digit) for every digit NOT in the set. So a digit outside
the run's set is held by no cell of the run, a digit inside it by exactly one; the run's
cells, as many as the set's digits, hold exactly the set: different digits, the total.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import timing  # noqa: F401  (puts this checkout's bookmaker first on sys.path)

from bookmaker.core.solve.dlx import cover_matrix, exact_covers

DIGITS = range(1, 10)


@dataclass(frozen=True)
class CheckResult:
    """What the exact cover found: solutions counted up to the limit, those solutions,
    whether it finished within its node budget, and the nodes visited."""

    count: int
    solutions: tuple[tuple[int, ...], ...]
    complete: bool
    nodes: int


def dlx_kakuro(shape, totals, givens, limit: int = 2,
                 max_nodes: int | None = None) -> CheckResult:
    """Up to `limit` solutions of the Kakuro on `shape` whose runs (its units, in order)
    add up to `totals`; givens 0 for blank."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    runs = [tuple(unit.cells) for unit in shape.units]
    cell_count = len(givens)
    rows, candidates = _rows(runs, totals, givens, cell_count)
    if rows is None:
        return CheckResult(0, (), True, 0)
    header_count = cell_count + len(runs) * (1 + len(DIGITS))
    matrix = cover_matrix(len(DIGITS), cell_count, header_count, rows,
                          _peer_headers(runs, cell_count))
    covers, complete, nodes = exact_covers(matrix, limit, max_nodes)
    solutions = tuple(_filling(cover, candidates, cell_count) for cover in covers)
    return CheckResult(len(solutions), solutions, complete, nodes)


def _rows(runs, totals, givens, cell_count):
    """The cover's rows (each its 1-based headers) and what each (cell, digit) row is;
    None if a run has no set of digits at all."""
    runs_of: list[list[int]] = [[] for _ in range(cell_count)]
    for index, cells in enumerate(runs):
        for cell in cells:
            runs_of[cell].append(index)
    digit_column = _digit_column(cell_count, len(runs))
    rows, candidates = [], []
    for cell in range(cell_count):
        for digit in ([givens[cell]] if givens[cell] else DIGITS):
            rows.append([1 + cell] + [digit_column(run, digit) for run in runs_of[cell]])
            candidates.append((cell, digit))
    for index, (cells, total) in enumerate(zip(runs, totals)):
        sets = [values for values in combinations(DIGITS, len(cells)) if sum(values) == total]
        if not sets:
            return None, candidates
        for values in sets:
            rows.append([1 + cell_count + index] + [digit_column(index, digit)
                                                     for digit in DIGITS if digit not in values])
    return rows, candidates


def _digit_column(cell_count: int, run_count: int):
    """The header of (run, digit): after the cells' and the runs' own."""
    first = 1 + cell_count + run_count
    return lambda run, digit: first + run * len(DIGITS) + digit - 1


def _peer_headers(runs, cell_count: int) -> tuple[tuple[int, ...], ...]:
    """For each cell column (index 0 is the root), the columns of the cells sharing a run."""
    peers: list[set[int]] = [set() for _ in range(cell_count)]
    for cells in runs:
        for cell in cells:
            peers[cell].update(cells)
    return ((),) + tuple(tuple(1 + other for other in sorted(p - {cell}))
                         for cell, p in enumerate(peers))


def _filling(cover, candidates, cell_count: int) -> tuple[int, ...]:
    """The digits the chosen (cell, digit) rows of a cover put in the cells."""
    values = [0] * cell_count
    for row in cover:
        if row < len(candidates):
            cell, digit = candidates[row]
            values[cell] = digit
    return tuple(values)
