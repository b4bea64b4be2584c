"""A road not taken: Dancing Links with one row per placement of a cage, as the Killer's
second opinion. Kept here to measure it against the Killer check (bench_killer.py): it
agrees, but on hard Killers it needs tens of thousands of nodes of milliseconds each
(bench/results/epyc-2cpu/2026-11-22-killer.md), so core/killer/check.py does the job.

Columns are the board's (core/solve/dlx.py): per cell "cell filled", per unit and value "unit has
value". A row is one *placement* of a cage: distinct values for its cells adding up to its
total (every ordering of every combination), minus those that contradict a given; it
covers the cage's cells and, for each of them, "unit has value" of every unit holding it.
The cages cover the board, so an exact cover picks one placement per cage with every unit
holding every value once: exactly the Killer's solutions. Choosing a row fills a whole
cage at once, and a cage whose placements all clash with those chosen empties its cell
columns at once: far fewer nodes than a row per (cell, value) with a row per combination
(measured on a minimal 9x9 Killer: 34,000 against 4 million), but dear ones.
"""

from __future__ import annotations

from itertools import combinations, permutations

import timing  # noqa: F401  (puts this checkout's bookmaker first on sys.path)

from bookmaker.core.board.shape import Shape
from bookmaker.core.solve.dlx import DlxResult, _units_holding, cover_matrix, exact_covers


def killer_dlx_solve(shape: Shape, cages, givens, limit: int = 2,
                     max_nodes: int | None = None) -> DlxResult:
    """Up to `limit` solutions of the Killer: `cages` as (cells, total) pairs covering the
    board, givens 0 for blank."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    cages = [(tuple(cells), total) for cells, total in cages]
    placements = [(cells, values) for cells, total in cages
                  for values in _placements(shape.size, cells, total, givens)]
    holding = _units_holding(shape)
    n, cell_count = shape.size, shape.cell_count
    rows = [[1 + c for c in cells]
            + [1 + cell_count + u * n + v - 1 for c, v in zip(cells, values)
               for u in holding[c]]
            for cells, values in placements]
    matrix = cover_matrix(n, cell_count, cell_count + n * len(shape.units), rows,
                          _peer_headers(shape, holding, cages))
    covers, complete, nodes = exact_covers(matrix, limit, max_nodes)
    solutions = tuple(_grid_of(cell_count, [placements[r] for r in rows]) for rows in covers)
    return DlxResult(len(solutions), solutions, complete, nodes)


def _placements(n: int, cells: tuple[int, ...], total: int, givens):
    """Every filling of the cells with distinct values 1..n adding up to total that keeps
    the givens among them."""
    for values in combinations(range(1, n + 1), len(cells)):
        if sum(values) != total:
            continue
        for ordered in permutations(values):
            if all(not givens[c] or givens[c] == v for c, v in zip(cells, ordered)):
                yield ordered


def _peer_headers(shape: Shape, holding, cages) -> tuple[tuple[int, ...], ...]:
    """Per cell column (index 0 is the root), the cell columns of the cells sharing a unit
    or a cage with it: Dancing Links' tie-break among equally small columns."""
    mates = {c: cells for cells, _ in cages for c in cells}
    peers = [()]
    for cell in range(shape.cell_count):
        others = {o for u in holding[cell] for o in shape.units[u].cells}
        others |= set(mates.get(cell, ()))
        peers.append(tuple(1 + o for o in sorted(others - {cell})))
    return tuple(peers)


def _grid_of(cell_count: int, placements) -> tuple[int, ...]:
    values = [0] * cell_count
    for cells, ordered in placements:
        for cell, value in zip(cells, ordered):
            values[cell] = value
    return tuple(values)
