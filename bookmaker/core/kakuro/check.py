"""The Kakuro's second proof: a search on per-digit bitboards, written apart from
solver.py.

It shares nothing with solver.py or clues.py: it reads the board's runs (cell lists) and
their totals, finds each run's sets of digits itself by trying every set, and keeps its
state the other way round: one bitboard per digit (bit c: cell c may still hold it),
where the solver keeps a digit mask per cell. So one bug cannot hide in both.

Rules, applied in passes over the runs where something changed, until a pass changes
nothing:
- a cell no digit may hold is a contradiction; a cell only one digit may hold has it,
  and that digit leaves the rest of its runs (two such cells of a run with one digit: a
  contradiction);
- a run keeps only the sets of digits of its length adding up to its total that hold its
  decided digits and only digits some cell of it may take; a digit in none of them
  leaves the run, and a digit all of them hold, with one place left in the run, goes
  there.
Then it branches on the first cell with the fewest digits left, smallest digit first,
and counts solutions up to a limit within a node budget.

(Dancing Links over an exact cover of cells, runs and their sets, the road first taken,
needed 471,065 nodes and 10 s for a 15x15 Kakuro that this search settles in a few
thousand: a cover has no way to narrow the runs in between; bench/kakuro_dlx.py keeps it
for comparison.)
"""

from __future__ import annotations

from itertools import combinations

from .. import compiled
from ..checkresult import CheckResult, depth_first

DIGITS = 9


class _Contradiction(Exception):
    pass


def check_kakuro(shape, totals, givens, limit: int = 2,
                 max_nodes: int | None = None) -> CheckResult:
    """Up to `limit` solutions of the Kakuro on `shape` whose runs (its units, in order)
    add up to `totals`; givens 0 for blank."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    rules = _Rules([tuple(unit.cells) for unit in shape.units], list(totals), len(givens))
    every = (1 << len(givens)) - 1
    boards = [every] * DIGITS
    for cell, value in enumerate(givens):
        if value:
            for d in range(DIGITS):
                if d != value - 1:
                    boards[d] &= ~(1 << cell)
    return _search(rules, boards, limit, max_nodes)


def _search(rules: _Rules, start: list[int], limit: int,
            max_nodes: int | None) -> CheckResult:
    """Depth first from the start's boards; in C where the compiled core has it
    (csrc/kakurocheck.c, the same rules, branches and nodes)."""
    checker = compiled.kakuro_checker()
    if checker is not None:
        masks = [sum(1 << d for d in range(DIGITS) if start[d] >> cell & 1)
                 for cell in range(rules.cell_count)]
        count, solutions, complete, nodes = checker(
            rules.cells, rules.sets, masks, limit, -1 if max_nodes is None else max_nodes)
        return CheckResult(count, solutions, complete, nodes)

    def expand(state: tuple[list[int], int]):
        boards, changed = state
        try:
            rules.settle(boards, changed)
        except _Contradiction:
            return None, ()
        cell = rules.branch_cell(boards)
        if cell < 0:
            return rules.values(boards), ()
        bit = 1 << cell
        return None, [([b if e == d else b & ~bit for e, b in enumerate(boards)], bit)
                      for d in range(DIGITS) if boards[d] & bit]  # the smallest first
    return depth_first((start, rules.every), expand, limit, max_nodes)


class _Rules:
    """One Kakuro's runs as cell masks, with the sets of digits each may hold."""

    def __init__(self, runs, totals, cell_count: int) -> None:
        self.cell_count = cell_count
        self.every = (1 << cell_count) - 1
        self.cells = runs
        self.runs = [sum(1 << c for c in cells) for cells in runs]
        self.sets = [[sum(1 << (v - 1) for v in values)
                      for values in combinations(range(1, DIGITS + 1), len(cells))
                      if sum(values) == total] for cells, total in zip(runs, totals)]

    def settle(self, boards: list[int], changed: int) -> None:
        """Apply the rules in passes, each over the runs holding a cell that changed
        since the pass before (at first: `changed`), until one changes nothing;
        _Contradiction if one fails."""
        while changed:
            before = list(boards)
            for run, sets in zip(self.runs, self.sets):
                if run & changed:
                    self._narrow(boards, run, sets)
            changed = 0
            for old, new in zip(before, boards):
                changed |= old ^ new

    def _singles(self, boards: list[int]) -> int:
        """The cells only one digit may hold; _Contradiction if a cell has none."""
        once = twice = 0
        for board in boards:
            twice |= once & board
            once |= board
        if self.every & ~once:
            raise _Contradiction
        return once & ~twice

    def _narrow(self, boards: list[int], run: int, sets) -> None:
        single = self._singles(boards)
        decided = possible = 0
        for d in range(DIGITS):
            here = boards[d] & run
            if here:
                possible |= 1 << d
                fixed = here & single
                if fixed & (fixed - 1):
                    raise _Contradiction  # the digit decided in two cells of the run
                if fixed:
                    decided |= 1 << d
                    boards[d] &= ~(run & ~fixed)
        allowed, needed = 0, (1 << DIGITS) - 1
        for values in sets:
            if values & decided == decided and not values & ~possible:
                allowed |= values
                needed &= values
        if not allowed:
            raise _Contradiction
        for d in range(DIGITS):
            if not allowed >> d & 1:
                boards[d] &= ~run
            elif needed >> d & 1 and not decided >> d & 1:
                places = boards[d] & run
                if not places:
                    raise _Contradiction
                if not places & (places - 1):
                    for e in range(DIGITS):
                        if e != d:
                            boards[e] &= ~places

    def branch_cell(self, boards: list[int]) -> int:
        """The first cell with the fewest digits left, more than one; -1 if none."""
        counts = [0] * self.cell_count
        for board in boards:
            while board:
                low = board & -board
                counts[low.bit_length() - 1] += 1
                board ^= low
        open_counts = [(n, c) for c, n in enumerate(counts) if n > 1]
        return min(open_counts)[1] if open_counts else -1

    def values(self, boards: list[int]) -> tuple[int, ...]:
        values = [0] * self.cell_count
        for d, board in enumerate(boards):
            while board:
                low = board & -board
                values[low.bit_length() - 1] = d + 1
                board ^= low
        return tuple(values)
