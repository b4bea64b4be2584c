"""The pages of a book around its puzzles: title, copyright, contents, how to play and its
example, section openers, the answers' divider, Notes and blank pages. Each takes its
words already chosen (from the book's message catalogue) and returns a Page in points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..core.board.grid import Grid
from ..core.board.marks import Marks
from ..spec.layout import EXAMPLE_HEIGHT, EXAMPLE_SHARE
from .page import GridPlacement, Page, PageGeometry, TextBlock
from .paginate import grid_slots

NOTES_LINE_SPACING = 2.2  # between writing lines on a Notes page, per body size
HEADING_ROOM = 2.0  # a page heading's line and the space under it, per title size


@dataclass(frozen=True)
class ContentsEntry:
    """One line of the contents: what, its details, and its first page."""

    title: str
    detail: str
    page: int


def title_page(geometry: PageGeometry, title: str, subtitle: str = "",
               author: str = "") -> Page:
    """An unnumbered title page: the title a third of the way down, subtitle, then author."""
    blocks = [TextBlock((title,), "title", space_before=geometry.content_height * 0.28)]
    if subtitle:
        blocks.append(TextBlock((subtitle,), "subtitle", space_before=12.0))
    if author:
        blocks.append(TextBlock((author,), "subtitle", space_before=geometry.content_height * 0.2))
    return Page(number=None, texts=tuple(blocks))


def copyright_page(geometry: PageGeometry, lines: Sequence[str]) -> Page:
    """An unnumbered copyright page: its lines (paragraphs) in the lower half."""
    return Page(number=None, texts=(TextBlock(tuple(lines), "body",
                                              space_before=geometry.content_height * 0.45),))


def contents_page(heading: str, entries: Sequence[ContentsEntry], number: int | None) -> Page:
    """Contents: each entry's title and first page on a line, its details below."""
    blocks = [TextBlock((heading,), "title")]
    for index, entry in enumerate(entries):
        blocks.append(TextBlock((f"{entry.title}\t{entry.page}",), "entry",
                                space_before=18.0 if index == 0 else 6.0))
        if entry.detail:
            blocks.append(TextBlock((entry.detail,), "detail"))
    return Page(number, texts=tuple(blocks))


def how_to_play_page(geometry: PageGeometry, page_number: int, heading: str,
                     paragraphs: Sequence[str], example: ExamplePair | None = None,
                     numbered: bool = True) -> Page:
    """The rules, and under them the worked example if it is given (it fits beside the
    rules only when the layout says so; otherwise it has its own page, example_page)."""
    texts = (TextBlock((heading,), "title"), TextBlock(tuple(paragraphs), "body",
                                                        space_before=18.0))
    placements = example.beside_rules(geometry, page_number) if example else ()
    return Page(page_number if numbered else None, placements, texts)


@dataclass(frozen=True)
class ExamplePair:
    """A puzzle and its solution with their labels, for the how-to-play pages."""

    puzzle: Grid
    solution: Grid
    puzzle_label: str
    solution_label: str
    border: float = 0.0
    marks: Marks = Marks()  # its kind's marks (none for a Sudoku's)
    more: tuple[ExamplePair, ...] = ()  # examples of other kinds, on the same page below

    def beside_rules(self, geometry: PageGeometry, page_number: int) -> tuple[GridPlacement, ...]:
        """The two grids side by side, low on the page, centred."""
        left, bottom, width, height = geometry.content_box(page_number)
        side = min(width * EXAMPLE_SHARE, height * EXAMPLE_HEIGHT) - self.border
        gap = width * (1 - 2 * EXAMPLE_SHARE)
        x = left + (width - 2 * side - gap) / 2
        y = bottom + height * 0.06
        return self._placed([(x, y, side), (x + side + gap, y, side)])

    def on_own_page(self, geometry: PageGeometry, page_number: int, label_height: float,
                    below_height: float, gap: float) -> tuple[GridPlacement, ...]:
        """The two grids as large as the page allows (one above the other on a tall one);
        with more examples, each pair in a row of its own."""
        pairs = (self, *self.more)
        slots = grid_slots(geometry, page_number, 2 * len(pairs), label_height, below_height,
                           gap, self.border)
        return tuple(placement for index, pair in enumerate(pairs)
                     for placement in pair._placed(slots[2 * index:2 * index + 2]))

    def _placed(self, slots) -> tuple[GridPlacement, ...]:
        (x1, y1, side1), (x2, y2, side2) = slots
        return (GridPlacement(x1, y1, side1, self.puzzle, None, self.puzzle_label,
                              marks=self.marks),
                GridPlacement(x2, y2, side2, self.puzzle, self.solution, self.solution_label,
                              marks=self.marks))


def example_page(geometry: PageGeometry, page_number: int, heading: str,
                 heading_height: float, example: ExamplePair, label_height: float,
                 gap: float, numbered: bool = True) -> Page:
    """The worked example on a page of its own, under a heading `heading_height` tall."""
    below_heading = replace(geometry, margin_top=geometry.margin_top + heading_height)
    return Page(page_number if numbered else None,
                example.on_own_page(below_heading, page_number, label_height, 0.0, gap),
                (TextBlock((heading,), "title"),))


def opener_page(geometry: PageGeometry, name: str, details: Sequence[str]) -> Page:
    """An unnumbered page opening a section: its name a third of the way down, details."""
    return Page(None, texts=(TextBlock((name,), "title",
                                       space_before=geometry.content_height * 0.3),
                             TextBlock(tuple(details), "subtitle", space_before=12.0)))


def divider_page(geometry: PageGeometry, heading: str, title: str) -> Page:
    """The unnumbered page before the answers at the back: 'Answers' and the book's title."""
    return title_page(geometry, heading, title)


def notes_page(geometry: PageGeometry, page_number: int, heading: str, body_size: float,
               numbered: bool = True) -> Page:
    """A page for the reader's notes: its heading, then writing lines to the bottom."""
    _, bottom, _, height = geometry.content_box(page_number)
    spacing = body_size * NOTES_LINE_SPACING
    top = bottom + height - body_size * 4  # below the heading
    count = int((top - bottom) // spacing)
    lines = tuple(top - spacing * (index + 1) for index in range(count))
    return Page(page_number if numbered else None, texts=(TextBlock((heading,), "title"),),
                ruled_lines=lines)


def blank_page() -> Page:
    """A page left empty, unnumbered: it keeps what follows on a right-hand page."""
    return Page(None)
