"""A Kakuro's solution while it is made: a digit in every white square, no digit twice in
a run, and what changing it does to the runs' totals.

The generator fills the board at random, then moves digits about (one cell's digit
changed, or two digits of a run swapped) to make the totals say more or less: a run's
*looseness* is how many combinations its total has (log-scaled), 0 for a total only one
set of digits makes.
"""

from __future__ import annotations

import math
from functools import cache

from .. import compiled
from ..bits import bits_of
from ..board.shape import KAKURO_DIGITS, Shape
from ..killer.cages import combinations
from ..rng import Rng

ALL = (1 << KAKURO_DIGITS) - 1
TOTALS = KAKURO_DIGITS * (KAKURO_DIGITS + 1) // 2 + 1  # a run's total is 0 to 45
Move = tuple[tuple[int, int], ...]  # (cell, new digit) pairs


@cache  # a few hundred (length, total) pairs, asked millions of times
def looseness(length: int, total: int) -> float:
    """How little a run's total says: the log of its number of combinations."""
    count = len(combinations(length, total, KAKURO_DIGITS))
    return math.log(count) if count else math.inf


class Filling:
    """Digits for the white squares of a board, kept with each run's digits (a mask) and
    total."""

    def __init__(self, shape: Shape, values: list[int]) -> None:
        self.shape = shape
        self.values = values
        self.cells = tuple(unit.cells for unit in shape.units)
        self.runs_of = tuple(tuple(shape.units_of[c]) for c in range(shape.cell_count))
        self.used = [0] * len(self.cells)
        self.totals = [0] * len(self.cells)
        self._tables = None
        for run, cells in enumerate(self.cells):
            for cell in cells:
                self.used[run] |= 1 << (values[cell] - 1)
                self.totals[run] += values[cell]

    def looseness(self, run: int) -> float:
        return looseness(len(self.cells[run]), self.totals[run])

    def moves_at(self, cell: int) -> list[Move]:
        """Every move changing the cell: a digit neither of its runs holds, or a swap with
        a run mate whose digit its other run lacks (and the other way round)."""
        value = self.values[cell]
        across, down = self.runs_of[cell]
        free = ALL & ~self.used[across] & ~self.used[down]
        moves: list[Move] = [((cell, d + 1),) for d in bits_of(free)]
        for run, other in ((across, down), (down, across)):
            for mate in self.cells[run]:
                if mate == cell:
                    continue
                theirs = self.values[mate]
                mates_other = next(r for r in self.runs_of[mate] if r != run)
                if not self.used[other] >> (theirs - 1) & 1 and \
                        not self.used[mates_other] >> (value - 1) & 1:
                    moves.append(((cell, theirs), (mate, value)))
        return moves

    def change(self, move: Move) -> float:
        """How much the move changes the looseness of the runs it touches (the totals it
        would leave worked out, not made: the same sums, in the same order, as making
        it and undoing it)."""
        # The set's order and the sums left to right (not sum(), which compensates since
        # Python 3.12) are the order the compiled moves (csrc/kakurofill.c) add up in.
        runs = {run for cell, _ in move for run in self.runs_of[cell]}
        shift = dict.fromkeys(runs, 0)
        for cell, value in move:
            for run in self.runs_of[cell]:
                shift[run] += value - self.values[cell]
        before = after = 0.0
        for run in runs:
            before += self.looseness(run)
            after += looseness(len(self.cells[run]), self.totals[run] + shift[run])
        return after - before

    def compiled_tables(self):
        """The board's tables for the compiled moves (csrc/kakurofill.c), made once."""
        if self._tables is None:
            rows = tuple(tuple(looseness(length, total) for total in range(TOTALS))
                         for length in range(KAKURO_DIGITS + 1))
            self._tables = compiled.extension().kakuro_fill_tables(self.cells, self.runs_of,
                                                                   rows)
        return self._tables

    def apply(self, move: Move) -> Move:
        """Make the move; the move that undoes it."""
        undo = tuple((cell, self.values[cell]) for cell, _ in move)
        for cell, _ in move:
            self._set(cell, 0)
        for cell, value in move:
            self._set(cell, value)
        return undo

    def _set(self, cell: int, value: int) -> None:
        old = self.values[cell]
        for run in self.runs_of[cell]:
            if old:
                self.used[run] &= ~(1 << (old - 1))
            if value:
                self.used[run] |= 1 << (value - 1)
            self.totals[run] += value - old
        self.values[cell] = value


def random_filling(shape: Shape, rng: Rng) -> Filling | None:
    """A random filling: cells with the fewest digits left first, digits at random,
    backtracking; None if there is none (never seen on the generator's patterns)."""
    count = shape.cell_count
    runs_of = [tuple(shape.units_of[c]) for c in range(count)]
    used = [0] * len(shape.units)
    values = [0] * count
    choices: list[list[int]] = []
    order: list[int] = []
    while len(order) < count:
        cell, free = _most_constrained(values, runs_of, used)
        if cell >= 0 and free:
            choices.append(rng.shuffled(list(bits_of(free))))
            order.append(cell)
        elif not _backtrack(values, runs_of, used, choices, order):
            return None
        _take_next(values, runs_of, used, choices, order)
    return Filling(shape, values)


def _most_constrained(values, runs_of, used) -> tuple[int, int]:
    best, best_free, fewest = -1, 0, KAKURO_DIGITS + 1
    for cell, value in enumerate(values):
        if not value:
            across, down = runs_of[cell]
            free = ALL & ~used[across] & ~used[down]
            count = free.bit_count()
            if count < fewest:
                best, best_free, fewest = cell, free, count
                if count <= 1:
                    break
    return best, best_free


def _take_next(values, runs_of, used, choices, order) -> None:
    """Put the next untried digit in the latest cell."""
    cell = order[-1]
    d = choices[-1].pop()
    values[cell] = d + 1
    for run in runs_of[cell]:
        used[run] |= 1 << d


def _backtrack(values, runs_of, used, choices, order) -> bool:
    """Undo cells until one has an untried digit; False if none has."""
    while order:
        cell = order[-1]
        for run in runs_of[cell]:
            used[run] &= ~(1 << (values[cell] - 1))
        values[cell] = 0
        if choices[-1]:
            return True
        choices.pop()
        order.pop()
    return False
