"""Explained solutions (issues 22, 36): each puzzle solved again by its kind's grader, step
by step, for its hint (where it gets hard: its crux, and a first step), its solving path
(numbered steps, a small grid of the crux), its estimated time, and the glossary of the
techniques the book's solutions use. The grader is the one that graded the puzzle, so a
hint points at exactly the step the grade rests on."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import cast

from ..core.board.grid import Grid
from ..core.board.marks import Marks
from ..core.board.shape import Shape
from ..core.grade.candidates import Step
from ..core.grade.grades import GRADES
from ..core.kinds.kind import Kind
from ..core.kinds.sudoku import CLASSIC
from ..core.puzzle import Puzzle
from ..core.registry import kind_of_puzzle
from ..design.breaks import unbroken
from ..design.catalogue import Catalogue
from ..design.explain import (
    ValueText,
    group_text,
    hint_text,
    path_groups,
    path_text,
    pattern_cells,
    step_text,
    technique_name,
    technique_note,
    value_text,
)
from ..design.solvetime import puzzle_minutes
from ..pages.flow import (
    BESIDE_GAP,
    Beside,
    Figure,
    Piece,
    TextSetter,
    Together,
    column_width,
)
from ..pages.page import GridPlacement, TextBlock
from .plan import PlannedPuzzle

TECHNIQUE_SPACE = 4.0  # points above each glossary entry
GLOSSARY_SHARE = 0.4  # a glossary example: at most this share of the width ...
GLOSSARY_HEIGHT = 0.22  # ... and of the page's height (larger only where its cells need it)
HINT_COLUMNS = 3  # hints are set in at most this many columns ...
HINT_COLUMN_WIDTH = 144.0  # ... each at least 2 in wide (points) ...
HINT_LINES = 3  # ... where no hint takes more lines than this in one (where to look, and
# a first step: about 80 letters)
BESIDE_TEXT = 0.45  # a glossary entry's text beside its example keeps this share of the width
EXAMPLE_SPACE = 10.0  # points above a glossary example set beside its entry
SINGLES_RUN = 15  # a grid after singles placing this many values since the last grid
PATH_COLUMN_EMS = 20.0  # a solving path's steps in two columns where each is this many ems


@dataclass(frozen=True)
class Solved:
    """A puzzle as its grader solves it: its number, grade, board, steps and time."""

    number: int
    grade: str
    shape: Shape
    steps: tuple[Step, ...]
    minutes: int
    glyphs: tuple[str, ...] = ()  # what its values print as (its section's symbols)
    givens: Grid | None = None  # its givens and marks, to draw it as a glossary example
    marks: Marks = Marks()
    kind: Kind = CLASSIC  # whose ladder ranks its techniques and names its singles
    greys: bool = False  # printed in a black-and-white interior: its colours as greys

    def value(self, words: Catalogue) -> ValueText:
        """A value as the puzzle prints it (a colour by its name in `words`, or by its grey
        in a black-and-white interior)."""
        return value_text(self.glyphs, self.marks.palette, words, self.kind.answer.said,
                          self.greys)

    @property
    def crux(self) -> Step | None:
        """The first step that needs the solution's hardest technique (its kind's ladder
        ranks them): where a reader gets stuck."""
        ranks = technique_ranks(self.kind)
        last = (len(GRADES), 0.0)
        return max(self.steps, key=lambda step: ranks.get(step.technique, last), default=None)

    @property
    def start(self) -> Step | None:
        """The first step that places a value: the easy way in."""
        return next((step for step in self.steps if step.placements), None)

    @property
    def hint_words(self) -> tuple[Step, Step | None] | None:
        """(crux, start) for hint_text, the start only where it comes before the crux;
        None for a puzzle without steps."""
        crux, start = self.crux, self.start
        if crux is None:
            return None
        before = start is not None and self.steps.index(start) < self.steps.index(crux)
        return crux, start if before else crux


def solve_each(planned: Sequence[PlannedPuzzle], puzzles: Sequence[Puzzle],
               glyphs: Sequence[tuple[str, ...]] = (), steps: bool = True,
               greys: bool = False) -> list[Solved]:
    """Every puzzle of the book solved by its kind's grader, in book order (`glyphs`: each
    section's symbols, () for numbers; `greys`: a black-and-white interior). Without
    `steps` (a book that prints its times but no hints, paths or glossary) a puzzle whose
    estimate came with it from where it was made (design/solvetime.with_minutes) is not
    solved again, and has no steps."""
    solved = []
    for place, puzzle in zip(planned, puzzles):
        path: tuple[Step, ...] = ()
        minutes, kind = puzzle.minutes, kind_of_puzzle(puzzle)
        if steps or minutes is None:
            path = kind.grade(puzzle.givens, puzzle.extras).steps
            minutes = puzzle_minutes(puzzle, path)
        solved.append(Solved(place.number, puzzle.grade, puzzle.shape, path if steps else (),
                             minutes, glyphs[place.section_index] if glyphs else (),
                             puzzle.givens, kind.marks(puzzle.givens, puzzle.extras), kind,
                             greys))
    return solved


def hint_pieces(solved: Sequence[Solved], words: Catalogue,
                setter: TextSetter | None = None, width: float = 0.0) -> list[Piece]:
    """The hints pages: their heading, what a hint says, then one paragraph a puzzle, in
    as many columns as the page's `width` holds while each hint stays short in one
    (hint_columns; one column without a setter)."""
    lines = tuple(words.text("hint_line", number=s.number,
                             hint=hint_text(*s.hint_words, s.shape, words, s.value(words)))
                  for s in solved if s.hint_words is not None)
    columns = hint_columns(lines, setter, width) if setter is not None else 1
    return [TextBlock((words.text("hints"),), "title"),
            TextBlock((words.text("hints_intro"),), "body", space_before=12.0),
            TextBlock(lines, "body", space_before=6.0, columns=columns)]


def hint_columns(hints: Sequence[str], setter: TextSetter, width: float) -> int:
    """The most columns (up to HINT_COLUMNS) the hints are set in: each column at least
    HINT_COLUMN_WIDTH wide and no hint longer than HINT_LINES lines in it; else one."""
    probe = TextBlock((), "body")
    for columns in range(HINT_COLUMNS, 1, -1):
        across = column_width(width, columns)
        if across >= HINT_COLUMN_WIDTH and all(
                len(setter.lines(probe, hint, across)) <= HINT_LINES for hint in hints):
            return columns
    return 1


def path_pieces(solved: Sequence[Solved], words: Catalogue, room: Room | None = None,
                grids: str = "hardest", body: float = 0.0) -> list[Piece]:
    """The solving paths: their heading and introduction, then each puzzle's heading and
    its numbered steps, which say the heading again where a page break splits them, with
    (given the room) small grids of its steps beyond singles: of the hardest one beside
    the heading (`grids` 'hardest', crux_pieces), or of every one in the path ('every',
    every_step_pieces), or none ('none'); the steps in two columns where the page is
    wide for the `body` text size (path_columns; 0: one)."""
    pieces: list[Piece] = [TextBlock((words.text("solving_paths"),), "title"),
                           TextBlock((words.text("paths_intro"),), "body", space_before=12.0)]
    for s in solved:
        heading = words.text("path_heading", number=s.number, grade=words.grade(s.grade),
                             minutes=s.minutes)
        entry = TextBlock((heading,), "entry", space_before=8.0)
        path = PathText(words.text("continued", heading=heading), words)
        if room is not None and grids == "every":
            pieces += [entry, *every_step_pieces(s, path, words, room)]
            continue
        pieces.append(crux_pieces(s, entry, words, room) if room is not None and
                      grids == "hardest" else entry)
        pieces += path.paragraph(enumerate(path_text(s.steps, s.shape, words, s.value(words),
                                                     singles=s.kind.singles), 1),
                                 path_columns(room, body))
    return pieces


@dataclass(frozen=True)
class PathText:
    """How a puzzle's path is set: a list of its numbered steps, each starting a line of
    its own (a reader finds step 12 at a glance), which says `continued` above its rest
    where a page break splits it."""

    continued: str
    words: Catalogue

    def paragraph(self, steps: Iterable[tuple[int, str]], columns: int = 1) -> list[Piece]:
        """The numbered steps as a list, one paragraph a step, down `columns` columns
        (none for no steps)."""
        lines = tuple(numbered(number, step, self.words) for number, step in steps)
        return [TextBlock(lines, "step", columns=columns, continued=self.continued)] \
            if lines else []


def path_columns(room: Room | None, body: float) -> int:
    """Two columns for a solving path's steps where each holds PATH_COLUMN_EMS of the
    `body` size (a letter page at the usual size: most steps are short, and a line a step
    half-fills a wide page; not large print, whose narrow columns wrap every step), else
    one."""
    wide = room is not None and body > 0 and \
        column_width(room.width, 2) >= PATH_COLUMN_EMS * body
    return 2 if wide else 1


def every_step_pieces(s: Solved, path: PathText, words: Catalogue, room: Room) -> list[Piece]:
    """A puzzle's path with a small grid at every step beyond singles: the steps before it
    as a list, then the grid with the numbered step beside it, and so on; and a grid
    after a run of singles that places SINGLES_RUN values or more since the last grid
    (progress_drawing), where a reader would lose their place."""
    pieces: list[Piece] = []
    waiting: list[tuple[int, str]] = []
    placed: list[int] = []  # cells filled since the last grid
    for number, run in enumerate(path_groups(s.steps, s.kind.singles), 1):
        single = run[0].technique in s.kind.singles
        text = group_text(run, s.shape, words, s.value(words), single)
        drawn = None if single else step_drawing(s, run[0], numbered(number, text, words),
                                                 room)
        placed += [cell for step in run for cell, _ in step.placements]
        if drawn is None and single and len(placed) >= SINGLES_RUN:
            waiting.append((number, text))
            drawn = progress_drawing(s, run[-1], number, tuple(placed), words, room)
            if drawn is None:
                continue
        elif drawn is None:
            waiting.append((number, text))
            continue
        pieces += path.paragraph(waiting) + [drawn]
        waiting, placed = [], []
    return pieces + path.paragraph(waiting)


def progress_drawing(s: Solved, last: Step, number: int, placed: tuple[int, ...],
                     words: Catalogue, room: Room) -> Piece | None:
    """The grid as it stands after step `number` (ending with `last`), the values `placed`
    since the last grid shaded, and a line saying so; None where it cannot be drawn."""
    if s.givens is None:
        return None
    figure = board_figure(s, board_after(s, s.steps.index(last)), placed, room)
    if figure is None:
        return None
    said = TextBlock((words.text("path_progress", number=number),), "body", space_before=2.0)
    return _with_example([], [figure, said], room)


def crux_pieces(s: Solved, entry: TextBlock, words: Catalogue, room: Room) -> Piece:
    """A puzzle's path heading (`entry`) with its hardest step drawn where that needs more
    than singles, the heading and the step in words beside it (or over and under it), on
    one page; the step numbered as the path numbers it. The heading alone where there is
    no such step."""
    crux = s.crux
    if crux is None or crux.technique in s.kind.singles:
        return entry
    groups = path_groups(s.steps, s.kind.singles)
    number = next(n for n, run in enumerate(groups, 1) if run[0] is crux)
    line = words.text("path_crux", number=number,
                      step=step_text(crux, s.shape, words, s.value(words)))
    return step_drawing(s, crux, line, room, entry) or entry


def step_drawing(s: Solved, step: Step, line: str, room: Room,
                 entry: TextBlock | None = None) -> Piece | None:
    """A step drawn: the grid as it stands just before it, the pattern's cells shaded and
    those it fills or clears ringed, with `line` (the step in words, and `entry` over it)
    beside it or under it, on one page; None where the board cannot be drawn."""
    if s.givens is None:
        return None
    changed = tuple(dict.fromkeys(cell for cell, _ in step.placements + step.eliminations))
    figure = board_figure(s, board_after(s, s.steps.index(step) - 1), pattern_cells(step),
                          room, changed)
    if figure is None:
        return None
    said = TextBlock((line,), "body", space_before=2.0)
    return _with_example([entry] if entry is not None else [], [figure, said], room)


def numbered(number: int, step: str, words: Catalogue) -> str:
    """'12. Hidden single, box 1: r1c3 = 5.': a path's step with its number, which stays
    on the line of the step's first word."""
    return unbroken(words.text("worked_step", number=number, step=""), 1) + step + "."


