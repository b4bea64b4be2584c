"""Singles, intersections, naked and hidden sets and fish, as Sudoku Explainer rates them.

Each finder yields its hints in SE's search order (the rater takes the first; nested
chains take them all). "Direct" techniques are SE's easy forms that end in a placement:
a locked candidate or a hidden pair whose removals leave a hidden single elsewhere.
Ratings in tenths: full house 1.0, hidden single 1.2 in a box and 1.5 in a line, direct
pointing 1.7 and claiming 1.9, direct hidden pair 2.0, naked single 2.3, direct hidden
triplet 2.5, pointing 2.6, claiming 2.8, naked pair 3.0, X-Wing 3.2, hidden pair 3.4,
naked triplet 3.6, Swordfish 3.8, hidden triplet 4.0, naked quad 5.0, Jellyfish 5.2,
hidden quad 5.4.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from ..bits import bits_of
from ..grade.candidates import Candidates
from .board import LINES, Board, cells_text
from .hints import Hint

_SET_NAMES = {2: "Pair", 3: "Triplet", 4: "Quad"}
_NAKED = {2: 30, 3: 36, 4: 50}
_HIDDEN = {2: 34, 3: 40, 4: 54}
_DIRECT_HIDDEN = {2: 20, 3: 25}
_FISH = {2: ("X-Wing", 32), 3: ("Swordfish", 38), 4: ("Jellyfish", 52)}


@cache
def colex(n: int, k: int) -> tuple[tuple[int, ...], ...]:
    """The k-subsets of range(n) in SE's order: by the number their bits make."""
    return tuple(sorted(combinations(range(n), k), key=lambda t: t[::-1]))


def _eliminated(state: Candidates, digit: int, cells: int) -> tuple:
    return tuple((c, digit) for c in bits_of(state.digit_cells[digit] & cells))


# --- singles -------------------------------------------------------------------------

def hidden_singles(state: Candidates, board: Board):
    """Full houses (a unit's last open cell, 1.0), then hidden singles: blocks 1.2,
    other units 1.5; units in SE's order."""
    digit_cells, units = state.digit_cells, board.unit_masks
    for alone in (True, False):
        for u in board.single_units:
            mask = units[u]
            lone = (mask & state.open_cells).bit_count() == 1
            if lone != alone:
                continue
            for d, cells in enumerate(digit_cells):
                here = cells & mask
                if here and not here & (here - 1):
                    rating = 10 if alone else 12 if board.kinds[u] == "box" else 15
                    yield Hint("Hidden Single", rating, placement=(here.bit_length() - 1, d),
                               text=f"in {board.unit_name(u)}")


def naked_singles(state: Candidates, board: Board):
    """A cell with one candidate left (2.3)."""
    for cell in bits_of(state.open_cells):
        digits = state.cell_digits[cell]
        if digits and not digits & (digits - 1):
            yield Hint("Naked Single", 23, placement=(cell, digits.bit_length() - 1))


# --- intersections -------------------------------------------------------------------

def locked_candidates(state: Candidates, board: Board, direct: bool = False):
    """A digit whose places in one unit all lie in a crossing unit leaves the rest of
    that unit: pointing (the rest is a line, 2.6) or claiming (2.8). Direct: only when
    that leaves a hidden single in a parallel unit, which is placed (1.7 / 1.9)."""
    masks, digit_cells = board.unit_masks, state.digit_cells
    for group in _lock_runs(board):
        for d in range(len(digit_cells)):
            cells = digit_cells[d]
            for inside_mask, crossings in group:
                here = cells & inside_mask
                if here & (here - 1) == 0:
                    continue   # one place or none: no crossing of this unit can lock it
                for inside, other, common in crossings:
                    if here & ~common:
                        continue
                    removed = _eliminated(state, d, masks[other] & ~masks[inside])
                    premise = ((d, masks[inside] & ~masks[other]),)
                    if direct:
                        yield from _direct_locked(state, board, d, inside, other)
                    elif removed:
                        line = board.kinds[other] in LINES
                        yield Hint("Pointing" if line else "Claiming", 26 if line else 28,
                                   removed, premise=premise,
                                   text=_lock_text(board, d, inside, other))


@cache
def _lock_runs(board: Board) -> tuple:
    """board.lock_groups with each group's entries gathered in runs of the same unit
    holding the candidates (consecutive there), as (that unit's mask, its entries): a
    digit's places in the unit are then looked at once a run, in the same order."""
    groups = []
    for group in board.lock_groups:
        runs: list = []
        for entry in group:
            if runs and runs[-1][1][-1][0] == entry[0]:
                runs[-1][1].append(entry)
            else:
                runs.append((board.unit_masks[entry[0]], [entry]))
        groups.append(tuple((mask, tuple(entries)) for mask, entries in runs))
    return tuple(groups)


def _direct_locked(state: Candidates, board: Board, d: int, inside: int, other: int):
    """Locked candidates that leave a hidden single in a unit of the same kind; like
    SE, the hint only places that single (the removals are left to later steps). Only
    the crossing unit's cells outside `inside` lose the digit: units of one kind may
    meet (an X's diagonals, a Samurai's rows of two grids), and a cell they share keeps it."""
    masks, kind = board.unit_masks, board.kinds[inside]
    losing = masks[other] & ~masks[inside]
    for third in board.single_units:
        if third == inside or board.kinds[third] != kind or not masks[third] & losing:
            continue
        here = state.digit_cells[d] & masks[third]
        left = here & ~losing
        if here & (here - 1) and left and not left & (left - 1):
            box = kind == "box"
            yield Hint("Direct Pointing" if box else "Direct Claiming", 17 if box else 19,
                       placement=(left.bit_length() - 1, d),
                       text=_lock_text(board, d, inside, other))


