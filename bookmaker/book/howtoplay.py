"""The how-to-play pages as flowing text (pages/flow.py): the rules of every kind in the
book, the example puzzle and its solution set right under them with the first steps of
solving it, where the solutions are, the legend of the difficulty squares, the solving
times, and a page of solving tips per kind (a Killer's with its cage-combination chart).
Every word comes from the book's message catalogue, every kind's by its own keys."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core.grade.grades import GRADES
from ..core.kinds.kind import Kind
from ..core.puzzle import Puzzle
from ..core.registry import kind_of_puzzle
from ..design.catalogue import Catalogue
from ..design.cells import least_cell, least_symbol_cell
from ..design.explain import step_text, value_text
from ..design.glyphs import numbers
from ..design.howtoplay import advice_key, kind_rules
from ..design.layout import EXAMPLE_HEIGHT, EXAMPLE_SHARE
from ..pages.flow import Figure, Piece, Together
from ..pages.page import GridPlacement, TextBlock

WORKED_STEPS = 3  # steps of the worked example
DIAGRAM_HEIGHT = 0.25  # a kind's diagram, two a row: at most this share of the page's height
ALONE_HEIGHT = 0.45  # ... one a row (a Samurai): at most this share
DIAGRAM_CELL = 11.0  # points: a diagram's least cell, its givens still easily read
FILLED, EMPTY = "\u25a0", "\u25a1"  # the legend's squares, as the marks beside numbers


@dataclass(frozen=True)
class Example:
    """The worked example: the puzzle, its labels, and the room its grids take."""

    puzzle: Puzzle
    puzzle_label: str
    solution_label: str
    label_height: float
    border: float
    width: float  # the text's width
    page_height: float  # the content height, which caps the grids' size
    least_side: float  # the smallest grid side the layout's puzzle cells allow
    glyphs: tuple[str, ...] = ()  # what its values print as (its section's symbols)
    least_read_side: float = 0.0  # ... and its answer cells: the example is read, not solved

    @property
    def value(self) -> Callable[[int], str]:
        """A value as the example prints it."""
        return value_text(self.glyphs)


Board = tuple[int, Kind, tuple[str, ...]]  # a section's size, kind and glyphs (() numbers)


@dataclass(frozen=True)
class Drawn:
    """A puzzle drawn as a diagram of its kind: the puzzle, its label, its symbols."""

    puzzle: Puzzle
    label: str
    glyphs: tuple[str, ...] = ()

    @property
    def cells(self) -> int:
        """Cells across its printed square (a Samurai's 21)."""
        return self.puzzle.shape.frame[0]

    @property
    def least_cell(self) -> float:
        """The smallest cell its symbols and corner labels print in."""
        size = self.puzzle.shape.size
        return max(least_cell(kind_of_puzzle(self.puzzle)),
                   least_symbol_cell(self.glyphs or numbers(size)))


@dataclass(frozen=True)
class Diagrams:
    """The labelled diagrams of a book's other kinds, and the room they take."""

    drawn: tuple[Drawn, ...]
    label_height: float
    border: float
    width: float  # the text's width
    page_height: float  # the content height, which caps their size
    least: float = 0.0  # the layout's least cell for grids looked at (its answers')

    def least_cell(self, drawn: Drawn) -> float:
        """The smallest cell a diagram prints in: what it needs, DIAGRAM_CELL at least,
        and the layout's (large print's answers are larger)."""
        return max(drawn.least_cell, DIAGRAM_CELL, self.least)


def how_to_play_pieces(boards: Sequence[Board], words: Catalogue,
                       example: Example | None, where: str, squares: bool,
                       times: bool, diagrams: Diagrams | None = None) -> list[Piece]:
    """Rules, with a labelled diagram of each kind the example is not of; the example with
    its first steps; where the solutions are; the difficulty legend and the times, if the
    book prints them; then the solving tips."""
    rules = kind_rules(boards, words)
    pieces: list[Piece] = [TextBlock((words.text("how_to_play"),), "title"),
                           TextBlock(tuple(rules), "body", space_before=14.0)]
    if diagrams is not None:
        pieces += diagram_figures(diagrams)
    if example is not None:
        pieces += worked_example(example, words)
    advice = words.text(advice_key([kind for _, kind, _ in boards]))
    pieces.append(TextBlock(tuple([words.text("unique"), advice] +
                                  ([where] if where else [])), "body", space_before=10.0))
    if squares:
        pieces += difficulty_legend([kind for _, kind, _ in boards], words)
    if times:
        pieces.append(TextBlock((words.text("times"),), "body", space_before=6.0))
    return pieces + solving_tips(boards, words)


def worked_example(example: Example, words: Catalogue) -> list[Piece]:
    """The example grids under the rules, and the first steps of solving it."""
    steps = kind_of_puzzle(example.puzzle).grade(example.puzzle.givens, example.puzzle.extras).steps
    lines = tuple(words.text("worked_step", number=index + 1,
                             step=step_text(step, example.puzzle.shape, words,
                                            example.value))
                  for index, step in enumerate(steps[:WORKED_STEPS]))
    return [Together((TextBlock((words.text("worked_example"),), "heading", space_before=8.0),
                      *example_figures(example),
                      TextBlock((words.text("worked_intro"), *lines), "body",
                                space_before=4.0)))]


def example_figures(example: Example) -> list[Figure]:
    """The puzzle and its solution side by side, as large as EXAMPLE_SHARE of the width
    and EXAMPLE_HEIGHT of the page allow, their cells never under the layout's smallest
    puzzle cell; where two such grids do not fit side by side (large print), at the
    layout's smallest answer cell (the example is read, not written in), so its steps
    stay on its page; failing that too, one above the other."""
    border, width, least = example.border, example.width, example.least_side
    puzzle = example.puzzle
    grids = ((puzzle.givens, None, example.puzzle_label),
             (puzzle.givens, puzzle.solution, example.solution_label))
    widest = width * EXAMPLE_SHARE - border
    if least > widest >= example.least_read_side > 0:
        least = example.least_read_side
    if widest < least:
        return [_figure(example, [grid], least) for grid in grids]
    side = min(widest, max(example.page_height * EXAMPLE_HEIGHT - border, least))
    return [_figure(example, list(grids), side)]


def _figure(example: Example, grids: list, side: float) -> Figure:
    """Grids of `side` points in a row, centred, their labels above them."""
    width = example.width
    gap = width * (1 - 2 * EXAMPLE_SHARE) if len(grids) > 1 else 0.0

    puzzle = example.puzzle
    marks = kind_of_puzzle(puzzle).marks(puzzle.givens, puzzle.extras)

    def place(left: float, top: float, _width: float) -> tuple[GridPlacement, ...]:
        x = left + (width - len(grids) * side - (len(grids) - 1) * gap) / 2
        y = top - example.label_height - side - example.border / 2
        return tuple(GridPlacement(x + index * (side + gap), y, side, givens, solution, label,
                                   marks=marks, glyphs=example.glyphs)
                     for index, (givens, solution, label) in enumerate(grids))
    return Figure(example.label_height + side + example.border, place)


def diagram_figures(diagrams: Diagrams) -> list[Figure]:
    """The diagrams, two a row where both fit EXAMPLE_SHARE of the width: each as large
    as DIAGRAM_HEIGHT of the page allows, larger where its cells need it (a Killer's
    cage totals), the row at its larger one's size. A board too large for half the width
    (a Samurai's 21 across) has a row to itself, up to ALONE_HEIGHT of the page; one too
    large even for that (a page too small for it) is left out."""
    border = diagrams.border
    wish = diagrams.page_height * DIAGRAM_HEIGHT - border
    half = diagrams.width * EXAMPLE_SHARE - border
    alone = min(diagrams.width, diagrams.page_height * ALONE_HEIGHT) - border
    rows: list[list[Drawn]] = []
    waiting: list[Drawn] = []  # a diagram that may share its row, until a partner comes
    for drawn in diagrams.drawn:
        side = max(wish, diagrams.least_cell(drawn) * drawn.cells)
        if side > alone:
            continue
        if side > half:
            rows.append([drawn])
        elif waiting:
            waiting.append(drawn)
            waiting = []
        else:
            waiting = [drawn]
            rows.append(waiting)  # its partner joins it in place
    return [_diagram_row(diagrams, row, max(max(wish, diagrams.least_cell(d) * d.cells)
                                            for d in row)) for row in rows]


def _diagram_row(diagrams: Diagrams, row: list[Drawn], side: float) -> Figure:
    """A row of diagrams `side` points square, spread over the width, labels above them."""
    width, border = diagrams.width, diagrams.border

    def place(left: float, top: float, _width: float) -> tuple[GridPlacement, ...]:
        gap = (width - len(row) * side) / (len(row) + 1)
        y = top - diagrams.label_height - side - border / 2
        return tuple(GridPlacement(left + gap + index * (side + gap), y, side,
                                   drawn.puzzle.givens, None, drawn.label,
                                   marks=kind_of_puzzle(drawn.puzzle).marks(drawn.puzzle.givens,
                                                                 drawn.puzzle.extras),
                                   glyphs=drawn.glyphs)
                     for index, drawn in enumerate(row))
    return Figure(diagrams.label_height + side + border, place)


def difficulty_legend(kinds: Sequence[Kind], words: Catalogue) -> list[Piece]:
    """What the squares beside a puzzle's number say: one line for each grade the book's
    kinds have, with what it asks where the book has a kind of Sudoku's rule (the notes
    name Sudoku's techniques; a Calcudoku book's grades stand alone)."""
    notes = any(kind.presentation.sudoku_rule for kind in kinds)
    grades = [grade for grade in GRADES if any(grade in kind.grades for kind in kinds)]
    lines = tuple(words.text("legend_line" if notes else "legend_grade",
                             squares=FILLED * (index + 1) + EMPTY * (len(GRADES) - index - 1),
                             grade=words.grade(grade), note=words.text(f"grade_notes.{grade}"))
                  for index, grade in enumerate(GRADES) if grade in grades)
    return [Together((TextBlock((words.text("difficulty"),), "heading", space_before=10.0),
                      TextBlock((words.text("difficulty_intro"),), "body", space_before=2.0),
                      TextBlock(lines, "body")))]


def solving_tips(boards: Sequence[Board], words: Catalogue) -> list[Piece]:
    """The tips heading, the tips of every kind in the book (classic Sudoku's first, as
    they hold for every kind that follows its rule), and each kind's chart."""
    kinds = list(dict.fromkeys(kind for _, kind, _ in boards))
    sudoku = ["tips.classic"] if any(kind.presentation.sudoku_rule for kind in kinds) else []
    keys = dict.fromkeys(sudoku + [kind.presentation.tips_key for kind in kinds])
    tips = tuple(words.texts[key] for key in keys if key in words.texts)
    pieces: list[Piece] = [TextBlock((words.text("solving_tips"),), "heading",
                                     space_before=10.0),
                           TextBlock(tips, "body", space_before=2.0)]
    charts = dict.fromkeys(kind.presentation.combination_chart(size) for kind in kinds
                           for size in sorted({size for size, other, _ in boards if other is kind}))
    for chart in charts:  # a Killer's and a Killer X's are one chart
        pieces += chart_pieces(chart, words)
    return pieces


def _digits(values: Sequence[int]) -> str:
    """A set of digits as charts write it, with no space to break at: '1234'; with plus
    signs where a value has two digits (12x12): '1+2+10'."""
    return ("" if max(values) < 10 else "+").join(map(str, values))


def chart_pieces(chart, words: Catalogue) -> list[Piece]:
    """A kind's combination chart: its heading, a line per group size, kept together."""
    if not chart:
        return []
    lines = tuple(words.text("cage_chart_line", cells=cells, entries=", ".join(
        words.text("cage_chart_entry", total=total, digits=_digits(values))
        for total, values in rows)) for cells, rows in chart if rows)
    return [Together((TextBlock((words.text("cage_chart"),), "heading", space_before=8.0),
                      TextBlock(lines, "body", space_before=2.0)))]