def techniques_used(solved: Sequence[Solved]) -> list[str]:
    """The techniques the solutions use, easiest first: by grade, then weight, as the
    ladder of each puzzle's kind ranks it (a name two kinds' ladders share, such as
    'naked pair', at the easier of their ranks; ties, and a step its ladder does not name,
    in the order met)."""
    used: dict[str, tuple[int, float]] = {}
    for s in solved:
        ranks = technique_ranks(s.kind)
        for step in s.steps:
            rank = ranks.get(step.technique, (len(GRADES), 0.0))
            used[step.technique] = min(used.get(step.technique, rank), rank)
    return sorted(used, key=used.__getitem__)


@cache
def technique_ranks(kind: Kind) -> dict[str, tuple[int, float]]:
    """(grade index, weight) of every technique of the kind's own ladder."""
    return {tech.name: (GRADES.index(tech.grade), tech.weight) for tech in kind.techniques}


@dataclass(frozen=True)
class Room:
    """What sizing a glossary example needs: the text's width and the content height, a
    label's height and the border, and the least cell a board's symbols print in."""

    width: float
    page_height: float
    label_height: float
    border: float
    least_cell: Callable[[Solved], float]


def glossary_pieces(techniques: Sequence[str], words: Catalogue,
                    solved: Sequence[Solved] = (), room: Room | None = None) -> list[Piece]:
    """The glossary: each technique's name and what it is, and (given the book's
    solutions and the room) a drawn example: the first time a solution in the book uses
    it, the step in words with it. An entry and its example stay on one page, in order,
    the entry's text beside the drawing where the page is wide enough (_with_example)."""
    pieces: list[Piece] = [TextBlock((words.text("glossary"),), "title"),
                           TextBlock((words.text("glossary_intro"),), "body",
                                     space_before=12.0)]
    for technique in techniques:
        entry: list[TextBlock | Figure] = [TextBlock((technique_name(technique, words),),
                                                     "entry", space_before=TECHNIQUE_SPACE)]
        note = technique_note(technique, words)
        if note:
            entry.append(TextBlock((note,), "body"))
        drawn = technique_example(technique, solved, words, room) if room is not None else []
        if drawn:
            pieces.append(_with_example(entry, drawn, cast(Room, room)))
        else:
            pieces += entry
    return pieces


