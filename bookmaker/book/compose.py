"""Verified puzzles + a book spec -> the documents to draw, page by page from the page plan.

Every page is planned first, from counts (spec/pagecount.py: the plan loading checked):
title, copyright, contents, how to play, section openers, puzzles, blank pages that keep
sections on right-hand pages, the answers' divider, answers, and Notes pages up to the
print-on-demand minimum and an even count. So every page number, and every outline entry,
is known before any page is made: "Answer on page P" is printed under puzzles that come
before their answers, and the gutter depends on the file's final page count. The plan's
page rules are checked again here, then each planned page is made, in the book's language.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import cast

from ..core.board.marks import Marks
from ..core.grade.grades import GRADES
from ..core.puzzle import Puzzle
from ..pages.bookpages import (
    HEADING_ROOM,
    ContentsEntry,
    ExamplePair,
    blank_page,
    contents_page,
    copyright_page,
    divider_page,
    example_page,
    how_to_play_page,
    notes_page,
    opener_page,
    title_page,
)
from ..pages.page import Page, PageGeometry
from ..pages.paginate import GridItem, page_of_each, paginate_puzzles
from ..render.fonts import default_fonts, digit_extent
from ..render.pdf import Metadata, OutlineEntry
from ..render.style import RenderStyle
from ..spec import BookSpec, Layout, SectionSpec
from ..spec.captions import SEPARATOR, answer_note_text, caption_parts, grid_size_text, kind_name
from ..spec.catalogue import Catalogue, load_catalogue
from ..spec.howtoplay import rules_paragraphs
from ..spec.model import example_beside_rules
from ..spec.pagecount import (
    ANSWERS,
    BLANK,
    CONTENTS,
    COPYRIGHT,
    DIVIDER,
    EXAMPLE,
    HOW_TO_PLAY,
    NOTES,
    OPENER,
    PUZZLES,
    TITLE,
    BookPlan,
    PlannedPage,
    longest_blank_run,
)
from ..spec.printer import load_printer
from ..spec.textcheck import band_text
from .plan import PlannedPuzzle

UNNUMBERED = (TITLE, COPYRIGHT, BLANK, DIVIDER, OPENER)  # pages that show no number


class BuildError(RuntimeError):
    """A book that its layout cannot hold, such as more pages than the printer binds."""


@dataclass(frozen=True)
class Document:
    """One PDF to write: its file name, its pages, how they are drawn, and its outline."""

    file_name: str
    pages: tuple[Page, ...]
    style: RenderStyle
    metadata: Metadata
    outline: tuple[OutlineEntry, ...] = ()
    padding: int = 0  # pages added only to meet the print-on-demand rules


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


@dataclass(frozen=True)
class _Book:
    """What making any page needs: the spec, its words, puzzles, places and the plan."""

    spec: BookSpec
    words: Catalogue
    planned: Sequence[PlannedPuzzle]
    puzzles: Sequence[Puzzle]
    places: Sequence[PuzzlePlace]
    plan: BookPlan
    examples: tuple[Puzzle, ...]  # the how-to-play pages' worked examples


def compose(spec: BookSpec, planned: Sequence[PlannedPuzzle], puzzles: Sequence[Puzzle],
            examples: Sequence[Puzzle] | None = ()) -> ComposedBook:
    """The book's documents: the book itself, and the answer book when answers are separate."""
    plan = spec.page_plan()
    check_page_rules(spec, plan)
    book = _Book(spec, load_catalogue(spec.language), planned, puzzles,
                 number_pages(spec, plan), plan, tuple(examples or ()))
    documents = [_document(book, plan.book, book_file_name(spec), "", plan.book_padding)]
    if plan.answer_book:
        documents.append(_document(book, plan.answer_book, answers_file_name(spec),
                                   book.words.text("answers"), plan.answer_padding))
    return ComposedBook(tuple(documents), tuple(book.places))


