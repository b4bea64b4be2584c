"""Human solving techniques over a candidate state: each finds one step (or None) for any shape.

Glossary: a *value* is 1..n as printed; a *digit* is its 0-based index d = value - 1. The
state keeps candidates twice, kept in step: `cell_digits[c]` (bit d: value d+1 still
possible in cell c) for techniques that look at cells, and `digit_cells[d]` (bit c: cell c
may still hold d+1; open cells only) for techniques that look at where a value can go.
A *Step* is what a person would write down: placements, eliminations and why. Every
technique works over Shape's units and peers; only fish (rows and columns) and the order
of hidden singles (areas before lines) ask a unit's kind, so every box shape from 4x4 to
25x25 and every variant board is served by the same code.
"""

from __future__ import annotations

from itertools import combinations

from ..bits import bits_of
from ..board.grid import SYMBOLS
from ..words import with_article
from .candidates import Candidates, Step, cell_names, removing, symbols_text
from .evidence import Reason, unit_cells, units_reasons
from .geometry import FishGrid, geometry

# --- singles -------------------------------------------------------------------------

def full_house(state: Candidates) -> Step | None:
    """The last open cell of a unit takes the one value it can still hold."""
    for unit_index, mask in enumerate(state.shape.unit_masks):
        open_in_unit = mask & state.open_cells
        if open_in_unit and not open_in_unit & (open_in_unit - 1):
            cell = open_in_unit.bit_length() - 1
            digits = state.cell_digits[cell]
            if digits and not digits & (digits - 1):
                return full_house_step(state, ((cell, digits.bit_length()),), (), unit_index)
    return None


def full_house_step(state: Candidates, placements, eliminations, unit: int) -> Step:
    (cell, value), = placements
    return Step("full house", placements, eliminations,
                f"{state.shape.cell_name(cell)} = {SYMBOLS[value - 1]}: "
                f"last open cell of {state.shape.units[unit]}",
                because=units_reasons(state.shape, unit), cells=(cell,))


def hidden_single(state: Candidates) -> Step | None:
    """A value with one place left in a unit goes there (boxes and other areas looked at
    first)."""
    geo = geometry(state.shape)
    for u in geo.units_blocks_first:
        mask = geo.unit_masks[u]
        for d, cells in enumerate(state.digit_cells):
            here = cells & mask
            if here and not here & (here - 1):
                return hidden_single_step(state, ((here.bit_length() - 1, d + 1),), (), u)
    return None


def hidden_single_step(state: Candidates, placements, eliminations, unit: int) -> Step:
    (cell, value), = placements
    symbol = SYMBOLS[value - 1]
    return Step("hidden single", placements, eliminations,
                f"{state.shape.cell_name(cell)} = {symbol}: the only place "
                f"for {symbol} in {state.shape.units[unit]}",
                because=units_reasons(state.shape, unit), cells=(cell,))


def naked_single(state: Candidates) -> Step | None:
    """A cell with one candidate left takes it."""
    for cell in bits_of(state.open_cells):
        digits = state.cell_digits[cell]
        if digits and not digits & (digits - 1):
            return naked_single_step(state, ((cell, digits.bit_length()),), ())
    return None



def place_naked_single(state: Candidates) -> bool:
    """Place the first naked single in cell order, if there is one."""
    step = naked_single(state)
    if step is not None:
        state.apply(step)
    return step is not None


def naked_single_step(state: Candidates, placements, eliminations) -> Step:
    (cell, value), = placements
    return Step("naked single", placements, eliminations,
                f"{state.shape.cell_name(cell)} = {SYMBOLS[value - 1]}: its only candidate",
                cells=(cell,))


def place_full_houses(state: Candidates) -> bool:
    """Fill every full house, again until none is left (no Step objects: for grading in
    bulk); whether any was placed."""
    placed = False
    while True:
        found = full_house(state)
        if found is None:
            return placed
        state.apply(found)
        placed = True


