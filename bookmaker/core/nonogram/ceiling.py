"""A Nonogram brought within a grade: cells printed as givens until the techniques up to
that grade solve it alone. A picture's own grade may be lower; it is never made harder."""

from __future__ import annotations

from dataclasses import replace

from ..rng import Rng
from .ladder import NONOGRAM_GRADES
from .puzzle import Nonogram
from .solver import WITH_CELLS, LineSolver

# The grades a Nonogram is made to, and what each lets the solver use: easy overlaps,
# medium edge forcing too, hard contradictions too (beginner's clue-only techniques solve
# no picture alone; a made Nonogram is always solved by line logic: no expert).
MADE_GRADES = ("easy", "medium", "hard")


def within_grade(puzzle: Nonogram, grade: str, rng: Rng) -> Nonogram:
    """The puzzle with givens (cells of its solution, drawn by rng among those still
    unknown) added until the techniques up to grade solve it."""
    givens = list(puzzle.givens)
    while True:
        solver = _solver(replace(puzzle, givens=tuple(sorted(givens))), grade)
        if solver.solved:
            return replace(puzzle, givens=tuple(sorted(givens)))
        row, column = rng.shuffled(list(solver.unknown_cells()))[0]
        givens.append((row, column, puzzle.solution[row][column]))


def _solver(puzzle: Nonogram, grade: str) -> LineSolver:
    level = NONOGRAM_GRADES.index(grade)
    solver = LineSolver(puzzle, probing=level >= NONOGRAM_GRADES.index("hard"),
                        with_cells=WITH_CELLS[:level])
    solver.run()
    return solver
