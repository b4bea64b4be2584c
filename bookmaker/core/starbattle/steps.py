"""A Star Battle's grading as steps a reader follows: the ladder of grade.py walked the
same way (the easiest technique that finds anything, all it finds, then from the easiest
again), each application one Step with what it rests on, so that `explain` and solving
times read it and the grade is the engine's own."""

from __future__ import annotations

from dataclasses import dataclass

from ..grade.candidates import Step
from ..grade.evidence import Reason
from ..grade.grader import Grading
from .grade import GUESSING, LADDER, STARBATTLE_GRADES, StarGrading
from .layout import STAR, UNKNOWN, WHITE, Layout
from .rules import apply, blocked_units, need

GUESSING_WEIGHT = 9.0


@dataclass(frozen=True)
class Technique:
    """A technique as the kind's ladder ranks it: its name, grade and weight."""

    name: str
    grade: str
    weight: float


# Block counting, a hard step beside pigeonholes, weighs between them and contradiction
# (which kept its 4.0, and the expert puzzles their scores, when it came).
LADDER_WEIGHTS = (1.0, 2.0, 3.0, 3.5, 4.0)
TECHNIQUES = tuple(Technique(name, grade, weight)
                   for (name, grade, _), weight in zip(LADDER, LADDER_WEIGHTS, strict=True))
_WEIGHTS = {t.name: t for t in TECHNIQUES}


def graded_steps(layout: Layout) -> Grading:
    """The ladder's steps from the empty square, and the grade of the hardest."""
    values, steps = [UNKNOWN] * layout.size ** 2, list[Step]()
    while UNKNOWN in values:
        step = _next_step(layout, values)
        if step is None:
            return Grading(STARBATTLE_GRADES[-1], GUESSING, GUESSING_WEIGHT, tuple(steps),
                           True)
        steps.append(step)
    if not steps:
        return Grading(STARBATTLE_GRADES[0], "none", 0.0, (), False)
    hardest = max((_WEIGHTS[s.technique] for s in steps), key=lambda t: t.weight)
    harder = sum(1 for s in steps if _WEIGHTS[s.technique].weight > 1.0)
    return Grading(hardest.grade, hardest.name, hardest.weight + 0.09 * harder / (harder + 10),
                   tuple(steps), False)


def _next_step(layout: Layout, values: list[int]) -> Step | None:
    """The easiest technique's placements, made on the values; None if all stall."""
    for name, _, find in LADDER:
        before = list(values)
        if apply(values, find(layout, values)):
            changed = [c for c, v in enumerate(values) if v != before[c]]
            # A star is placed; a white cell is one that cannot hold a star: said as 'no
            # star in ...', cells grouped, rather than as a placed blank.
            return Step(name, tuple((c, STAR) for c in changed if values[c] == STAR),
                        tuple((c, STAR) for c in changed if values[c] == WHITE), name,
                        because=_evidence(name, layout, before, set(changed)),
                        cells=_stars_beside(name, layout, before, changed))
    return None


def _evidence(name: str, layout: Layout, before: list[int],
              changed: set[int]) -> tuple[Reason, ...]:
    """What a step rests on: the units touching reads (those holding their stars with
    cells left open, or with only as many open cells as stars lacking); the lines and
    regions of a confinement's or a pigeonhole's bands (and the unit lacking one star
    whose every open cell a cleared cell touches); the units whose blocks place a block
    counting's stars; () for a contradiction, whose step names the cell it places."""
    if name == "confinement":
        return tuple(dict.fromkeys(_band_reasons(layout, before, changed, 1, 1) +
                                   _last_star_reasons(layout, before, changed)))
    if name == "pigeonhole":
        return tuple(dict.fromkeys(_band_reasons(layout, before, changed, 2,
                                                 layout.size - 1)))
    if name == "block counting":
        return tuple(dict.fromkeys(_block_reasons(layout, before, changed)))
    if name != "touching":
        return ()
    found = []
    for index, unit in enumerate(layout.units):
        open_cells = sum(1 for c in unit if before[c] == UNKNOWN)
        lacking = need(layout, before, unit)
        if open_cells and (lacking == 0 or open_cells == lacking):
            found.append(unit_reason(layout.size, index))
    return tuple(found)


