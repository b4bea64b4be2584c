"""The grading of a solve by a kind's own ladder of named techniques (Binairo's,
Slitherlink's): the grade and weight of the hardest technique used, a tiebreak for the
steps past the easiest, guessing when the techniques stalled."""

from __future__ import annotations

from collections.abc import Sequence

from .candidates import Step
from .grader import STALL_WEIGHT, Grading


def laddered_grading(steps: Sequence[Step], stalled: bool,
                     weights: dict[str, tuple[str, float]],
                     grades: Sequence[str]) -> Grading:
    """Grade, hardest technique and score of the steps taken, each technique's (grade,
    weight) from `weights`; a stall grades the ladder's last grade, guessing. The
    tiebreak counts the steps whose weight is past 1.1 (the simplest kinds of step)."""
    if stalled:
        return Grading(grades[-1], "guessing", STALL_WEIGHT, tuple(steps), True)
    if not steps:
        return Grading(grades[0], "none", 0.0, (), False)
    hardest = max(steps, key=lambda s: weights[s.technique][1]).technique
    grade, weight = weights[hardest]
    harder = sum(1 for s in steps if weights[s.technique][1] > 1.1)
    return Grading(grade, hardest, weight + 0.09 * harder / (harder + 10), tuple(steps), False)
