"""What a page holds, in points, ready to draw: page geometry, grid placements and text."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.board.grid import Grid
from ..core.board.marks import Marks
from ..core.kinds.answer import BRIDGES_DRAWN, COLOURS_DRAWN, FILL_DRAWN, STARS_DRAWN

POINTS_PER_INCH = 72.0
TEXT_STYLES = ("title", "subtitle", "heading", "body", "entry", "detail", "kicker", "rule",
               "step")


@dataclass(frozen=True)
class PageGeometry:
    """A page's trim size, bleed and margins, and the bands reserved for header and footer.

    All in points. The inside margin is the one at the binding: on odd pages (right-hand
    pages) it is on the left, on even pages on the right. The header band lies just inside
    the top margin and the footer band just inside the bottom margin, so they stay in the
    live area that print-on-demand services ask text to keep to.
    """

    trim_width: float
    trim_height: float
    bleed: float = 0.0
    margin_top: float = 36.0
    margin_bottom: float = 36.0
    margin_inside: float = 45.0
    margin_outside: float = 36.0
    header_space: float = 0.0
    footer_space: float = 18.0

    def __post_init__(self) -> None:
        if min(self.trim_width, self.trim_height) <= 0:
            raise ValueError(f"trim size must be positive, got {self.trim_width} x "
                             f"{self.trim_height}")
        if min(self.bleed, self.margin_top, self.margin_bottom, self.margin_inside,
               self.margin_outside, self.header_space, self.footer_space) < 0:
            raise ValueError("bleed, margins, header_space and footer_space must not be negative")
        if self.live_width <= 0 or self.content_height <= 0:
            raise ValueError("the margins and header/footer leave no room on the page")

    @property
    def live_width(self) -> float:
        """Width between the inside and outside margins."""
        return self.trim_width - self.margin_inside - self.margin_outside

    @property
    def content_height(self) -> float:
        """Height between the header band and the footer band."""
        return (self.trim_height - self.margin_top - self.margin_bottom
                - self.header_space - self.footer_space)

    @property
    def media_size(self) -> tuple[float, float]:
        """The PDF page's width and height: the trim plus bleed at the top, the bottom and
        the outside edge. The inside edge is bound, not cut, so it has none (KDP asks for
        a 6 x 9 in book with bleed to be 6.125 x 9.25 in)."""
        return self.trim_width + self.bleed, self.trim_height + 2 * self.bleed

    def trim_origin(self, page_number: int) -> tuple[float, float]:
        """Where the trim's bottom-left corner lies on the PDF page: on a left-hand (even)
        page the outside edge, and so the bleed, is on the left."""
        return (0.0 if is_right_hand(page_number) else self.bleed), self.bleed

    def left_margin(self, page_number: int) -> float:
        """The left margin of a page: the inside one on odd (right-hand) pages."""
        return self.margin_inside if is_right_hand(page_number) else self.margin_outside

    def content_box(self, page_number: int) -> tuple[float, float, float, float]:
        """(x, y, width, height) of the area for grids and text, from the trim's bottom-left."""
        return (self.left_margin(page_number), self.margin_bottom + self.footer_space,
                self.live_width, self.content_height)


def is_right_hand(page_number: int) -> bool:
    """Odd pages are right-hand (recto) pages: page 1 of a book is on the right."""
    return page_number % 2 == 1


def inches(value: float) -> float:
    """Points in `value` inches."""
    return value * POINTS_PER_INCH


