"""The first proof: propagation (touching, confinement and pigeonholes: rules.py) and
search, branching on an open cell of the unit with the fewest open cells: a star there,
then white."""

from __future__ import annotations

from dataclasses import dataclass

from ..rng import Rng
from .layout import STAR, UNKNOWN, WHITE, Layout
from .rules import Contradiction, confinement, pigeonhole, settle, touching

PROPAGATION = (touching, confinement, pigeonhole)


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
    solutions: list[tuple[int, ...]] = []
    nodes = [0]

    def walk(values: list[int]) -> bool:
        nodes[0] += 1
        if max_nodes is not None and nodes[0] > max_nodes:
            return False
        try:
            settle(layout, values, PROPAGATION)
        except Contradiction:
            return True
        cell = _branch_cell(layout, values, rng)
        if cell is None:
            solutions.append(tuple(values))
            return True
        for value in (STAR, WHITE):
            child = list(values)
            child[cell] = value
            if not walk(child) or len(solutions) >= limit:
                return False
        return True

    complete = walk([UNKNOWN] * (layout.size ** 2)) or len(solutions) >= limit
    return Found(len(solutions), tuple(solutions),
                 complete and (max_nodes is None or nodes[0] <= max_nodes))


def _branch_cell(layout: Layout, values: list[int], rng: Rng | None) -> int | None:
    """An open cell of the unit with the fewest open cells (a random one with an Rng)."""
    best: list[int] | None = None
    for unit in layout.units:
        open_cells = [c for c in unit if values[c] == UNKNOWN]
        if open_cells and (best is None or len(open_cells) < len(best)):
            best = open_cells
    if best is None:
        return None
    return best[rng.below(len(best))] if rng is not None else best[0]
