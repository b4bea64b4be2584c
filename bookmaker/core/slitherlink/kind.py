"""The Slitherlink kind (Loopy): draw one loop along the grid's lines, never crossing or
touching itself, passing each clue's cell on as many of its sides as the clue says.

Its answer is edges (kinds/answer.py): the solution Grid holds 2 for a cell inside the
loop and 1 for one outside, and the loop is the border between them. Made on squares and
rectangles of sides 5 to 20 (rows x columns), and 20 by up to 30; lines are read on
rectangles up to 30 a side. The first proof is the grader's
techniques with a search over edges (search.py), the second the count over inside and
outside colourings (count.py), written apart from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board.grid import Grid
from ..board.shape import Shape, slitherlink_of
from ..kinds.answer import Answer, Limits
from ..kinds.exchangeform import ExchangeForm
from ..kinds.kind import Extras, MakeRequest
from ..kinds.logickind import RectangleKind, Untaken
from ..kinds.presentation import Presentation
from ..kinds.puzzlink import SLITHER_LINK
from ..puzzle import Puzzle
from ..solve.search import Search
from ..solve.verify import first_decided, require_agreement
from ..words import with_article
from .frame import frame_of
from .grade import SLITHERLINK_GRADES
from .made import grades_made
from .text import format_answer, format_givens, parse_answer, parse_slitherlink

if TYPE_CHECKING:
    from ..grade.grader import Grading
    from ..grade.grades import Ranked

MADE_SIDES = range(5, 21)  # the sides it is made at: each to 20, ...
MADE_LONGER = range(5, 31)  # ... or the longer of two to 30 (bench/README, "Slitherlink")
CHECK_TRIES = 3  # puzzles in a row a job may make when the count cannot decide one


def looks_like_a_slitherlink_line(text: str) -> bool:
    """One word of rows of '0'-'3' and '.' joined by '/'."""
    parts = text.split()
    return len(parts) == 1 and "/" in parts[0] and set(parts[0]) <= set("0123./")


class SlitherlinkKind(RectangleKind):
    """Slitherlink: one loop along the lines between the dots, each clue the number of its
    cell's sides the loop passes."""

    name = "slitherlink"
    title = "Slitherlink"
    aliases: tuple[str, ...] = ("loopy", "slither", "fences")
    geometry = "slitherlink"
    shapes_givens = False
    grades = SLITHERLINK_GRADES
    untaken = Untaken(
        symmetry="a Slitherlink's clues are not laid out in a pattern: leave symmetry out",
        clues="a Slitherlink takes a difficulty, not a clue count",
        rating="SE ratings are for Sudoku; a Slitherlink takes a difficulty")
    graded_as = "Slitherlinks"
    answer = Answer("edges", limits=Limits(counted=True, meeting=2))  # a loop: 2 a dot
    presentation = Presentation(
        sudoku_rule=False, cell_room="loop",
        summary="draw one loop between the dots; each clue says how many of its cell's "
                "four sides the loop passes",
        looks_like=looks_like_a_slitherlink_line,
        line_hint="this looks like a Slitherlink line: read it as one (--variant "
                  "slitherlink)",
        time_model="lines")
    exchange = ExchangeForm(size_word=title, named_by_frame=True, ipuz_absent=(
        "ipuz has no PuzzleKind for Slitherlink (nor for any loop drawn between dots)"),
        puzzlink=SLITHER_LINK)

    def made_problem(self, rows: int, cols: int) -> str | None:
        shorter, longer = sorted((rows, cols))
        if shorter not in MADE_SIDES or longer not in MADE_LONGER:
            return (f"{self.name} puzzles are made {MADE_SIDES[0]}x{MADE_SIDES[0]} to "
                    f"{MADE_SIDES[-1]}x{MADE_SIDES[-1]}, and rectangles (rows x columns) "
                    f"of sides {MADE_SIDES[0]} to {MADE_SIDES[-1]} and "
                    f"{MADE_LONGER[0]} to {MADE_LONGER[-1]}; got {rows}x{cols}")
        return None

    def rectangle(self, rows: int, cols: int) -> Shape:
        return slitherlink_of(rows, cols)

    def grade_problem(self, frame: Shape, difficulty: str) -> str | None:
        off_ladder = super().grade_problem(frame, difficulty)
        if off_ladder:
            return off_ladder
        rows, cols = frame.frame
        reached = grades_made(rows, cols)
        if difficulty in reached + ("any",):  # 'any' digs as far as this size's grades go
            return None
        return (f"{with_article(f'{rows}x{cols}')} Slitherlink is made "
                f"{' or '.join(filter(None, (', '.join(reached[:-1]), reached[-1])))}: "
                f"on more cells the sparser clues of harder grades "
                f"take too long to make and prove twice; not {difficulty!r}")

    def read(self, text: str, board: Shape | None = None) -> tuple[Grid, Extras]:
        return parse_slitherlink(text, board), None

    def write(self, givens: Grid, extras: Extras = None) -> str:
        return format_givens(givens)

    def answer_line(self, solution: Grid) -> str:
        return format_answer(solution)

    def read_answer(self, text: str, board: Shape) -> Grid:
        return parse_answer(text, board)

    def make(self, request: MakeRequest) -> Puzzle:
        """A puzzle to its grade, proven by the techniques and the search as it is made
        and by the count here; one the count cannot decide is dropped for the next."""
        from .generate import generate_slitherlink

        height, width = request.frame.frame
        return first_decided(
            request.seed, f"{self.name} undecided", CHECK_TRIES,
            lambda seed: generate_slitherlink(height, width, seed, request.difficulty),
            self.verify)

    def solutions(self, givens: Grid, extras: Extras = None, limit: int = 2) -> Search:
        from .search import slitherlink_solutions

        return slitherlink_solutions(frame_of(*givens.shape.frame), givens.cells, limit)

    def verify(self, puzzle: Puzzle) -> None:
        from .count import count_slitherlink

        result = count_slitherlink(*puzzle.shape.frame, puzzle.givens.cells)
        require_agreement(puzzle, result, "The Slitherlink count", self.line(puzzle),
                          self.exchange.registry_size(puzzle.shape))

    def grade(self, givens: Grid, extras: Extras = None) -> Grading:
        from .grade import grade_slitherlink

        return grade_slitherlink(frame_of(*givens.shape.frame), givens.cells)

    @property
    def techniques(self) -> tuple[Ranked, ...]:
        from .grade import LADDER
        return LADDER

    def solving_path(self, givens: Grid, extras: Extras = None) -> list[tuple[str, int]]:
        """Each step decides one edge."""
        return [(step.technique, 1) for step in self.grade(givens, extras).steps]

    def repeat_key(self, givens: Grid, extras: Extras = None) -> str:
        from .key import slitherlink_key

        return slitherlink_key(self.name, givens)


SLITHERLINK = SlitherlinkKind()
