"""Jigsaw region layouts drawn from a seed: n connected regions of n cells, none like a box.

Rules for a layout, so that it reads as a jigsaw and is a real puzzle board:
- every region is n orthogonally connected cells;
- no region lies in one row or column (it would only repeat that line's rule);
- no region has more than half of its cells (rounded up: 5 of 9) in one of the board's
  usual boxes, so none reads as a box with a bump (sizes without boxes, the primes,
  have no such rule);
- the fill finds a full grid for the layout within a small budget (some layouts have no
  grid at all, and a puzzle needs one): the very fill generate() will make from the
  same seed, so a layout drawn here never fails there.

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
format writes them (A, B, ...).
"""

from __future__ import annotations

from ..generate.removal import seeded_fill
from ..puzzle import GenerationError
from ..rng import Rng, derive_seed
from .shape import MAX_SIZE, Shape, conventional_box, jigsaw_of

MIN_SIZE = 4
TILE_NODES = 150       # search nodes per tiling before starting again (fastest on 9x9)
FILL_CHECK_ATTEMPTS = 10  # the first fill attempts a layout must succeed within
LAYOUT_ATTEMPTS = 200  # tilings drawn before giving up (a 12x12 needs about 15)


def jigsaw_layout(n: int, seed: int) -> Shape:
    """The jigsaw board of size n drawn from the seed (see the module docstring), one
    for which generate(board, seed) is sure to fill its grid: the check here is the
    first FILL_CHECK_ATTEMPTS attempts of that very fill (the same stream, the same
    budget), so it succeeds there too. GenerationError if no such layout turns up within
    LAYOUT_ATTEMPTS tilings."""
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise ValueError(f"a jigsaw is {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}, "
                         f"got {n}x{n}")
    rng, tiler = Rng(derive_seed(seed, "jigsaw layout")), _Tiler(n)
    for _ in range(LAYOUT_ATTEMPTS):
        regions = tiler.tile(rng)
        if regions is None:
            continue
        shape = jigsaw_of(numbered_by_first_cell(regions))
        try:
            seeded_fill(shape, seed, attempts=FILL_CHECK_ATTEMPTS)
        except GenerationError:
            continue
        return shape
    raise GenerationError(f"no {n}x{n} jigsaw layout with a full grid turned up in "
                          f"{LAYOUT_ATTEMPTS} tries")


def numbered_by_first_cell(regions) -> tuple[int, ...]:
    """The same layout with regions renumbered 0, 1, ... in order of their first cell."""
    number: dict[int, int] = {}
    return tuple(number.setdefault(r, len(number)) for r in regions)


def box_share_limit(n: int) -> int:
    """The most cells a region of an n x n jigsaw may have in one box: half of them,
    rounded up (n: no boxes)."""
    return (n + 1) // 2 if _boxes(n) else n


def _boxes(n: int) -> tuple[int, ...]:
    """The masks of the usual boxes of an n x n board; none for a prime n."""
    try:
        rows, cols = conventional_box(n)
    except ValueError:
        return ()
    return tuple(sum(1 << (top + r) * n + left + c for r in range(rows) for c in range(cols))
                 for top in range(0, n, rows) for left in range(0, n, cols))


class _OutOfNodes(Exception):
    pass


class _Tiler:
    """The n x n board as bit masks, and the seeded search that tiles it with regions."""

    def __init__(self, n: int) -> None:
        self.n, self.full = n, (1 << n * n) - 1
        left = sum(1 << r * n for r in range(n))
        self.not_left, self.not_right = self.full & ~left, self.full & ~(left << n - 1)
        self.lines = tuple(((1 << n) - 1) << r * n for r in range(n)) + \
            tuple(left << c for c in range(n))
        self.boxes = _boxes(n)
        self.box_of = [next((b for b in self.boxes if b >> cell & 1), 0)
                       for cell in range(n * n)]
        self.limit = box_share_limit(n)
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
        if self.nodes > TILE_NODES:
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
