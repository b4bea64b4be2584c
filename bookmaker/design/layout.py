"""The Layout model: one page design (trim, margins, spacing, text and line sizes), in points.

A layout file gives lengths with explicit units (`6in`, `152.4mm`, `432pt`); the model
stores points (1/72 in), the unit reportlab draws in. The YAML keys are the fields below.
"""

from __future__ import annotations

from typing import Any, cast

from pydantic import Field

from ..core.words import with_article
from .fit import Area, Sides, cell_side, most_that_fit, sides_of
from .problems import Mistake
from .rooms import cell_rooms
from .values import (
    MIN_DIGIT_FRACTION,
    MIN_TEXT_POINTS,
    Count,
    DigitSizeValue,
    Flag,
    Fraction,
    Length,
    PerPage,
    Schema,
    Template,
    Text,
    TextSize,
)

CAPTION_LINES = 2  # the lines kept under each puzzle for its caption and note
# A section's default of one grid a page stands while its cells reach this share of the
# cell its room wishes for (0.255 in of a written 0.3): a 25x25 on a letter-size page
# (0.28 in) is written in; one on a 6x9 page (0.18 in) is not, and its section must ask.
WRITABLE_SHARE = 0.85
POD_MIN_LINE = 0.75  # points: thinner lines may vanish in print-on-demand printing
BLEEDS = (0.0, 9.0)  # points: none, or the 0.125in that KDP and IngramSpark ask for
REFERENCE_SIZE = 9  # a layout's own defaults must at least fit 9x9 grids


class PageSize(Schema):
    """The trim size: the page as the reader holds it, after cutting."""

    width: Length = Field(description="Trim width, e.g. 6in or 152.4mm.")
    height: Length = Field(description="Trim height, e.g. 9in or 228.6mm.")


class Margins(Schema):
    """Space kept clear at each page edge; header and footer bands sit inside it."""

    top: Length = Field(description="Margin at the top of the page.")
    bottom: Length = Field(description="Margin at the bottom of the page.")
    outside: Length = Field(description="Margin at the edge away from the spine.")
    inside: Length = Field(description="Margin at the spine when no gutter step applies.")


class GutterStep(Schema):
    """One row of the gutter table: books up to `pages` pages need this inside margin."""

    pages: Count = Field(description="The largest page count this row covers.")
    inside: Length = Field(description="The inside margin for books up to that many pages.")


class Grids(Schema):
    """Spacing of grids on a page, and the smallest cells still comfortable to write in."""

    gap: Length = Field(description="Space between neighbouring grids.")
    label_height: Length = Field(description="Room above each grid for its label.")
    min_cell: Length = Field(description="Smallest side of a puzzle cell; more puzzles per "
                                         "page than allow this is an error.")
    min_answer_cell: Length = Field(description="Smallest side of an answer-key cell.")
    rooms: dict[str, Length] = Field(default_factory=dict, description="The least cell a "
                                     "section that does not set puzzles_per_page gets, by "
                                     "what its reader puts in a cell, where this layout "
                                     "differs from layouts/solving/cells.yaml ({stars: "
                                     "0.3in}); a section asking for more per page is held "
                                     "to min_cell only.")

    def wished_cell(self, room: str) -> float:
        """The cell a section gets by default for the room its puzzles' cells need
        (Presentation.cell_room: 'written', 'pencil', 'shaded', 'stars', ...): this
        layout's, else layouts/solving/cells.yaml's."""
        return self.rooms.get(room, cell_rooms()[room].least)


class TextSizes(Schema):
    """Font sizes. No text may be under 7 pt on any layout."""

    digits: DigitSizeValue = Field(description="Given digits: a fraction of the cell side "
                                               "from 0.3 to 0.8 (0.6), or a fixed size (16pt) "
                                               "of at least 0.3 of grids.min_cell.")
    min_digits: TextSize = Field(description="Given digits never smaller than this; it sets "
                                             "how small a cell may get (large print: 16pt).")
    answer_digits: Fraction = Field(description="Answer-key digits, a fraction of the cell.")
    label: TextSize = Field(description="The label above each grid (number, section); at "
                                        "most grids.label_height.")
    header: TextSize = Field(description="The running header; at most header.height when "
                                         "header.text is set.")
    footer: TextSize = Field(description="The running footer (and 'Answers' on answer "
                                         "pages); at most footer.height.")
    page_number: TextSize = Field(description="Page numbers; at most footer.height.")
    caption: TextSize | None = Field(None, description="The caption and note under each "
                                     "grid; default: a step (1.5 pt) below the label.")


