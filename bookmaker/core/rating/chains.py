"""Chain ratings (base plus a length modifier), and SE's Forcing Chains and Cycles.

Forcing chains and cycles (static, from single candidates): bidirectional X- and
Y-cycles 6.5, forcing X-chains 6.6, XY-cycles and forcing chains 7.0. The chaining
techniques above them are in multiple.py (Nishio, multiple and dynamic forcing chains)
and nested.py (chains nested in dynamic chains).

The modifier adds 0.1 each time the chain's complexity (minus 2) passes 4, 6, 8, 12, 16,
24, 32, ... (alternately times 3/2 and 4/3). Among a technique's chains SE applies the
lowest rating, then the least complex, then by kind (cycles before chains, double
implications, cell, region, then contradictions).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..bits import bits_of
from ..grade.candidates import Candidates
from .board import Board
from .fastbasics import forcing_chains_in_c
from .hints import Budget, Hint


@cache
def peer_spreads(board: Board) -> tuple[int, ...]:
    """Per cell, its peers (peer_order) as a bitmask over digit 0's candidates (bit c*n
    for peer c): shifted by d, the peers' candidates of digit d."""
    n = board.shape.size
    return tuple(sum(1 << (c * n) for c in peers) for peers in board.peer_order)


@cache
def length_modifier(complexity: int) -> int:
    """SE's extra tenths for a chain's complexity (cached: nested chains ask it ~10^5 times
    a step)."""
    length, ceiling, added, odd = complexity - 2, 4, 0, False
    while length > ceiling:
        added += 1
        ceiling = ceiling * 4 // 3 if odd else ceiling * 3 // 2
        odd = not odd
    return added


@dataclass(frozen=True)
class Found:
    """A chain conclusion before it becomes a hint: rating, complexity, SE's sort key
    (kind of chain), and what it concludes. Nested in another chain, `parents` are the
    enclosing chain's struck candidates it rests on (a candidate bitmask) and `key` tells
    one chain from another (SE's FullChain)."""

    rating: int
    complexity: int
    kind: int
    name: str
    eliminations: tuple
    placement: tuple | None
    parents: int = 0
    key: tuple = ()

    def hint(self, text: str = "") -> Hint:
        return Hint(self.name, self.rating, self.eliminations, self.placement, self.complexity,
                    text=text)


def best(found: list) -> Found | None:
    """SE's choice: lowest rating, then least complex, then kind, then the first met."""
    return min(found, key=lambda f: (f.rating, f.complexity, f.kind), default=None)


# --- forcing chains and cycles (static, unary) ---------------------------------------

