"""Star Battle regions grown to force their stars (three stars a unit, where searching for
second solutions is too slow): each region of a drawn layout is cut back to its stars and
the shortest paths joining them, then the other cells are given back one at a time to a
region beside them, a move kept only while the grader's own deductions still solve the
square from empty to our stars. So the layout made has one solution, and the grader
finishes it. An attempt that leaves cells no region may take gives up (None)."""

from __future__ import annotations

from ..rng import Rng
from .grade import first_clash
from .layout import STAR, king_neighbours, side_neighbours
from .rules import Contradiction, Masks, masks_of, propagate

FROZEN = 2    # the smallest cut regions take no cell another region can take
REPAIRS = 3   # times cells around those no region takes are given up and grown again
DEEPS = 15    # moves an attempt checks with contradiction trials (0.3-0.7 s each)


def forced_regions(n: int, k: int, stars: set[int], regions: list[int], rng: Rng
                   ) -> list[int] | None:
    """The drawn regions regrown from their cores so that the grader places our stars."""
    starmask = sum(1 << c for c in stars)
    grown = _cores(n, regions, stars)
    if not _forces(n, k, grown, starmask, True):
        return None
    sizes = sorted((grown.count(r), r) for r in range(n))
    growth = _Growth(n, k, starmask, {c for c in range(n * n) if grown[c] >= 0},
                     {r for _, r in sizes[:FROZEN]},
                     {o for star in stars for o in king_neighbours(n)[star]})
    return grown if growth.fill(grown, rng) else None


class _Growth:
    """One attempt's regrowth: which cells are cores, which regions frozen, which cells
    touch a star (they are given back first), and its budget of trials."""

    def __init__(self, n: int, k: int, starmask: int, cores: set[int], frozen: set[int],
                 near: set[int]) -> None:
        self.n, self.k, self.starmask = n, k, starmask
        self.cores, self.frozen, self.near = cores, frozen, near
        self.deeps = self.repairs = 0

    def fill(self, grown: list[int], rng: Rng) -> bool:
        """Give every cell a region; False if some cells are left that none takes."""
        stuck: set[int] = set()
        deep = False
        while -1 in grown:
            frontier = self._frontier(grown, stuck)
            if frontier:
                cell = frontier[rng.below(len(frontier))]
                if self._give(grown, cell, deep, rng):
                    stuck.clear()
                    deep = False
                else:
                    stuck.add(cell)
                    if deep and self.deeps >= DEEPS:
                        stuck.update(frontier)
            elif not deep and self.deeps < DEEPS:
                deep = True
                stuck.clear()
            elif self.repairs < REPAIRS:
                self._repair(grown, stuck)
                stuck.clear()
                deep = False
            else:
                return False
        return True

    def _frontier(self, grown: list[int], stuck: set[int]) -> list[int]:
        """Open cells beside a region, not yet found stuck: those touching a star first."""
        n = self.n
        frontier = [c for c in range(n * n) if grown[c] == -1 and c not in stuck and
                    any(grown[o] >= 0 for o in side_neighbours(n, c))]
        return [c for c in frontier if c in self.near] or frontier

    def _give(self, grown: list[int], cell: int, deep: bool, rng: Rng) -> bool:
        """The cell to the first region beside it (in a seeded order, frozen ones last)
        with which our stars are still forced."""
        owners = rng.shuffled(sorted({grown[o] for o in side_neighbours(self.n, cell)
                                      if grown[o] >= 0}))
        for region in [r for r in owners if r not in self.frozen] or owners:
            grown[cell] = region
            self.deeps += deep
            if _forces(self.n, self.k, grown, self.starmask, deep):
                return True
        grown[cell] = -1
        return False

    def _repair(self, grown: list[int], stuck: set[int]) -> None:
        """Give up the cells beside the stuck ones (bar the cores), to grow them again."""
        self.repairs += 1
        for cell in sorted(stuck):
            for o in side_neighbours(self.n, cell):
                if o not in self.cores:
                    grown[o] = -1


def _cores(n: int, regions: list[int], stars: set[int]) -> list[int]:
    """Each region cut back to its stars and the shortest paths (inside it) joining them;
    -1 for the cells cut off."""
    cut = [-1] * (n * n)
    for region in range(n):
        cells = {c for c in range(n * n) if regions[c] == region}
        ours = sorted(cells & stars)
        tree = {ours[0]}
        for star in ours[1:]:
            tree |= _path(n, cells, star, tree)
        for c in tree:
            cut[c] = region
    return cut


def _path(n: int, cells: set[int], start: int, goal: set[int]) -> set[int]:
    """The cells of a shortest side-connected run inside `cells` from start to the goal."""
    came = {start: start}
    todo = [start]
    for here in todo:
        if here in goal:
            run = {here}
            while here != start:
                here = came[here]
                run.add(here)
            return run
        for o in side_neighbours(n, here):
            if o in cells and o not in came:
                came[o] = here
                todo.append(o)
    raise AssertionError("a region's stars are side-connected inside it")


def _forces(n: int, k: int, grown: list[int], starmask: int, deep: bool) -> bool:
    """Whether the grader's deductions (touching, bands, 2x2 blocks; with `deep` also its
    contradiction trials) place our stars and only them on the cells given a region."""
    table = _table(n, k, grown)
    try:
        stars, open_ = propagate(table, 0, sum(1 << c for c, r in enumerate(grown) if r >= 0),
                                 n - 1, True)
        if open_ and deep:
            stars, open_ = _trials(table, stars, open_)
    except Contradiction:
        return False
    return not open_ and stars == starmask


def _trials(table: Masks, stars: int, open_: int) -> tuple[int, int]:
    """The grader's contradiction step to its end: a cell one of whose values its trials
    refute takes the other, and the rest propagates. The cells are tried in turn from
    the last one settled, round again while a round settles any."""
    tried, settled = -1, False
    while open_:
        found = first_clash(table, stars, open_, table.size - 1, tried)
        if found is None:
            if tried == -1 or not settled:
                break
            tried, settled = -1, False
            continue
        cell, value = found
        stars, open_ = propagate(table, stars | (1 << cell if value == STAR else 0),
                                 open_ & ~(1 << cell), table.size - 1, True)
        tried, settled = -1 << cell + 1, True
    return stars, open_


def _table(n: int, k: int, grown: list[int]) -> Masks:
    """The masks of a partly grown layout (cells of no region are in no region's unit)."""
    regions = [0] * n
    for cell, region in enumerate(grown):
        if region >= 0:
            regions[region] |= 1 << cell
    return masks_of(n, k, tuple(regions))
