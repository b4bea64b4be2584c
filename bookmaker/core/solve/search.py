"""Exact solver: per-symbol candidate bitboards, singles to a fixed point, MRV search.

State is a list `boards` of n integers, one per symbol, whose bit c says the symbol may
still go in cell c, plus a `placed` mask of decided cells. One big-integer operation
touches every cell at once, so propagation costs a few dozen operations per pass
instead of a loop over cells; tables come from Shape (unit and peer masks).
A search visits at most `max_nodes` nodes; when that runs out it says so
(complete=False) rather than guess. The counts (count_from_clues, avoiding_from_clues)
settle with locked candidates as well (locked.py); fills and removal checks, which make
the puzzles, with singles alone.

These are the reference functions (singles, singles_rounds, search, ...): the solver's
calls (solver.py) go to the board's engine (engine.py), the C twin (csrc/solver.c) when
the compiled core runs, else these, which make the same decisions: the same counts, first
solutions, node counts and boards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..board.shape import Shape
from ..compiled.budget import (
    DEFAULT_MAX_NODES as DEFAULT_MAX_NODES,  # the other solvers import it here
)
from . import rounds
from .locked import LockedPairs, lock, locked_pairs
from .rounds import Round

Boards = list  # list[int], one candidate bitboard per symbol


class Tables(Protocol):
    """What the solver asks of a board: a Shape's tables, or a Killer's Cages (the same
    with its peers widened by cage mates)."""

    @property
    def size(self) -> int: ...
    @property
    def cell_count(self) -> int: ...
    @property
    def all_cells_mask(self) -> int: ...
    @property
    def peer_masks(self) -> tuple[int, ...]: ...
    @property
    def unit_masks(self) -> tuple[int, ...]: ...
    @property
    def cell_unit_masks(self) -> tuple[tuple[int, ...], ...]: ...


@dataclass(frozen=True)
class Search:
    """What a search found: solutions counted up to a limit, the first one, and whether it
    finished (complete) or ran out of nodes first."""

    count: int
    solution: tuple[int, ...] | None
    complete: bool
    nodes: int

    @property
    def unique(self) -> bool:
        return self.complete and self.count == 1

    @property
    def undecided(self) -> bool:
        """It ran out of nodes before a second solution turned up: neither unique nor not
        (a generator drops such an attempt; it is no disagreement)."""
        return not self.complete and self.count < 2


def initial_boards(shape: Tables, cells) -> tuple[Boards, int] | None:
    """Boards and placed mask for the given clues, or None if two clues clash."""
    n, peer_masks = shape.size, shape.peer_masks
    given = 0
    occupied = [0] * n
    blocked = [0] * n
    for cell, value in enumerate(cells):
        if value:
            given |= 1 << cell
            occupied[value - 1] |= 1 << cell
            blocked[value - 1] |= peer_masks[cell]
    free = shape.all_cells_mask & ~given
    boards = []
    for d in range(n):
        if occupied[d] & blocked[d]:
            return None
        boards.append((free & ~blocked[d]) | occupied[d])
    return boards, given


def singles(shape: Tables, boards: Boards, placed: int, scanned: Boards | None = None) -> int:
    """propagate(), in Python: the reference."""
    full, n = shape.all_cells_mask, len(boards)
    if scanned is None:
        scanned = [full] * n
    while True:
        singles = _naked_singles(boards, placed, full)
        if singles < 0:
            return -1
        if not singles:
            hidden = _hidden_singles(boards, placed, scanned, shape)
            if hidden is None:
                return -1
            singles, owners = hidden
            if not singles:
                return placed
            scanned = boards[:]
            _keep_owners(boards, singles, owners)
        placed |= singles
        _clear_peers(boards, singles, shape.peer_masks)


def singles_rounds(shape: Tables, boards: Boards, placed: int) -> int | None:
    """rounds_to_contradiction(), in Python: the reference (solve/rounds.py counts the
    rounds, each every naked single at once, else every hidden single at once)."""
    full, n = shape.all_cells_mask, len(boards)

    def one_round() -> Round:
        nonlocal placed
        singles = _naked_singles(boards, placed, full)
        if singles < 0:
            return Round.CONTRADICTION
        if not singles:
            hidden = _hidden_singles(boards, placed, [full] * n, shape)
            if hidden is None:
                return Round.CONTRADICTION
            singles, owners = hidden
            if not singles:
                return Round.SETTLED
            _keep_owners(boards, singles, owners)
        placed |= singles
        _clear_peers(boards, singles, shape.peer_masks)
        return Round.CHANGED
    return rounds.rounds_to_contradiction(one_round)


def _naked_singles(boards: Boards, placed: int, full: int) -> int:
    """Undecided cells with one candidate left; -1 if some cell has none. Bit-sliced
    counting: `one` = cells with >= 1 candidate, `two` = with >= 2."""
    one = two = 0
    for b in boards:
        two |= one & b
        one |= b
    return full & ~two & ~placed if one == full else -1


def _keep_owners(boards: Boards, singles: int, owners: list[int]) -> None:
    """A hidden single's cell keeps only its owner's candidate."""
    for d in range(len(boards)):
        boards[d] = boards[d] & ~singles | owners[d]


def _clear_peers(boards: Boards, singles: int, peer_masks) -> None:
    """Each newly placed symbol leaves the candidates of its cell's peers."""
    if not singles & (singles - 1):  # one cell, the common case: no loop over its bits
        cell = singles.bit_length() - 1
        for d, b in enumerate(boards):
            if b >> cell & 1:
                boards[d] = b & ~peer_masks[cell]
                return
    for d in range(len(boards)):
        mine = boards[d] & singles
        if mine:
            blocked = 0
            while mine:
                low = mine & -mine
                blocked |= peer_masks[low.bit_length() - 1]
                mine ^= low
            boards[d] &= ~blocked