def _with_example(entry: list[TextBlock | Figure], drawn: list[TextBlock | Figure],
                  room: Room) -> Piece:
    """An entry and its drawn example on one page, in order (a figure that floated landed
    a page after its entry): the entry's text beside the figure where the text keeps at
    least BESIDE_TEXT of the width, else the figure under it."""
    figure, line = cast(Figure, drawn[0]), cast(TextBlock, drawn[1])
    beside = room.width - figure.height - BESIDE_GAP
    if beside >= BESIDE_TEXT * room.width:
        text = [cast(TextBlock, block) for block in entry] + [line]
        spaced = replace(figure, space_before=EXAMPLE_SPACE)  # a grid's width from the last
        return Beside(spaced, figure.height, tuple(text))  # a square: as wide as tall
    return Together((*entry, *drawn), floats=False)


def first_use(technique: str, solved: Sequence[Solved]) -> tuple[Solved, int] | None:
    """The first puzzle of the book whose solution uses the technique, and the step's
    index there."""
    for s in solved:
        for index, step in enumerate(s.steps):
            if step.technique == technique:
                return s, index
    return None


def technique_example(technique: str, solved: Sequence[Solved], words: Catalogue,
                      room: Room) -> list[TextBlock | Figure]:
    """The technique drawn where the book first uses it: that puzzle as a solver has it
    just after the step (the values placed so far printed as givens), the cells the step
    fills or clears shaded, and the step in words under it."""
    found = first_use(technique, solved)
    if found is None or found[0].givens is None:
        return []
    s, index = found
    step = s.steps[index]
    pointed = tuple(dict.fromkeys([c for c, _ in step.placements] +
                                  [c for c, _ in step.eliminations]))
    figure = board_figure(s, board_after(s, index), pointed, room)
    if figure is None:
        return []
    return [figure,
            TextBlock((words.text("glossary_example", number=s.number,
                                  step=step_text(step, s.shape, words, s.value(words))),),
                      "body", space_before=2.0)]


