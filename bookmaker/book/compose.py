"""Verified puzzles + a book spec -> the documents to draw: front matter, puzzle pages and
answer keys, each page numbered, and where every puzzle and answer landed.

Page numbers are positions in their file (page 1 is a right-hand page), so their parity
mirrors the margins; a separate answer file counts from 1. Every page number is known
before any page is made, because "Answer on page P" must be printed under puzzles that
come before their answers, and the gutter depends on the file's final page count.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Sequence

from ..core.generator import Puzzle
from ..pages.page import Page, PageGeometry, how_to_play_page, title_page
from ..pages.paginate import GridItem, page_count, page_of_each, paginate_puzzles
from ..render.fonts import default_fonts, digit_extent
from ..render.pdf import MIN_TEXT_SIZE, Metadata, RenderStyle
from ..spec import BookSpec, Layout, SectionSpec
from ..spec.pagecount import answer_front_page_count
from ..spec.pagecount import front_page_count as count_front_pages
from .plan import PlannedPuzzle

ANSWERS_WHERE = {"separate": "in the separate answer book", "back": "at the back of the book",
                 "none": ""}
ANSWER_PAGES_FOOTER = "Answers"


class BuildError(RuntimeError):
    """A book that its layout cannot hold, such as more pages than the printer binds."""


@dataclass(frozen=True)
class Document:
    """One PDF to write: its file name, its pages and how they are drawn."""

    file_name: str
    pages: tuple[Page, ...]
    style: RenderStyle
    metadata: Metadata


@dataclass(frozen=True)
class PuzzlePlace:
    """Where a puzzle is printed, and where its answer is (None: the book has none)."""

    page: int
    answer_page: int | None
    answer_file: str | None


@dataclass(frozen=True)
class ComposedBook:
    """Every document of the book, and each planned puzzle's place, in plan order."""

    documents: tuple[Document, ...]
    places: tuple[PuzzlePlace, ...]


def book_file_name(spec: BookSpec) -> str:
    return f"{spec.name}.pdf"


def answers_file_name(spec: BookSpec) -> str:
    return f"{spec.name}-answers.pdf"


def compose(spec: BookSpec, planned: Sequence[PlannedPuzzle], puzzles: Sequence[Puzzle],
            example: Puzzle | None) -> ComposedBook:
    """The book's documents: the book itself, and the answer book when answers are separate."""
    places, book_pages, answer_pages = number_pages(spec)
    style = document_style(spec, book_pages)
    pages = front_pages(spec, style.geometry, example)
    pages += puzzle_pages(spec, planned, puzzles, places, style)
    if spec.answers == "back":
        pages += answers_opening(spec, style.geometry)
        pages += answer_pages_of(spec, planned, puzzles, places, style)
    documents = [Document(book_file_name(spec), tuple(pages), style, book_metadata(spec))]
    if spec.answers == "separate":
        answers_style = document_style(spec, answer_pages)
        documents.append(Document(answers_file_name(spec), tuple(
            answers_opening(spec, answers_style.geometry)
            + answer_pages_of(spec, planned, puzzles, places, answers_style)), answers_style,
            book_metadata(spec, "Answers")))
    return ComposedBook(tuple(documents), tuple(places))


# Page numbers: decided first, from counts alone.

def front_page_count(spec: BookSpec) -> int:
    return count_front_pages(spec.front_matter.title_page, spec.front_matter.how_to_play)


