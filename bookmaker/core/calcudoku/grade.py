"""Grade a Calcudoku: cage techniques slotted among the Latin square's, on five grades.

The ladder, easiest first (grader.py's rules: the grade is that of the hardest technique
needed, the score its weight plus a tiebreak):

- ``beginner``: single cage (1.0), full house, hidden single, naked single (the Latin
  singles of rows and columns); cage combinations (2.35).
- ``easy``: cage permutations (2.5), cage-line intersection (2.7), line total (2.95: a
  row's one open innie or outie).
- ``medium``: line-cage intersection (2.98), naked pair (3.0), innies and outies of rows
  and columns (3.2: two or three open cells with a known total), hidden pair (3.4), naked
  and hidden triples (3.6, 4.0).
- ``hard``: X-Wing, XY-Wing, W-Wing, XYZ-Wing, Swordfish, naked quad, Jellyfish, hidden
  quad; innies and outies of four or five cells (5.5).
- ``expert``: simple colouring, X-Chain, XY-Chain.
- ``extreme``: forcing chains with the cages (8.0); past them, guessing.

Locked candidates need boxes (a Latin square has none). Unique rectangles and BUG+1 are
left out: both argue that swapping values would give a second solution, which cages
forbid (a swap changes what a cage makes), so they are not sound here. The cage
techniques are in techniques.py; singles, one-cell cages and cage combinations are
applied in bulk by grade_calcudoku_within() (each only removes candidates any state with
fewer candidates would remove too, so any order reaches the same fixed point).
"""

from __future__ import annotations

from dataclasses import replace

from ..board.grid import Grid
from ..grade.grader import (
    GRADES,
    SINGLES,
    Grading,
    Ladder,
    Technique,
    grade_state,
    grade_state_within,
    with_classic,
)
from ..grade.twins import CLASSIC_TWINS
from ..latin.twinned import Twinned
from . import techniques as c
from .cages import CalcCages

# The classic techniques a Calcudoku does not take (see above); its forcing chains are its
# own, with the cages.
_NOT_ON_CALCUDOKU = ("locked candidates (pointing)", "locked candidates (claiming)",
                     "unique rectangle", "BUG+1", "forcing chain")
_CAGE_TECHNIQUES = (
    Technique("single cage", "beginner", 1.0, c.single_cage),
    Technique("cage combinations", "beginner", 2.35, c.cage_combinations),
    Technique("cage permutations", "easy", 2.5, c.cage_permutations),
    Technique("cage-line intersection", "easy", 2.7, c.cage_line_intersection),
    Technique("line total", "easy", 2.95, c.line_total),
    Technique("line-cage intersection", "medium", 2.98, c.line_cage_intersection),
    Technique("innies and outies", "medium", 3.2, c.innies_and_outies),
    Technique("innies and outies (4-5 cells)", "hard", 5.5, c.large_innies_and_outies),
    Technique("forcing chain", "extreme", 8.0, c.calcudoku_forcing_chain),
)


def _twinned(tech: Technique) -> Technique:
    """A classic technique found by its compiled twin where the compiled grader runs (the
    cage techniques keep the whole ladder off it, so each is asked alone)."""
    if CLASSIC_TWINS.number_of(tech.find) is None:
        return tech
    return replace(tech, find=Twinned(tech.find))


CALCUDOKU_TECHNIQUES = tuple(map(_twinned, with_classic(_CAGE_TECHNIQUES, _NOT_ON_CALCUDOKU)))
CALCUDOKU_SINGLES = ("single cage", *SINGLES)  # those placing one value and nothing else
CALCUDOKU_LADDER = Ladder(CALCUDOKU_TECHNIQUES, c.CALCUDOKU_BULK)


def grade_calcudoku(givens: Grid, cages: CalcCages, max_steps: int | None = None) -> Grading:
    """Solve by technique from the easiest, restarting after every step, and grade."""
    return grade_state(c.CalcCandidates.of(givens, cages), CALCUDOKU_LADDER, max_steps)


def grade_calcudoku_within(givens: Grid, cages: CalcCages, ceiling: str) -> Grading | None:
    """grade_calcudoku()'s grading if the grade is at most `ceiling`, else None (also for
    a Calcudoku these techniques cannot finish: none of them guesses or assumes
    uniqueness, so a finished solve proves it has one solution)."""
    if ceiling not in GRADES:
        raise ValueError(f"unknown grade {ceiling!r}")
    return grade_state_within(c.CalcCandidates.of(givens, cages), ceiling, CALCUDOKU_LADDER)
