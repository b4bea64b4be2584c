"""The second proof of a Binairo, written apart from the solver: a count over whole lines.

Every line a rule allows is listed once per size (n/2 of each symbol, never three alike).
Each row takes one of those lines that agrees with its givens and the signs across it;
each column keeps, as a bit set, the listed lines that agree with its givens, the signs
down it and the rows placed so far, and a row is placed only if every column keeps one.
The row placed next is the open one with fewest lines left; a full grid counts when its
rows (and, in classic Binairo, its columns) all differ.
"""

from __future__ import annotations

from ..checkresult import CheckResult
from .rules import Rules, allowed_lines, position_masks

COUNT_MAX_NODES = 400_000


def count_binairo(rules: Rules, cells, limit: int = 2,
                  max_nodes: int = COUNT_MAX_NODES) -> CheckResult:
    """Count the solutions of the givens under the rules, up to `limit`."""
    n = rules.size
    across, down = _sign_tables(rules)
    rows = [_agreeing(n, [cells[r * n + c] for c in range(n)], across[r]) for r in range(n)]
    columns = [_column_set(n, [cells[r * n + c] for r in range(n)], down[c])
               for c in range(n)]
    count = _Count(rules, rows, limit, max_nodes)
    count.place(columns, {})
    return CheckResult(len(count.found), tuple(count.found), not count.out_of_nodes,
                       count.nodes)


class _Count:
    """The walk over rows and what it found."""

    def __init__(self, rules: Rules, rows, limit: int, max_nodes: int) -> None:
        self.n, self.unique = rules.size, rules.unique_lines
        self.rows, self.limit, self.max_nodes = rows, limit, max_nodes
        self.found: list[tuple[int, ...]] = []
        self.nodes, self.out_of_nodes = 0, False
        self.masks = position_masks(self.n)

    def place(self, columns: list[int], placed: dict[int, tuple[int, ...]]) -> None:
        """Place the open row with fewest lines left that every column allows, each of
        them in turn (none left for some row: a dead end)."""
        if len(placed) == self.n:
            self._counted(placed)
            return
        r, fitting = min(((r, self._fitting(r, columns, placed)) for r in range(self.n)
                          if r not in placed), key=lambda pair: len(pair[1]))
        for row, kept in fitting:
            if len(self.found) >= self.limit or self.out_of_nodes:
                return
            self.nodes += 1
            if self.nodes > self.max_nodes:
                self.out_of_nodes = True
                return
            self.place(kept, {**placed, r: row})

    def _fitting(self, r: int, columns: list[int], placed) -> list:
        """Row r's lines that every column still allows, each with the columns after it."""
        masks, fitting = self.masks[r], []
        taken = set(placed.values()) if self.unique else ()
        for row in self.rows[r]:
            if row in taken:
                continue
            kept = [column & masks[v] for column, v in zip(columns, row)]
            if all(kept):
                fitting.append((row, kept))
        return fitting

    def _counted(self, placed: dict[int, tuple[int, ...]]) -> None:
        rows = [placed[r] for r in range(self.n)]
        if not self.unique or len(set(zip(*rows))) == self.n:
            self.found.append(tuple(v for row in rows for v in row))


def _agreeing(n: int, givens: list[int], signs) -> list[tuple[int, ...]]:
    """The listed lines with these givens whose neighbours keep these signs ((i, same):
    between positions i and i+1)."""
    return [line for line in allowed_lines(n)
            if all(not g or g == v for g, v in zip(givens, line))
            and all((line[i] == line[i + 1]) == same for i, same in signs)]


def _column_set(n: int, givens: list[int], signs) -> int:
    """The bit set of listed lines a column with these givens and signs may be."""
    lines = allowed_lines(n)
    agreeing = set(_agreeing(n, givens, signs))
    return sum(1 << i for i, line in enumerate(lines) if line in agreeing)


def _sign_tables(rules: Rules):
    """Per row, the signs across it, and per column, those down it: (i, same) for a sign
    between positions i and i+1 of the line."""
    n = rules.size
    across: list[list[tuple[int, bool]]] = [[] for _ in range(n)]
    down: list[list[tuple[int, bool]]] = [[] for _ in range(n)]
    for first, second, sign in (rules.signs.signs if rules.signs else ()):
        row, col = divmod(first, n)
        if second == first + 1:
            across[row].append((col, sign == "="))
        else:
            down[col].append((row, sign == "="))
    return across, down
