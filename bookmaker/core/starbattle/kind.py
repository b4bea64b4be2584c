"""The Star Battle kind (Two Not Touch; LinkedIn's Queens at one star): place k stars in
every row, column and region of a square, no two touching, not even at a corner.

Its answer is shading (kinds/answer.py), a star for a shaded cell; it has no givens: its
regions are its board's (a Shape of the `starbattle` geometry, like a Jigsaw's, carrying
the star count), drawn per puzzle and carried by each line. How many stars goes with the
size (layout.SIZES: one to 8x8, two from 9x9); a line may say another count its square
fits. The first proof is the solver's propagation and search (solver.py), the second the
row by row count (count.py), written apart from it, with the rules checked on the
solution here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board.grid import Grid, GridError
from ..board.shape import Shape, starbattle_of
from ..checkresult import CheckResult
from ..kinds.answer import STAR_GLYPHS, Answer, Limits
from ..kinds.exchangeform import ExchangeForm
from ..kinds.kind import BoardDescription, DrawnBoard, Extras, MakeRequest
from ..kinds.logickind import LogicKind, SizeWords, Untaken
from ..kinds.presentation import Presentation
from ..puzzle import Puzzle
from ..solve.search import Search
from ..solve.verify import require_agreement
from .grade import STARBATTLE_GRADES
from .layout import SIZES, STAR, WHITE, Layout
from .puzzlink import STARBATTLE_LINK
from .text import StarTextError, format_layout, parse_layout

if TYPE_CHECKING:
    from ..board.marks import Marks
    from ..grade.grader import Grading
    from ..grade.grades import Ranked

STAR_MARK = "\u2605"  # a black star: a caption prints one after the size for each a unit holds

# Made to 12x12 by searching: a 10x10 two-star takes 0.52 s median (20 seeds, 2026-12-02,
# Xeon), an 11x11 2.3 s (10 s worst) since the search counts 2x2 blocks, a 12x12 3.4 s (22 s
# worst) since its searches give up at 2,500 nodes. A 14x14 three-star's regions are grown
# so that the grader forces its stars (forced.py; a search for a second solution runs
# thousands of 1 ms nodes on each move), and the row by row count proves it in about 14 s
# (bench/results/xeon-2cpu/2026-12-02-star14b.md). With propagation, trials, count and star
# placement in C: 14x14 1.9 s median, 12.5 s worst of 20 seeds; 12x12 0.67 s (epyc-2cpu/
# 2026-12-02-starfast.md); 13x13 is no usual size.
MADE_SIZES = (*range(5, 13), 14)
STAR_TEXT = ("-", "*")  # an answer line's white cell and star: what a keyboard types


def looks_like_a_starbattle_line(text: str) -> bool:
    """Two words: a star count, and capital letters as many as a square's cells."""
    parts = text.split()
    return len(parts) == 2 and parts[0].isdigit() and parts[1].isalpha() and \
        parts[1].isupper() and len(parts[1]) in (n * n for n in SIZES)


def layout_of(board: Shape) -> Layout:
    """The engine's layout of a Star Battle board."""
    return Layout(board.size, board.box_rows, board.regions)


