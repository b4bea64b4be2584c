"""A puzzle as every part of bookmaker passes it on: givens, one solution, how it was made."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .board.grid import Grid
from .board.shape import Shape

if TYPE_CHECKING:
    from .grade.grader import Grading


class GenerationError(RuntimeError):
    """Generation could not finish within its budget."""


@dataclass(frozen=True)
class Puzzle:
    """A generated puzzle: its givens, its one solution, how it was made, and its kind's
    extras: the clues beyond the givens (a Killer's cages), None for Sudoku."""

    givens: Grid
    solution: Grid
    seed: int
    symmetry: str = "none"
    difficulty: str = "any"   # the grade asked for when it was made
    grade: str = ""           # the grade measured (core/grade/grader.py); "" if not graded
    score: float = 0.0
    hardest: str = ""
    rating: tuple[str, str, str] | tuple[()] = ()  # SE's ER, EP, ED (core/rating), ">=" a bound
    rater: str = ""                     # the rater version that made `rating`
    extras: Any = None
    # The estimated solving time (design/solvetime.py), where a book that prints it had it
    # worked out as the puzzle was made; None if not. Not part of what the puzzle is.
    minutes: int | None = field(default=None, compare=False)

    @property
    def shape(self) -> Shape:
        return self.givens.shape

    def graded(self, grading: Grading) -> Puzzle:
        """The puzzle with a grading's grade, score and hardest technique."""
        return replace(self, grade=grading.grade, score=grading.score, hardest=grading.hardest)