def _document(book: _Book, plan: Sequence[PlannedPage], file_name: str, part: str,
              padding: int) -> Document:
    style = document_style(book.spec, len(plan))
    pages = make_pages(book, plan, style, answer_book=bool(part))
    if len(pages) != len(plan):  # a bug: the plan is what loading checked
        raise BuildError(f"{file_name}: {len(pages)} pages made for {len(plan)} planned")
    return Document(file_name, tuple(pages), style, book_metadata(book.spec, part),
                    outline_of(book, plan, answer_book=bool(part)), padding)


def check_page_rules(spec: BookSpec, plan: BookPlan) -> None:
    """The print-on-demand rules, on the plan: the least pages, an even count, and no
    long run of blank pages (loading refused what breaks them; this guards the plan)."""
    if not spec.layout.print_on_demand:
        return
    rules = load_printer()
    for name, pages in (("book", plan.book), ("answer book", plan.answer_book)):
        if not pages:
            continue
        if len(pages) < rules.min_pages or (rules.even_pages and len(pages) % 2):
            raise BuildError(f"the {name}'s {len(pages)} pages break {rules.description}'s "
                             f"page count rules")
        if longest_blank_run(pages) > rules.max_blank_run:
            raise BuildError(f"the {name} has more than {rules.max_blank_run} blank pages "
                             f"in a row")


# Page numbers: decided first, from the plan.

def number_pages(spec: BookSpec, plan: BookPlan | None = None) -> list[PuzzlePlace]:
    """Each puzzle's place: its page, and its answer's page and file."""
    plan = plan or spec.page_plan()
    separate = spec.answers == "separate"
    answer_file = {"separate": answers_file_name(spec), "back": book_file_name(spec)}
    places = []
    for index, section in enumerate(spec.sections):
        pages = page_of_each(section.count, section.puzzles_per_page,
                             cast(int, plan.first_page(PUZZLES, index)))  # (every section's)
        first = plan.first_page(ANSWERS, index, answer_book=separate)
        answers = page_of_each(section.count, section.answers_per_page, first) \
            if first else [None] * section.count
        places += [PuzzlePlace(page, answer, answer_file.get(spec.answers) if answer else None)
                   for page, answer in zip(pages, answers)]
    return places


def _place_of(book: _Book, planned: PlannedPuzzle) -> PuzzlePlace:
    return book.places[planned.number - 1]


# Layout -> geometry and style: the one place where the spec's page design meets drawing.

