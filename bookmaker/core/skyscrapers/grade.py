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

from ..board.grid import Grid
from ..grade.grader import Grading, Technique, grade_state, grade_state_within
from ..latin.grading import LatinCandidates, ladder, within_reach
from . import techniques as s
from .clues import EdgeClues
from .solver import bounds_prune, visibility_prune

SKYSCRAPERS_LADDER = ladder(
    (Technique("edge clues (1 and N)", "beginner", 1.1, s.edge_clues),
     Technique("clue bounds", "beginner", 1.6, s.clue_bounds),
     Technique("visibility (short lines)", "easy", 2.7, s.visibility_short),
     Technique("visibility (long lines)", "medium", 3.8, s.visibility_long)),
    (("edge clues (1 and N)", s.apply_edge_clues), ("clue bounds", s.apply_clue_bounds)))


def _state(givens: Grid, clues: EdgeClues) -> LatinCandidates:
    return LatinCandidates.of(givens, clues, visibility_prune(clues))


def grade_skyscrapers(givens: Grid, clues: EdgeClues) -> Grading:
    """Solve by technique from the easiest, restarting after every step, and grade."""
    return grade_state(_state(givens, clues), SKYSCRAPERS_LADDER)


def grade_skyscrapers_within(givens: Grid, clues: EdgeClues, ceiling: str) -> Grading | None:
    """The grading if the grade is at most `ceiling` (else None): none of the techniques
    guesses or assumes a single solution, so a finished solve proves there is one."""
    return grade_state_within(_state(givens, clues), ceiling, SKYSCRAPERS_LADDER)


def skyscrapers_within_reach(givens: Grid, clues: EdgeClues, ceiling: str) -> bool:
    """Whether grade_skyscrapers_within() would grade it, the fast way (for digging)."""
    return within_reach(givens, clues, visibility_prune(clues), bounds_prune(clues), ceiling,
                        SKYSCRAPERS_LADDER)
