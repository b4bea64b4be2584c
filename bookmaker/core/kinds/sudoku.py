"""The Sudoku kinds: classic, X, Hyper, Jigsaw and Samurai, one object each.

Each is a board geometry (core/board/shape.py) with givens and nothing else: the same
generator, solver, Dancing Links proof, grader and SE rater serve them all. A job names
the classic board of its size and box (the *frame*); `board` turns the frame and the
puzzle's seed into the board itself: X, Hyper and Samurai boards depend on the box
alone, a Jigsaw's regions are drawn from the seed (core/board/jigsaw.py), so two jigsaw
puzzles rarely share a layout.

The engines that make, grade and rate puzzles are imported when first used, so that
reading and checking puzzles (`bookmaker check`, `solve`) loads only boards and solvers.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..board.grid import Grid, format_grid, parse_grid
from ..board.shape import LARGEST_JIGSAW, MAX_SIZE, Shape, board_of, jigsaw_of, shape_for_size
from ..grade.grades import GRADES, Ranked
from ..puzzle import Puzzle
from ..solve.search import Search
from ..solve.solver import count_solutions
from .exchangeform import ExchangeForm
from .ipuzform import IpuzForm
from .kind import BoardDescription, BoxKind, DrawnBoard, MakeRequest
from .presentation import Presentation
from .puzzlink import SUDOKU_LINK

if TYPE_CHECKING:
    from ..grade.grader import Grading
    from ..rating.rater import Rating

MIN_SIZE = 4
SAMURAI_BOX = (3, 3)
JIGSAW_SIZES = range(MIN_SIZE, LARGEST_JIGSAW + 1)  # larger: no grid in time (issue 27 M2)
# Sizes Hyper is made in: on 16x16 and 25x25 its windows leave no fill, and a 4x4's one
# window makes a puzzle nobody prints.
HYPER_SIZES = (9,)
CLASSIC_ONLY = ("puzz.link's (pzprjs's) Sudoku has rows, columns and boxes only: no diagonals, "
                "windows, jigsaw regions or Samurai grids")
UNDECIDED_TRIES = 3  # puzzles in a row a job may make that Dancing Links cannot decide


class SudokuKind(BoxKind):
    """A Sudoku on one board geometry: givens only, every symbol once in every unit."""

    se_rated = True
    derives = True
    presentation = Presentation(any_glyphs=True)
    # ipuz's Sudoku: boxes, or zones for regions, diagonals, windows
    exchange = ExchangeForm(ipuz=IpuzForm(), puzzlink_absent=CLASSIC_ONLY)
    layout_tries = 1  # layouts tried for a puzzle (a jigsaw's regions: drawn from the seed)

    def size_problem(self, size: int, box_given: bool) -> str | None:
        if not MIN_SIZE <= size <= MAX_SIZE:
            return f"size must be between {MIN_SIZE} and {MAX_SIZE}, got {size}"
        return None

    def grade_problem(self, frame: Shape, difficulty: str) -> str | None:
        from ..grade.grades import unreachable_grade
        return unreachable_grade(frame, difficulty)

    def read(self, text: str, board: Shape | None = None) -> tuple[Grid, None]:
        return parse_grid(text, board, self.geometry), None

    def _made_on_a_layout(self, request: MakeRequest
                          ) -> tuple[Puzzle, Grading | None, Rating | None]:
        """_made() on the board of the request's seed; for a kind whose layout is drawn
        from the seed, where that layout never gives the grade within the attempts, on the
        layouts of seeds derived from it in turn (the same every run). Not for a rating
        range, which may be out of every layout's reach: its budget is spent once."""
        from ..puzzle import GenerationError
        from ..rng import derive_seed

        tries = self.layout_tries if request.rating is None else 1
        for attempt in range(tries):
            seed = request.seed if attempt == 0 else \
                derive_seed(request.seed, f"{self.name} layout", attempt)
            try:
                return _made(self.board(request.frame, seed), replace(request, seed=seed))
            except GenerationError:
                if attempt == tries - 1:
                    raise
        raise AssertionError("unreachable")

    def write(self, givens: Grid, extras: None = None) -> str:
        return format_grid(givens)

    def make(self, request: MakeRequest) -> Puzzle:
        """A puzzle to the request, proven by Dancing Links; one it cannot decide within
        its budget (a 24x24 now and then) is dropped for the next from a derived seed, the
        same every run, as the Latin kinds do."""
        from ..solve.verify import first_proven

        puzzle, grading, rating = first_proven(
            request.seed, f"{self.name} undecided", UNDECIDED_TRIES,
            lambda seed: self._made_on_a_layout(replace(request, seed=seed)),
            lambda made: self.verify(made[0]))
        if grading is not None:
            puzzle = puzzle.graded(grading)
        if rating is None:
            return puzzle
        return replace(puzzle, rating=rating.texts, rater=rating.version)

    def records_rating(self, puzzle: Puzzle) -> bool:
        # Not where it was rated to a range as it was made.
        return not puzzle.rating and rated_unasked(puzzle.shape)

    def with_recorded_rating(self, puzzle: Puzzle) -> Puzzle:
        if not self.records_rating(puzzle):
            return puzzle
        rating = _recorded_rating(puzzle.givens)
        return replace(puzzle, rating=rating.texts, rater=rating.version)

    def solutions(self, givens: Grid, extras: None = None, limit: int = 2) -> Search:
        return count_solutions(givens, limit=limit)

    def verify(self, puzzle: Puzzle) -> None:
        from ..solve.verify import verify_by_dancing_links  # not to check or solve a line
        verify_by_dancing_links(puzzle, self.exchange.registry_size(puzzle.shape))

    def grade(self, givens: Grid, extras: None = None) -> Grading:
        from ..grade.grader import grade
        return grade(givens)

    @property
    def techniques(self) -> tuple[Ranked, ...]:
        from ..grade.grader import TECHNIQUES
        return TECHNIQUES

    def solving_path(self, givens: Grid, extras: None = None) -> list[tuple[str, int]]:
        from ..grade.grader import solving_path
        return solving_path(givens)

    def repeat_key(self, givens: Grid, extras: None = None) -> str:
        from ..board.transform import repeat_key
        return repeat_key(givens)


