"""The Binairo kinds: classic Binairo (Takuzu, Unruly) and Tango, its = and x variant,
on even squares 6x6 to 14x14.

Their answer is a symbol of two in every cell (kinds/answer.py): printed as 0 and 1, never
counted with. The first proof is the solver's propagation and search (solver.py), the
second the count over whole lines (count.py), written apart from it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..board.grid import Grid
from ..board.marks import Marks, SignMark
from ..board.shape import Shape, binairo_of
from ..kinds.answer import Answer, Limits
from ..kinds.exchangeform import ExchangeForm
from ..kinds.kind import Extras, MakeRequest
from ..kinds.logickind import LogicKind, SizeWords, Untaken
from ..kinds.presentation import Presentation
from ..puzzle import Puzzle
from ..solve.search import Search
from ..solve.verify import first_decided, require_agreement
from .grade import BINAIRO_GRADES
from .rules import Rules, rules_of
from .signs import TangoSigns
from .text import SIZES, format_givens, format_tango, parse_binairo, parse_tango

if TYPE_CHECKING:
    from ..grade.grader import Grading
    from ..grade.grades import Ranked

CHECK_TRIES = 3  # puzzles in a row a job may make when the count cannot decide one


def looks_like_a_binairo_line(text: str) -> bool:
    """One word of 0, 1 and '.' as long as an even square's cells."""
    parts = text.split()
    return len(parts) == 1 and set(parts[0]) <= set("01.") and \
        len(parts[0]) in (size * size for size in SIZES)


def looks_like_a_tango_line(text: str) -> bool:
    """Three words, the last two of = and x signs and '.'."""
    parts = text.split()
    return len(parts) == 3 and set(parts[1]) <= set("=x.") and set(parts[2]) <= set("=x.")


class BinairoKind(LogicKind):
    """Binairo: fill every cell with 0 or 1, no three alike in a row or column, each line
    half and half, no two rows (or columns) the same."""

    name = "binairo"
    title = "Binairo"
    aliases: tuple[str, ...] = ("takuzu", "unruly", "binary", "binero")
    geometry = "binairo"
    shapes_givens = False
    grades = BINAIRO_GRADES
    untaken = Untaken(
        symmetry="{a} puzzle's givens are not laid out in a pattern: leave symmetry out",
        clues="{a} puzzle takes a difficulty, not a clue count",
        rating="SE ratings are for Sudoku; {a} puzzle takes a difficulty")
    # No three alike in a line, each line half and half, no two lines the same: the page
    # marks each break.
    answer = Answer("symbols", ("0", "1"), Limits(shared=True, run=2, distinct=True))
    presentation = Presentation(
        sudoku_rule=False,
        summary="two symbols, no three alike in a line, lines half and half and all "
                "different",
        looks_like=looks_like_a_binairo_line,
        line_hint="this looks like a Binairo line: read it as one (--variant binairo)",
        time_model="lines")
    exchange = ExchangeForm(size_word=title, ipuz_absent=(
        "ipuz has no PuzzleKind for Binairo (nor for any two-symbol grid)"),
        puzzlink_absent="puzz.link (pzprjs) has no Binairo (Takuzu)")
    tango = False

    sizes: range = SIZES  # its even sizes
    size_words = SizeWords(made="{name} puzzles are made in the even sizes {first} to {last}")

    def square(self, size: int) -> Shape:
        return binairo_of(size)

    def rules(self, givens: Grid, extras: Extras) -> Rules:
        return rules_of(givens.shape.size, extras)

    def read(self, text: str, board: Shape | None = None) -> tuple[Grid, Extras]:
        return parse_binairo(text, board), None

    def write(self, givens: Grid, extras: Extras = None) -> str:
        return format_givens(givens)

    def answer_line(self, solution: Grid) -> str:
        return format_givens(solution)

    def read_answer(self, text: str, board: Shape) -> Grid:
        return parse_binairo(text, board)

    def make(self, request: MakeRequest) -> Puzzle:
        """A puzzle to its grade, proven by the solver as it is made and by the count
        here; one the count cannot decide within its budget is dropped for the next."""
        from .generate import generate_binairo

        return first_decided(
            request.seed, f"{self.name} undecided", CHECK_TRIES,
            lambda seed: generate_binairo(request.frame.size, seed, request.difficulty,
                                          self.tango),
            self.verify)

    def solutions(self, givens: Grid, extras: Extras = None, limit: int = 2) -> Search:
        from .solver import binairo_solutions

        return binairo_solutions(self.rules(givens, extras), givens.cells, limit)

    def verify(self, puzzle: Puzzle) -> None:
        from .count import count_binairo

        result = count_binairo(self.rules(puzzle.givens, puzzle.extras), puzzle.givens.cells)
        require_agreement(puzzle, result, f"The {self.title} count", self.line(puzzle),
                          self.exchange.registry_size(puzzle.shape),
                          self.answer_line(puzzle.solution))

    def grade(self, givens: Grid, extras: Extras = None) -> Grading:
        from .grade import grade_binairo

        return grade_binairo(givens, self.rules(givens, extras))

    @property
    def techniques(self) -> tuple[Ranked, ...]:
        from .grade import LADDER
        return tuple(t for t in LADDER if t.name not in self.absent_techniques)

    absent_techniques: tuple[str, ...] = ("sign",)

    def repeat_key(self, givens: Grid, extras: Extras = None) -> str:
        from .key import binairo_key

        return binairo_key(self.name, givens, extras)


class TangoKind(BinairoKind):
    """Tango: Binairo's two symbols, no three alike, lines half and half, with = and x
    signs between cells saying which match; lines may repeat."""

    name = "tango"
    title = "Tango"
    aliases = ("binairo-signs", "tic-tac-logic")
    extras_type = TangoSigns
    answer = replace(BinairoKind.answer, limits=Limits(shared=True, run=2))  # lines may repeat
    # Made to 14x14 (12x12: 20 seeds a grade, 2026-12-02, expert 0.7 s median, 4.2 s the
    # worst; 14x14: seeds 0-5 a grade, every one made, hard 1.3 s median and 4.4 s the worst,
    # expert 5.4 s and 8.8 s).
    sizes = range(6, 15, 2)
    absent_techniques = ("unique lines",)
    presentation = replace(
        BinairoKind.presentation,
        summary="Binairo with = and x signs between cells; a line is givens, signs across, "
                "signs down",
        looks_like=looks_like_a_tango_line,
        line_hint="this looks like a Tango line (givens, signs across, signs down): read it "
                  "as a Tango (--variant tango)")
    exchange = ExchangeForm(size_word=title, ipuz_absent=(
        "ipuz has no PuzzleKind for a Tango (nor for any two-symbol grid)"),
        puzzlink_absent="puzz.link (pzprjs) has no Binairo (Takuzu), nor its signs")
    tango = True

    def read(self, text: str, board: Shape | None = None) -> tuple[Grid, Extras]:
        return parse_tango(text, board)

    def write(self, givens: Grid, extras: Extras = None) -> str:
        return format_tango(givens, extras)

    def marks(self, givens: Grid, extras: Extras = None) -> Marks:
        """Each = or x between its two cells."""
        return Marks(signs=tuple(SignMark(first, second, sign)
                                 for first, second, sign in extras.signs))


BINAIRO = BinairoKind()
TANGO = TangoKind()
BINAIRO_KINDS = (BINAIRO, TANGO)
