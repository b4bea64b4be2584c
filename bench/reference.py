"""A plain pure-Python bitmask solver and generator: the independent yardstick for the benchmarks.

Deliberately ordinary and written apart from bookmaker.core's solver and generator. State
is one candidate bitmask per cell (bit v-1 set: value v still possible). Naked singles are
spread to peers through a queue, hidden singles are found by scanning every unit, and the
search branches on a cell with the fewest candidates (MRV), counting solutions up to a
limit. The generator fills a grid by that search with shuffled values, then removes clues
one at a time in random order, keeping a removal only if the solution stays unique.
Geometry is plain lists of units and peers, so nothing below mentions rows or boxes.
The search recurses once per branching, which stays far below Python's limit up to 16x16.
Randomness comes from random.Random(seed): fine for a yardstick, not for the product.
"""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Geometry:
    """A board's tables: size n, the units (lists of cells) and every cell's peers and units."""

    size: int
    units: list[list[int]]
    units_of: list[list[int]]  # per cell: the indices of its units
    peers: list[list[int]]
    all_values: int  # the mask with all n candidate bits set


def geometry(box_rows: int = 3, box_cols: int = 3) -> Geometry:
    """The tables of a board with box_rows x box_cols boxes (default 9x9)."""
    n = box_rows * box_cols
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [[(top + r) * n + left + c for r in range(box_rows) for c in range(box_cols)]
             for top in range(0, n, box_rows) for left in range(0, n, box_cols)]
    units = rows + cols + boxes
    units_of = [[i for i, u in enumerate(units) if cell in u] for cell in range(n * n)]
    peers = [sorted({p for i in units_of[cell] for p in units[i]} - {cell})
             for cell in range(n * n)]
    return Geometry(n, units, units_of, peers, (1 << n) - 1)


def eliminate(geo: Geometry, cands: list[int], queue: list[int]) -> bool:
    """Remove each queued decided cell's value from its peers, queueing new naked singles;
    False on a contradiction (a cell left with no candidate)."""
    peers = geo.peers
    while queue:
        cell = queue.pop()
        bit = cands[cell]
        for p in peers[cell]:
            c = cands[p]
            if c & bit:
                c ^= bit
                if not c:
                    return False
                cands[p] = c
                if not c & (c - 1):
                    queue.append(p)
    return True


def hidden_singles(geo: Geometry, cands: list[int]) -> list[int] | None:
    """Cells newly decided because a value fits only there in some unit (already set in
    cands); None on a contradiction (a value with no place, or two values needing one cell)."""
    found = []
    for unit in geo.units:
        once = twice = settled = 0
        for cell in unit:
            c = cands[cell]
            if c & (c - 1):
                twice |= once & c
                once |= c
            else:
                settled |= c
        if once | settled != geo.all_values:
            return None
        unique = once & ~twice & ~settled  # values with one open place and no decided one
        if not unique:
            continue
        for cell in unit:
            only_here = cands[cell] & unique
            if only_here:
                if only_here & (only_here - 1):
                    return None
                cands[cell] = only_here
                found.append(cell)
    return found


def propagate(geo: Geometry, cands: list[int], queue: list[int]) -> bool:
    """Naked and hidden singles until neither finds anything; False on a contradiction."""
    while True:
        if not eliminate(geo, cands, queue):
            return False
        found = hidden_singles(geo, cands)
        if found is None:
            return False
        if not found:
            return True
        queue = found


def fewest_candidates_cell(cands: list[int]) -> int:
    """An undecided cell with the fewest candidates (the first such), or -1 if all are decided."""
    best, best_count = -1, 1 << 30
    for cell, c in enumerate(cands):
        if c & (c - 1):
            count = c.bit_count()
            if count < best_count:
                best, best_count = cell, count
                if count == 2:
                    break
    return best


def search(geo: Geometry, cands: list[int], limit: int, found: list,
           rng: random.Random | None = None) -> None:
    """Depth-first MRV search appending solutions (candidate lists) to found, up to limit;
    with rng, each cell's values are tried in shuffled order."""
    cell = fewest_candidates_cell(cands)
    if cell < 0:
        found.append(cands)
        return
    c = cands[cell]
    bits = []
    while c:
        bit = c & -c
        bits.append(bit)
        c ^= bit
    if rng is not None:
        rng.shuffle(bits)
    for bit in bits:
        child = cands[:]
        child[cell] = bit
        if propagate(geo, child, [cell]):
            search(geo, child, limit, found, rng)
            if len(found) >= limit:
                return


def used_values(geo: Geometry, cells: list[int]) -> list[int] | None:
    """Per unit, the mask of values its clues use; None if a unit holds a value twice."""
    used = []
    for unit in geo.units:
        mask = 0
        for cell in unit:
            if cells[cell]:
                bit = 1 << (cells[cell] - 1)
                if mask & bit:
                    return None
                mask |= bit
        used.append(mask)
    return used


def start(geo: Geometry, cells: list[int]) -> list[int] | None:
    """Candidates after placing the clues (0 = blank) and propagating; None if they clash."""
    used = used_values(geo, cells)
    if used is None:
        return None
    cands, queue = [], []
    for cell, value in enumerate(cells):
        if value:
            cands.append(1 << (value - 1))
            continue
        c = geo.all_values
        for u in geo.units_of[cell]:
            c &= ~used[u]
        if not c & (c - 1):  # no candidate left, or a naked single to spread
            if not c:
                return None
            queue.append(cell)
        cands.append(c)
    return cands if propagate(geo, cands, queue) else None


def solved_states(geo: Geometry, cells: list[int], limit: int,
                  rng: random.Random | None = None) -> list[list[int]]:
    """Up to limit solutions of the clues (0 = blank), as fully decided candidate lists."""
    cands = start(geo, cells)
    found: list = []
    if cands is not None:
        search(geo, cands, limit, found, rng)
    return found


def solutions(geo: Geometry, cells: list[int], limit: int = 2,
              rng: random.Random | None = None) -> list[list[int]]:
    """Up to limit solutions of the clues, each as a list of values 1..n."""
    return [[c.bit_length() for c in solved] for solved in solved_states(geo, cells, limit, rng)]


def count_solutions(geo: Geometry, cells: list[int], limit: int = 2) -> int:
    """How many solutions the clues have, counted up to limit."""
    return len(solved_states(geo, cells, limit))


def generate(geo: Geometry, seed: int) -> tuple[list[int], list[int]]:
    """A minimal puzzle and its solution for the seed: random fill, then every clue removed
    in random order unless removing it makes the solution ambiguous."""
    rng = random.Random(seed)
    solution = solutions(geo, [0] * geo.size ** 2, limit=1, rng=rng)[0]
    givens = solution[:]
    order = list(range(len(givens)))
    rng.shuffle(order)
    for cell in order:
        value, givens[cell] = givens[cell], 0
        if count_solutions(geo, givens, limit=2) != 1:
            givens[cell] = value
    return givens, solution


def parse(line: str) -> list[int]:
    """A 9x9 puzzle line ('.' or '0' for blank) as 81 values, 0 for blank."""
    return [int(ch) if ch.isdigit() else 0 for ch in line.strip()[:81]]
