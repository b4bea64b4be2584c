"""What follows from an assumption: SE's chaining engine, on flat candidate bitboards.

A *potential* is a candidate assumed true ("on") or false ("off"). From an on follow the
offs of its cell's other candidates and of its digit's places in the cell's units; from
an off follows the on of its cell's last other candidate, and of its digit's last other
place in each unit. Static chains read those links off the grid as it is; dynamic chains
strike each off from a working copy first, so later links see the assumption's effects.
A propagation stops at the first potential that would be both on and off.

SE rates a chain by its *complexity*: how many distinct potentials it rests on (its
ancestors, itself included). Each potential here carries that set as an integer bitmask
(bit 2*candidate+on), the union of its parents' plus its own bit, so a chain's complexity
is one bit count. The order potentials are met follows SE's (ons before offs, queues
first in first out, links unit by unit: box, row, column), since the first parents a
potential is met with decide its ancestors.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ..bits import bits_of
from .board import Board
from .hints import Budget


@dataclass
class Grid:
    """The working candidates a propagation reads (and, dynamic, writes)."""

    cell_digits: list
    digit_cells: list


@dataclass(frozen=True)
class Mode:
    """How a propagation links potentials: `cell_links` uses a cell's other candidates
    (off for Nishio, whose chains keep to one digit); `dynamic` strikes offs as it goes;
    from `nested` level 1 on, when the links run out, SE's simple techniques (pointing
    and claiming, hidden and naked pairs, X-Wings) are tried on the working grid."""

    cell_links: bool
    dynamic: bool
    nested: int = 0


@dataclass
class Run:
    """The outcome of one propagation: ancestors of every potential made on and off, in
    the order met, and the contradiction that stopped it (the on's and the off's
    ancestors), if one did."""

    on: dict
    off: dict
    conflict: tuple | None


class Propagator:
    """Propagations over one grid state; each assumption's run is computed once."""

    def __init__(self, board: Board, state, budget: Budget, nested_rules=()):
        self.board, self.budget, self.state = board, budget, state
        self.n = board.shape.size
        self.cell_digits, self.digit_cells = list(state.cell_digits), list(state.digit_cells)
        self.nested_rules = nested_rules
        self.cache: dict = {}

    def run_on(self, cand: int, mode: Mode) -> Run:
        """Everything implied by candidate `cand` (cell * n + digit) being on."""
        key = (cand, True, mode)
        if key not in self.cache:
            self.cache[key] = self.propagate({cand: 1 << (2 * cand + 1)}, {}, mode)
        return self.cache[key]

    def run_off(self, cand: int, mode: Mode) -> Run:
        """Everything implied by candidate `cand` being off."""
        key = (cand, False, mode)
        if key not in self.cache:
            self.cache[key] = self.propagate({}, {cand: 1 << (2 * cand)}, mode)
        return self.cache[key]

    def propagate(self, on: dict, off: dict, mode: Mode) -> Run:
        """SE's doChaining: process ons first, then one off at a time, to the end or to
        the first contradiction."""
        n, board = self.n, self.board
        cell_digits, digit_cells = self.cell_digits, self.digit_cells
        if mode.dynamic:
            cell_digits, digit_cells = list(cell_digits), list(digit_cells)
        grid = Grid(cell_digits, digit_cells)
        pending_on, pending_off = deque(on), deque(off)
        work = 0
        while True:
            if pending_on:
                p = pending_on.popleft()
                conflict = _on_to_off(grid, board, n, p, on[p], on, off, pending_off,
                                      mode.cell_links)
            elif pending_off:
                p = pending_off.popleft()
                conflict = _off_to_on(self, grid, n, p, off[p], on, off, pending_on, mode)
            elif mode.nested and self._nested_offs(grid, off, pending_off, work):
                continue
            else:
                self.budget.spend(work)
                return Run(on, off, None)
            work += 1
            if conflict is not None:
                self.budget.spend(work)
                return Run(on, off, conflict)

    def _nested_offs(self, grid: Grid, off: dict, pending: deque, work: int) -> bool:
        """SE's "advanced potentials": the removals of the first simple technique that
        finds any on the working grid, resting on candidates the chain struck (their
        ancestors join). Whether a new off was added."""
        self.budget.spend(work + 20)
        added = False
        for cand, ancestors in nested_removals(self, grid, off):
            if cand not in off:
                off[cand] = ancestors | 1 << (2 * cand)
                pending.append(cand)
                added = True
        return added


