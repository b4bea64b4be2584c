"""The how-to-play pages as flowing text (pages/flow.py): the rules the book's kinds
share and where the solutions are; then a part for each kind of the book (its own rule,
a worked example of it at the book's size whose first placing steps are marked on its
grid, its classic aid, tips and charts); then the legend of the difficulty squares, the
solving times and Sudoku's tips. Every word comes from the book's message catalogue,
every kind's by its own keys."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core.board.grid import Grid
from ..core.grade.candidates import Step
from ..core.grade.grades import GRADES
from ..core.kinds.kind import Kind
from ..core.puzzle import Puzzle
from ..core.registry import kind_of_puzzle
from ..design.captions import SEPARATOR, kind_title
from ..design.catalogue import Catalogue
from ..design.explain import listed, step_text, value_text
from ..design.howtoplay import (
    advice_key,
    rule_keys,
    rules_sentence,
    sudoku_sizes,
    worked_steps,
)
from ..design.layout import EXAMPLE_HEIGHT, EXAMPLE_SHARE
from ..pages.flow import Figure, Piece, Together
from ..pages.page import GridPlacement, TextBlock

EXAMPLE_MOST_CELLS = 9  # cells across an example drawn beside its solution (not a Samurai)
ALONE_HEIGHT = 0.45  # an example drawn alone (a Samurai): at most this share of the height
DIAGRAM_CELL = 11.0  # points: a glossary example's least cell, its givens still easily read
FILLED, EMPTY = "\u25a0", "\u25a1"  # the legend's squares, as the marks beside numbers
STEPS_KEPT = 2  # a worked example's steps kept with its grids; the rest may go on overleaf


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
    with_solution: bool = True  # its solution drawn beside it (not a Samurai's: too wide)
    greys: bool = False  # printed in a black-and-white interior: its colours as greys

    @property
    def kind(self) -> Kind:
        """The kind it is a puzzle of."""
        return kind_of_puzzle(self.puzzle)

    def value(self, words: Catalogue) -> Callable[[int], str]:
        """A value as the example prints it (a colour by its name in `words`, or by its
        grey in a black-and-white interior)."""
        palette = self.kind.marks(self.puzzle.givens, self.puzzle.extras).palette
        return value_text(self.glyphs, palette, words, self.kind.answer.said, self.greys)


Board = tuple[int, Kind, tuple[str, ...]]  # a section's size, kind and glyphs (() numbers)


def how_to_play_pieces(boards: Sequence[Board], words: Catalogue,
                       examples: Sequence[Example], where: str, squares: bool,
                       times: bool) -> list[Piece]:
    """The rules every kind of the book shares (Sudoku's, a family's), the promise of one
    solution, the advice and where the solutions are; a part for each kind (its own rule,
    its worked example: `examples` holds one of each kind that has one, its tips and
    charts); then the difficulty legend and the times, if the book prints them, and
    Sudoku's solving tips where a kind follows its rule."""
    kinds = list(dict.fromkeys(kind for _, kind, _ in boards))
    shared, own = rule_keys(kinds)
    sudoku = [rules_sentence(sudoku_sizes(boards), words)] if any(
        kind.presentation.sudoku_rule for kind in kinds) else []
    advice = words.text(advice_key(kinds))
    pieces: list[Piece] = [TextBlock((words.text("how_to_play"),), "title"),
                           TextBlock((*sudoku, *(words.text(key) for key in shared),
                                      words.text("unique"), advice, *([where] if where else [])),
                                     "body", space_before=14.0)]
    for kind in kinds:
        example = next((e for e in examples if e.kind is kind), None)
        sizes = sorted({size for size, other, _ in boards if other is kind})
        pieces += kind_part(kind, sizes, own[kind], example, words, titled=len(kinds) > 1)
    if squares:
        pieces += difficulty_legend(kinds, words)
    if times:
        pieces.append(TextBlock((words.text("times"),), "body", space_before=6.0))
    if sudoku and "tips.classic" in words.texts:
        pieces += [TextBlock((words.text("solving_tips"),), "heading", space_before=10.0),
                   TextBlock((words.text("tips.classic"),), "body", space_before=2.0)]
    return pieces


