"""The Calcudoku's second opinion: an exact cover written apart from solver.py and cages.py.

It reads only the size n and each cage's cells, target and operation, as plain values.
Every way of filling one cage (each tuple of values 1..n over its cells that makes its
target, by its operation or, hidden, by any the cage's size allows) is one row of an
exact-cover matrix, covering the cage's cells and, for each cell, "its row holds this
value" and "its column holds this value". A choice of rows covering every column exactly
once is a solution: each cell filled once (the cages tile the board), each value once in
each row and each column. The fillings are found here by trying every tuple; the search
is the generic Dancing Links of core/solve/dlx.py, which knows nothing of cages. So a
bug in the solver's fillings or propagation cannot hide here too. On the compiled core
both run in C (csrc/calcways.c tries the tuples in _ways' order, csrc/exactcover.c
searches as dlx.py does), with the same rows, covers and nodes; csrc/calccheck.c does the
whole check in one call, the same rows in the same order.
"""

from __future__ import annotations

from functools import lru_cache

from .. import compiled
from ..checkresult import CheckResult
from ..solve.dlx import PureExactCover, cover_matrix


def check_calcudoku(n: int, cages, limit: int = 2, max_nodes: int | None = None) -> CheckResult:
    """Up to `limit` solutions of the n x n Calcudoku whose cages are (cells, target,
    operation) with cells numbered row by row and operation one of '+', '−', '×', '÷', or
    '' (a one-cell cage, or hidden)."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    checker = compiled.calcudoku_checker()
    found = None if checker is None else checker(n, cages, limit, max_nodes)
    if found is not None:
        return CheckResult(*found)
    return check_calcudoku_in_python(n, cages, limit, max_nodes)


def check_calcudoku_in_python(n: int, cages, limit: int = 2,
                              max_nodes: int | None = None) -> CheckResult:
    """check_calcudoku() with the Python's glue (its fillings and search in C where the
    compiled core runs, each on its own): the reference of csrc/calccheck.c."""
    ways = compiled.calcudoku_filler(_listed_ways)
    table = _value_columns(n)
    options: list[tuple] = []
    rows: list[tuple[int, ...]] = []  # the matrix columns of each option, from 0
    for cells, target, operation in cages:
        # None from C: numbers past what it holds, the Python then tries them.
        found = ways(n, cells, target, operation) or _listed_ways(n, cells, target, operation)
        options += [(cells, values) for values in found]
        rows += _rows(table, cells, found)
    if not options:
        return CheckResult(0, (), True, 0)
    search = compiled.single_cover(
        lambda: (3 * n * n, rows, _peer_columns(n)[1:]),
        lambda: PureExactCover(cover_matrix(n, n * n, 3 * n * n,
                                            [[c + 1 for c in row] for row in rows],
                                            _peer_columns(n, 1))))
    covers, complete, nodes = search.solve((), limit, max_nodes)
    solutions = tuple(_grid(n, (options[row] for row in cover)) for cover in covers)
    return CheckResult(len(solutions), solutions, complete, nodes)


def _listed_ways(n: int, cells, target: int, operation: str) -> list[tuple[int, ...]]:
    """_ways as a list: the pure twin of csrc/calcways.c."""
    return list(_ways(n, cells, target, operation))


def _ways(n: int, cells, target: int, operation: str):
    """Each tuple of values for the cells making the target, no value twice in a row or
    a column: tried value by value, dropping a start that already repeats a value in a
    line or that no further values can bring to the target."""
    def extend(values: tuple[int, ...]):
        if len(values) == len(cells):
            if _makes(values, target, operation):
                yield values
            return
        for value in range(1, n + 1):
            longer = values + (value,)
            if _latin(n, cells, longer) and _reachable(longer, len(cells), target, operation):
                yield from extend(longer)
    yield from extend(())


def _reachable(values, size: int, target: int, operation: str) -> bool:
    """Whether values so far can still make the target: a sum never shrinks and a product
    stays a divisor of its target (cages of two cells may also subtract or divide)."""
    if size <= 2:
        return True
    by_sum = sum(values) + size - len(values) <= target
    by_product = target % _product(values) == 0
    return {"+": by_sum, "×": by_product}.get(operation, by_sum or by_product)


def _product(values) -> int:
    result = 1
    for value in values:
        result *= value
    return result


def _makes(values, target: int, operation: str) -> bool:
    if len(values) == 1:
        return values[0] == target
    total, product_ = 0, 1
    for value in values:
        total += value
        product_ *= value
    made = {"+": total, "×": product_}
    if len(values) == 2:
        big, small = sorted(values, reverse=True)
        made["−"] = big - small
        if big % small == 0:
            made["÷"] = big // small
    if operation:
        return made.get(operation) == target
    return target in made.values()


def _latin(n: int, cells, values) -> bool:
    seen: set[tuple[str, int, int]] = set()
    for cell, value in zip(cells, values):
        row, column = divmod(cell, n)
        if ("r", row, value) in seen or ("c", column, value) in seen:
            return False
        seen.update((("r", row, value), ("c", column, value)))
    return True


@lru_cache(maxsize=16)
def _value_columns(n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per cell and value (1..n; index 0 unused) the matrix columns (from 0) a filling
    putting the value there covers: the cell's own, its row's and its column's for the
    value (kept per n)."""
    return tuple(((),) + tuple((cell, n * n + (cell // n) * n + value - 1,
                                2 * n * n + (cell % n) * n + value - 1)
                               for value in range(1, n + 1))
                 for cell in range(n * n))


def _rows(table, cells, ways) -> list[tuple[int, ...]]:
    """The matrix columns (from 0) each filling of the cage covers, cell by cell (`table`:
    _value_columns(n)); cages of two to four cells, the most common, joined directly."""
    by_value = [table[cell] for cell in cells]
    if len(cells) == 2:
        first, second = by_value
        return [first[a] + second[b] for a, b in ways]
    if len(cells) == 3:
        first, second, third = by_value
        return [first[a] + second[b] + third[c] for a, b, c in ways]
    if len(cells) == 4:
        first, second, third, fourth = by_value
        return [first[a] + second[b] + third[c] + fourth[d] for a, b, c, d in ways]
    return [sum((columns[value] for columns, value in zip(by_value, values)), ())
            for values in ways]


@lru_cache(maxsize=32)
def _peer_columns(n: int, first: int = 0) -> tuple[tuple[int, ...], ...]:
    """For each cell column (index 0 is the root), the cell columns of its row and column,
    numbered from `first` (kept per n: every check asks)."""
    peers: list[tuple[int, ...]] = [()]
    for cell in range(n * n):
        row, column = divmod(cell, n)
        peers.append(tuple(first + other for other in range(n * n) if other != cell and
                           (other // n == row or other % n == column)))
    return tuple(peers)


def _grid(n: int, chosen) -> tuple[int, ...]:
    values = [0] * (n * n)
    for cells, filling in chosen:
        for cell, value in zip(cells, filling):
            values[cell] = value
    return tuple(values)