def _on_to_off(grid: Grid, board: Board, n: int, p: int, ancestors: int, on: dict, off: dict,
               pending: deque, cell_links: bool):
    """The offs an on implies: its cell's other candidates, its digit in its peers."""
    cell, d = divmod(p, n)
    if cell_links:
        base = cell * n
        for e in bits_of(grid.cell_digits[cell] & ~(1 << d)):
            q = base + e
            conflict = _add_off(q, ancestors, on, off, pending)
            if conflict is not None:
                return conflict
    places = grid.digit_cells[d]
    for other in board.peer_order[cell]:
        if places >> other & 1:
            conflict = _add_off(other * n + d, ancestors, on, off, pending)
            if conflict is not None:
                return conflict
    return None


def _add_off(q: int, parent: int, on: dict, off: dict, pending: deque):
    ancestors = parent | 1 << (2 * q)
    if q in on:
        return on[q], ancestors
    if q not in off:
        off[q] = ancestors
        pending.append(q)
    return None


def _off_to_on(prop: Propagator, grid: Grid, n: int, p: int, ancestors: int, on: dict,
               off: dict, pending: deque, mode: Mode):
    """The ons an off implies (a cell's last candidate, a digit's last place in a unit);
    dynamic, the off is then struck from the grid. Struck candidates the link relies on
    (gone from the grid since the propagation began) join its ancestors."""
    cell, d = divmod(p, n)
    board, cell_digits, digit_cells = prop.board, grid.cell_digits, grid.digit_cells
    found = []
    if mode.cell_links:
        digits = cell_digits[cell]
        if digits.bit_count() == 2:
            other = (digits & ~(1 << d)).bit_length() - 1
            parents = ancestors
            if mode.dynamic:
                for v in bits_of(prop.cell_digits[cell] & ~digits):
                    parents |= off[cell * n + v]
            found.append((cell * n + other, parents))
    bit = 1 << cell
    places = digit_cells[d]
    for u in board.cell_chain_units[cell]:
        mask = board.unit_masks[u]
        others = places & mask & ~bit
        if others and not others & (others - 1):
            parents = ancestors
            if mode.dynamic:
                for c in bits_of(prop.digit_cells[d] & mask & ~places):
                    parents |= off[c * n + d]
            found.append(((others.bit_length() - 1) * n + d, parents))
    if mode.dynamic:
        cell_digits[cell] &= ~(1 << d)
        digit_cells[d] &= ~bit
    for q, parents in found:
        mine = parents | 1 << (2 * q + 1)
        if q in off:
            return mine, off[q]
        if q not in on:
            on[q] = mine
            pending.append(q)
    return None


def complexity(ancestors: int) -> int:
    return ancestors.bit_count()


def nested_removals(prop: Propagator, grid: Grid, off: dict) -> list[tuple[int, int]]:
    """(candidate, ancestors of its reasons) for each removal of the first of
    `prop.nested_rules` that yields a hint resting on struck candidates."""
    state, n = prop.state, prop.n
    working = type(state)(state.shape, state.values, grid.cell_digits, grid.digit_cells,
                          state.open_cells)
    for rule in prop.nested_rules:
        found = []
        for hint in rule(working, prop.board):
            parents, any_parent = 0, False
            for d, cells in hint.premise:
                for c in bits_of(prop.digit_cells[d] & cells & ~grid.digit_cells[d]):
                    parents |= off[c * n + d]
                    any_parent = True
            if any_parent:
                found += [(cell * n + d, parents) for cell, d in java_map_order(hint.eliminations)]
        if found:
            return found
    return []


def java_map_order(eliminations: tuple) -> list[tuple[int, int]]:
    """The order SE meets a hint's removals in: they sit in a Java HashMap keyed by cell
    (hash = cell index), so by cell index modulo the table size, then as inserted;
    each cell's digits ascending."""
    cells: dict = {}
    for cell, d in eliminations:
        cells.setdefault(cell, []).append(d)
    size = 16
    while len(cells) > size * 3 // 4:
        size *= 2
    order = sorted(cells, key=lambda cell: cell & (size - 1))
    return [(cell, d) for cell in order for d in sorted(cells[cell])]
