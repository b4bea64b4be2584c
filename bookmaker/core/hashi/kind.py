"""The Hashi kind (Bridges, Hashiwokakero), on squares and rectangles of sides 7 to 25.

Its answer is links (kinds/answer.py): the bridges, coded in the water cells of its
solution. The first proof is the solver's bounds and search (solver.py), the second the
count island by island (count.py), written apart from it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..board.grid import Grid
from ..board.shape import Shape, hashi_of
from ..checkresult import CheckResult
from ..kinds.answer import LINK_GLYPHS, Answer, Limits
from ..kinds.exchangeform import ExchangeForm
from ..kinds.kind import Extras, MakeRequest
from ..kinds.logickind import RectangleKind, Untaken
from ..kinds.presentation import Presentation
from ..kinds.puzzlink import HASHI_LINK
from ..puzzle import Puzzle
from ..solve.search import Search
from ..solve.verify import first_decided, require_agreement
from .grade import HASHI_GRADES
from .rules import layout_of, solution_cells
from .text import SIZES, format_answer, format_givens, parse_answer, parse_hashi

if TYPE_CHECKING:
    from ..grade.grader import Grading
    from ..grade.grades import Ranked

CHECK_TRIES = 3  # puzzles in a row a job may make when the count cannot decide one


def looks_like_a_hashi_line(text: str) -> bool:
    """One word of counts 1-8 and '.', as long as a square's cells or in rows of one
    length joined by '/', mostly water, no two islands side by side (a Sudoku's line of
    few givens has all but the last)."""
    parts = text.split()
    if len(parts) != 1 or not set(parts[0]) <= set("12345678./"):
        return False
    rows = parts[0].split("/")
    cells = "".join(rows)
    n = len(rows[0]) if len(rows) > 1 else math.isqrt(len(cells))
    height = len(rows) if len(rows) > 1 else n
    if len(cells) != height * n or n not in SIZES or height not in SIZES or \
            cells.count(".") * 2 <= len(cells):
        return False
    return not any(cells[c] != "." and ((c % n and cells[c - 1] != ".") or
                                        (c >= n and cells[c - n] != "."))
                   for c in range(len(cells)))


class HashiKind(RectangleKind):
    """Hashi: join the islands by bridges across or down, one or two between two islands,
    never crossing, each island with as many as its count, all islands joined."""

    name = "hashi"
    title = "Hashi"
    aliases: tuple[str, ...] = ("bridges", "hashiwokakero")
    geometry = "hashi"
    shapes_givens = False
    grades = HASHI_GRADES
    untaken = Untaken(
        symmetry="{a} puzzle's islands are not laid out in a pattern: leave symmetry out",
        clues="{a} puzzle takes a difficulty, not a clue count",
        rating="SE ratings are for Sudoku; {a} puzzle takes a difficulty")
    answer = Answer("links", LINK_GLYPHS, Limits(counted=True))
    presentation = Presentation(
        sudoku_rule=False, cell_room="bridges",
        summary="islands joined by bridges of one or two, across or down, never crossing, "
                "each island's count met, all islands joined",
        looks_like=looks_like_a_hashi_line,
        line_hint="this looks like a Hashi line: read it as one (--variant hashi)",
        time_model="lines")
    exchange = ExchangeForm(size_word=title, named_by_frame=True, ipuz_absent=(
        "ipuz has no PuzzleKind for Hashi (nor for any puzzle of bridges)"),
        puzzlink=HASHI_LINK)

    def made_problem(self, rows: int, cols: int) -> str | None:
        if rows not in SIZES or cols not in SIZES:
            return (f"{self.name} puzzles are made in the sizes {SIZES[0]}x{SIZES[0]} to "
                    f"{SIZES[-1]}x{SIZES[-1]}, and rectangles (rows x columns) of those "
                    f"sides; got {rows}x{cols}")
        return None

    def rectangle(self, rows: int, cols: int) -> Shape:
        return hashi_of(rows, cols)

    def read(self, text: str, board: Shape | None = None) -> tuple[Grid, Extras]:
        return parse_hashi(text, board), None

    def write(self, givens: Grid, extras: Extras = None) -> str:
        return format_givens(givens)

    def answer_line(self, solution: Grid) -> str:
        return format_answer(solution)

    def read_answer(self, text: str, board: Shape) -> Grid:
        return parse_answer(text, board)

    def make(self, request: MakeRequest) -> Puzzle:
        """A puzzle to its grade, proven by the solver as it is made and by the count
        here; one the count cannot decide within its budget is dropped for the next."""
        from .generate import generate_hashi

        return first_decided(request.seed, f"{self.name} undecided", CHECK_TRIES,
                             lambda seed: generate_hashi(request.frame.frame, seed,
                                                         request.difficulty),
                             self.verify)

    def solutions(self, givens: Grid, extras: Extras = None, limit: int = 2) -> Search:
        from .solver import hashi_solutions

        layout = layout_of(*givens.shape.frame, givens.cells)
        found = hashi_solutions(layout, limit)
        return Search(found.count, None if found.solution is None else
                      solution_cells(layout, found.solution), found.complete, found.nodes)

    def verify(self, puzzle: Puzzle) -> None:
        from .count import count_hashi

        layout = layout_of(*puzzle.shape.frame, puzzle.givens.cells)
        found = count_hashi(layout)
        result = CheckResult(found.count, tuple(solution_cells(layout, bridges)
                                                for bridges in found.solutions),
                             found.complete, found.nodes)
        require_agreement(puzzle, result, f"The {self.title} count", self.line(puzzle),
                          self.exchange.registry_size(puzzle.shape))

    def grade(self, givens: Grid, extras: Extras = None) -> Grading:
        from .grade import grade_hashi

        return grade_hashi(layout_of(*givens.shape.frame, givens.cells))

    @property
    def techniques(self) -> tuple[Ranked, ...]:
        from .grade import LADDER
        return LADDER

    def repeat_key(self, givens: Grid, extras: Extras = None) -> str:
        from .key import hashi_key

        return hashi_key(self.name, givens)


HASHI = HashiKind()