@dataclass(frozen=True)
class GridPlacement:
    """One grid on a page: where (points, bottom-left of the grid square from the trim's
    bottom-left), how big, and its texts. With a solution set it is drawn as an answer:
    every cell filled, the puzzle's givens bold and the rest regular. Its kind's marks
    (core/board/marks.py: cages, signs, clues outside the grid, clue blocks) are drawn
    over the board; clues outside the grid take a ring of cells inside the square."""

    x: float
    y: float
    side: float
    grid: Grid
    solution: Grid | None = None
    label: str = ""
    caption: str = ""
    note: str = ""
    mark: int = 0  # a difficulty mark of this many filled squares (0: none)
    marks: Marks = Marks()
    glyphs: tuple[str, ...] = ()  # what values 1..n print as (design/glyphs.py); () numbers
    aside: str = ""  # flush right on the label line (a puzzle's estimated solving time)
    shaded: tuple[int, ...] = ()  # cells shaded to point at them (a glossary example's)
    ringed: tuple[int, ...] = ()  # cells ringed: those a drawn step fills or clears
    entered: Grid | None = None  # values written in by a solver, printed as an answer's
    #                              while the puzzle keeps its clues (a worked example's)
    drawn: str = "symbols"  # how its kind's answer is drawn (core/kinds/answer.py DRAWINGS)

    @property
    def fills(self) -> bool:
        """Its values are shading (a Nonogram's, a Star Battle's): a shaded cell is filled
        (or starred), a white one left empty, neither printed as a symbol."""
        return self.drawn in (FILL_DRAWN, STARS_DRAWN)

    @property
    def coloured(self) -> bool:
        """Its values are colours (a colour Nonogram's): each coloured cell filled in its
        colour's print grey (marks.palette), a blank one left empty."""
        return self.drawn == COLOURS_DRAWN

    @property
    def starred(self) -> bool:
        """Its shaded cells are stars, each drawn as a star (a Star Battle's)."""
        return self.drawn == STARS_DRAWN

    @property
    def bridges(self) -> bool:
        """Its values are islands and the codes of bridges between them (a Hashi's): the
        islands circled with their counts, an answer's bridges drawn."""
        return self.drawn == BRIDGES_DRAWN

    @property
    def symbols(self) -> tuple[str, ...]:
        """What each value 1..n prints as: the glyphs, or the numbers 1 to n."""
        return self.glyphs or tuple(str(v) for v in range(1, self.grid.shape.size + 1))

    @property
    def ring(self) -> int:
        """Rings of cells round the board inside the square, for clues outside the grid
        (none on an answer, which shows no clues)."""
        return self.marks.outside if self.solution is None else 0

    @property
    def cell(self) -> float:
        """The side of one cell, in points (a Samurai's frame is 21 cells a side)."""
        across = self.marks.across if self.ring else 0
        return self.side / (max(self.grid.shape.frame) + across)

    @property
    def board_box(self) -> tuple[float, float, float]:
        """(x, y, side) of the square the board is drawn from the top-left corner of: the
        placement's square less its ring of outside clues, moved so that a rectangle's
        board (drawn as its longer side's square) sits centred in it."""
        inset = self.ring * self.cell
        below = 0.0 if self.marks.leading else inset  # rings above and left only
        x, y, side = self.x + inset, self.y + below, self.side - inset - below
        rows, cols = self.grid.shape.frame
        if rows == cols:
            return x, y, side
        spare = (rows - cols) * self.cell / 2  # > 0: tall, moved right; < 0: wide, down
        return (x + spare, y, side) if spare > 0 else (x, y + spare, side)

    @property
    def text_box(self) -> tuple[float, float, float, float]:
        """(x, y, width, height) that its label is set above and its caption under, flush
        with its sides: its square, or a rectangle's board in it."""
        rows, cols = self.grid.shape.frame
        if rows == cols:
            return self.x, self.y, self.side, self.side
        x, y, side = self.board_box
        return x, y + side - rows * self.cell, cols * self.cell, rows * self.cell


@dataclass(frozen=True)
class TextBlock:
    """Lines of text in one style, after some space.

    Titles and subtitles are centred; headings, body text, contents entries and their
    details are set flush left, and each body line is a paragraph that the renderer
    wraps to the page width. A tab in a line sets what follows it flush right (the page
    number of a contents entry). A block of `columns` sets its paragraphs down the first
    column, then the next: `column_breaks` of them in each, never one split between two.
    """

    lines: tuple[str, ...]
    style: str = "body"
    space_before: float = 0.0
    columns: int = 1  # side-by-side columns of the page's width (pages/flow.py sets them)
    column_breaks: tuple[int, ...] = ()  # paragraphs in each column, first to last
    indent: float = 0.0  # points kept free at its left (text set beside a figure)
    continued: str = ""  # said above its rest where a page break splits it ('Puzzle 12
    # (continued)'): a reader who turns the page knows what it continues

    def __post_init__(self) -> None:
        if self.style not in TEXT_STYLES:
            raise ValueError(f"unknown text style {self.style!r}; expected one of: "
                             f"{', '.join(TEXT_STYLES)}")
        if isinstance(self.lines, str):
            raise TypeError("TextBlock.lines is a tuple of lines, not one string")


@dataclass(frozen=True)
class Page:
    """One page: its printed number (None: no number shown), grids, text, header and footer.

    Numbers count pages from the start of the file (page 1 is a right-hand page), so a
    number's parity says which side of the spread the page is on; see facing_number.
    """

    number: int | None
    placements: tuple[GridPlacement, ...] = ()
    texts: tuple[TextBlock, ...] = ()
    header: str = ""
    footer: str = ""
    ruled_lines: tuple[float, ...] = ()  # heights (from the trim's bottom) of writing lines
    flowed: bool = False  # text set around its grids (pages/flow.py), not above them all


def facing_number(page: Page, position: int) -> int:
    """The number whose parity decides a page's side: its printed number, or its 1-based
    position in the file when it shows none. paginate mirrors margins by the same rule."""
    return page.number if page.number is not None else position
