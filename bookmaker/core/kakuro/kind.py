"""The Kakuro kind: runs of white squares adding up to the clues in the black squares.

A Kakuro's board is its pattern (core/board/shape.py, geometry 'kakuro'), drawn for each
puzzle; the frame a spec or the command line names is the square of its size (a Latin
square board carries the size). It has no givens (a line may give digits; none is made
with them), so clue counts do not apply, and no Sudoku Explainer rating; `symmetry` is
the symmetry of its black squares (rotational unless mirror or diagonal is asked for: a
Kakuro's pattern is always symmetric). Its first proof is the solver (solver.py), its
second the Kakuro check (check.py), written apart from it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..board.grid import Grid
from ..board.marks import BlockMark, Marks
from ..board.shape import Shape
from ..grade.grades import GRADES, Ranked
from ..killer.cages import unique_sums
from ..kinds.exchangeform import ExchangeForm
from ..kinds.kind import BoardDescription, DrawnBoard, Extras, MakeRequest, SquareKind
from ..kinds.presentation import Chart, Presentation
from ..kinds.puzzlink import KAKURO_LINK
from ..puzzle import Puzzle
from ..rng import Rng
from ..solve.verify import first_decided, require_agreement
from .clues import Clues, clue_square
from .text import KAKURO_SIZES, format_kakuro, parse_kakuro

if TYPE_CHECKING:
    from ..grade.grader import Grading
    from ..solve.search import Search

# A node of the second proof costs about 0.2 ms on a 15x15 Kakuro; generated Kakuros
# need as many as the solver, a few thousand at most (bench/README.md).
KAKURO_VERIFY_MAX_NODES = 100_000
# Kakuros in a row a job may make when the second proof cannot decide one within its
# budget (never seen): each is dropped unprinted for the next.
KAKURO_TRIES = 3
# The longest runs its unique-sums chart lists: a run of 8 leaves out the one digit its total
# says, and a run of 9 is 45.
CHART_MOST_CELLS = 7
# The least size an 'extreme' Kakuro is made in: on smaller boards the expert's techniques
# finish nearly every one (9x9: 16 attempts a puzzle, up to 37 of the 40 allowed).
EXTREME_FROM = 10
# The largest size each of the easiest grades is made in: tightening to their few
# techniques stalls on most larger boards (attempts that finish, in 30: beginner 7 at
# 18x18, 1 at 20x20 and 22x22; easy 8 at 20x20, 4 at 22x22, 3 at 25x25), so they would
# fail some seeds in their budget (generate.attempt_budget).
LARGEST_FOR = {GRADES[0]: 18, GRADES[1]: 21}


def looks_like_a_kakuro_line(text: str) -> bool:
    """Squares by ',', rows by '/', clues like 17\\23."""
    return "\\" in text and "/" in text


def unique_run_sums(size: int) -> Chart:
    """The unique sums: the run totals one set of digits 1-9 makes, by run length (whatever
    the board's size: a run's digits are 1 to 9)."""
    return unique_sums(9, CHART_MOST_CELLS)


class KakuroKind(DrawnBoard, SquareKind):
    """Kakuro: every run's digits differ and add up to its clue."""

    name = "kakuro"
    title = "Kakuro"
    aliases = ("cross-sums", "kakkuro")
    geometry = "kakuro"
    extras_type = Clues
    shapes_givens = False
    presentation = Presentation(  # two clues in the corners of a black square, each in
        corner_labels=True, corner_labels_named="run totals",  # its own half of the square
        corner_label_share=0.3,                                # (render BLOCK_CLUE_MAX)
        sudoku_rule=False,  # its rule stands alone
        summary="black squares' totals for the runs of white squares after them, digits 1-9 "
                "never twice in a run; 6x6 to 25x25",
        chart=unique_run_sums, chart_key="run_chart", looks_like=looks_like_a_kakuro_line,
        line_hint="this looks like a Kakuro line (squares by ',', rows by '/', clues like "
                  "17\\23): read it as a Kakuro (--variant kakuro)")
    heavy = True
    # ipuz 2.0 defines seven PuzzleKinds (crossword, sudoku, fill, acrostic, block, answer,
    # wordsearch; the ipuz package's reader knows the same seven): none is a Kakuro.
    exchange = ExchangeForm(named_by_frame=True, ipuz_absent=(
        "ipuz has no Kakuro PuzzleKind (it defines crossword, sudoku, fill, acrostic, block, "
        "answer and wordsearch), and its Sudoku kind has no black squares or run totals"),
        puzzlink=KAKURO_LINK)

    def size_problem(self, size: int, box_given: bool) -> str | None:
        if box_given:
            return "a Kakuro has runs, not boxes: give its size alone"
        if size not in KAKURO_SIZES:
            return (f"a Kakuro is {KAKURO_SIZES[0]}x{KAKURO_SIZES[0]} to "
                    f"{KAKURO_SIZES[-1]}x{KAKURO_SIZES[-1]} squares, got {size}x{size}")
        return None

    def board(self, frame: Shape, seed: int = 0) -> Shape:
        """The pattern a puzzle made from the seed is first tried on (rotational)."""
        from .generate import SETTINGS  # the engines load when first used
        from .pattern import make_pattern

        settings = SETTINGS["any"]
        return make_pattern(frame.size, Rng(seed), "rotational", settings.longest,
                            settings.black_share)

    def describe(self, frame: Shape) -> BoardDescription:
        return BoardDescription(f"{frame.size}x{frame.size} Kakuro", frame.cell_count)

    def options_problem(self, symmetry: str, clues: int | None,
                        rating: object | None) -> tuple[str, str] | None:
        if clues is not None:
            return "clues", "a Kakuro has no givens to count: leave clues out"
        if rating is not None:
            return "rating", ("SE ratings are for Sudoku; a Kakuro takes a difficulty")
        return None

    def grade_problem(self, frame: Shape, difficulty: str) -> str | None:
        if difficulty == GRADES[-1] and frame.size < EXTREME_FROM:
            return (f"{frame.size}x{frame.size} Kakuros are made up to {GRADES[-2]!r}: "
                    f"{GRADES[-1]!r} ones need {EXTREME_FROM}x{EXTREME_FROM} or more")
        largest = LARGEST_FOR.get(difficulty)
        if largest is not None and frame.size > largest:
            return (f"{difficulty!r} Kakuros are made up to {largest}x{largest}, not "
                    f"{frame.size}x{frame.size} (too few of that grade turn up)")
        return None

    def read(self, text: str, board: Shape | None = None) -> tuple[Grid, Clues]:
        return parse_kakuro(text, board)

    def write(self, givens: Grid, extras: Extras = None) -> str:
        return format_kakuro(givens, extras)

    def make(self, request: MakeRequest) -> Puzzle:
        """A Kakuro to its difficulty. One the second proof cannot decide within its
        budget is not printed: the job makes the next from a seed derived from its own
        (the same every run), up to KAKURO_TRIES; a proof that disagrees stops the run."""
        from .generate import generate_kakuro, pattern_symmetry

        def made_from(seed: int) -> tuple[Puzzle, Grading]:
            puzzle, grading = generate_kakuro(request.frame.size, seed, request.difficulty,
                                              pattern_symmetry(request.symmetry))
            return replace(puzzle, symmetry=request.symmetry), grading
        return first_decided(request.seed, "kakuro undecided", KAKURO_TRIES, made_from,
                             self.verify)

    def solutions(self, givens: Grid, extras: Extras = None, limit: int = 2) -> Search:
        from .solver import kakuro_solutions

        return kakuro_solutions(extras, givens.cells, limit=limit)

    def verify(self, puzzle: Puzzle) -> None:
        from .check import check_kakuro

        clues = puzzle.extras
        result = check_kakuro(puzzle.shape, clues.totals, puzzle.givens.cells, limit=2,
                              max_nodes=KAKURO_VERIFY_MAX_NODES)
        require_agreement(puzzle, result, "The Kakuro check", self.line(puzzle),
                          self.exchange.registry_size(puzzle.shape))

    def grade(self, givens: Grid, extras: Extras = None) -> Grading:
        from .grade import grade_kakuro

        return grade_kakuro(givens, extras)

    @property
    def techniques(self) -> tuple[Ranked, ...]:
        from .grade import KAKURO_TECHNIQUES
        return KAKURO_TECHNIQUES

    @property
    def singles(self) -> tuple[str, ...]:
        from .grade import KAKURO_SINGLES
        return KAKURO_SINGLES

    def repeat_key(self, givens: Grid, extras: Extras = None) -> str:
        from .key import kakuro_key

        return kakuro_key(givens, extras)

    def marks(self, givens: Grid, extras: Extras = None) -> Marks:
        return Marks(blocks=block_marks(givens.shape, extras))


def block_marks(shape: Shape, clues: Clues) -> tuple[BlockMark, ...]:
    """Every black square of the frame, in reading order, with the totals of the runs it
    starts."""
    sums: dict[tuple[int, int], dict[str, str]] = {}
    for run, unit in enumerate(shape.units):
        sums.setdefault(clue_square(shape, run), {})[unit.kind] = str(clues.totals[run])
    white = set(shape.positions)
    rows, cols = shape.frame
    return tuple(BlockMark(row, col, **sums.get((row, col), {}))
                 for row in range(rows) for col in range(cols) if (row, col) not in white)


KAKURO = KakuroKind()
KAKURO_KINDS = (KAKURO,)