def place_hidden_singles(state: Candidates) -> bool:
    """Place hidden singles (full houses among them) until none is left; whether any was.
    The fixed point is the same in any order, so the units are simply swept."""
    placed, sweeping = False, True
    unit_masks, digit_cells = state.shape.unit_masks, state.digit_cells
    while sweeping:
        sweeping = False
        for d in range(state.shape.size):
            for mask in unit_masks:
                here = digit_cells[d] & mask
                if here and not here & (here - 1):
                    state.place(here.bit_length() - 1, d + 1)
                    placed = sweeping = True
    return placed


# --- intersections -------------------------------------------------------------------

def pointing(state: Candidates) -> Step | None:
    """A value confined to one line (or other unit) within a box leaves the rest of that
    line; boxes stand for every area: windows and jigsaw regions too."""
    return _locked(state, pointing_step, geometry(state.shape).block_intersections)


def claiming(state: Candidates) -> Step | None:
    """A value confined to one box (or other unit) within a line leaves the rest of that
    box; lines are rows, columns and diagonals."""
    return _locked(state, claiming_step, geometry(state.shape).line_intersections)


def _locked(state: Candidates, step, intersections) -> Step | None:
    """Locked candidates: a value whose places in one unit all lie where it meets another
    unit is removed from the rest of the other unit."""
    unit_masks = state.shape.unit_masks
    for inside, other, common in intersections:
        for d, cells in enumerate(state.digit_cells):
            confined = cells & unit_masks[inside]
            if confined and not confined & ~common:
                removed = removing(state, d, unit_masks[other] & ~common)
                if removed:
                    return step(state, (), removed, inside, other, d)
    return None


def _locked_step(name: str, state: Candidates, placements, eliminations, inside: int,
                 other: int, d: int) -> Step:
    units = state.shape.units
    return Step(name, placements, eliminations,
                f"in {units[inside]}, {SYMBOLS[d]} lies only in {units[other]}",
                because=units_reasons(state.shape, inside, other),
                cells=unit_cells(state.shape, inside, other))


def pointing_step(state: Candidates, *found) -> Step:
    return _locked_step("locked candidates (pointing)", state, *found)


def claiming_step(state: Candidates, *found) -> Step:
    return _locked_step("locked candidates (claiming)", state, *found)


# --- subsets -------------------------------------------------------------------------

def naked_subset(state: Candidates, size: int, name: str) -> Step | None:
    """`size` cells of a unit holding only `size` values between them: those values
    leave the unit's other cells."""
    cell_digits = state.cell_digits
    for unit, mask in enumerate(state.shape.unit_masks):
        open_in_unit = list(bits_of(mask & state.open_cells))
        if len(open_in_unit) <= size:
            continue
        small = [c for c in open_in_unit if 2 <= cell_digits[c].bit_count() <= size]
        for group in combinations(small, size):
            union = 0
            for c in group:
                union |= cell_digits[c]
            if union.bit_count() != size:
                continue
            removed = tuple((c, d + 1) for c in open_in_unit if c not in group
                            for d in bits_of(cell_digits[c] & union))
            if removed:
                return naked_subset_step(name, state, (), removed, unit, union, *group)
    return None


def naked_subset_step(name: str, state: Candidates, placements, eliminations, unit: int,
                      union: int, *group: int) -> Step:
    return Step(name, placements, eliminations, f"{cell_names(state, group)} hold only "
                f"{symbols_text(union)} in {state.shape.units[unit]}",
                because=units_reasons(state.shape, unit), cells=group)