def board_after(s: Solved, index: int) -> Grid:
    """The puzzle as a solver has it just after its index-th step (-1: before any): the
    values placed so far printed as givens."""
    cells = list(cast(Grid, s.givens).cells)
    for earlier in s.steps[:index + 1]:
        for cell, value in earlier.placements:
            cells[cell] = value
    return Grid(s.shape, tuple(cells))


def board_figure(s: Solved, grid: Grid, shaded: tuple[int, ...], room: Room,
                 ringed: tuple[int, ...] = ()) -> Figure | None:
    """A small drawing of the puzzle's board as `grid`, the `shaded` cells pointed at and
    the `ringed` ones ringed; None where the board is too large for the page's width (a
    Samurai on a small page)."""
    side = max(min(room.width * GLOSSARY_SHARE, room.page_height * GLOSSARY_HEIGHT)
               - room.border, room.least_cell(s) * s.shape.frame[0])
    if side > room.width - room.border:
        return None

    def place(left: float, top: float, width: float) -> tuple[GridPlacement, ...]:
        y = top - side - room.border / 2  # no label: the line under it names the puzzle
        return (GridPlacement(left + (width - side) / 2, y, side, grid, None,
                              marks=s.marks, glyphs=s.glyphs, shaded=shaded,
                              ringed=ringed, drawn=s.kind.answer.drawing),)
    return Figure(side + room.border, place)
