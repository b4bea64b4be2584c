"""Aligned pair exclusion (6.2) and aligned triplet exclusion (7.5), as SE finds them.

Take two (three) cells; a combination of their values is impossible if two cells seeing
each other share a value, or if it takes every candidate of a cell that sees them all
(that cell, holding two, or three, candidates, would be left empty). A candidate of the
cells that is in no possible combination goes.
"""

from __future__ import annotations

from itertools import product

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
    for i, j in colex(len(base), 2):
        first, second = base[i], base[j]
        if size == 2:
            tails = [()]
        else:
            twin = excluders[first] | excluders[second]
            tails = [(c,) for c in bits_of(twin) if c in excluders and c not in (first, second)]
        for tail in tails:
            cells = (first, second) + tail
            common = excluders[first]
            for c in cells[1:]:
                common &= excluders[c]
            if common.bit_count() < 2:
                continue
            if budget is not None:
                budget.spend(1)
            removed = _excluded(state, board, cells, common)
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


def _excluded(state: Candidates, board: Board, cells: tuple, common: int) -> tuple:
    """The candidates of `cells` in no allowed combination of values."""
    cell_digits, peer_masks = state.cell_digits, board.shape.peer_masks
    locks = [cell_digits[c] for c in bits_of(common)]
    seeing = [(a, b) for a in range(len(cells)) for b in range(a + 1, len(cells))
              if peer_masks[cells[a]] >> cells[b] & 1]
    allowed = [0] * len(cells)
    for values in product(*(list(bits_of(cell_digits[c])) for c in cells)):
        if any(values[a] == values[b] for a, b in seeing):
            continue
        taken = 0
        for v in values:
            taken |= 1 << v
        if any(not lock & ~taken for lock in locks):
            continue
        for k, v in enumerate(values):
            allowed[k] |= 1 << v
    return tuple((c, d) for k, c in enumerate(cells)
                 for d in bits_of(cell_digits[c] & ~allowed[k]))