def _made(board: Shape, request: MakeRequest
          ) -> tuple[Puzzle, Grading | None, Rating | None]:
    """A puzzle to the request on the board, its grading and its rating (None where none
    is recorded)."""
    if request.rating is not None:
        from ..rating.target import generate_rated  # the rater loads only when used

        return generate_rated(board, request.seed, request.rating, request.difficulty,
                              request.symmetry)
    puzzle, grading = _graded(board, request)
    rating = _recorded_rating(puzzle.givens) \
        if request.record_rating and rated_unasked(board) else None
    return puzzle, grading, rating


def _graded(board: Shape, request: MakeRequest) -> tuple[Puzzle, Grading | None]:
    """A puzzle of the grade asked for (any grade: as removal leaves it), and its grading
    (None for one of any grade whose grade is not recorded)."""
    if request.difficulty != "any":
        from ..generate.graded import generate_graded
        return generate_graded(board, request.seed, request.difficulty, request.symmetry)
    from ..generate.removal import generate
    puzzle = generate(board, request.seed, request.symmetry, request.target_clues)
    if not request.record_grade:
        return puzzle, None  # only its givens are kept: the grader need not even load
    from ..grade.grader import grade_within
    grading = grade_within(puzzle.givens, GRADES[-1])
    assert grading is not None  # the last grade caps nothing
    return puzzle, grading


def _recorded_rating(givens: Grid) -> Rating:
    """The rating recorded with a puzzle made without a range asked for (a lower bound past
    the generation budget)."""
    from ..rating.target import GENERATION_BUDGET, rate

    return rate(givens, GENERATION_BUDGET)


def rated_unasked(board: Shape) -> bool:
    """Whether a puzzle made without a rating range is rated anyway, as it is made: on a
    board of 81 cells, where SE ratings are read and a rating costs ~0.2 s at worst. A
    16x16 one cost up to GENERATION_BUDGET (~0.6 s) each, 30 s of a 300-puzzle book for a
    number nobody compares; `bookmaker rate` and `rating:` still rate any board."""
    return board.cell_count == 81


class ClassicKind(SudokuKind):
    """Classic Sudoku: rows, columns and boxes."""

    presentation = Presentation(any_glyphs=True, named_in_captions=False, own_rule=False)
    exchange = ExchangeForm(ipuz=IpuzForm(), puzzlink=SUDOKU_LINK)

    def distinct_supply(self, frame: Shape,
                        settings: set[tuple[str, int | None]]) -> int | None:
        from ..generate.supply import most_distinct, most_distinct_together
        if len(settings) == 1:
            return most_distinct(frame, *next(iter(settings)))
        return most_distinct_together(frame, settings)

    @property
    def seed_words(self) -> tuple[str, ...]:
        return ()  # classic puzzles keep the seeds they always had


