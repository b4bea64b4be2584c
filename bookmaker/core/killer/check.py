"""The Killer's second opinion: a constraint search written apart from solver.py.

It shares nothing with killer/solver.py or cages.py: it reads the board's list of units
(cell lists) and each cage's cells and total, finds the combinations itself by trying
every set of values, works out the 45 rule itself, and keeps its state the other way
round, one candidate mask per cell (bit v-1: value v still possible), where the first
solver keeps one bitboard per value. So one bug cannot hide in both.

Rules, applied in passes until a pass changes nothing:
- a cell with one candidate takes it from every cell sharing a unit or its cage;
- a value with no place in a unit is a contradiction, with one place it goes there;
- a cage keeps only values of the sets of distinct values of its size adding up to its
  total that hold its decided values and only values its cells may still take; a value
  all those sets hold goes to its one place in the cage, or leaves the rest of a unit
  holding all its places in the cage;
- every group of cells with a known total (each cage; the cells of a unit, of adjacent
  rows or columns, or of two boxes side by side, in cages crossing its edge, and the
  cells of those cages outside it) narrows each cell to what the others' smallest and
  largest candidates leave room for.
Then it branches on a cell with the fewest candidates, values ascending, and counts
solutions up to a limit within a node budget.

On the compiled core the check runs in C (csrc/killercheck.c, written apart from the
compiled Killer solver as this file is from the Python one), with the same decisions.
"""

from __future__ import annotations

from itertools import combinations

from .. import compiled
from ..checkresult import CheckResult, depth_first


class _Contradiction(Exception):
    pass