def hidden_subset(state: Candidates, size: int, name: str) -> Step | None:
    """`size` values of a unit with only `size` places between them: those cells lose
    every other candidate."""
    for unit, mask in enumerate(state.shape.unit_masks):
        if (mask & state.open_cells).bit_count() <= size:
            continue
        places = [(d, cells & mask) for d, cells in enumerate(state.digit_cells)
                  if 2 <= (cells & mask).bit_count() <= size]
        for group in combinations(places, size):
            cells = keep = 0
            for d, here in group:
                cells |= here
                keep |= 1 << d
            if cells.bit_count() != size:
                continue
            removed = tuple((c, d + 1) for c in bits_of(cells)
                            for d in bits_of(state.cell_digits[c] & ~keep))
            if removed:
                return hidden_subset_step(name, state, (), removed, unit, keep, *bits_of(cells))
    return None


def hidden_subset_step(name: str, state: Candidates, placements, eliminations, unit: int,
                       keep: int, *cells: int) -> Step:
    return Step(name, placements, eliminations, f"{symbols_text(keep)} fit only in "
                f"{cell_names(state, cells)} in {state.shape.units[unit]}",
                because=units_reasons(state.shape, unit), cells=cells)


def naked_pair(state): return naked_subset(state, 2, "naked pair")
def naked_triple(state): return naked_subset(state, 3, "naked triple")
def naked_quad(state): return naked_subset(state, 4, "naked quad")
def hidden_pair(state): return hidden_subset(state, 2, "hidden pair")
def hidden_triple(state): return hidden_subset(state, 3, "hidden triple")
def hidden_quad(state): return hidden_subset(state, 4, "hidden quad")


# --- fish ----------------------------------------------------------------------------

def fish(state: Candidates, size: int, name: str) -> Step | None:
    """A value whose places in `size` rows lie in `size` columns leaves the rest of those
    columns (and the same with rows and columns swapped), in each grid of the board."""
    for number, grid in enumerate(geometry(state.shape).fish_grids):
        for base, cover in FISH_DIRECTIONS:
            step = _fish_in(state, number, grid, base, cover, size, name)
            if step is not None:
                return step
    return None


FISH_DIRECTIONS = (("row", "column"), ("column", "row"))


def _fish_in(state: Candidates, number: int, grid: FishGrid, base: str, cover: str,
             size: int, name: str) -> Step | None:
    cover_of, cover_masks = grid.line_index[cover], grid.line_masks[cover]
    for d, cells in enumerate(state.digit_cells):
        lines = []
        for index, mask in enumerate(grid.line_masks[base]):
            here = cells & mask
            if 2 <= here.bit_count() <= size:
                lines.append((index, mask, sum(1 << cover_of[c] for c in bits_of(here))))
        for group in combinations(lines, size):
            covers = base_cells = 0
            for _, mask, crossing in group:
                covers |= crossing
                base_cells |= mask
            if covers.bit_count() != size:
                continue
            cover_cells = sum(cover_masks[i] for i in bits_of(covers))
            removed = removing(state, d, cover_cells & ~base_cells)
            if removed:
                return fish_step(name, state, (), removed, number,
                                 FISH_DIRECTIONS.index((base, cover)), d, covers,
                                 *(i for i, _, _ in group))
    return None


def fish_step(name: str, state: Candidates, placements, eliminations, grid: int,
              direction: int, d: int, covers: int, *bases: int) -> Step:
    base, cover = FISH_DIRECTIONS[direction]
    of_grid = geometry(state.shape).fish_grids[grid].of_grid
    crossed = ",".join(str(i + 1) for i in bits_of(covers))
    lines = geometry(state.shape).fish_grids[grid]
    base_masks = [lines.line_masks[base][i] for i in bases]
    cover_masks = [lines.line_masks[cover][i] for i in bits_of(covers)]
    corners = tuple(c for c in range(state.shape.cell_count)
                    if any(m >> c & 1 for m in base_masks) and any(m >> c & 1 for m in cover_masks))
    return Step(name, placements, eliminations,
                f"{SYMBOLS[d]} in {base}s {','.join(str(i + 1) for i in bases)}{of_grid} "
                f"lies only in {cover}s {crossed}",
                because=tuple(Reason(kind, i + 1, grid=lines.grid)
                              for kind, numbers in ((base, bases), (cover, bits_of(covers)))
                              for i in numbers), cells=corners)


