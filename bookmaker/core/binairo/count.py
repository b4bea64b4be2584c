"""The second proof of a Binairo, written apart from the solver: a count over whole lines.

Every line a rule allows is listed once per size (n/2 of each symbol, never three alike).
Each row and each column keeps, as a bit set, the listed lines it may still be: those
agreeing with its givens and the signs along it, then narrowed where it crosses another
line until each cell's possible symbols are the same seen from its row and its column
(one left with none: a dead end). The walk then tries each line of the open row or
column with fewest left. In classic Binairo two rows (or columns) down to one same line
end the branch; a Tango's lines may repeat.
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
    rows = [_line_set(n, [cells[r * n + c] for c in range(n)], across[r]) for r in range(n)]
    columns = [_line_set(n, [cells[r * n + c] for r in range(n)], down[c]) for c in range(n)]
    count = _Count(rules, limit, max_nodes)
    count.visit(rows + columns, list(range(2 * n)))
    return CheckResult(len(count.found), tuple(count.found), not count.out_of_nodes,
                       count.nodes)


class _Count:
    """The walk over line sets and what it found. Lines are numbered rows 0..n-1, then
    columns n..2n-1; `sets[i]` is line i's bit set over allowed_lines(n)."""

    def __init__(self, rules: Rules, limit: int, max_nodes: int) -> None:
        self.n, self.unique = rules.size, rules.unique_lines
        self.lines, self.masks = allowed_lines(self.n), position_masks(self.n)
        self.limit, self.max_nodes = limit, max_nodes
        self.found: list[tuple[int, ...]] = []
        self.nodes, self.out_of_nodes = 0, False

    def visit(self, sets: list[int], changed: list[int]) -> None:
        """Count below these sets: agreed where lines cross, then each line of the open
        line with fewest left tried in turn."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            self.out_of_nodes = True
            return
        if not _agree(sets, self.n, self.masks, changed) or self._repeated(sets):
            return
        open_lines = [i for i in range(2 * self.n) if sets[i] & (sets[i] - 1)]
        if not open_lines:
            rows = [self.lines[sets[r].bit_length() - 1] for r in range(self.n)]
            self.found.append(tuple(v for row in rows for v in row))
            return
        index = min(open_lines, key=lambda i: sets[i].bit_count())
        options = sets[index]
        while options and len(self.found) < self.limit and not self.out_of_nodes:
            low = options & -options
            options ^= low
            trial = sets[:]
            trial[index] = low
            self.visit(trial, [index])

    def _repeated(self, sets: list[int]) -> bool:
        """Two rows, or two columns, already down to the same one line (classic only)."""
        if not self.unique:
            return False
        for start in (0, self.n):
            settled = [s for s in sets[start:start + self.n] if not s & (s - 1)]
            if len(settled) != len(set(settled)):
                return True
        return False


def _agree(sets: list[int], n: int, masks, pending: list[int]) -> bool:
    """Narrow the rows and columns, in place, from the `pending` ones on, to the lines
    whose symbol in each cell the crossing line may also have, until none narrows; False
    if one has none left."""
    queued = set(pending)
    while pending:
        index = pending.pop()
        queued.discard(index)
        mine, at, start = sets[index], index % n, n if index < n else 0
        narrowed = False
        for k in range(n):
            theirs = sets[start + k]
            ones = mine & masks[k][1] and theirs & masks[at][1]
            twos = mine & masks[k][2] and theirs & masks[at][2]
            if ones and twos:
                continue
            if not ones and not twos:
                return False
            symbol = 1 if ones else 2
            kept_mine, kept_theirs = mine & masks[k][symbol], theirs & masks[at][symbol]
            if kept_mine != mine:
                mine, narrowed = kept_mine, True
            if kept_theirs != theirs:
                sets[start + k] = kept_theirs
                if start + k not in queued:
                    queued.add(start + k)
                    pending.append(start + k)
        sets[index] = mine
        if narrowed and index not in queued:  # crossings before the narrowing see it now
            queued.add(index)
            pending.append(index)
    return True


def _line_set(n: int, givens: list[int], signs) -> int:
    """The bit set of listed lines a row or column with these givens and signs may be:
    those with each given symbol in its place (the position masks, ANDed), then those
    whose neighbours keep the signs ((i, same): between positions i and i+1)."""
    lines, masks = allowed_lines(n), position_masks(n)
    kept = (1 << len(lines)) - 1
    for at, given in enumerate(givens):
        if given:
            kept &= masks[at][given]
    if not signs:
        return kept
    return sum(1 << i for i, line in enumerate(lines) if kept >> i & 1
               and all((line[at] == line[at + 1]) == same for at, same in signs))


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
