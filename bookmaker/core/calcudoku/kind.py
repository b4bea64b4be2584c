"""The Calcudoku kinds: cages with targets on a Latin square, showing all four operations
(Calcudoku), addition only (Addition Calcudoku, for children) or no operation at all
(Hidden-operation Calcudoku, for experts).

Three kinds rather than one with an option: what a cage shows changes the puzzle line
(a hidden line has no operations to read), its rules on the how-to-play page and in a
daily's heading, its repeat key (addition-only puzzles may be relabelled v -> n+1-v),
which grades each size reaches, and a registry row's size column; as kinds, a spec's
`variant:`, a daily weekday, the command line's --variant, the registry and every
caption see which one a puzzle is, with no option to carry through the pipeline
(as Killer and Killer X are two kinds). The type of a puzzle's cages tells them apart.

Calcudoku is made with no givens, so symmetry and clue counts do not apply, and it has
no Sudoku Explainer rating. Its first proof is its solver (solver.py), its second an
exact cover written apart from it (check.py).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from ..board.grid import Grid
from ..board.marks import CageMark, Marks
from ..board.shape import Shape
from ..grade.grades import GRADES, Ranked
from ..kinds.exchangeform import ExchangeForm
from ..kinds.ipuzform import IpuzForm
from ..kinds.kind import Extras, MakeRequest, SquareKind
from ..kinds.presentation import Presentation, ProductChart
from ..puzzle import Puzzle
from ..solve.verify import agrees, require_agreement
from ..words import with_article
from .cages import (
    HIDDEN,
    MULTIPLY,
    OPERATIONS,
    AdditionCages,
    CalcCages,
    CalcudokuError,
    HiddenCages,
    MathCage,
)
from .text import SIZES, format_calcudoku, parse_calcudoku

if TYPE_CHECKING:
    from ..grade.grader import Grading
    from ..solve.search import Search

# Generous: a generated Calcudoku's exact cover settles in a few hundred nodes.
CHECK_MAX_NODES = 200_000


def _above(grade: str) -> tuple[str, ...]:
    return GRADES[GRADES.index(grade) + 1:]


# The grades each kind is not made in at a size, as measured (bench/README.md,
# bench_attempts.py): a 3x3 is always a beginner's. With all four operations 4x4 and 5x5
# reach medium; 6x6 to 9x9 every grade: a targeted climb over reshapings near the crux
# (generate.py) makes each of bench_calcudoku's seeds expert (bench/README.md's
# Calcudoku table: 6x6 in tens of milliseconds, 9x9 in about a tenth of a second median
# and a second or two at worst). Sums alone and hidden
# operations make a 4x4 medium once in some thirty attempts (over a second each), so they
# stop at easy there, and at medium at 5x5; from 6x6 they reach hard, and harder grades
# are not measured.
CALCUDOKU_UNMADE = {3: _above("beginner"), 4: _above("medium"), 5: _above("medium"),
                    **{size: () for size in range(6, 10)}}
SUMS_UNMADE = {3: _above("beginner"), 4: _above("easy"), 5: _above("medium"),
               **{size: _above("hard") for size in range(6, 10)}}


def looks_like_a_calcudoku_line(text: str) -> bool:
    """Cage letters, clues."""
    parts = text.split()
    return len(parts) == 2 and parts[0].isalnum() and not parts[0].isdigit() and \
        parts[1][:1].isdigit()


def product_chart(cages_type: type[CalcCages], size: int) -> ProductChart:
    """Every product of two different numbers 1..size with the pairs that make it, where
    cages of the type may multiply (a hidden operation may be one): a two-cell cage lies
    in one row or column, so its numbers differ (12 = 2×6 or 3×4)."""
    if MULTIPLY not in cages_type.made_with:
        return ()
    pairs: dict[int, list[tuple[int, int]]] = {}
    for low in range(1, size + 1):
        for high in range(low + 1, size + 1):
            pairs.setdefault(low * high, []).append((low, high))
    return tuple((product, tuple(made)) for product, made in sorted(pairs.items()))


class CalcudokuKind(SquareKind):
    """Calcudoku with cages of one type (what they show)."""

    geometry = "latin"
    shapes_givens = False
    presentation = Presentation(corner_labels=True, corner_labels_named="cage clues",
                                sudoku_rule=False,
                                rules_family="calcudoku",  # no boxes, each number once a
                                #  line, cages may repeat: said once for the family
                                looks_like=looks_like_a_calcudoku_line,  # the three alike
                                line_hint="this looks like a Calcudoku line (cage layout, "
                                          "clues): read it as a Calcudoku (--variant "
                                          "calcudoku, calcudoku-add or calcudoku-hidden)")

    def __init__(self, name: str, title: str, extras_type: type[CalcCages],
                 aliases: tuple[str, ...], unmade: dict[int, tuple[str, ...]],
                 summary: str) -> None:
        self.name, self.title, self.aliases = name, title, aliases
        self.presentation = replace(self.presentation, summary=summary,
                                    products=partial(product_chart, extras_type))
        self.extras_type = self.cages_type = extras_type
        self.unmade = unmade  # the grades not made at a size (every grade if none)
        # the grades made at some size
        self.grades = tuple(grade for grade in GRADES
                            if any(grade not in self.unmade.get(size, ()) for size in SIZES))
        # ipuz's Sudoku kind without boxes, its cages thick-bordered with their operations
        # shown (or not: a hidden-operation cage writes its value alone).
        ipuz = IpuzForm(cage_border="thick",
                        show_operators=bool(set(extras_type.shown_operations) - {HIDDEN}))
        self.exchange = ExchangeForm(ipuz=ipuz, size_word=title, extras_of_marks=partial(
            cages_of_marks, extras_type, title),
            puzzlink_absent="puzz.link (pzprjs) has no Calcudoku (KenKen)")
        super().__init__()

    def size_problem(self, size: int, box_given: bool) -> str | None:
        if box_given:
            return f"{self.name} is a Latin square without boxes: give its size alone"
        if size not in SIZES:
            return (f"{self.name} puzzles are made in the sizes {SIZES[0]}x{SIZES[0]} to "
                    f"{SIZES[-1]}x{SIZES[-1]}; got {size}x{size}")
        return None

    def options_problem(self, symmetry: str, clues: int | None,
                        rating: object | None) -> tuple[str, str] | None:
        if symmetry != "none":
            return "symmetry", ("a Calcudoku is made without givens, so it has no clue "
                                "pattern: leave symmetry out")
        if clues is not None:
            return "clues", "a Calcudoku is made without givens: leave clues out"
        if rating is not None:
            return "rating", ("SE ratings are for Sudoku; a Calcudoku takes a difficulty")
        return None

    def grade_problem(self, frame: Shape, difficulty: str) -> str | None:
        unmade = self.unmade.get(frame.size, ())
        if difficulty not in unmade:
            return None
        made = [grade for grade in GRADES if grade not in unmade]
        if GRADES.index(difficulty) > GRADES.index(made[-1]):
            return (f"{frame.size}x{frame.size} {self.title} puzzles are made up to "
                    f"{made[-1]!r}, so none is {difficulty!r}")
        return (f"{frame.size}x{frame.size} {self.title} puzzles are made {', '.join(made)}; "
                f"not {difficulty!r} (too few of that grade turn up)")

    def read(self, text: str, board: Shape | None = None) -> tuple[Grid, CalcCages]:
        cages = parse_calcudoku(text, self.cages_type, board)
        return Grid(cages.shape, (0,) * cages.shape.cell_count), cages

    def write(self, givens: Grid, extras: Extras = None) -> str:
        return format_calcudoku(extras)

    def make(self, request: MakeRequest) -> Puzzle:
        from .generate import generate_calcudoku  # the engines load when first used

        board = self.board(request.frame)
        puzzle, grading = generate_calcudoku(self.cages_type, board, request.seed,
                                             request.difficulty)
        self.verify(puzzle)
        return puzzle.graded(grading)

    def solutions(self, givens: Grid, extras: Extras = None,
                  limit: int = 2) -> Search:
        from .solver import calcudoku_solutions

        return calcudoku_solutions(extras, givens.cells, limit=limit)

    def verify(self, puzzle: Puzzle) -> None:
        from .check import check_calcudoku

        cages = [(cage.cells, cage.target, cage.operation) for cage in puzzle.extras.cages]
        result = check_calcudoku(puzzle.shape.size, cages, limit=2, max_nodes=CHECK_MAX_NODES)
        if agrees(puzzle, result):  # the message's line is made only for a failure
            return
        require_agreement(puzzle, result, "The Calcudoku exact cover", self.line(puzzle),
                          self.exchange.registry_size(puzzle.shape))

    def grade(self, givens: Grid, extras: Extras = None) -> Grading:
        from .grade import grade_calcudoku

        return grade_calcudoku(givens, extras)

    @property
    def techniques(self) -> tuple[Ranked, ...]:
        from .grade import CALCUDOKU_TECHNIQUES
        return CALCUDOKU_TECHNIQUES

    @property
    def singles(self) -> tuple[str, ...]:
        from .grade import CALCUDOKU_SINGLES
        return CALCUDOKU_SINGLES

    def repeat_key(self, givens: Grid, extras: Extras = None) -> str:
        from .key import calcudoku_key

        return calcudoku_key(self.name, extras)

    def marks(self, givens: Grid, extras: Extras = None) -> Marks:
        return Marks(cages=tuple(CageMark(cage.cells, extras.label(cage), "outlined")
                                 for cage in extras.cages))


def cages_of_marks(cages_type: type[CalcCages], title: str, board: Shape,
                   marks: Marks) -> CalcCages:
    """A Calcudoku's cages of a type read back from their marks (an ipuz file's cages;
    `title` names the kind in messages); ValueError names the cage that does not fit."""
    if not marks.cages:
        raise ValueError(f"{with_article(title)} has cages, and none are given")
    cages = tuple(sorted((_math_cage(m) for m in marks.cages), key=lambda c: c.cells))
    try:
        return cages_type(board, cages)
    except CalcudokuError as err:  # its indices count cages in this order
        index, message = err.problems[0]
        where = "cages" if index < 0 else \
            f"the cage from {board.cell_name(cages[index].cells[0])}"
        raise ValueError(f"{where}: {message}") from None


def _math_cage(mark: CageMark) -> MathCage:
    """A cage from its printed label ('12+', '2÷', '6'); ValueError for another label."""
    operation = next((op for op in OPERATIONS if mark.label.endswith(op)), HIDDEN)
    target = mark.label[:len(mark.label) - len(operation)]
    if not target.isdigit():
        raise ValueError(f"a cage label {mark.label!r} is not a target and an operation")
    return MathCage(tuple(sorted(mark.cells)), int(target), operation)


CALCUDOKU = CalcudokuKind("calcudoku", "Calcudoku", CalcCages, ("mathdoku", "calcdoku"),
                          CALCUDOKU_UNMADE, "a Latin square with cages showing a target and an "
                                         "operation (+ - x /)")
ADDITION_CALCUDOKU = CalcudokuKind("calcudoku-add", "Addition Calcudoku", AdditionCages,
                                   ("calcudoku-addition", "addition-calcudoku"),
                                   SUMS_UNMADE, "a Calcudoku whose cages all add")
HIDDEN_CALCUDOKU = CalcudokuKind("calcudoku-hidden", "Hidden-operation Calcudoku",
                                 HiddenCages, ("calcudoku-no-operations", "hidden-calcudoku"),
                                 SUMS_UNMADE, "a Calcudoku whose cages show targets only")
CALCUDOKU_KINDS = (CALCUDOKU, ADDITION_CALCUDOKU, HIDDEN_CALCUDOKU)
