"""Grade a Star Battle by the techniques a person uses, easiest first, restarting from the
easiest after each step (rules.py says what each finds):

- ``easy``: touching (a star's neighbours, full units, units with just enough cells).
- ``medium``: confinement (a region inside one line, a line inside one region; a cell
  touching all of a unit's last places).
- ``hard``: pigeonhole (j regions inside j neighbouring lines, or j lines inside j
  regions); block counting (a unit, or two neighbouring lines, whose open cells meet
  only as many 2x2 blocks as it lacks stars: a star in each block, so in a block it
  meets in one cell, that cell).
- ``expert``: contradiction (a star that leads, by the techniques above, to a clash: the
  cell is white; a white that does: it is a star). If even this stalls, the puzzle needs
  guessing and no grade is given it (the generator drops it).

Each technique places only what the rules force, so a puzzle the ladder finishes has one
solution.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import compiled
from .layout import STAR, UNKNOWN, WHITE, Layout
from .rules import (
    COMPILED_MOST,
    Contradiction,
    Masks,
    Placements,
    apply,
    blocks,
    cells_of,
    confinement,
    masks,
    pigeonhole,
    propagate,
    state_masks,
    touching,
)

STARBATTLE_GRADES = ("easy", "medium", "hard", "expert")
GUESSING = "guessing"


def contradiction(layout: Layout, values: list[int]) -> Placements:
    """Cells whose one value leads, by the easier techniques, to a clash: tried first
    without pigeonholes (a tenth of the work), then with them."""
    return _clashes(layout, values, 1) or _clashes(layout, values, layout.size - 1)


def _clashes(layout: Layout, values: list[int], widest: int) -> Placements:
    """The first open cell one of whose values the techniques below contradiction
    refute (bands of up to `widest` lines), and its other value."""
    found = first_clash(masks(layout), *state_masks(values), widest)
    return [found] if found else []


# From three stars a unit the trials count 2x2 blocks too: without them the grader stalled
# on 14x14 layouts its own easier steps and a block-counting trial settle (and so 9x9 to
# 12x12 puzzles keep their grades and scores).
TRIALS_COUNT_BLOCKS_FROM = 3


def first_clash(table: Masks, stars: int, open_: int, widest: int, tried: int = -1
                ) -> tuple[int, int] | None:
    """The first open cell (of those `tried`) one of whose values propagation refutes, and
    its other value; in C where the compiled core has it (csrc/starprop.c)."""
    room = table.stars >= TRIALS_COUNT_BLOCKS_FROM
    fast = compiled.starbattle_clash_finder() if table.size <= COMPILED_MOST else None
    if fast is not None:
        return fast(table.size, table.stars, table.regions, stars, open_, open_ & tried,
                    widest, room)
    for cell in cells_of(open_ & tried):
        bit = 1 << cell
        for trial, other in ((stars | bit, WHITE), (stars, STAR)):
            try:
                propagate(table, trial, open_ & ~bit, widest, room)
            except Contradiction:
                return cell, other
    return None


LADDER = (("touching", "easy", touching), ("confinement", "medium", confinement),
          ("pigeonhole", "hard", pigeonhole), ("block counting", "hard", blocks),
          ("contradiction", "expert", contradiction))


@dataclass(frozen=True)
class StarGrading:
    """The grade, its hardest technique, and how many times each technique was used."""

    grade: str
    hardest: str
    uses: tuple[tuple[str, int], ...]
    values: tuple[int, ...]

    @property
    def solved(self) -> bool:
        return UNKNOWN not in self.values


def grade_starbattle(layout: Layout, ceiling: str = "expert") -> StarGrading:
    """Solve by the ladder up to `ceiling`; the grade of the hardest technique it needed
    ('guessing' if it stalls)."""
    top = STARBATTLE_GRADES.index(ceiling)
    ladder = tuple(step for step in LADDER if STARBATTLE_GRADES.index(step[1]) <= top)
    values = [UNKNOWN] * layout.size ** 2
    uses = dict.fromkeys((name for name, _, _ in ladder), 0)
    hardest = 0
    while UNKNOWN in values:
        for rank, (name, _, find) in enumerate(ladder):
            if apply(values, find(layout, values)):
                uses[name] += 1
                hardest = max(hardest, rank)
                break
        else:
            return StarGrading(GUESSING, GUESSING, tuple(uses.items()), tuple(values))
    name, grade, _ = ladder[hardest]
    return StarGrading(grade, name, tuple(uses.items()), tuple(values))
