"""The deductions a Star Battle solver and its grader share: each finds cells the rules
force, as (cell, WHITE or STAR) placements, from a state of 0/1/2 values.

- touching: a star's eight neighbours are white; a unit holding its k stars has the rest
  white; a unit with only as many open cells as stars it lacks has them all stars.
- confinement: a region whose open cells lie in one row (or column), needing what that
  line needs, leaves the rest of the line white; a line inside one region, the region's
  other cells. And a cell touching every open cell of a unit that lacks one star is white.
- pigeonhole: j regions confined to j neighbouring lines that need as many stars: the
  rest of those lines is white (and j lines inside j regions, the rest of the regions).
- block counting: 2x2 blocks, each of which holds one star at most, bound the stars a
  unit's open cells (or two neighbouring lines') can still hold: a unit lacking as many
  stars as the blocks of one tiling its open cells meet has a star in each, so a block
  it meets in one cell has its star there (_blocked; the solver's search counts them
  from 11x11).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from .. import compiled
from .layout import STAR, UNKNOWN, WHITE, Layout, king_neighbours

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


def blocks(layout: Layout, values: list[int]) -> Placements:
    """The stars 2x2 blocks force (see _blocked)."""
    stars, open_ = state_masks(values)
    return [(c, STAR) for c in cells_of(_blocked(masks(layout), stars, open_))]


def blocked_units(layout: Layout, values: list[int]) -> list[tuple[int, int]]:
    """Each unit (or two neighbouring lines) that places stars by its blocks, as a mask,
    with the stars it places: what a block counting step rests on."""
    table, (stars, open_) = masks(layout), state_masks(values)
    found = []
    for entry in table.roomy:
        placed = _blocked(replace(table, roomy=(entry,)), stars, open_)
        if placed:
            found.append((entry[0], placed))
    return found


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
class Tiling:
    """The square cut into blocks of 2x2 cells (1x2, 2x1 or 1x1 at its edges), each named
    by its top-left cell, the anchor: the anchors, and those with a cell to their right,
    below, and diagonally below."""

    anchors: int
    right: int
    below: int
    diagonal: int


@lru_cache(maxsize=16)
def tilings(n: int) -> tuple[Tiling, ...]:
    """The four ways to cut the square into 2x2 blocks: starting a block at an even or an
    odd row, and at an even or an odd column."""
    found = []
    for row_start in (0, 1):
        for col_start in (0, 1):
            pair_rows = [r for r in range(n - 1) if r % 2 == row_start]
            pair_cols = [c for c in range(n - 1) if c % 2 == col_start]
            first_rows = set(pair_rows) | {r for r in range(n) if r not in pair_rows
                                           and r - 1 not in pair_rows}
            first_cols = set(pair_cols) | {c for c in range(n) if c not in pair_cols
                                           and c - 1 not in pair_cols}

            def cells(rows, cols) -> int:
                return sum(1 << (r * n + c) for r in rows for c in cols)

            found.append(Tiling(cells(first_rows, first_cols), cells(first_rows, pair_cols),
                                cells(pair_rows, first_cols), cells(pair_rows, pair_cols)))
    return tuple(found)


@dataclass(frozen=True)
class Masks:
    """A layout's units, neighbourhoods and bands of lines as bit masks."""

    stars: int
    units: tuple[int, ...]      # rows, columns, regions
    regions: tuple[int, ...]
    around: tuple[int, ...]     # each cell's up to eight neighbours
    bands: tuple[tuple[int, int], ...]  # (neighbouring lines, how many), narrowest first
    size: int = 0
    roomy: tuple[tuple[int, int, tuple[Tiling, ...]], ...] = ()  # see _blocked


@lru_cache(maxsize=64)
def masks(layout: Layout) -> Masks:
    """The layout's masks (cached: the generator and grader ask again and again)."""
    return masks_of(layout.size, layout.stars,
                    tuple(sum(1 << c for c in cells) for cells in layout.region_cells))


def masks_of(n: int, k: int, regions: tuple[int, ...]) -> Masks:
    """The masks of an n x n square of k stars a unit with these regions' cells (the
    generator's may leave cells in none)."""
    rows, cols, around, bands = _square(n)
    return Masks(k, rows + cols + regions, regions, around, bands, n,
                 _roomy(n, k, list(rows), list(cols), regions))


