"""Text that flows from page to page: blocks of text and figures (grids set into the text)
stacked from the top of the content area, a paragraph split between its lines where a
page is full, a figure moved whole to the next page. Heights are measured as
render/pdf.py sets text (its leading and paragraph space), with the fonts' own widths."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..core.sums import added
from ..design.breaks import words_of
from .page import GridPlacement, Page, PageGeometry, TextBlock

# How render/pdf.py sets each style: (bold?, size name, leading per size, space after
# each paragraph per size). A rule takes one body size.
LOOKS = {"title": (True, "title", 1.2, 0.0), "subtitle": (False, "subtitle", 1.3, 0.0),
         "heading": (True, "heading", 1.3, 0.0), "body": (False, "body", 1.4, 0.5),
         "entry": (True, "body", 1.4, 0.0), "detail": (False, "caption", 1.4, 0.0),
         "kicker": (True, "heading", 1.4, 0.0), "rule": (False, "body", 1.0, 0.0),
         "step": (False, "body", 1.3, 0.2)}  # a list's items (a solving path's steps): set
# closer than paragraphs, each on a line of its own
Measure = Callable[[str, bool, float], float]  # width of text, bold?, at size (points)
COLUMN_GAP = 18.0  # points between two columns of text (a quarter inch)
PARTED_LINES = 2  # a paragraph split between pages leaves at least this many lines each side
# A part's last page holds at least this share of a page (its continued heading aside),
# or lines are pulled over from the page before it: no page of a word or four lines.
LEAST_LAST_PAGE = 0.25
SECTION_STYLES = ("heading", "entry")  # a section's heading, which a continuation restates


@dataclass(frozen=True)
class Figure:
    """Grids set into the text: `height` points tall (labels and captions included);
    `place(left, top, width)` gives its placements with the figure's top at `top`."""

    height: float
    place: Callable[[float, float, float], tuple[GridPlacement, ...]]
    space_before: float = 6.0


@dataclass(frozen=True)
class Together:
    """Pieces kept on one page where they fit on one (a worked example's grids, heading and
    steps): moved whole to the next page rather than split. A floating one lets the text
    after it fill the page first; one that does not float keeps its place in the text (a
    glossary entry with its drawn example), leaving the foot of the page white."""

    pieces: tuple[TextBlock | Figure, ...]
    floats: bool = True  # False: set in order, on the next page if not on this one
    # Where all do not fit the room left, the pieces before the last block and its first
    # `kept` paragraphs are enough to start them there, the rest flowing on under the
    # section's 'continued' heading (a worked example's later steps: issue 39); None:
    # never parted.
    kept: int | None = None
    # Where even that part is `short` points too tall for the room left, the pieces made
    # that much shorter (a worked example's grids drawn smaller), or None where they cannot
    # be (its grids at their least): latin.yaml's rules page was left a third white for 8
    # points (issue 39).
    shrunk: Callable[[float], Together | None] | None = None
    # Where the one floating piece before it waits for the next page, it may fill this
    # page's foot first (a Kakuro's chart of unique sums, which its rules call 'the chart
    # below', ahead of its worked example: kakuro.yaml's rules page was a third white).
    passes: bool = False


@dataclass(frozen=True)
class Beside:
    """A figure `width` points wide at the left, its text blocks set to its right (a
    glossary entry beside its drawn example): kept on one page, in order; what follows
    starts under the taller of the two."""

    figure: Figure
    width: float
    blocks: tuple[TextBlock, ...]


Piece = TextBlock | Figure | Together | Beside
BESIDE_GAP = 12.0  # points between a figure and the text beside it


@dataclass(frozen=True)
class TextSetter:
    """What measuring text needs: the fonts' widths and the style's sizes in points."""

    measure: Measure
    sizes: dict[str, float]  # title, subtitle, heading, body, caption

    def look(self, style: str) -> tuple[bool, float, float, float]:
        bold, size, leading, after = LOOKS[style]
        return bold, self.sizes[size], leading, after

    def kept_lines(self) -> float:
        """The height a heading keeps below it on its page (its own height, if more): a
        body paragraph's first PARTED_LINES lines."""
        _, size, leading, after = self.look("body")
        return PARTED_LINES * size * leading + size * after

    def lines(self, block: TextBlock, paragraph: str, width: float) -> list[str]:
        """A paragraph's lines as the renderer wraps them (a tab's right part kept aside)."""
        bold, size, _, _ = self.look(block.style)
        text, _, right = paragraph.partition("\t")
        room = width - block.indent - (self.measure(right, bold, size) + size if right else 0)
        return wrapped(text, lambda line: self.measure(line, bold, size), room)

    def paragraph_height(self, block: TextBlock, paragraph: str, width: float) -> float:
        _, size, leading, after = self.look(block.style)
        if block.style == "rule":
            return size
        return len(self.lines(block, paragraph, width)) * size * leading + size * after

    def height(self, block: TextBlock, width: float) -> float:
        """The block's height with the space before it (of its tallest column, if set in
        columns)."""
        if block.columns > 1:
            across = column_width(width, block.columns)
            heights = [self.paragraph_height(block, line, across) for line in block.lines]
            counts = block.column_breaks or balanced(heights, block.columns)[0]
            return block.space_before + max(_column_heights(heights, counts), default=0.0)
        return block.space_before + added(self.paragraph_height(block, paragraph, width)
                                        for paragraph in block.lines)


