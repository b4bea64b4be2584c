"""The deductions a Star Battle solver and its grader share: each finds cells the rules
force, as (cell, WHITE or STAR) placements, from a state of 0/1/2 values.

- touching: a star's eight neighbours are white; a unit holding its k stars has the rest
  white; a unit with only as many open cells as stars it lacks has them all stars.
- confinement: a region whose open cells lie in one row (or column), needing what that
  line needs, leaves the rest of the line white; a line inside one region, the region's
  other cells. And a cell touching every open cell of a unit that lacks one star is white.
- pigeonhole: j regions confined to j neighbouring lines that need as many stars: the
  rest of those lines is white (and j lines inside j regions, the rest of the regions).
"""

from __future__ import annotations

from .layout import STAR, UNKNOWN, WHITE, Layout

Placements = list[tuple[int, int]]


class Contradiction(Exception):
    """A state no solution reaches."""


def need(layout: Layout, values: list[int], unit: tuple[int, ...]) -> int:
    """Stars the unit still lacks."""
    return layout.stars - sum(1 for c in unit if values[c] == STAR)


def touching(layout: Layout, values: list[int]) -> Placements:
    """Neighbours of stars, the rest of full units, the last open cells of short ones."""
    found = [(o, WHITE) for c, v in enumerate(values) if v == STAR
             for o in layout.touching[c] if values[o] != WHITE]
    k = layout.stars
    for unit in layout.units:
        open_cells = [c for c in unit if not values[c]]
        lacking = k - [values[c] for c in unit].count(STAR)
        if lacking < 0 or len(open_cells) < lacking:
            raise Contradiction
        if open_cells and lacking == 0:
            found += [(c, WHITE) for c in open_cells]
        elif open_cells and len(open_cells) == lacking:
            found += [(c, STAR) for c in open_cells]
    return found


def confinement(layout: Layout, values: list[int]) -> Placements:
    """Bands of one line (see module doc), and cells touching a whole unit's last star."""
    found = bands(layout, values, 1, 1)
    for unit in layout.units:
        open_cells = [c for c in unit if values[c] == UNKNOWN]
        if open_cells and need(layout, values, unit) == 1:
            shared = set(layout.touching[open_cells[0]])
            for c in open_cells[1:]:
                shared &= set(layout.touching[c])
            found += [(c, WHITE) for c in shared if values[c] == UNKNOWN]
    return found


def pigeonhole(layout: Layout, values: list[int]) -> Placements:
    """Bands of two lines or more."""
    return bands(layout, values, 2, layout.size - 1)


def bands(layout: Layout, values: list[int], least: int, most: int) -> Placements:
    """For every band of `least` to `most` neighbouring rows (and columns): regions inside
    it needing all it needs leave the rest of it white; regions it lies inside, needing
    what it needs, are white outside it."""
    n, found = layout.size, []
    needs = [need(layout, values, cells) for cells in layout.region_cells]
    for across in (True, False):
        lines = layout.units[:n] if across else layout.units[n:2 * n]
        line_need = [need(layout, values, line) for line in lines]
        spread = [0] * n  # each region's open cells' lines, as a bit mask
        for cell, value in enumerate(values):
            if value == UNKNOWN:
                spread[layout.regions[cell]] |= 1 << divmod(cell, n)[0 if across else 1]
        for width in range(least, most + 1):
            for first in range(n - width + 1):
                band = ((1 << width) - 1) << first
                found += _band(layout, values, lines[first:first + width],
                               sum(line_need[first:first + width]), band, spread, needs)
    return found


def _band(layout: Layout, values: list[int], lines, band_need: int, band: int,
          spread: list[int], needs: list[int]) -> Placements:
    inside = [r for r, m in enumerate(spread) if m and not m & ~band]
    touched = [r for r, m in enumerate(spread) if m & band]
    inside_need = sum(needs[r] for r in inside)
    touched_need = sum(needs[r] for r in touched)
    if inside_need > band_need or touched_need < band_need:
        raise Contradiction
    found = []
    if inside and inside_need == band_need:
        found += [(c, WHITE) for line in lines for c in line
                  if values[c] == UNKNOWN and layout.regions[c] not in inside]
    if touched_need == band_need and any(spread[r] & ~band for r in touched):
        cells = set().union(*lines)
        found += [(c, WHITE) for r in touched for c in layout.region_cells[r]
                  if values[c] == UNKNOWN and c not in cells]
    return found


def apply(values: list[int], placements: Placements) -> bool:
    """Set the placements; Contradiction if two disagree; whether any was new."""
    changed = False
    for cell, value in placements:
        if values[cell] == UNKNOWN:
            values[cell] = value
            changed = True
        elif values[cell] != value:
            raise Contradiction
    return changed


def settle(layout: Layout, values: list[int], techniques=(touching,)) -> None:
    """Apply the techniques, easiest first, until none finds anything (Contradiction if the
    state has no solution they can see)."""
    while any(apply(values, find(layout, values)) for find in techniques):
        pass


def stars_touch(layout: Layout, values: list[int]) -> bool:
    """Whether two stars touch."""
    return any(values[o] == STAR for c, v in enumerate(values) if v == STAR
               for o in layout.touching[c])
