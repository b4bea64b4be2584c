"""A Nonogram's grade: the hardest technique the line solver needs, named as a person would."""

from __future__ import annotations

from .solver import CONTRADICTIONS, LineSolver

# grade name by the hardest technique a solve needs (the line solver's order, cheapest first)
GRADES = (("simple", ("simple boxes", "simple spaces")),
          ("overlaps", ("overlaps",)),
          ("edge forcing", ("edge forcing",)),
          ("contradictions", (CONTRADICTIONS,)))
GRADE_NAMES = tuple(name for name, _ in GRADES)


def grade_of_techniques(used: set[str]) -> str:
    """The grade of a solve that used these techniques."""
    hardest = 0
    for level, (_, techniques) in enumerate(GRADES):
        if used.intersection(techniques):
            hardest = level
    return GRADE_NAMES[hardest]


def grade(solver: LineSolver) -> str | None:
    """The grade of a finished solve; None if the line solver got stuck."""
    if not solver.solved:
        return None
    return grade_of_techniques({step.technique for step in solver.steps})