def _hidden_singles(boards: Boards, placed: int, scanned: Boards,
                    shape: Tables) -> tuple[int, list[int]] | None:
    """Cells where some symbol has only one place left in a unit, and per symbol the cells
    it owns that way; None on a contradiction (a symbol with no place in a unit, or a
    cell claimed by two symbols). Looks only at units that lost candidates since
    `scanned`. This is the solver's hottest loop, hence written out flat."""
    unit_masks, cell_units = shape.unit_masks, shape.cell_unit_masks
    # Past this many lost cells, sweeping every unit beats looking at each cell's units
    # (measured: 6 of 9x9's 27 units, 10 of 16x16's 48: it grows with the units).
    many = 2 * len(unit_masks) // 9
    found = 0
    owners = []
    for b, before in zip(boards, scanned):
        mine = 0
        lost = before & ~b
        if lost and b & ~placed:
            if lost.bit_count() > many:   # many cells lost: every unit is worth a look
                for u in unit_masks:
                    m = b & u
                    if not m & (m - 1):
                        if not m:
                            return None
                        mine |= m
            else:  # few: just the units of those cells (a unit seen twice costs little)
                while lost:
                    low = lost & -lost
                    lost ^= low
                    for u in cell_units[low.bit_length() - 1]:
                        m = b & u
                        if not m & (m - 1):
                            if not m:
                                return None
                            mine |= m
            mine &= ~placed
            if mine & found:
                return None
            found |= mine
        owners.append(mine)
    return found, owners


def cell_candidates(boards: Boards, cell: int) -> list[int]:
    """The symbols (0-based) still possible in a cell."""
    return [d for d, b in enumerate(boards) if b >> cell & 1]


CellPicker = Callable[[Boards, int], int]
ValueOrder = Callable[[Boards, int, list], list]
Settle = Callable[[Any, Boards, int, "Boards | None"], int]  # Any: Tables, or a Killer's Cages
# A node's children as (cell, symbol) placements, in the order tried (places.py).
Brancher = Callable[[Boards, int], list]


def fewest_candidates_cells(boards: Boards, placed: int, full: int) -> int:
    """A mask of the undecided cells with the fewest candidates. Bit-sliced counting:
    at_least[k] holds the cells with at least k+1 candidates."""
    one = two = three = 0
    for b in boards:
        three |= two & b
        two |= one & b
        one |= b
    pairs = two & ~three & ~placed
    if pairs:  # the usual case, so it gets its own short count
        return pairs
    at_least = [0] * len(boards)
    for b in boards:
        for k in range(len(at_least) - 1, 0, -1):
            at_least[k] |= at_least[k - 1] & b
        at_least[0] |= b
    open_cells = full & ~placed
    for k in range(1, len(at_least) - 1):
        exactly = at_least[k] & ~at_least[k + 1] & open_cells
        if exactly:
            return exactly
    return at_least[-1] & open_cells


def most_constrained_cell(shape: Tables) -> CellPicker:
    """MRV, ties broken towards the cell with most undecided peers: branching there
    settles the most, and cuts the nodes of a hard search by about a third."""
    full, peer_masks = shape.all_cells_mask, shape.peer_masks

    def pick(boards: Boards, placed: int) -> int:
        fewest = fewest_candidates_cells(boards, placed, full)
        open_cells = full & ~placed
        best, best_degree = -1, -1
        while fewest:
            low = fewest & -fewest
            fewest ^= low
            cell = low.bit_length() - 1
            degree = (peer_masks[cell] & open_cells).bit_count()
            if degree > best_degree:
                best, best_degree = cell, degree
        return best
    return pick


