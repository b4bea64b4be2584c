"""Proof two, written apart from the line solver: each line's clue as a small automaton over
its cells, cells settled by what the automata still accept, and a depth-first count of the
grids every row and column automaton accepts. It shares no code with solver.py or lines.py.

A clue (3, 1) is the pattern 0* 111 0+ 1 0*: the automaton's states are the pattern's
symbols; a state of 0 may repeat, and the run starts before the first symbol.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

EMPTY, SHADED, EITHER = 1, 2, 3  # a cell's possible values as bits


def pattern(runs: Sequence[int]) -> list[int]:
    """The automaton's symbols: 0 (a gap that may repeat) or 1 (one shaded cell)."""
    symbols = [0]
    for run in runs:
        symbols += [1] * run + [0]
    return symbols


def _accepting(symbols: list[int]) -> set[int]:
    last = len(symbols) - 1
    return {last, last - 1} if last else {0}


def _moves(symbols: list[int], state: int, bit: int) -> list[int]:
    """States after reading one cell (bit 1 shaded, 0 empty) in state."""
    nexts = [state] if symbols[state] == 0 and bit == 0 else []
    if state + 1 < len(symbols) and symbols[state + 1] == bit:
        nexts.append(state + 1)
    return nexts


def allowed(symbols: list[int], values: Sequence[int]) -> list[int] | None:
    """Each cell's values that some accepted line keeps (None: the automaton accepts none).
    Forward: states reachable after each prefix; backward: states that still reach
    acceptance; a value survives if it joins one to the other."""
    moves = _move_table(tuple(symbols))
    forward = [{0}]
    for value in values:
        reached: set[int] = set()
        for state in forward[-1]:
            for bit in (0, 1):
                if value >> bit & 1:
                    reached.update(moves[state][bit])
        forward.append(reached)
    alive = forward[-1] & _accepting(symbols)
    if not alive:
        return None
    kept = [0] * len(values)
    for at in range(len(values) - 1, -1, -1):
        before = set()
        for state in forward[at]:
            for bit in (0, 1):
                if values[at] >> bit & 1 and alive.intersection(moves[state][bit]):
                    kept[at] |= 1 << bit
                    before.add(state)
        alive = before
    return kept


@lru_cache(maxsize=4096)
def _move_table(symbols: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per state, _moves() after an empty cell and after a shaded one: made once per clue,
    not once per cell and state (the count asks the same lines' automata again and again)."""
    pattern_ = list(symbols)
    return tuple((tuple(_moves(pattern_, state, 0)), tuple(_moves(pattern_, state, 1)))
                 for state in range(len(symbols)))


class AutomataCount:
    """Counts the grids whose every row and column its automaton accepts."""

    def __init__(self, rows: Sequence[Sequence[int]], columns: Sequence[Sequence[int]]):
        self.height, self.width = len(rows), len(columns)
        self.rows = [pattern(runs) for runs in rows]
        self.columns = [pattern(runs) for runs in columns]
        self.found: list[tuple[int, ...]] = []  # the grids counted, as value bits

    def count(self, grid: list[int], limit: int) -> int:
        """Accepted grids (cells as value bits, row-major) up to limit."""
        if not self._narrow(grid):
            return 0
        open_cell = next((i for i, value in enumerate(grid) if value == EITHER), None)
        if open_cell is None:
            self.found.append(tuple(grid))
            return 1
        total = 0
        for value in (SHADED, EMPTY):
            branch = list(grid)
            branch[open_cell] = value
            total += self.count(branch, limit - total)
            if total >= limit:
                break
        return total

    def _narrow(self, grid: list[int]) -> bool:
        """Narrow cells to what every automaton keeps, until nothing changes. A line still
        as its automaton left it is not asked again: allowed() keeps what it kept (every
        accepted line the values allow uses only kept values), so the answer is the same."""
        left: list[list[int] | None] = [None] * (self.height + self.width)
        changed = True
        while changed:
            changed = False
            for index in range(self.height + self.width):
                cells = self._line_cells(index)
                values = [grid[i] for i in cells]
                if values == left[index]:
                    continue
                kept = allowed(self._symbols(index), values)
                if kept is None or 0 in kept:
                    return False
                left[index] = kept
                for cell, value in zip(cells, kept):
                    if grid[cell] != value:
                        grid[cell] = value
                        changed = True
        return True

    def _line_cells(self, index: int) -> range:
        if index < self.height:
            return range(index * self.width, (index + 1) * self.width)
        column = index - self.height
        return range(column, self.height * self.width, self.width)

    def _symbols(self, index: int) -> list[int]:
        return self.rows[index] if index < self.height else self.columns[index - self.height]


def count_by_automata(rows, columns, givens=(), limit: int = 2) -> int:
    """Grids with these row and column clues and givens (row, column, shaded), up to limit."""
    return grids_by_automata(rows, columns, givens, limit)[0]


def grids_by_automata(rows, columns, givens=(), limit: int = 2
                      ) -> tuple[int, list[tuple[int, ...]]]:
    """The count, and the grids found (row-major, EMPTY or SHADED a cell)."""
    counter = AutomataCount(rows, columns)
    grid = [EITHER] * (counter.height * counter.width)
    for row, column, shaded in givens:
        grid[row * counter.width + column] = SHADED if shaded else EMPTY
    return counter.count(grid, limit), counter.found
