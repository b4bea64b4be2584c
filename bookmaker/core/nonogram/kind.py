"""The Nonogram kind (Pic-a-Pix, Griddlers, Hanjie; Tatham's Pattern): shade the cells so
that each row's and column's runs of shaded cells have the lengths its clue lists.

Its answer is shading (kinds/answer.py); its clues are its extras, printed outside the
grid. A puzzle is made from a picture (the request's, rows of booleans: a bundled one the
job chose by its seed, or the spec's) or, asked for, a random grid. The first proof is the
line solver with search (solver.py), the second the row and column automata (automata.py),
written apart from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board.grid import Grid
from ..board.shape import NONOGRAM_SIDES, Shape, nonogram_of
from ..checkresult import CheckResult
from ..kinds.answer import SHADING_GLYPHS, SHADING_SAID, Answer
from ..kinds.exchangeform import ExchangeForm
from ..kinds.kind import Extras, MakeRequest
from ..kinds.logickind import LogicKind, SizeWords, Untaken
from ..kinds.presentation import Presentation
from ..kinds.puzzlink import NONOGRAM_LINK
from ..puzzle import GenerationError, Puzzle
from ..rng import Rng
from ..solve.search import Search
from ..solve.verify import require_agreement
from .extras import NonogramClues
from .ladder import LADDER, NONOGRAM_GRADES
from .text import format_answer, format_nonogram, parse_answer, parse_nonogram

if TYPE_CHECKING:
    from ..board.marks import Marks
    from ..grade.grader import Grading
    from ..grade.grades import Ranked
    from .puzzle import Nonogram

SIDES = NONOGRAM_SIDES
# The grade a random grid is made to for every seed: easy, what 19 random grids in 20
# need (overlaps), one that needs more given cells where it does (maker.at_most).
# Beginner ones needed half their cells printed (50-85 of a 10x10's 100); medium and hard
# turn up in 1 grid in 20 or fewer (2026-12-02, 20 seeds at 5x5, 10x10 and 15x15): not
# made to order. Easy is made 20 seeds in 20 to 20x20 (2.9 s mean, 7.9 s the worst); a
# 40x40 took 3 minutes.
RANDOM_GRADES = NONOGRAM_GRADES[1:2]
RANDOM_MOST = 20  # the widest random grid made to a grade
GRID_TRIES = 20  # random grids a job tries for its grade (each easy 19 times in 20)


def looks_like_a_nonogram_line(text: str) -> bool:
    """Two or three words, the first two of digits, ',' and '/' (its clues)."""
    parts = text.split()
    return len(parts) in (2, 3) and all(set(p) <= set("0123456789,/") and "/" in p
                                        for p in parts[:2])


class NonogramKind(LogicKind):
    """Nonogram: shade cells so that every row's and column's runs match its clue."""

    name = "nonogram"
    title = "Nonogram"
    aliases: tuple[str, ...] = ("pattern", "griddlers", "hanjie", "pic-a-pix", "picross")
    geometry = "nonogram"
    extras_type: type = NonogramClues
    shapes_givens = False
    pictured = True
    grades = NONOGRAM_GRADES
    untaken = Untaken(
        symmetry="a Nonogram's clues are outside its grid: leave symmetry out",
        clues="a Nonogram's clues are its picture's: leave the clue count out",
        rating="SE ratings are for Sudoku; a Nonogram takes no rating")
    sizes = SIDES
    size_words = SizeWords(made="{name} puzzles are {first} to {last}")
    answer = Answer("shading", SHADING_GLYPHS, said=SHADING_SAID)
    presentation = Presentation(
        sudoku_rule=False, cell_room="shaded",
        summary="shade cells so that each row's and column's runs of shaded cells are "
                "as long as its clue says; the shaded cells draw a picture",
        looks_like=looks_like_a_nonogram_line,
        line_hint="this looks like a Nonogram line (row clues, column clues): read it as "
                  "one (--variant nonogram)",
        time_model="lines")
    exchange = ExchangeForm(size_word=title, ipuz_absent=(
        "ipuz has no PuzzleKind for a Nonogram"), puzzlink=NONOGRAM_LINK)

    def square(self, size: int) -> Shape:
        return nonogram_of(size, size)

    def board(self, frame: Shape, seed: int = 0) -> Shape:
        return frame  # a rectangle read from a line is its own board

    def grade_problem(self, frame: Shape, difficulty: str) -> str | None:
        # A random grid is made to its grade (make), where that holds for every seed
        # (tests/test_every_grade.py); a picture's grade is its own (design/pictures.py
        # picture_problem).
        if difficulty == "any":
            return None
        if difficulty not in RANDOM_GRADES:
            return (f"random Nonograms are made {' or '.join(RANDOM_GRADES)} (beginner ones "
                    f"need half their cells printed, harder ones are too rare to make to "
                    f"order), and a picture's is as hard as its picture makes it; not "
                    f"{difficulty!r}")
        height, width = frame.frame
        if max(height, width) > RANDOM_MOST:
            return (f"random Nonograms are made {difficulty} up to {RANDOM_MOST}x"
                    f"{RANDOM_MOST} (a 40x40 took minutes); got {height}x{width}")
        return None

    def read(self, text: str, board: Shape | None = None) -> tuple[Grid, Extras]:
        return parse_nonogram(text, board)

    def write(self, givens: Grid, extras: Extras = None) -> str:
        return format_nonogram(givens, extras)

    def answer_line(self, solution: Grid) -> str:
        return format_answer(solution)

    def read_answer(self, text: str, board: Shape) -> Grid:
        return parse_answer(text, board)

    def make(self, request: MakeRequest) -> Puzzle:
        """The puzzle of the request's picture (or a random grid of its frame's size),
        proven by both proofs as it is made and again here, and graded."""
        from .bridge import clues_of, givens_grid, grid_of_rows
        from .maker import make_from_picture

        rng = Rng(request.seed)
        height, width = request.frame.frame
        if request.picture is not None:
            made = make_from_picture(request.picture, rng).puzzle
        else:
            made = _graded_grid(height, width, request.difficulty, rng)
        puzzle = Puzzle(givens_grid(made), grid_of_rows(made.solution), request.seed,
                        difficulty=request.difficulty, extras=clues_of(made))
        self.verify(puzzle)
        return puzzle.graded(self.grade(puzzle.givens, puzzle.extras))

    def solutions(self, givens: Grid, extras: Extras = None, limit: int = 2) -> Search:
        from .bridge import SHADED, WHITE, engine_puzzle
        from .solver import count_solutions

        found: list = []
        count = count_solutions(engine_puzzle(givens, extras), limit, found)
        first = tuple(SHADED if cell else WHITE for row in found[0] for cell in row) \
            if found else None
        return Search(count, first, True, count)

    def verify(self, puzzle: Puzzle) -> None:
        from .automata import grids_by_automata
        from .bridge import engine_puzzle

        engine = engine_puzzle(puzzle.givens, puzzle.extras)
        count, grids = grids_by_automata(engine.rows, engine.columns, engine.givens)
        require_agreement(puzzle, CheckResult(count, tuple(grids), True, count),
                          "The Nonogram automata", self.line(puzzle),
                          self.exchange.registry_size(puzzle.shape),
                          self.answer_line(puzzle.solution))

    def grade(self, givens: Grid, extras: Extras = None) -> Grading:
        from .bridge import engine_puzzle
        from .ladder import grade_nonogram

        return grade_nonogram(engine_puzzle(givens, extras))

    @property
    def techniques(self) -> tuple[Ranked, ...]:
        return LADDER

    def clue_cells_across(self, frame: Shape) -> int:
        return (max(frame.frame) + 1) // 2  # the longest clue: runs of one, a cell apart

    def marks(self, givens: Grid, extras: Extras = None) -> Marks:
        """Each row's runs left of it and each column's above it, the last next to the
        grid; '0' beside a line with nothing shaded."""
        from ..board.marks import EdgeMark, Marks

        return Marks(edges=tuple(
            EdgeMark(side, index, str(run), ring)
            for side, clues in (("left", extras.rows), ("top", extras.columns))
            for index, clue in enumerate(clues)
            for ring, run in enumerate(reversed(clue or (0,)))))

    def repeat_key(self, givens: Grid, extras: Extras = None) -> str:
        from .key import nonogram_key

        return nonogram_key(self.name, givens, extras)


def _graded_grid(height: int, width: int, difficulty: str, rng: Rng) -> Nonogram:
    """A random grid's puzzle of the difficulty ('any': the first grid's): grids tried in
    turn, each with cells printed until it needs nothing harder (at_most), until one is
    of the grade."""
    from .ladder import grade_nonogram
    from .maker import at_most, make_from_picture, random_grid

    for _ in range(GRID_TRIES):
        made = make_from_picture(random_grid(height, width, rng), rng).puzzle
        if difficulty == "any":
            return made
        made = at_most(made, difficulty)
        if grade_nonogram(made).grade == difficulty:
            return made
    raise GenerationError(f"no {height}x{width} random Nonogram of grade {difficulty!r} in "
                          f"{GRID_TRIES} grids")


NONOGRAM = NonogramKind()