def x_wing(state): return fish(state, 2, "X-Wing")
def swordfish(state): return fish(state, 3, "Swordfish")
def jellyfish(state): return fish(state, 4, "Jellyfish")


# --- wings ---------------------------------------------------------------------------

def xy_wing(state: Candidates) -> Step | None:
    """Pivot xy sees pincers xz and yz: whichever holds, z is in a pincer, so z leaves
    every cell seeing both pincers."""
    cell_digits, peer_masks = state.cell_digits, state.shape.peer_masks
    pairs = [c for c in bits_of(state.open_cells) if cell_digits[c].bit_count() == 2]
    for pivot in pairs:
        xy = cell_digits[pivot]
        pincers = [c for c in pairs if peer_masks[pivot] >> c & 1
                   and (cell_digits[c] & xy).bit_count() == 1]
        for one, two in combinations(pincers, 2):
            z = cell_digits[one] & ~xy
            if z != cell_digits[two] & ~xy or cell_digits[one] & xy == cell_digits[two] & xy:
                continue
            d = z.bit_length() - 1
            removed = removing(state, d, peer_masks[one] & peer_masks[two])
            if removed:
                return xy_wing_step(state, (), removed, pivot, one, two, xy, d)
    return None


def xy_wing_step(state: Candidates, placements, eliminations, pivot: int, one: int,
                 two: int, xy: int, d: int) -> Step:
    return Step("XY-Wing", placements, eliminations, f"pivot {cell_names(state, [pivot])} "
                f"({symbols_text(xy)}) with pincers {cell_names(state, [one, two])}: "
                f"one of them is {SYMBOLS[d]}", cells=(pivot, one, two))


def xyz_wing(state: Candidates) -> Step | None:
    """Pivot xyz sees pincers xz and yz: z is in one of the three, so z leaves every cell
    seeing all three."""
    cell_digits, peer_masks = state.cell_digits, state.shape.peer_masks
    pairs = [c for c in bits_of(state.open_cells) if cell_digits[c].bit_count() == 2]
    for pivot in bits_of(state.open_cells):
        xyz = cell_digits[pivot]
        if xyz.bit_count() != 3:
            continue
        pincers = [c for c in pairs if peer_masks[pivot] >> c & 1 and not cell_digits[c] & ~xyz]
        for one, two in combinations(pincers, 2):
            z = cell_digits[one] & cell_digits[two]
            if cell_digits[one] | cell_digits[two] != xyz or z.bit_count() != 1:
                continue
            d = z.bit_length() - 1
            removed = removing(state, d, peer_masks[pivot] & peer_masks[one] & peer_masks[two])
            if removed:
                return xyz_wing_step(state, (), removed, pivot, one, two, xyz, d)
    return None


def xyz_wing_step(state: Candidates, placements, eliminations, pivot: int, one: int,
                  two: int, xyz: int, d: int) -> Step:
    return Step("XYZ-Wing", placements, eliminations, f"pivot {cell_names(state, [pivot])} "
                f"({symbols_text(xyz)}) with pincers {cell_names(state, [one, two])}: "
                f"one of the three is {SYMBOLS[d]}", cells=(pivot, one, two))


# --- colouring -----------------------------------------------------------------------

def _colour_groups(state: Candidates, d: int):
    """The two-coloured clusters of a value's conjugate pairs (units with exactly two
    places): in each cluster one colour holds the value everywhere, the other nowhere."""
    cells = state.digit_cells[d]
    links: dict[int, list[int]] = {}
    for mask in state.shape.unit_masks:
        here = cells & mask
        if here.bit_count() == 2:
            a, b = bits_of(here)
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
    seen: set[int] = set()
    for start in links:
        if start in seen:
            continue
        colour, todo, consistent = {start: 0}, [start], True
        while todo:
            cell = todo.pop()
            for other in links[cell]:
                if other not in colour:
                    colour[other] = 1 - colour[cell]
                    todo.append(other)
                elif colour[other] == colour[cell]:
                    consistent = False   # impossible in a puzzle that has a solution
        seen.update(colour)
        if consistent and len(colour) > 2:
            yield tuple(sum(1 << c for c, k in colour.items() if k == side) for side in (0, 1))


