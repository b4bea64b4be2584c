"""The first proof of a Binairo: its rules as propagation along lines, then a search.

Propagation settles what each line's rule forces, line by line until none changes: a
symbol in a line's every free cell once the other has its half; the third cell of three
in a row beside two alike (or between them); across a sign, the partner of a placed cell;
in classic Binairo, the two free cells of a line that would otherwise copy a full line of
its direction; in a line of a few free cells, what every way of filling them by the rules
agrees on (none: a clash); and a clash (three alike, more than half, two equal full
lines, a sign broken) ends the branch. The search then tries both symbols in a free cell of the line
with fewest free cells, the preferred (or drawn) one first.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..rng import Rng
from ..solve.search import Search
from .rules import Rules, board_lines

DEFAULT_MAX_NODES = 200_000
LOOKAHEAD = 8  # a line with this few free cells (or fewer) is tried every way it can end


def binairo_solutions(rules: Rules, cells, limit: int = 2,
                      max_nodes: int = DEFAULT_MAX_NODES,
                      prefer: tuple[int, ...] | None = None, rng: Rng | None = None) -> Search:
    """Solutions of the givens `cells` under the rules, counted up to `limit`; the first
    branch of each choice takes `prefer`'s value there, or one drawn from `rng`."""
    walk = _Walk(rules, limit, max_nodes, prefer, rng)
    values = list(cells)
    if propagate(rules, values, partners_placed(rules, values), lookahead=LOOKAHEAD):
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
            if propagate(self.rules, trial, [(cell, value)], (), LOOKAHEAD):
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
    """The free cell whose row and column together have fewest free cells, the first in
    reading order of those (None: the grid is full)."""
    free = [sum(1 for c in line if not values[c]) for line in board_lines(n)]
    best, best_free = None, 2 * n + 1
    for cell, value in enumerate(values):
        if not value and free[cell // n] + free[n + cell % n] < best_free:
            best, best_free = cell, free[cell // n] + free[n + cell % n]
    return best


def propagate(rules: Rules, values: list[int], placing=(), dirty=None,
              lookahead: int = 0) -> bool:
    """Place `placing`'s (cell, value) pairs and settle what the rules force, in place,
    looking at the lines of every cell placed and at `dirty` (indices of board_lines;
    None: every line); False on a clash. Lines of up to `lookahead` free cells are tried
    every way they can end (the solver's; the grader's simple techniques take 0)."""
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
        forced = _forced_in_line(rules, values, index, lookahead)
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


_BITS = tuple(1 << i for i in range(32))


def _forced_in_line(rules: Rules, values: list[int], index: int, lookahead: int):
    """The (cell, value) placements line `index`'s rule forces now, or None on a clash.
    The line is read as two bit sets, one a symbol (bit i: its i-th cell): two alike side
    by side are `pair`, two alike one apart `gap`, and what they force is shifted from
    them."""
    n, line, half = rules.size, board_lines(rules.size)[index], rules.half
    ones = twos = 0
    for bit, cell in zip(_BITS, line):  # a plain loop: the line solver's hottest lines
        value = values[cell]
        if value == 1:
            ones |= bit
        elif value == 2:
            twos |= bit
    empty = ((1 << n) - 1) & ~(ones | twos)
    forced = []
    for mine, other in ((ones, 2), (twos, 1)):
        count = mine.bit_count()
        if count > half or mine & (mine >> 1) & (mine >> 2):
            return None
        pair, gap = mine & (mine >> 1), mine & (mine >> 2)
        settled = empty if count == half else ((pair << 2) | (pair >> 1) | (gap << 1)) & empty
        while settled:
            low = settled & -settled
            settled ^= low
            forced.append((line[low.bit_length() - 1], other))
    if rules.unique_lines and empty.bit_count() == 2:
        forced += _unlike_full_lines(n, values, index, [values[c] for c in line])
    if 2 < empty.bit_count() <= lookahead:
        agreed = _settled_by_completions(rules, values, index, ones, empty)
        if agreed is None:
            return None
        forced += [(line[i], v) for i, v in agreed]
    return forced


def _settled_by_completions(rules: Rules, values: list[int], index: int, ones: int,
                            empty: int) -> list[tuple[int, int]] | None:
    """The (position, value) pairs of a nearly full line that every way of filling its
    few free cells by the rules agrees on; None if there is no such way (a dead end the
    rules above see only later)."""
    n = rules.size
    taken = _full_ones(rules, values, index) if rules.unique_lines else set()
    signs = _signs_along(rules, index)
    everywhere, agree_ones, agree_twos = (1 << n) - 1, -1, -1
    for filled in _balanced_fillings(n, rules.half, ones, empty):
        if filled in taken or signs and \
                any((filled >> i ^ filled >> j) & 1 == same for i, j, same in signs):
            continue
        agree_ones &= filled
        agree_twos &= everywhere & ~filled
    if agree_ones == -1:
        return None
    free = [i for i in range(n) if empty >> i & 1]
    return [(i, 1) for i in free if agree_ones >> i & 1] + \
        [(i, 2) for i in free if agree_twos >> i & 1]


@lru_cache(maxsize=1 << 14)
def _balanced_fillings(n: int, half: int, ones: int, empty: int) -> tuple[int, ...]:
    """The ways to fill a line's `empty` cells (bit sets) beside its `ones` so it holds
    `half` ones and no three alike in a row, as the bit set of its ones: cached, as the
    search meets the same nearly full lines again and again."""
    free = [i for i in range(n) if empty >> i & 1]
    everywhere, found = (1 << n) - 1, []
    for chosen in combinations(free, half - ones.bit_count()):
        filled = ones | sum(1 << i for i in chosen)
        other = everywhere & ~filled
        if not (filled & (filled >> 1) & (filled >> 2) or other & (other >> 1) & (other >> 2)):
            found.append(filled)
    return tuple(found)


def _signs_along(rules: Rules, index: int) -> tuple[tuple[int, int, bool], ...]:
    """The signs between two cells of line `index`: (position, position, whether they
    match)."""
    if rules.signs is None:
        return ()
    return _line_signs(rules.signs, rules.size)[index]


@lru_cache(maxsize=64)
def _line_signs(signs, n: int) -> tuple[tuple[tuple[int, int, bool], ...], ...]:
    """Per line of board_lines(n), its signs as (position, position, whether they match)."""
    found: list[list[tuple[int, int, bool]]] = [[] for _ in range(2 * n)]
    for first, second, sign in signs.signs:
        row, col = divmod(first, n)
        if second == first + 1:
            found[row].append((col, col + 1, sign == "="))
        else:
            found[n + col].append((row, row + 1, sign == "="))
    return tuple(map(tuple, found))


def _full_ones(rules: Rules, values: list[int], index: int) -> set[int]:
    """The cells holding value 1, as bit sets, of the full lines of a line's direction."""
    n = rules.size
    start = 0 if index < n else n
    full = set()
    for line in board_lines(n)[start:start + n]:
        ones = 0
        for bit, cell in zip(_BITS, line):
            value = values[cell]
            if not value:
                break
            if value == 1:
                ones |= bit
        else:  # a full line
            full.add(ones)
    return full


def _unlike_full_lines(n: int, values: list[int], index: int, seen: list[int]):
    """The two free cells of a line, set unlike a full line of its direction that it
    matches everywhere else (the two must then differ from that line's)."""
    lines = board_lines(n)
    line = lines[index]
    free = [i for i, v in enumerate(seen) if not v]
    start = 0 if index < n else n
    for other in lines[start:start + n]:
        theirs = [values[c] for c in other]
        if other != line and 0 not in theirs and \
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
