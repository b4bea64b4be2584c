"""What the hand-solving states of caged puzzles (a Killer's, a Calcudoku's) share: a
bulk technique applied to the cages whose cells changed since it last looked, the
fillings of cells adding up to a total, the innies and outies of an area (the one open
cell its total gives, and the few open cells narrowed as a virtual cage), and forcing
chains that follow a cage solver's propagation."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ..bits import bits_of, lowest_bit
from .advanced import contradiction_chains, solver_boards
from .candidates import Step


def apply_to_changed_cages(state: Any, step_of: Callable[[int], Step | None]) -> bool:
    """Apply at once the step `step_of` finds in each cage (by index) with an open cell
    and a cell changed since the last call (`state.unsettled`, cleared here): for a
    technique whose step in a cage depends on that cage's own cells alone. Whether any
    step was found. `state` is Candidates with `cages` (their `masks`) and `unsettled`."""
    unsettled, state.unsettled = state.unsettled, 0
    found = False
    for index, mask in enumerate(state.cages.masks):
        if mask & unsettled and mask & state.open_cells:
            step = step_of(index)
            if step is not None:
                state.apply(step)
                found = True
    return found


@lru_cache(maxsize=1 << 16)
def fillings(digits: tuple[int, ...], total: int, differ) -> tuple[int, ...]:
    """Per cell, the digits (mask) it takes in some filling of the cells from their
    candidate digits adding up to `total` (in values), where cell i differs from the cells
    differ[i] (earlier ones). Cells with the fewest candidates are tried first. Cached:
    a grading asks again about cages whose candidates have not changed."""
    count = len(digits)
    kept = [0] * count
    chosen = [0] * count
    order = sorted(range(count), key=lambda i: digits[i].bit_count())
    rank = {cell: place for place, cell in enumerate(order)}
    must_differ = [[rank[j] for j in range(count) if j != i and _differs(differ, i, j)
                    and rank[j] < rank[i]] for i in order]
    lows = [lowest_bit(digits[i]) + 1 for i in order]
    highs = [digits[i].bit_length() for i in order]

    def extend(place: int, left: int) -> bool:
        if place == count:
            if left:
                return False
            for p, i in enumerate(order):
                kept[i] |= 1 << (chosen[p] - 1)
            return True
        rest_low, rest_high = sum(lows[place + 1:]), sum(highs[place + 1:])
        found = False
        for d in bits_of(digits[order[place]]):
            value = d + 1
            if not rest_low <= left - value <= rest_high:
                continue
            if any(chosen[q] == value for q in must_differ[place]):
                continue
            chosen[place] = value
            found |= extend(place + 1, left - value)
        return found
    extend(0, total)
    return tuple(kept)


def _differs(differ, i: int, j: int) -> bool:
    return j in differ[i] if j < i else i in differ[j]


def open_part(state: Any, cells: int, total: int) -> tuple[int, int]:
    """The open cells among `cells` (a mask), and what they add up to given that `cells`
    add up to `total`."""
    open_cells = cells & state.open_cells
    placed = sum(state.values[c] for c in bits_of(cells & ~open_cells))
    return open_cells, total - placed


def lone_cell(state: Any, cells: int, total: int) -> tuple[int, int] | None:
    """(cell, value) when `cells`, adding up to `total`, have one open cell left and
    what the total leaves it is still among its candidates; else None."""
    open_cells, remaining = open_part(state, cells, total)
    if open_cells and not open_cells & (open_cells - 1):
        cell = open_cells.bit_length() - 1
        if 1 <= remaining <= state.shape.size and \
                state.cell_digits[cell] >> (remaining - 1) & 1:
            return cell, remaining
    return None


def virtual_cage(state: Any, cells: tuple[int, ...], total: int) -> tuple:
    """The eliminations of open cells adding up to `total` as if they were a cage: cells
    that see each other (the cage set's peer_masks) differ."""
    peer_masks = state.cages.peer_masks
    differ = tuple(tuple(j for j in range(i) if peer_masks[cells[i]] >> cells[j] & 1)
                   for i in range(len(cells)))
    digits = tuple(state.cell_digits[c] for c in cells)
    kept = fillings(digits, total, differ)
    return tuple((c, d + 1) for c, mine, keep in zip(cells, digits, kept)
                 for d in bits_of(mine & ~keep))


def settled_forcing_chain(state: Any, settle: Callable, rounds_to_contradiction: Callable,
                          how: str) -> Step | None:
    """Contradiction forcing chains by a cage solver's propagation: `settle(cages, boards,
    placed)` takes the solver's boards to its fixed point (placed, or -1 for a
    contradiction), `rounds_to_contradiction(cages, trial, placed, settled)` follows a
    placement from there. Every try starts from the state settled once, so each follows
    only what its placement changes; `how` names the propagation in the explanation."""
    boards, placed = solver_boards(state)
    placed = settle(state.cages, boards, placed)
    if placed < 0:
        return None  # the state itself breaks the rules: never met in a proper puzzle
    settled = boards[:]

    def rounds(cages: Any, trial: list[int], placed: int) -> int | None:
        return rounds_to_contradiction(cages, trial, placed, settled)
    return contradiction_chains(state, state.cages, rounds, how, (settled, placed))
