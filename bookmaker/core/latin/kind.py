"""What the Latin-square kinds (Futoshiki, Skyscrapers) share as kinds: a square of one
size, no boxes, made without symmetry or a clue count, proven by the kind's solver and
again by its check, graded by its own ladder."""

from __future__ import annotations

from ..board.shape import Shape
from ..grade.grades import GRADES
from ..kinds.kind import MakeRequest, SquareKind
from ..kinds.presentation import Presentation
from ..puzzle import Puzzle
from ..solve.verify import agrees, first_decided, require_agreement
from ..words import with_article

# Puzzles in a row a job may make when the check cannot decide one within its budget:
# each is dropped unprinted for the next (none was seen in the benchmarks).
CHECK_TRIES = 3


class LatinKind(SquareKind):
    """A kind on a Latin square of one of `sizes`, with extras beside its givens."""

    geometry = "latin"
    shapes_givens = False
    presentation = Presentation(sudoku_rule=False)
    heavy = True  # from medium up a puzzle takes a second or more on the larger sizes
    sizes: range = range(4, 10)
    unmade: dict[int, tuple[str, ...]] = {}  # grades a size is not made in (benchmarked)

    def size_problem(self, size: int, box_given: bool) -> str | None:
        if box_given:
            return (f"{with_article(self.title)} puzzle is a Latin square without boxes: "
                    f"give its size alone")
        if size not in self.sizes:
            return (f"{self.name} puzzles are made in the sizes {self.sizes[0]}x"
                    f"{self.sizes[0]} to {self.sizes[-1]}x{self.sizes[-1]}; got {size}x{size}")
        return None

    def options_problem(self, symmetry: str, clues: int | None,
                        rating: object | None) -> tuple[str, str] | None:
        if symmetry != "none":
            return "symmetry", (f"{with_article(self.title)} puzzle's clues are not laid out in a "
                                f"pattern: leave symmetry out")
        if clues is not None:
            return "clues", (f"{with_article(self.title)} puzzle takes a difficulty, not a clue "
                              f"count")
        if rating is not None:
            return "rating", ("SE ratings are for Sudoku; a "
                              f"{self.title} puzzle takes a difficulty")
        return None

    def grade_problem(self, frame: Shape, difficulty: str) -> str | None:
        unmade = self.unmade.get(frame.size, ())
        if difficulty not in unmade:
            return None
        made = ", ".join(grade for grade in GRADES if grade not in unmade)
        return (f"{frame.size}x{frame.size} {self.title} puzzles are made {made}; not "
                f"{difficulty!r} (too few of that grade turn up)")

    def make(self, request: MakeRequest) -> Puzzle:
        """A puzzle to its grade, proven by the solver as it is made and by the check
        here; one the check cannot decide within its budget is dropped for the next from
        a derived seed (the same every run); a check that disagrees stops the run. The
        grading's steps go unworded: the puzzle keeps only its grade, hardest technique and
        score."""
        return first_decided(
            request.seed, f"{self.name} undecided", CHECK_TRIES,
            lambda seed: self.generate(request.frame.size, seed, request.difficulty,
                                       worded=False),
            self.verify)

    def generate(self, size: int, seed: int, difficulty: str, worded: bool = True):
        """(Puzzle, Grading) of the grade asked for: the kind's generator (the grading's
        steps worded unless not `worded`; the same puzzle either way)."""
        raise NotImplementedError

    def check(self, puzzle: Puzzle):
        """The second proof's result (count, solutions, complete, nodes)."""
        raise NotImplementedError

    def verify(self, puzzle: Puzzle) -> None:
        result = self.check(puzzle)
        if agrees(puzzle, result):  # the message's line is made only for a failure
            return
        require_agreement(puzzle, result, f"The {self.title} check",
                          self.line(puzzle), self.exchange.registry_size(puzzle.shape))
