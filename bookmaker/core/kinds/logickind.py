"""The logic kinds' common refusals: no clue pattern, clue count or SE rating, no box,
no square they do not make and no grade off their own ladder, each said in the kind's own
words."""

from __future__ import annotations

from collections.abc import Sequence
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


@dataclass(frozen=True)
class SizeWords:
    """What a kind says when asked for a square it does not make (`made`, followed by
    '; got 6x6'), or for a box (`boxes`). '{a}' stands for its title with an article,
    '{name}' for its name, '{first}' and '{last}' for its least and largest square ('7x7')."""

    made: str = "{name} puzzles are made {first} to {last}"
    boxes: str = "{a} has no boxes: give its size alone"


class LogicKind(SquareKind):
    """A square kind whose answer is not a Sudoku's (Binairo, Hashi, Slitherlink, Star
    Battle, Nonogram): it refuses the Sudoku options as its `untaken` words say, and a
    grade not on its ladder as `graded_as` names its puzzles ('Slitherlinks'; by default
    its title and 'puzzles')."""

    untaken: Untaken
    graded_as: str | None = None
    sizes: Sequence[int]  # the squares' sides it makes
    size_words = SizeWords()

    @property
    def singles(self) -> tuple[str, ...]:
        """None: each step of its ladder is said alone (none places a value in a Sudoku's
        way, to be run together with others in a solving path)."""
        return ()

    def size_problem(self, size: int, box_given: bool) -> str | None:
        said = self.size_words
        first, last = self.sizes[0], self.sizes[-1]
        words = {"a": with_article(self.title), "name": self.name,
                 "first": f"{first}x{first}", "last": f"{last}x{last}"}
        if box_given:
            return said.boxes.format(**words)
        if size in self.sizes:
            return None
        return said.made.format(**words) + f"; got {size}x{size}"

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


class RectangleKind(LogicKind):
    """A logic kind made rows x columns as well as on squares (Slitherlink, Hashi): its
    one size rule, made_problem, says which sides it is made at, and its frame is its own
    board of those sides (a square is the rectangle of one side twice)."""

    takes_rectangles = True

    def made_problem(self, rows: int, cols: int) -> str | None:
        """Why no puzzle of the kind is made rows x columns, or None."""
        raise NotImplementedError

    def rectangle(self, rows: int, cols: int) -> Shape:
        """Its board of rows x columns."""
        raise NotImplementedError

    def size_problem(self, size: int, box_given: bool) -> str | None:
        return self.sides_problem(size, size, box_given)

    def sides_problem(self, rows: int, cols: int, box_given: bool) -> str | None:
        if box_given:  # the one wording of SizeWords.boxes, as the square kinds say it
            return self.size_words.boxes.format(a=with_article(self.title), name=self.name)
        return self.made_problem(rows, cols)

    def frame(self, size: int, box: tuple[int, int] | None = None) -> Shape:
        return self.sides_frame(size, size, box)

    def sides_frame(self, rows: int, cols: int,
                    box: tuple[int, int] | None = None) -> Shape:
        problem = self.sides_problem(rows, cols, box is not None)
        if problem:
            raise ValueError(problem)
        return self.rectangle(rows, cols)

    def square(self, size: int) -> Shape:
        return self.rectangle(size, size)

    def board(self, frame: Shape, seed: int = 0) -> Shape:
        return frame  # a rectangle read from a line is its own board
