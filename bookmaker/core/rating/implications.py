"""What follows from an assumption: SE's chaining engine, on flat candidate bitboards.

A *potential* is a candidate assumed true ("on") or false ("off"). From an on follow the
offs of its cell's other candidates and of its digit's places in the cell's units; from
an off follows the on of its cell's last other candidate, and of its digit's last other
place in each unit. Static chains read those links off the grid as it is; dynamic chains
strike each off from a working copy first, so later links see the assumption's effects.
A propagation stops at the first potential that would be both on and off.

SE rates a chain by its *complexity*: how many distinct potentials it rests on (its
ancestors, itself included), plus the complexity of every distinct nested chain among
them. Each potential here carries that set as an integer bitmask, the union of its
parents' plus its own bit: bit 2*candidate+on for a potential; inside a nested search,
bit 2C+candidate (C candidates in all) for a candidate the enclosing chain struck that a
link rests on (SE's "rule parents"); from 3C on, one bit per nested chain used. A chain's
complexity is then a bit count plus the nested chains' own complexities.

The order potentials are met follows SE's (ons before offs, queues
first in first out, links unit by unit: box, row, column), since the first parents a
potential is met with decide its ancestors.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from .. import compiled
from ..bits import bits_of
from . import twins
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


class Outer:
    """The chain a nested search runs inside: the grid it started from and its working
    grid now. A link of the nested search that rests on a candidate the enclosing chain
    struck records it (bit `base` + candidate), as SE collects a nested hint's parents."""

    def __init__(self, start_cells: list, start_digits: list, grid: Grid, board: Board,
                 base: int):
        self.start_cells, self.start_digits = start_cells, start_digits
        self.grid, self.board, self.base = grid, board, base
        self.n = board.shape.size
        self._cells: dict = {}
        self._units: dict = {}

    def cell_bits(self, cell: int) -> int:
        """The struck candidates of a cell (SE's cause "naked single")."""
        found = self._cells.get(cell)
        if found is None:
            gone = self.start_cells[cell] & ~self.grid.cell_digits[cell]
            first = self.base + cell * self.n
            found = 0
            for d in bits_of(gone):
                found |= 1 << (first + d)
            self._cells[cell] = found
        return found

    def unit_bits(self, unit: int, d: int) -> int:
        """The struck places of digit d in a unit (SE's cause "hidden single")."""
        key = unit * self.n + d
        found = self._units.get(key)
        if found is None:
            gone = self.start_digits[d] & self.board.unit_masks[unit] & ~self.grid.digit_cells[d]
            found = 0
            for c in bits_of(gone):
                found |= 1 << (self.base + c * self.n + d)
            self._units[key] = found
        return found


