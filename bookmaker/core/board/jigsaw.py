"""Jigsaw region layouts drawn from a seed: n connected regions of n cells, none like a box.

Rules for a layout, so that it reads as a jigsaw and is a real puzzle board:
- every region is n orthogonally connected cells;
- no region lies in one row or column (it would only repeat that line's rule);
- no region has more than half of its cells (rounded up: 5 of 9) in one of the board's
  usual boxes, so none reads as a box with a bump (sizes without boxes, the primes,
  have no such rule);
- the fill finds a full grid for the layout within a small budget (some layouts have no
  grid at all, and a puzzle needs one): checked where a layout is drawn for a puzzle,
  generate/jigsaw.py, with the very fill generate() will make from the same seed.

The issue asked for "at most a third" in one box. That cannot be met on boards whose
boxes are two rows high (an exhaustive search finds no 6x6 or 8x8 layout at all); on
9x9 it can, but every region must then cross three boxes, the search needs 3 to 8 times
as long, and the layouts come out as bars around the frame (measured when the rule was
set; that run was not kept in bench/results/).

A layout is tiled by a seeded depth-first search: start the next region at the free cell
with the fewest free neighbours (a corner or a pocket), grow it one free neighbour at a
time, preferring cells with few free neighbours (so that no pocket too small for a
region is left behind) and many neighbours in the region (so that regions come out
compact rather than as bars along the edges), a random nudge in that preference keeping
layouts varied; when a region is complete, check that every area still free can hold
whole regions. A search that runs out of nodes starts again with fresh draws.
Regions are numbered in order of their first cell (row-major), which is how the text
format writes them (A, B, ...). The tiling runs in C on the compiled core
(csrc/jigsaw.c), with the same draws and decisions (compiled.jigsaw_tiler).
"""

from __future__ import annotations

from .. import compiled
from ..rng import Rng
from .shape import conventional_box

MIN_SIZE = 4
TILE_NODES = 150       # search nodes per tiling before starting again (fastest on 9x9)
# Past this size no layout is made: the fill finds no grid for the layouts drawn (none of
# 12 on each size from 19x19 in 200 fill attempts; bench/README.md, "Large jigsaws").
LARGEST_JIGSAW = 18


def tile_budget(n: int) -> int:
    """Search nodes per tiling: TILE_NODES, or on boards of more cells than that (13x13
    up: a tiling takes a node per cell at least) twice the cells."""
    return TILE_NODES if n * n < TILE_NODES else 2 * n * n


def tilings(n: int, rng: Rng):
    """The tilings of an n x n board drawn from rng (regions numbered by first cell), one
    per search; None for a search that ran out of nodes."""
    if not MIN_SIZE <= n <= LARGEST_JIGSAW:
        raise ValueError(f"a jigsaw is {MIN_SIZE}x{MIN_SIZE} to "
                         f"{LARGEST_JIGSAW}x{LARGEST_JIGSAW}, got {n}x{n}")
    tile = compiled.jigsaw_tiler(tile_in_python)
    box, limit, budget = _box(n), box_share_limit(n), tile_budget(n)
    while True:
        regions, rng.state = tile(n, *box, limit, rng.state, budget)
        yield None if regions is None else numbered_by_first_cell(regions)


def numbered_by_first_cell(regions) -> tuple[int, ...]:
    """The same layout with regions renumbered 0, 1, ... in order of their first cell."""
    number: dict[int, int] = {}
    return tuple(number.setdefault(r, len(number)) for r in regions)


def box_share_limit(n: int) -> int:
    """The most cells a region of an n x n jigsaw may have in one box: half of them,
    rounded up (n: no boxes)."""
    return (n + 1) // 2 if _boxes(n) else n


def _box(n: int) -> tuple[int, int]:
    """The usual box of an n x n board, (0, 0) for a prime n (none)."""
    try:
        return conventional_box(n)
    except ValueError:
        return 0, 0


def _boxes(n: int, box: tuple[int, int] | None = None) -> tuple[int, ...]:
    """The masks of the usual boxes (or of `box`) of an n x n board; none for a prime n."""
    rows, cols = box or _box(n)
    if not rows:
        return ()
    return tuple(sum(1 << (top + r) * n + left + c for r in range(rows) for c in range(cols))
                 for top in range(0, n, rows) for left in range(0, n, cols))