def _band_reasons(layout: Layout, before: list[int], cleared: set[int], least: int,
                  most: int) -> list[Reason]:
    """The lines of each band (`least` to `most` neighbouring rows, or columns) and the
    regions that clear some of the cells: regions inside it needing all it needs (the rest
    of the band is empty), or regions it lies inside needing what it needs (the rest of
    them is empty); each cell explained once, by the narrowest band."""
    n, left, found = layout.size, set(cleared), []
    needs = [need(layout, before, cells) for cells in layout.region_cells]
    for across in (True, False):
        at = 0 if across else 1
        spread = [0] * n  # each region's open cells' lines, as a bit mask
        for cell, value in enumerate(before):
            if value == UNKNOWN:
                spread[layout.regions[cell]] |= 1 << divmod(cell, n)[at]
        first_unit = 0 if across else n
        for width in range(least, most + 1):
            for first in range(n - width + 1):
                band = ((1 << width) - 1) << first
                band_need = sum(need(layout, before, layout.units[first_unit + i])
                                for i in range(first, first + width))
                inside = [r for r in range(n) if spread[r] and not spread[r] & ~band]
                touched = [r for r in range(n) if spread[r] & band]
                in_band = {c for c in left if band >> divmod(c, n)[at] & 1}
                for regions, hit in (
                        (inside, {c for c in in_band if layout.regions[c] not in inside}),
                        (touched, {c for c in left - in_band if layout.regions[c] in touched})):
                    if regions and hit and sum(needs[r] for r in regions) == band_need:
                        found += [unit_reason(n, first_unit + i)
                                  for i in range(first, first + width)]
                        found += [unit_reason(n, 2 * n + r) for r in regions]
                        left -= hit
    return found


def _block_reasons(layout: Layout, before: list[int], placed: set[int]) -> list[Reason]:
    """The units (a row, a column, a region, or two neighbouring lines: both named) whose
    2x2 blocks place some of the stars."""
    n, found = layout.size, []
    unit_masks = [sum(1 << c for c in unit) for unit in layout.units[:2 * n]]
    regions = [sum(1 << c for c in cells) for cells in layout.region_cells]
    for unit, stars in blocked_units(layout, before):
        if any(stars >> c & 1 for c in placed):
            found += [unit_reason(n, i) for i, line in enumerate(unit_masks)
                      if not line & ~unit]
            found += [unit_reason(n, 2 * n + r) for r, region in enumerate(regions)
                      if region == unit]
    return found


def _last_star_reasons(layout: Layout, before: list[int], cleared: set[int]) -> list[Reason]:
    """The units lacking one star whose every open cell a cleared cell touches."""
    found = []
    for index, unit in enumerate(layout.units):
        open_cells = [c for c in unit if before[c] == UNKNOWN]
        if open_cells and need(layout, before, unit) == 1 and any(
                all(c in layout.touching[o] for o in open_cells) for c in cleared):
            found.append(unit_reason(layout.size, index))
    return found


def _stars_beside(name: str, layout: Layout, before: list[int],
                  changed: list[int]) -> tuple[int, ...]:
    """The stars whose neighbours a touching step clears: its pattern."""
    if name != "touching":
        return ()
    cleared = set(changed)
    return tuple(c for c, v in enumerate(before) if v == STAR
                 and cleared & set(layout.touching[c]))


def unit_reason(n: int, index: int) -> Reason:
    """The index-th of a layout's units (rows, columns, regions) as a Reason."""
    what = ("row", "column", "region")[min(index // n, 2)]
    return Reason(what, index % n + 1 if index < 2 * n else index - 2 * n + 1)


def grading_of(grading: StarGrading) -> Grading:
    """The engine's grading (the uses of each technique, no steps) as the kind's: the same
    grade, hardest technique and score graded_steps gives."""
    if grading.grade == GUESSING:
        return Grading(STARBATTLE_GRADES[-1], GUESSING, GUESSING_WEIGHT, (), True)
    hardest = _WEIGHTS[grading.hardest]
    harder = sum(uses for name, uses in grading.uses if _WEIGHTS[name].weight > 1.0)
    return Grading(hardest.grade, hardest.name, hardest.weight + 0.09 * harder / (harder + 10),
                   (), False)