def check_killer(shape, cages, givens, limit: int = 2,
                 max_nodes: int | None = None) -> CheckResult:
    """Up to `limit` solutions of the Killer: `cages` as (cells, total) pairs covering the
    board, givens 0 for blank."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    cages = [(tuple(cells), total) for cells, total in cages]
    found = compiled.killer_checker(check_in_python)(
        shape.size, [unit.cells for unit in shape.units], [cells for cells, _ in cages],
        [total for _, total in cages], tuple(givens), limit, max_nodes)
    return CheckResult(*found)


def check_in_python(size: int, units, cages, totals, givens, limit: int,
                    max_nodes: int | None) -> tuple:
    """check_killer() on the board's units, as (count, solutions, complete, nodes), in
    Python: the reference (the compiled check takes the same arguments)."""
    rules = _Rules(size, len(givens), units, list(zip(map(tuple, cages), totals)))
    start = rules.start(givens)
    if start is None:
        return 0, (), True, 0
    found = _search(rules, start, limit, max_nodes)
    return found.count, found.solutions, found.complete, found.nodes


def _search(rules: _Rules, start: list[int], limit: int,
            max_nodes: int | None) -> CheckResult:
    def expand(candidates: list[int]):
        try:
            rules.settle(candidates)
        except _Contradiction:
            return None, ()
        open_cells = [c for c, mask in enumerate(candidates) if mask & (mask - 1)]
        if not open_cells:
            return tuple(mask.bit_length() for mask in candidates), ()
        cell = min(open_cells, key=lambda c: candidates[c].bit_count())
        return None, [candidates[:cell] + [1 << (value - 1)] + candidates[cell + 1:]
                      for value in _values(candidates[cell])]  # smallest value first
    return depth_first(start, expand, limit, max_nodes)


def _values(mask: int) -> list[int]:
    return [v for v in range(1, mask.bit_length() + 1) if mask >> (v - 1) & 1]


class _Rules:
    """The tables of one Killer: units, cages and their value sets, who sees whom, and
    the groups of cells with a known total."""

    def __init__(self, size: int, cell_count: int, units, cages) -> None:
        self.n, self.cell_count = size, cell_count
        self.units = [tuple(unit) for unit in units]
        self.cages = cages
        self.cage_sets = [[sum(1 << (v - 1) for v in values)
                           for values in combinations(range(1, self.n + 1), len(cells))
                           if sum(values) == total] for cells, total in cages]
        self.units_of = [[set(u) for u in self.units if c in u] for c in range(self.cell_count)]
        self.seen_by = self._seen_by()
        self.totals = list(cages) + self._innies_and_outies()

    def _seen_by(self) -> list[tuple[int, ...]]:
        seen: list[set[int]] = [set() for _ in range(self.cell_count)]
        for group in self.units + [cells for cells, _ in self.cages]:
            for cell in group:
                seen[cell].update(group)
        return [tuple(sorted(s - {c})) for c, s in enumerate(seen)]

    def _innies_and_outies(self) -> list[tuple[tuple[int, ...], int]]:
        """For each area (a unit; 2 to n-1 adjacent rows, or columns; two boxes side by
        side), the cells inside it of cages crossing its edge and those outside it, with
        their totals, as long as they are at most n cells (larger ones bound nothing)."""
        groups = []
        for area in _areas(self.units, self.n):
            inside = set(area)
            whole = sum(t for cells, t in self.cages if inside.issuperset(cells))
            crossing = [(cells, t) for cells, t in self.cages
                        if inside.intersection(cells) and not inside.issuperset(cells)]
            innie_total = len(area) // self.n * self.n * (self.n + 1) // 2 - whole
            innies = tuple(c for cells, _ in crossing for c in cells if c in inside)
            outies = tuple(c for cells, _ in crossing for c in cells if c not in inside)
            outie_total = sum(t for _, t in crossing) - innie_total
            groups += [(cells, total) for cells, total in ((innies, innie_total),
                                                           (outies, outie_total))
                       if 0 < len(cells) <= self.n]
        return groups

    def start(self, givens) -> list[int] | None:
        full = (1 << self.n) - 1
        candidates = [1 << (v - 1) if v else full for v in givens]
        for cell, value in enumerate(givens):
            if value and any(givens[o] == value for o in self.seen_by[cell]):
                return None
        return candidates

    def settle(self, candidates: list[int]) -> None:
        """Apply the rules until nothing changes; _Contradiction if a rule fails."""
        while (self._singles(candidates) | self._hidden_singles(candidates)
               | self._cage_sets(candidates) | self._sum_bounds(candidates)):
            pass

    def _singles(self, candidates: list[int]) -> bool:
        changed, again = False, True
        while again:
            again = False
            for cell, mask in enumerate(candidates):
                if not mask:
                    raise _Contradiction
                if mask & (mask - 1):
                    continue
                for other in self.seen_by[cell]:
                    if candidates[other] & mask:
                        candidates[other] &= ~mask
                        changed = again = True
        return changed

    def _hidden_singles(self, candidates: list[int]) -> bool:
        changed = False
        for unit in self.units:
            for value in range(self.n):
                bit = 1 << value
                places = [c for c in unit if candidates[c] & bit]
                if not places:
                    raise _Contradiction
                if len(places) == 1 and candidates[places[0]] != bit:
                    candidates[places[0]] = bit
                    changed = True
        return changed

    def _cage_sets(self, candidates: list[int]) -> bool:
        changed = False
        for (cells, _), sets in zip(self.cages, self.cage_sets):
            decided = possible = 0
            for cell in cells:
                mask = candidates[cell]
                possible |= mask
                if not mask & (mask - 1):
                    decided |= mask
            allowed, needed = 0, -1
            for values in sets:
                if values & decided == decided and not values & ~possible:
                    allowed |= values
                    needed &= values
            if not allowed:
                raise _Contradiction
            for cell in cells:
                if candidates[cell] & ~allowed:
                    candidates[cell] &= allowed
                    changed = True
            changed |= self._needed_values(candidates, cells, needed & ~decided)
        return changed

    def _needed_values(self, candidates: list[int], cells, needed: int) -> bool:
        """Values every set left for the cage holds: one with one place in the cage goes
        there; one whose places in it lie in one unit leaves the rest of the unit."""
        changed = False
        for value in _values(needed):
            bit = 1 << (value - 1)
            places = [c for c in cells if candidates[c] & bit]
            if len(places) == 1 and candidates[places[0]] != bit:
                candidates[places[0]] = bit
                changed = True
            for unit in self.units_of[places[0]] if places else ():
                if all(c in unit for c in places):
                    for other in unit:
                        if other not in cells and candidates[other] & bit:
                            candidates[other] &= ~bit
                            changed = True
        return changed

    def _sum_bounds(self, candidates: list[int]) -> bool:
        changed = False
        lows = [(mask & -mask).bit_length() for mask in candidates]
        highs = [mask.bit_length() for mask in candidates]
        for cells, total in self.totals:
            least = sum(lows[c] for c in cells)
            most = sum(highs[c] for c in cells)
            over, under = total - least, most - total  # room above the lows, below the highs
            if over < 0 or under < 0:
                raise _Contradiction
            for cell in cells:
                if highs[cell] - lows[cell] <= min(over, under):
                    continue  # its whole range fits
                smallest = max(1, highs[cell] - under)  # the values it may keep
                keep = ((1 << (lows[cell] + over)) - 1) & ~((1 << (smallest - 1)) - 1)
                if candidates[cell] & ~keep:
                    candidates[cell] &= keep
                    lows[cell] = (candidates[cell] & -candidates[cell]).bit_length()
                    highs[cell] = candidates[cell].bit_length()
                    changed = True
        return changed

def _areas(units, n: int) -> list[tuple[int, ...]]:
    """Units alone, runs of 2 to n-1 adjacent rows and of columns, and pairs of boxes
    side by side, read from the units' cells: rows are the units whose cells are one row
    of the frame, and so on."""
    width = max(max(unit) for unit in units) + 1
    side = round(width ** 0.5)
    rows = sorted((u for u in units if len({c // side for c in u}) == 1), key=min)
    columns = sorted((u for u in units if len({c % side for c in u}) == 1), key=min)
    boxes = sorted((u for u in units if u not in rows and u not in columns
                    and _is_box(u, side)), key=min)
    areas = [tuple(u) for u in units]
    for lines in (rows, columns):
        for length in range(2, len(lines)):
            for first in range(len(lines) - length + 1):
                areas.append(tuple(c for line in lines[first:first + length] for c in line))
    for i, one in enumerate(boxes):
        for two in boxes[i + 1:]:
            if _touching(one, two, side):
                areas.append(one + two)
    return areas


def _is_box(unit, side: int) -> bool:
    rows = {c // side for c in unit}
    columns = {c % side for c in unit}
    return len(rows) * len(columns) == len(unit) and \
        max(rows) - min(rows) == len(rows) - 1 and max(columns) - min(columns) == len(columns) - 1


def _touching(one, two, side: int) -> bool:
    """Two boxes side by side (same rows) or one above the other (same columns)."""
    rows = ({c // side for c in one}, {c // side for c in two})
    columns = ({c % side for c in one}, {c % side for c in two})
    return (rows[0] == rows[1] and (max(columns[0]) + 1 == min(columns[1])
                                    or max(columns[1]) + 1 == min(columns[0]))) or \
        (columns[0] == columns[1] and (max(rows[0]) + 1 == min(rows[1])
                                       or max(rows[1]) + 1 == min(rows[0])))
