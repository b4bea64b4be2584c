"""Proof two for a colour Nonogram, written apart from the line solver: each line's clue as
a small automaton over its cells' values, cells narrowed to what the automata still
accept, and a depth-first count of the grids every row and column automaton accepts. It
shares no code with coloursolver.py or colourlines.py.

A clue (2 red, 1 red, 3 blue) is the pattern  gap* rr gap+ r gap* bbb gap*: the states are
the pattern's symbols, a gap state may repeat, and a gap between two blocks of different
colours may be skipped (OPTIONAL).
"""

from __future__ import annotations

from collections.abc import Sequence

GAP, OPTIONAL = 0, -1  # symbols of the pattern beside the colours 1..k


def pattern(clue: Sequence[tuple[int, int]]) -> list[int]:
    symbols = [GAP]
    for number, (length, colour) in enumerate(clue):
        if number:
            symbols.append(GAP if clue[number - 1][1] == colour else OPTIONAL)
        symbols += [colour] * length
    return symbols + [GAP]


def _gap(symbol: int) -> bool:
    return symbol in (GAP, OPTIONAL)


def _moves(symbols: list[int], state: int, value: int) -> list[int]:
    """States after reading one cell of value (0 blank) in state."""
    nexts = [state] if _gap(symbols[state]) and value == 0 else []
    ahead = state + 1
    if ahead < len(symbols) and (symbols[ahead] == value or
                                 (_gap(symbols[ahead]) and value == 0)):
        nexts.append(ahead)
    if ahead + 1 < len(symbols) and symbols[ahead] == OPTIONAL and symbols[ahead + 1] == value:
        nexts.append(ahead + 1)
    return nexts


def _accepting(symbols: list[int]) -> set[int]:
    last = len(symbols) - 1
    return {last, last - 1} if last else {0}


def kept_values(symbols: list[int], cells: Sequence[frozenset[int]]) -> list[set[int]] | None:
    """Each cell's values some accepted line keeps (None: the automaton accepts none)."""
    forward = [{0}]
    for values in cells:
        forward.append({after for state in forward[-1] for value in values
                        for after in _moves(symbols, state, value)})
    alive = forward[-1] & _accepting(symbols)
    if not alive:
        return None
    kept: list[set[int]] = [set() for _ in cells]
    for at in range(len(cells) - 1, -1, -1):
        before = set()
        for state in forward[at]:
            for value in cells[at]:
                if alive.intersection(_moves(symbols, state, value)):
                    kept[at].add(value)
                    before.add(state)
        alive = before
    return kept


class ColourAutomataCount:
    """Counts the grids whose every row and column its automaton accepts."""

    def __init__(self, rows, columns, colours: int) -> None:
        self.height, self.width = len(rows), len(columns)
        self.symbols = [pattern(clue) for clue in rows] + [pattern(clue) for clue in columns]
        self.every = frozenset(range(colours + 1))
        self.found: list[tuple[int, ...]] = []

    def count(self, grid: list[frozenset[int]], limit: int) -> int:
        if not self._narrow(grid):
            return 0
        open_cell = next((i for i, values in enumerate(grid) if len(values) > 1), None)
        if open_cell is None:
            self.found.append(tuple(min(values) for values in grid))
            return 1
        total = 0
        for value in sorted(grid[open_cell]):
            branch = list(grid)
            branch[open_cell] = frozenset((value,))
            total += self.count(branch, limit - total)
            if total >= limit:
                break
        return total

    def _narrow(self, grid: list[frozenset[int]]) -> bool:
        changed = True
        while changed:
            changed = False
            for index, symbols in enumerate(self.symbols):
                cells = self._cells(index)
                kept = kept_values(symbols, [grid[i] for i in cells])
                if kept is None or not all(kept):
                    return False
                for cell, values in zip(cells, kept):
                    if grid[cell] != values:
                        grid[cell] = frozenset(values)
                        changed = True
        return True

    def _cells(self, index: int) -> range:
        if index < self.height:
            return range(index * self.width, (index + 1) * self.width)
        column = index - self.height
        return range(column, self.height * self.width, self.width)


def grids_by_colour_automata(rows, columns, colours: int, givens=(), limit: int = 2
                             ) -> tuple[int, list[tuple[int, ...]]]:
    """The count of grids with these clues and givens (row, column, value), up to limit,
    and the grids found (row-major values, 0 blank)."""
    counter = ColourAutomataCount(rows, columns, colours)
    grid = [counter.every] * (counter.height * counter.width)
    for row, column, value in givens:
        grid[row * counter.width + column] = frozenset((value,))
    return counter.count(grid, limit), counter.found
