"""The first proof: propagation (rules.py's deductions over bit masks: touching,
confinement and pigeonholes, and from 11x11 2x2 blocks) and search, branching on an open
cell of the unit with the fewest ways left to place its stars: a star there, then white."""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from ..rng import Rng
from .layout import STAR, WHITE, Layout
from .rules import Contradiction, Masks, cells_of, masks, propagate

# From this size the search also counts 2x2 blocks (rules._blocked): below it, bands
# alone decide quickly enough, and the layouts made there stay what they were.
ROOM_FROM = 11


@dataclass(frozen=True)
class Found:
    """Solutions found (up to the limit), the first of them, and whether the search ended
    before its node budget did."""

    count: int
    solutions: tuple[tuple[int, ...], ...]
    complete: bool

    @property
    def solution(self) -> tuple[int, ...] | None:
        return self.solutions[0] if self.solutions else None

    @property
    def unique(self) -> bool:
        return self.count == 1 and self.complete


def solve_starbattle(layout: Layout, limit: int = 2, max_nodes: int | None = None,
                     rng: Rng | None = None) -> Found:
    """Count solutions up to `limit`; with an Rng, the branches are tried in its order."""
    return _search(layout, limit, max_nodes, rng, None)


def other_solution(layout: Layout, solution: tuple[int, ...], max_nodes: int | None = None
                   ) -> Found:
    """A solution other than `solution` (Found counts only such): each branch tries first
    the value the given solution does not have, so a second solution, where there is one,
    is met early."""
    return _search(layout, 1, max_nodes, None, solution)


def _search(layout: Layout, limit: int, max_nodes: int | None, rng: Rng | None,
            avoid: tuple[int, ...] | None) -> Found:
    """Solutions up to `limit` (other than `avoid`, if given) by propagation and search."""
    table, cells, widest = masks(layout), layout.size ** 2, layout.size // 2
    room = layout.size >= ROOM_FROM
    avoided = -1 if avoid is None else sum(1 << c for c, v in enumerate(avoid) if v == STAR)
    solutions: list[int] = []
    nodes = [0]

    def walk(stars: int, open_: int) -> bool:
        nodes[0] += 1
        if max_nodes is not None and nodes[0] > max_nodes:
            return False
        try:
            stars, open_ = propagate(table, stars, open_, widest, room)
        except Contradiction:
            return True
        if not open_:
            if stars != avoided:
                solutions.append(stars)
            return True
        bit = 1 << _branch_cell(table, stars, open_, rng)
        children = [(stars | bit, open_ & ~bit), (stars, open_ & ~bit)]
        if avoided != -1 and avoided & bit:
            children.reverse()
        for child in children:
            if not walk(*child) or len(solutions) >= limit:
                return False
        return True

    complete = walk(0, (1 << cells) - 1) or len(solutions) >= limit
    return Found(len(solutions), tuple(_values(s, cells) for s in solutions),
                 complete and (max_nodes is None or nodes[0] <= max_nodes))


def _values(stars: int, cells: int) -> tuple[int, ...]:
    return tuple(STAR if stars >> c & 1 else WHITE for c in range(cells))


def _branch_cell(table: Masks, stars: int, open_: int, rng: Rng | None) -> int:
    """An open cell of the unit with the fewest ways to place its missing stars (a random
    one of its cells with an Rng)."""
    k, best, fewest = table.stars, 0, 0
    for unit in table.units:
        spare = open_ & unit
        if spare:
            ways = comb(spare.bit_count(), k - (stars & unit).bit_count())
            if not best or ways < fewest:
                best, fewest = spare, ways
    cells = list(cells_of(best))
    return cells[rng.below(len(cells))] if rng is not None else cells[0]
