"""SE's chaining techniques from a cell or a unit: Nishio, multiple and dynamic forcing chains.

- Nishio (7.5): dynamic chains on one digit reaching a contradiction.
- Multiple forcing chains (8.0): static chains from every candidate of a cell, or every
  place of a digit in a unit, agreeing on a conclusion.
- Dynamic forcing chains (8.5): the same, dynamic, with contradictions and double
  implications. Their nested levels (9.0 and up) let other techniques add links inside
  the chains: see nested.py.

Every conclusion is a Found; the technique's hint is the best of them (chains.best), and
nested in another chain all of them count, in SE's order (sorted by rating, complexity
and kind, ties in the order met).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..bits import bits_of
from ..grade.candidates import Candidates
from .board import Board
from .chains import Found, best, length_modifier
from .hints import Budget, Hint
from .implications import Mode, Propagator, Run

STATIC = Mode(cell_links=True, dynamic=False)
DYNAMIC = Mode(cell_links=True, dynamic=True)
NISHIO = Mode(cell_links=False, dynamic=True)


@dataclass(frozen=True)
class Chaining:
    """One of SE's chaining techniques: Nishio, multiple (static) or dynamic chains, and
    dynamic chains with nested rules (`nested_rules`, tried in order where the links run
    out; `suffix` names them as SE does, " (+ Forcing Chains)")."""

    name: str
    rating: int
    mode: Mode
    multiple: bool
    nishio: bool = False
    nested_rules: tuple = ()
    suffix: str = ""

    def named(self, kind: str) -> str:
        """A hint's name, SE's way: 'Dynamic Region Forcing Chains (+)', 'Cell Forcing
        Chains', 'Nishio Forcing Chains'."""
        if self.nishio:
            return "Nishio Forcing Chains"
        prefix = "Dynamic " if self.mode.dynamic else ""
        return f"{prefix}{kind} Forcing Chains{self.suffix}"


NISHIO_CHAINS = Chaining("Nishio Forcing Chains", 75, NISHIO, multiple=False, nishio=True)
MULTIPLE_CHAINS = Chaining("Multiple Forcing Chains", 80, STATIC, multiple=True)
DYNAMIC_CHAINS = Chaining("Dynamic Forcing Chains", 85, DYNAMIC, multiple=True)


def chaining_hint(technique: Chaining, state: Candidates, board: Board,
                  budget: Budget) -> Hint | None:
    """The best hint of a chaining technique, from every cell in turn (SE's order)."""
    prop = Propagator(board, state, budget, technique.nested_rules)
    chosen = best(all_found(technique, prop, state, board))
    return None if chosen is None else chosen.hint()


def all_found(technique: Chaining, prop: Propagator, state: Candidates,
              board: Board) -> list[Found]:
    """Every conclusion of a chaining technique, in the order SE meets them."""
    if _in_c(technique, prop):
        return _found_in_c(technique, prop, state, False)
    found = []
    for cell in bits_of(state.open_cells):
        count = state.cell_digits[cell].bit_count()
        if count > 2 or count > 1 and technique.mode.dynamic:
            found += _cell_chains(technique, prop, state, board, cell, count)
    return found


def rested_found(technique: Chaining, prop: Propagator, state: Candidates,
                 board: Board) -> list[Found]:
    """The conclusions of all_found that rest on the enclosing chain's struck candidates
    (parents), in the same order: those a nested rule can use."""
    if _in_c(technique, prop):
        return _found_in_c(technique, prop, state, True)
    return [f for f in all_found(technique, prop, state, board) if f.parents]


