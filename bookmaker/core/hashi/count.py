"""The second proof of a Hashi, written apart from the solver: an enumeration island by
island in reading order.

Every link runs right or down from its earlier island, so when the walk reaches an
island its links from the left and from above are settled: its rightward and downward
links must take exactly what its count still lacks, each 0, 1 or 2, none beside a bridge
already laid across it. Each choice is kept only while the islands it reaches (or whose
links its bridges cross) can still take their counts from what is settled and what their
open links could hold, and while no group of settled islands stands apart from the rest.
A full choice counts once its bridges join every island.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from ..checkresult import CheckResult
from .rules import MOST_BRIDGES, Layout, connected

COUNT_MAX_NODES = 400_000


def count_hashi(layout: Layout, limit: int = 2, max_nodes: int = COUNT_MAX_NODES) -> CheckResult:
    """Count the solutions (each link's bridges) up to `limit`."""
    count = _Count(layout, limit, max_nodes)
    count.visit(0)
    return CheckResult(len(count.found), tuple(count.found), not count.out_of_nodes,
                       count.nodes)


class _Count:
    """The walk's state: bridges laid (None: not yet settled), what it found; and per
    island and link the layout's lists it reads at every node, made once."""

    def __init__(self, layout: Layout, limit: int, max_nodes: int) -> None:
        self.layout, self.limit, self.max_nodes = layout, limit, max_nodes
        self.bridges: list[int | None] = [None] * len(layout.links)
        self.onward = [[k for k in layout.links_of[i] if layout.links[k].first == i]
                       for i in range(len(layout.islands))]
        self.settled = [[k for k in layout.links_of[i] if k not in self.onward[i]]
                        for i in range(len(layout.islands))]
        self.crossing_ends = [[(c, layout.links[c].first, layout.links[c].second)
                               for c in layout.crossing[k]] for k in range(len(layout.links))]
        self.found: list[tuple[int, ...]] = []
        self.nodes, self.out_of_nodes = 0, False

    def visit(self, island: int) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            self.out_of_nodes = True
            return
        if island == len(self.layout.islands):
            laid = tuple(b or 0 for b in self.bridges)
            if connected(self.layout, laid):
                self.found.append(laid)
            return
        onward, bridges = self.onward[island], self.bridges
        lacking = self.layout.counts[island] - sum(bridges[k] or 0
                                                   for k in self.settled[island])
        for choice in _choices(len(onward), lacking):
            if not self._fits(onward, choice):
                continue
            for k, b in zip(onward, choice):
                bridges[k] = b
            if self._still_open(island, onward, choice):
                self.visit(island + 1)
            for k in onward:
                bridges[k] = None
            if len(self.found) >= self.limit or self.out_of_nodes:
                return

    def _still_open(self, island: int, onward: list[int], choice: tuple[int, ...]) -> bool:
        """Whether the islands a choice reaches, or closes links to by crossing them, can
        still take their counts, and the island's group is not closed off: a group whose
        islands all come before the next is settled, and must be every island."""
        links, bridges = self.layout.links, self.bridges
        touched = {links[k].second for k in onward}
        for k, b in zip(onward, choice):
            if b:
                for c, first, second in self.crossing_ends[k]:
                    if bridges[c] is None:
                        touched.add(first)
                        touched.add(second)
        for other in touched:
            if other > island and not self._can_meet(other):
                return False
        return not self._closes_group(island)

    def _closes_group(self, island: int) -> bool:
        """Whether the island's group by laid bridges lies wholly at or before it (all
        settled) and is not every island."""
        group, stack = {island}, [island]
        while stack:
            for k, other in self.layout.ends[stack.pop()]:
                if self.bridges[k] and other not in group:
                    if other > island:
                        return False
                    group.add(other)
                    stack.append(other)
        return len(group) < len(self.layout.islands)

    def _fits(self, links: list[int], choice: tuple[int, ...]) -> bool:
        """No bridge across a laid bridge."""
        bridges, crossing = self.bridges, self.layout.crossing
        for k, b in zip(links, choice):
            if b:
                for c in crossing[k]:
                    if bridges[c]:
                        return False
        return True

    def _can_meet(self, island: int) -> bool:
        """Whether an island can still take its count: not past it, and within reach of
        it by its open links (each at most two, and not across a laid bridge)."""
        bridges, crossing, laid, reach = self.bridges, self.layout.crossing, 0, 0
        for k in self.layout.links_of[island]:
            b = bridges[k]
            if b is not None:
                laid += b
                continue
            for c in crossing[k]:
                if bridges[c]:
                    break
            else:  # no bridge laid across it
                reach += MOST_BRIDGES
        count = self.layout.counts[island]
        return laid <= count <= laid + reach


@lru_cache(maxsize=64)
def _choices(links: int, lacking: int) -> tuple[tuple[int, ...], ...]:
    """The bridges (0 to MOST_BRIDGES) an island's onward links may take, summing to what
    it lacks, in the order product() gives them (the walk's order of its branches)."""
    return tuple(choice for choice in product(range(MOST_BRIDGES + 1), repeat=links)
                 if sum(choice) == lacking)
