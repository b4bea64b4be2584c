"""The colour Nonogram kind (Conceptis's colour Pic-a-Pix, Griddlers' colour puzzles):
colour cells so that each row's and column's runs of each colour are its clue's, in order;
runs of one colour have a blank between them, runs of different colours may touch.

A kind of its own beside the Nonogram, not a key of it: its answer is a colour a cell, its
clues carry colours and a palette (its extras' type, which the registry knows it by), its
line has a palette; what it shares with the Nonogram (sizes, frames, grades by the same
ladder, clues left of and above the grid, the repeat key under turns and mirrors) it
inherits. Colours are no symmetry: two puzzles that differ by a swap of colours draw
different pictures. Proof one is the colour line solver with search (coloursolver.py),
proof two the colour automata (colourautomata.py), written apart from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board.grid import Grid
from ..board.shape import nonogram_of
from ..checkresult import CheckResult
from ..kinds.answer import COLOUR_GLYPHS, Answer
from ..kinds.exchangeform import ExchangeForm
from ..kinds.kind import Extras, MakeRequest
from ..kinds.presentation import Presentation
from ..puzzle import GenerationError, Puzzle
from ..rng import Rng
from ..solve.search import Search
from ..solve.verify import require_agreement
from .colourpuzzle import ColourNonogram, PaintedPicture
from .colourtext import (
    BLANK_VALUE,
    format_colour_answer,
    format_colour_nonogram,
    parse_colour_answer,
    parse_colour_nonogram,
)
from .extras import ColourClues
from .kind import NonogramKind

if TYPE_CHECKING:
    from ..board.marks import Marks
    from ..board.shape import Shape
    from ..grade.grader import Grading

# The colours of a random grid (asked for with `picture: random`): red, blue, yellow.
RANDOM_PALETTE = ("c0392b", "2e6fb0", "f1c40f")
LINE_SYMBOLS = set("0123456789abcdef,/")
# Random grids a job tries for its grade, each eased by printing cells (colour_at_most):
# one more is drawn only where a harder step strikes a colour without settling a cell, or
# the cells printed leave it easier than asked.
GRID_TRIES = 40


def looks_like_a_colour_nonogram_line(text: str) -> bool:
    """Three or four words, the first two of run lengths with letters ('3a,1b/2b')."""
    parts = text.split()
    return len(parts) in (3, 4) and all(set(p) <= LINE_SYMBOLS and "/" in p
                                        for p in parts[:2]) and "/" not in parts[2]


class ColourNonogramKind(NonogramKind):
    """Colour Nonogram: colour cells so that each line's runs of each colour match its clue."""

    name = "color-nonogram"
    title = "colour Nonogram"
    aliases: tuple[str, ...] = ("colour-nonogram", "color-pic-a-pix", "colour-pic-a-pix",
                                "color-griddlers", "colour-griddlers")
    extras_type = ColourClues
    answer = Answer("colours", COLOUR_GLYPHS)
    presentation = Presentation(
        sudoku_rule=False, cell_room="shaded",
        summary="colour cells so that each row's and column's runs of each colour are as "
                "long as its clue says, in its order; runs of one colour have a blank "
                "between them, runs of two colours may touch; the cells draw a picture",
        looks_like=looks_like_a_colour_nonogram_line,
        line_hint="this looks like a colour Nonogram line (row clues, column clues, "
                  "palette): read it as one (--variant color-nonogram)",
        time_model="lines")
    exchange = ExchangeForm(size_word="colour Nonogram", ipuz_absent=(
        "ipuz has no PuzzleKind for a colour Nonogram"),
        puzzlink_absent="puzz.link (pzprjs) has no colour Nonogram")

    def read(self, text: str, board: Shape | None = None) -> tuple[Grid, Extras]:
        return parse_colour_nonogram(text, board)

    def write(self, givens: Grid, extras: Extras = None) -> str:
        return format_colour_nonogram(givens, extras)

    def answer_line(self, solution: Grid) -> str:
        return format_colour_answer(solution)

    def read_answer(self, text: str, board: Shape) -> Grid:
        return parse_colour_answer(text, board, len(COLOUR_GLYPHS) - 1)

    def make(self, request: MakeRequest) -> Puzzle:
        """The puzzle of the request's painted picture (as hard as it makes it), or of a
        random grid of three colours with cells printed until it is no harder than asked,
        grids tried in turn until one is of the grade; proven by both proofs as it is made
        and again here, and graded."""
        rng = Rng(request.seed)
        graded = not isinstance(request.picture, PaintedPicture) and request.difficulty != "any"
        for _ in range(GRID_TRIES if graded else 1):
            puzzle = self._made(request, rng, graded)
            if puzzle is None:
                continue
            grading = self.grade(puzzle.givens, puzzle.extras)
            if not graded or grading.grade == request.difficulty:
                self.verify(puzzle)
                return puzzle.graded(grading)
        height, width = request.frame.frame
        raise GenerationError(f"no {height}x{width} random colour Nonogram of grade "
                              f"{request.difficulty!r} in {GRID_TRIES} grids")

    def _made(self, request: MakeRequest, rng: Rng, eased: bool) -> Puzzle | None:
        """The puzzle of the request's painted picture, else of a random grid drawn by rng
        (`eased`: to no harder than the grade asked for, None where it cannot be), proven
        by both proofs as it is made."""
        from .colourmaker import colour_at_most, make_from_colour_picture, random_colour_grid

        height, width = request.frame.frame
        painted = request.picture if isinstance(request.picture, PaintedPicture) else \
            PaintedPicture(random_colour_grid(height, width, len(RANDOM_PALETTE), rng),
                           RANDOM_PALETTE)
        drawn = make_from_colour_picture(painted.cells, rng).puzzle
        made = colour_at_most(drawn, request.difficulty) if eased else drawn
        if made is None:
            return None
        clues = ColourClues(made.rows, made.columns, painted.palette)
        return Puzzle(_givens_grid(made), _grid(made.solution), request.seed,
                      difficulty=request.difficulty, extras=clues)

    def solutions(self, givens: Grid, extras: Extras = None, limit: int = 2) -> Search:
        from .coloursolver import count_solutions

        found: list = []
        count = count_solutions(engine_puzzle(givens, extras), limit, found)
        first = tuple(value + 1 for row in found[0] for value in row) if found else None
        return Search(count, first, True, count)

    def verify(self, puzzle: Puzzle) -> None:
        from .colourautomata import grids_by_colour_automata

        engine = engine_puzzle(puzzle.givens, puzzle.extras)
        count, grids = grids_by_colour_automata(engine.rows, engine.columns, engine.colours,
                                                engine.givens)
        found = tuple(tuple(value + 1 for value in grid) for grid in grids)
        require_agreement(puzzle, CheckResult(count, found, True, count),
                          "The colour Nonogram automata", self.line(puzzle),
                          self.exchange.registry_size(puzzle.shape),
                          self.answer_line(puzzle.solution))

    def grade(self, givens: Grid, extras: Extras = None) -> Grading:
        from .colourgrade import grade_colour_nonogram

        return grade_colour_nonogram(engine_puzzle(givens, extras))

    def marks(self, givens: Grid, extras: Extras = None) -> Marks:
        """Each row's runs left of it and each column's above it, the last next to the
        grid, each in its colour; '0' beside a line with nothing coloured."""
        from ..board.marks import EdgeMark, Marks

        return Marks(edges=tuple(
            EdgeMark(side, index, str(length), ring, colour)
            for side, clues in (("left", extras.rows), ("top", extras.columns))
            for index, clue in enumerate(clues)
            for ring, (length, colour) in enumerate(reversed(clue or ((0, 0),)))),
            palette=extras.palette)

    def repeat_key(self, givens: Grid, extras: Extras = None) -> str:
        from .key import nonogram_key

        return nonogram_key(self.name, givens, extras, format_colour_nonogram)


def engine_puzzle(givens: Grid, clues: ColourClues) -> ColourNonogram:
    """The engine's puzzle of givens and clues (its solution left empty: not known yet)."""
    width = len(clues.columns)
    given = tuple((cell // width, cell % width, value - BLANK_VALUE)
                  for cell, value in enumerate(givens.cells) if value)
    return ColourNonogram(clues.rows, clues.columns, given, (), len(clues.palette))


def _grid(rows) -> Grid:
    """The Grid (1 blank, c + 1 colour c) of rows of values."""
    return Grid(nonogram_of(len(rows), len(rows[0])),
                tuple(value + BLANK_VALUE for row in rows for value in row))


def _givens_grid(made: ColourNonogram) -> Grid:
    cells = [0] * (made.height * made.width)
    for row, column, value in made.givens:
        cells[row * made.width + column] = value + BLANK_VALUE
    return Grid(nonogram_of(made.height, made.width), tuple(cells))


COLOUR_NONOGRAM = ColourNonogramKind()
