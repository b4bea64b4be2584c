"""What every kind of puzzle knows: the one interface the pipeline asks (after Tatham's
`struct game` and python-chess's variant classes).

Glossary: a *kind* is what a reader would call the puzzle (classic Sudoku, X, Killer,
...); its *board* is the Shape its cells and units live on (core/board); its *frame* is
the classic board of the size (and box) a spec or the command line names, which a job
carries and the kind turns into the board (a jigsaw's regions drawn from the seed);
its *extras* are the clues beyond the givens (a Killer's cages), None for Sudoku.

Spec, command line, producing, verification, registry, puzzle files, pages and cover
ask a Kind; no code outside core/kinds and the kind packages compares a kind's name
(tests/test_kinds.py walks the tree to hold that).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..board.grid import Grid, format_grid, parse_grid
from ..board.shape import Shape, board_of, latin_of, shape_for_size
from ..grade.grades import GRADES, Ranked
from ..puzzle import Puzzle
from ..words import with_article
from .answer import Answer
from .exchangeform import ExchangeForm
from .presentation import Presentation

if TYPE_CHECKING:  # marks load where drawn, not to check a line
    from ..board.marks import Marks
    from ..grade.grader import Grading
    from ..solve.search import Search

Extras = Any  # a kind's clues beyond the givens (killer.cages.Cages), None for Sudoku


@dataclass(frozen=True)
class BoardDescription:
    """What a kind's boards on a frame have in common: a name, a cell count."""

    name: str
    cell_count: int

    def __str__(self) -> str:  # messages name it as they name a Shape
        return self.name


@dataclass(frozen=True)
class MakeRequest:
    """What a puzzle is made to: its frame, seed, grade and rating range, clue pattern."""

    frame: Shape
    seed: int
    difficulty: str = "any"
    symmetry: str = "none"
    target_clues: int = 0
    rating: Any = None          # core.rating.RatingRange, or None
    record_rating: bool = True  # rate it where ratings are recorded unasked (books)
    record_grade: bool = True   # grade one made to any grade (not if only givens are kept)
    # A kind that draws pictures (a Nonogram): the picture, rows of booleans (True shaded)
    # of the frame's size, chosen above the core (a colour Nonogram's: a PaintedPicture,
    # core/nonogram/colourpuzzle.py); None: a random grid.
    picture: Any = None


_MADE: list[Kind] = []  # every kind made, in order: a module's own before any test's