def number_pages(spec: BookSpec) -> tuple[list[PuzzlePlace], int, int]:
    """Each puzzle's place, the book's page count and the answer book's (0 if none).
    Every section starts on a new page, for its puzzles and for its answers."""
    puzzle_pages, after_puzzles = pages_of_sections(spec.sections, front_page_count(spec) + 1,
                                                    answers=False)
    answer_start = {"separate": 1, "back": after_puzzles, "none": None}[spec.answers]
    if answer_start is None:
        places = [PuzzlePlace(page, None, None) for page in puzzle_pages]
        return places, after_puzzles - 1, 0
    answer_start += answer_front_page_count(spec.answers, spec.front_matter.title_page)
    answer_pages, after_answers = pages_of_sections(spec.sections, answer_start, answers=True)
    file_name = answers_file_name(spec) if spec.answers == "separate" else book_file_name(spec)
    places = [PuzzlePlace(page, answer, file_name)
              for page, answer in zip(puzzle_pages, answer_pages)]
    if spec.answers == "back":
        return places, after_answers - 1, 0
    return places, after_puzzles - 1, after_answers - 1


def pages_of_sections(sections: Sequence[SectionSpec], first_page: int,
                      answers: bool) -> tuple[list[int], int]:
    """The page of every puzzle (or answer) when the sections follow each other from
    first_page, and the first page after them."""
    pages: list[int] = []
    next_page = first_page
    for section in sections:
        per_page = section.answers_per_page if answers else section.puzzles_per_page
        pages += page_of_each(section.count, per_page, next_page)
        next_page += page_count(section.count, per_page)
    return pages, next_page


# Layout -> geometry and style: the one place where the spec's page design meets drawing.

def document_style(spec: BookSpec, page_total: int) -> RenderStyle:
    """How a file of page_total pages is drawn: its gutter follows the layout's table, so
    the page count is needed first."""
    layout = spec.layout
    regular, bold = default_fonts()
    regular, bold = spec.fonts.regular or regular, spec.fonts.bold or bold
    text, lines = layout.text, layout.lines
    scale = text.label / 10  # title and body text grow with the layout's labels
    return RenderStyle(
        page_geometry(layout, page_total), Path(regular), Path(bold),
        given_font_ratio=digit_ratio(layout, Path(regular)),
        label_size=text.label, caption_size=layout.caption_size,
        header_size=text.header, footer_size=text.footer, page_number_size=text.page_number,
        title_size=28 * scale, subtitle_size=15 * scale, heading_size=14 * scale,
        body_size=max(MIN_TEXT_SIZE, 11 * scale),
        cell_line=lines.cell, box_line=lines.box, border_line=lines.border)


def page_geometry(layout: Layout, page_total: int) -> PageGeometry:
    """The layout's page, with the inside margin its gutter table gives page_total pages."""
    try:
        inside = layout.inside_margin(page_total)
    except ValueError as error:
        raise BuildError(str(error)) from None
    margins = layout.margins
    return PageGeometry(layout.trim.width, layout.trim.height, layout.bleed,
                        margin_top=margins.top, margin_bottom=margins.bottom,
                        margin_inside=inside, margin_outside=margins.outside,
                        header_space=layout.header.height, footer_space=layout.footer.height)


def digit_ratio(layout: Layout, regular_font: Path) -> float:
    """The renderer's given_font_ratio (digit ink height per cell side) for the layout's
    digit size. A fixed size in points is honoured at the smallest cell the layout allows,
    so digits are never under it; bigger cells get proportionally bigger digits."""
    digits = layout.text.digits
    fraction = digits.fraction
    if fraction is None:
        fraction = digits.points / layout.min_puzzle_cell
    return fraction * digit_extent(str(regular_font))[0]


def book_metadata(spec: BookSpec, part: str = "") -> Metadata:
    title = f"{spec.title}: {part}" if part else spec.title
    return Metadata(title=title, author=spec.author or "", subject=spec.subtitle or "",
                    creator="bookmaker")


# The pages themselves.

def front_pages(spec: BookSpec, geometry: PageGeometry, example: Puzzle | None) -> list[Page]:
    """Title page and how-to-play page, as the spec asks."""
    pages = []
    if spec.front_matter.title_page:
        pages.append(title_page(geometry, spec.title, spec.subtitle or "", spec.author or ""))
    if spec.front_matter.how_to_play:
        pair = (example.givens, example.solution) if example is not None else None
        sizes = tuple(section.size for section in spec.sections)
        pages.append(how_to_play_page(geometry, len(pages) + 1, sizes,
                                      ANSWERS_WHERE[spec.answers], pair, spec.page_numbers))
    return pages


