"""The Skyscrapers kind: a Latin square of heights with visibility clues around it, 4x4 to
8x8, and givens where its grade needs them.

Its first proof is the Latin search with each clued line narrowed to its possible
fillings (solver.py), its second the line-orderings check (check.py), written apart.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..board.grid import SYMBOLS, Grid
from ..board.marks import EdgeMark, Marks
from ..board.shape import Shape
from ..kinds.exchangeform import ExchangeForm
from ..kinds.kind import Extras
from ..kinds.puzzlink import SKYSCRAPERS_LINK
from ..latin.kind import LatinKind
from ..puzzle import Puzzle
from ..solve.search import Search
from .clues import SIDES, EdgeClues
from .text import SIZES, format_skyscrapers, parse_skyscrapers

if TYPE_CHECKING:
    from ..grade.grader import Grading
    from ..grade.grades import Ranked


def looks_like_a_skyscrapers_line(text: str) -> bool:
    """Givens, clues top/right/bottom/left."""
    parts = text.split()
    return len(parts) == 2 and parts[1].count("/") == 3


def seen_line(clues: EdgeClues) -> tuple[int, ...]:
    """A line seen from a clue of 1 (its tallest building next to the clue), else the line
    of its largest clue: what the how-to-play's aid shades on the solved example."""
    lines = clues.lines()
    ones = [cells for cells, front, back in lines if 1 in (front, back)]
    return ones[0] if ones else max(lines, key=lambda line: max(line[1:]))[0]


class SkyscrapersKind(LatinKind):
    """Skyscrapers (Towers): every row and column holds the heights 1..n once, and a clue
    outside says how many buildings are seen from there."""

    name = "skyscrapers"
    title = "Skyscrapers"
    aliases = ("towers", "skyscraper", "building")
    extras_type = EdgeClues
    exchange = ExchangeForm(size_word=title, ipuz_absent=(
        "ipuz has no Skyscrapers PuzzleKind, and its Sudoku kind has no clues outside the "
        "grid"), puzzlink=SKYSCRAPERS_LINK)
    sizes = SIZES
    # A 4x4 expert: no attempt in 300 made one; an 8x8 extreme took 11 s to more than 20 a
    # puzzle, for 1 seed in 3 under 20 s (bench_every_grade.py in bench/README.md).
    unmade = {4: ("expert",), 8: ("extreme",)}
    presentation = replace(
        LatinKind.presentation, outside_cells=1,  # its clues print in a ring round the grid
        summary="a Latin square with visibility clues around it; a line is givens, then "
                "clues top/right/bottom/left",
        looks_like=looks_like_a_skyscrapers_line, seen=seen_line,
        line_hint="this looks like a Skyscrapers line (givens, clues top/right/bottom/left): "
                  "read it as Skyscrapers (--variant skyscrapers)")

    def read(self, text: str, board: Shape | None = None) -> tuple[Grid, EdgeClues]:
        return parse_skyscrapers(text, board)

    def write(self, givens: Grid, extras: Extras = None) -> str:
        return format_skyscrapers(givens, extras)

    def generate(self, size: int, seed: int, difficulty: str, worded: bool = True):
        from .generate import generate_skyscrapers  # the engines load when first used

        return generate_skyscrapers(size, seed, difficulty, worded)

    def solutions(self, givens: Grid, extras: Extras = None,
                  limit: int = 2) -> Search:
        from .solver import skyscrapers_solutions

        return skyscrapers_solutions(extras, givens.cells, limit)

    def check(self, puzzle: Puzzle):
        from .check import check_skyscrapers

        return check_skyscrapers(puzzle.extras, puzzle.givens.cells)

    def grade(self, givens: Grid, extras: Extras = None) -> Grading:
        from .grade import grade_skyscrapers

        return grade_skyscrapers(givens, extras)

    @property
    def techniques(self) -> tuple[Ranked, ...]:
        from .grade import SKYSCRAPERS_LADDER
        return SKYSCRAPERS_LADDER.techniques

    def repeat_key(self, givens: Grid, extras: Extras = None) -> str:
        from .key import skyscrapers_key

        return skyscrapers_key(givens, extras)

    def marks(self, givens: Grid, extras: Extras = None) -> Marks:
        return Marks(edges=tuple(EdgeMark(side, index, SYMBOLS[clue - 1])
                                 for side in SIDES
                                 for index, clue in enumerate(extras.side(side)) if clue))


SKYSCRAPERS = SkyscrapersKind()