class Propagator:
    """Propagations over one grid state; each assumption's run is computed once.

    `outer` is set for a search nested in another chain (see Outer); `chain_costs` holds
    the complexity of each nested chain this search's potentials may rest on."""

    def __init__(self, board: Board, state, budget: Budget, nested_rules=(),
                 outer: Outer | None = None):
        self.board, self.budget, self.state = board, budget, state
        self.n = board.shape.size
        self.cell_digits, self.digit_cells = list(state.cell_digits), list(state.digit_cells)
        self.nested_rules = nested_rules
        self.outer = outer
        count = board.shape.cell_count * self.n
        self.outer_base, self.chain_base = 2 * count, 3 * count
        self.cand_mask = (1 << count) - 1
        self.low_mask = (1 << self.outer_base) - 1
        self.chain_costs: list[int] = []
        self.chain_ids: dict = {}
        self.cache: dict = {}
        self._start_key: tuple | None = None
        self.native = _native(board, self.cell_digits, self.digit_cells, outer)
        self.native_rules = _native_rules(board) if nested_rules else None
        self.native_nested = self.native is not None and _nest_in_c(self, nested_rules)

    def start_key(self) -> tuple:
        """What a nested rule's conclusions depend on besides the working grid: the board,
        the core, and the state this Propagator's chains start from."""
        if self._start_key is None:
            self._start_key = (self.board, compiled.in_use(), tuple(self.state.values),
                               self.state.open_cells, tuple(self.cell_digits))
        return self._start_key

    def complexity(self, *ancestors: int) -> int:
        """SE's complexity of a conclusion resting on these chains: their potentials
        counted per chain, plus each distinct nested chain among them once."""
        flat, nested = 0, 0
        for a in ancestors:
            flat += (a & self.low_mask).bit_count()
            nested |= a >> self.chain_base
        return flat + self._chains_cost(nested) if nested else flat

    def _chains_cost(self, nested: int) -> int:
        """The nested chains' complexities summed over the bits of `nested`: a few bits
        taken from the top (each costs a pass over the integer), many read off its binary
        digits (one pass, but a character a bit; bits_of copies it at every bit)."""
        costs = self.chain_costs
        if nested.bit_count() <= 64:
            total = 0
            while nested:
                top = nested.bit_length() - 1
                total += costs[top]
                nested ^= 1 << top
            return total
        digits = bin(nested)
        last, total = len(digits) - 1, 0
        at = digits.find("1", 2)
        while at >= 0:
            total += costs[last - at]
            at = digits.find("1", at + 1)
        return total

    def outer_parents(self, *ancestors: int) -> int:
        """The enclosing chain's struck candidates these chains rest on, as a candidate
        bitmask (SE's rule parents)."""
        union = 0
        for a in ancestors:
            union |= a
        return (union >> self.outer_base) & self.cand_mask

    def chain_bit(self, key, cost: int) -> int:
        """The bit of a nested chain (one per distinct chain, SE's FullChain)."""
        return 1 << (self.chain_base + self.chain_index(key, cost))

    def chain_index(self, key, cost: int) -> int:
        """The index of a nested chain's bit above chain_base, given in the order chains
        are met."""
        index = self.chain_ids.get(key)
        if index is None:
            index = self.chain_ids[key] = len(self.chain_costs)
            self.chain_costs.append(cost)
        return index

    def run_on(self, cand: int, mode: Mode) -> Run:
        """Everything implied by candidate `cand` (cell * n + digit) being on."""
        key = (cand, True, mode.cell_links, mode.dynamic, mode.nested)   # a Mode hashes slowly
        run = self.cache.get(key)
        if run is None:
            run = self.cache[key] = self._run(cand, True, mode)
        return run

    def run_off(self, cand: int, mode: Mode) -> Run:
        """Everything implied by candidate `cand` being off."""
        key = (cand, False, mode.cell_links, mode.dynamic, mode.nested)   # a Mode hashes slowly
        run = self.cache.get(key)
        if run is None:
            run = self.cache[key] = self._run(cand, False, mode)
        return run

    def _run(self, cand: int, on: bool, mode: Mode) -> Run:
        """One propagation from a candidate on or off: in C on the compiled core where no
        nested rule can join or only simple rules can (the same potentials, ancestors,
        contradiction and work)."""
        if self.native is not None and (not mode.nested or self.native_nested):
            ons, offs, conflict, work = self.native.run(cand, on, mode.cell_links, mode.dynamic,
                                                        bool(mode.nested))
            self.budget.spend(work)
            return Run(ons, offs, conflict)
        start = {cand: 1 << (2 * cand + on)}
        return self.propagate(start if on else {}, {} if on else start, mode)

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
        """SE's "advanced potentials": the removals of the first nested rule that finds
        any on the working grid resting on candidates the chain struck (their ancestors
        join). Whether a new off was added."""
        self.budget.spend(work + 20)
        added = False
        for rule in self.nested_rules:
            found = rule(self, grid, off)
            if not found:
                continue
            for cand, ancestors in found:
                if cand not in off:
                    off[cand] = ancestors
                    pending.append(cand)
                    added = True
            break
        return added


