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

from dataclasses import dataclass
from functools import lru_cache

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


# The same deductions over bit masks (a bit a cell), carried to their fixpoint at once:
# the solver's propagation and the grader's trials, where the lists above are too slow.

@dataclass(frozen=True)
class Masks:
    """A layout's units, neighbourhoods and bands of lines as bit masks."""

    stars: int
    units: tuple[int, ...]      # rows, columns, regions
    regions: tuple[int, ...]
    around: tuple[int, ...]     # each cell's up to eight neighbours
    bands: tuple[tuple[int, int], ...]  # (neighbouring lines, how many), narrowest first


@lru_cache(maxsize=64)
def masks(layout: Layout) -> Masks:
    """The layout's masks (cached: the generator and grader ask again and again)."""
    n = layout.size
    rows = [sum(1 << c for c in range(r * n, r * n + n)) for r in range(n)]
    cols = [sum(1 << c for c in range(col, n * n, n)) for col in range(n)]
    regions = tuple(sum(1 << c for c in cells) for cells in layout.region_cells)
    around = tuple(sum(1 << o for o in near) for near in layout.touching)
    bands = [(sum(lines[first:first + width]), width) for width in range(1, n)
             for lines in (rows, cols) for first in range(n - width + 1)]
    return Masks(layout.stars, tuple(rows + cols) + regions, regions, around, tuple(bands))


def state_masks(values: list[int]) -> tuple[int, int]:
    """The stars and the open cells of a state of values, as masks."""
    stars = open_ = 0
    for cell, value in enumerate(values):
        if value == STAR:
            stars |= 1 << cell
        elif value == UNKNOWN:
            open_ |= 1 << cell
    return stars, open_


def cells_of(mask: int):
    """The cells of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def propagate(table: Masks, stars: int, open_: int, widest: int) -> tuple[int, int]:
    """The state after touching and confinement, then bands of up to `widest` lines
    (1: confinement's; more: pigeonholes), until none places more; Contradiction if it
    has no solution."""
    for cell in cells_of(stars):
        if table.around[cell] & stars:
            raise Contradiction
        open_ &= ~table.around[cell]
    while True:
        stars, open_ = _units(table, stars, open_)
        shut = _bands(table, stars, open_, widest) if open_ else 0
        if not shut:
            return stars, open_
        open_ &= ~shut


def _units(table: Masks, stars: int, open_: int) -> tuple[int, int]:
    """Touching (full and short units) and a last star's shared neighbours, to a fixpoint;
    the stars' neighbours are already shut."""
    k, around = table.stars, table.around
    changed = True
    while changed:
        changed = False
        for unit in table.units:
            spare = open_ & unit
            lack = k - (stars & unit).bit_count()
            free = spare.bit_count()
            if lack < 0 or free < lack:
                raise Contradiction
            if not spare:
                continue
            if not lack:
                open_ &= ~spare
            elif free == lack:
                for cell in cells_of(spare):
                    if around[cell] & (stars | spare):
                        raise Contradiction
                    open_ &= ~around[cell]
                stars |= spare
                open_ &= ~spare
            elif lack == 1:
                shared = -1
                for cell in cells_of(spare):
                    shared &= around[cell]
                if not shared & open_:
                    continue
                open_ &= ~shared
            else:
                continue
            changed = True
    return stars, open_


def _bands(table: Masks, stars: int, open_: int, widest: int) -> int:
    """Open cells that bands of lines shut (see bands above); Contradiction if a band
    cannot be filled."""
    k = table.stars
    reach = [(spare, k - (stars & region).bit_count()) for region in table.regions
             if (spare := open_ & region)]
    shut = 0
    for band, width in table.bands:
        if width > widest:
            break
        band_need = k * width - (stars & band).bit_count()
        inside = touched = inside_need = touched_need = 0
        for spare, lack in reach:
            if spare & band:
                touched |= spare
                touched_need += lack
                if not spare & ~band:
                    inside |= spare
                    inside_need += lack
        if inside_need > band_need or touched_need < band_need:
            raise Contradiction
        if inside and inside_need == band_need:
            shut |= band & open_ & ~inside
        if touched_need == band_need:
            shut |= touched & ~band
    return shut