class StarBattleKind(DrawnBoard, LogicKind):
    """Star Battle: k stars in every row, column and region, no two touching."""

    name = "starbattle"
    title = "Star Battle"
    aliases: tuple[str, ...] = ("star-battle", "queens", "two-not-touch", "stars")
    geometry = "starbattle"
    shapes_givens = False
    heavy = True  # a 5x5 in milliseconds, but a 9x9 in seconds and a 10x10 up to a minute
    grades = STARBATTLE_GRADES
    untaken = Untaken(
        symmetry="a Star Battle has no givens to lay out: leave symmetry out",
        clues="a Star Battle has no givens: leave the clue count out",
        rating="SE ratings are for Sudoku; a Star Battle takes a difficulty")
    sizes = MADE_SIZES
    size_words = SizeWords(
        made="Star Battles are made 5x5 to 8x8 (one star), 9x9 to 12x12 (two stars) and "
             "14x14 (three stars)",
        boxes="{a} has regions, not boxes: give its size alone")
    # The page marks, as they are made, stars that touch and units with too many (or, full,
    # too few) stars: the board's count (box_rows) a unit.
    answer = Answer("shading", STAR_GLYPHS, Limits(most=True, apart=True), drawn="stars")
    presentation = Presentation(
        sudoku_rule=False, cell_room="stars",
        summary="place stars so that every row, column and region holds as many as the "
                "puzzle says, no two touching, not even at a corner",
        looks_like=looks_like_a_starbattle_line,
        line_hint="this looks like a Star Battle line (stars, regions): read it as one "
                  "(--variant starbattle)",
        size_mark=lambda size: STAR_MARK * SIZES.get(size, 0),
        time_model="lines")
    exchange = ExchangeForm(size_word=title, ipuz_absent=(
        "ipuz has no PuzzleKind for a Star Battle"), puzzlink=STARBATTLE_LINK)

    def square(self, size: int) -> Shape:
        """A stand-in board of the size whose regions are its rows: the frame, carrying
        the size and its stars (each puzzle's regions come with it)."""
        return starbattle_of((cell // size for cell in range(size * size)), SIZES[size])

    def board(self, frame: Shape, seed: int = 0) -> Shape:
        return frame  # a puzzle's regions are made with it, and read from its line

    def describe(self, frame: Shape) -> BoardDescription:
        return BoardDescription(f"{frame.size}x{frame.size} {self.title}", frame.cell_count)

    def grade_problem(self, frame: Shape, difficulty: str) -> str | None:
        off_ladder = super().grade_problem(frame, difficulty)
        if off_ladder:
            return off_ladder
        from .generate import grades_made

        made = grades_made(SIZES[frame.size])  # two stars and more: expert alone
        if difficulty not in ("any",) + made:
            return (f"a {frame.size}x{frame.size} Star Battle of {SIZES[frame.size]} stars is "
                    f"made expert (or any): its layouts that one solution leaves are nearly "
                    f"all expert, so no {difficulty} one is made for every seed")
        return None

    def read(self, text: str, board: Shape | None = None) -> tuple[Grid, Extras]:
        try:
            layout = parse_layout(text)
        except StarTextError as error:
            raise GridError(str(error)) from None
        if board is not None and board.size != layout.size:
            raise GridError(f"{layout.size}x{layout.size} regions; this Star Battle is "
                            f"{board.size}x{board.size}")
        shape = starbattle_of(layout.regions, layout.stars)
        return Grid(shape, (0,) * shape.cell_count), None

    def write(self, givens: Grid, extras: Extras = None) -> str:
        return format_layout(layout_of(givens.shape))

    def answer_line(self, solution: Grid) -> str:
        return "".join(STAR_TEXT[value - 1] for value in solution.cells)

    def read_answer(self, text: str, board: Shape) -> Grid:
        cells = text.strip()
        if len(cells) != board.cell_count or set(cells) - set(STAR_TEXT):
            raise GridError(f"a {board} answer is {board.cell_count} of "
                            f"{' and '.join(STAR_TEXT)}; got {cells[:40]!r}")
        return Grid(board, tuple(STAR_TEXT.index(c) + 1 for c in cells))

    def make(self, request: MakeRequest) -> Puzzle:
        """A layout to its grade, proven unique by the solver as it is made and by the
        count here, graded by the engine's ladder."""
        from .generate import generate_starbattle
        from .steps import grading_of

        n = request.frame.size
        layout, solution, grading = generate_starbattle(n, request.frame.box_rows,
                                                        request.seed, request.difficulty)
        board = starbattle_of(layout.regions, layout.stars)
        puzzle = Puzzle(Grid(board, (0,) * board.cell_count), Grid(board, solution),
                        request.seed, difficulty=request.difficulty)
        self.verify(puzzle)
        return puzzle.graded(grading_of(grading))

    def solutions(self, givens: Grid, extras: Extras = None, limit: int = 2) -> Search:
        from .solver import solve_starbattle

        found = solve_starbattle(layout_of(givens.shape), limit)
        return Search(found.count, found.solution, found.complete, found.count)

    def verify(self, puzzle: Puzzle) -> None:
        from .count import count_starbattle

        layout = layout_of(puzzle.shape)
        count = count_starbattle(layout, 2)
        result = CheckResult(count, _answers_told(layout, puzzle, count), True, count)
        require_agreement(puzzle, result, "The Star Battle count", self.line(puzzle),
                          self.exchange.registry_size(puzzle.shape))

    def grade(self, givens: Grid, extras: Extras = None) -> Grading:
        from .steps import graded_steps

        return graded_steps(layout_of(givens.shape))

    @property
    def techniques(self) -> tuple[Ranked, ...]:
        from .steps import TECHNIQUES
        return TECHNIQUES

    @property
    def singles(self) -> tuple[str, ...]:
        return ()

    def marks(self, givens: Grid, extras: Extras = None) -> Marks:
        """Its regions tinted (their heavy outlines are the board's own)."""
        from ..board.marks import Marks
        from .tints import region_tints

        return Marks(tints=region_tints(layout_of(givens.shape)))

    def repeat_key(self, givens: Grid, extras: Extras = None) -> str:
        from .text import repeat_key

        return repeat_key(layout_of(givens.shape))


def _answers_told(layout: Layout, puzzle: Puzzle, count: int) -> tuple[tuple[int, ...], ...]:
    """The answers the count's verdict goes with. The count finds how many, not which: one
    answer, and the rules checked on the puzzle's, proves the puzzle's the one. Otherwise
    (a failure, told with them) the solver's, as many as the verdict names."""
    if count == 1 and keeps_rules(layout, puzzle.solution.cells):
        return (puzzle.solution.cells,)
    from .solver import solve_starbattle

    found = solve_starbattle(layout, 2).solutions + ((0,) * len(layout.regions),) * 2
    return found[:min(max(count, 1), 2)]


def keeps_rules(layout: Layout, values: tuple[int, ...]) -> bool:
    """Whether the values are a Star Battle's answer: stars and whites only, k stars in
    each unit, no two touching."""
    return set(values) <= {STAR, WHITE} and \
        all(sum(values[c] == STAR for c in unit) == layout.stars for unit in layout.units) \
        and not any(values[o] == STAR for c, v in enumerate(values) if v == STAR
                    for o in layout.touching[c])


STARBATTLE = StarBattleKind()