class LineWeights(Schema):
    """Grid line weights; print-on-demand layouts allow none under 0.75 pt."""

    cell: Length = Field(description="Lines between cells.")
    box: Length = Field(description="Lines between boxes; heavier than cell lines.")
    border: Length = Field(description="The outer border of a grid.")


class Band(Schema):
    """A running header or footer: its text template and the height it takes."""

    text: Template = Field(description="Text with placeholders {title}, {subtitle}, {author} "
                                       "and {section}; empty for none.")
    height: Length = Field(description="Height taken from the page inside the margin.")


def band_text(template: str, book: Any, section: str) -> str:
    """A running header or footer as printed on a page of `section` (`book`: the spec or
    its book: part, whose title, subtitle and author fill the template)."""
    return template.format(title=book.title or "", subtitle=book.subtitle or "",
                           author=book.author or "", section=section)


class Layout(Schema):
    """A page design, as a layout file gives it. `name` is set from the file name."""

    name: str = Field("", description="The preset name, or the layout file's name without "
                                      ".yaml; set by the loader, not written in the file.")
    description: Text = Field(description="What the layout is for, in a sentence.")
    print_on_demand: Flag = Field(description="For a print-on-demand service: no line under "
                                              "0.75 pt, gutter by page count.")
    trim: PageSize = Field(description="The trim size.")
    bleed: Length = Field(description="Bleed beyond the trim at top, bottom and outside "
                                      "edge: 0 or 0.125in.")
    margins: Margins = Field(description="Page margins.")
    gutter: tuple[GutterStep, ...] = Field((), description="Inside margin by page count, "
                                           "rows in increasing pages; empty: margins.inside.")
    puzzles_per_page: PerPage = Field(description="Puzzles per page unless a section says "
                                                  "(at most 100).")
    answers_per_page: PerPage = Field(description="Answer grids per page (fewer for large "
                                                "sizes if they would not fit).")
    grids: Grids = Field(description="Grid spacing and smallest cells.")
    text: TextSizes = Field(description="Font sizes.")
    lines: LineWeights = Field(description="Line weights.")
    header: Band = Field(description="The running header at the top of each puzzle page.")
    footer: Band = Field(description="The running footer, with the page number.")

    @property
    def media_width(self) -> float:
        """Page width including bleed (bleed is added at the outside edge only)."""
        return self.trim.width + self.bleed

    @property
    def media_height(self) -> float:
        """Page height including bleed at top and bottom."""
        return self.trim.height + 2 * self.bleed

    @property
    def most_pages(self) -> int | None:
        """The most pages a book in this layout may have (its gutter table's last row), or
        None when it has no gutter table."""
        return self.gutter[-1].pages if self.gutter else None

    @property
    def digit_fraction(self) -> float:
        """Given digits' size as a share of the cell side; a fixed size in points is taken
        at the smallest cell the layout allows (compose's digit_ratio does the same)."""
        digits = self.text.digits
        if digits.fraction is not None:
            return digits.fraction
        return cast(float, digits.points) / self.min_puzzle_cell  # points, if no fraction

    def inside_margin(self, page_count: int) -> float:
        """The inside margin (gutter) in points for a book of page_count pages.

        Raises ValueError past the last gutter row: the book is too thick to print."""
        for step in self.gutter:
            if page_count <= step.pages:
                return max(self.margins.inside, step.inside)
        if self.gutter:
            raise ValueError(f"{with_article(page_count)}-page book is more than the "
                             f"{self.name} layout allows ({self.gutter[-1].pages} pages)")
        return self.margins.inside

    def widest_inside_margin(self) -> float:
        """The inside margin of the thickest book this layout allows."""
        return max([self.margins.inside] + [step.inside for step in self.gutter])

    def grid_area(self, page_count: int | None = None, answers: bool = False) -> Area:
        """Where grids go: the trim minus margins and header/footer bands.

        Without a page count, the widest gutter is assumed, so whatever fits here fits in
        a book of any length. Answer pages are headed by the range they hold, so they keep
        the header band too; their one line below a grid is the page of its puzzle."""
        inside = self.widest_inside_margin() if page_count is None else \
            self.inside_margin(page_count)
        bands = self.footer.height + self.header.height
        return Area(width=self.trim.width - self.margins.outside - inside,
                    height=self.trim.height - self.margins.top - self.margins.bottom - bands,
                    gap=self.grids.gap, label_height=self.grids.label_height,
                    below_height=self.answer_below_height if answers else self.below_height,
                    border=self.lines.border)

    @property
    def caption_size(self) -> float:
        """The caption and note under each grid: text.caption, or a step below the label,
        never under 7 pt."""
        if self.text.caption is not None:
            return self.text.caption
        return max(MIN_TEXT_POINTS, self.text.label - 1.5)

    @property
    def below_height(self) -> float:
        """Room under each puzzle for its caption and note: CAPTION_LINES lines, so that a
        caption too long to share one line with its note wraps instead of being cut."""
        return below_height(self.caption_size, CAPTION_LINES)

    @property
    def answer_below_height(self) -> float:
        """Room under each answer grid for its one line, the page of its puzzle."""
        return below_height(self.caption_size, 1)

    @property
    def text_scale(self) -> float:
        """Title and body text grow with the layout's labels (10 pt labels: scale 1)."""
        return self.text.label / 10

    @property
    def title_size(self) -> float:
        return 28 * self.text_scale

    @property
    def subtitle_size(self) -> float:
        return 15 * self.text_scale

    @property
    def heading_size(self) -> float:
        return 14 * self.text_scale

    @property
    def body_size(self) -> float:
        return max(MIN_TEXT_POINTS, 11 * self.text_scale)

    @property
    def min_puzzle_cell(self) -> float:
        """The smallest puzzle cell side allowed: min_cell, or more for min_digits."""
        return max(self.grids.min_cell, self.text.digits.smallest_cell(self.text.min_digits))

    @property
    def min_answer_cell(self) -> float:
        """The smallest answer cell side allowed, with digits of at least 7 pt."""
        return max(self.grids.min_answer_cell, MIN_TEXT_POINTS / self.text.answer_digits)

    def contents_entries_per_page(self) -> int:
        """How many entries (a section, the answers) one contents page holds."""
        area = self.grid_area()
        room = area.height - self.title_size * CONTENTS_HEADING - self.body_size
        return max(1, int(room // (self.body_size * CONTENTS_ENTRY_LINES)))

    def puzzles_that_fit(self, size: int | Sides, least_cell: float = 0.0) -> int:
        """The most size x size puzzles per page, for a book of any length, with cells of
        at least the layout's minimum (and least_cell: a Killer's totals need room)."""
        return most_that_fit(size, max(self.min_puzzle_cell, least_cell), self.grid_area())

    def default_puzzles_per_page(self, size: int | Sides, least_cell: float = 0.0,
                                 room: str = "written") -> int:
        """Puzzles per page for a section that does not say: the layout's, or fewer so
        that cells stay at least the cell wished for the room its puzzles need
        (Grids.wished_cell) in a book of any length; one, if even one grid a page falls
        short of that by no more than the paper forces (WRITABLE_SHARE); else 0: the
        section must ask for it, or take a larger page."""
        smallest = max(self.min_puzzle_cell, least_cell)
        comfortable = max(smallest, self.grids.wished_cell(room))
        most = most_that_fit(size, comfortable, self.grid_area())
        if most:
            return min(self.puzzles_per_page, most)
        return min(1, most_that_fit(size, max(smallest, comfortable * WRITABLE_SHARE),
                                    self.grid_area()))

    def small_cells_problem(self, size: int | Sides, room: str = "written") -> str:
        """Why a section of size x size (or rows x columns) puzzles must ask for its
        puzzles per page."""
        side = cell_side(1, size, self.grid_area()) / 72
        rows, cols = sides_of(size)
        return (f"{with_article(f'{rows}x{cols}')} puzzle on "
                f"{with_article(self.name)} page gets cells of {side:.2f} in, too small to "
                f"{cell_rooms()[room].to} (the least {room} cell is "
                f"{self.grids.wished_cell(room) / 72:g} in): take a larger layout, or say "
                f"puzzles_per_page: 1 to print it with these cells")

    def answers_that_fit(self, size: int | Sides, least_cell: float = 0.0) -> int:
        """The most size x size answer grids per page, for a book of any length, their
        cells at least the layout's minimum and `least_cell` (two-digit symbols')."""
        return most_that_fit(size, max(self.min_answer_cell, least_cell),
                             self.grid_area(answers=True))

    def answer_number_cell(self, room: float = 1.0) -> float:
        """The least answer cell whose numbers, set in `room` of it (Answer.number_room: a
        Hashi's island circle), reach 7 pt at the answer digit share."""
        return max(self.grids.min_answer_cell,
                   MIN_TEXT_POINTS / (self.text.answer_digits * room))

    def answers_per_page_for(self, size: int | Sides, least_side: float = 0.0,
                             least_cell: float = 0.0, room: float = 1.0) -> int:
        """Answer grids a page for boards `size` cells across: the layout's
        answers_per_page, fewer if they do not fit; a board smaller than 9×9 packs more,
        at the cells a 9×9 answer gets, so 6×6 answers print smaller than 9×9 ones
        instead of as large, but no narrower than `least_side` (the note under each, 'Puzzle
        on page 123', must fit on its line), nor cells under `least_cell` (what its symbols
        need). Numbers set in `room` of a cell (a Hashi's, a Slitherlink's) keep their 7 pt
        there (answer_number_cell): fewer a page, one if even one falls short. 0: not
        even one fits."""
        most = self.answers_that_fit(size, least_cell)
        roomy = max(least_cell, self.answer_number_cell(room))
        per_page = min(self.answers_per_page, self.answers_that_fit(size, roomy) or min(most, 1))
        rows, cols = sides_of(size)
        if max(rows, cols) >= REFERENCE_SIZE or not most:
            return per_page
        area = self.grid_area(answers=True)
        reference = cell_side(self.answers_per_page, REFERENCE_SIZE, area)
        cell = max(reference, self.min_answer_cell, least_side / cols, roomy)
        return max(per_page, most_that_fit(size, cell, area))

    def puzzles_per_page_problem(self, count: int, size: int | Sides, least_cell: float = 0.0,
                                 name: str = "", least_reason: str = "") -> str | None:
        """Why count size x size puzzles (`name`: a board's name, '9x9' by default)
        cannot share a page, or None if they can; `least_reason` says why a cell must be
        at least `least_cell` ('readable cage totals')."""
        most = self.puzzles_that_fit(size, least_cell)
        if count <= most:
            return None
        cell = cell_side(count, size, self.grid_area())
        name = name or f"{size}x{size}"
        grids = f"{count} {name} puzzles do" if count > 1 else f"{with_article(name)} puzzle does"
        smallest = max(self.min_puzzle_cell, least_cell)
        why = "" if smallest == self.min_puzzle_cell else f" for {least_reason}"
        if most == 0:  # not even one: the board is too large for the page, whatever the count
            alone = cell_side(1, size, self.grid_area())
            return (f"{with_article(name)} puzzle does not fit on {with_article(self.name)} "
                    f"page at the {smallest:.1f} pt minimum cell{why}: even alone on the page "
                    f"its cells would be {alone:.1f} pt; take a larger layout")
        return (f"{grids} not fit on one {self.name} page: the cells would be {cell:.1f} pt, "
                f"under the {smallest:.1f} pt minimum{why} (at most {most} fit)")

    def answer_grid_problem(self, size: int | Sides, name: str = "",
                            least_cell: float = 0.0) -> str | None:
        """Why a size x size answer grid (`name`: its board's name; `least_cell`: what its
        symbols need) cannot fit on a page of answers even alone, or None if it can."""
        if self.answers_that_fit(size, least_cell):
            return None
        alone = cell_side(1, size, self.grid_area(answers=True))
        # The minimum named is the one compared: its symbols' where they need more.
        least = max(self.min_answer_cell, least_cell)
        why = "" if least == self.min_answer_cell else " for its widest symbol at 7 pt"
        return (f"{with_article(name or f'{size}x{size}')} answer grid does not fit on "
                f"{with_article(self.name)} page "
                f"at the {least:.1f} pt minimum answer cell{why}: even alone on "
                f"the page its cells would be {alone:.1f} pt; take a larger layout")


EXAMPLE_SHARE = 0.45  # the how-to-play example: each grid at most this share of the width
EXAMPLE_HEIGHT = 0.3  # ... and of the height, when it shares the page with the rules
CONTENTS_ENTRY_LINES = 3.4  # one contents entry: name and page, details, space (body lines)
CONTENTS_HEADING = 1.2  # the contents heading's line, as a multiple of the title size
CAPTION_LINE_HEIGHT = 1.8  # a caption line's height, as a multiple of its font size
CAPTION_LEADING = 1.2  # from one caption line's baseline to the next, per font size


def below_height(caption_size: float, lines: int) -> float:
    """The room under a grid for `lines` lines of caption text."""
    return caption_size * (CAPTION_LINE_HEIGHT + CAPTION_LEADING * (lines - 1))


def layout_mistakes(layout: Layout) -> list[Mistake]:
    """What is wrong with a layout beyond the types of its values."""
    return (_line_mistakes(layout) + _gutter_mistakes(layout) + _area_mistakes(layout)
            + _digit_mistakes(layout) + _band_mistakes(layout) + _room_mistakes(layout))


def _room_mistakes(layout: Layout) -> list[Mistake]:
    """A room in grids.rooms that layouts/solving/cells.yaml does not name."""
    known = cell_rooms()
    return [Mistake(("grids", "rooms", room), f"unknown room {room!r}; expected one of: "
                                              f"{', '.join(known)}")
            for room in layout.grids.rooms if room not in known]


def _line_mistakes(layout: Layout) -> list[Mistake]:
    lines, found = layout.lines, []
    if layout.print_on_demand:
        for name in ("cell", "box", "border"):
            weight = getattr(lines, name)
            if weight < POD_MIN_LINE:
                found.append(Mistake(("lines", name), f"{weight:g} pt is thinner than the "
                                     f"{POD_MIN_LINE} pt print-on-demand minimum"))
    return found + line_order_mistakes(lines)


def line_order_mistakes(lines: LineWeights) -> list[Mistake]:
    """Box lines heavier than cell lines, and the border at least as heavy as box lines."""
    found = []
    if lines.box <= lines.cell:
        found.append(Mistake(("lines", "box"), f"box lines ({lines.box:g} pt) must be heavier "
                             f"than cell lines ({lines.cell:g} pt)"))
    if lines.border < lines.box:
        found.append(Mistake(("lines", "border"), f"the border ({lines.border:g} pt) must be "
                             f"at least as heavy as box lines ({lines.box:g} pt)"))
    return found


def _gutter_mistakes(layout: Layout) -> list[Mistake]:
    found = []
    if layout.bleed not in BLEEDS:
        found.append(Mistake(("bleed",), f"must be 0 or 0.125in (9 pt), got {layout.bleed:g} pt"))
    for index in range(1, len(layout.gutter)):
        before, step = layout.gutter[index - 1].pages, layout.gutter[index].pages
        if step <= before:
            found.append(Mistake(("gutter", index, "pages"),
                                 f"must be more than the row before ({before}), got {step}"))
    return found


def _area_mistakes(layout: Layout) -> list[Mistake]:
    area = layout.grid_area()
    if area.width <= 0 or area.height <= 0:
        return [Mistake(("margins",), f"leave no room on "
                                      f"{with_article(f'{layout.trim.width:g}')} x "
                                      f"{layout.trim.height:g} pt page")]
    found = []
    problem = layout.puzzles_per_page_problem(layout.puzzles_per_page, REFERENCE_SIZE)
    if problem:
        found.append(Mistake(("puzzles_per_page",), problem))
    if layout.answers_per_page > layout.answers_that_fit(REFERENCE_SIZE):
        found.append(Mistake(("answers_per_page",), f"{layout.answers_per_page} 9x9 answer "
                             f"grids do not fit on a page (at most "
                             f"{layout.answers_that_fit(REFERENCE_SIZE)} fit)"))
    return found


def _digit_mistakes(layout: Layout) -> list[Mistake]:
    digits, least = layout.text.digits, layout.text.min_digits
    if digits.points is not None and digits.points < least:
        return [Mistake(("text", "digits"), f"{digits.points:g} pt is under text.min_digits "
                                            f"({least:g} pt)")]
    if digits.points is not None and layout.digit_fraction < MIN_DIGIT_FRACTION:
        return [Mistake(("text", "digits"), f"{digits.points:g} pt is only "
                        f"{layout.digit_fraction:.2f} of the smallest cell "
                        f"({layout.min_puzzle_cell:g} pt, grids.min_cell); digits must be at "
                        f"least {MIN_DIGIT_FRACTION} of the cell")]
    return []


def _band_mistakes(layout: Layout) -> list[Mistake]:
    """Text taller than the band or line it sits in: the renderer would refuse the page."""
    text, found = layout.text, []
    if layout.header.text and layout.header.height < text.header:
        found.append(Mistake(("header", "height"), f"{layout.header.height:g} pt is less than "
                             f"the {text.header:g} pt header text (text.header)"))
    # The footer band always holds the page number, and the footer 'Answers' on answer pages.
    for name, what in (("page_number", "page number"), ("footer", "footer text")):
        if layout.footer.height < getattr(text, name):
            found.append(Mistake(("footer", "height"), f"{layout.footer.height:g} pt is less "
                                 f"than the {getattr(text, name):g} pt {what} (text.{name})"))
            break
    if layout.grids.label_height < text.label:
        found.append(Mistake(("grids", "label_height"), f"{layout.grids.label_height:g} pt is "
                             f"less than the {text.label:g} pt label (text.label)"))
    return found