def rested_conclusions(technique: Chaining, prop: Propagator,
                       state: Candidates) -> list[tuple] | None:
    """rested_found's conclusions as a nested rule takes them, from the compiled twin's
    rows without making them Found (None where the twin does not find them): sorted as
    SE sorts them (by rating, complexity, kind, ties in the order met; the rating grows
    with the complexity alone here), each (key, complexity, removals as candidates,
    parents); a key is Found's with the removals as candidates, equal exactly when it is."""
    if not _in_c(technique, prop):
        return None
    rows, work = prop.native.chains_found(technique.multiple, technique.mode.dynamic, True,
                                          bool(technique.mode.nested))
    prop.budget.spend(work)
    n, cell_digits, found = prop.n, state.cell_digits, []
    others: dict = {}   # per candidate placed, its cell's other candidates
    for complexity, kind, q, on, parents, targets in rows:
        if on:
            removed = others.get(q)
            if removed is None:
                base, d = q - q % n, q % n
                removed = others[q] = tuple(base + e for e in bits_of(cell_digits[q // n]
                                                                      & ~(1 << d)))
        else:
            removed = (q,)
        found.append((complexity, kind, (kind, removed, targets), removed, parents))
    found.sort(key=lambda row: (row[0], row[1]))
    return [(key, complexity, removed, parents) for complexity, _, key, removed, parents in found]


def _in_c(technique: Chaining, prop: Propagator) -> bool:
    """Whether the compiled twin finds the technique's conclusions: on the compiled core,
    for multiple and dynamic forcing chains without nested rules or with the simple rules
    only, which the compiled propagator runs (not Nishio's)."""
    if prop.native is None or technique.nishio or not technique.mode.cell_links:
        return False
    if technique.nested_rules or technique.mode.nested:
        return prop.native_nested and technique.nested_rules is prop.nested_rules
    return True


def _found_in_c(technique: Chaining, prop: Propagator, state: Candidates,
                rested_only: bool) -> list[Found]:
    """all_found from the compiled twin's rows (the same conclusions, complexities and
    parents, the same work charged at once); a key's targets are their ancestors' bytes,
    equal exactly when the ancestors are."""
    rows, work = prop.native.chains_found(technique.multiple, technique.mode.dynamic,
                                          rested_only, bool(technique.mode.nested))
    prop.budget.spend(work)
    n, found = prop.n, []
    names = {kind: technique.named(name) for kind, name in
             ((1, "Double"), (5, "Cell"), (6, "Region"), (7, "Contradiction"))}
    others: dict = {}   # per candidate placed, its cell's other candidates (rows repeat them)
    for complexity, kind, q, on, parents, targets in rows:
        cell, d = divmod(q, n)
        if on:
            removed = others.get(q)
            if removed is None:
                removed = others[q] = _others(state, cell, d)
        else:
            removed = ((cell, d),)
        found.append(Found(_rated(technique, complexity), complexity, kind, names[kind],
                           removed, (cell, d) if on else None, parents,
                           (kind, removed, targets)))
    return found


def _cell_chains(technique: Chaining, prop: Propagator, state: Candidates, board: Board,
                 cell: int, count: int) -> list[Found]:
    n, mode = board.shape.size, technique.mode
    found, runs = [], []
    for d in bits_of(state.cell_digits[cell]):
        cand = cell * n + d
        on_run = prop.run_on(cand, mode)
        runs.append(on_run)
        if mode.dynamic:
            found += _binary(technique, prop, state, cand, on_run, count)
        if not technique.nishio:
            found += _region_chains(technique, prop, state, board, cell, d, on_run)
    if not technique.nishio and (count == 2 or technique.multiple and count > 2):
        source = prop.outer.cell_bits(cell) if prop.outer is not None else 0
        found += _reductions(technique, prop, state, runs, technique.named("Cell"), 5, source)
    return found


def _rated(technique: Chaining, complexity: int) -> int:
    return technique.rating + length_modifier(complexity)


def _found(technique: Chaining, prop: Propagator, targets: tuple, kind: int, name: str,
           removed: tuple, placement: tuple | None, source: int = 0) -> Found:
    """A conclusion resting on the chains to `targets` (their ancestors); `source` adds
    the enclosing chain's candidates the chains' start rests on (cell and region chains)."""
    c = prop.complexity(*targets)
    parents = prop.outer_parents(source, *targets) if prop.outer is not None else 0
    return Found(_rated(technique, c), c, kind, name, removed, placement, parents,
                 (kind, removed, targets))


def _binary(technique: Chaining, prop: Propagator, state: Candidates, cand: int, on_run: Run,
            count: int) -> list[Found]:
    """Contradictions from the candidate on (it goes) or off (it is placed); and, for a
    cell of three candidates or more, what both assumptions imply (double implication)."""
    n, found = prop.n, []
    cell, d = divmod(cand, n)
    off_run = prop.run_off(cand, technique.mode)
    name = technique.named("Contradiction")
    if on_run.conflict is not None:
        found.append(_found(technique, prop, on_run.conflict, 7, name, ((cell, d),), None))
    if off_run.conflict is not None:
        found.append(_found(technique, prop, off_run.conflict, 7, name,
                            _others(state, cell, d), (cell, d)))
    if count >= 3 and not technique.nishio:
        double = technique.named("Double")
        for q, ancestors in on_run.on.items():
            qc, qd = divmod(q, n)
            if q in off_run.on and _others(state, qc, qd):
                found.append(_found(technique, prop, (ancestors, off_run.on[q]), 1, double,
                                    _others(state, qc, qd), (qc, qd)))
        for q, ancestors in on_run.off.items():
            if q in off_run.off:
                found.append(_found(technique, prop, (ancestors, off_run.off[q]), 1, double,
                                    (divmod(q, n),), None))
    return found


def _others(state: Candidates, cell: int, d: int) -> tuple:
    return tuple((cell, e) for e in bits_of(state.cell_digits[cell] & ~(1 << d)))


def _region_chains(technique: Chaining, prop: Propagator, state: Candidates, board: Board,
                   cell: int, d: int, on_run: Run) -> list[Found]:
    """For each unit where this is the digit's first place (of two, or more for multiple
    chains): what every place of the digit there implies alike."""
    n, found = board.shape.size, []
    for u in board.cell_chain_units[cell]:
        places = state.digit_cells[d] & board.unit_masks[u]
        count = places.bit_count()
        if not (count == 2 or technique.multiple and count > 2):
            continue
        if (places & -places).bit_length() - 1 != cell:
            continue
        runs = [on_run if c == cell else prop.run_on(c * n + d, technique.mode)
                for c in bits_of(places)]
        source = prop.outer.unit_bits(u, d) if prop.outer is not None else 0
        found += _reductions(technique, prop, state, runs, technique.named("Region"), 6, source)
    return found


def _reductions(technique: Chaining, prop: Propagator, state: Candidates, runs: list[Run],
                name: str, kind: int, source: int) -> list[Found]:
    """What every run implies alike: an on places, an off removes; complexity is the sum
    of the runs' chains to it."""
    n, found = len(state.digit_cells), []
    first, rest = runs[0], runs[1:]
    on_common = _common(first.on, [run.on for run in rest])
    for q, ancestors in first.on.items():
        if q in on_common:
            qc, qd = divmod(q, n)
            others = _others(state, qc, qd)
            if others:
                targets = (ancestors, *(run.on[q] for run in rest))
                found.append(_found(technique, prop, targets, kind, name, others, (qc, qd),
                                    source))
    off_common = _common(first.off, [run.off for run in rest])
    for q, ancestors in first.off.items():
        if q in off_common:
            targets = (ancestors, *(run.off[q] for run in rest))
            found.append(_found(technique, prop, targets, kind, name, (divmod(q, n),), None,
                                source))
    return found


def _common(first: dict, rest: list[dict]):
    """The candidates of `first` in every one of `rest` (a set; the order is first's)."""
    common: Any = first.keys()
    for other in rest:
        common = common & other.keys()
        if not common:
            break
    return common
