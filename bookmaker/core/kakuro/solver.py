"""The Kakuro solver, the first proof: candidate masks per cell, runs narrowed by their
combinations, and a search counting solutions to a limit within a node budget.

State is one digit mask per cell (bit d: digit d+1 still possible). A run is narrowed by
the combinations of its total (the Killer engine's tables, clues.py) that hold the digits
already decided in it and only digits some cell of it may still take, and whose every
digit... : digits in none of them leave the run, a decided digit leaves the rest of the
run, and a digit every such combination needs goes to its one place in the run. Runs are
narrowed until none changes (a queue of the runs whose cells changed); then the search
branches on a cell with the fewest candidates, smallest digit first (or the digit a known
filling holds there first: a uniqueness check that knows one solution reaches it at once
and spends its nodes looking for another).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from .. import compiled
from ..bits import fewest_open
from ..board.shape import BOARDS_KEPT, KAKURO_DIGITS
from ..solve import rounds
from ..solve.rounds import Round
from ..solve.search import DEFAULT_MAX_NODES, Search
from .clues import Clues

ALL_DIGITS = (1 << KAKURO_DIGITS) - 1
DIGITS = tuple(tuple(d for d in range(KAKURO_DIGITS) if mask >> d & 1)
               for mask in range(ALL_DIGITS + 1))


class Tables:
    """What the solver asks of a Kakuro, built once: each run's cells and combinations,
    each cell's runs."""

    __slots__ = ("clues", "cells", "combos", "runs_of", "cell_count")

    def __init__(self, clues: Clues) -> None:
        self.clues = clues
        self.cells = tuple(unit.cells for unit in clues.shape.units)
        self.combos = clues.combos
        self.runs_of = clues.runs_of
        self.cell_count = clues.shape.cell_count


@lru_cache(maxsize=BOARDS_KEPT)
def compiled_tables(clues: Clues):
    """A Kakuro's tables for the compiled core (csrc/kakuro.c): its runs' cells and
    combinations, its cells' runs and peers."""
    units = clues.shape.units
    return compiled.extension().kakuro_tables(tuple(unit.cells for unit in units),
                                              clues.combos, clues.runs_of, clues.shape.peers)


def start(clues: Clues, givens) -> list[int]:
    """Every cell's candidates: its given digit, or all nine."""
    return [1 << (v - 1) if v else ALL_DIGITS for v in givens]


def narrow(tables: Tables, cands: list[int], dirty) -> bool:
    """Narrow the runs in `dirty`, and those their changes touch, until none changes;
    False on a contradiction. Changes cands in place. Runs wait on a stack, the latest
    touched first, each at most once (the result is the same in any order)."""
    cells_of, combos_of, runs_of = tables.cells, tables.combos, tables.runs_of
    waiting = bytearray(len(cells_of))
    stack = []
    for run in dirty:
        if not waiting[run]:
            waiting[run] = 1
            stack.append(run)
    while stack:
        run = stack.pop()
        waiting[run] = 0
        changed = _narrow_run(cells_of[run], combos_of[run], cands)
        if changed is None:
            return False
        for cell in changed:
            for other in runs_of[cell]:
                if not waiting[other]:
                    waiting[other] = 1
                    stack.append(other)
    return True


def rounds_to_contradiction(tables: Tables, cands: list[int], dirty: Iterable[int],
                            most_rounds: int = 0) -> int | None:
    """In how many rounds narrowing runs reaches a contradiction (a round narrows every
    run the round before changed, the first the runs in `dirty`), or None if it settles
    without one (or, with most_rounds, not within that many): the length of a forcing
    chain, for grading. Changes cands in place (solve/rounds.py counts the rounds; in C
    on the compiled core, round for round)."""
    core = compiled.kakuro_core()
    if core is not None:
        return core.kakuro_rounds(compiled_tables(tables.clues), cands, dirty, most_rounds)
    cells_of, combos_of, runs_of = tables.cells, tables.combos, tables.runs_of
    wave = sorted(set(dirty))

    def one_round() -> Round:
        nonlocal wave
        if not wave:
            return Round.SETTLED
        touched: set[int] = set()
        for run in wave:
            changed = _narrow_run(cells_of[run], combos_of[run], cands)
            if changed is None:
                return Round.CONTRADICTION
            for cell in changed:
                touched.update(runs_of[cell])
        wave = sorted(touched)
        return Round.CHANGED
    return rounds.rounds_to_contradiction(one_round, most_rounds or None)