@lru_cache(maxsize=16)
def _square(n: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...],
                             tuple[tuple[int, int], ...]]:
    """The masks of the square whatever its regions: rows, columns, each cell's
    neighbours, and the bands of lines (the generator asks for them on every move)."""
    rows = [sum(1 << c for c in range(r * n, r * n + n)) for r in range(n)]
    cols = [sum(1 << c for c in range(col, n * n, n)) for col in range(n)]
    around = tuple(sum(1 << o for o in near) for near in king_neighbours(n))
    bands = [(sum(lines[first:first + width]), width) for width in range(1, n)
             for lines in (rows, cols) for first in range(n - width + 1)]
    return tuple(rows), tuple(cols), around, tuple(bands)


def _roomy(n: int, k: int, rows: list[int], cols: list[int], regions: tuple[int, ...]
           ) -> tuple[tuple[int, int, tuple[Tiling, ...]], ...]:
    """What 2x2 blocks count: each line, two neighbouring lines, and each region, with the
    stars it holds and the tilings that cut it differently (a row only by where blocks
    start along it; two rows by that, blocks starting at the first)."""
    cut = tilings(n)  # row start 0 and column start 0, 0 and 1, 1 and 0, 1 and 1
    found = [(row, k, cut[:2]) for row in rows] + [(col, k, cut[::2]) for col in cols]
    found += [(rows[r] | rows[r + 1], 2 * k, cut[2 * (r % 2):2 * (r % 2) + 2])
              for r in range(n - 1)]
    found += [(cols[c] | cols[c + 1], 2 * k, cut[c % 2::2]) for c in range(n - 1)]
    return tuple(found + [(region, k, cut) for region in regions])


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


# The compiled propagation holds squares up to this size (csrc/starprop.c's SB_MOST).
COMPILED_MOST = 16


def propagate(table: Masks, stars: int, open_: int, widest: int, room: bool = False
              ) -> tuple[int, int]:
    """The state after touching and confinement, then bands of up to `widest` lines
    (1: confinement's; more: pigeonholes), then (with `room`) 2x2 blocks, until none
    places more; Contradiction if it has no solution. In C where the compiled core has
    it (csrc/starprop.c: the same deductions in the same order)."""
    fast = compiled.starbattle_propagator() if table.size <= COMPILED_MOST else None
    if fast is None:
        return propagated(table, stars, open_, widest, room)
    state = fast(table.size, table.stars, table.regions, stars, open_, widest, room)
    if state is None:
        raise Contradiction
    return state


def propagated(table: Masks, stars: int, open_: int, widest: int, room: bool = False
               ) -> tuple[int, int]:
    """propagate in Python: the reference."""
    for cell in cells_of(stars):
        if table.around[cell] & stars:
            raise Contradiction
        open_ &= ~table.around[cell]
    while True:
        stars, open_ = _units(table, stars, open_)
        shut = _bands(table, stars, open_, widest) if open_ else 0
        if shut:
            open_ &= ~shut
            continue
        placed = _blocked(table, stars, open_) if room and open_ else 0
        if not placed:
            return stars, open_
        stars, open_ = _place(table, stars, open_, placed)


def _place(table: Masks, stars: int, open_: int, placed: int) -> tuple[int, int]:
    """Stars on the open cells `placed`, their neighbours shut; Contradiction if any
    touch."""
    for cell in cells_of(placed):
        if table.around[cell] & (stars | placed):
            raise Contradiction
        open_ &= ~table.around[cell]
    return stars | placed, open_ & ~placed