def kind_part(kind: Kind, sizes: Sequence[int], rule_key: str | None,
              example: Example | None, words: Catalogue, titled: bool = True) -> list[Piece]:
    """One kind's part of the how-to-play, in three pieces each kept together: its heading,
    its own rule and its tips; its worked example (with the heading where the kind has no
    rule of its own, its tips then after the example), whose steps after its first
    STEPS_KEPT may go on to the next page; its charts. Each waits for the next page where
    it does not fit this one, the pieces keeping their order while the text
    after every kind's part (the times, Sudoku's tips) fills the page. A book of one kind
    has no heading for it (`titled`): its title says it."""
    shown = kind.presentation
    head: list[TextBlock | Figure] = [TextBlock((kind_title(words, kind),), "heading",
                                                space_before=12.0)] if titled else []
    if rule_key:
        head.append(TextBlock((words.text(rule_key),), "body", space_before=2.0))
    worked = worked_example(example, words, titled) if example is not None else None
    # Classic Sudoku's tips hold for every kind of its rule: said once, at the end.
    tips: list[TextBlock | Figure] = [
        TextBlock((words.text(shown.tips_key),), "body", space_before=6.0)] \
        if shown.own_rule and shown.tips_key in words.texts else []
    before: list[TextBlock | Figure] = []
    if not rule_key and titled:  # a heading alone (classic Sudoku's) stays with its example
        head, before = [], head
    else:  # the tips before the example: on the page it may leave half empty where it
        head, tips = head + tips, []  # waits for the next one (issue 36)
    # The example starts where its heading, grids, intro and first steps fit, the other
    # steps going on overleaf: waiting whole, it left a page 60% white (issue 39); where
    # they fit with its grids drawn smaller, they are.
    kept = [_kept_example(before, worked)] if worked is not None else \
        [Together(tuple(before))] if before else []  # a heading whose kind has no example
    pieces: list[Piece] = [*([Together(tuple(head))] if head else []), *kept]
    aids = aid_pieces(example, words) + tips + kind_charts(kind, sizes, words)
    return pieces + ([Together(tuple(aids), passes=True)] if aids else [])


AID_SHARE = 0.4  # the aid's solved example: at most this share of the width


def aid_pieces(example: Example | None, words: Catalogue) -> list[TextBlock | Figure]:
    """The kind's classic aid drawn on its solved example, where it has one: a
    Skyscrapers' line seen from a clue of 1 shaded, its heights written in, and what a
    clue sees said under it."""
    if example is None:
        return []
    puzzle = example.puzzle
    line = example.kind.presentation.seen_line(puzzle.extras)
    if not line:
        return []
    side = max(example.least_read_side, example.width * AID_SHARE - example.border)
    marks = example.kind.marks(puzzle.givens, puzzle.extras)

    def place(left: float, top: float, width: float) -> tuple[GridPlacement, ...]:
        return (GridPlacement(left + (width - side) / 2, top - side - example.border / 2,
                              side, puzzle.givens, None, marks=marks, glyphs=example.glyphs,
                              entered=puzzle.solution, shaded=line,
                              drawn=example.kind.answer.drawing),)
    return [Figure(side + example.border, place, space_before=8.0),
            TextBlock((words.text(example.kind.presentation.aid_key),), "body",
                      space_before=2.0)]


def _kept_example(before: list[TextBlock | Figure], worked: Worked) -> Together:
    """The worked example (after `before`, a heading it keeps), its heading, grids,
    intro and first STEPS_KEPT steps kept together; where those are `short` points too
    tall for the page, its grids that much smaller while they stay over their least."""
    def shrunk(short: float) -> Together | None:
        smaller = worked.shorter(short)
        return None if smaller is None else _kept_example(before, smaller)
    return Together((*before, *worked.pieces), kept=1 + STEPS_KEPT, shrunk=shrunk)


