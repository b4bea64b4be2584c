"""The first proof of the Latin-square kinds: candidate masks per cell, Latin singles and
the kind's own rules propagated to a fixed point, then a search on the cell with fewest
candidates. A kind passes its rules as `prune(masks)`: it narrows the masks in place and
says whether anything changed, or returns None for a contradiction. A kind's Rule is such a
prune that the compiled core (csrc/latin.c) also takes: there the propagation, the search
and the forcing chains' trials run in C, step for step as here.

Glossary: `masks[c]` has bit d set while value d+1 may still go in cell c (row-major);
a cell is settled when one bit is left.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .. import compiled
from ..bits import bits_of, fewest_open
from ..solve import rounds
from ..solve.rounds import Round
from ..solve.search import Search

Prune = Callable[[list], "bool | None"]
DEFAULT_MAX_NODES = 100_000
# A Rule's code, as csrc/latin.c reads it: no rule of the kind's own; Futoshiki's signs
# (data: smaller, larger cell pairs); fixed bounds (an allowed mask per cell); clued lines
# narrowed to their fillings (per line its cells from the front, the front and back clue).
RULE_NONE, RULE_SIGNS, RULE_BOUNDS, RULE_LINES = range(4)
# RULE_LINES and RULE_BOUNDS given by Skyscrapers' four sides of clues (top, right, bottom,
# left), made into the lines or the bounds in C (csrc/latinclues.c).
RULE_CLUED_LINES, RULE_CLUED_BOUNDS = 4, 5


@dataclass(frozen=True, eq=False)
class Rule:
    """A kind's rule as a prune(masks): `prune` in Python, and the same rule as the
    compiled core takes it, a code and its data as flat ints."""

    prune: Prune
    code: int
    data: tuple[int, ...]

    def __call__(self, masks: list) -> bool | None:
        return self.prune(masks)


def _compiled_for(prune: Prune) -> tuple[Any, Rule] | None:
    """The compiled core and the rule, if it runs and the prune is a Rule; else None."""
    core = compiled.latin_core()
    return (core, prune) if core is not None and isinstance(prune, Rule) else None


@lru_cache(maxsize=16)
def lines_of(n: int) -> tuple[tuple[int, ...], ...]:
    """The rows, then the columns, of an n x n square as cell tuples."""
    rows = tuple(tuple(r * n + c for c in range(n)) for r in range(n))
    return rows + tuple(tuple(r * n + c for r in range(n)) for c in range(n))


def latin_round(n: int, masks: list) -> bool | None:
    """One sweep of the Latin rules over every line: a settled cell's value leaves the
    line's other cells, a value with one place left in a line goes there. Whether any
    mask changed; None for a contradiction (an empty cell, a value twice, or lost)."""
    full, changed = (1 << n) - 1, False
    for line in lines_of(n):
        fixed = once = twice = 0
        for cell in line:
            m = masks[cell]
            if not m & (m - 1):
                if not m or m & fixed:
                    return None
                fixed |= m
            twice |= once & m
            once |= m
        if once != full:
            return None
        lone = once & ~twice & ~fixed
        for cell in line:
            m = masks[cell]
            if m & (m - 1):
                hit = m & lone
                if hit & (hit - 1):
                    return None  # two values with this one place left
                narrowed = hit or m & ~fixed
                if narrowed != m:
                    masks[cell] = narrowed
                    changed = True
    return changed


def settle(n: int, masks: list, prune: Prune) -> bool:
    """Propagate the Latin rules and the kind's to a fixed point; False on a
    contradiction."""
    return rounds_to_contradiction(n, masks, prune) is None


def rounds_to_contradiction(n: int, masks: list, prune: Prune,
                            most: int | None = None) -> int | None:
    """Propagate the Latin rules and the kind's in rounds, each the Latin rules then the
    kind's, to a fixed point or for at most `most` rounds: the rounds it took to reach a
    contradiction, None if it reached none (solve/rounds.py)."""
    fast = _compiled_for(prune)
    if fast is not None:
        core, rule = fast
        return core.latin_rounds(n, masks, rule.code, rule.data, -1 if most is None else most)

    def one_round() -> Round:
        latin = latin_round(n, masks)
        if latin is None:
            return Round.CONTRADICTION
        own = prune(masks)
        if own is None or not all(masks):
            return Round.CONTRADICTION
        return Round.CHANGED if latin or own else Round.SETTLED
    return rounds.rounds_to_contradiction(one_round, most)


def search(n: int, masks: list, prune: Prune, limit: int = 2,
           max_nodes: int = DEFAULT_MAX_NODES, prefer: tuple[int, ...] | None = None) -> Search:
    """Count solutions up to `limit` by propagation and branching on the cell with fewest
    candidates (values in increasing order, or `prefer`'s value first). Search.complete is
    False if `max_nodes` ran out before the count was settled."""
    fast = _compiled_for(prune)
    if fast is not None:
        core, rule = fast
        return Search(*core.latin_search(n, list(masks), rule.code, rule.data, limit,
                                         max_nodes, prefer))
    found: list[tuple[int, ...]] = []
    nodes = 0
    stack = [list(masks)]
    while stack:
        if nodes >= max_nodes:
            return Search(len(found), found[0] if found else None, False, nodes)
        state = stack.pop()
        nodes += 1
        if not settle(n, state, prune):
            continue
        cell = fewest_open(state)
        if cell < 0:
            found.append(tuple(m.bit_length() for m in state))
            if len(found) >= limit:
                break
            continue
        stack.extend(_branches(state, cell, prefer))
    return Search(len(found), found[0] if found else None, True, nodes)


def contradictions(n: int, masks: list, prune: Prune, open_cells: list[int],
                   most: int) -> list[tuple[int, int, int]]:
    """Forcing chains' trials: among the open cells (ascending), those with fewest
    candidates first, every (cell, value, rounds) whose placement leads to a contradiction
    within `most` rounds, for the first count of candidates that has any ([] if none)."""
    fast = _compiled_for(prune)
    if fast is not None:
        core, rule = fast
        return core.latin_chains(n, list(masks), rule.code, rule.data, open_cells, most)
    by_count: dict[int, list[int]] = {}
    for cell in open_cells:
        by_count.setdefault(masks[cell].bit_count(), []).append(cell)
    for count in sorted(by_count):
        found = []
        for cell in by_count[count]:
            for d in bits_of(masks[cell]):
                trial = list(masks)
                trial[cell] = 1 << d
                length = rounds_to_contradiction(n, trial, prune, most)
                if length is not None:
                    found.append((cell, d + 1, length))
        if found:
            return found
    return []


def _branches(masks: list, cell: int, prefer) -> list[list]:
    """The states with the cell set to each candidate, last to try first (a stack)."""
    m, values = masks[cell], []
    while m:
        low = m & -m
        values.append(low)
        m ^= low
    if prefer is not None:
        wanted = 1 << (prefer[cell] - 1)
        values.sort(key=lambda bit: bit != wanted)
    branches = []
    for bit in reversed(values):
        branch = list(masks)
        branch[cell] = bit
        branches.append(branch)
    return branches


def full_masks(n: int, cells) -> list:
    """The masks of a grid's givens: a given's one value, every value elsewhere."""
    full = (1 << n) - 1
    return [1 << (v - 1) if v else full for v in cells]
