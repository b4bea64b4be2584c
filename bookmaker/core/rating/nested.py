"""Nested forcing chains: dynamic chains inside which other techniques add links (9.0 up).

Where a dynamic chain's links run out, SE tries its nested rules on the chain's working
grid, in order, and takes every removal of the first rule that finds any resting on
candidates the chain struck (its "rule parents"); the removals join the chain as offs,
their ancestors those of the struck candidates, and a nested chain's own complexity
counts once in every chain resting on it. The levels (SE's Chaining level and, in
Sukaku Explainer, its nesting limit):

- 9.0  (+): pointing and claiming, hidden pairs, naked pairs, X-Wings (the simple rules);
- 9.5  (+ Forcing Chains): the simple rules, then forcing chains and cycles;
- 10.0 (+ Multiple Forcing Chains): the simple rules, forcing chains and cycles, then
  multiple forcing chains;
- 10.5 (+ Dynamic Forcing Chains): the simple rules, then dynamic forcing chains; Sukaku
  Explainer tries this four times, nesting dynamic chains of level 0, 1, 2 and 3 (each
  still rated 10.5 and up); SE 1.2.1 once, then at 11.0 with dynamic chains nested at
  level 0 and then at level 2.
"""

from __future__ import annotations

from ..bits import bits_of
from . import basics as b
from . import twins
from .board import Board
from .chains import Found, StaticLinks, length_modifier
from .implications import Grid, Outer, Propagator, SimpleRule, java_map_order, working_state
from .multiple import DYNAMIC, STATIC, Chaining, rested_conclusions, rested_found


def simple_rules() -> tuple:
    """The simple techniques SE nests in dynamic chains: pointing and claiming, hidden
    pair, naked pair, X-Wing."""
    return (SimpleRule(b.locked_candidates, 0),
            SimpleRule(lambda s, bd: b.hidden_sets(s, bd, 2), 1),
            SimpleRule(lambda s, bd: b.naked_sets(s, bd, 2), 2),
            SimpleRule(lambda s, bd: b.fish(s, bd, 2), 3))


