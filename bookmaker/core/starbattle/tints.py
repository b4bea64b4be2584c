"""A Star Battle's regions in tints: each region one of TINTS levels (0 none), no two
regions that share a side alike, so that a reader tells them apart in greyscale print as
well as by their heavy outlines. A map of regions is planar, so four levels always do;
a small search finds them, the same every time (regions in order, the lightest first)."""

from __future__ import annotations

from ..board.marks import TINTS
from .layout import Layout, side_neighbours


def region_tints(layout: Layout) -> tuple[int, ...]:
    """Each cell's tint: its region's level."""
    n = layout.size
    meets: list[set[int]] = [set() for _ in range(n)]
    for cell, region in enumerate(layout.regions):
        meets[region].update(layout.regions[o] for o in side_neighbours(n, cell)
                             if layout.regions[o] != region)
    levels = _coloured(meets, [-1] * n, 0)
    if levels is None:  # unreachable for a plane map; left untinted rather than wrong
        return ()
    return tuple(levels[region] for region in layout.regions)


def _coloured(meets: list[set[int]], levels: list[int], region: int) -> list[int] | None:
    if region == len(levels):
        return levels
    taken = {levels[other] for other in meets[region]}
    for level in range(TINTS):
        if level not in taken:
            levels[region] = level
            if _coloured(meets, levels, region + 1) is not None:
                return levels
    levels[region] = -1
    return None