def column_width(width: float, columns: int) -> float:
    """The width of each of `columns` side by side in `width`, COLUMN_GAP apart."""
    return (width - COLUMN_GAP * (columns - 1)) / columns


def balanced(heights: Sequence[float], columns: int) -> tuple[tuple[int, ...], float]:
    """Paragraphs of these heights set in order down at most `columns` columns, as evenly
    as whole paragraphs allow: (paragraphs in each column, the tallest column's height)."""
    if not heights:
        return (), 0.0
    tall = max(max(heights), added(heights) / columns)
    while True:
        counts, column, over = [0], 0.0, float("inf")
        for height in heights:
            if counts[-1] and column + height > tall + 1e-6:
                over = min(over, column + height)
                counts.append(0)
                column = 0.0
            counts[-1] += 1
            column += height
        if len(counts) <= columns:
            return tuple(counts), max(_column_heights(heights, counts))
        tall = over  # the least height that moves a paragraph up a column


def _column_heights(heights: Sequence[float], counts: Sequence[int]) -> list[float]:
    starts = [sum(counts[:index]) for index in range(len(counts))]
    return [added(heights[start:start + count]) for start, count in zip(starts, counts)]


def wrapped(text: str, measure: Callable[[str], float], width: float) -> list[str]:
    """Words filled into lines no wider than `width` (a long word stands alone), as
    render/pdf.py wraps them; a no-break space joins two words into one (design/breaks.py)."""
    lines: list[str] = []
    line = ""
    for word in words_of(text):
        candidate = f"{line} {word}" if line else word
        if line and measure(candidate) > width:
            lines.append(line)
            candidate = word
        line = candidate
    return lines + [line] if line else lines or [""]


@dataclass
class _Sheet:
    """A page being filled: its blocks and placements, and the room left (points)."""

    blocks: list[TextBlock]
    placements: list[GridPlacement]
    room: float
    gap: float = 0.0  # white to put before the next block (a figure's height)
    raised: float = 0.0  # how far its foot is above the content's (a page set shorter)

    @property
    def empty(self) -> bool:
        """Nothing set on it but its 'continued' heading."""
        return len(self.blocks) <= 1 and not self.placements and \
            (not self.blocks or self.blocks[0].style == "heading")


Restate = Callable[[str], TextBlock]  # the 'continued' heading of a page that goes on
# with a section, from the section's heading ('How to play · Solving tips (continued)')


def flow(pieces: Sequence[Piece], setter: TextSetter, geometry: PageGeometry,
         first_page: int, heading: TextBlock | None = None,
         restate: Restate | None = None) -> list[Page]:
    """The pieces set on as many pages as they need, numbered from `first_page`; each page
    after the first starts with `heading` (a 'continued' title), if given, or, where the
    page goes on with a section begun on the page before, with `restate` of the section's
    heading. Figures and pieces kept together float: one with no room left on its page
    waits for the top of the next, and the text after it fills the page meanwhile, so no
    page is left with a large gap but the last; nor comes between a block's paragraphs (a
    legend between two kinds' tips). A
    paragraph split between pages keeps PARTED_LINES lines on each, and a last page
    holding less than LEAST_LAST_PAGE of a page takes lines over from the one before."""
    setting = _set(pieces, setter, geometry, first_page, heading, restate, {})
    short = setting.last_page_short()
    if short > 0:  # set once more, the page before the last that much shorter
        again = _set(pieces, setter, geometry, first_page, heading, restate,
                     {len(setting.pages) - 2: short})
        if len(again.pages) == len(setting.pages):
            setting = again
    return [Page(first_page + index, tuple(sheet.placements), tuple(sheet.blocks),
                 flowed=True) for index, sheet in enumerate(setting.pages)]