class Kind:
    """One kind of puzzle. Subclasses set the attributes and implement the methods."""

    name: str = ""                   # as specs and --variant write it (the registry's key)
    title: str = ""                  # as English messages name one: 'a Killer', 'a Samurai'
    aliases: tuple[str, ...] = ()    # other words accepted for it, lower case
    geometry: str = "classic"        # the board geometry its puzzles are on (core/board)
    extras_type: type | None = None  # the type of its puzzles' extras; None: givens only
    se_rated: bool = False           # Sudoku Explainer's ratings apply
    shapes_givens: bool = True       # symmetry and a clue count shape its givens
    takes_box: bool = True           # a box shape may be given (a jigsaw has regions)
    takes_rectangles: bool = False   # it is made rows x columns as well as on squares
    derives: bool = False            # `derive` makes copies of it
    heavy: bool = False              # a puzzle takes a second or more to make
    pictured: bool = False           # its puzzles draw a picture (MakeRequest.picture)
    grades: tuple[str, ...] = GRADES  # its grading ladder's grades, easiest first
    answer: Answer = Answer()        # what its solution is: values in cells, symbols,
    #                                  shading, edges or links (kinds/answer.py)
    presentation: Presentation = Presentation()  # what it is on a page and in words: a
    #                                  kind class gives the traits it differs in, not its name
    exchange: ExchangeForm = ExchangeForm()  # how its puzzles leave and come back (ipuz,
    #                                  records, registry rows): the traits it differs in

    def __init__(self) -> None:
        self.presentation = replace(self.presentation, name=self.name)  # its message keys'

    def __new__(cls, *args, **kwargs):
        kind = super().__new__(cls)
        _MADE.append(kind)  # kinds are singletons, made as their modules load
        return kind

    def __reduce__(self):
        # Pickled (to worker processes, Dask) as its class and name: unpickling imports the
        # class's module, which makes its kinds, and finds this one among them; the
        # registry, above the kinds, is not asked.
        return (made_kind, (type(self), self.name))

    def __repr__(self) -> str:
        return f"<kind {self.name}>"

    # --- names ---------------------------------------------------------------------

    @property
    def seed_words(self) -> tuple[str, ...]:
        """What its jobs' seeds are derived from beside the frame: its name."""
        return (self.name,)

    # --- sizes: one rule for the command line and the spec ---------------------------

    def size_problem(self, size: int, box_given: bool) -> str | None:
        """Why the kind is not made at this size (or with a box given), or None."""
        raise NotImplementedError

    def frame(self, size: int, box: tuple[int, int] | None = None) -> Shape:
        """The frame of a size (and box); ValueError says what is wrong."""
        raise NotImplementedError

    def sides_problem(self, rows: int, cols: int, box_given: bool) -> str | None:
        """Why the kind is not made rows x columns (or with a box given), or None: a
        square's rule is size_problem's, and a kind without rectangles refuses the rest."""
        if rows != cols and not self.takes_rectangles:
            return (f"size must be square for {self.name} puzzles, like {rows}x{rows}; "
                    f"got {rows}x{cols}")
        return self.size_problem(rows, box_given)

    def sides_frame(self, rows: int, cols: int,
                    box: tuple[int, int] | None = None) -> Shape:
        """The frame of rows x columns (and box); ValueError says what is wrong."""
        problem = self.sides_problem(rows, cols, box is not None) if rows != cols else None
        if problem:
            raise ValueError(problem)
        return self.frame(rows, box)

    def board(self, frame: Shape, seed: int = 0) -> Shape:
        """The board a puzzle made from `seed` on the frame is on."""
        raise NotImplementedError

    def reading_board(self, frame: Shape | None) -> Shape | None:
        """The board puzzle lines are read on, given a frame from --size/--box (None: each
        line's length says)."""
        return None if frame is None else self.board(frame)

    def describe(self, frame: Shape) -> BoardDescription:
        """The name ('9x9 X', 'Samurai') and cell count of its boards on the frame."""
        board = self.board(frame)
        return BoardDescription(str(board), board.cell_count)

    def clue_cells_across(self, frame: Shape) -> int:
        """The most cells its clues outside the grid add across its printed square, on
        the frame (a Skyscrapers' ring each side; a Nonogram's runs, left and above)."""
        return 2 * self.presentation.outside_cells

    def options_problem(self, symmetry: str, clues: int | None,
                        rating: object | None) -> tuple[str, str] | None:
        """(option, why) for an option the kind does not take, or None."""
        return None

    def distinct_supply(self, frame: Shape,
                        settings: set[tuple[str, int | None]]) -> int | None:
        """The most distinct puzzles sections on the frame with these (symmetry, clues)
        settings can get together, where that is known (small boards); else None."""
        return None

    def grade_problem(self, frame: Shape, difficulty: str) -> str | None:
        """Why no puzzle of the kind on the frame has the grade (known before trying)."""
        return None

    # --- text -----------------------------------------------------------------------

    def read(self, text: str, board: Shape | None = None) -> tuple[Grid, Extras]:
        """A puzzle line's givens and extras; GridError says what is wrong."""
        raise NotImplementedError

    def write(self, givens: Grid, extras: Extras = None) -> str:
        """The one-line text of givens and extras (read(write(x)) == x)."""
        raise NotImplementedError

    def answer_line(self, solution: Grid) -> str:
        """The one-line text of a full solution, as `solve` prints it and a record keeps it
        (read_answer(answer_line(x)) == x): a grid line, or the kind's own symbols."""
        return format_grid(solution)

    def read_answer(self, text: str, board: Shape) -> Grid:
        """A full solution read from its text (answer_line) on the puzzle's board;
        GridError says what is wrong."""
        return parse_grid(text, board)

    def line(self, puzzle: Puzzle) -> str:
        """A made puzzle's line."""
        return self.write(puzzle.givens, puzzle.extras)

    # --- making, proving, grading ---------------------------------------------------

    def make(self, request: MakeRequest) -> Puzzle:
        """A puzzle made to the request, proven unique twice, graded (and rated where it
        records ratings); GenerationError if none is found within its budget."""
        raise NotImplementedError

    def records_rating(self, puzzle: Puzzle) -> bool:
        """Whether make() would have recorded a rating unasked (a request with
        record_rating) that this puzzle, made without, lacks."""
        return False

    def with_recorded_rating(self, puzzle: Puzzle) -> Puzzle:
        """The puzzle with the rating make() records unasked (records_rating), from the
        puzzle made without: so a book can rate its puzzles while it draws them. The
        puzzle itself where there is none to add."""
        return puzzle

    def solutions(self, givens: Grid, extras: Extras = None, limit: int = 2) -> Search:
        """The first proof: its solver's search, counting solutions up to `limit`."""
        raise NotImplementedError

    def verify(self, puzzle: Puzzle) -> None:
        """The second, independent proof; VerificationError (or Undecided) unless it finds
        exactly the puzzle's solution."""
        raise NotImplementedError

    def grade(self, givens: Grid, extras: Extras = None) -> Grading:
        """The grading by the techniques a person needs on this kind."""
        raise NotImplementedError

    @property
    def techniques(self) -> tuple[Ranked, ...]:
        """Its grading ladder (grade's), easiest first: each technique's name, grade and
        weight, which order a book's glossary."""
        raise NotImplementedError

    @property
    def singles(self) -> tuple[str, ...]:
        """The techniques of its ladder whose steps each place one value and nothing else,
        which a solving path says in a run ('Hidden single: r1c6 = 5, r2c3 = 4')."""
        from ..grade.grader import SINGLES
        return SINGLES

    def solving_path(self, givens: Grid, extras: Extras = None) -> list[tuple[str, int]]:
        """The grading's steps as (technique, cells it places): all a solving time needs
        (a kind may find them without wording each step)."""
        from ..grade.candidates import solving_path_of
        return solving_path_of(self.grade(givens, extras).steps)

    def repeat_key(self, givens: Grid, extras: Extras = None) -> str:
        """The key under which puzzles equal up to the kind's symmetries meet (registry)."""
        raise NotImplementedError

    # --- drawing --------------------------------------------------------------------

    def marks(self, givens: Grid, extras: Extras = None) -> Marks:
        """What the puzzle shows beyond its cells, regions and givens (core/board/marks)."""
        from ..board.marks import Marks
        return Marks()