def tile_in_python(n: int, box_rows: int, box_cols: int, limit: int, state: int,
                   max_nodes: int) -> tuple[tuple[int, ...] | None, int]:
    """One tiling drawn from the stream at `state`: each cell's region (None if the search
    ran out of max_nodes nodes) and where the stream then stands, in Python: the
    reference of the compiled tiling."""
    rng = Rng(state)
    regions = _Tiler(n, (box_rows, box_cols), limit, max_nodes).tile(rng)
    return (None if regions is None else tuple(regions)), rng.state


class _OutOfNodes(Exception):
    pass


class _Tiler:
    """The n x n board as bit masks, and the seeded search that tiles it with regions."""

    def __init__(self, n: int, box: tuple[int, int], limit: int, max_nodes: int) -> None:
        self.n, self.full, self.max_nodes = n, (1 << n * n) - 1, max_nodes
        left = sum(1 << r * n for r in range(n))
        self.not_left, self.not_right = self.full & ~left, self.full & ~(left << n - 1)
        self.lines = tuple(((1 << n) - 1) << r * n for r in range(n)) + \
            tuple(left << c for c in range(n))
        self.boxes = _boxes(n, box)
        self.box_of = [next((b for b in self.boxes if b >> cell & 1), 0)
                       for cell in range(n * n)]
        self.limit = limit
        self.next_to = [self.around(1 << cell) for cell in range(n * n)]

    def tile(self, rng: Rng) -> list[int] | None:
        """A region number per cell, or None if the search ran out of nodes."""
        self.rng, self.nodes = rng, 0
        self.regions: list[int] = []
        try:
            if not self._next_region(0):
                return None
        except _OutOfNodes:
            return None
        regions = [0] * (self.n * self.n)
        for number, mask in enumerate(self.regions):
            for cell in _cells(mask):
                regions[cell] = number
        return regions

    def _next_region(self, covered: int) -> bool:
        if covered == self.full:
            return True
        free = self.full & ~covered
        start = self._least_free(list(_cells(free)), free)
        return self._grow(1 << start, covered)

    def _grow(self, region: int, covered: int) -> bool:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _OutOfNodes
        if region.bit_count() == self.n:
            return self._close(region, covered)
        free = self.full & ~covered & ~region
        ranked = []
        for c in _cells(self.around(region) & free):
            if (region & self.box_of[c]).bit_count() < self.limit:
                draw = self.rng.next64()  # its top bit nudges the order, the rest breaks ties
                # (free neighbours - region neighbours): fewest first
                ranked.append(((self.next_to[c] & free).bit_count()
                               - (self.next_to[c] & region).bit_count() + (draw >> 63), draw, c))
        ranked.sort()
        return any(self._grow(region | 1 << c, covered) for _, _, c in ranked)

    def _close(self, region: int, covered: int) -> bool:
        """Keep a complete region if it is no line and every free area can still be
        tiled by size; then go on to the next region."""
        if any(region & line == region for line in self.lines):
            return False
        covered |= region
        if not self._areas_fit(self.full & ~covered):
            return False
        self.regions.append(region)
        if self._next_region(covered):
            return True
        self.regions.pop()
        return False

    def _least_free(self, cells: list[int], free: int) -> int:
        """The cell with the fewest free neighbours, ties drawn at random."""
        counts = [(self.next_to[c] & free).bit_count() for c in cells]
        fewest = min(counts)
        ties = [c for c, k in zip(cells, counts) if k == fewest]
        return ties[self.rng.below(len(ties))]

    def _areas_fit(self, free: int) -> bool:
        """Whether every connected free area has a multiple of n cells."""
        while free:
            area = free & -free
            while True:
                grown = area | (self.around(area) & free)
                if grown == area:
                    break
                area = grown
            if area.bit_count() % self.n:
                return False
            free &= ~area
        return True

    def around(self, mask: int) -> int:
        """The cells orthogonally next to the mask's cells (and not in it)."""
        n = self.n
        near = ((mask << 1) & self.not_left) | ((mask >> 1) & self.not_right) | \
            (mask << n) | (mask >> n)
        return near & self.full & ~mask


def _cells(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
