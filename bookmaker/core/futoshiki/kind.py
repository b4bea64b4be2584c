"""The Futoshiki kind: a Latin square with inequality signs between neighbours, 4x4 to 9x9.

Its first proof is the Latin search with the signs' bounds (solver.py), its second the
arc-consistency check (check.py), written apart from it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..board.grid import Grid
from ..board.marks import Marks, SignMark
from ..board.shape import Shape
from ..kinds.exchangeform import ExchangeForm
from ..kinds.kind import Extras
from ..latin.kind import LatinKind
from ..puzzle import Puzzle
from ..solve.search import Search
from .signs import Signs
from .text import SIZES, format_futoshiki, parse_futoshiki

if TYPE_CHECKING:
    from ..grade.grader import Grading
    from ..grade.grades import Ranked


def looks_like_a_futoshiki_line(text: str) -> bool:
    """Givens, signs across, signs down."""
    parts = text.split()
    return len(parts) == 3 and set(parts[1]) <= set("<>.") and set(parts[2]) <= set("^v.")


class FutoshikiKind(LatinKind):
    """Futoshiki (Unequal): every row and column holds 1..n once, and each sign between
    two cells says which is smaller."""

    name = "futoshiki"
    title = "Futoshiki"
    aliases = ("unequal", "inequality", "inequalities")
    presentation = replace(
        LatinKind.presentation,
        summary="a Latin square with signs between cells; a line is givens, signs across, "
                "signs down",
        looks_like=looks_like_a_futoshiki_line,
        line_hint="this looks like a Futoshiki line (givens, signs across, signs down): read "
                  "it as a Futoshiki (--variant futoshiki)")
    extras_type = Signs
    exchange = ExchangeForm(size_word=title, ipuz_absent=(
        "ipuz has no Futoshiki PuzzleKind, and its Sudoku kind has no signs between cells"),
        puzzlink_absent="puzz.link (pzprjs) has no Futoshiki (its Minarism has the signs "
                        "but no given digits)")
    sizes = SIZES
    # From 300 attempts a grade (bench/README.md, bench_attempts.py): a 4x4 dug to medium
    # is medium once in 300, to expert never, to extreme once in 50 (its few cells need a
    # triple or a chain almost never); easy and hard turn up once in 14 and 17.
    unmade = {4: ("medium", "expert", "extreme")}

    def read(self, text: str, board: Shape | None = None) -> tuple[Grid, Signs]:
        return parse_futoshiki(text, board)

    def write(self, givens: Grid, extras: Extras = None) -> str:
        return format_futoshiki(givens, extras)

    def generate(self, size: int, seed: int, difficulty: str, worded: bool = True):
        from .generate import generate_futoshiki  # the engines load when first used

        return generate_futoshiki(size, seed, difficulty, worded)

    def solutions(self, givens: Grid, extras: Extras = None, limit: int = 2) -> Search:
        from .solver import futoshiki_solutions

        return futoshiki_solutions(extras, givens.cells, limit)

    def check(self, puzzle: Puzzle):
        from .check import check_futoshiki

        return check_futoshiki(puzzle.extras, puzzle.givens.cells)

    def grade(self, givens: Grid, extras: Extras = None) -> Grading:
        from .grade import grade_futoshiki

        return grade_futoshiki(givens, extras)

    @property
    def techniques(self) -> tuple[Ranked, ...]:
        from .grade import FUTOSHIKI_LADDER
        return FUTOSHIKI_LADDER.techniques

    def repeat_key(self, givens: Grid, extras: Extras = None) -> str:
        from .key import futoshiki_key

        return futoshiki_key(givens, extras)

    def marks(self, givens: Grid, extras: Extras = None) -> Marks:
        """Each sign read from its left (or upper) cell to the other."""
        return Marks(signs=tuple(SignMark(min(pair), max(pair), "<" if pair[0] < pair[1] else ">")
                                 for pair in extras.pairs))


FUTOSHIKI = FutoshikiKind()