def answers_opening(spec: BookSpec, geometry: PageGeometry) -> list[Page]:
    """The page before the answers: "Answers" at the back of a book; the answer book's
    title page (the book's title, "Answers", the author) when the book has one."""
    if spec.answers == "back":
        return [title_page(geometry, "Answers", spec.title)]
    if spec.front_matter.title_page:
        return [title_page(geometry, spec.title, "Answers", spec.author or "")]
    return []


def puzzle_pages(spec: BookSpec, planned: Sequence[PlannedPuzzle], puzzles: Sequence[Puzzle],
                 places: Sequence[PuzzlePlace], style: RenderStyle) -> list[Page]:
    """Every section's puzzle pages, each puzzle labelled with its number and section."""
    pages = []
    for section, members in by_section(planned):
        items = [GridItem(puzzles[p.number - 1].givens, None, f"Puzzle {p.number}",
                          caption(section, puzzles[p.number - 1].grade),
                          answer_note(spec, places[p.number - 1])) for p in members]
        pages += paginate_puzzles(items, style.geometry, section.puzzles_per_page,
                                  places[members[0].number - 1].page,
                                  spec.layout.grids.label_height, spec.layout.below_height,
                                  spec.layout.grids.gap,
                                  band_text(spec, spec.layout.header.text, section.name),
                                  band_text(spec, spec.layout.footer.text, section.name),
                                  spec.page_numbers)
    return pages


def answer_pages_of(spec: BookSpec, planned: Sequence[PlannedPuzzle],
                    puzzles: Sequence[Puzzle], places: Sequence[PuzzlePlace],
                    style: RenderStyle) -> list[Page]:
    """Every section's answer pages: solved grids with the givens bold, each saying where
    its puzzle is. Answer pages have no header band (the layout's fit rule), so they are
    laid out with that room given to the grids."""
    geometry = replace(style.geometry, header_space=0.0)
    pages = []
    for section, members in by_section(planned):
        items = [GridItem(puzzles[p.number - 1].givens, puzzles[p.number - 1].solution,
                          f"Puzzle {p.number}", "",
                          f"Puzzle on page {places[p.number - 1].page}") for p in members]
        pages += paginate_puzzles(items, geometry, section.answers_per_page,
                                  places[members[0].number - 1].answer_page,
                                  spec.layout.grids.label_height, spec.layout.below_height,
                                  spec.layout.grids.gap, "", ANSWER_PAGES_FOOTER,
                                  spec.page_numbers)
    return pages


def by_section(planned: Sequence[PlannedPuzzle]):
    """(section, its planned puzzles) in book order."""
    for _, group in itertools.groupby(planned, key=lambda p: p.section_index):
        members = list(group)
        yield members[0].section, members


def caption(section: SectionSpec, grade: str = "") -> str:
    """The line under a puzzle: its section, its grade unless the name says it, and its
    size unless the name says it: 'Warm-up · Easy · 9x9'."""
    parts = [section.name]
    if grade and grade.lower() not in section.name.lower():
        parts.append(grade.capitalize())
    if section.size_text not in section.name:
        parts.append(section.size_text)
    return " · ".join(parts)


def answer_note(spec: BookSpec, place: PuzzlePlace) -> str:
    """The line under a puzzle that says where its answer is."""
    if place.answer_page is None:
        return ""
    if spec.answers == "separate":
        return f"Answer book, page {place.answer_page}"
    return f"Answer on page {place.answer_page}"


def band_text(spec: BookSpec, template: str, section: str) -> str:
    """A header or footer template filled in for a page of `section`."""
    return template.format(title=spec.title, subtitle=spec.subtitle or "",
                           author=spec.author or "", section=section)
