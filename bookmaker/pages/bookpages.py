"""The pages of a book around its puzzles: title, copyright, contents, section openers,
the answers' divider, Notes and blank pages (the how-to-play flows: book/howtoplay.py).
Each takes its words already chosen (from the book's message catalogue) and returns a
Page in points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .page import Page, PageGeometry, TextBlock

NOTES_LINE_SPACING = 2.2  # between writing lines on a Notes page, per body size


@dataclass(frozen=True)
class ContentsEntry:
    """One line of the contents: what, its details, and its first page."""

    title: str
    detail: str
    page: int


def title_page(geometry: PageGeometry, title: str, subtitle: str = "",
               author: str = "", kinds: str = "") -> Page:
    """An unnumbered title page: the kind of puzzle in capitals over a rule, the title a
    third of the way down, the subtitle, a rule closing the block, and the author low."""
    top = geometry.content_height * (0.22 if kinds else 0.28)
    blocks = [TextBlock((kinds.upper(),), "kicker", space_before=top),
              TextBlock(("",), "rule", space_before=6.0)] if kinds else []
    blocks.append(TextBlock((title,), "title", space_before=18.0 if kinds else top))
    if subtitle:
        blocks.append(TextBlock((subtitle,), "subtitle", space_before=12.0))
    if kinds:
        blocks.append(TextBlock(("",), "rule", space_before=12.0))
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
