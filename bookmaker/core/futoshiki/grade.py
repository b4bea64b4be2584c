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

from ..board.grid import Grid
from ..grade.grader import Grading, Technique, grade_state, grade_state_within
from ..latin.grading import LatinCandidates, ladder, within_reach
from . import techniques as f
from .signs import Signs
from .solver import sign_prune

FUTOSHIKI_LADDER = ladder(
    (Technique("inequality bounds", "beginner", 1.5, f.inequality_bounds),
     Technique("inequality fork", "easy", 2.6, f.inequality_fork)),
    (("inequality bounds", f.apply_inequality_bounds),))


def _state(givens: Grid, signs: Signs) -> LatinCandidates:
    return LatinCandidates.of(givens, signs, sign_prune(signs))


def grade_futoshiki(givens: Grid, signs: Signs) -> Grading:
    """Solve by technique from the easiest, restarting after every step, and grade."""
    return grade_state(_state(givens, signs), FUTOSHIKI_LADDER)


def grade_futoshiki_within(givens: Grid, signs: Signs, ceiling: str) -> Grading | None:
    """The grading if the grade is at most `ceiling` (else None): none of the techniques
    guesses or assumes a single solution, so a finished solve proves there is one."""
    return grade_state_within(_state(givens, signs), ceiling, FUTOSHIKI_LADDER)


def futoshiki_within_reach(givens: Grid, signs: Signs, ceiling: str) -> bool:
    """Whether grade_futoshiki_within() would grade it, the fast way (for digging)."""
    prune = sign_prune(signs)
    return within_reach(givens, signs, prune, prune, ceiling, FUTOSHIKI_LADDER)