def simple_colouring(state: Candidates) -> Step | None:
    """Colour a value's conjugate chains: a colour with two cells seeing each other is
    false (wrap); a cell seeing both colours cannot hold the value (trap)."""
    peer_masks = state.shape.peer_masks
    for d in range(state.shape.size):
        for sides in _colour_groups(state, d):
            sees = [0, 0]
            for side in (0, 1):
                for c in bits_of(sides[side]):
                    sees[side] |= peer_masks[c]
            for side in (0, 1):
                if sees[side] & sides[side]:
                    return colouring_step(state, (), removing(state, d, sides[side]), d, 1)
            removed = removing(state, d, sees[0] & sees[1] & ~(sides[0] | sides[1]))
            if removed:
                return colouring_step(state, (), removed, d, 0)
    return None


def colouring_step(state: Candidates, placements, eliminations, d: int, wrap: int) -> Step:
    """A colour wrap (wrap 1) or a colour trap (0) of the value d+1."""
    if wrap:
        return Step("simple colouring", placements, eliminations, f"two {SYMBOLS[d]}-coloured "
                    f"cells of one colour see each other, so that colour is false")
    return Step("simple colouring", placements, eliminations,
                f"these cells see both colours of {with_article(SYMBOLS[d])} chain")


# --- chains --------------------------------------------------------------------------

def _strong_partners(state: Candidates, d: int) -> dict[int, set[int]]:
    """For each cell, the cells it forms a conjugate pair with for value d+1."""
    partners: dict[int, set[int]] = {}
    for mask in state.shape.unit_masks:
        here = state.digit_cells[d] & mask
        if here.bit_count() == 2:
            a, b = bits_of(here)
            partners.setdefault(a, set()).add(b)
            partners.setdefault(b, set()).add(a)
    return partners


def _chain_ends(state: Candidates, d: int, start: int, partners) -> list[tuple[int, list]]:
    """If `start` is not d+1, the cells that then must be, each with its chain (strong
    link to a true cell, weak link from it to a false cell, and so on)."""
    peer_masks, cells = state.shape.peer_masks, state.digit_cells[d]
    chain_to, false_cells, ends = {start: [start]}, [start], []
    while false_cells:
        off = false_cells.pop(0)
        for on in sorted(partners.get(off, ())):
            if on in chain_to or on == start:
                continue
            chain_to[on] = chain_to[off] + [on]
            ends.append((on, chain_to[on]))
            for weak in bits_of(cells & peer_masks[on]):
                if weak not in chain_to:
                    chain_to[weak] = chain_to[on] + [weak]
                    false_cells.append(weak)
    return ends


def x_chain(state: Candidates) -> Step | None:
    """One value along alternating strong and weak links: if the first cell is not it,
    the last is, so cells seeing both ends cannot hold it."""
    peer_masks = state.shape.peer_masks
    for d in range(state.shape.size):
        partners = _strong_partners(state, d)
        for start in sorted(partners):
            for end, chain in _chain_ends(state, d, start, partners):
                removed = removing(state, d, peer_masks[start] & peer_masks[end])
                if removed:
                    return x_chain_step(state, (), removed, d, *chain)
    return None


def x_chain_step(state: Candidates, placements, eliminations, d: int, *chain: int) -> Step:
    return Step("X-Chain", placements, eliminations, f"{SYMBOLS[d]} is in "
                f"{state.shape.cell_name(chain[0])} or {state.shape.cell_name(chain[-1])} "
                f"(chain {cell_names(state, chain)})", cells=chain)