def made_kind(cls: type[Kind], name: str) -> Kind:
    """The first kind of class `cls` named `name`: an unpickled kind (its module, which
    made it, loaded as `cls` was unpickled)."""
    return next(kind for kind in _MADE if type(kind) is cls and kind.name == name)


def clues_problem(clues: int, shape: Shape | BoardDescription) -> str | None:
    """What is wrong with a clue target for a board (specs' `clues:`, generate --clues)."""
    if clues >= shape.cell_count:
        return (f"must be fewer than the {shape.cell_count} cells of {with_article(shape)} board, "
                f"got {clues}")
    return None


class SquareKind(Kind):
    """A kind whose frame is one square of a size, without boxes (the Latin-square kinds,
    Calcudoku, Kakuro): the frame is the size's Latin square once size_problem allows it,
    and its puzzles are on that square unless the kind draws its own board."""

    takes_box = False

    def frame(self, size: int, box: tuple[int, int] | None = None) -> Shape:
        problem = self.size_problem(size, box is not None)
        if problem:
            raise ValueError(problem)
        return self.square(size)

    def board(self, frame: Shape, seed: int = 0) -> Shape:
        return self.square(frame.size)

    def square(self, size: int) -> Shape:
        """Its board of a size: the Latin square, or the kind's own geometry's."""
        return latin_of(size)


class DrawnBoard:
    """Mixed into a kind whose board is drawn per puzzle and carried by each of its lines
    (a Jigsaw's regions, a Kakuro's pattern): where a board is asked of the frame alone,
    the frame stands for it (drawing one would be a generation)."""

    def reading_board(self, frame: Shape | None) -> Shape | None:
        return frame  # the board comes from each line; the frame gives the size


class BoxKind(Kind):
    """A kind on one board geometry with boxes (the Sudoku kinds, the Killers), made as
    one of several kinds alike (name, title, geometry): the frame is the size's boxes, or
    the box given, and its puzzles are on the geometry's board over them."""

    def __init__(self, name: str, title: str, geometry: str,
                 aliases: tuple[str, ...] = (), summary: str = "") -> None:
        self.name, self.title, self.geometry, self.aliases = name, title, geometry, aliases
        self.presentation = replace(self.presentation, summary=summary)
        super().__init__()

    def frame(self, size: int, box: tuple[int, int] | None = None) -> Shape:
        problem = self.size_problem(size, box is not None)
        if problem:
            raise ValueError(problem)
        frame = shape_for_size(size) if box is None else board_of(*box)
        self.board(frame)  # refuses a box the geometry cannot take (Hyper: square boxes)
        return frame

    def board(self, frame: Shape, seed: int = 0) -> Shape:
        return board_of(frame.box_rows, frame.box_cols, self.geometry)
