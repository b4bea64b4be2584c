"""Aligned pair exclusion (6.2) and aligned triplet exclusion (7.5), as SE finds them.

Take two (three) cells; a combination of their values is impossible if two cells seeing
each other share a value, or if it takes every candidate of a cell that sees them all
(that cell, holding two, or three, candidates, would be left empty). A candidate of the
cells that is in no possible combination goes.
"""

from __future__ import annotations

from ..techniques import Candidates, bits_of
from .basics import colex
from .board import Board, cells_text
from .hints import Budget, Hint

_RATINGS = {2: 62, 3: 75}
_NAMES = {2: "Aligned Pair Exclusion", 3: "Aligned Triplet Exclusion"}


def aligned_exclusions(state: Candidates, board: Board, size: int, budget: Budget | None = None):
    """SE's search: base cells hold two candidates or more and see no cell with one;
    their excluders are the cells they see holding 2..size candidates. Pairs of base
    cells in SE's order; for triplets, a third cell among the excluders of the pair."""
    base, excluders = _bases(state, board, size)
    if len(base) < size:
        return
    values = {c: tuple(1 << d for d in bits_of(state.cell_digits[c])) for c in base}
    for i, j in colex(len(base), 2):
        first, second = base[i], base[j]
        common = excluders[first] & excluders[second]
        if common.bit_count() < 2:
            continue
        if size == 2:
            tails = [((), common)]
        else:
            twin = (excluders[first] | excluders[second]) & ~(1 << first | 1 << second)
            tails = [((t,), common & excluders[t]) for t in bits_of(twin) if t in excluders]
        for tail, shared in tails:
            if shared.bit_count() < 2:
                continue
            if budget is not None:
                budget.spend(1)
            cells = (first, second) + tail
            removed = _excluded(state, board, cells, shared, values)
            if removed:
                yield Hint(_NAMES[size], _RATINGS[size], removed,
                           text=cells_text(board.shape, sum(1 << c for c in cells)))


def _bases(state: Candidates, board: Board, size: int) -> tuple[list[int], dict]:
    cell_digits, peers = state.cell_digits, board.shape.peers
    base, excluders = [], {}
    for cell in bits_of(state.open_cells):
        if cell_digits[cell].bit_count() < 2:
            continue
        counts = [cell_digits[p].bit_count() for p in peers[cell]]
        if 1 in counts:
            continue
        mask = sum(1 << p for p, k in zip(peers[cell], counts) if 2 <= k <= size)
        if mask:
            base.append(cell)
            excluders[cell] = mask
    return base, excluders


def _excluded(state: Candidates, board: Board, cells: tuple, common: int, values: dict) -> tuple:
    """The candidates of `cells` in no allowed combination of values: one where two
    cells seeing each other agree, or whose values take all of an excluder's."""
    cell_digits, peer_masks = state.cell_digits, board.shape.peer_masks
    locks = [cell_digits[c] for c in bits_of(common)]
    allowed = [0] * len(cells)
    see01 = peer_masks[cells[0]] >> cells[1] & 1
    if len(cells) == 2:
        for x in values[cells[0]]:
            for y in values[cells[1]]:
                taken = x | y
                if x == y and see01 or taken in locks:
                    continue
                allowed[0] |= x
                allowed[1] |= y
    else:
        see02 = peer_masks[cells[0]] >> cells[2] & 1
        see12 = peer_masks[cells[1]] >> cells[2] & 1
        for x in values[cells[0]]:
            for y in values[cells[1]]:
                if x == y and see01:
                    continue
                for z in values[cells[2]]:
                    if z == x and see02 or z == y and see12:
                        continue
                    taken = x | y | z
                    if any(lock & taken == lock for lock in locks):
                        continue
                    allowed[0] |= x
                    allowed[1] |= y
                    allowed[2] |= z
    return tuple((c, d) for k, c in enumerate(cells)
                 for d in bits_of(cell_digits[c] & ~allowed[k]))
