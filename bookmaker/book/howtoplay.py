"""The how-to-play pages as flowing text (pages/flow.py): the rules of every kind in the
book, the example puzzle and its solution set right under them with the first steps of
solving it, where the solutions are, the legend of the difficulty squares, the solving
times, and a page of solving tips per kind (a Killer's with its cage-combination chart).
Every word comes from the book's message catalogue, every kind's by its own keys."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.grade.grades import GRADES
from ..core.kinds.kind import Kind
from ..core.puzzle import Puzzle
from ..pages.flow import Figure, Piece, Together
from ..pages.page import GridPlacement, TextBlock
from ..spec.catalogue import Catalogue
from ..spec.explain import step_text
from ..spec.howtoplay import rules_sentence
from ..spec.layout import EXAMPLE_HEIGHT, EXAMPLE_SHARE

WORKED_STEPS = 3  # steps of the worked example
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


def how_to_play_pieces(boards: Sequence[tuple[int, Kind]], words: Catalogue,
                       example: Example | None, where: str, squares: bool,
                       times: bool) -> list[Piece]:
    """Rules; the example with its first steps; where the solutions are; the difficulty
    legend and the times, if the book prints them; then the solving tips."""
    kinds = list(dict.fromkeys(kind for _, kind in boards))
    rules = [rules_sentence(sorted({size for size, _ in boards}), words)]
    rules += [words.text(kind.rules_key) for kind in kinds if kind.rules_key]
    pieces: list[Piece] = [TextBlock((words.text("how_to_play"),), "title"),
                           TextBlock(tuple(rules), "body", space_before=14.0)]
    if example is not None:
        pieces += worked_example(example, words)
    pieces.append(TextBlock(tuple([words.text("unique"), words.text("advice")] +
                                  ([where] if where else [])), "body", space_before=10.0))
    if squares:
        pieces += difficulty_legend(words)
    if times:
        pieces.append(TextBlock((words.text("times"),), "body", space_before=6.0))
    return pieces + solving_tips(boards, words)


def worked_example(example: Example, words: Catalogue) -> list[Piece]:
    """The example grids under the rules, and the first steps of solving it."""
    steps = example.puzzle.kind.grade(example.puzzle.givens, example.puzzle.extras).steps
    lines = tuple(words.text("worked_step", number=index + 1,
                             step=step_text(step, example.puzzle.shape, words))
                  for index, step in enumerate(steps[:WORKED_STEPS]))
    return [Together((TextBlock((words.text("worked_example"),), "heading", space_before=8.0),
                      *example_figures(example),
                      TextBlock((words.text("worked_intro"), *lines), "body",
                                space_before=4.0)))]


def example_figures(example: Example) -> list[Figure]:
    """The puzzle and its solution side by side, as large as EXAMPLE_SHARE of the width
    and EXAMPLE_HEIGHT of the page allow, their cells never under the layout's smallest
    puzzle cell; where two such grids do not fit side by side (large print), one above
    the other."""
    border, width, least = example.border, example.width, example.least_side
    puzzle = example.puzzle
    grids = ((puzzle.givens, None, example.puzzle_label),
             (puzzle.givens, puzzle.solution, example.solution_label))
    widest = width * EXAMPLE_SHARE - border
    if widest < least:
        return [_figure(example, [grid], least) for grid in grids]
    side = min(widest, max(example.page_height * EXAMPLE_HEIGHT - border, least))
    return [_figure(example, list(grids), side)]


def _figure(example: Example, grids: list, side: float) -> Figure:
    """Grids of `side` points in a row, centred, their labels above them."""
    width = example.width
    gap = width * (1 - 2 * EXAMPLE_SHARE) if len(grids) > 1 else 0.0

    def place(left: float, top: float, _width: float) -> tuple[GridPlacement, ...]:
        x = left + (width - len(grids) * side - (len(grids) - 1) * gap) / 2
        y = top - example.label_height - side - example.border / 2
        return tuple(GridPlacement(x + index * (side + gap), y, side, givens, solution, label)
                     for index, (givens, solution, label) in enumerate(grids))
    return Figure(example.label_height + side + example.border, place)


def difficulty_legend(words: Catalogue) -> list[Piece]:
    """What the squares beside a puzzle's number say: one line a grade."""
    lines = tuple(words.text("legend_line", squares=FILLED * (index + 1) +
                             EMPTY * (len(GRADES) - index - 1), grade=words.grade(grade),
                             note=words.text(f"grade_notes.{grade}"))
                  for index, grade in enumerate(GRADES))
    return [Together((TextBlock((words.text("difficulty"),), "heading", space_before=10.0),
                      TextBlock((words.text("difficulty_intro"),), "body", space_before=2.0),
                      TextBlock(lines, "body")))]


def solving_tips(boards: Sequence[tuple[int, Kind]], words: Catalogue) -> list[Piece]:
    """The tips heading, the tips of every kind in the book (classic Sudoku's first, as
    they hold for all), and each kind's chart."""
    kinds = list(dict.fromkeys(kind for _, kind in boards))
    keys = dict.fromkeys(["tips.classic"] + [kind.tips_key for kind in kinds])
    tips = tuple(words.texts[key] for key in keys if key in words.texts)
    pieces: list[Piece] = [TextBlock((words.text("solving_tips"),), "heading",
                                     space_before=10.0),
                           TextBlock(tips, "body", space_before=2.0)]
    charts = dict.fromkeys(kind.combination_chart(size) for kind in kinds
                           for size in sorted({size for size, other in boards if other is kind}))
    for chart in charts:  # a Killer's and a Killer X's are one chart
        pieces += chart_pieces(chart, words)
    return pieces


def _digits(values: Sequence[int]) -> str:
    """A set of digits as charts write it, with no space to break at: '1234'; with plus
    signs where a value has two digits (12x12): '1+2+10'."""
    return ("" if max(values) < 10 else "+").join(map(str, values))


def chart_pieces(chart, words: Catalogue) -> list[Piece]:
    """A kind's combination chart: its heading, a line per group size."""
    if not chart:
        return []
    lines = tuple(words.text("cage_chart_line", cells=cells, entries=", ".join(
        words.text("cage_chart_entry", total=total, digits=_digits(values))
        for total, values in rows)) for cells, rows in chart if rows)
    return [TextBlock((words.text("cage_chart"),), "heading", space_before=8.0),
            TextBlock(lines, "body", space_before=2.0)]
