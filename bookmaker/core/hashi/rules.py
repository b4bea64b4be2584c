"""A Hashi's islands, the links a bridge may take between two of them, and how a solution
codes its bridges in the water cells.

A givens cell holds an island's count (1..8) or 0 for water. A link joins two islands in
one row or column with only water between; its `cells` are that water. A solution holds
each island's count at the island and, in water, a code: NOTHING, one or two bridges
ACROSS, one or two DOWN. The water codes follow the counts (9..13), so that each value of
a solution means one thing and it (and its answer line) reads without its givens. Two
links cross where they share a water cell: a bridge on one leaves none on the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

MOST_BRIDGES = 2                 # on one link
MOST_COUNT = 8                   # an island's count: two bridges each of four ways
# A water cell's code, after the counts: ACROSS + k - 1 for k bridges across.
NOTHING, ACROSS, DOWN = MOST_COUNT + 1, MOST_COUNT + 2, MOST_COUNT + 4


@dataclass(frozen=True)
class Link:
    """Two islands (indices into Layout.islands) in line, the water between, its way."""

    first: int
    second: int
    cells: tuple[int, ...]
    across: bool


@dataclass(frozen=True)
class Layout:
    """A Hashi's islands (their cells, reading order, and counts), its links, each link's
    crossing links and each island's links."""

    height: int
    width: int
    islands: tuple[int, ...]
    counts: tuple[int, ...]
    links: tuple[Link, ...]
    crossing: tuple[tuple[int, ...], ...]
    links_of: tuple[tuple[int, ...], ...]
    ends: tuple[tuple[tuple[int, int], ...], ...]  # each island's (link, island it reaches)
    over: dict[int, tuple[int, ...]]  # each water cell a link runs over: the links over it

    def other(self, link: int, island: int) -> int:
        """The island at the other end of a link from `island`."""
        found = self.links[link]
        return found.second if found.first == island else found.first

    def cap(self, link: int) -> int:
        """The most bridges a link may take: two, or fewer where an end counts less."""
        found = self.links[link]
        return min(MOST_BRIDGES, self.counts[found.first], self.counts[found.second])


@lru_cache(maxsize=64)
def layout_of(height: int, width: int, cells: tuple[int, ...]) -> Layout:
    """The layout of givens on a height x width grid (islands side by side get no link:
    the text refuses them)."""
    islands = tuple(c for c, v in enumerate(cells) if v)
    index = {cell: i for i, cell in enumerate(islands)}
    links = []
    for i, cell in enumerate(islands):
        row, col = divmod(cell, width)
        for across, steps, stride in ((True, width - 1 - col, 1),
                                      (False, height - 1 - row, width)):
            water: list[int] = []
            for step in range(1, steps + 1):
                if cells[cell + step * stride]:
                    if water:
                        links.append(Link(i, index[cell + step * stride], tuple(water), across))
                    break
                water.append(cell + step * stride)
    links_of = _links_of(len(islands), links)
    ends = tuple(tuple((k, links[k].second if links[k].first == i else links[k].first)
                       for k in held) for i, held in enumerate(links_of))
    over = _over(links)
    return Layout(height, width, islands, tuple(cells[c] for c in islands), tuple(links),
                  _crossings(links, over), links_of, ends,
                  {cell: tuple(held) for cell, held in sorted(over.items())})


def _over(links: list[Link]) -> dict[int, list[int]]:
    """Each water cell a link runs over, and the links over it."""
    over: dict[int, list[int]] = {}
    for i, link in enumerate(links):
        for cell in link.cells:
            over.setdefault(cell, []).append(i)
    return over


def _crossings(links: list[Link], over: dict[int, list[int]]) -> tuple[tuple[int, ...], ...]:
    crossing: list[set[int]] = [set() for _ in links]
    for held in over.values():
        for i in held:
            crossing[i].update(j for j in held if j != i)
    return tuple(tuple(sorted(c)) for c in crossing)


def _links_of(island_count: int, links: list[Link]) -> tuple[tuple[int, ...], ...]:
    held: list[list[int]] = [[] for _ in range(island_count)]
    for i, link in enumerate(links):
        held[link.first].append(i)
        held[link.second].append(i)
    return tuple(map(tuple, held))


def solution_cells(layout: Layout, bridges) -> tuple[int, ...]:
    """The solution's cells for a count of bridges on each link."""
    cells = [NOTHING] * (layout.height * layout.width)
    for cell, count in zip(layout.islands, layout.counts):
        cells[cell] = count
    for link, count in zip(layout.links, bridges):
        if count:
            for cell in link.cells:
                cells[cell] = (ACROSS if link.across else DOWN) + count - 1
    return tuple(cells)


def bridges_of(layout: Layout, cells) -> tuple[int, ...]:
    """Each link's count of bridges in a solution's cells."""
    return tuple(_count_at(cells[link.cells[0]], link.across) for link in layout.links)


def _count_at(code: int, across: bool) -> int:
    base = ACROSS if across else DOWN
    return code - base + 1 if base <= code < base + MOST_BRIDGES else 0


def connected(layout: Layout, bridges) -> bool:
    """Whether the links with bridges join every island."""
    ends = layout.ends
    if not ends:
        return True
    reached, stack, count = [False] * len(ends), [0], 1
    reached[0] = True
    while stack:
        for link, other in ends[stack.pop()]:
            if bridges[link] and not reached[other]:
                reached[other] = True
                count += 1
                stack.append(other)
    return count == len(ends)


def broken_rule(layout: Layout, bridges) -> str | None:
    """The first rule bridges break (a count unmet, a crossing, islands apart), or None."""
    for island, count in enumerate(layout.counts):
        if sum(bridges[link] for link in layout.links_of[island]) != count:
            return f"island {island + 1} has not {count} bridges"
    for link, crossing in enumerate(layout.crossing):
        if bridges[link] and any(bridges[other] for other in crossing):
            return f"link {link + 1} crosses another"
    return None if connected(layout, bridges) else "the islands are not all joined"