def _lock_text(board: Board, d: int, inside: int, other: int) -> str:
    return f"{d + 1} of {board.unit_name(inside)} lies in {board.unit_name(other)}"


# --- naked and hidden sets -----------------------------------------------------------

def naked_sets(state: Candidates, board: Board, size: int):
    """`size` cells of a unit holding `size` candidates between them (each at least two):
    those leave the unit's other cells. Cells in SE's order (only those with 2..size
    candidates can be in a set, and keeping their order keeps SE's)."""
    cell_digits, n = state.cell_digits, board.shape.size
    for u in board.single_units:
        mask = board.unit_masks[u]
        if (mask & state.open_cells).bit_count() < 2 * size:
            continue
        small = [c for c in board.shape.units[u].cells
                 if 2 <= cell_digits[c].bit_count() <= size]
        for pick in colex(len(small), size):
            union, chosen = 0, 0
            for i in pick:
                union |= cell_digits[small[i]]
                chosen |= 1 << small[i]
            if union.bit_count() != size:
                continue
            removed = tuple((c, d) for c in bits_of(mask & ~chosen)
                            for d in bits_of(cell_digits[c] & union))
            if removed:
                premise = tuple((d, chosen) for d in range(n) if not union >> d & 1)
                yield Hint(f"Naked {_SET_NAMES[size]}", _NAKED[size], removed, premise=premise,
                           text=f"{cells_text(board.shape, chosen)} in {board.unit_name(u)}")


def hidden_sets(state: Candidates, board: Board, size: int, direct: bool = False):
    """`size` digits with `size` places between them in a unit (each at least two): those
    cells lose every other candidate. Direct: only when that leaves a hidden single.
    Digits in SE's order (only those with 2..size places can be in a set)."""
    digit_cells = state.digit_cells
    for u in board.single_units:
        mask = board.unit_masks[u]
        empty = (mask & state.open_cells).bit_count()
        if not (empty > 2 * size or direct and empty > size):
            continue
        few = [(d, cells & mask) for d, cells in enumerate(digit_cells)
               if 2 <= (cells & mask).bit_count() <= size]
        for pick in colex(len(few), size):
            union = 0
            for i in pick:
                union |= few[i][1]
            if union.bit_count() == size:
                digits = tuple(few[i][0] for i in pick)
                yield from _hidden_set_hints(state, board, u, digits, union, direct)


def _hidden_set_hints(state: Candidates, board: Board, u: int, pick: tuple, union: int,
                      direct: bool):
    keep = sum(1 << d for d in pick)
    removed = tuple((c, d) for c in bits_of(union) for d in bits_of(state.cell_digits[c] & ~keep))
    text = f"{'/'.join(str(d + 1) for d in pick)} in {board.unit_name(u)}"
    name = f"Hidden {_SET_NAMES[len(pick)]}"
    mask = board.unit_masks[u]
    if not direct:
        if removed:
            premise = tuple((d, mask & ~union) for d in pick)
            yield Hint(name, _HIDDEN[len(pick)], removed, premise=premise, text=text)
        return
    for d in range(board.shape.size):
        if keep >> d & 1:
            continue
        here = state.digit_cells[d] & mask
        left = here & ~union
        if here & (here - 1) and left and not left & (left - 1):
            yield Hint(f"Direct {name}", _DIRECT_HIDDEN[len(pick)],
                       placement=(left.bit_length() - 1, d), text=text)
            return


# --- fish ----------------------------------------------------------------------------

def fish(state: Candidates, board: Board, size: int):
    """A digit whose places in `size` columns (then rows) lie in `size` rows (columns)
    leaves the rest of those rows (columns). SE tries the lines first, then the digits;
    each digit's fish are found among its lines with 2..size places, and the first in
    SE's order is kept."""
    n = board.shape.size
    placed = [0] * n
    for v in state.values:
        if v:
            placed[v - 1] += 1
    for base, cover in (("column", "row"), ("row", "column")):
        hits = []
        for d in range(n):
            if placed[d] + 2 * size <= n:
                hits += _digit_fish(state, board, d, size, base, cover)
        hits.sort(key=lambda hit: hit[0])
        for _, hint in hits:
            yield hint


def _digit_fish(state: Candidates, board: Board, d: int, size: int, base: str, cover: str):
    """(SE's order key, hint) of each fish of one digit with these base lines."""
    bases, covers, cover_of = board.lines[base], board.lines[cover], board.line_of[cover]
    masks, cells = board.unit_masks, state.digit_cells[d]
    lines = []
    for i, u in enumerate(bases):
        here = cells & masks[u]
        if 2 <= here.bit_count() <= size:
            lines.append((i, masks[u], sum(1 << cover_of[c] for c in bits_of(here))))
    name, rating = _FISH[size]
    for pick in colex(len(lines), size):
        crossed = base_cells = 0
        for k in pick:
            crossed |= lines[k][2]
            base_cells |= lines[k][1]
        if crossed.bit_count() != size:
            continue
        cover_cells = 0
        for i in bits_of(crossed):
            cover_cells |= masks[covers[i]]
        removed = tuple((c, d) for i in bits_of(crossed) for c in board.shape.units[covers[i]].cells
                        if cells >> c & 1 and not base_cells >> c & 1)
        if removed:
            indexes = tuple(lines[k][0] for k in pick)
            yield (indexes[::-1], d), Hint(
                name, rating, removed, premise=((d, base_cells & ~cover_cells),),
                text=f"{d + 1} in {base}s {','.join(str(i + 1) for i in indexes)}")
