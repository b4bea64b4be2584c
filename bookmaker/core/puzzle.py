"""A puzzle as every part of bookmaker passes it on: givens, one solution, how it was made."""

from __future__ import annotations

from dataclasses import dataclass

from .board.grid import Grid
from .board.shape import Shape
from .killer.cages import Cages


class GenerationError(RuntimeError):
    """Generation could not finish within its budget."""


@dataclass(frozen=True)
class Puzzle:
    """A generated puzzle: its clues, its one solution, and how it was made; for a Killer,
    its cages too (core/killer/cages.py)."""

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
    cages: Cages | None = None

    @property
    def shape(self) -> Shape:
        return self.givens.shape
