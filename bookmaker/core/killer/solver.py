"""Killer solver: the exact solver's bitboards and singles, plus the cages, counting
solutions to a limit within a node budget.

State is solve/search.py's: one candidate bitboard per symbol and a `placed` mask. Singles run
through solver.propagate with the Cages as its board, whose peers include cage mates, so
a placed symbol leaves the rest of its cage at once (no repeats in a cage) while hidden
singles still look at the board's units alone (a cage need not hold every symbol). Then
each cage is narrowed by its combinations: a combination survives if it holds every
symbol placed in the cage and only symbols still possible there; symbols in no survivor
leave the cage, and a symbol every survivor needs goes to its one place in the cage, or,
if its places there share a unit, leaves the rest of that unit. When the cages rest, every
group of cells with a known total (Cages.sums: the cages, and the 45 rule's innies and
outies) bounds its cells by the others' smallest and largest candidates: this cut the
search on minimal 9x9 Killers from thousands of nodes to tens. All take turns until none
changes anything; at a full grid the cage check is the sum check (the placed symbols
must be one of the cage's combinations). Then MRV branching: solver.search, with the
Cages as its board.

settle, rounds_to_contradiction and search_killer go to the Cages' engine (solve/engine.py):
in C (csrc/killergrade.c) on the compiled core, else the reference Python here, making
the same decisions.
"""

from __future__ import annotations

from .. import compiled
from ..bits import bits_of
from ..solve import rounds
from ..solve.rounds import Round
from ..solve.search import (
    DEFAULT_MAX_NODES,
    Boards,
    Search,
    changed_cells,
    initial_boards,
    known_first,
    search,
    singles,
)
from .cages import Cages
from .engine import CompiledKillerEngine, killer_board

_CONTRADICTION, _UNCHANGED, _CHANGED = -1, 0, 1


def killer_solutions(cages: Cages, givens, limit: int = 2,
                     max_nodes: int = DEFAULT_MAX_NODES, prefer=None) -> Search:
    """Count the Killer's solutions (its cages and the givens, 0 for blank) up to limit.
    `prefer`, a complete grid, is tried first at every branch: a uniqueness check that
    knows one solution reaches it at once and spends its nodes looking for another."""
    start = initial_boards(cages, givens)  # with cage mates as peers: a repeat is a clash
    if start is None:
        return Search(0, None, True, 0)
    return search_killer(cages, *start, limit=limit, max_nodes=max_nodes, prefer=prefer)


def search_killer(cages: Cages, boards: Boards, placed: int, limit: int = 2,
                  max_nodes: int = DEFAULT_MAX_NODES, prefer=None) -> Search:
    """Depth-first search from a state, counting solutions up to limit: solver.search,
    with the Cages as its board and settle() at every node."""
    return _engine(cages).search(boards, placed, limit, max_nodes, prefer)


def search_in_python(cages: Cages, boards: Boards, placed: int, limit: int, max_nodes: int,
                     prefer) -> Search:
    """search_killer(), in Python: the reference."""
    return search(cages, boards, placed, limit, max_nodes,
                  order_values=None if prefer is None else known_first(prefer),
                  settle=settle_in_python)


def settle(cages: Cages, boards: Boards, placed: int, scanned: Boards | None = None) -> int:
    """Singles, cage narrowing and totals in turn until none changes anything; the new
    placed mask, or -1 on a contradiction. Changes boards in place. `scanned`: as for
    solver.propagate (a parent's settled boards); then only the cages and totals whose
    cells changed since are looked at again, as nothing outside them bears on them."""
    return _engine(cages).settle(boards, placed, scanned)


def settle_in_python(cages: Cages, boards: Boards, placed: int,
                     scanned: Boards | None = None) -> int:
    """settle(), in Python: the reference."""
    return _settle(cages, boards, placed, scanned)[0]


def rounds_to_contradiction(cages: Cages, boards: Boards, placed: int,
                            scanned: Boards | None = None) -> int | None:
    """How many rounds of settle() (singles to a fixed point, then the cages or else the
    totals) it takes to reach a contradiction; None if it stops without one. Changes
    boards in place. The length of a forcing chain, for grading. `scanned`: as for
    settle()."""
    return _engine(cages).rounds_to_contradiction(boards, placed, scanned)


def rounds_in_python(cages: Cages, boards: Boards, placed: int,
                     scanned: Boards | None = None) -> int | None:
    """rounds_to_contradiction(), in Python: the reference."""
    return _settle(cages, boards, placed, scanned)[1]


def _settle(cages: Cages, boards: Boards, placed: int,
            scanned: Boards | None) -> tuple[int, int | None]:
    """settle()'s result (-1 on a contradiction) and rounds_to_contradiction()'s (None
    without one): solve/rounds.py counts the rounds."""
    before, placed_before, unbounded = scanned, placed, 0

    def one_round() -> Round:
        nonlocal placed, scanned, before, placed_before, unbounded
        placed = singles(cages, boards, placed, scanned)
        if placed < 0:
            return Round.CONTRADICTION
        # propagate stopped where a hidden-single scan found nothing: the boards as they are
        scanned = boards[:]
        touched = (cages.all_cells_mask if before is None else changed_cells(before, boards)) \
            | placed ^ placed_before
        unbounded |= touched
        narrowed = narrow_cages(cages, boards, placed, touched)
        if narrowed == _UNCHANGED:  # the totals, the dearer rule, only once cages rest
            narrowed, unbounded = bound_sums(cages, boards, unbounded), 0
        if narrowed == _CONTRADICTION:
            return Round.CONTRADICTION
        if narrowed == _UNCHANGED:
            return Round.SETTLED
        before, placed_before = scanned, placed
        return Round.CHANGED
    found = rounds.rounds_to_contradiction(one_round)
    return (placed if found is None else -1), found


