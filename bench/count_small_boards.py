"""How many distinct 4x4 puzzles there are, up to equivalence, by counting every one: the
figures core/generate/supply.py holds, from which a book asking for more is refused at load.

Two puzzles are distinct when no relabelling, band, stack, row or column permutation or
transposition (repeat_key, as builds compare them) turns one into the other. Every
uniquely solvable 4x4 clue set is checked: for each symmetry, every subset of its orbits
on every one of the 288 solution grids (only the 2 essentially different grids without
symmetry, since each class has a member on one of them). A section without `clues:`
gets puzzles from which no orbit of its symmetry can be blanked (minimal ones without
symmetry); with `clues: K`, puzzles of exactly K clues or those. Takes minutes; prints the
table and never asserts.
"""

from __future__ import annotations

import sys
import time
from itertools import combinations, permutations

import timing  # noqa: F401  (puts this checkout's bookmaker first on sys.path)

from bookmaker.core.board.grid import Grid
from bookmaker.core.board.shape import SYMMETRIES, shape_of
from bookmaker.core.board.transform import repeat_key
from bookmaker.core.solve.solver import count_solutions

SHAPE = shape_of(2, 2)


def solution_grids() -> list[tuple[int, ...]]:
    """All 288 4x4 Sudoku grids, row by row."""
    grids = []
    for rows in permutations(permutations(range(1, 5)), 4):
        cells = tuple(value for row in rows for value in row)
        if all(len(set(cells[c] for c in unit.cells)) == 4 for unit in SHAPE.units):
            grids.append(cells)
    return grids


def unique(cells: tuple[int, ...]) -> bool:
    return count_solutions(Grid(SHAPE, cells), 2).count == 1


def with_orbits(solution: tuple[int, ...], orbits, mask: int) -> tuple[int, ...]:
    """The solution's givens on the orbits whose bit is set in mask."""
    cells = [0] * len(solution)
    for index, orbit in enumerate(orbits):
        if mask >> index & 1:
            for cell in orbit:
                cells[cell] = solution[cell]
    return tuple(cells)


def orbit_minimal(cells: tuple[int, ...], orbits) -> bool:
    """Whether blanking any orbit still given leaves more than one solution."""
    for orbit in orbits:
        if cells[orbit[0]]:
            fewer = list(cells)
            for cell in orbit:
                fewer[cell] = 0
            if unique(tuple(fewer)):
                return False
    return True


def count(symmetry: str, grids, every: bool) -> tuple[set[str], dict[int, set[str]]]:
    """The classes of orbit-minimal puzzles of the symmetry, and (every) the classes of
    all uniquely solvable ones by clue count."""
    orbits = SHAPE.orbits(symmetry)
    minimal: set[str] = set()
    by_clues: dict[int, set[str]] = {}
    for solution in grids:
        for mask in range(1 << len(orbits)):
            cells = with_orbits(solution, orbits, mask)
            if not unique(cells):
                continue
            if every:
                clues = sum(1 for value in cells if value)
                by_clues.setdefault(clues, set()).add(repeat_key(Grid(SHAPE, cells)))
            if orbit_minimal(cells, orbits):
                minimal.add(repeat_key(Grid(SHAPE, cells)))
    return minimal, by_clues


def main() -> None:
    started = time.perf_counter()
    grids = solution_grids()
    representatives = list({repeat_key(Grid(SHAPE, g)): g for g in grids}.values())
    print(f"{len(grids)} solution grids, {len(representatives)} essentially different")
    pools = {}
    for symmetry in SYMMETRIES:
        every = symmetry == "none"
        pools[symmetry], by_clues = count(symmetry, representatives if every else grids,
                                          every)
        print(f"{symmetry}: {len(pools[symmetry])} classes no orbit can be blanked from "
              f"({time.perf_counter() - started:.0f} s)", flush=True)
        if every:
            total = set().union(*by_clues.values())
            print(f"  every uniquely solvable puzzle: {len(total)} classes; by clues: "
                  f"{ {clues: len(keys) for clues, keys in sorted(by_clues.items())} }")
    for size in range(2, len(pools) + 1):
        for names in combinations(pools, size):
            union = set().union(*(pools[name] for name in names))
            print(f"union of {', '.join(names)}: {len(union)}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