class NestedChains:
    """A chaining technique as a nested rule: all its conclusions on the working grid,
    in SE's order, each resting on the struck candidates its chains' links need."""

    def __init__(self, technique: Chaining | None):
        self.technique = technique   # None: forcing chains and cycles

    def __call__(self, prop: Propagator, grid: Grid, off: dict) -> list[tuple[int, int]]:
        """The removals, each with its ancestors. The conclusions depend on the working
        grid and the enclosing chain's start alone, and the same pair comes back often in
        a step (another propagation reaching the same candidates; the next level's
        propagations, which run as the last level's until their extra rule joins): they
        are found once (see _Recorded), their work charged again each time they are asked
        for, so the budget runs as if they were found again."""
        recorded = _RECORDED.of(prop)
        key = (self, prop.start_key(), tuple(grid.cell_digits))
        known = recorded.get(key)
        if known is None:
            spent = prop.budget.spent
            found = self.conclusions(prop, grid)
            _RECORDED.keep(key, found, (prop.budget.spent - spent) // prop.budget.weight)
        else:
            found, units = known
            prop.budget.spend(units)
        return _removals(prop, found, off)

    def conclusions(self, prop: Propagator, grid: Grid) -> list[tuple]:
        """The technique's conclusions on the working grid resting on struck candidates,
        in SE's order: (key, complexity, removals as candidates in SE's order, parents)."""
        view = working_state(prop.state, grid)
        outer = Outer(prop.cell_digits, prop.digit_cells, grid, prop.board, prop.outer_base)
        rules = self.technique.nested_rules if self.technique is not None else ()
        inner = Propagator(prop.board, view, prop.budget, rules, outer)
        if self.technique is None:
            rows = unary_conclusions(inner, view, prop.board)
            if rows is not None:
                return rows
            found = rested_unary(inner, view, prop.board)
        else:
            rows = rested_conclusions(self.technique, inner, view)
            if rows is not None:
                return rows
            found = rested_found(self.technique, inner, view, prop.board)
        found.sort(key=lambda f: (f.rating, f.complexity, f.kind))
        n = prop.n
        return [(f.key, f.complexity, tuple(c * n + d for c, d in java_map_order(f.eliminations)),
                 f.parents) for f in found]


class _Recorded:
    """The nested rules' conclusions met in the current rating step, by (rule, enclosing
    chain's start, working grid): a search at the top (no enclosing chain) from another
    start begins a new step and drops them; past ROWS_KEPT conclusions they are dropped
    too, which costs time only (a conclusion is the same found again)."""

    ROWS_KEPT = 200_000

    def __init__(self) -> None:
        self.drop()

    def drop(self) -> None:
        """Forget every conclusion: a rating's record is no use to the next puzzle's."""
        self.step: tuple | None = None
        self.found: dict = {}
        self.rows = 0

    def of(self, prop: Propagator) -> dict:
        """The record for a search by `prop`, a new one if it starts a new step."""
        if prop.outer is None and prop.start_key() != self.step:
            self.step, self.found, self.rows = prop.start_key(), {}, 0
        return self.found

    def keep(self, key: tuple, found: list, units: int) -> None:
        if self.rows + len(found) > self.ROWS_KEPT:
            self.found, self.rows = {}, 0
        self.found[key] = found, units
        self.rows += len(found) + 1


_RECORDED = _Recorded()


def drop_record() -> None:
    """Forget the nested rules' conclusions of the rating just made (up to ROWS_KEPT rows,
    ~140 MB: not to be held by a worker between puzzles)."""
    _RECORDED.drop()


def _removals(prop: Propagator, found: list, off: dict) -> list[tuple[int, int]]:
    """Each conclusion's removals in order with their ancestors (the struck candidates'
    and the chain's own), as _nested_offs takes them: a removal already off, or met before,
    changes nothing there, so it is left out (and its ancestors not worked out); but every
    chain gets its bit, in order (its index), and a rule that concludes only such removals
    still returns one, so that the next rule is not tried."""
    removals, met = [], set()
    struck: dict = {}   # parents -> their ancestors: many conclusions share them
    left_out = None
    for key, complexity, cands, parents in found:
        index = prop.chain_index(key, complexity)
        ancestors = None
        for cand in cands:
            if cand in off or cand in met:
                left_out = cand
                continue
            if ancestors is None:
                ancestors = struck.get(parents)
                if ancestors is None:
                    ancestors = 0
                    for q in bits_of(parents):
                        ancestors |= off[q]
                    struck[parents] = ancestors
                ancestors |= 1 << (prop.chain_base + index)   # made only where it is used
            met.add(cand)
            removals.append((cand, ancestors | 1 << (2 * cand)))
    if not removals and left_out is not None:
        removals.append((left_out, 0))   # already off: ends the rules' turn, adds nothing
    return removals


FORCING_CHAINS = NestedChains(None)
MULTIPLE = NestedChains(Chaining("Multiple Forcing Chains", 80, STATIC, multiple=True))


def _dynamic(level: int, rules: tuple, rating: int, suffix: str) -> Chaining:
    return Chaining(f"Dynamic Forcing Chains{suffix}", rating,
                    DYNAMIC if not level else type(DYNAMIC)(True, True, level),
                    multiple=True, nested_rules=rules, suffix=suffix)


def levels(scale: str) -> tuple[Chaining, ...]:
    """The nested techniques of a scale, in SE's order: 'sukaku' (Sukaku Explainer) or
    '1.2.1' (Sudoku Explainer 1.2.1)."""
    simple = simple_rules()
    plus = _dynamic(1, simple, 90, " (+)")
    fc = _dynamic(2, simple + (FORCING_CHAINS,), 95, " (+ Forcing Chains)")
    mfc = _dynamic(3, simple + (FORCING_CHAINS, MULTIPLE), 100, " (+ Multiple Forcing Chains)")
    dfc = " (+ Dynamic Forcing Chains)"
    if scale == "1.2.1":
        nested_dfc = NestedChains(_dynamic(0, (), 85, ""))
        return (plus, fc, mfc, _dynamic(4, simple + (nested_dfc,), 105, dfc),
                _dynamic(5, simple + (nested_dfc, NestedChains(fc)), 110,
                         " (+ Dynamic Forcing Chains (+ Forcing Chains))"))
    inner = (_dynamic(0, (), 85, ""), plus, fc, mfc)
    return (plus, fc, mfc) + tuple(_dynamic(4, simple + (NestedChains(t),), 105, dfc)
                                   for t in inner)


# --- forcing chains and cycles, every one of them (SE's doCycles, doForcingChains) ---

class _Node:
    """A potential met by a static chain: candidate, on or off, its cause (-1 the cell,
    else a unit; None for the start), parent, and ancestors (bit 2*cand+on, the path)."""

    __slots__ = ("cand", "on", "cause", "parent", "ancestors")

    def __init__(self, cand: int, on: bool, cause: int | None, parent: _Node | None,
                 ancestors: int):
        self.cand, self.on, self.cause, self.parent = cand, on, cause, parent
        self.ancestors = ancestors


def _child(parent: _Node, cand: int, on: bool, cause: int) -> _Node:
    return _Node(cand, on, cause, parent, parent.ancestors | 1 << (2 * cand + on))


class _Links:
    """Static links of the working grid, with their causes, in SE's order; each list
    built once (a search meets the same candidate on many paths)."""

    def __init__(self, state, board: Board):
        self.state, self.board, self.n = state, board, board.shape.size
        self._offs: dict = {}
        self._ons: dict = {}

    def offs(self, node: _Node, y: bool) -> list[tuple[int, int]]:
        key = 2 * node.cand + y
        found = self._offs.get(key)
        if found is None:
            found = self._offs[key] = self._find_offs(node.cand, y)
        return found

    def ons(self, node: _Node, y: bool, x: bool) -> list[tuple[int, int]]:
        key = 4 * node.cand + 2 * y + x
        found = self._ons.get(key)
        if found is None:
            found = self._ons[key] = self._find_ons(node.cand, y, x)
        return found

    def _find_offs(self, cand: int, y: bool) -> list[tuple[int, int]]:
        cell, d = divmod(cand, self.n)
        found = []
        if y:
            found = [(cell * self.n + e, -1)
                     for e in bits_of(self.state.cell_digits[cell] & ~(1 << d))]
        places, seen = self.state.digit_cells[d] & ~(1 << cell), 0
        for u in self.board.cell_chain_units[cell]:
            cells = places & self.board.unit_masks[u] & ~seen
            seen |= cells
            found += [(c * self.n + d, u) for c in bits_of(cells)]
        return found

    def _find_ons(self, cand: int, y: bool, x: bool) -> list[tuple[int, int]]:
        cell, d = divmod(cand, self.n)
        found = []
        if y:
            digits = self.state.cell_digits[cell]
            if digits.bit_count() == 2:
                found.append((cell * self.n + (digits & ~(1 << d)).bit_length() - 1, -1))
        if x:
            places = self.state.digit_cells[d] & ~(1 << cell)
            for u in self.board.cell_chain_units[cell]:
                others = places & self.board.unit_masks[u]
                if others and not others & (others - 1):
                    found.append(((others.bit_length() - 1) * self.n + d, u))
        return found


def unary_found(prop: Propagator, state, board: Board) -> list[Found]:
    """SE's Forcing Chains and Cycles, every conclusion (X-, Y- then XY-links; cell by
    cell; per candidate its cycles, then its forcing chains). A search over sets of
    candidates first tells which starts can close a cycle or a chain at all (as in
    chains.py); only those are followed node by node. On the compiled core both run in
    C (the same starts, paths and work units; the units charged at once)."""
    follow = twins.chain_follower(board.shape)
    if follow is not None:
        return _unary_followed(prop, state, board, follow)
    links, found = _Links(state, board), []
    for y, x, cand, possible in screened_in_python(state, board, prop.budget):
        found += _unary(prop, links, cand, y, x, possible)
    return found


_PASSES = ((False, True), (True, False), (True, True))


def rested_unary(prop: Propagator, state, board: Board) -> list[Found]:
    """unary_found's conclusions inside an enclosing chain that rest on candidates it
    struck (SE: a conclusion resting on none holds without the chain, so it adds nothing
    to it), in the same order; on the compiled core made in C, the ancestors in a key as
    bytes (equal exactly when the ancestors are)."""
    conclude = twins.chain_concluder(board.shape)
    if conclude is None or prop.outer is None:
        return [f for f in unary_found(prop, state, board) if f.parents]
    rows, units = conclude(board.cell_chain_units, state.cell_digits, state.digit_cells,
                           state.open_cells, prop.outer.start_cells)
    prop.budget.spend(units)
    found = []
    for cycle, c, kind, parents, removed, ancestors in rows:
        base = (70 if kind == 4 else 65) if cycle else (70 if kind == 4 else 66)
        name, tag = ("Bidirectional Cycle", "cycle") if cycle else ("Forcing Chain", "chain")
        found.append(Found(base + length_modifier(c), c, kind, name, removed, None, parents,
                           (tag, ancestors, removed)))
    return found


def unary_conclusions(prop: Propagator, state, board: Board) -> list[tuple] | None:
    """rested_unary's conclusions as a nested rule takes them, from the compiled twin's
    rows without making them Found (None on the pure core): sorted as SE sorts them, each
    (key, complexity, removals as candidates in SE's order, parents)."""
    conclude = twins.chain_concluder(board.shape)
    if conclude is None or prop.outer is None:
        return None
    rows, units = conclude(board.cell_chain_units, state.cell_digits, state.digit_cells,
                           state.open_cells, prop.outer.start_cells)
    prop.budget.spend(units)
    n, found = prop.n, []
    for cycle, c, kind, parents, removed, ancestors in rows:
        base = (70 if kind == 4 else 65) if cycle else (70 if kind == 4 else 66)
        cands = tuple(cell * n + d for cell, d in java_map_order(removed))
        found.append((base + length_modifier(c), c, kind,
                      ("cycle" if cycle else "chain", ancestors, removed), cands, parents))
    found.sort(key=lambda row: row[:3])
    return [(key, c, cands, parents) for _, c, _, key, cands, parents in found]


def _unary_followed(prop: Propagator, state, board: Board, follow) -> list[Found]:
    """unary_found from the compiled twin's paths: each start's cycles, then its chain
    from on and from off, made Found here as _unary makes them."""
    starts, units = follow(board.cell_chain_units, state.cell_digits, state.digit_cells,
                           state.open_cells)
    prop.budget.spend(units)
    found = []
    for k, cand, cycles, from_on, from_off in starts:
        y, x = _PASSES[k]
        found += [f for f in (_cycle(prop, state, _end_of(cand, True, path), y, x)
                              for path in cycles) if f.eliminations]
        for on, path in ((True, from_on), (False, from_off)):
            if path is not None:
                chain = _chain(prop, state, _end_of(cand, on, path), y)
                if chain.eliminations:
                    found.append(chain)
    return found


def _end_of(cand: int, on: bool, path) -> _Node:
    """The last node of a path of (candidate, on, cause) from the start `cand`."""
    node = _Node(cand, on, None, None, 1 << (2 * cand + on))
    for q, q_on, cause in path:
        node = _child(node, q, q_on, cause)
    return node


def screened_in_python(state, board: Board, budget):
    """screened(), the reference: each start's screen charged as it is done."""
    tables, n = StaticLinks(state, board), board.shape.size
    for y, x in _PASSES:
        for cell in bits_of(state.open_cells):
            count = state.cell_digits[cell].bit_count()
            if count < 2 or not x and count > 2:
                continue
            for d in bits_of(state.cell_digits[cell]):
                cand = cell * n + d
                possible = _closing(tables, cand, y, x, budget)
                if any(possible):
                    yield y, x, cand, possible


def _closing(tables: StaticLinks, cand: int, y: bool, x: bool, budget) -> tuple:
    """Whether a cycle may close on the start (on), and whether a forcing chain leads
    from it on to it off, and from it off to it on: breadth first over candidate sets,
    a work unit a layer (charged when the search ends: a rating that runs out of
    budget in it ends the same). Links are mutual, so a layer's offs hold the start's
    off when the layer meets the start's offs, and imply the start on when the ons
    two links on hold it; an off met before leads only to ons met before."""
    offs_of, ons_of = tables.off_table(y), tables.on_table(y, x)
    step = tables.on_on_table(y, x) if x else None
    own_offs, front, seen_on, depth = offs_of[cand], 1 << cand, 1 << cand, 1
    cycle = chain = False
    layers = 0
    while front:
        layers += 1
        chain = chain or x and bool(front & own_offs)
        ons = 0
        if step is not None:
            while front:   # the hottest loop: the union of two links over the front
                low = front & -front
                ons |= step[low.bit_length() - 1]
                front ^= low
        else:
            offs = 0
            while front:
                low = front & -front
                offs |= offs_of[low.bit_length() - 1]
                front ^= low
            while offs:
                low = offs & -offs
                ons |= ons_of[low.bit_length() - 1]
                offs ^= low
        cycle = cycle or depth >= 3 and bool(ons >> cand & 1)
        front = ons & ~seen_on
        seen_on |= front
        depth += 2
    budget.spend(layers)
    return cycle, chain, x and _off_chain(tables, cand, y, budget)


def _off_chain(tables: StaticLinks, cand: int, y: bool, budget) -> bool:
    """Whether a forcing chain leads from the start off to it on (see _closing)."""
    step, own_ons = tables.off_off_table(y), tables.on_table(y, True)[cand]
    front = seen_off = 1 << cand
    layers = 0
    while front:
        layers += 1
        if front & own_ons:
            budget.spend(layers)
            return True
        offs = 0
        while front:
            low = front & -front
            offs |= step[low.bit_length() - 1]
            front ^= low
        front = offs & ~seen_off
        seen_off |= front
    budget.spend(layers)
    return False


def _unary(prop: Propagator, links: _Links, cand: int, y: bool, x: bool,
           possible: tuple) -> list[Found]:
    start = _Node(cand, True, None, None, 1 << (2 * cand + 1))
    found = []
    if possible[0]:
        found = [f for f in (_cycle(prop, links.state, end, y, x)
                             for end in _cycles(prop, links, start, y, x)) if f.eliminations]
    off_start = _Node(cand, False, None, None, 1 << (2 * cand))
    for source, wanted in ((start, possible[1]), (off_start, possible[2])):
        end = _forcing_chain(prop, links, source, y) if wanted else None
        if end is not None:
            chain = _chain(prop, links.state, end, y)
            if chain.eliminations:
                found.append(chain)
    return found


def _cycles(prop: Propagator, links: _Links, start: _Node, y: bool, x: bool) -> list[_Node]:
    """SE's doCycles: breadth first, offs kept once per path (not per search), each
    time the start is met again after 4 links or more, a cycle."""
    pending_on, seen_on, cycles, length = [start], {start.cand}, [], 0
    while pending_on:
        length += 2
        offs = []
        for p in pending_on:
            prop.budget.spend(1)
            offs += [_child(p, q, False, cause) for q, cause in links.offs(p, y)
                     if not p.ancestors >> (2 * q) & 1]
        pending_on = []
        for p in offs:
            for q, cause in links.ons(p, y, x):
                node = _child(p, q, True, cause)
                if length >= 4 and q == start.cand:
                    cycles.append(node)
                if q not in seen_on:
                    seen_on.add(q)
                    pending_on.append(node)
    return cycles


def _forcing_chain(prop: Propagator, links: _Links, start: _Node, y: bool) -> _Node | None:
    """SE's doForcingChains: breadth first, each potential met once, to the first
    potential contradicting the start (its candidate off from an on start, on from an
    off one); SE goes on to the end, but only that first one counts."""
    pending, seen = [start], {(start.cand, start.on)}
    while pending:
        later = []
        for p in pending:
            prop.budget.spend(1)
            for q, cause in links.offs(p, y) if p.on else links.ons(p, y, True):
                node = _child(p, q, not p.on, cause)
                if q == start.cand and node.on != start.on:
                    return node
                if (q, node.on) not in seen:
                    seen.add((q, node.on))
                    later.append(node)
        pending = later   # SE's queues: a layer of ons, then the offs they imply, ...
    return None


def _cause_bits(prop: Propagator, node: _Node) -> int:
    """The enclosing chain's struck candidates a link rests on (a cell's other
    candidates, or the digit's other places in the unit)."""
    if prop.outer is None or node.cause is None:
        return 0
    if node.cause < 0:
        return prop.outer.cell_bits(node.cand // prop.n)
    return prop.outer.unit_bits(node.cause, node.cand % prop.n)


def _path(end: _Node) -> list[_Node]:
    """The chain's potentials from its end back to, not including, its start."""
    path = []
    while end.parent is not None:
        path.append(end)
        end = end.parent
    return path


def _cycle(prop: Propagator, state, end: _Node, y: bool, x: bool) -> Found:
    """A cycle's removals (candidates seeing an on and an off of the same digit) and its
    parents: the causes of its ons, and of its offs (the ons of the cycle reversed)."""
    n, peers = prop.n, prop.board.shape.peer_masks
    path = _path(end)
    cells = 0
    for node in path:
        cells |= 1 << (node.cand // n)
    forward: dict = {}
    backward: dict = {}
    causes = 0
    for node in path:
        cell, d = divmod(node.cand, n)
        side = forward if node.on else backward
        side[d] = side.get(d, 0) | peers[cell] & state.digit_cells[d] & ~cells
        causes |= _cause_bits(prop, node)
    removed = tuple(sorted((c, d) for d, mask in forward.items()
                           for c in bits_of(mask & backward.get(d, 0))))
    c = end.ancestors.bit_count()
    base, kind = (70, 4) if x and y else (65, 3) if y else (65, 2)
    parents = prop.outer_parents(causes) if prop.outer is not None else 0
    return Found(base + length_modifier(c), c, kind, "Bidirectional Cycle", removed, None,
                 parents, ("cycle", end.ancestors, removed))


def _chain(prop: Propagator, state, end: _Node, y: bool) -> Found:
    """A forcing chain's conclusion: its start off (an off end), or on (an on end)."""
    cell, d = divmod(end.cand, prop.n)
    if end.on:
        removed = tuple((cell, e) for e in bits_of(state.cell_digits[cell] & ~(1 << d)))
    else:
        removed = ((cell, d),)
    causes = 0
    for node in _path(end):
        if node.on:
            causes |= _cause_bits(prop, node)
    c = end.ancestors.bit_count()
    base, kind = (70, 4) if y else (66, 2)
    parents = prop.outer_parents(causes) if prop.outer is not None else 0
    return Found(base + length_modifier(c), c, kind, "Forcing Chain", removed, None, parents,
                 ("chain", end.ancestors, removed))
