"""Killer techniques: how a person uses the cages, each a small function finding one step.

Same contract as grade/techniques.py: a function takes a state and returns one Step or None.
The state is a KillerCandidates, Candidates plus the cages: placing a value also takes it
from the rest of the cage (no repeats), and nothing else treats a cage as a unit.

- cage combinations: a cage's total and size allow only some sets of values, and only
  those holding its placed values and values still possible in it count (17 in two
  cells is 8+9); a value in none of them leaves the cage, and a value all of them need
  with one place left in the cage goes there.
- 45 rule: a unit holds 1+2+...+n, so the cells of a unit outside the cages lying wholly
  in it (its *innies*) add up to the rest; and the cells of those cages sticking out of
  the unit (its *outies*) add up to what their cages hold beyond the unit. One such cell
  left open is known.
- 45 rule over units together: the same over a group of rows, of columns or of boxes.
- cage-unit intersection: a value every combination of a cage needs, whose places in
  the cage all lie in one unit, leaves the rest of that unit.
- cage min/max: a value leaves a cell if the rest of the cage cannot make up the total
  with it, even taking each of their smallest (or largest) candidates.
- cage permutations: a value leaves a cell if no way of filling the cage's open cells
  with different candidates adding up to the rest of the total puts it there.
- innies and outies: two or three innies (or outies) left open make a virtual cage with
  a known total; their candidates are narrowed as for cage permutations (different
  values only where the cells see each other); four or five: the same, harder.
- forcing chains with the cages: a candidate whose placement leads, by the Killer
  solver's propagation (singles, cages, totals), to a contradiction goes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..bits import bits_of, lowest_bit
from ..board.grid import SYMBOLS, Grid
from ..board.groups import unit_groups
from ..grade.advanced import forcing_step
from ..grade.caged import (
    apply_to_changed_cages,
    fillings,
    lone_cell,
    open_part,
    settled_forcing_chain,
    virtual_cage,
)
from ..grade.candidates import Candidates, Step, cell_names, symbols_text
from ..grade.evidence import Reason, area_reasons, unit_reason
from ..grade.twins import CLASSIC_TWINS
from ..words import with_article
from .cages import Area, Cages
from .engine import killer_board
from .solver import rounds_to_contradiction, settle

# Innies and outies narrowed as a virtual cage: 2 or 3 open cells (hard), 4 or 5 (expert).
SMALL_VIRTUAL_CAGE, LARGE_VIRTUAL_CAGE = (2, 3), (4, 5)


class KillerCandidates(Candidates):
    """A Killer being solved by hand: Candidates, the cages, and `unsettled`: the cells
    whose candidates changed since apply_cage_combinations() last looked at their cages
    (a cage's combinations depend on its own cells alone)."""

    __slots__ = ("cages", "unsettled")
    cages: Cages
    unsettled: int

    @classmethod
    def of(cls, givens: Grid, cages: Cages) -> KillerCandidates:
        """Full pencil marks but for the givens (each taken from its peers and cage)."""
        state = cls.blank(givens.shape)
        state.cages, state.unsettled = cages, givens.shape.all_cells_mask
        state.place_givens(givens.cells)
        return state

    def copy(self) -> KillerCandidates:
        state = KillerCandidates(self.shape, self.values, self.cell_digits,
                                 self.digit_cells, self.open_cells)
        state.cages, state.unsettled = self.cages, self.unsettled
        return state

    def compiled_twin(self, classic):
        return KILLER_TWINS

    def compiled_cages(self) -> tuple[object, int]:
        return killer_board(self.cages), self.unsettled

    def place(self, cell: int, value: int) -> None:
        """Set a cell; the value leaves its peers and the rest of its cage."""
        d = value - 1
        self.unsettled |= self.digit_cells[d] & self.cages.peer_masks[cell] | 1 << cell
        super().place(cell, value)
        mates = self.digit_cells[d] & self.cages.masks[self.cages.cage_of[cell]]
        for mate in bits_of(mates):
            self.cell_digits[mate] &= ~(1 << d)
        self.digit_cells[d] &= ~mates

    def eliminate(self, cell: int, value: int) -> None:
        super().eliminate(cell, value)
        self.unsettled |= 1 << cell


# --- within a cage ---------------------------------------------------------------------

@dataclass(frozen=True)
class CageView:
    """One cage as a state sees it: its open cells, the values placed in it (a digit
    mask) and what the open cells must still add up to."""

    index: int
    open_cells: tuple[int, ...]
    placed: int
    remaining: int


def cage_view(state: KillerCandidates, index: int) -> CageView:
    cage = state.cages.cages[index]
    placed = remaining = 0
    open_cells = []
    for cell in cage.cells:
        value = state.values[cell]
        if value:
            placed |= 1 << (value - 1)
            remaining -= value
        else:
            open_cells.append(cell)
    return CageView(index, tuple(open_cells), placed, cage.total + remaining)


def open_cage_views(state: KillerCandidates):
    """The views of the cages with an open cell, in cage order."""
    for index in range(len(state.cages.cages)):
        view = cage_view(state, index)
        if view.open_cells:
            yield view


def fitting_combinations(state: KillerCandidates, view: CageView) -> list[int]:
    """The cage's combinations holding its placed values and otherwise only values some
    open cell of it may still take."""
    possible = view.placed
    for cell in view.open_cells:
        possible |= state.cell_digits[cell]
    return [combo for combo in state.cages.combos[view.index]
            if combo & view.placed == view.placed and not combo & ~possible]


def _combination_step(state: KillerCandidates, view: CageView) -> Step | None:
    combos = fitting_combinations(state, view)
    if not combos:
        return None  # no filling at all: a contradiction, never met in a proper puzzle
    allowed, common = 0, -1
    for combo in combos:
        allowed |= combo
        common &= combo
    eliminations = tuple((c, d + 1) for c in view.open_cells
                         for d in bits_of(state.cell_digits[c] & ~allowed))
    if eliminations:
        return combination_step(state, (), eliminations, view.index, *combos)
    for d in bits_of(common & ~view.placed):
        places = [c for c in view.open_cells if state.cell_digits[c] >> d & 1]
        if len(places) == 1:
            return combination_step(state, ((places[0], d + 1),), (), view.index)
    return None


def combination_step(state: KillerCandidates, placements, eliminations, index: int,
                     *combos: int) -> Step:
    """The combinations left to cage `index` take values from it (eliminations), or a
    value they all need goes to its one place in it (placements)."""
    name, evidence = state.cages.name(index), cage_evidence(state, index)
    if eliminations:
        sets = ", ".join(symbols_text(combo) for combo in combos)
        return Step("cage combinations", placements, eliminations, f"{name} can only hold {sets}",
                    **evidence)
    (cell, value), = placements
    return Step("cage combinations", placements, eliminations,
                f"{name} needs {with_article(SYMBOLS[value - 1])}, and only "
                f"{state.shape.cell_name(cell)} can hold it", **evidence)


def cage_evidence(state: KillerCandidates, index: int, *more: Reason) -> dict:
    """A step's because and cells where a cage makes it true: the cage (and `more`), its
    cells."""
    return {"because": (state.cages.reason(index), *more),
            "cells": state.cages.cages[index].cells}


def cage_combinations(state: KillerCandidates) -> Step | None:
    """Values in no combination that fits a cage leave it; a value every fitting
    combination needs, with one place left in the cage, goes there."""
    for view in open_cage_views(state):
        step = _combination_step(state, view)
        if step is not None:
            return step
    return None


def apply_cage_combinations(state: KillerCandidates) -> bool:
    """cage_combinations() for every cage whose cells changed since the last call, at once
    (for grading in bulk); whether any step was found."""
    return apply_to_changed_cages(
        state, lambda index: _combination_step(state, cage_view(state, index)))


def cage_unit_intersection(state: KillerCandidates) -> Step | None:
    """A value every fitting combination of a cage needs, whose places in the cage all
    lie in one unit, leaves the rest of that unit."""
    shape, cages = state.shape, state.cages
    for view in open_cage_views(state):
        combos = fitting_combinations(state, view)
        if not combos:
            continue
        common = -1
        for combo in combos:
            common &= combo
        mask = cages.masks[view.index]
        for d in bits_of(common & ~view.placed):
            places = state.digit_cells[d] & mask
            if not places:
                continue
            for unit in shape.units_of[places.bit_length() - 1]:
                unit_mask = shape.unit_masks[unit]
                removed = state.digit_cells[d] & unit_mask & ~mask
                if not places & ~unit_mask and removed:
                    return cage_unit_step(state, (), tuple((c, d + 1) for c in bits_of(removed)),
                                          view.index, d, unit)
    return None


def cage_unit_step(state: KillerCandidates, placements, eliminations, index: int, d: int,
                   unit: int) -> Step:
    return Step("cage-unit intersection", placements, eliminations,
                f"{state.cages.name(index)} needs {with_article(SYMBOLS[d])}, and it lies in "
                f"{state.shape.units[unit]}",
                **cage_evidence(state, index, unit_reason(state.shape, unit)))


def cage_min_max(state: KillerCandidates) -> Step | None:
    """A value leaves a cell when the cage's other open cells, each at its smallest (or
    largest) candidate, would still add up to too much (or too little) beside it."""
    for view in open_cage_views(state):
        if len(view.open_cells) < 2:
            continue
        low = [lowest_bit(state.cell_digits[c]) + 1 for c in view.open_cells]
        high = [state.cell_digits[c].bit_length() for c in view.open_cells]
        all_low, all_high = sum(low), sum(high)
        eliminations = []
        for i, cell in enumerate(view.open_cells):
            least = view.remaining - (all_high - high[i])
            most = view.remaining - (all_low - low[i])
            eliminations += [(cell, d + 1) for d in bits_of(state.cell_digits[cell])
                             if not least <= d + 1 <= most]
        if eliminations:
            return min_max_step(state, (), tuple(eliminations), view.index, view.remaining)
    return None


def min_max_step(state: KillerCandidates, placements, eliminations, index: int,
                 remaining: int) -> Step:
    return Step("cage min/max", placements, eliminations, f"the rest of "
                f"{state.cages.name(index)} cannot make up {remaining} with these",
                **cage_evidence(state, index))


def cage_permutations(state: KillerCandidates) -> Step | None:
    """A value leaves a cell when no filling of the cage's open cells with different
    candidates, adding up to what they must, puts it there."""
    for view in open_cage_views(state):
        cells = view.open_cells
        digits = tuple(state.cell_digits[c] for c in cells)
        kept = fillings(digits, view.remaining, _all_distinct(len(cells)))
        eliminations = tuple((c, d + 1) for c, mine, keep in zip(cells, digits, kept)
                             for d in bits_of(mine & ~keep))
        if eliminations:
            return permutations_step(state, (), eliminations, view.index, view.remaining)
    return None


def permutations_step(state: KillerCandidates, placements, eliminations, index: int,
                      remaining: int) -> Step:
    return Step("cage permutations", placements, eliminations, f"the open cells of "
                f"{state.cages.name(index)} can add up to {remaining} only so",
                **cage_evidence(state, index))


@cache
def _all_distinct(count: int) -> tuple[tuple[int, ...], ...]:
    """Pairs that must differ, as for each position the earlier positions: all of them."""
    return tuple(tuple(range(i)) for i in range(count))


# --- the 45 rule -----------------------------------------------------------------------

SIDES = ("innie", "outie")


def area_name(state: KillerCandidates, area: int) -> str:
    """The name of the area-th of Cages.areas (they follow the board's unit groups)."""
    return unit_groups(state.shape)[area][0]


def _sides(area: Area):
    yield 0, area.innies, area.innie_total
    yield 1, area.outies, area.outie_total


def _forty_five(state: KillerCandidates, several: bool, step) -> Step | None:
    for index, area in enumerate(state.cages.areas):
        if (area.units > 1) != several:
            continue
        for side, cells, total in _sides(area):
            placement = lone_cell(state, cells, total)
            if placement is not None:
                return step(state, (placement,), (), index, side)
    return None


def _forty_five_step(name: str, state: KillerCandidates, placements, eliminations, area: int,
                     side: int) -> Step:
    (cell, value), = placements
    return Step(name, placements, eliminations, f"{state.shape.cell_name(cell)} = "
                f"{SYMBOLS[value - 1]}: the {SIDES[side]} of {area_name(state, area)}",
                **area_evidence(state, area, side))


def area_evidence(state: KillerCandidates, area: int, side: int,
                  cells: tuple[int, ...] = ()) -> dict:
    """A 45-rule step's because (the area's units, the cages crossing its edge) and cells
    (`cells`, else every innie or outie of the area)."""
    found = state.cages.areas[area]
    side_cells = (found.innies, found.outies)[side]
    return {"because": area_reasons(state.shape, found.unit_masks, state.cages.masks,
                                    state.cages.reason, side_cells),
            "cells": cells or tuple(bits_of(side_cells))}


def forty_five_step(state: KillerCandidates, *found) -> Step:
    return _forty_five_step("45 rule", state, *found)


def forty_five_units_step(state: KillerCandidates, *found) -> Step:
    return _forty_five_step("45 rule (units together)", state, *found)


def rule_of_45(state: KillerCandidates) -> Step | None:
    """The one open innie (or outie) of a unit is what the unit's total leaves for it."""
    return _forty_five(state, False, forty_five_step)


def rule_of_45_units(state: KillerCandidates) -> Step | None:
    """The one open innie (or outie) of a group of units is what their totals leave."""
    return _forty_five(state, True, forty_five_units_step)


def innies_and_outies(state: KillerCandidates) -> Step | None:
    """Two or three open innies (or outies) of an area add up to a known total: each keeps
    only the values some filling of them puts there (cells that see each other differ)."""
    return _innies_and_outies(state, SMALL_VIRTUAL_CAGE, innies_step)


def large_innies_and_outies(state: KillerCandidates) -> Step | None:
    """innies_and_outies() over four or five open cells: harder to see and to fill."""
    return _innies_and_outies(state, LARGE_VIRTUAL_CAGE, large_innies_step)


def _innies_and_outies(state: KillerCandidates, counts: tuple[int, int], step) -> Step | None:
    for index, area in enumerate(state.cages.areas):
        for side, cells, total in _sides(area):
            open_cells, remaining = open_part(state, cells, total)
            if not counts[0] <= open_cells.bit_count() <= counts[1]:
                continue
            cells = tuple(bits_of(open_cells))
            eliminations = virtual_cage(state, cells, remaining)
            if eliminations:
                return step(state, (), eliminations, index, side, remaining, *cells)
    return None


def _innies_step(name: str, state: KillerCandidates, placements, eliminations, area: int,
                 side: int, total: int, *cells: int) -> Step:
    what = f"the open {SIDES[side]}s of {area_name(state, area)}"
    return Step(name, placements, eliminations,
                f"{what} ({cell_names(state, cells)}) add up to {total}",
                **area_evidence(state, area, side, cells))


def innies_step(state: KillerCandidates, *found) -> Step:
    return _innies_step("innies and outies", state, *found)


def large_innies_step(state: KillerCandidates, *found) -> Step:
    return _innies_step("innies and outies (4-5 cells)", state, *found)


# --- forcing chains ----------------------------------------------------------------------

def killer_forcing_chain(state: KillerCandidates) -> Step | None:
    """Contradiction forcing chains with the cages: a candidate whose placement leads, by
    singles, cage combinations and cage and 45-rule totals (the Killer solver's
    propagation), to a contradiction is removed; otherwise as forcing_chain(). Every try
    starts from the state taken to that propagation's fixed point once, so each follows
    only what its placement changes (the same contradictions, found some ten times
    faster)."""
    return settled_forcing_chain(state, settle, rounds_to_contradiction, FORCING_WITH_CAGES)


FORCING_WITH_CAGES = "with the cages"


def killer_forcing_step(state: KillerCandidates, placements, eliminations,
                        shortest: int) -> Step:
    return forcing_step(state, placements, eliminations, FORCING_WITH_CAGES, shortest)


# The techniques the compiled grader knows (csrc/grade.h), numbered after the classic ones
# (grade/twins.py): the table a Killer's state is graded by in C. The order is the C's.
KILLER_TWINS = CLASSIC_TWINS.then((
    (cage_combinations, combination_step),
    (rule_of_45, forty_five_step),
    (rule_of_45_units, forty_five_units_step),
    (cage_unit_intersection, cage_unit_step),
    (cage_min_max, min_max_step),
    (cage_permutations, permutations_step),
    (innies_and_outies, innies_step),
    (large_innies_and_outies, large_innies_step),
    (killer_forcing_chain, killer_forcing_step),
), (apply_cage_combinations,))
