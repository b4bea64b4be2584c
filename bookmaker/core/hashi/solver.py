"""The first proof of a Hashi: its rules as bounds on each link's bridges, then a search.

Each link keeps the fewest and most bridges it may still take (lo, hi). Propagation
narrows them until none changes: an island's count less what its other links can take
at most is what a link must take at least, and its count less what they take at least
the most it may take; a link with a bridge leaves none on the links crossing it. A branch
ends where an island's bounds cannot meet its count, where the links that may still hold
bridges no longer join every island, or where a finished group of islands is closed off
from the rest. The search then tries each count of the open link of fewest choices.
"""

from __future__ import annotations

from ..rng import Rng
from ..solve.search import Search
from .rules import Layout, connected

DEFAULT_MAX_NODES = 50_000


def start_bounds(layout: Layout) -> tuple[list[int], list[int]]:
    """Every link from none to its cap (two, or an end's count if less)."""
    return [0] * len(layout.links), [layout.cap(link) for link in range(len(layout.links))]


def propagate(layout: Layout, lo: list[int], hi: list[int],
              changed: tuple[int, ...] | None = None) -> bool:
    """Narrow the bounds to what the counts and crossings force; False on a clash. With
    `changed`, the links narrowed since the bounds were last propagated: only what they
    touch is looked at again."""
    links = range(len(lo)) if changed is None else changed
    queue: list[int] = []
    for link in links:
        if lo[link] and not _clear_crossings(layout, link, lo, hi, queue):
            return False
        queue += (layout.links[link].first, layout.links[link].second)
    if changed is None:
        queue = list(range(len(layout.islands)))
    waiting = set(queue)
    while queue:
        island = queue.pop()
        waiting.discard(island)
        narrowed = _narrow_island(layout, island, lo, hi)
        if narrowed is None:
            return False
        for link in narrowed:
            if lo[link] and not _clear_crossings(layout, link, lo, hi, queue):
                return False
            other = layout.other(link, island)
            for touched in (island, other):
                if touched not in waiting:
                    waiting.add(touched)
                    queue.append(touched)
    return joined(layout, lo, hi)


def _narrow_island(layout: Layout, island: int, lo: list[int], hi: list[int]) -> list[int] | None:
    """Narrow an island's links by its count (the links narrowed), or None on a clash."""
    count, links = layout.counts[island], layout.links_of[island]
    least = most = 0
    for k in links:
        least += lo[k]
        most += hi[k]
    if least > count or most < count:
        return None
    narrowed = []
    for k in links:
        low, high = count - most + hi[k], count - least + lo[k]
        if low > lo[k] or high < hi[k]:
            lo[k], hi[k] = max(lo[k], low), min(hi[k], high)
            if lo[k] > hi[k]:
                return None
            narrowed.append(k)
    return narrowed


def _clear_crossings(layout: Layout, link: int, lo: list[int], hi: list[int],
                     queue: list[int]) -> bool:
    """No bridge across a link with one; False where one is laid there already."""
    for other in layout.crossing[link]:
        if lo[other]:
            return False
        if hi[other]:
            hi[other] = 0
            queue += (layout.links[other].first, layout.links[other].second)
    return True


def joined(layout: Layout, lo: list[int], hi: list[int]) -> bool:
    """Whether the links that may hold bridges still join every island, and no finished
    group of islands (every link of its islands decided) stands apart from the rest."""
    if not connected(layout, hi):
        return False
    ends = layout.ends
    done = [all(lo[k] == hi[k] for k, _ in held) for held in ends]
    seen = [False] * len(ends)
    for start, finished in enumerate(done):
        if not finished or seen[start]:
            continue
        seen[start], stack, size, closed = True, [start], 1, True
        while stack:
            island = stack.pop()
            closed = closed and done[island]
            for k, other in ends[island]:
                if lo[k] and not seen[other]:
                    seen[other] = True
                    size += 1
                    stack.append(other)
        if closed and size < len(ends):
            return False
    return True


def hashi_solutions(layout: Layout, limit: int = 2, max_nodes: int = DEFAULT_MAX_NODES,
                    prefer: tuple[int, ...] | None = None, rng: Rng | None = None) -> Search:
    """The solutions (each link's bridges) counted up to `limit`; each choice tries
    `prefer`'s count first, or an order drawn from `rng`."""
    walk = _walked(layout, limit, max_nodes, prefer, rng)
    return Search(len(walk.found), walk.found[0] if walk.found else None,
                  not walk.out_of_nodes, walk.nodes)


def other_solution(layout: Layout, bridges: tuple[int, ...],
                   max_nodes: int = DEFAULT_MAX_NODES) -> tuple[int, ...] | None:
    """A solution other than `bridges` (one of them), if the search finds one."""
    found = _walked(layout, 2, max_nodes, bridges, None).found
    return next((other for other in found if other != bridges), None)


def _walked(layout: Layout, limit: int, max_nodes: int, prefer, rng) -> _Walk:
    walk = _Walk(layout, limit, max_nodes, prefer, rng)
    lo, hi = start_bounds(layout)
    if propagate(layout, lo, hi):
        walk.visit(lo, hi)
    return walk


class _Walk:
    """The depth-first search's state: what it found and the nodes it spent."""

    def __init__(self, layout: Layout, limit: int, max_nodes: int, prefer, rng) -> None:
        self.layout, self.limit, self.max_nodes = layout, limit, max_nodes
        self.prefer, self.rng = prefer, rng
        self.found: list[tuple[int, ...]] = []
        self.nodes, self.out_of_nodes = 0, False

    def visit(self, lo: list[int], hi: list[int]) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            self.out_of_nodes = True
            return
        open_links = [k for k in range(len(lo)) if lo[k] < hi[k]]
        if not open_links:
            self.found.append(tuple(lo))
            return
        link = min(open_links, key=lambda k: hi[k] - lo[k])
        for count in self._order(link, lo[link], hi[link]):
            low, high = lo[:], hi[:]
            low[link] = high[link] = count
            if propagate(self.layout, low, high, (link,)):
                self.visit(low, high)
            if len(self.found) >= self.limit or self.out_of_nodes:
                return

    def _order(self, link: int, low: int, high: int) -> list[int]:
        counts = list(range(low, high + 1))
        if self.prefer is not None and self.prefer[link] in counts:
            counts.remove(self.prefer[link])
            return [self.prefer[link]] + counts
        return self.rng.shuffled(counts) if self.rng else counts