def _set(pieces: Sequence[Piece], setter: TextSetter, geometry: PageGeometry,
         first_page: int, heading: TextBlock | None, restate: Restate | None,
         shorter: dict[int, float]) -> _Flow:
    """The pieces set (pages by index made `shorter` by so many points)."""
    setting = _Flow(setter, geometry, first_page, heading, restate, shorter)
    for piece in pieces:
        setting.set(piece)
    setting.flush()
    return setting


class _Flow:
    """Pages being filled: the sheets so far and the floating pieces waiting for a page."""

    def __init__(self, setter: TextSetter, geometry: PageGeometry, first_page: int,
                 heading: TextBlock | None, restate: Restate | None = None,
                 shorter: dict[int, float] | None = None) -> None:
        self.setter, self.geometry = setter, geometry
        self.first_page, self.heading, self.restate = first_page, heading, restate
        self.shorter = shorter or {}
        self.pages: list[_Sheet] = []
        self.waiting: list[Together] = []
        self.section: str | None = None  # the heading of the section being set
        self.heads: list[float] = []  # each page's continued heading's height

    def last_page_short(self) -> float:
        """How much the last page falls short of LEAST_LAST_PAGE (0: not at all, or the
        part is one page)."""
        if len(self.pages) < 2:
            return 0.0
        least = self.geometry.content_height * LEAST_LAST_PAGE
        held = self.geometry.content_height - self.pages[-1].room - self.heads[-1]
        return max(0.0, least - held)

    @property
    def sheet(self) -> _Sheet:
        return self.pages[-1] if self.pages else self.new_sheet()

    def set(self, piece: Piece) -> None:
        if isinstance(piece, TextBlock):
            self.set_columns(piece) if piece.columns > 1 else self.set_block(piece)
            return
        if isinstance(piece, Beside):
            self.set_beside(piece)
            return
        together = piece if isinstance(piece, Together) else Together((piece,))
        sheet = self.sheet
        if not together.floats:
            if self.waiting or not self.fits(together, sheet):
                self.new_sheet()
                self.flush()  # floats that waited go first (the glossary has none)
            self.set_together(together)
        else:
            passing = together.passes and len(self.waiting) == 1
            fitted = None if self.waiting and not passing else self.fitted(together, sheet)
            if fitted is None:
                self.waiting.append(together)  # it floats to the top of the next page
            else:
                self.set_together(fitted)

    def flush(self) -> None:
        """Floating pieces still waiting: on pages of their own at the end."""
        while self.waiting:
            self.new_sheet()

    def height(self, together: Together) -> float:
        """How tall pieces kept together are (a figure with the space before it)."""
        return added(piece.space_before + piece.height if isinstance(piece, Figure)
                   else self.setter.height(piece, self.geometry.live_width)
                   for piece in together.pieces)

    def fits(self, together: Together, sheet: _Sheet) -> bool:
        """Whether the pieces start on this page: all of them fit its room, or what of
        them must stay together does (their `kept` part), or the page holds nothing yet."""
        if sheet.empty or self.height(together) <= sheet.room:
            return True
        kept = self.kept_height(together)
        return kept is not None and kept <= sheet.room

    def kept_height(self, together: Together) -> float | None:
        """How tall what must stay together of the pieces is (None: all of them must)."""
        last = together.pieces[-1]
        if together.kept is None or not isinstance(last, TextBlock):
            return None
        head = replace(last, lines=last.lines[:together.kept])
        return self.height(Together((*together.pieces[:-1], head)))

    def fitted(self, together: Together, sheet: _Sheet) -> Together | None:
        """The pieces as they start on this page: as they are where they fit, else made
        as much shorter as the room asks (their `shrunk` form) where they can be; None:
        they wait for the next page."""
        if self.fits(together, sheet):
            return together
        kept = self.kept_height(together)
        if together.shrunk is None or kept is None:
            return None
        smaller = together.shrunk(kept - sheet.room)
        return smaller if smaller is not None and self.fits(smaller, sheet) else None

    def set_together(self, together: Together) -> None:
        """The pieces in order; a heading among them heads them alone (a worked example's
        is not the heading of the text after it)."""
        section = self.section
        for part in together.pieces:
            if isinstance(part, Figure):
                self.set_figure(part)
            else:
                self.set_block(part)
        self.section = section

    def new_sheet(self, hold: bool = False, goes_on: bool = True) -> _Sheet:
        """A new page: its 'continued' heading (restating the section it goes on with,
        unless not `goes_on`: a heading starts it), then the floating pieces that waited
        (unless `hold`: a paragraph split at the foot of the last page comes first)."""
        shorter = self.shorter.get(len(self.pages), 0.0)
        sheet = _Sheet([], [], self.geometry.content_height - shorter, raised=shorter)
        heading = self.heading
        # A page the floats that waited open goes on with the part, not with the section
        # set last (a worked example is no 'Solving tips (continued)').
        goes_on = goes_on and (hold or not self.waiting)
        if self.restate is not None and goes_on and self.section is not None:
            heading = self.restate(self.section)
        self.heads.append(0.0)
        if heading is not None and self.pages:
            sheet.blocks.append(heading)
            self.heads[-1] = self.setter.height(heading, self.geometry.live_width)
            sheet.room -= self.heads[-1]
        self.pages.append(sheet)
        if not hold:
            self.place_waiting()
        return self.pages[-1]

    def place_waiting(self) -> None:
        """The floating pieces that waited, on this page while they fit."""
        waiting, self.waiting = self.waiting, []
        for index, together in enumerate(waiting):
            fitted = self.fitted(together, self.pages[-1])
            if fitted is None:
                self.waiting = waiting[index:]  # the rest wait for the page after
                break
            self.set_together(fitted)

    def set_block(self, block: TextBlock) -> None:
        """The block's paragraphs on this page while they fit, split between lines where
        one does not, the rest on new pages; a heading is never left alone at a page's
        foot."""
        width, setter = self.geometry.live_width, self.setter
        sheet, own = self.sheet, block.space_before
        keep_with_next = block.style in ("title", "heading", "kicker", "rule", "entry")
        own_height = setter.height(block, width)
        need = own_height + (max(own_height, setter.kept_lines()) if keep_with_next else 0)
        if keep_with_next and need > sheet.room and not sheet.empty:
            # Under a 'continued' heading a heading keeps its space; at a bare top, none.
            sheet = self.new_sheet(goes_on=False)
            own = own if self.heading is not None and sheet.blocks else 0.0
        if block.style == "title":
            self.section = None
        elif block.style in SECTION_STYLES:
            self.section = block.lines[0] if block.lines else None
        block, sheet.gap = replace(block, space_before=own + sheet.gap), 0.0
        lines: list[str] = []
        room, begun = sheet.room - own, False
        for paragraph in block.lines:
            height = setter.paragraph_height(block, paragraph, width)
            if height <= room + 1e-6:
                lines.append(paragraph)
                room -= height
                continue
            head, rest = _split(block, paragraph, room, setter, width)
            if head:
                lines.append(head)
            begun = begun or bool(lines)
            if lines:
                sheet.blocks.append(replace(block, lines=tuple(lines)))
            sheet = self.continued_sheet(block, hold=begun)  # a block begun keeps its floats
            block, lines, sheet.gap = replace(block, space_before=sheet.gap), [], 0.0
            room = sheet.room
            while setter.paragraph_height(block, rest, width) > room + 1e-6:  # a page of it
                head, rest = _split(block, rest, room, setter, width)
                if not head:  # a page too short to part it so: a line at least
                    head, rest = _split(block, rest, room, setter, width, parted=1)
                if head:  # none where floats set at the page's top left not a line's room
                    sheet.blocks.append(replace(block, lines=(head,)))
                sheet = self.continued_sheet(block, hold=True)
                block, sheet.gap = replace(block, space_before=sheet.gap), 0.0
                room = sheet.room
            lines.append(rest)
            room -= setter.paragraph_height(block, rest, width)
        if lines:
            sheet.blocks.append(replace(block, lines=tuple(lines)))
        sheet.room = room
        if self.waiting and sheet.blocks:  # floats held for the block: now under its end
            self.place_waiting()

    def continued_sheet(self, block: TextBlock, hold: bool) -> _Sheet:
        """A new page for the rest of a split block, under the block's own 'continued'
        line if it has one (set as an entry, a puzzle's heading), which then says what goes
        on in place of the section's restated heading (not both: 'Puzzle 1 (continued)'
        over 'Puzzle 1 · Beginner (continued)')."""
        sheet = self.new_sheet(hold=hold, goes_on=not block.continued)
        if block.continued:
            line = TextBlock((block.continued,), "entry")
            sheet.blocks.append(line)
            sheet.room -= self.setter.height(line, self.geometry.live_width)
        return sheet

    def set_columns(self, block: TextBlock) -> None:
        """A block of columns: on each page the most of its paragraphs that fit there in
        balanced columns (balanced), each paragraph whole in one column; the rest on the
        next pages (under the block's 'continued' line, continued_sheet)."""
        width = column_width(self.geometry.live_width, block.columns)
        heights = [self.setter.paragraph_height(block, line, width) for line in block.lines]
        lines, own = list(block.lines), block.space_before
        while lines:
            sheet = self.sheet
            fit = self._most_in_columns(heights, block.columns, sheet.room - own)
            if fit == 0 and not sheet.empty:
                self.next_columns_sheet(block)
                own = 0.0
                continue
            fit = max(fit, 1)  # a paragraph taller than a page: alone on one
            counts, tall = balanced(heights[:fit], block.columns)
            # The white over a figure set above (its gap) is out of the room already: the
            # renderer, which stacks text alone, skips it as space before.
            sheet.blocks.append(replace(block, lines=tuple(lines[:fit]), column_breaks=counts,
                                        space_before=own + sheet.gap))
            sheet.room -= own + tall
            sheet.gap = 0.0
            lines, heights, own = lines[fit:], heights[fit:], 0.0
            if lines:
                self.next_columns_sheet(block)

    def next_columns_sheet(self, block: TextBlock) -> None:
        """A new page for a block of columns: under its own 'continued' line if it has one
        (a solving path's, which says its puzzle goes on), else the section's."""
        self.continued_sheet(block, hold=True) if block.continued else self.new_sheet()

    @staticmethod
    def _most_in_columns(heights: Sequence[float], columns: int, room: float) -> int:
        """How many of the first paragraphs fit in `room` as balanced columns (a longer
        run is never shorter set, so the answer is searched by halves)."""
        low, high = 0, len(heights)  # low fits; high + 1 does not
        while low < high:
            middle = (low + high + 1) // 2
            if balanced(heights[:middle], columns)[1] <= room + 1e-6:
                low = middle
            else:
                high = middle - 1
        return low

    def set_beside(self, beside: Beside) -> None:
        """The figure at the left and its text to its right, tops level, on this page or
        (where they do not fit) the next; the next piece starts under the taller."""
        width, figure = self.geometry.live_width, beside.figure
        indent = beside.width + BESIDE_GAP
        blocks = [replace(block, indent=indent) for block in beside.blocks]
        blocks[0] = replace(blocks[0], space_before=figure.space_before)
        text = added(self.setter.height(block, width) for block in blocks)
        tall = max(text, figure.space_before + figure.height)
        # A heading beside the figure starts a section (a puzzle's path): a page it opens
        # restates none before it ('Puzzle 40 (continued)' over puzzle 42).
        heads = blocks[0].style in SECTION_STYLES
        if self.waiting or (tall > self.sheet.room and not self.sheet.empty):
            self.new_sheet(goes_on=not heads)
            self.flush()
        if heads:
            self.section = blocks[0].lines[0] if blocks[0].lines else None
        sheet = self.sheet
        blocks[0] = replace(blocks[0], space_before=figure.space_before + sheet.gap)
        left, bottom, _, _ = self.geometry.content_box(self.first_page + len(self.pages) - 1)
        # The room left starts under what is set, a figure above included (its height is
        # the gap the next block keeps), so the tops of figure and text are level there.
        top = bottom + sheet.raised + sheet.room
        sheet.placements += figure.place(left, top - figure.space_before, beside.width)
        sheet.blocks += blocks
        sheet.room -= tall
        sheet.gap = tall - text  # white under the text, down to the figure's foot

    def set_figure(self, figure: Figure) -> None:
        """The figure under the text so far (or on a new page, if even a page kept for
        it has not room): the block after it starts below it."""
        sheet = self.sheet
        need = figure.space_before + figure.height
        if need > sheet.room and not sheet.empty:
            sheet = self.new_sheet()
        left, bottom, width, _ = self.geometry.content_box(self.first_page + len(self.pages) - 1)
        sheet.placements += figure.place(left, bottom + sheet.raised + sheet.room
                                         - figure.space_before, width)
        sheet.room -= need
        sheet.gap += need


def _split(block: TextBlock, paragraph: str, room: float, setter: TextSetter,
           width: float, parted: int = PARTED_LINES) -> tuple[str, str]:
    """The paragraph's first lines that fit in `room`, and the rest (a greedy wrap keeps
    the lines of a prefix, so the renderer sets the head as these very lines)."""
    _, size, leading, after = setter.look(block.style)
    lines = setter.lines(block, paragraph, width)
    fit = max(0, min(len(lines) - 1, int((room - size * after + 1e-6) // (size * leading))))
    fit = min(fit, len(lines) - parted)  # no last line alone atop the next page
    if fit < parted:  # ... nor a first line alone at this one's foot
        fit = 0
    return " ".join(lines[:fit]), " ".join(lines[fit:])