class HyperKind(SudokuKind):
    """Hyper (Windoku): four extra 3x3 windows."""

    def size_problem(self, size: int, box_given: bool) -> str | None:
        if size not in HYPER_SIZES:
            return f"hyper (four extra 3x3 windows) is 9x9 only, got {size}x{size}"
        return None


class JigsawKind(DrawnBoard, SudokuKind):
    """Jigsaw: irregular regions instead of boxes, drawn from each puzzle's seed."""

    takes_box = False
    exchange = ExchangeForm(ipuz=IpuzForm(), drawn_regions=True, puzzlink_absent=CLASSIC_ONLY)
    # Some layouts seldom or never give a grade (a 15x15 extreme: 1 attempt in 150 on one,
    # 1 in 4 to 9 on three others; a 17x17 hard: none within the attempts on 1 in 3):
    # 20 layouts miss it with odds of (1/3)^20, about 3e-10.
    layout_tries = 20

    def size_problem(self, size: int, box_given: bool) -> str | None:
        if box_given:
            return "a jigsaw has irregular regions, not boxes: give its size alone"
        if size not in JIGSAW_SIZES:
            return (f"a jigsaw is {JIGSAW_SIZES[0]}x{JIGSAW_SIZES[0]} to "
                    f"{JIGSAW_SIZES[-1]}x{JIGSAW_SIZES[-1]}, got {size}x{size}")
        return None

    def frame(self, size: int, box: tuple[int, int] | None = None) -> Shape:
        """The classic board of the size; for a size without boxes (a prime: 5x5, 7x7,
        11x11), a stand-in jigsaw whose regions are its rows, which carries the size."""
        problem = self.size_problem(size, box is not None)
        if problem:
            raise ValueError(problem)
        try:
            return shape_for_size(size)
        except ValueError:
            return jigsaw_of(cell // size for cell in range(size * size))

    def board(self, frame: Shape, seed: int = 0) -> Shape:
        from ..generate.jigsaw import jigsaw_layout  # a layout is checked by a fill: generation
        return jigsaw_layout(frame.size, seed)

    def describe(self, frame: Shape) -> BoardDescription:
        return BoardDescription(f"{frame.size}x{frame.size} Jigsaw", frame.cell_count)


class SamuraiKind(SudokuKind):
    """Samurai: five 9x9 grids overlapping in their corner boxes."""

    heavy = True
    presentation = Presentation(any_glyphs=True, size_in_captions=False, one_a_page=True)
    exchange = ExchangeForm(ipuz_absent=(
        "ipuz's Sudoku is one grid whose every row and column holds each symbol: a "
        "Samurai's five overlapping grids are not"), puzzlink_absent=CLASSIC_ONLY)

    def size_problem(self, size: int, box_given: bool) -> str | None:
        if size != 9:
            return f"a samurai is five 9x9 grids: its size is 9x9, got {size}x{size}"
        return None

    def frame(self, size: int, box: tuple[int, int] | None = None) -> Shape:
        problem = self.size_problem(size, box is not None)
        if problem or (box or SAMURAI_BOX) != SAMURAI_BOX:
            raise ValueError(problem or "a Samurai is made of 9x9 grids with 3x3 boxes")
        return board_of(*SAMURAI_BOX)


CLASSIC = ClassicKind("classic", "Sudoku", "classic", ("sudoku", "standard"),
                      "rows, columns and boxes hold every symbol")
X = SudokuKind("x", "Sudoku X", "x", ("sudoku-x", "x-sudoku", "diagonal-sudoku"),
               "both diagonals hold every symbol too")
HYPER = HyperKind("hyper", "Hyper Sudoku", "hyper", ("windoku", "hyper-sudoku"),
                  "four more 3x3 windows on 9x9")
JIGSAW = JigsawKind("jigsaw", "Jigsaw Sudoku", "jigsaw", ("irregular", "nonomino"),
                    "irregular regions, written after the cells on each line")
SAMURAI = SamuraiKind("samurai", "Samurai", "samurai", ("gattai-5",),
                      "five overlapping 9x9 grids, 405 symbols a line")
SUDOKU_KINDS = (CLASSIC, X, HYPER, JIGSAW, SAMURAI)
