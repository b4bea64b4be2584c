"""A colour Nonogram's grading on the black-and-white ladder (ladder.py): the same
techniques by the same names, each step placing the cells it settles (value 1 blank,
colour c as c + 1, as the kind's grids hold them)."""

from __future__ import annotations

from ..grade.candidates import Step
from ..grade.grader import Grading
from .colourpuzzle import ColourNonogram
from .coloursolver import ColourSolver
from .coloursolver import Step as SolverStep
from .ladder import grading_of, ladder_step

COLOUR_LETTERS = "abcdef"  # colour c is written letters[c - 1] (text, steps)


def grade_colour_nonogram(puzzle: ColourNonogram) -> Grading:
    """The grading of the colour line solver's solve, probing included; stuck: guessing."""
    solver = ColourSolver(puzzle, probing=True)
    solver.run()
    return grading_of(tuple(_step(step, puzzle.width) for step in solver.steps),
                      solver.solved)


def _step(step: SolverStep, width: int) -> Step:
    placements = tuple((row * width + column, value + 1) for row, column, value in step.cells)
    blank = sum(1 for *_, value in step.cells if not value)
    coloured = sorted({COLOUR_LETTERS[value - 1] for *_, value in step.cells if value})
    settled = f"{blank} blank, {len(placements) - blank} coloured"
    if coloured:
        settled += f" ({', '.join(coloured)})"
    if not placements:
        settled = "a colour struck"
    return ladder_step(step.technique, step.where, placements, settled)