@dataclass(frozen=True)
class Worked:
    """A worked example's pieces (its heading, grids and steps) and its example and steps,
    to draw its grids again smaller."""

    example: Example
    steps: tuple[Step, ...]
    pieces: tuple[TextBlock | Figure, ...]

    def shorter(self, short: float) -> Worked | None:
        """The same with its grids `short` points less tall; None where they would fall
        under their least."""
        figure = next(piece for piece in self.pieces if isinstance(piece, Figure))
        smaller = example_figures(self.example, self.steps, short)
        if smaller[0].height > figure.height - short + 1e-6:
            return None
        pieces = tuple(smaller[0] if piece is figure else piece for piece in self.pieces)
        return Worked(self.example, self.steps, pieces)


def worked_example(example: Example, words: Catalogue, titled: bool = False) -> Worked:
    """The example's heading, its grids (the puzzle with the worked steps' cells shaded
    and their values written in), and those steps, numbered; in a book of several kinds
    (`titled`), steps that go on overleaf say whose example they are ('Hashi · Worked
    example (continued)')."""
    puzzle = example.puzzle
    steps = worked_steps(example.kind.grade(puzzle.givens, puzzle.extras).steps,
                         puzzle.shape)
    lines = tuple(words.text("worked_step", number=index + 1,
                             step=step_text(step, puzzle.shape, words, example.value(words)))
                  for index, step in enumerate(steps))
    heading = words.text("worked_example")
    continued = words.text("continued", heading=SEPARATOR.join(
        (kind_title(words, example.kind), heading))) if titled else ""
    return Worked(example, tuple(steps), (
        TextBlock((heading,), "entry", space_before=6.0), *example_figures(example, steps),
        TextBlock((words.text("worked_intro"), *lines), "body", space_before=4.0,
                  continued=continued)))


def example_figures(example: Example, steps: Sequence[Step] = (),
                    shorter: float = 0.0) -> list[Figure]:
    """The puzzle (the values `steps` place written in, their cells shaded) and its
    solution side by side, as large as EXAMPLE_SHARE of the width and EXAMPLE_HEIGHT of
    the page allow, their cells never under the layout's smallest puzzle cell; where two
    such grids do not fit side by side (large print), at the layout's smallest answer cell
    (the example is read, not written in), so its steps stay on its page; failing that
    too (a 9x9 Killer on a 6x9 page), and for a board too wide (a Samurai's 21 across),
    the puzzle alone, its worked steps marked on it. `shorter`: the grids that many points
    smaller, never under their least."""
    border, width, least = example.border, example.width, example.least_side
    puzzle = example.puzzle
    placed = [(cell, value) for step in steps for cell, value in step.placements]
    entered = list(puzzle.givens.cells)
    for cell, value in placed:
        entered[cell] = value
    marked = Marked(Grid(puzzle.shape, tuple(entered)), tuple(cell for cell, _ in placed))
    grids = [(puzzle.givens, None, example.puzzle_label, marked),
             (puzzle.givens, puzzle.solution, example.solution_label, None)]
    if not example.with_solution:
        grids = grids[:1]
    widest = width * (EXAMPLE_SHARE if len(grids) > 1 else 1.0) - border
    if least > widest >= example.least_read_side > 0:
        least = example.least_read_side
    if widest < least:  # one above the other would not fit a page with its steps
        return [_figure(example, grids[:1], least)]
    high = ALONE_HEIGHT if len(grids) == 1 else EXAMPLE_HEIGHT
    side = min(widest, max(example.page_height * high - border, least))
    return [_figure(example, list(grids), max(min(side, least), side - shorter))]


@dataclass(frozen=True)
class Marked:
    """A worked example's grid as its steps leave it: the values they wrote in, and the
    cells they filled (shaded)."""

    entered: Grid
    cells: tuple[int, ...]