def _blocked(table: Masks, stars: int, open_: int) -> int:
    """Stars that 2x2 blocks force: a unit (or two neighbouring lines) whose open cells
    meet only as many blocks of one of the four tilings as it lacks stars has a star in
    each, so a block it meets in one cell has its star there; Contradiction if it meets
    fewer blocks than it lacks stars (no two stars share a block: they would touch)."""
    n, placed = table.size, 0
    for unit, holds, cuts in table.roomy:
        lack = holds - (stars & unit).bit_count()
        if lack < 2:
            continue
        spare = open_ & unit
        for tiling in cuts:
            a, b = spare & tiling.anchors, spare >> 1 & tiling.right
            c, d = spare >> n & tiling.below, spare >> n + 1 & tiling.diagonal
            met = (a | b | c | d).bit_count()
            if met < lack:
                raise Contradiction
            if met == lack:
                one = (a ^ b ^ c ^ d) & ~(a & b | c & d | (a | b) & (c | d))
                placed |= one & a | (one & b) << 1 | (one & c) << n | (one & d) << n + 1
    return placed


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
    k, n = table.stars, table.size
    reach = [(spare, k - (stars & region).bit_count()) for region in table.regions
             if (spare := open_ & region)]
    rows = [(((s & -s).bit_length() - 1) // n, (s.bit_length() - 1) // n) for s, _ in reach]
    cols = [((f & -f).bit_length() - 1, f.bit_length() - 1)
            for f in (_folded(s, n) for s, _ in reach)]
    return (_across(k, table.units[:n], stars, open_, reach, rows, widest) |
            _across(k, table.units[n:2 * n], stars, open_, reach, cols, widest))


def _folded(spare: int, n: int) -> int:
    """The columns a mask's cells lie in, as a mask of the first row."""
    rows = n
    while rows > 1:
        half = (rows + 1) // 2
        spare |= spare >> half * n
        rows = half
    return spare & (1 << n) - 1


def _across(k: int, lines: tuple[int, ...], stars: int, open_: int,
            reach: list[tuple[int, int]], spans: list[tuple[int, int]], widest: int) -> int:
    """_bands for the bands of one direction: what the regions inside each band, and
    those touching it, need, summed from the lines each region's open cells span."""
    n = len(lines)
    gaps = [(lo, hi, lack) for (lo, hi), (spare, lack) in zip(spans, reach)
            for lo, hi in _gaps(spare, lines, lo, hi)]
    lacks = [[0] * n for _ in range(n)]  # by the first and last line a region spans
    before, after = [0] * (n + 1), [0] * (n + 1)  # regions ending before a line, or after
    for (lo, hi), (_, lack) in zip(spans, reach):
        lacks[lo][hi] += lack
        before[hi + 1] += lack
        after[lo] += lack
    total = sum(lack for _, lack in reach)
    for i in range(n):
        before[i + 1] += before[i]
    for i in range(n - 1, 0, -1):
        after[i - 1] += after[i]
    need = [0]
    for line in lines:
        need.append(need[-1] + k - (stars & line).bit_count())
    inside = [row[:] for row in lacks]
    shut = 0
    for width in range(1, min(widest, n - 1) + 1):
        for first in range(n - width + 1):
            last = first + width - 1
            if width > 1:
                inside[first][last] += (inside[first + 1][last] + inside[first][last - 1] -
                                        (inside[first + 1][last - 1] if width > 2 else 0))
            held, band_need = inside[first][last], need[last + 1] - need[first]
            touched = total - before[first] - after[last + 1] - sum(
                lack for lo, hi, lack in gaps if lo <= first and last <= hi)
            if held > band_need or touched < band_need:
                raise Contradiction
            if held < touched and band_need in (held, touched):
                shut |= _shut(lines[first:last + 1], open_, reach, spans, first, last,
                              held == band_need, touched == band_need)
    return shut


def _gaps(spare: int, lines: tuple[int, ...], lo: int, hi: int) -> list[tuple[int, int]]:
    """The runs of lines between the first and last a region's open cells lie in that
    hold none of them."""
    empty = [line for line in range(lo + 1, hi) if not spare & lines[line]]
    runs: list[tuple[int, int]] = []
    for line in empty:
        if runs and runs[-1][1] == line - 1:
            runs[-1] = (runs[-1][0], line)
        else:
            runs.append((line, line))
    return runs


def _shut(lines: tuple[int, ...], open_: int, reach: list[tuple[int, int]],
          spans: list[tuple[int, int]], first: int, last: int, inside_full: bool,
          touched_full: bool) -> int:
    """The cells a band shuts: the rest of it, when the regions inside it need all it
    needs; the rest of the regions touching it, when they need only what it needs."""
    band = sum(lines)
    inside = touched = 0
    for (lo, hi), (spare, _) in zip(spans, reach):
        if spare & band:
            touched |= spare
            if lo >= first and hi <= last:
                inside |= spare
    return (band & open_ & ~inside if inside_full else 0) | (touched & ~band if touched_full else 0)
