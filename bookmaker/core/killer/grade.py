"""Grade a Killer: the cage techniques slotted among the classic ones, on the same six grades.

The ladder, easiest first (grade/grader.py's rules: the grade is that of the hardest technique
needed, the score its weight plus a tiebreak):

- ``beginner``: full house, hidden single, naked single; cage combinations (2.35); the
  45 rule on one unit (2.45).
- ``easy``: locked candidates (pointing 2.6, claiming 2.8); cage-unit intersection (2.7);
  cage min/max (2.85); the 45 rule over units together (2.9).
- ``medium``: naked pair (3.0), cage permutations (3.2), hidden pair (3.4), innies and
  outies (3.5), naked and hidden triples (3.6, 4.0).
- ``hard``, ``expert``, ``extreme``: the classic techniques of those grades, but unique
  rectangles and BUG+1. Both argue that swapping values would give a second solution,
  which cages can forbid (the swap changes cage totals), so they are not sound here.
  Forcing chains follow the board's singles only (sound, if weaker than with cages).

The cage techniques are in killer/techniques.py. grade_killer_within() applies singles and
cage combinations in bulk, as grade_within() does singles: all four only remove
candidates that every state with fewer candidates would remove too, so they reach the
same fixed point in any order, and grade_killer() meets the same states at each harder
step.
"""

from __future__ import annotations

from ..board.grid import Grid
from ..grade.grader import (
    CLASSIC_LADDER,
    Grading,
    Ladder,
    Technique,
    grade_state,
    grade_state_within,
    with_classic,
)
from . import techniques as k
from .cages import Cages

_NOT_SOUND_WITH_CAGES = ("unique rectangle", "BUG+1")
_CAGE_TECHNIQUES = (
    Technique("cage combinations", "beginner", 2.35, k.cage_combinations),
    Technique("45 rule", "beginner", 2.45, k.rule_of_45),
    Technique("cage-unit intersection", "easy", 2.7, k.cage_unit_intersection),
    Technique("cage min/max", "easy", 2.85, k.cage_min_max),
    Technique("45 rule (units together)", "easy", 2.9, k.rule_of_45_units),
    Technique("cage permutations", "medium", 3.2, k.cage_permutations),
    Technique("innies and outies", "hard", 4.05, k.innies_and_outies),
    Technique("innies and outies (4-5 cells)", "expert", 6.0, k.large_innies_and_outies),
    Technique("forcing chain", "extreme", 8.0, k.killer_forcing_chain),
)


# The classic techniques less those unsound with cages, and the cage ones (forcing chains
# their own, with the cages), by grade and then weight.
KILLER_TECHNIQUES = with_classic(_CAGE_TECHNIQUES, _NOT_SOUND_WITH_CAGES + ("forcing chain",))
KILLER_LADDER = Ladder(KILLER_TECHNIQUES,
                CLASSIC_LADDER.bulk + (("cage combinations", k.apply_cage_combinations),))


def grade_killer(givens: Grid, cages: Cages, max_steps: int | None = None) -> Grading:
    """Solve by technique from the easiest, restarting after every step, and grade."""
    return grade_state(k.KillerCandidates.of(givens, cages), KILLER_LADDER, max_steps)


def grade_killer_within(givens: Grid, cages: Cages, ceiling: str) -> Grading | None:
    """grade_killer()'s grading if the grade is at most `ceiling`, else None (also for a
    Killer these techniques cannot finish: none of them guesses or assumes uniqueness, so
    a finished solve proves the Killer has one solution)."""
    return grade_state_within(k.KillerCandidates.of(givens, cages), ceiling, KILLER_LADDER)
