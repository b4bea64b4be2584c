"""What makes a step true, as data the words layer names in any language: the units,
cages, runs, signs and clues a deduction rests on (a Step's `because`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..board.shape import Shape


@dataclass(frozen=True)
class Reason:
    """One thing a step rests on. `what` says which: a unit by its kind ('row', 'column',
    'box', 'diagonal', 'window', 'region') and 1-based `number` (its `grid` on a
    Samurai); a 'cage' or a Kakuro 'run' by its printed `label` ('12+', '17') and first
    cell, a run's `side` 'across' or 'down'; a Futoshiki 'sign' by `label` '<' between
    its two `cells`; a Skyscrapers 'clue' by its `label`, the `side` it stands on ('left',
    'right', 'top', 'bottom') and the `number` of its line."""

    what: str
    number: int = 0
    label: str = ""
    cells: tuple[int, ...] = ()
    grid: str = ""
    side: str = ""


def unit_reason(shape: Shape, unit: int) -> Reason:
    """The unit-th unit of the board, as a Reason."""
    found = shape.units[unit]
    return Reason(found.kind, found.index + 1, grid=found.grid)


def units_reasons(shape: Shape, *units: int) -> tuple[Reason, ...]:
    """Several units of the board, in the order given, each once."""
    return tuple(dict.fromkeys(unit_reason(shape, unit) for unit in units))


def masks_reasons(shape: Shape, masks) -> tuple[Reason, ...]:
    """The units whose cell masks these are (an area of units together)."""
    return units_reasons(shape, *(shape.unit_masks.index(mask) for mask in masks))


def cage_reason(label: str, first_cell: int) -> Reason:
    """A cage by its printed label and first cell ('cage 12+ at r1c2')."""
    return Reason("cage", label=label, cells=(first_cell,))


def run_reason(shape: Shape, run: int, total: int) -> Reason:
    """A Kakuro's run (a unit of its board) by its total, direction and first cell."""
    unit = shape.units[run]
    return Reason("run", label=str(total), cells=(unit.cells[0],), side=unit.kind)


def unit_cells(shape: Shape, *units: int) -> tuple[int, ...]:
    """The cells the units share (all of one unit's when given one), in cell order."""
    common = set(shape.units[units[0]].cells)
    for unit in units[1:]:
        common &= set(shape.units[unit].cells)
    return tuple(sorted(common))


def area_reasons(shape: Shape, unit_masks, cage_masks, cage_reason_of, side: int
                 ) -> tuple[Reason, ...]:
    """An area's evidence for the 45 rule (or a Calcudoku's line totals): its units, then
    the cages holding the cells of its side (`side`, a mask of innies or outies), which
    cross its edge; `cage_reason_of(index)` names a cage."""
    cages = tuple(cage_reason_of(index) for index, mask in enumerate(cage_masks) if mask & side)
    return masks_reasons(shape, unit_masks) + cages