def _narrow_run(cells, combos, cands: list[int]) -> list[int] | None:
    """Narrow one run by its combinations: the cells changed, or None on a
    contradiction."""
    union = fixed = 0
    for cell in cells:
        mask = cands[cell]
        union |= mask
        if not mask & (mask - 1):
            if fixed & mask or not mask:
                return None
            fixed |= mask
    allowed, required = 0, ALL_DIGITS
    for combo in combos:
        if combo & fixed == fixed and not combo & ~union:
            allowed |= combo
            required &= combo
    if not allowed:
        return None
    changed = []
    once = twice = 0  # digits open cells may hold, and those two or more may
    for cell in cells:
        mask = cands[cell]
        if mask & (mask - 1):
            new = mask & allowed & ~fixed
            if new != mask:
                if not new:
                    return None
                cands[cell] = new
                changed.append(cell)
            twice |= once & new
            once |= new
        elif not mask & allowed:
            return None
    required &= ~fixed
    if required & ~once:
        return None  # a digit the run needs has no place left
    for d in DIGITS[required & ~twice]:
        bit = 1 << d
        for cell in cells:
            if cands[cell] & bit:
                if cands[cell] != bit:
                    cands[cell] = bit
                    changed.append(cell)
                break
    return changed


def kakuro_solutions(clues: Clues, givens, limit: int = 2,
                     max_nodes: int = DEFAULT_MAX_NODES, prefer=None) -> Search:
    """Count the Kakuro's solutions (its clues and the givens, 0 for blank) up to limit.
    `prefer`, a complete filling, is tried first at every branch."""
    tables = Tables(clues)
    return search(tables, start(clues, givens), limit, max_nodes, prefer)


def search(tables: Tables, cands: list[int], limit: int = 2,
           max_nodes: int = DEFAULT_MAX_NODES, prefer=None) -> Search:
    """Depth-first search from candidates: narrow, then branch on a cell with the fewest
    candidates (the first such in cell order)."""
    count, first = 0, None

    def found(solution: tuple[int, ...]) -> bool:
        nonlocal count, first
        count += 1
        if first is None:
            first = solution
        return count >= limit
    finished, nodes = _walk(tables, cands, max_nodes, prefer, found)
    return Search(count, first, finished, nodes)


def solution_other_than(clues: Clues, givens, known,
                        max_nodes: int = DEFAULT_MAX_NODES) -> tuple[int, ...] | None:
    """A solution other than the known one, or None if there is none; the known one
    (a complete filling) if the search runs out of nodes first (so the caller cannot
    take it for unique)."""
    known = tuple(known)
    other: list[tuple[int, ...]] = []

    def found(solution: tuple[int, ...]) -> bool:
        if solution == known:
            return False
        other.append(solution)
        return True
    finished, _ = _walk(Tables(clues), start(clues, givens), max_nodes, known, found)
    if not finished:
        return known
    return other[0] if other else None


def _walk(tables: Tables, cands: list[int], max_nodes: int, prefer,
          found: Callable[[tuple[int, ...]], bool]) -> tuple[bool, int]:
    """The depth-first search both ask: narrow, then branch on a cell with the fewest
    candidates (the first such in cell order), `prefer`'s digit first if given; each
    solution met goes to `found`, which says whether to stop. (False if `max_nodes` ran
    out first, else True; the nodes taken). In C on the compiled core, node for node."""
    core = compiled.kakuro_core()
    if core is not None:
        return core.kakuro_walk(compiled_tables(tables.clues), cands, max_nodes, prefer, found)
    stack = [(cands, list(range(len(tables.cells))))]
    nodes = 0
    while stack:
        if nodes >= max_nodes:
            return False, nodes
        nodes += 1
        cands, dirty = stack.pop()
        if not narrow(tables, cands, dirty):
            continue
        cell = fewest_open(cands)
        if cell < 0:
            if found(tuple(mask.bit_length() for mask in cands)):
                break
            continue
        for d in reversed(_order(cands[cell], None if prefer is None else prefer[cell])):
            child = cands[:]
            child[cell] = 1 << d
            stack.append((child, list(tables.runs_of[cell])))
    return True, nodes


def _order(mask: int, known: int | None) -> list[int]:
    """A cell's digits to try, smallest first, or the known filling's first."""
    digits = list(DIGITS[mask])
    if known is not None and known - 1 in digits:
        digits.remove(known - 1)
        digits.insert(0, known - 1)
    return digits
