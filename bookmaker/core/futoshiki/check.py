"""The second proof of a Futoshiki, written apart from the solver: a search that keeps
every constraint between two cells arc consistent, over sets of values.

Every constraint is between two cells: different values (same row or column), or one
smaller than the other (a sign). When a cell's values shrink, each cell it is constrained
with keeps only the values that some value of the cell still allows (for 'different':
all but a lone value; for a sign: those above its least, or below its greatest); a cell
left with none ends the branch. Once no constraint narrows, each row and column places
a value that one cell alone can still hold there (a value no cell holds ends the branch),
and the constraints go on. The search then tries each value of the undecided cell with
fewest values left.
"""

from __future__ import annotations

from functools import lru_cache

from .. import compiled
from ..checkresult import CheckResult, depth_first
from .signs import Signs

CHECK_MAX_NODES = 200_000


def check_futoshiki(signs: Signs, givens, limit: int = 2,
                    max_nodes: int = CHECK_MAX_NODES) -> CheckResult:
    """Count the solutions of the givens under the signs, up to `limit`; in C where the
    compiled core runs (csrc/futoshikicheck.c: the same nodes and solutions)."""
    checker = compiled.futoshiki_checker(check_futoshiki_in_python)
    if checker is check_futoshiki_in_python:
        return checker(signs, givens, limit, max_nodes)
    return CheckResult(*checker(signs.size, [cell for pair in signs.pairs for cell in pair],
                                list(givens), limit, max_nodes))


def check_futoshiki_in_python(signs: Signs, givens, limit: int = 2,
                              max_nodes: int | None = CHECK_MAX_NODES) -> CheckResult:
    """check_futoshiki() in Python: the reference."""
    n = signs.size
    constraints = _constraints(n, signs), _lines(n)
    every = (1 << n) - 1
    # a cell's values as a mask, bit v-1 for value v: a set's work at an int's cost
    domains = [1 << (value - 1) if value else every for value in givens]

    def expand(state: tuple[list[int], list[int]]):
        domains, changed = state
        if not _consistent(domains, changed, constraints):
            return None, ()
        open_cells = [c for c, values in enumerate(domains) if values & (values - 1)]
        if not open_cells:
            return tuple(values.bit_length() for values in domains), ()
        cell = min(open_cells, key=lambda c: domains[c].bit_count())
        return None, [(domains[:cell] + [bit] + domains[cell + 1:], [cell])
                      for bit in _bits(domains[cell])]  # the least is tried first
    return depth_first((domains, list(range(n * n))), expand, limit, max_nodes)


def _bits(values: int) -> list[int]:
    """A mask's values, each as a mask of its own, least first."""
    bits = []
    while values:
        bits.append(values & -values)
        values &= values - 1
    return bits


DIFFERENT, SMALLER, LARGER = range(3)  # a cell's relation to another: !=, <, >


def _constraints(n: int, signs: Signs) -> tuple[list, list]:
    """Per cell, (other cell, relation of this cell to it), by other cell; and per cell
    the same list's signs alone (all a cell whose values are not one can narrow)."""
    related = [dict(others) for others in _different(n)]
    for smaller, larger in signs.pairs:
        related[smaller][larger] = SMALLER
        related[larger][smaller] = LARGER
    every = [sorted(r.items()) for r in related]
    return every, [[(other, how) for other, how in r if how != DIFFERENT] for r in every]


@lru_cache(maxsize=16)
def _different(n: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per cell, (other cell of its row or column, DIFFERENT)."""
    related: list[dict[int, int]] = [{} for _ in range(n * n)]
    for cell in range(n * n):
        row, col = divmod(cell, n)
        for k in range(n):
            for other in (row * n + k, k * n + col):
                if other != cell:
                    related[cell][other] = DIFFERENT
    return tuple(tuple(sorted(r.items())) for r in related)


def _lines(n: int) -> list[list[int]]:
    """The rows and the columns of the square, as cell lists."""
    return [[r * n + c for c in range(n)] for r in range(n)] + \
        [[r * n + c for r in range(n)] for c in range(n)]


def _consistent(domains: list[int], changed: list[int], constraints) -> bool:
    """Make every constraint arc consistent again after the `changed` cells shrank, and
    place the values with one cell left in a line, until neither changes anything (the
    domains are changed in place); False if a cell runs dry or a line loses a value."""
    related, lines = constraints
    queue = list(changed)
    while queue:
        if not _arc_consistent(domains, queue, related):
            return False
        if not _lone_values(domains, queue, lines):
            return False
    return True


def _lone_values(domains: list[int], queue: list[int], lines) -> bool:
    """Each value only one cell of a line can still hold goes there (the cell joins the
    queue); False if a line has a value no cell can hold."""
    every = (1 << len(lines[0])) - 1
    for line in lines:
        once = twice = 0
        for cell in line:
            twice |= once & domains[cell]
            once |= domains[cell]
        if once != every:
            return False
        for cell in line:
            lone = domains[cell] & ~twice
            if lone and lone != domains[cell]:
                if lone & (lone - 1):
                    return False  # two values with this one cell left
                domains[cell] = lone
                queue.append(cell)
    return True


def _arc_consistent(domains: list[int], queue: list[int], constraints) -> bool:
    """Empty the queue, narrowing each constraint of a cell in it (False if a cell runs
    dry)."""
    every, signs = constraints
    while queue:
        cell = queue.pop()
        mine = domains[cell]
        # 'different' narrows only from one value: else the signs alone, in the same order
        for other, relation in (signs if mine & (mine - 1) else every)[cell]:
            theirs = domains[other]
            if relation == DIFFERENT:
                kept = theirs & ~mine
            elif relation == SMALLER:  # theirs above my least
                kept = theirs & ~(((mine & -mine) << 1) - 1)
            else:  # theirs below my greatest
                kept = theirs & ((1 << (mine.bit_length() - 1)) - 1)
            if kept != theirs:
                if not kept:
                    return False
                domains[other] = kept
                queue.append(other)
    return True
