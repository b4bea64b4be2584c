"""Aligned pair exclusion (6.2) and aligned triplet exclusion (7.5), as SE finds them.

Take two (three) cells; a combination of their values is impossible if two cells seeing
each other share a value, or if it takes every candidate of a cell that sees them all
(that cell, holding two, or three, candidates, would be left empty). A candidate of the
cells that is in no possible combination goes.
"""

from __future__ import annotations

from functools import lru_cache

from ..bits import bits_of
from ..grade.candidates import Candidates
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
    cell_digits = state.cell_digits
    for i, j in colex(len(base), 2):
        first, second = base[i], base[j]
        common = excluders[first] & excluders[second]
        if common.bit_count() < 2:
            continue
        tails: list[tuple[tuple[int, ...], int]]
        if size == 2:
            tails = [((), common)]
        else:
            twin = (excluders[first] | excluders[second]) & ~(1 << first | 1 << second)
            tails = [((t,), common & excluders[t]) for t in bits_of(twin) if t in excluders]
        for tail, shared in tails:
            if shared.bit_count() < 2:
                continue
            cells = (first, second) + tail
            if budget is not None:   # a unit per 32 combinations of values looked at
                combinations = 1
                for c in cells:
                    combinations *= cell_digits[c].bit_count()
                budget.spend(1 + combinations // 32)
            allowed = _allowed(board, cells, tuple(cell_digits[c] for c in cells),
                               tuple(cell_digits[c] for c in bits_of(shared)))
            removed = tuple((c, d) for c, keep in zip(cells, allowed)
                            for d in bits_of(cell_digits[c] & ~keep))
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


@lru_cache(maxsize=1 << 16)
def _allowed(board: Board, cells: tuple, digits: tuple, locks: tuple) -> tuple:
    """Per cell, the candidates in some allowed combination of values: none where two
    cells seeing each other agree, or whose values take all of a lock's (an excluder's
    candidates). Cached: from step to step most cells and excluders stay as they were."""
    peer_masks = board.shape.peer_masks
    values = [tuple(1 << d for d in bits_of(mask)) for mask in digits]
    allowed = [0] * len(cells)
    see01 = peer_masks[cells[0]] >> cells[1] & 1
    if len(cells) == 2:
        for x in values[0]:
            for y in values[1]:
                if x == y and see01 or (x | y) in locks:
                    continue
                allowed[0] |= x
                allowed[1] |= y
        return tuple(allowed)
    see02 = peer_masks[cells[0]] >> cells[2] & 1
    see12 = peer_masks[cells[1]] >> cells[2] & 1
    for x in values[0]:
        for y in values[1]:
            if x == y and see01:
                continue
            for z in values[2]:
                if z == x and see02 or z == y and see12:
                    continue
                taken = x | y | z
                if any(lock & taken == lock for lock in locks):
                    continue
                allowed[0] |= x
                allowed[1] |= y
                allowed[2] |= z
    return tuple(allowed)