def _figure(example: Example, grids: list, side: float) -> Figure:
    """Grids of `side` points in a row, centred, their labels above them."""
    width = example.width
    gap = width * (1 - 2 * EXAMPLE_SHARE) if len(grids) > 1 else 0.0

    puzzle = example.puzzle
    marks = example.kind.marks(puzzle.givens, puzzle.extras)

    def place(left: float, top: float, _width: float) -> tuple[GridPlacement, ...]:
        x = left + (width - len(grids) * side - (len(grids) - 1) * gap) / 2
        y = top - example.label_height - side - example.border / 2
        return tuple(GridPlacement(x + index * (side + gap), y, side, givens, solution, label,
                                   marks=marks, glyphs=example.glyphs,
                                   entered=marked.entered if marked else None,
                                   shaded=marked.cells if marked else (),
                                   drawn=example.kind.answer.drawing)
                     for index, (givens, solution, label, marked) in enumerate(grids))
    return Figure(example.label_height + side + example.border, place)


def difficulty_legend(kinds: Sequence[Kind], words: Catalogue) -> list[Piece]:
    """What the squares beside a puzzle's number say: one line for each grade the book's
    kinds have, with what it asks where the book has a kind of Sudoku's rule (the notes
    name Sudoku's techniques; a Calcudoku book's grades stand alone). It is text flowing
    with the text after the kinds' parts, not a piece kept together: kept together it
    waited for the page after the worked example's and stood alone there (a large-print
    classic book's)."""
    notes = any(kind.presentation.sudoku_rule for kind in kinds)
    grades = [grade for grade in GRADES if any(grade in kind.grades for kind in kinds)]
    lines = tuple(words.text("legend_line" if notes else "legend_grade",
                             squares=FILLED * (index + 1) + EMPTY * (len(GRADES) - index - 1),
                             grade=words.grade(grade), note=words.text(f"grade_notes.{grade}"))
                  for index, grade in enumerate(GRADES) if grade in grades)
    return [TextBlock((words.text("difficulty"),), "heading", space_before=10.0),
            TextBlock((words.text("difficulty_intro"),), "body", space_before=2.0),
            TextBlock(lines, "body")]


def kind_charts(kind: Kind, sizes: Sequence[int], words: Catalogue) -> list[TextBlock]:
    """A kind's charts for the sizes the book has it in: its combination chart under its
    heading (a Killer's cage chart, a Kakuro's unique sums), each once, and its products
    (a Calcudoku's) for its largest size."""
    shown = kind.presentation
    charts = dict.fromkeys(shown.combination_chart(size) for size in sizes)
    return [*(block for chart in charts for block in chart_blocks(shown.chart_key, chart, words)),
            *product_blocks(shown.product_chart(max(sizes)), words)]  # holds the smaller


def _digits(values: Sequence[int]) -> str:
    """A set of digits as charts write it, with no space to break at: '1234'; with plus
    signs where a value has two digits (12x12): '1+2+10'."""
    return ("" if max(values) < 10 else "+").join(map(str, values))


def chart_blocks(key: str, chart, words: Catalogue) -> list[TextBlock]:
    """A kind's combination chart under its heading (`key`), a line per group size."""
    if not chart:
        return []
    lines = tuple(words.text("cage_chart_line", cells=cells, entries=", ".join(
        words.text("cage_chart_entry", total=total, digits=_digits(values))
        for total, values in rows)) for cells, rows in chart if rows)
    return [TextBlock((words.text(key),), "heading", space_before=8.0),
            TextBlock(lines, "body", space_before=2.0)]


def product_blocks(chart, words: Catalogue) -> list[TextBlock]:
    """The products two cells can make and the pairs that make each ('6=1×6 or 2×3'),
    as one paragraph under its heading."""
    if not chart:
        return []
    entries = "; ".join(words.text("product_chart_entry", product=product, pairs=listed(
        [words.text("product_pair", low=low, high=high) for low, high in pairs], words,
        "list_or")) for product, pairs in chart)
    return [TextBlock((words.text("product_chart"),), "heading", space_before=8.0),
            TextBlock((entries,), "body", space_before=2.0)]
