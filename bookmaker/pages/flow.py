"""Text that flows from page to page: blocks of text and figures (grids set into the text)
stacked from the top of the content area, a paragraph split between its lines where a
page is full, a figure moved whole to the next page. Heights are measured as
render/pdf.py sets text (its leading and paragraph space), with the fonts' own widths."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from .page import GridPlacement, Page, PageGeometry, TextBlock

# How render/pdf.py sets each style: (bold?, size name, leading per size, space after
# each paragraph per size). A rule takes one body size.
LOOKS = {"title": (True, "title", 1.2, 0.0), "subtitle": (False, "subtitle", 1.3, 0.0),
         "heading": (True, "heading", 1.3, 0.0), "body": (False, "body", 1.4, 0.5),
         "entry": (True, "body", 1.4, 0.0), "detail": (False, "caption", 1.4, 0.0),
         "kicker": (True, "heading", 1.4, 0.0), "rule": (False, "body", 1.0, 0.0)}
Measure = Callable[[str, bool, float], float]  # width of text, bold?, at size (points)


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
    steps): moved whole to the next page rather than split."""

    pieces: tuple[TextBlock | Figure, ...]


Piece = TextBlock | Figure | Together


@dataclass(frozen=True)
class TextSetter:
    """What measuring text needs: the fonts' widths and the style's sizes in points."""

    measure: Measure
    sizes: dict[str, float]  # title, subtitle, heading, body, caption

    def look(self, style: str) -> tuple[bool, float, float, float]:
        bold, size, leading, after = LOOKS[style]
        return bold, self.sizes[size], leading, after

    def lines(self, block: TextBlock, paragraph: str, width: float) -> list[str]:
        """A paragraph's lines as the renderer wraps them (a tab's right part kept aside)."""
        bold, size, _, _ = self.look(block.style)
        text, _, right = paragraph.partition("\t")
        room = width - (self.measure(right, bold, size) + size if right else 0)
        return wrapped(text, lambda line: self.measure(line, bold, size), room)

    def paragraph_height(self, block: TextBlock, paragraph: str, width: float) -> float:
        _, size, leading, after = self.look(block.style)
        if block.style == "rule":
            return size
        return len(self.lines(block, paragraph, width)) * size * leading + size * after

    def height(self, block: TextBlock, width: float) -> float:
        """The block's height with the space before it."""
        return block.space_before + sum(self.paragraph_height(block, paragraph, width)
                                        for paragraph in block.lines)


def wrapped(text: str, measure: Callable[[str], float], width: float) -> list[str]:
    """Words filled into lines no wider than `width` (a long word stands alone), as
    render/pdf.py wraps them."""
    lines: list[str] = []
    line = ""
    for word in text.split():
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


def flow(pieces: Sequence[Piece], setter: TextSetter, geometry: PageGeometry,
         first_page: int, heading: TextBlock | None = None) -> list[Page]:
    """The pieces set on as many pages as they need, numbered from `first_page`; each page
    after the first starts with `heading` (a 'continued' title), if given."""
    pages: list[_Sheet] = []
    for piece in pieces:
        sheet = pages[-1] if pages else _new_sheet(pages, setter, geometry, None)
        parts = piece.pieces if isinstance(piece, Together) else (piece,)
        if isinstance(piece, Together) and _height(piece, setter, geometry) > sheet.room \
                and (sheet.blocks or sheet.placements):
            _new_sheet(pages, setter, geometry, heading)
        for part in parts:
            if isinstance(part, Figure):
                _set_figure(pages, part, setter, geometry, first_page, heading)
            else:
                _set_block(pages, pages[-1], part, setter, geometry, heading)
    return [Page(first_page + index, tuple(sheet.placements), tuple(sheet.blocks),
                 flowed=True) for index, sheet in enumerate(pages)]


def _height(together: Together, setter: TextSetter, geometry: PageGeometry) -> float:
    """How tall pieces kept together are (a figure with the space before it)."""
    return sum(piece.space_before + piece.height if isinstance(piece, Figure)
               else setter.height(piece, geometry.live_width) for piece in together.pieces)


def _new_sheet(pages: list[_Sheet], setter: TextSetter, geometry: PageGeometry,
               heading: TextBlock | None) -> _Sheet:
    sheet = _Sheet([], [], geometry.content_height)
    if heading is not None and pages:
        sheet.blocks.append(heading)
        sheet.room -= setter.height(heading, geometry.live_width)
    pages.append(sheet)
    return sheet


def _set_block(pages: list[_Sheet], sheet: _Sheet, block: TextBlock, setter: TextSetter,
               geometry: PageGeometry, heading: TextBlock | None) -> None:
    """The block's paragraphs on this page while they fit, split between lines where
    one does not, the rest on new pages; a heading is never left alone at a page's foot."""
    width = geometry.live_width
    own = block.space_before
    keep_with_next = block.style in ("title", "heading", "kicker", "rule")
    need = setter.height(block, width) * (2 if keep_with_next else 1)
    if keep_with_next and need > sheet.room and (sheet.blocks or sheet.placements):
        sheet = _new_sheet(pages, setter, geometry, heading)
        own = 0.0
    block = replace(block, space_before=own + sheet.gap)  # below any figure set before
    sheet.gap = 0.0
    lines: list[str] = []
    room = sheet.room - own
    for paragraph in block.lines:
        height = setter.paragraph_height(block, paragraph, width)
        if height <= room + 1e-6:
            lines.append(paragraph)
            room -= height
            continue
        head, rest = _split(block, paragraph, room, setter, width)
        if head:
            lines.append(head)
        if lines:
            sheet.blocks.append(replace(block, lines=tuple(lines)))
        sheet = _new_sheet(pages, setter, geometry, heading)
        block, lines = replace(block, space_before=0.0), []
        room = sheet.room
        while setter.paragraph_height(block, rest, width) > room + 1e-6:  # a page of it
            head, rest = _split(block, rest, room, setter, width)
            sheet.blocks.append(replace(block, lines=(head,)))
            sheet = _new_sheet(pages, setter, geometry, heading)
            room = sheet.room
        lines.append(rest)
        room -= setter.paragraph_height(block, rest, width)
    if lines:
        sheet.blocks.append(replace(block, lines=tuple(lines)))
    sheet.room = room


def _split(block: TextBlock, paragraph: str, room: float, setter: TextSetter,
           width: float) -> tuple[str, str]:
    """The paragraph's first lines that fit in `room`, and the rest (a greedy wrap keeps
    the lines of a prefix, so the renderer sets the head as these very lines)."""
    _, size, leading, after = setter.look(block.style)
    lines = setter.lines(block, paragraph, width)
    fit = max(0, min(len(lines) - 1, int((room - size * after + 1e-6) // (size * leading))))
    return " ".join(lines[:fit]), " ".join(lines[fit:])


def _set_figure(pages: list[_Sheet], figure: Figure, setter: TextSetter,
                geometry: PageGeometry, first_page: int, heading: TextBlock | None) -> None:
    """The figure under the text so far, or at the top of a new page if it has no room:
    the block after it starts below it (its space before grows by the figure)."""
    sheet = pages[-1]
    need = figure.space_before + figure.height
    if need > sheet.room and (sheet.blocks or sheet.placements):
        sheet = _new_sheet(pages, setter, geometry, heading)
    _, bottom, width, _ = geometry.content_box(first_page + len(pages) - 1)
    left = geometry.content_box(first_page + len(pages) - 1)[0]
    sheet.placements += figure.place(left, bottom + sheet.room - figure.space_before, width)
    sheet.room -= need
    sheet.gap += need