class StaticLinks:
    """The static links of one grid state, each list built once."""

    def __init__(self, state: Candidates, board: Board):
        self.state, self.board, self.n = state, board, board.shape.size
        self._offs: dict = {}
        self._ons: dict = {}
        self._tables: dict = {}

    def off_table(self, cell_links: bool) -> list[int]:
        """Per candidate, its offs() as a bitmask over candidates (0 for non-candidates)."""
        key = ("off", cell_links)
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = self._off_masks(cell_links)
        return table

    def on_table(self, cell_links: bool, unit_links: bool) -> list[int]:
        """Per candidate, its ons() as a bitmask over candidates."""
        key = ("on", cell_links, unit_links)
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = self._on_masks(cell_links, unit_links)
        return table

    def on_on_table(self, cell_links: bool, unit_links: bool) -> list[int]:
        """Per candidate, the ons its offs imply (two links: on, off, on), a bitmask."""
        key = ("on-on", cell_links, unit_links)
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = _two_links(self.off_table(cell_links),
                                                   self.on_table(cell_links, unit_links))
        return table

    def off_off_table(self, cell_links: bool) -> list[int]:
        """Per candidate, the offs its ons imply (two links: off, on, off), a bitmask."""
        key = ("off-off", cell_links)
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = _two_links(self.on_table(cell_links, True),
                                                   self.off_table(cell_links))
        return table

    def _off_masks(self, cell_links: bool) -> list[int]:
        """offs() of every candidate at once: a digit's places among the cell's peers
        are the peers' spread (bit c*n per peer c) shifted by the digit, kept where the
        digit still is."""
        n, state = self.n, self.state
        spreads, places = peer_spreads(self.board), 0
        for d, cells in enumerate(state.digit_cells):
            for c in bits_of(cells):
                places |= 1 << (c * n + d)
        table = [0] * (self.board.shape.cell_count * n)
        cell_digits = state.cell_digits
        for cell in bits_of(state.open_cells):
            digits, spread, base = cell_digits[cell], spreads[cell], cell * n
            for d in bits_of(digits):
                mask = spread << d & places
                if cell_links:
                    mask |= (digits & ~(1 << d)) << base
                table[base + d] = mask
        return table

    def _on_masks(self, cell_links: bool, unit_links: bool) -> list[int]:
        """ons() of every candidate at once: the other candidate of a bivalue cell, the
        other place of a digit left twice in a unit (links are mutual)."""
        n, state, board = self.n, self.state, self.board
        table = [0] * (board.shape.cell_count * n)
        if cell_links:
            cell_digits = state.cell_digits
            for cell in bits_of(state.open_cells):
                digits = cell_digits[cell]
                if digits.bit_count() == 2:
                    low = digits & -digits
                    a = cell * n + low.bit_length() - 1
                    b = cell * n + (digits ^ low).bit_length() - 1
                    table[a] |= 1 << b
                    table[b] |= 1 << a
        if unit_links:
            masks = board.unit_masks
            for d, cells in enumerate(state.digit_cells):
                for mask in masks:
                    two = cells & mask
                    if two.bit_count() == 2:
                        low = two & -two
                        a = (low.bit_length() - 1) * n + d
                        b = ((two ^ low).bit_length() - 1) * n + d
                        table[a] |= 1 << b
                        table[b] |= 1 << a
        return table

    def _candidates(self):
        n = self.n
        for cell in bits_of(self.state.open_cells):
            for d in bits_of(self.state.cell_digits[cell]):
                yield cell * n + d

    def offs(self, cand: int, cell_links: bool) -> list[int]:
        key = cand * 2 + cell_links
        found = self._offs.get(key)
        if found is None:
            n, state = self.n, self.state
            cell, d = divmod(cand, n)
            found = []
            if cell_links:
                found = [cell * n + e for e in bits_of(state.cell_digits[cell] & ~(1 << d))]
            places = state.digit_cells[d]
            found += [o * n + d for o in self.board.peer_order[cell] if places >> o & 1]
            self._offs[key] = found
        return found

    def ons(self, cand: int, cell_links: bool, unit_links: bool) -> list[int]:
        key = cand * 4 + cell_links * 2 + unit_links
        found = self._ons.get(key)
        if found is None:
            found = self._find_ons(cand, cell_links, unit_links)
            self._ons[key] = found
        return found

    def _find_ons(self, cand: int, cell_links: bool, unit_links: bool) -> list[int]:
        n, state, board = self.n, self.state, self.board
        cell, d = divmod(cand, n)
        found = []
        if cell_links:
            digits = state.cell_digits[cell]
            if digits.bit_count() == 2:
                found.append(cell * n + (digits & ~(1 << d)).bit_length() - 1)
        if unit_links:
            places = state.digit_cells[d] & ~(1 << cell)
            for u in board.cell_chain_units[cell]:
                others = places & board.unit_masks[u]
                if others and not others & (others - 1):
                    found.append((others.bit_length() - 1) * n + d)
        return found


def _two_links(first: list[int], then: list[int]) -> list[int]:
    """Per candidate, the union of `then` over its `first` links."""
    table = []
    for mask in first:
        union = 0
        while mask:
            low = mask & -mask
            union |= then[low.bit_length() - 1]
            mask ^= low
        table.append(union)
    return table


class _Best:
    """The best chain found so far, with its place in SE's list, to stop searches that
    cannot beat it: SE sorts by rating, complexity and kind, and keeps the first met."""

    def __init__(self):
        self.found: Found | None = None
        self.key: tuple | None = None

    def offer(self, found: Found, order: int) -> None:
        key = (found.rating, found.complexity, found.kind, order)
        if self.key is None or key < self.key:
            self.found, self.key = found, key

    def beaten(self, rating: int, complexity: int, kind: int, order: int) -> bool:
        """Whether a chain of at least this rating and complexity cannot win any more."""
        return self.key is not None and (rating, complexity, kind, order) >= self.key


