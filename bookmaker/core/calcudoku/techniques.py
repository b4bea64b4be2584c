"""Calcudoku techniques: how a person uses the cages, each a small function finding one step.

Same contract as grade/techniques.py: a function takes a state and returns one Step or
None. The state is a CalcCandidates, Candidates on the Latin square plus the cages (a
cage is no unit: it need not hold every value, and may repeat one off its lines).

- single cage: a one-cell cage shows its value; it goes in.
- cage combinations: of the ways to make a cage's target (its fillings), only those
  agreeing with the values already placed in it count; a value none of them puts in a
  cell leaves it (3÷ on a 6x6 is 1 and 3 or 2 and 6: never 4 or 5).
- cage permutations: the same, but only fillings whose every value is still a candidate
  of its cell count.
- cage-line intersection: a value every fitting filling of a cage puts in its cells on
  one row (or column) leaves the rest of that row.
- line-cage intersection: a value whose every place in a row lies in one cage must go
  there, so the cage's fillings that do not put it there are out.
- line total: a row holds 1+2+...+n, so with every other cell known (placed, or in +
  cages inside the row) its last open cell is what is left; over adjacent rows (or
  columns) too. Its *innies* are the cells of those lines not in + cages wholly inside
  them, its *outies* the cells outside them of + cages crossing their edge (when every
  innie lies in such a cage): each group adds up to a known total.
- innies and outies: two or three open innies (or outies) add up to a known total: each
  keeps only the values some filling of them puts there (Killer's virtual cages); four
  or five: the same, harder.
- forcing chains with the cages: a candidate whose placement leads, by the solver's
  propagation (Latin singles and cage fillings), to a contradiction goes.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from functools import lru_cache, reduce
from operator import or_
from typing import Any

from .. import compiled
from ..bits import bits_of
from ..board.grid import SYMBOLS, Grid
from ..board.groups import unit_groups
from ..grade import techniques as t
from ..grade.caged import (
    apply_to_changed_cages,
    lone_cell,
    open_part,
    settled_forcing_chain,
    virtual_cage,
)
from ..grade.candidates import Candidates, Step, cell_names
from ..grade.evidence import Reason, area_reasons, unit_reason
from ..grade.grader import place_naked_single
from ..grade.tables import grader_tables
from ..words import with_article
from .cages import ADD, CalcCages, pack, union, unpack
from .solver import rounds_to_contradiction, settle

SMALL_VIRTUAL_CAGE, LARGE_VIRTUAL_CAGE = (2, 3), (4, 5)


class CalcCandidates(Candidates):
    """A Calcudoku being solved by hand: Candidates, the cages, `unsettled`: the cells
    whose candidates changed since apply_cage_combinations() last looked at their cages,
    and `unpermuted`: those changed since cage_permutations() found their cages quiet."""

    __slots__ = ("cages", "unsettled", "unpermuted", "tables")
    cages: CalcCages
    unsettled: int
    unpermuted: int
    tables: tuple[bool, Any] | None  # grader_tables(shape), by whether the core is compiled

    @classmethod
    def of(cls, givens: Grid, cages: CalcCages) -> CalcCandidates:
        """Full pencil marks but for the givens (a Calcudoku is made without any)."""
        state = cls.blank(givens.shape)
        state.cages = cages
        state.unsettled = state.unpermuted = givens.shape.all_cells_mask
        state.tables = None
        state.place_givens(givens.cells)
        return state

    def copy(self) -> CalcCandidates:
        state = CalcCandidates(self.shape, self.values, self.cell_digits, self.digit_cells,
                               self.open_cells)
        state.cages, state.unsettled, state.unpermuted, state.tables = \
            self.cages, self.unsettled, self.unpermuted, self.tables
        return state

    def grader_tables(self):
        """grader_tables(shape), asked once for the state and its copies (the classic
        techniques' compiled twins ask it at every try: latin/twinned.py)."""
        in_use = compiled.in_use()
        if self.tables is None or self.tables[0] != in_use:
            self.tables = in_use, grader_tables(self.shape)
        return self.tables[1]

    def place(self, cell: int, value: int) -> None:
        touched = self.digit_cells[value - 1] & self.shape.peer_masks[cell] | 1 << cell
        self.unsettled |= touched
        self.unpermuted |= touched
        super().place(cell, value)

    def eliminate(self, cell: int, value: int) -> None:
        super().eliminate(cell, value)
        self.unsettled |= 1 << cell
        self.unpermuted |= 1 << cell

    def settled_in_bulk(self, ladder) -> int | None:
        """grader.settle() in C (csrc/calcsettle.c) on the compiled core, for a ladder whose
        bulk is CALCUDOKU_BULK and cages with narrowing tables; the rank of the hardest
        bulk technique used (None: the Python settles)."""
        settle_in_c = compiled.calcudoku_settler()
        tables = self.cages.narrowing_tables
        if settle_in_c is None or ladder.bulk is not CALCUDOKU_BULK or tables is None:
            return None
        hardest, self.digit_cells, self.open_cells, self.unsettled, self.unpermuted = \
            settle_in_c(self.shape.size, tables, self.values, self.cell_digits,
                        self.unsettled, self.unpermuted)
        return -1 if hardest < 0 else ladder.rank[CALCUDOKU_BULK[hardest][0]]


# --- within a cage -------------------------------------------------------------------

def allowed(state: CalcCandidates, index: int, placed_only: bool = False) -> tuple[int, ...]:
    """Per cell of the cage, the digits it may hold: a placed value's, and an open cell's
    candidates (or, placed_only, any digit)."""
    full = (1 << state.shape.size) - 1
    return tuple(1 << (state.values[c] - 1) if state.values[c] else
                 (full if placed_only else state.cell_digits[c])
                 for c in state.cages.cages[index].cells)


def _narrowing(state: CalcCandidates, index: int, kept, name: str, why: str,
               *more: Reason) -> Step | None:
    """The step removing from the cage's open cells what `kept` (a digit mask per cell)
    does not hold."""
    cells = state.cages.cages[index].cells
    eliminations = tuple((c, d + 1) for c, keep in zip(cells, kept)
                         if not state.values[c] for d in bits_of(state.cell_digits[c] & ~keep))
    if not eliminations:
        return None
    return Step(name, (), eliminations, f"{state.cages.name(index)} {why}",
                **cage_evidence(state, index, *more))


def cage_evidence(state: CalcCandidates, index: int, *more: Reason) -> dict:
    """A step's because and cells where a cage makes it true: the cage (and `more`), its
    cells."""
    return {"because": (state.cages.reason(index), *more),
            "cells": state.cages.cages[index].cells}


def _open_cages(state: CalcCandidates):
    for index, mask in enumerate(state.cages.masks):
        if mask & state.open_cells:
            yield index


def single_cage(state: CalcCandidates) -> Step | None:
    """The open cell of a one-cell cage takes the cage's value."""
    for index in _open_cages(state):
        cage = state.cages.cages[index]
        if len(cage.cells) == 1:
            return Step("single cage", ((cage.cells[0], cage.target),), (),
                        f"{state.cages.name(index)} holds one cell",
                        **cage_evidence(state, index))
    return None


def apply_single_cages(state: CalcCandidates) -> bool:
    """single_cage() for every one-cell cage at once; whether any was open."""
    found = False
    for index in list(_open_cages(state)):
        cage = state.cages.cages[index]
        if len(cage.cells) == 1:
            state.place(cage.cells[0], cage.target)
            found = True
    return found


def _combination_step(state: CalcCandidates, index: int) -> Step | None:
    kept = state.cages.patterns[index].kept(allowed(state, index, placed_only=True))
    return _narrowing(state, index, kept, "cage combinations", "can only be made so")


def cage_combinations(state: CalcCandidates) -> Step | None:
    """Values no filling agreeing with the cage's placed values puts in a cell leave it."""
    for index in _open_cages(state):
        step = _combination_step(state, index)
        if step is not None:
            return step
    return None


def apply_cage_combinations(state: CalcCandidates) -> bool:
    """cage_combinations() for every cage whose cells changed since the last call, at
    once (for grading in bulk); whether any step was found."""
    return apply_to_changed_cages(state, lambda index: _combination_step(state, index))


# The bulk techniques of a Calcudoku's ladder (calcudoku/grade.py), easiest first, each
# ranked above the one before it: calcsettle.c applies them in this order and says which
# was the hardest used by its place here.
CALCUDOKU_BULK = (
    ("single cage", apply_single_cages),
    ("full house", t.place_full_houses),
    ("hidden single", t.place_hidden_singles),
    ("naked single", place_naked_single),
    ("cage combinations", apply_cage_combinations),
)


# --- where the compiled core looks (csrc/calcfind.c), the Python words ---------------------

# calcudoku_find's codes: the techniques it finds the place of the next step for.
PERMUTATIONS, CAGE_LINE, LINE_CAGE, LINE_TOTAL, INNIES, LARGE_INNIES = range(6)
IN_PYTHON = "in Python"  # where the compiled core does not look: the pure core, big cages


def _found_in_c(state: CalcCandidates, code: int, extra: Any):
    """calcudoku_find's answer for the technique `code` on the state: where its next step
    is (a tuple of ints) or None; IN_PYTHON where the Python looks itself."""
    find = compiled.calcudoku_finder()
    tables = state.cages.narrowing_tables
    if find is None or tables is None:
        return IN_PYTHON
    return find(code, state.shape.size, tables, state.values, state.cell_digits, extra)


def cage_permutations(state: CalcCandidates) -> Step | None:
    """Values no filling of the cage's cells from their candidates puts in a cell leave
    it. A cage found quiet is not looked at again until one of its cells changes (what
    it allows depends on its own cells alone)."""
    found = _found_in_c(state, PERMUTATIONS, state.unpermuted)
    if found is not IN_PYTHON:
        index, state.unpermuted = found
        return None if index < 0 else _permutation_step(state, index)
    for index in _open_cages(state):
        mask = state.cages.masks[index]
        if not mask & state.unpermuted:
            continue
        step = _permutation_step(state, index)
        if step is not None:
            return step
        state.unpermuted &= ~mask
    return None


def _permutation_step(state: CalcCandidates, index: int) -> Step | None:
    return _narrowing(state, index, state.cages.patterns[index].kept(allowed(state, index)),
                      "cage permutations", "can only be filled so from its candidates")


def cage_line_intersection(state: CalcCandidates) -> Step | None:
    """A value every fitting filling of a cage puts in its cells on one line leaves the
    rest of that line."""
    found = _found_in_c(state, CAGE_LINE, None)
    if found is not IN_PYTHON:
        return None if found is None else _cage_line_step(state, *found)
    cages = state.cages
    for index in _open_cages(state):
        pattern, mine = cages.patterns[index], allowed(state, index)
        for unit, inside in cages.lines[index]:
            for d in bits_of(pattern.line_digits(mine, inside)):
                step = _cage_line_step(state, index, unit, d)
                if step is not None:
                    return step
    return None


def _cage_line_step(state: CalcCandidates, index: int, unit: int, d: int) -> Step | None:
    """The step taking d from the rest of the line, where the cage puts it there."""
    cages = state.cages
    removed = state.digit_cells[d] & state.shape.unit_masks[unit] & ~cages.masks[index]
    if not removed:
        return None
    return Step("cage-line intersection", (), tuple((c, d + 1) for c in bits_of(removed)),
                f"{cages.name(index)} puts {with_article(SYMBOLS[d])} in "
                f"{state.shape.units[unit]}",
                **cage_evidence(state, index, unit_reason(state.shape, unit)))


def line_cage_intersection(state: CalcCandidates) -> Step | None:
    """A value whose places in a line all lie in one cage goes there: the cage's
    fillings that put it elsewhere are out."""
    found = _found_in_c(state, LINE_CAGE, None)
    if found is not IN_PYTHON:
        return None if found is None else _line_cage_step(state, *found)
    for unit in range(len(state.shape.unit_masks)):
        for d in range(state.shape.size):
            step = _line_cage_step(state, unit, d)
            if step is not None:
                return step
    return None


def _line_cage_step(state: CalcCandidates, unit: int, d: int) -> Step | None:
    """The step narrowing the cage holding every place of d in the line, if one does."""
    cages, shape = state.cages, state.shape
    places = state.digit_cells[d] & shape.unit_masks[unit]
    if not places:  # placed in the line already (or a contradiction)
        return None
    index = cages.cage_of[places.bit_length() - 1]
    if places & ~cages.masks[index]:
        return None
    inside = next(i for u, i in cages.lines[index] if u == unit)
    needed = pack(shape.size, [1 << d if i in inside else 0
                               for i in range(len(cages.cages[index].cells))])
    found = [f for f in cages.patterns[index].alive(allowed(state, index)) if f & needed]
    kept = unpack(shape.size, len(cages.cages[index].cells), union(found))
    return _narrowing(state, index, kept, "line-cage intersection",
                      f"must hold the {SYMBOLS[d]} of {shape.units[unit]}",
                      unit_reason(shape, unit))


# --- line totals: innies and outies of rows and columns ---------------------------------

@dataclass(frozen=True)
class Area:
    """Adjacent lines together, and what the + cages say about them: the innies (cells
    of the area outside the + cages wholly inside it) add up to innie_total; the outies
    (cells outside it of + cages crossing its edge) to outie_total, or outies is 0 where
    an innie lies in no such cage."""

    name: str
    innies: int
    innie_total: int
    outies: int
    outie_total: int
    unit_masks: tuple[int, ...] = ()  # the lines', as masks


def sum_known(cage) -> bool:
    return cage.operation == ADD or len(cage.cells) == 1


@lru_cache(maxsize=64)
def areas(cages: CalcCages) -> tuple[Area, ...]:
    """The Area of every line and every run of adjacent rows (or columns)."""
    n, found = cages.shape.size, []
    sums = [(mask, cage.target) for cage, mask in zip(cages.cages, cages.masks)
            if sum_known(cage)]
    for name, masks, cells in line_groups(cages.shape):
        inside_total = crossing_total = crossing = inside = 0
        for mask, target in sums:
            if not mask & ~cells:
                inside_total += target
                inside |= mask
            elif mask & cells:
                crossing_total += target
                crossing |= mask
        innies = cells & ~inside
        innie_total = len(masks) * n * (n + 1) // 2 - inside_total
        outies = crossing & ~cells if not innies & ~crossing else 0
        found.append(Area(name, innies, innie_total, outies, crossing_total - innie_total,
                          masks))
    return tuple(found)


@lru_cache(maxsize=16)
def line_groups(shape) -> tuple[tuple[str, tuple[int, ...], int], ...]:
    """unit_groups() of the board with each group's cells: asked for every draft's cages."""
    return tuple((name, masks, reduce(or_, masks)) for name, masks in unit_groups(shape))


def _sides(area: Area):
    yield "innie", area.innies, area.innie_total
    if area.outies:
        yield "outie", area.outies, area.outie_total


@lru_cache(maxsize=64)
def area_tables(cages: CalcCages) -> bytes:
    """The areas as calcudoku_find reads them (csrc/calcfind.c): their count, then per
    area its innies (4 words of cells), their total, its outies, their total."""
    words = [len(areas(cages))]
    for area in areas(cages):
        for cells, total in ((area.innies, area.innie_total), (area.outies, area.outie_total)):
            words += (cells & MASK_64, cells >> 64 & MASK_64, cells >> 128 & MASK_64,
                      cells >> 192, total & MASK_64)
    return array("Q", words).tobytes()


MASK_64 = (1 << 64) - 1


def _area_found(state: CalcCandidates, code: int):
    """Where calcudoku_find says the area technique finds its step: (area, its side's
    name, cells, total), None, or IN_PYTHON."""
    found = _found_in_c(state, code, area_tables(state.cages))
    if found is None or found is IN_PYTHON:
        return found
    area = areas(state.cages)[found[0]]
    return (area, *tuple(_sides(area))[found[1]])


def _area_sides(state: CalcCandidates, code: int):
    """The (area, side, cells, total) a technique on areas looks at, in its order: only
    the one the compiled core found, where it looks."""
    found = _area_found(state, code)
    if found is not IN_PYTHON:
        return () if found is None else (found,)
    return ((area, *side) for area in areas(state.cages) for side in _sides(area))


def line_total(state: CalcCandidates) -> Step | None:
    """The one open innie (or outie) of lines together is what their total leaves."""
    for area, side, cells, total in _area_sides(state, LINE_TOTAL):
        placement = lone_cell(state, cells, total)
        if placement is not None:
            cell, value = placement
            return Step("line total", (placement,), (),
                        f"{state.shape.cell_name(cell)} = {SYMBOLS[value - 1]}: "
                        f"the {side} of {area.name}",
                        **area_evidence(state, area, cells, tuple(bits_of(cells))))
    return None


def innies_and_outies(state: CalcCandidates) -> Step | None:
    """Two or three open innies (or outies) add up to a known total: each keeps only the
    values some filling of them puts there (cells on one line differ)."""
    return _innies_and_outies(state, SMALL_VIRTUAL_CAGE, "innies and outies", INNIES)


def large_innies_and_outies(state: CalcCandidates) -> Step | None:
    """innies_and_outies() over four or five open cells: harder to see and to fill."""
    return _innies_and_outies(state, LARGE_VIRTUAL_CAGE, "innies and outies (4-5 cells)",
                              LARGE_INNIES)


def area_evidence(state: CalcCandidates, area: Area, side: int, cells) -> dict:
    """A line-total step's because (the lines, the cages holding the side's cells) and
    cells."""
    return {"because": area_reasons(state.shape, area.unit_masks, state.cages.masks,
                                    state.cages.reason, side),
            "cells": cells}


def _innies_and_outies(state: CalcCandidates, counts: tuple[int, int],
                       name: str, code: int) -> Step | None:
    for area, side, cells, total in _area_sides(state, code):
        open_cells, remaining = open_part(state, cells, total)
        if not counts[0] <= open_cells.bit_count() <= counts[1]:
            continue
        group = tuple(bits_of(open_cells))
        eliminations = virtual_cage(state, group, remaining)  # cells on one line differ
        if eliminations:
            return Step(name, (), eliminations, f"the open {side}s of {area.name} "
                        f"({cell_names(state, group)}) add up to {remaining}",
                        **area_evidence(state, area, cells, group))
    return None


# --- forcing chains ------------------------------------------------------------------------

def calcudoku_forcing_chain(state: CalcCandidates) -> Step | None:
    """Contradiction forcing chains with the cages: a candidate whose placement leads, by
    Latin singles and cage fillings (the solver's propagation), to a contradiction goes.
    Every try starts from the state taken to that propagation's fixed point once."""
    return settled_forcing_chain(state, settle, rounds_to_contradiction, "with the cages")
