"""The grades, easiest first: the names specs, the command line and every kind's ladder use;
and which of them a board cannot reach."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..board.shape import Shape

GRADES = ("beginner", "easy", "medium", "hard", "expert", "extreme")
DIFFICULTIES = ("any",) + GRADES  # what a puzzle may be made to: any grade, or one of them

# The hardest grade any puzzle of a board size has, where that is known for certain: all
# 91,428 4x4 puzzles with one solution (every clue subset of the two essentially different
# 4x4 grids) are solved by singles alone.
HARDEST_GRADE = {4: GRADES[0]}


class Ranked(Protocol):
    """A technique as its ladder ranks it (a grader's Technique, a Kakuro's): by its grade,
    then its weight."""

    @property
    def name(self) -> str: ...
    @property
    def grade(self) -> str: ...
    @property
    def weight(self) -> float: ...


def unreachable_grade(shape: Shape, difficulty: str) -> str | None:
    """Why no puzzle of this board has the grade asked for (None if some may): known
    before any attempt, so it is said at once rather than after thousands of them."""
    hardest = HARDEST_GRADE.get(shape.size)
    if hardest is None or difficulty not in GRADES or \
            GRADES.index(difficulty) <= GRADES.index(hardest):
        return None
    return f"{shape} puzzles are never harder than {hardest!r}, so none is {difficulty!r}"