def forcing_chains_and_cycles(state: Candidates, board: Board, budget: Budget) -> Hint | None:
    """SE's "Forcing Chains & Cycles": X-cycles and forcing X-chains, Y-cycles, then
    XY-cycles and forcing chains, from every candidate; the best of them all.

    SE follows each start to the end, then sorts. Here every start's search advances one
    layer (two links) per round, so the short chains found first bound the rest: a search
    stops once nothing it can still find would beat the best so far (each knows its
    place in SE's list, which decides between equals). On the compiled core, in C
    (fastbasics.forcing_chains_in_c)."""
    ran, hint = forcing_chains_in_c(state, board, budget)
    if ran:
        return hint
    links, n, best = StaticLinks(state, board), board.shape.size, _Best()
    searches: list[_FromOn | _FromOff] = []
    for y, x in ((False, True), (True, False), (True, True)):
        for cell in bits_of(state.open_cells):
            digits = state.cell_digits[cell]
            if digits.bit_count() < 2 or not x and digits.bit_count() > 2:
                continue
            for d in bits_of(digits):
                order = 3 * len(searches)
                searches.append(_FromOn(links, cell * n + d, y, x, order))
                if x:
                    searches.append(_FromOff(links, cell * n + d, y, order + 2))
    while searches:
        alive = []
        for search in searches:
            if search.advance(best, budget):
                alive.append(search)
        searches = alive
    return None if best.found is None else best.found.hint()


def _union(table: list[int], front: int) -> int:
    """The union of table[node] over the nodes of `front` (the search's hot loop)."""
    union = 0
    while front:
        low = front & -front
        union |= table[low.bit_length() - 1]
        front ^= low
    return union


class _FromOn:
    """SE's doCycles and doForcingChains from a candidate on, as one breadth-first search
    over sets of candidates (they follow the same links; SE meets each on once, and an
    off met again leads only to ons already met): the source's own off ends a forcing
    chain; an off implying the source on, after 4 links or more, may close a cycle, which
    is then traced node by node. Both have the complexity of the layer they end in."""

    def __init__(self, links: StaticLinks, source: int, y: bool, x: bool, order: int):
        self.links, self.source, self.y, self.x, self.order = links, source, y, x, order
        self.offs_of, self.ons_of = links.off_table(y), links.on_table(y, x)
        self.closing = self.ons_of[source]   # links are mutual: the offs implying it on
        self.front = self.seen_on = 1 << source
        self.seen_off, self.depth = 0, 1
        self.kind = 4 if x and y else 3 if y else 2
        self.cycle_base, self.chain_base = (70, 70) if x and y else (65, 66)
        self.cycle_open, self.chain_open = True, x

    def advance(self, best: _Best, budget: Budget) -> bool:
        """One more layer (an off and an on); whether the search goes on."""
        reach, kind, order = self.depth + 1, self.kind, self.order
        self.cycle_open = self.cycle_open and not best.beaten(
            self.cycle_base + length_modifier(reach), reach, kind, order)
        self.chain_open = self.chain_open and not best.beaten(
            self.chain_base + length_modifier(reach), reach, kind, order + 1)
        if not self.front or not (self.cycle_open or self.chain_open):
            return False
        budget.spend(self.front.bit_count())
        offs = _union(self.offs_of, self.front)
        if self.cycle_open and self.depth >= 3 and offs & self.closing:
            cycle = _cycle_at(self.links, self.source, self.y, self.x, self.depth, budget)
            if cycle is not None:
                best.offer(cycle, order)
                self.cycle_open = False
        if self.chain_open and offs >> self.source & 1:
            best.offer(_chain_found(self.links, self.source, False, reach, self.y), order + 1)
            self.chain_open = False
        offs &= ~self.seen_off
        self.seen_off |= offs
        self.front = _union(self.ons_of, offs) & ~self.seen_on
        self.seen_on |= self.front
        self.depth += 2
        return True


