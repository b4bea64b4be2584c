"""Grade a Futoshiki: the sign techniques among the Latin ones, on the six grades.

- ``beginner``: full house, hidden single, inequality bounds (1.5, chains of signs
  followed one sign at a time), naked single.
- ``easy``: inequality fork (2.6), naked and hidden pairs.
- ``medium``: naked and hidden triples, X-Wing.
- ``hard``: XY-, W- and XYZ-Wing, Swordfish, quads, Jellyfish.
- ``expert``: simple colouring, X-Chain, XY-Chain.
- ``extreme``: forcing chains that follow the signs as well as the Latin rules, or
  guessing where even they stall.

Singles and inequality bounds are applied in bulk when grading within a ceiling (for
generation): both only remove candidates, so they reach the same fixed point in any order.
"""

from __future__ import annotations

from ..grade.grader import Technique
from ..latin.grading import SIGN_BOUNDS, STEP_FORK, LatinGrading, ladder, unworded
from . import techniques as f
from .solver import compiled_rules, sign_data, sign_prune

FUTOSHIKI_LADDER = ladder(
    (Technique("inequality bounds", "beginner", 1.5, f.inequality_bounds),
     Technique("inequality fork", "easy", 2.6, f.inequality_fork)),
    (("inequality bounds", f.apply_inequality_bounds),),
    ((SIGN_BOUNDS, sign_data),))

# The signs' rule prunes both for forcing chains and in bulk (inequality bounds); the
# compiled loop finds the forks from the signs.
FUTOSHIKI_GRADING = LatinGrading(
    FUTOSHIKI_LADDER, sign_prune, sign_prune,
    unworded(FUTOSHIKI_LADDER, {f.inequality_fork: f.unworded_inequality_fork}),
    {f.unworded_inequality_fork: (STEP_FORK, 0, 0, sign_data)}, compiled_rules)
grade_futoshiki = FUTOSHIKI_GRADING.grade
grade_futoshiki_within = FUTOSHIKI_GRADING.grade_within
futoshiki_within_reach = FUTOSHIKI_GRADING.within_reach
