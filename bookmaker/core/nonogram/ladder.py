"""A Nonogram's grading on the grade ladder: the line solver's techniques as steps a person
takes, each placing the cells it settles in one line (or, by contradiction, one cell)."""

from __future__ import annotations

from dataclasses import dataclass

from ..grade.candidates import Step
from ..grade.evidence import Reason
from ..grade.grader import Grading
from . import solver as line_solver
from .puzzle import Nonogram

NONOGRAM_GRADES = ("beginner", "easy", "medium", "hard", "expert")
GUESSING_WEIGHT = 6.0


@dataclass(frozen=True)
class Technique:
    """A Nonogram technique as its ladder ranks it."""

    name: str
    grade: str
    weight: float


LADDER = (
    Technique("simple boxes", "beginner", 1.0),
    Technique("simple spaces", "beginner", 1.1),
    Technique("overlaps", "easy", 1.5),
    Technique("edge forcing", "medium", 2.0),
    Technique("contradiction", "hard", 3.0),  # one word with Binairo's: a guess that fails
)
# The line solver's name for a technique, where the ladder (and the glossary) words it apart
LADDER_NAMES = {line_solver.CONTRADICTIONS: "contradiction"}
_WEIGHTS = {t.name: t for t in LADDER}


def techniques_within(grade: str) -> frozenset[str]:
    """The names of the techniques the ladder ranks at the grade or below."""
    return frozenset(t.name for t in LADDER
                     if NONOGRAM_GRADES.index(t.grade) <= NONOGRAM_GRADES.index(grade))


def grade_nonogram(puzzle: Nonogram) -> Grading:
    """The grading of the line solver's solve, probing included; stuck: guessing."""
    solver = line_solver.LineSolver(puzzle, probing=True)
    solver.run()
    return grading_of(tuple(_step(step, puzzle.width) for step in solver.steps),
                      solver.solved)


def grading_of(steps: tuple[Step, ...], solved: bool) -> Grading:
    """The grading of a line solver's steps (either kind's), stuck or solved."""
    if not solved:
        return Grading(NONOGRAM_GRADES[-1], "guessing", GUESSING_WEIGHT, steps, True)
    if not steps:
        return Grading(NONOGRAM_GRADES[0], "none", 0.0, (), False)
    hardest = max(steps, key=lambda s: _WEIGHTS[s.technique].weight).technique
    top = _WEIGHTS[hardest]
    harder = sum(1 for s in steps if _WEIGHTS[s.technique].weight > 1.1)
    return Grading(top.grade, hardest, top.weight + 0.09 * harder / (harder + 10), steps,
                   False)


def _step(step: line_solver.Step, width: int) -> Step:
    placements = tuple((row * width + column, 2 if shaded else 1)
                       for row, column, shaded in step.cells)
    shaded = sum(1 for _, value in placements if value == 2)
    return ladder_step(step.technique, step.where, placements,
                       f"{shaded} shaded, {len(placements) - shaded} white")


def ladder_step(name: str, where_found: tuple, placements: tuple[tuple[int, int], ...],
                settled: str) -> Step:
    """A line solver's step (either kind's) as the grader's: its technique as the ladder
    names it, the line it worked as its reason, and what it settled in words."""
    technique = LADDER_NAMES.get(name, name)
    what, *at = where_found
    if what == "cell":  # a contradiction's probed cell: no one line is the reason
        reason: tuple[Reason, ...] = ()
        where = f"r{at[0] + 1}c{at[1] + 1}"
    else:
        reason = (Reason(what, at[0] + 1),)
        where = f"{what} {at[0] + 1}"
    return Step(technique, placements, (), f"{technique.capitalize()} in {where}: {settled}",
                because=reason)