class _FromOff:
    """SE's doForcingChains from a candidate off, to its first contradiction (the
    candidate on): breadth first over sets of candidates, each potential met once."""

    def __init__(self, links: StaticLinks, source: int, y: bool, order: int):
        self.links, self.source, self.y, self.order = links, source, y, order
        self.offs_of, self.ons_of = links.off_table(y), links.on_table(y, True)
        self.front = self.seen_off = 1 << source
        self.seen_on, self.depth = 0, 1
        self.base, self.kind = (70, 4) if y else (66, 2)

    def advance(self, best: _Best, budget: Budget) -> bool:
        reach = self.depth + 1
        if not self.front or best.beaten(self.base + length_modifier(reach), reach, self.kind,
                                         self.order):
            return False
        budget.spend(self.front.bit_count())
        ons = _union(self.ons_of, self.front)
        if ons >> self.source & 1:
            best.offer(_chain_found(self.links, self.source, True, reach, self.y), self.order)
            return False
        ons &= ~self.seen_on
        self.seen_on |= ons
        self.front = _union(self.offs_of, ons) & ~self.seen_off
        self.seen_off |= self.front
        self.depth += 2
        return True


def _cycle_at(links: StaticLinks, source: int, y: bool, x: bool, at_depth: int,
              budget: Budget) -> Found | None:
    """SE's doCycles from `source` on, traced node by node to the ons at `at_depth`: the
    first cycle closing from there that removes something (back to the source through
    an off that the on before it does not follow from), else None."""
    closing = links.on_table(y, x)[source]
    parent: dict = {(source, True): None}
    layer, depth = [source], 1
    while depth < at_depth:
        budget.spend(len(layer))
        offs = []
        for p in layer:
            for q in links.offs(p, y):
                if (q, False) not in parent:
                    parent[q, False] = p
                    offs.append(q)
        layer = []
        for q in offs:
            for r in links.ons(q, y, x):
                if (r, True) not in parent:
                    parent[r, True] = q
                    layer.append(r)
        depth += 2
    for p in layer:
        for q in links.offs(p, y):
            if closing >> q & 1 and not _follows(parent, p, q):
                cycle = _cycle_found(links, _cycle_path(parent, source, p, q), y, x)
                if cycle.eliminations:
                    return cycle
            if (q, False) not in parent:
                parent[q, False] = p
    return None


def _follows(parent: dict, on: int, off: int) -> bool:
    """Whether `off` is an ancestor of `on` in the search tree."""
    node = parent[on, True]
    while node is not None:
        if node == off:
            return True
        node = parent[parent[node, False], True]
    return False


def _cycle_path(parent: dict, source: int, last_on: int, last_off: int) -> list:
    """The cycle's potentials (cand, on) from its end back to, not including, the source."""
    path = [(source, True), (last_off, False)]
    on = last_on
    while on != source:
        path.append((on, True))
        off = parent[on, True]
        path.append((off, False))
        on = parent[off, False]
    return path


def _cycle_found(links: StaticLinks, path: list, y: bool, x: bool) -> Found:
    """A cycle's removals: candidates seeing both an on and an off of the same digit."""
    state, peer_masks, n = links.state, links.board.shape.peer_masks, links.n
    cells = 0
    for cand, _ in path:
        cells |= 1 << (cand // n)
    forward: dict = {}
    backward: dict = {}
    for cand, on in path:
        cell, d = divmod(cand, n)
        seen = peer_masks[cell] & state.digit_cells[d] & ~cells
        side = forward if on else backward
        side[d] = side.get(d, 0) | seen
    removed = tuple(sorted((c, d) for d, mask in forward.items()
                           for c in bits_of(mask & backward.get(d, 0))))
    complexity = len(path)
    base = 70 if x and y else 65
    name = "Bidirectional Cycle" if x and y else \
        "Bidirectional Y-Cycle" if y else "Bidirectional X-Cycle"
    kind = 4 if x and y else 3 if y else 2
    return Found(base + length_modifier(complexity), complexity, kind, name, removed, None)


def _chain_found(links: StaticLinks, cand: int, on: bool, complexity: int, y: bool) -> Found:
    cell, d = divmod(cand, links.n)
    base, kind = (70, 4) if y else (66, 2)
    name = "Forcing Chain" if y else "Forcing X-Chain"
    rating = base + length_modifier(complexity)
    if on:
        removed = tuple((cell, e) for e in bits_of(links.state.cell_digits[cell] & ~(1 << d)))
        return Found(rating, complexity, kind, name, removed, (cell, d))
    return Found(rating, complexity, kind, name, ((cell, d),), None)