def search(shape: Tables, boards: Boards, placed: int, limit: int = 2,
           max_nodes: int = DEFAULT_MAX_NODES, pick_cell: CellPicker | None = None,
           order_values: ValueOrder | None = None, keep_solution: bool = True,
           settle: Settle = singles, branch: Brancher | None = None) -> Search:
    """Depth-first search from a state, counting solutions up to limit; the first one is
    read back into cells unless keep_solution is False (a caller that only counts).
    `settle` brings each node to its fixed point: singles, or a Killer's singles and
    cages (killer/solver.settle, with the Cages as the shape). `branch`, if given, names
    each node's children instead of a cell's values (places.py). The reference: always
    Python (solver.plain_search() takes the board's engine)."""
    full = shape.all_cells_mask
    if pick_cell is None:
        pick_cell = most_constrained_cell(shape)
    stack: list[tuple[Boards, int, Boards | None]] = [(boards, placed, None)]
    count, first, nodes = 0, None, 0
    while stack:
        if nodes >= max_nodes:
            return Search(count, first, False, nodes)
        nodes += 1
        boards, placed, scanned = stack.pop()
        placed = settle(shape, boards, placed, scanned)
        if placed < 0:
            continue
        if placed == full:
            count += 1
            if first is None and keep_solution:
                first = boards_to_cells(boards, shape.cell_count)
            if count >= limit:
                break
            continue
        if branch is not None:
            _push_placements(stack, boards, placed, branch(boards, placed))
            continue
        cell = pick_cell(boards, placed)
        values = cell_candidates(boards, cell)
        if order_values is not None:
            values = order_values(boards, cell, values)
        bit = 1 << cell
        for d in reversed(values):  # pushed in reverse so the first value is tried first
            child = [b & ~bit for b in boards]
            child[d] |= bit
            stack.append((child, placed, boards))
    return Search(count, first, True, nodes)


def _push_placements(stack: list, boards: Boards, placed: int, children: list) -> None:
    """Push a child per (cell, symbol), in reverse so the first is tried first."""
    for cell, d in reversed(children):
        bit = 1 << cell
        child = [b & ~bit for b in boards]
        child[d] |= bit
        stack.append((child, placed, boards))


def boards_to_cells(boards: Boards, cell_count: int) -> tuple[int, ...]:
    """Read a fully decided state back as cell values 1..n."""
    cells = [0] * cell_count
    for d, b in enumerate(boards):
        while b:
            low = b & -b
            cells[low.bit_length() - 1] = d + 1
            b ^= low
    return tuple(cells)


def least_constraining_first(shape: Shape) -> ValueOrder:
    """Order a cell's values so the one removing fewest peer candidates comes first."""
    peer_masks = shape.peer_masks

    def order(boards: Boards, cell: int, values: list) -> list:
        return sorted(values, key=lambda d: (boards[d] & peer_masks[cell]).bit_count())
    return order


def known_first(prefer) -> ValueOrder:
    """Order a cell's values with the one a known grid (`prefer`, values 1..n) holds
    there first: a search that knows one solution reaches it at once."""
    def order(boards: Boards, cell: int, values: list) -> list:
        known = prefer[cell] - 1
        if known in values:
            values.remove(known)
            values.insert(0, known)
        return values
    return order


def changed_cells(before: Boards, boards: Boards) -> int:
    """The cells whose candidates differ between two states."""
    changed = 0
    for old, new in zip(before, boards):
        changed |= old ^ new
    return changed


def singles_and_locked(pairs: LockedPairs) -> Settle:
    """The counts' settle: singles, then a pass of locked candidates over `pairs`
    (locked.py), again until neither finds anything; -1 on a contradiction. Each round's
    singles and lock look only at what changed since the round before (the parent's
    settled boards at first, which were at this fixed point)."""
    def settle(shape: Tables, boards: Boards, placed: int, scanned: Boards | None) -> int:
        full = shape.all_cells_mask
        while True:
            placed = singles(shape, boards, placed, scanned)
            if placed < 0 or placed == full:
                return placed
            before = boards[:]
            if not lock(boards, pairs, scanned):
                return placed
            scanned = before
    return settle


def count_from_clues(shape: Shape, cells, limit: int, max_nodes: int,
                     least_constraining: bool) -> Search:
    """count_solutions(), in Python: the reference."""
    start = initial_boards(shape, cells)
    if start is None:
        return Search(0, None, True, 0)
    order = least_constraining_first(shape) if least_constraining else None
    return search(shape, *start, limit=limit, max_nodes=max_nodes, order_values=order,
                  settle=singles_and_locked(locked_pairs(shape.unit_masks)))


def avoiding_from_clues(shape: Shape, cells, cell: int, value: int, max_nodes: int) -> Search:
    """solution_avoiding(), in Python: the reference."""
    start = initial_boards(shape, cells)
    if start is None:
        return Search(0, None, True, 0)
    boards, placed = start
    boards[value - 1] &= ~(1 << cell)
    return search(shape, boards, placed, limit=1, max_nodes=max_nodes,
                  settle=singles_and_locked(locked_pairs(shape.unit_masks)))
