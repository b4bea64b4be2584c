"""The logic kinds' common refusals: no clue pattern, clue count or SE rating, and no
grade off their own ladder, each said in the kind's own words."""

from __future__ import annotations

from dataclasses import dataclass

from ..board.shape import Shape
from ..words import with_article
from .kind import SquareKind


@dataclass(frozen=True)
class Untaken:
    """What a kind says when asked for a symmetry, a clue count or a rating it does not
    take; '{a}' stands for its title with an article ('a Tango')."""

    symmetry: str
    clues: str
    rating: str


class LogicKind(SquareKind):
    """A square kind whose answer is not a Sudoku's (Binairo, Hashi, Slitherlink, Star
    Battle, Nonogram): it refuses the Sudoku options as its `untaken` words say, and a
    grade not on its ladder as `graded_as` names its puzzles ('Slitherlinks'; by default
    its title and 'puzzles')."""

    untaken: Untaken
    graded_as: str | None = None

    def options_problem(self, symmetry: str, clues: int | None,
                        rating: object | None) -> tuple[str, str] | None:
        said = self.untaken
        asked = (("symmetry", symmetry != "none", said.symmetry),
                 ("clues", clues is not None, said.clues),
                 ("rating", rating is not None, said.rating))
        return next(((option, why.replace("{a}", with_article(self.title)))
                     for option, given, why in asked if given), None)

    def grade_problem(self, frame: Shape, difficulty: str) -> str | None:
        if difficulty in ("any",) + self.grades:
            return None
        named = self.graded_as or f"{self.title} puzzles"
        return f"{named} are graded {', '.join(self.grades)}; not {difficulty!r}"
