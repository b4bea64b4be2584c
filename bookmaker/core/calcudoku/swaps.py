"""A second solution of a Calcudoku draft found by exchanging values along a cycle.

The cells of a Latin square holding values a and b make cycles (from an a along its row to
the b, down that column to the next a, ...); swapping a and b along one keeps a Latin
square. So does exchanging two columns' (or two rows') values at places where between them
they hold the same values (from a place, to the place along the first holding the value the
second holds there, ...). Where every cage such a cycle meets still accepts its cells'
values, the cages have a second solution, so the grader (which neither guesses nor assumes
uniqueness) cannot finish them: a climb drops such a change without grading it (6x6
expert: two thirds of the changes that are not unique, and those cost the grader most, its
chains run before it stalls).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from .. import compiled


def second_by_swap(n: int, tables: bytes, solution: Sequence[int]) -> bool:
    """Whether a cycle's exchange in the solution is a second solution of the cages given as
    their narrowing_tables (in C where the core runs it, csrc/calcswap.c)."""
    swap = compiled.calcudoku_swapper()
    found = swap_in_python(n, tables, solution) if swap is None else swap(n, solution, tables)
    return found >= 0


def swap_in_python(n: int, tables: bytes, solution: Sequence[int]) -> int:
    """The index (in swap_cycles() order) of the first cycle every cage of the tables it
    meets accepts exchanged, or -1: the reference of csrc/calcswap.c."""
    words = array("Q", tables)
    start = _cage_starts(words)
    for index, swapped in enumerate(swap_cycles(n, solution)):
        if all(_accepts(n, words, start[cell], solution, swapped) for cell in swapped):
            return index
    return -1


def swap_cycles(n: int, solution: Sequence[int]) -> list[dict[int, int]]:
    """Each cycle as {cell: the value it takes}: the cycles of two values, then those of
    two columns, then those of two rows (_line_cycles())."""
    return [*_value_cycles(n, solution), *_line_cycles(n, solution, True),
            *_line_cycles(n, solution, False)]


def _value_cycles(n: int, solution: Sequence[int]) -> list[dict[int, int]]:
    """For a < b, for each row whose a is not yet met: its a, the b in its row, the a in
    that b's column, ... back to the start, a and b swapped."""
    column_of = [{solution[row * n + col]: col for col in range(n)} for row in range(n)]
    row_of = [{solution[row * n + col]: row for row in range(n)} for col in range(n)]
    found = []
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            met: set[int] = set()
            for first in range(n):
                swapped, row = {}, first
                while row not in met:
                    met.add(row)
                    swapped[row * n + column_of[row][a]] = b
                    swapped[row * n + column_of[row][b]] = a
                    row = row_of[column_of[row][b]][a]
                if swapped:
                    found.append(swapped)
    return found


def _line_cycles(n: int, solution: Sequence[int], columns: bool) -> list[dict[int, int]]:
    """For two lines (columns, else rows), for each place along the first not yet met:
    it, the place along the first holding the value the second holds there, ..., the
    two lines' values exchanged at those places; those of two places left out (they are
    cycles of two values)."""
    step, stride = (n, 1) if columns else (1, n)
    found = []
    for first in range(n):
        for second in range(first + 1, n):
            place_of = {solution[first * stride + k * step]: k for k in range(n)}
            met: set[int] = set()
            for start in range(n):
                swapped, at = {}, start
                while at not in met:
                    met.add(at)
                    one, other = first * stride + at * step, second * stride + at * step
                    swapped[one], swapped[other] = solution[other], solution[one]
                    at = place_of[solution[other]]
                if len(swapped) > 4:
                    found.append(swapped)
    return found


def _cage_starts(words: array) -> dict[int, int]:
    """Per cell, where its cage starts in the tables' words (its cell count)."""
    start, at = {}, 3
    for _ in range(words[2]):
        count, fillings = words[at], words[at + 1]
        for cell in words[at + 2:at + 2 + count]:
            start[cell] = at
        at += 2 + count + fillings
    return start


def _accepts(n: int, words: array, at: int, solution: Sequence[int],
             swapped: dict[int, int]) -> bool:
    """Whether the cage starting at `at` has its cells' values, those `swapped` holds
    taken instead, among its fillings (packed as cages.pack() packs them)."""
    count, fillings = words[at], words[at + 1]
    cells = words[at + 2:at + 2 + count]
    packed = sum(1 << (i * n + swapped.get(cell, solution[cell]) - 1)
                 for i, cell in enumerate(cells))
    return packed in words[at + 2 + count:at + 2 + count + fillings]
