"""The Killer kinds: cages with sums on a classic board (Killer) or an X board (Killer X).

A Killer is made pure (no givens), so symmetry and clue counts do not apply, and it has no
Sudoku Explainer rating (SE rates puzzles with givens). Its first proof is the cage-aware
solver (solver.py), its second the Killer check (check.py), written apart from it. The
engines that make and grade Killers are imported when first used (start-up: reading and
checking load only the solvers).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board.grid import Grid
from ..board.marks import CageMark, Marks
from ..board.shape import Shape
from ..grade.grades import GRADES, Ranked
from ..kinds.answer import Answer, Limits
from ..kinds.exchangeform import ExchangeForm
from ..kinds.ipuzform import IpuzForm
from ..kinds.kind import BoxKind, Extras, MakeRequest
from ..kinds.presentation import Chart, Presentation
from ..puzzle import Puzzle
from ..solve.verify import first_decided, require_agreement
from .cages import KILLER_SIZES, Cage, CageError, Cages, unique_sums
from .text import format_killer, parse_killer

if TYPE_CHECKING:
    from ..grade.grader import Grading
    from ..solve.search import Search

# A Killer check's node costs a few milliseconds (a Dancing Links node some microseconds);
# generated Killers need at most a few hundred (bench/README.md).
KILLER_VERIFY_MAX_NODES = 20_000
# Killers in a row a job may make when the Killer check cannot decide one within its budget
# (a 9x9 at grade 'any' was seen): each is dropped unprinted for the next.
KILLER_TRIES = 5
# The hardest grade a Killer of a size reaches: a 4x4's cages always fall to the
# beginner's techniques (150 of 150 seeds at 'any'; 0 of 4 at 'easy' in 40 attempts each).
HARDEST_KILLER_GRADE = {4: GRADES[0]}
# The hardest grade a Killer is made to at a size where harder ones exist but are not made
# for every seed in seconds: a 12x12 extreme took 5-21 s, and the check could not decide
# 5 in a row for 1 seed in 3 (bench_every_grade.py in bench/README.md).
MADE_UP_TO = {12: GRADES[-2]}
# The largest cages a how-to-play chart lists: larger ones are rare, and their lines long.
CHART_MOST_CELLS = 5


def cages_of_marks(board: Shape, marks: Marks) -> Cages:
    """A Killer's cages read back from their marks (an ipuz file's cages); ValueError
    names the cage that does not fit."""
    if not marks.cages:
        raise ValueError("a Killer has cages, and none are given")
    try:
        return Cages(board, tuple(Cage(tuple(sorted(mark.cells)), int(mark.label))
                                  for mark in marks.cages))
    except CageError as err:
        index, message = err.problems[0]
        where = "cages" if index < 0 else \
            f"the cage from {board.cell_name(min(marks.cages[index].cells))}"
        raise ValueError(f"{where}: {message}") from None


def combination_chart(size: int) -> Chart:
    """The cages whose total allows one set of digits only, by cage size (2 cells:
    3 = 1+2, 4 = 1+3, ...) up to CHART_MOST_CELLS (a cage of size - 1 cells leaves out
    the one digit its total says: no chart needed)."""
    return unique_sums(size, min(size - 2, CHART_MOST_CELLS))


def looks_like_a_killer_line(text: str) -> bool:
    """Givens, cage letters, sums."""
    parts = text.split()
    return len(parts) == 3 and parts[1].isalnum() and not parts[1].isdigit()


class KillerKind(BoxKind):
    """Killer Sudoku on one board geometry: cages whose cells add up to their totals."""

    extras_type = Cages
    shapes_givens = False
    heavy = True
    answer = Answer(limits=Limits(cages=True))  # a cage never repeats a digit
    presentation = Presentation(
        corner_labels=True, corner_labels_named="cage totals",
        pencil_grade="expert",  # cage combinations pencilled in: one a 6x9 page by default
        chart=combination_chart, chart_key="cage_chart",
        looks_like=looks_like_a_killer_line,
        line_hint="this looks like a Killer line (givens, cage layout, sums): read it as a "
                  "Killer (--variant killer)")
    exchange = ExchangeForm(  # ipuz's Sudoku with dashed cages whose sums show bare
        ipuz=IpuzForm(cage_border="dashed", cage_operator="+"), size_word="Killer",
        extras_of_marks=cages_of_marks,
        puzzlink_absent="puzz.link (pzprjs) has no Killer Sudoku: its Sudoku has no cages")

    def size_problem(self, size: int, box_given: bool) -> str | None:
        if size not in KILLER_SIZES:
            sizes = ", ".join(f"{n}x{n}" for n in KILLER_SIZES)
            return f"{self.name} puzzles are made in the sizes {sizes}; got {size}x{size}"
        return None

    def options_problem(self, symmetry: str, clues: int | None,
                        rating: object | None) -> tuple[str, str] | None:
        if symmetry != "none":
            return "symmetry", ("a Killer is made without givens, so it has no clue "
                                "pattern: leave symmetry out")
        if clues is not None:
            return "clues", "a Killer is made without givens: leave clues out"
        if rating is not None:
            return "rating", ("SE ratings are for puzzles with givens; a Killer takes a "
                              "difficulty")
        return None

    def grade_problem(self, frame: Shape, difficulty: str) -> str | None:
        made_up_to = MADE_UP_TO.get(frame.size)
        if made_up_to is not None and difficulty in GRADES and \
                GRADES.index(difficulty) > GRADES.index(made_up_to):
            return (f"{frame} {self.title} puzzles are made up to {made_up_to!r}, not "
                    f"{difficulty!r} (too slow to make for every seed)")
        hardest = HARDEST_KILLER_GRADE.get(frame.size)
        if hardest is None or difficulty not in GRADES or \
                GRADES.index(difficulty) <= GRADES.index(hardest):
            return None
        return (f"{frame} {self.title} puzzles are never harder than {hardest!r}, so none is "
                f"{difficulty!r}")

    def read(self, text: str, board: Shape | None = None) -> tuple[Grid, Cages]:
        return parse_killer(text, board, self.geometry)

    def write(self, givens: Grid, extras: Extras = None) -> str:
        return format_killer(givens, extras)

    def make(self, request: MakeRequest) -> Puzzle:
        """A Killer to its difficulty. One the Killer check cannot decide within its node
        budget is not printed: the job makes the next from a seed derived from its own
        (the same every run), up to KILLER_TRIES; a check that disagrees stops the run."""
        from .generate import generate_killer
        board = self.board(request.frame)
        return first_decided(request.seed, "killer undecided", KILLER_TRIES,
                             lambda seed: generate_killer(board, seed, request.difficulty),
                             self.verify)

    def solutions(self, givens: Grid, extras: Extras = None, limit: int = 2) -> Search:
        from .solver import killer_solutions  # the engines load when first used

        return killer_solutions(extras, givens.cells, limit=limit)

    def verify(self, puzzle: Puzzle) -> None:
        from .check import check_killer

        cages = puzzle.extras
        result = check_killer(puzzle.shape, [(c.cells, c.total) for c in cages.cages],
                              puzzle.givens.cells, limit=2, max_nodes=KILLER_VERIFY_MAX_NODES)
        require_agreement(puzzle, result, "The Killer check", self.line(puzzle),
                          self.exchange.registry_size(puzzle.shape))

    def grade(self, givens: Grid, extras: Extras = None) -> Grading:
        from .grade import grade_killer
        return grade_killer(givens, extras)

    @property
    def techniques(self) -> tuple[Ranked, ...]:
        from .grade import KILLER_TECHNIQUES
        return KILLER_TECHNIQUES

    def repeat_key(self, givens: Grid, extras: Extras = None) -> str:
        from .key import killer_key
        return killer_key(givens, extras)

    def marks(self, givens: Grid, extras: Extras = None) -> Marks:
        return Marks(cages=tuple(CageMark(cage.cells, str(cage.total)) for cage in extras.cages))


KILLER = KillerKind("killer", "Killer", "classic", ("killer-sudoku", "sumdoku"),
                    "cages with sums, no repeats in a cage; a line is givens, cage letters, "
                    "sums")
KILLER_X = KillerKind("killer-x", "Killer X", "x", ("killerx", "killer-sudoku-x"),
                      "a Killer whose diagonals hold every symbol")
KILLER_KINDS = (KILLER, KILLER_X)