def document_style(spec: BookSpec, page_total: int) -> RenderStyle:
    """How a file of page_total pages is drawn: its gutter follows the layout's table, so
    the page count is needed first."""
    layout = spec.layout
    regular, bold = default_fonts()
    regular, bold = spec.fonts.regular or regular, spec.fonts.bold or bold
    text, lines = layout.text, layout.lines
    return RenderStyle(
        page_geometry(layout, page_total), Path(regular), Path(bold),
        given_font_ratio=digit_ratio(layout, Path(regular)),
        label_size=text.label, caption_size=layout.caption_size,
        header_size=text.header, footer_size=text.footer, page_number_size=text.page_number,
        title_size=layout.title_size, subtitle_size=layout.subtitle_size,
        heading_size=layout.heading_size, body_size=layout.body_size,
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
        fraction = cast(float, digits.points) / layout.min_puzzle_cell  # points, if no fraction
    return fraction * digit_extent(str(regular_font))[0]


def book_metadata(spec: BookSpec, part: str = "") -> Metadata:
    title = f"{spec.title}: {part}" if part else spec.title
    return Metadata(title=title, author=spec.author or "", subject=spec.subtitle or "",
                    creator="bookmaker")


# The pages, kind by kind, in plan order.

def make_pages(book: _Book, plan: Sequence[PlannedPage], style: RenderStyle,
               answer_book: bool) -> list[Page]:
    """Every planned page, made. Puzzle and answer pages are laid out a section at a time
    and handed out as the plan reaches them; any other page by its kind's maker."""
    grids = {(PUZZLES, index): iter(puzzle_pages(book, index, members, style))
             for index, members in by_section(book.planned)}
    grids |= {(ANSWERS, index): iter(answer_pages(book, index, members, style, answer_book))
              for index, members in by_section(book.planned)}
    pages = []
    for number, planned in enumerate(plan, start=1):
        laid_out = grids.get((planned.kind, planned.section))
        pages.append(next(laid_out) if laid_out else
                     PAGE_MAKERS[planned.kind](_PageAt(book, planned, number, style,
                                                       answer_book)))
    return pages


@dataclass(frozen=True)
class _PageAt:
    """A planned page that holds no grids, being made: its book, plan entry and number."""

    book: _Book
    planned: PlannedPage
    number: int
    style: RenderStyle
    answer_book: bool

    @property
    def numbered(self) -> bool:
        """Whether the page shows its number."""
        return self.book.spec.page_numbers and self.planned.kind not in UNNUMBERED

    @property
    def geometry(self) -> PageGeometry:
        return self.style.geometry


def _title(at: _PageAt) -> Page:
    """The book's title page, or the answer book's: the title, 'Answers', the author."""
    spec = at.book.spec
    subtitle = at.book.words.text("answers") if at.answer_book else spec.subtitle or ""
    return title_page(at.geometry, spec.title, subtitle, spec.author or "")


def _copyright(at: _PageAt) -> Page:
    return copyright_page(at.geometry, copyright_lines(at.book.spec, at.book.words))


def _contents(at: _PageAt) -> Page:
    return contents_page(at.book.words.text("contents"), contents_part(at.book, at.planned.part),
                         at.number if at.numbered else None)


def _how_to_play(at: _PageAt) -> Page:
    """The rules, with the worked example under them if the layout has room for it."""
    book, spec = at.book, at.book.spec
    beside = example_pair(book, at.style) if example_beside_rules(spec.layout, spec.sections) \
        else None
    return how_to_play_page(at.geometry, at.number, book.words.text("how_to_play"),
                            rules_paragraphs([(s.size, s.kind, s.glyphs) for s in spec.sections],
                                             spec.answers, book.words),
                            beside, at.numbered)


def _example(at: _PageAt) -> Page:
    """The worked example on a page of its own, where it has no room beside the rules."""
    grids = at.book.spec.layout.grids
    pair = example_pair(at.book, at.style)
    assert pair is not None  # the plan has this page only when the book has an example
    return example_page(at.geometry, at.number, at.book.words.text("example"),
                        at.style.title_size * HEADING_ROOM, pair,
                        grids.label_height, grids.gap, at.numbered)


def _opener(at: _PageAt) -> Page:
    index = cast(int, at.planned.section)  # an opener opens a section
    section = at.book.spec.sections[index]
    return opener_page(at.geometry, section.name, section_details(at.book, index))


def _divider(at: _PageAt) -> Page:
    return divider_page(at.geometry, at.book.words.text("answers"), at.book.spec.title)


def _notes(at: _PageAt) -> Page:
    return notes_page(at.geometry, at.number, at.book.words.text("notes"), at.style.body_size,
                      at.numbered)


PAGE_MAKERS = {TITLE: _title, COPYRIGHT: _copyright, CONTENTS: _contents,
               HOW_TO_PLAY: _how_to_play, EXAMPLE: _example, OPENER: _opener,
               DIVIDER: _divider, NOTES: _notes, BLANK: lambda at: blank_page()}


def copyright_lines(spec: BookSpec, words: Catalogue) -> list[str]:
    """The copyright page's paragraphs: title, copyright, rights, ISBN, edition, imprint,
    and the credit line if the spec keeps it."""
    lines = [spec.title]
    if spec.copyright:
        lines.append(f"© {spec.copyright}")
    lines.append(words.text("rights"))
    lines += [f"ISBN {spec.isbn}"] if spec.isbn else []
    lines += [spec.edition] if spec.edition else []
    lines.append(spec.imprint or words.text("imprint"))
    if spec.front_matter.credit:
        lines.append(words.text("credit"))
    return lines


def contents_entries(book: _Book) -> list[ContentsEntry]:
    """How to play, each section (its puzzles, size and grades), and the answers."""
    spec, words, plan = book.spec, book.words, book.plan
    entries = []
    if spec.front_matter.how_to_play:
        entries.append(ContentsEntry(words.text("how_to_play"), "",
                                     cast(int, plan.first_page(HOW_TO_PLAY))))
    for index, section in enumerate(spec.sections):
        first = cast(int, plan.first_page(OPENER, index) or plan.first_page(PUZZLES, index))
        entries.append(ContentsEntry(section.name, SEPARATOR.join(
            section_details(book, index)), first))
    divider = plan.first_page(DIVIDER)
    if divider:
        entries.append(ContentsEntry(words.text("answers"), "", divider))
    return entries


def contents_part(book: _Book, part: int) -> list[ContentsEntry]:
    """The entries on the part-th contents page."""
    per_page = book.spec.layout.contents_entries_per_page()
    return contents_entries(book)[part * per_page:(part + 1) * per_page]


def section_details(book: _Book, index: int) -> list[str]:
    """A section's puzzle numbers, size and grades: 'Puzzles 1–50', '9x9 · Easy to Hard'."""
    members = [p for p in book.planned if p.section_index == index]
    words = book.words
    first, last = members[0].number, members[-1].number
    numbers = words.text("puzzle", number=first) if first == last else \
        words.text("puzzles_range", first=first, last=last)
    section = book.spec.sections[index]
    board = " ".join(part for part in (grid_size_text(section.kind, section.size),
                                       kind_name(words, section.kind)) if part)
    return [numbers, f"{board}{SEPARATOR}{grade_range(book, members)}"]


def grade_range(book: _Book, members: Sequence[PlannedPuzzle]) -> str:
    """The grades a section's puzzles have: one name, or 'Easy to Hard'."""
    grades = sorted({book.puzzles[p.number - 1].grade for p in members}, key=GRADES.index)
    names = [book.words.grade(grade) for grade in grades]
    if len(names) == 1:
        return names[0]
    return book.words.text("grade_range", easiest=names[0], hardest=names[-1])


def example_pair(book: _Book, style: RenderStyle) -> ExamplePair | None:
    """The book's first worked example and its solution, with the others (`more`); where
    there are several, each labelled with its kind's name."""
    if not book.examples:
        return None
    pairs = [ExamplePair(example.givens, example.solution,
                         _example_label(book, example), book.words.text("example_solution"),
                         style.border_line, marks_of(example)) for example in book.examples]
    return replace(pairs[0], more=tuple(pairs[1:]))


def _example_label(book: _Book, example: Puzzle) -> str:
    """'A puzzle', or, among examples of several kinds, its kind's name."""
    kind = example.kind
    if len(book.examples) > 1 and kind.named_in_captions:
        return book.words.text(kind.name_key)
    return book.words.text("example_puzzle")


def puzzle_pages(book: _Book, index: int, members: Sequence[PlannedPuzzle],
                 style: RenderStyle) -> list[Page]:
    """A section's puzzle pages, each puzzle labelled with its number, captioned with its
    section, grade and size and where its answer is."""
    spec, layout = book.spec, book.spec.layout
    section = spec.sections[index]
    items = [GridItem(book.puzzles[p.number - 1].givens, None,
                      book.words.text("puzzle", number=p.number),
                      caption(section, book.words.grade(book.puzzles[p.number - 1].grade),
                              book.words),
                      answer_note(book, _place_of(book, p)),
                      mark_of(spec, book.puzzles[p.number - 1].grade),
                      marks_of(book.puzzles[p.number - 1]), section.glyphs) for p in members]
    return paginate_puzzles(items, style.geometry, section.puzzles_per_page,
                            _place_of(book, members[0]).page, layout.grids.label_height,
                            layout.below_height, layout.grids.gap,
                            band_text(layout.header.text, spec, section.name),
                            band_text(layout.footer.text, spec, section.name),
                            spec.page_numbers, layout.lines.border)


def answer_pages(book: _Book, index: int, members: Sequence[PlannedPuzzle],
                 style: RenderStyle, answer_book: bool) -> list[Page]:
    """A section's answer pages: solved grids with the givens bold, each saying where its
    puzzle is, each page headed with the puzzle numbers it holds ("Answers 1–6")."""
    if (book.spec.answers == "separate") != answer_book or book.spec.answers == "none":
        return []
    layout = book.spec.layout
    section = book.spec.sections[index]
    items = [GridItem(book.puzzles[p.number - 1].givens, book.puzzles[p.number - 1].solution,
                      book.words.text("puzzle", number=p.number), "",
                      book.words.text("puzzle_on_page", page=_place_of(book, p).page),
                      marks=marks_of(book.puzzles[p.number - 1]), glyphs=section.glyphs)
             for p in members]
    pages = paginate_puzzles(items, style.geometry, section.answers_per_page,
                             cast(int, _place_of(book, members[0]).answer_page),  # (answers)
                             layout.grids.label_height,
                             layout.answer_below_height, layout.grids.gap, "", "",
                             book.spec.page_numbers, layout.lines.border)
    per_page = section.answers_per_page
    return [replace(page, header=answers_heading(book.words, members[i * per_page:][:per_page]))
            for i, page in enumerate(pages)]


def marks_of(puzzle: Puzzle) -> Marks:
    """What a puzzle's kind draws beyond its cells and givens (a Killer's cages)."""
    return puzzle.kind.marks(puzzle.givens, puzzle.extras)


def answers_heading(words: Catalogue, members: Sequence[PlannedPuzzle]) -> str:
    first, last = members[0].number, members[-1].number
    if first == last:
        return words.text("answer_single", number=first)
    return words.text("answers_range", first=first, last=last)


def by_section(planned: Sequence[PlannedPuzzle]):
    """(section index, its planned puzzles) in book order."""
    for index, group in itertools.groupby(planned, key=lambda p: p.section_index):
        yield index, list(group)


def caption(section: SectionSpec, grade: str = "", words: Catalogue | None = None) -> str:
    """The line under a puzzle: its section, and its variant, grade and size unless the
    name says them: 'Warm-up · Killer · Easy · 9x9' (spec/captions.py, the rule the spec
    checked)."""
    kind = kind_name(words or load_catalogue("en"), section.kind)
    return SEPARATOR.join(caption_parts(section.name, grade,
                                        grid_size_text(section.kind, section.size), kind))


def answer_note(book: _Book, place: PuzzlePlace) -> str:
    """The line under a puzzle that says where its answer is."""
    if place.answer_page is None:
        return ""
    return answer_note_text(book.spec.answers, book.words, place.answer_page)


def mark_of(spec: BookSpec, grade: str) -> int:
    """The difficulty mark beside a puzzle's number: 1 square for beginner ... 6 for
    extreme, or none."""
    return GRADES.index(grade) + 1 if spec.difficulty_mark == "squares" else 0


def outline_of(book: _Book, plan: Sequence[PlannedPage], answer_book: bool
               ) -> tuple[OutlineEntry, ...]:
    """Bookmarks: the title, contents, how to play, each section, the answers, notes."""
    entries = []
    for number, page in enumerate(plan, start=1):
        title = _outline_title(book, page, answer_book)
        if title:
            entries.append(OutlineEntry(title, number))
    return tuple(entries)


def _outline_title(book: _Book, page: PlannedPage, answer_book: bool) -> str:
    """The bookmark a page starts, or '': a section's starts at its opener (or its first
    puzzle page), and in a separate answer book at its first answer page."""
    if page.part:
        return ""
    openers = book.spec.front_matter.section_openers
    if page.kind == OPENER or (page.kind == PUZZLES and not openers) or \
            (page.kind == ANSWERS and answer_book):
        return book.spec.sections[cast(int, page.section)].name  # a section's page
    words = book.words
    titles = {TITLE: book.spec.title, CONTENTS: words.text("contents"),
              HOW_TO_PLAY: words.text("how_to_play"), DIVIDER: words.text("answers"),
              NOTES: words.text("notes")}
    return titles.get(page.kind, "")
