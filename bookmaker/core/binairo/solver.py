"""The first proof of a Binairo: its rules as propagation along lines, then a search.

Propagation settles what each line's rule forces, line by line until none changes: a
symbol in a line's every free cell once the other has its half; the third cell of three
in a row beside two alike (or between them); across a sign, the partner of a placed cell;
in classic Binairo, the two free cells of a line that would otherwise copy a full line of
its direction; and a clash (three alike, more than half, two equal full lines, a sign
broken) ends the branch. The search then tries both symbols in a free cell of the line
with fewest free cells, the preferred (or drawn) one first.
"""

from __future__ import annotations

from functools import lru_cache

from ..rng import Rng
from ..solve.search import Search
from .rules import Rules, board_lines

DEFAULT_MAX_NODES = 200_000


def binairo_solutions(rules: Rules, cells, limit: int = 2,
                      max_nodes: int = DEFAULT_MAX_NODES,
                      prefer: tuple[int, ...] | None = None, rng: Rng | None = None) -> Search:
    """Solutions of the givens `cells` under the rules, counted up to `limit`; the first
    branch of each choice takes `prefer`'s value there, or one drawn from `rng`."""
    walk = _Walk(rules, limit, max_nodes, prefer, rng)
    values = list(cells)
    if propagate(rules, values, partners_placed(rules, values)):
        walk.visit(values)
    return Search(len(walk.found), walk.found[0] if walk.found else None,
                  not walk.out_of_nodes, walk.nodes)


class _Walk:
    """The depth-first search's state: what it found and the nodes it spent."""

    def __init__(self, rules: Rules, limit: int, max_nodes: int, prefer, rng) -> None:
        self.rules, self.limit, self.max_nodes = rules, limit, max_nodes
        self.prefer, self.rng = prefer, rng
        self.found: list[tuple[int, ...]] = []
        self.nodes, self.out_of_nodes = 0, False

    def visit(self, values: list[int]) -> None:
        """Search below propagated values, until the limit or the budget is reached."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            self.out_of_nodes = True
            return
        cell = _branch_cell(self.rules.size, values)
        if cell is None:
            self.found.append(tuple(values))
            return
        for value in self._order(cell):
            trial = values[:]
            if propagate(self.rules, trial, [(cell, value)], ()):
                self.visit(trial)
            if len(self.found) >= self.limit or self.out_of_nodes:
                return

    def _order(self, cell: int) -> tuple[int, int]:
        first = self.prefer[cell] if self.prefer else (
            1 + self.rng.below(2) if self.rng else 1)
        return first, 3 - first


@lru_cache(maxsize=16)
def cell_lines(n: int) -> tuple[tuple[int, int], ...]:
    """Each cell's row and column, as indices of board_lines(n)."""
    return tuple((c // n, n + c % n) for c in range(n * n))


def _branch_cell(n: int, values: list[int]) -> int | None:
    """A free cell of the line with fewest free cells (None: the grid is full)."""
    best, best_free = None, n + 1
    for line in board_lines(n):
        free = [c for c in line if not values[c]]
        if free and len(free) < best_free:
            best, best_free = free[0], len(free)
    return best


def propagate(rules: Rules, values: list[int], placing=(), dirty=None) -> bool:
    """Place `placing`'s (cell, value) pairs and settle what the rules force, in place,
    looking at the lines of every cell placed and at `dirty` (indices of board_lines;
    None: every line); False on a clash."""
    n, lines, partners = rules.size, board_lines(rules.size), rules.partners
    lines_of = cell_lines(n)
    pending = list(range(2 * n) if dirty is None else dirty)
    queued = set(pending)
    forced = list(placing)
    while True:
        for cell, value in forced:
            for touched in _placed(values, cell, value, partners):
                if touched is None:
                    return False
                for line in lines_of[touched]:
                    if line not in queued:
                        queued.add(line)
                        pending.append(line)
        if not pending:
            break
        index = pending.pop()
        queued.discard(index)
        forced = _forced_in_line(rules, values, index)
        if forced is None:
            return False
    return not rules.unique_lines or _full_lines_differ(values, lines, n)


def partners_placed(rules: Rules, values: list[int]) -> list[tuple[int, int]]:
    """What the signs beside placed cells place: each partner's value."""
    partners = rules.partners
    return [(other, v if same else 3 - v) for cell, v in enumerate(values) if v
            for other, same in partners[cell]]


def _placed(values: list[int], cell: int, value: int, partners):
    """Place a value and, through signs, its partners' values: the cells placed (None
    for a clash)."""
    stack = [(cell, value)]
    while stack:
        cell, value = stack.pop()
        if values[cell]:
            if values[cell] != value:
                yield None
                return
            continue
        values[cell] = value
        yield cell
        for other, same in partners[cell]:
            stack.append((other, value if same else 3 - value))


def _forced_in_line(rules: Rules, values: list[int], index: int):
    """The (cell, value) placements line `index`'s rule forces now, or None on a clash."""
    line, half = board_lines(rules.size)[index], rules.half
    seen = [values[c] for c in line]
    ones, twos = seen.count(1), seen.count(2)
    if ones > half or twos > half:
        return None
    forced = []
    if ones == half or twos == half:
        fill = 2 if ones == half else 1
        forced = [(c, fill) for c, v in zip(line, seen) if not v]
    for i in range(len(line) - 2):
        a, b, c = seen[i], seen[i + 1], seen[i + 2]
        if a and a == b == c:
            return None
        if a and a == b and not c:
            forced.append((line[i + 2], 3 - a))
        elif a and a == c and not b:
            forced.append((line[i + 1], 3 - a))
        elif b and b == c and not a:
            forced.append((line[i], 3 - b))
    if rules.unique_lines and ones + twos == len(line) - 2:
        forced += _unlike_full_lines(rules.size, values, index, seen)
    return forced


def _unlike_full_lines(n: int, values: list[int], index: int, seen: list[int]):
    """The two free cells of a line, set unlike a full line of its direction that it
    matches everywhere else (the two must then differ from that line's)."""
    lines = board_lines(n)
    line = lines[index]
    free = [i for i, v in enumerate(seen) if not v]
    start = 0 if index < n else n
    for other in lines[start:start + n]:
        theirs = [values[c] for c in other]
        if other != line and all(theirs) and \
                all(v == t for v, t in zip(seen, theirs) if v):
            return [(line[i], 3 - theirs[i]) for i in free]
    return []


def _full_lines_differ(values: list[int], lines, n: int) -> bool:
    """No two full rows, and no two full columns, are the same."""
    for start in (0, n):
        full = [tuple(values[c] for c in line) for line in lines[start:start + n]
                if all(values[c] for c in line)]
        if len(full) != len(set(full)):
            return False
    return True
