"""Grade a Skyscrapers puzzle: the clue techniques among the Latin ones, on the six grades.

- ``beginner``: full house, edge clues (1 and N: 1.1), hidden single, clue bounds (1.6),
  naked single.
- ``easy``: visibility on lines of up to three open cells (2.7), naked and hidden pairs.
- ``medium``: visibility on longer lines (3.8), naked and hidden triples, X-Wing.
- ``hard``: XY-, W- and XYZ-Wing, Swordfish, quads, Jellyfish.
- ``expert``: simple colouring, X-Chain, XY-Chain.
- ``extreme``: forcing chains that follow the clues as well as the Latin rules, or
  guessing where even they stall.

Singles, edge clues and clue bounds are applied in bulk when grading within a ceiling:
all only remove candidates, so they reach the same fixed point in any order.
"""

from __future__ import annotations

from ..grade.grader import Technique
from ..latin.grading import (
    CLUED_BOUNDS,
    CLUED_EDGES,
    STEP_VISIBLE,
    LatinGrading,
    ladder,
    unworded,
)
from . import techniques as s
from .solver import bounds_prune, clue_sides, compiled_rules, visibility_prune

LONGEST_LINE = 16  # open cells no line has more of (the compiled core's largest square)

SKYSCRAPERS_LADDER = ladder(
    (Technique("edge clues (1 and N)", "beginner", 1.1, s.edge_clues),
     Technique("clue bounds", "beginner", 1.6, s.clue_bounds),
     Technique("visibility (short lines)", "easy", 2.7, s.visibility_short),
     Technique("visibility (long lines)", "medium", 3.8, s.visibility_long)),
    (("edge clues (1 and N)", s.apply_edge_clues), ("clue bounds", s.apply_clue_bounds)),
    ((CLUED_EDGES, clue_sides), (CLUED_BOUNDS, clue_sides)))

# Forcing chains follow the clues' whole rule; in bulk, the fixed bounds (edge clues and
# clue bounds) are what the ladder applies; the compiled core makes both from the sides.
SKYSCRAPERS_GRADING = LatinGrading(
    SKYSCRAPERS_LADDER, visibility_prune, bounds_prune,
    unworded(SKYSCRAPERS_LADDER, {s.visibility_short: s.unworded_visibility_short,
                                  s.visibility_long: s.unworded_visibility_long}),
    {s.unworded_visibility_short: (STEP_VISIBLE, 1, s.SHORT_LINE, clue_sides),
     s.unworded_visibility_long: (STEP_VISIBLE, s.SHORT_LINE + 1, LONGEST_LINE, clue_sides)},
    compiled_rules)
grade_skyscrapers = SKYSCRAPERS_GRADING.grade
grade_skyscrapers_within = SKYSCRAPERS_GRADING.grade_within
skyscrapers_within_reach = SKYSCRAPERS_GRADING.within_reach