def _native(board: Board, cell_digits: list, digit_cells: list, outer: Outer | None):
    """The compiled twin of a Propagator's state, or None on the pure core."""
    make = twins.chain_propagator(board.shape, board.peer_order, board.cell_chain_units)
    if make is None:
        return None
    if outer is None:
        return make(cell_digits, digit_cells, None, None)
    return make(cell_digits, digit_cells, outer.start_cells, outer.start_digits)


def _nest_in_c(prop: Propagator, rules: tuple) -> bool:
    """Give the compiled propagator its nested rules when all are simple rules (which the C
    runs on its working grid); whether it took them."""
    if not rules or prop.native_rules is None or \
            not all(type(rule) is SimpleRule for rule in rules):
        return False
    prop.native.nest(prop.native_rules.__self__, [rule.rule for rule in rules],
                     prop.state.open_cells, prop.state.values)
    return True


def _native_rules(board: Board):
    """The compiled simple rules (SimpleRule's finders) of a board, or None on the pure core."""
    return twins.simple_rules(board.shape, board.single_units, board.lock_groups,
                                 board.lines["column"], board.lines["row"])


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
    outer, found = prop.outer, []
    if mode.cell_links:
        digits = cell_digits[cell]
        if digits.bit_count() == 2:
            other = (digits & ~(1 << d)).bit_length() - 1
            parents = ancestors
            if mode.dynamic:
                for v in bits_of(prop.cell_digits[cell] & ~digits):
                    parents |= off[cell * n + v]
            if outer is not None:
                parents |= outer.cell_bits(cell)
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
            if outer is not None:
                parents |= outer.unit_bits(u, d)
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


def working_state(state, grid: Grid):
    """The working grid of a chain as a Candidates-like state (same placed values)."""
    return type(state)(state.shape, state.values, grid.cell_digits, grid.digit_cells,
                       state.open_cells)


class SimpleRule:
    """A simple technique nested in chains: its hints on the working grid, each resting
    on the struck candidates of its premise (the cells whose candidates must be gone).
    `rule` numbers it for the compiled twin (0 pointing and claiming, 1 hidden pairs, 2
    naked pairs, 3 X-Wings), which finds the same hints in the same order."""

    def __init__(self, finder, rule: int):
        self.finder, self.rule = finder, rule

    def __call__(self, prop: Propagator, grid: Grid, off: dict) -> list[tuple[int, int]]:
        n, found = prop.n, []
        if prop.native_rules is not None:
            for struck, removals in prop.native_rules(
                    self.rule, grid.cell_digits, grid.digit_cells, prop.digit_cells,
                    prop.state.open_cells, prop.state.values):
                parents = 0
                for cand in struck:
                    parents |= off[cand]
                found += [(q, parents | 1 << (2 * q)) for q in removals]
            return found
        for hint in self.finder(working_state(prop.state, grid), prop.board):
            parents, any_parent = 0, False
            for d, cells in hint.premise:
                for c in bits_of(prop.digit_cells[d] & cells & ~grid.digit_cells[d]):
                    parents |= off[c * n + d]
                    any_parent = True
            if any_parent:
                found += [(cell * n + d, parents | 1 << (2 * (cell * n + d)))
                          for cell, d in java_map_order(hint.eliminations)]
        return found


def java_map_order(eliminations: tuple) -> list[tuple[int, int]]:
    """The order SE meets a hint's removals in: they sit in a Java HashMap keyed by cell
    (hash = cell index), so by cell index modulo the table size, then as inserted;
    each cell's digits ascending."""
    if len(eliminations) == 1:
        return list(eliminations)
    cells: dict = {}
    for cell, d in eliminations:
        cells.setdefault(cell, []).append(d)
    size = 16
    while len(cells) > size * 3 // 4:
        size *= 2
    order = sorted(cells, key=lambda cell: cell & (size - 1))
    return [(cell, d) for cell in order for d in sorted(cells[cell])]