def narrow_cages(cages: Cages, boards: Boards, placed: int, touched: int = -1) -> int:
    """Narrow once every cage with a cell in `touched` by its combinations: -1 on a
    contradiction, 1 if a candidate went, 0 if nothing changed."""
    changed = _UNCHANGED
    for mask, combos in zip(cages.masks, cages.combos):
        if mask & touched:
            result = _narrow_cage(cages, boards, placed, mask, combos)
            if result == _CONTRADICTION:
                return result
            changed |= result
    return changed


def bound_sums(cages: Cages, boards: Boards, touched: int = -1) -> int:
    """Bound every group of cells with a known total (Cages.sums) with a cell in
    `touched`: -1 on a contradiction, 1 if a candidate went, 0 if nothing changed."""
    changed = _UNCHANGED
    for mask, total in cages.sums:
        if mask & touched:
            result = _bound_sum(boards, mask, total)
            if result == _CONTRADICTION:
                return result
            changed |= result
    return changed


def _bound_sum(boards: Boards, mask: int, total: int) -> int:
    """Cells adding up to `total`: a value leaves a cell if, with every other cell at its
    smallest (largest) candidate, the sum would overshoot (fall short). Done for all cells
    at once: cells are grouped by their smallest (largest) candidate."""
    n = len(boards)
    here = [board & mask for board in boards]
    below = [0] * (n + 1)   # below[k]: cells whose smallest candidate is under k+1
    least = seen = 0
    for d in range(n):
        new = here[d] & ~seen
        if new:
            seen |= new
            least += (d + 1) * new.bit_count()
        below[d + 1] = seen
    above = [0] * (n + 1)   # above[k]: cells whose largest candidate is k+1 or more
    most = seen = 0
    for d in range(n - 1, -1, -1):
        new = here[d] & ~seen
        if new:
            seen |= new
            most += (d + 1) * new.bit_count()
        above[d] = seen
    over, under = total - least, most - total  # how far one cell may rise above its least
    if over < 0 or under < 0:
        return _CONTRADICTION
    if over >= n - 1 and under >= n - 1:
        return _UNCHANGED  # no cell's candidates span more than that
    changed = _UNCHANGED
    for d in range(n):
        # value d+1 stays where smallest >= d+1 - over and largest <= d+1 + under
        cut = here[d] & (below[max(0, min(n, d - over))] | above[min(n, d + under + 1)])
        if cut:
            boards[d] &= ~cut
            changed = _CHANGED
    return changed


def _narrow_cage(cages: Cages, boards: Boards, placed: int, mask: int, combos) -> int:
    possible = fixed = 0
    for d, board in enumerate(boards):
        here = board & mask
        if here:
            possible |= 1 << d
            if here & placed:
                fixed |= 1 << d
    union, common = 0, -1
    for combo in combos:
        if combo & fixed == fixed and not combo & ~possible:
            union |= combo
            common &= combo
    if not union:
        return _CONTRADICTION
    changed = _UNCHANGED
    for d in bits_of(possible & ~union):
        boards[d] &= ~mask
        changed = _CHANGED
    for d in bits_of(common & ~fixed):
        result = _place_required(cages, boards, d, boards[d] & mask & ~placed, mask)
        if result == _CONTRADICTION:
            return result
        changed |= result
    return changed


def _place_required(cages: Cages, boards: Boards, d: int, places: int, mask: int) -> int:
    """A symbol the cage must hold: alone in its one place there, or gone from the rest of
    a unit holding all its places in the cage."""
    if not places:
        return _CONTRADICTION
    changed = _UNCHANGED
    if not places & (places - 1):
        for e, board in enumerate(boards):
            if e != d and board & places:
                boards[e] = board & ~places
                changed = _CHANGED
        return changed
    for unit in cages.cell_unit_masks[places.bit_length() - 1]:
        if not places & ~unit and boards[d] & unit & ~mask:
            boards[d] &= ~(unit & ~mask)
            changed = _CHANGED
    return changed


def _engine(cages: Cages):
    """The engine of a Killer's Cages (a new one for every layout its generator tries):
    on the compiled core over their tables (engine.py), else the reference Python."""
    if compiled.in_use():
        return CompiledKillerEngine(cages, killer_board(cages))
    return PureKillerEngine(cages)


class PureKillerEngine:
    """A Killer's Cages in the reference Python (this module)."""

    kind = "pure"

    def __init__(self, cages) -> None:
        self.board = cages

    def settle(self, boards, placed: int, scanned) -> int:
        return settle_in_python(self.board, boards, placed, scanned)

    def rounds_to_contradiction(self, boards, placed: int, scanned) -> int | None:
        return rounds_in_python(self.board, boards, placed, scanned)

    def search(self, boards, placed: int, limit: int, max_nodes: int, prefer) -> Search:
        return search_in_python(self.board, boards, placed, limit, max_nodes, prefer)
