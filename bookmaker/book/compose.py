"""Verified puzzles + a book spec -> the documents to draw, page by page from the page plan.

Every page is planned first, from counts (design/pagecount.py: the plan loading checked):
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
from ..core.registry import kind_of_puzzle
from ..design.captions import (
    SEPARATOR,
    answer_note_text,
    caption_parts,
    fitted_caption,
    grid_size_text,
    kind_name,
    kind_title,
    mark_width,
)
from ..design.catalogue import Catalogue, load_catalogue
from ..design.cells import least_cell, least_symbol_cell
from ..design.explain import minutes_text
from ..design.fontfile import read_font
from ..design.glyphs import numbers
from ..design.inks import GREY
from ..design.layout import Layout, band_text
from ..design.pagecount import (
    ANSWERS,
    BLANK,
    CONTENTS,
    COPYRIGHT,
    DIVIDER,
    GLOSSARY,
    HINTS,
    HOW_TO_PLAY,
    NOTES,
    OPENER,
    PATHS,
    PUZZLES,
    TITLE,
    BookPlan,
    PlannedPage,
    answer_runs,
    answer_shares,
    longest_blank_run,
    slot_sides,
)
from ..design.printer import load_printer
from ..pages.bookpages import (
    ContentsEntry,
    blank_page,
    contents_page,
    copyright_page,
    divider_page,
    notes_page,
    opener_page,
    title_page,
)
from ..pages.flow import Piece, TextSetter, flow
from ..pages.page import Page, PageGeometry, TextBlock
from ..pages.paginate import (
    GridItem,
    grid_slots,
    page_of_each,
    paginate_puzzles,
    placed,
    shared_slots,
)
from ..render.fonts import default_fonts, digit_extent
from ..render.pdf import Metadata, OutlineEntry
from ..render.style import RenderStyle
from ..spec import BookSpec, SectionSpec
from .explain import (
    Room,
    Solved,
    glossary_pieces,
    hint_pieces,
    path_pieces,
    solve_each,
    techniques_used,
)
from .howtoplay import DIAGRAM_CELL, EXAMPLE_MOST_CELLS, Example, how_to_play_pieces
from .plan import PlannedPuzzle

UNNUMBERED = (TITLE, COPYRIGHT, BLANK, DIVIDER, OPENER)  # pages that show no number
MOST_KINDS_NAMED = 3  # kinds the title page names one by one
ASIDE_GAP = 1.0  # caption sizes kept between a label's mark and the time beside it


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
    examples: Sequence[Puzzle]  # the how-to-play's worked examples, one of each kind
    solved: Sequence[Solved] = ()


def compose(spec: BookSpec, planned: Sequence[PlannedPuzzle], puzzles: Sequence[Puzzle],
            examples: Sequence[Puzzle] = ()) -> ComposedBook:
    """The book's documents: the book itself, and the answer book when answers are separate
    (`examples`: the how-to-play's worked examples, one of each kind)."""
    words = book_words(spec)
    explained = spec.explanations
    solved = solve_each(planned, puzzles, [s.glyphs for s in spec.sections],
                        explained.shows_steps, spec.interior == GREY) if explained.solves else []
    draft = _Book(spec, words, planned, puzzles, (), spec.page_plan(), examples, solved)
    plan = settled_plan(draft)
    check_page_rules(spec, plan)
    book = replace(draft, places=number_pages(spec, plan), plan=plan)
    documents = [_document(book, plan.book, book_file_name(spec), "", plan.book_padding)]
    if plan.answer_book:
        documents.append(_document(book, plan.answer_book, answers_file_name(spec),
                                   book.words.text("answers"), plan.answer_padding))
    return ComposedBook(tuple(documents), tuple(book.places))


MOST_SETTINGS = 4  # rounds of setting the text parts until the page count holds


def settled_plan(book: _Book) -> BookPlan:
    """The plan with the pages each flowing text part takes. The parts are set at the
    gutter of the book's page count, which their pages change: set again until the count
    (and so the gutter) holds."""
    plan = book.plan
    for _ in range(MOST_SETTINGS):
        style = document_style(book.spec, len(plan.book))
        counts = {kind: len(pages) for kind, pages in text_pages(book, style, 1).items()}
        settled = book.spec.page_plan(counts)
        if len(settled.book) == len(plan.book) and plan is not book.plan:
            return settled
        plan = settled
    raise BuildError(f"the book's text pages do not settle on a page count "
                     f"({len(plan.book)} pages after {MOST_SETTINGS} rounds)")


def text_pages(book: _Book, style: RenderStyle, first: int | BookPlan) -> dict[str, list[Page]]:
    """Each flowing text part the book has, set from its first page in the plan (or from
    page `first`, to count them)."""
    parts = text_parts(book, style)
    pages = {}
    for kind, pieces in parts.items():
        start = first if isinstance(first, int) else cast(int, first.first_page(kind))
        pages[kind] = flow(pieces, text_setter(style), style.geometry, start,
                           _continued(book.words, _part_title(book, kind)),
                           lambda section: _continued(book.words, _first_part(section)))
    return pages


def text_parts(book: _Book, style: RenderStyle) -> dict[str, list[Piece]]:
    """The pieces of each flowing text part the book has: how to play, hints, solving
    paths, glossary."""
    spec, words, explanations = book.spec, book.words, book.spec.explanations
    parts: dict[str, list[Piece]] = {}
    if spec.front_matter.how_to_play:
        parts[HOW_TO_PLAY] = how_to_play_pieces(
            [(s.size, s.kind, s.glyphs) for s in spec.sections], words,
            examples_of(book, style), solutions_text(spec, words),
            spec.difficulty_mark == "squares",
            any(shows_times(book, index, style) for index in range(len(spec.sections))))
    if explanations.hints:
        parts[HINTS] = hint_pieces(book.solved, words, text_setter(style),
                                   style.geometry.live_width)
    if explanations.solving_path:
        parts[PATHS] = path_pieces(book.solved, words, glossary_room(book, style),
                                   explanations.step_grids, style.body_size)
    if explanations.with_glossary:
        parts[GLOSSARY] = glossary_pieces(techniques_used(book.solved), words, book.solved,
                                          glossary_room(book, style))
    return parts


def _continued(words: Catalogue, heading: str) -> TextBlock:
    """The heading atop a page that goes on with a part (or a section of it)."""
    return TextBlock((words.text("continued", heading=heading),), "heading")


def _first_part(heading: str) -> str:
    """What a section's heading names first: 'Puzzle 12' of 'Puzzle 12 · Easy · about 9
    min'."""
    return heading.split(SEPARATOR)[0]


def _part_title(book: _Book, kind: str) -> str:
    keys = {HOW_TO_PLAY: "how_to_play", HINTS: "hints", PATHS: "solving_paths",
            GLOSSARY: "glossary"}
    return book.words.text(keys[kind])


def text_setter(style: RenderStyle) -> TextSetter:
    """How the style's text is measured: its fonts' own widths, its sizes."""
    regular, bold = read_font(str(style.font_regular)), read_font(str(style.font_bold))
    return TextSetter(lambda text, heavy, size: (bold if heavy else regular).width(text, size),
                      {"title": style.title_size, "subtitle": style.subtitle_size,
                       "heading": style.heading_size, "body": style.body_size,
                       "caption": style.caption_size})


def examples_of(book: _Book, style: RenderStyle) -> list[Example]:
    """The worked examples, each sized for the style's page."""
    layout = book.spec.layout
    examples = []
    for puzzle in book.examples:
        kind = kind_of_puzzle(puzzle)
        glyphs = next((s.glyphs for s in book.spec.sections if s.kind is kind), ())
        across = puzzle.shape.frame[0]
        examples.append(Example(
            puzzle, book.words.text("example_puzzle"), book.words.text("example_solution"),
            layout.grids.label_height, style.border_line, style.geometry.live_width,
            style.geometry.content_height, example_cell(layout, puzzle, glyphs) * across,
            glyphs, example_cell(layout, puzzle, glyphs, layout.min_answer_cell) * across,
            with_solution=across <= EXAMPLE_MOST_CELLS, greys=book.spec.interior == GREY))
    return examples


def glossary_room(book: _Book, style: RenderStyle) -> Room:
    """How large a glossary example is drawn: small (it is looked at, not solved), its
    cells never under an answer's (large print's are larger) nor what its kind and
    symbols need."""
    layout = book.spec.layout

    def least(solved: Solved) -> float:
        kind = kind_of_puzzle(book.puzzles[solved.number - 1])
        return max(DIAGRAM_CELL, layout.min_answer_cell, least_cell(kind),
                   least_symbol_cell(solved.glyphs or numbers(solved.shape.size)))
    return Room(style.geometry.live_width, style.geometry.content_height,
                layout.grids.label_height, style.border_line, least)


def example_cell(layout: Layout, puzzle: Puzzle, glyphs: tuple[str, ...],
                 least: float | None = None) -> float:
    """The least cell of the worked example: the layout's puzzle cell (or `least`: its
    answer cell), larger where its kind's corner labels (a Killer's cage totals) or its
    symbols need it."""
    return max(layout.min_puzzle_cell if least is None else least,
               least_cell(kind_of_puzzle(puzzle)),
               least_symbol_cell(glyphs or numbers(puzzle.shape.size)))


def solutions_text(spec: BookSpec, words: Catalogue) -> str:
    """Where the solutions are, as the how-to-play page says it ('' without answers)."""
    where = {"back": "solutions_at_back", "separate": "solutions_in_answer_book"}
    return words.text(where[spec.answers]) if spec.answers in where else ""


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
    answer_file = {"separate": answers_file_name(spec), "back": book_file_name(spec)}
    answers = answer_pages_of(spec, plan)
    places = []
    for index, section in enumerate(spec.sections):
        pages = page_of_each(section.count, section.puzzles_per_page,
                             cast(int, plan.first_page(PUZZLES, index)))  # (every section's)
        places += [PuzzlePlace(page, answer, answer_file.get(spec.answers) if answer else None)
                   for page, answer in zip(pages, answers[index])]
    return places


def answer_pages_of(spec: BookSpec, plan: BookPlan) -> list[list[int | None]]:
    """Each section's answers' pages: a run of sections (answer_runs) fills its pages
    in order, one section running on from the last; None for a book without answers."""
    separate = spec.answers == "separate"
    found: list[list[int | None]] = [[None] * section.count for section in spec.sections]
    last = 0  # the last answer page so far: where a run's shared answers go
    for run, shared in zip(answer_runs(spec.sections), shares_of(spec)):
        first = plan.first_page(ANSWERS, run[0], answer_book=separate)
        if first is None and not shared:
            continue
        per_page, done = spec.sections[run[0]].answers_per_page, 0
        for index in run:
            found[index] = [last if done + k < shared else
                            cast(int, first) + (done + k - shared) // per_page
                            for k in range(spec.sections[index].count)]
            done += spec.sections[index].count
        last = max((page for index in run for page in found[index] if page), default=last)
    return found


def shares_of(spec: BookSpec) -> list[int]:
    """How many of each answer run's first answers go on the run before's last page (the
    plan's rule: design/pagecount.answer_shares)."""
    return answer_shares(spec.sections, spec.layout.grid_area(answers=True))


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
        cell_line=lines.cell, box_line=lines.box, border_line=lines.border,
        interior=spec.interior)


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
    if not answer_book:
        grids |= {(kind, None): iter(pages)
                  for kind, pages in text_pages(book, style, book.plan).items()}
    grids |= {(ANSWERS, first): iter(pages)
              for first, pages in answer_run_pages(book, style, answer_book).items()}
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
    return title_page(at.geometry, spec.title, subtitle, spec.author or "",
                      book_kinds_text(spec, at.book.words))


def book_words(spec: BookSpec) -> Catalogue:
    """The words a book prints: its language's, for its kinds (a Polish book with a Kakuro
    numbers its puzzles 'Diagram 12', one of Sudoku alone 'Sudoku 12')."""
    return load_catalogue(spec.language).for_kinds(section.kind for section in spec.sections)


def book_kinds_text(spec: BookSpec, words: Catalogue) -> str:
    """What the title page says the book holds: its kinds' full names ('Killer Sudoku'),
    up to MOST_KINDS_NAMED of them; more kinds are 'a variety'."""
    kinds = list(dict.fromkeys(section.kind for section in spec.sections))
    if len(kinds) > MOST_KINDS_NAMED:
        return words.text("kinds_variety", count=len(kinds))
    return SEPARATOR.join(kind_title(words, kind) for kind in kinds)


def _copyright(at: _PageAt) -> Page:
    return copyright_page(at.geometry, copyright_lines(at.book.spec, at.book.words))


def _contents(at: _PageAt) -> Page:
    return contents_page(at.book.words.text("contents"), contents_part(at.book, at.planned.part),
                         at.number if at.numbered else None)


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
               OPENER: _opener, DIVIDER: _divider, NOTES: _notes,
               BLANK: lambda at: blank_page()}


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
    hints = plan.first_page(HINTS)
    if hints:
        entries.append(ContentsEntry(words.text("hints"), "", hints))
    divider = plan.first_page(DIVIDER)
    if divider:
        entries.append(ContentsEntry(words.text("answers"), "", divider))
    for kind, key in ((PATHS, "solving_paths"), (GLOSSARY, "glossary")):
        part = plan.first_page(kind)
        if part:
            entries.append(ContentsEntry(words.text(key), "", part))
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
    board = " ".join(part for part in (grid_size_text(section.kind, *section.frame_sides),
                                       kind_name(words, section.kind)) if part)
    return [numbers, f"{board}{SEPARATOR}{grade_range(book, members)}"]


def grade_range(book: _Book, members: Sequence[PlannedPuzzle]) -> str:
    """The grades a section's puzzles have: one name, or 'Easy to Hard'."""
    grades = sorted({book.puzzles[p.number - 1].grade for p in members}, key=GRADES.index)
    names = [book.words.grade(grade) for grade in grades]
    if len(names) == 1:
        return names[0]
    return book.words.text("grade_range", easiest=names[0], hardest=names[-1])


def puzzle_pages(book: _Book, index: int, members: Sequence[PlannedPuzzle],
                 style: RenderStyle) -> list[Page]:
    """A section's puzzle pages, each puzzle labelled with its number, captioned with its
    section, grade and size and where its answer is."""
    spec, layout = book.spec, book.spec.layout
    section = spec.sections[index]
    times = shows_times(book, index, style)
    lines = [fitted_lines(book, index, p, style) for p in members]
    items = [GridItem(book.puzzles[p.number - 1].givens, None,
                      book.words.text("puzzle", number=p.number), *line,
                      mark_of(spec, book.puzzles[p.number - 1].grade),
                      marks_of(book.puzzles[p.number - 1]), section.glyphs,
                      aside=minutes_of(book, p) if times else "",
                      drawn=section.kind.answer.drawing)
             for p, line in zip(members, lines)]
    return paginate_puzzles(items, style.geometry, section.puzzles_per_page,
                            _place_of(book, members[0]).page, layout.grids.label_height,
                            layout.below_height, layout.grids.gap,
                            band_text(layout.header.text, spec, section.name),
                            band_text(layout.footer.text, spec, section.name),
                            spec.page_numbers, layout.lines.border, section.frame_sides)


def fitted_lines(book: _Book, index: int, planned: PlannedPuzzle,
                 style: RenderStyle) -> tuple[str, str]:
    """A puzzle's caption and answer note, on one line under its grid where a shorter form
    lets them (design/captions.fitted_caption): the section's name left to the running head
    that prints it, the note's short form."""
    layout, section = book.spec.layout, book.spec.sections[index]
    grade = book.words.grade(book.puzzles[planned.number - 1].grade)
    parts = caption_parts(section.name, grade, grid_size_text(section.kind, *section.frame_sides),
                          kind_name(book.words, section.kind))
    place = _place_of(book, planned)
    notes = [] if place.answer_page is None else [
        answer_note_text(book.spec.answers, book.words, place.answer_page, short)
        for short in (False, True)]
    side = _grid_width(book, index, style)
    regular = read_font(str(style.font_regular))
    head = band_text(layout.header.text, book.spec, section.name)
    shown = [section.name] if section.name and section.name in head else []
    return fitted_caption(parts, notes, side,
                          lambda text: regular.width(text, style.caption_size),
                          style.caption_size, shown)


def _grid_width(book: _Book, index: int, style: RenderStyle) -> float:
    """How wide a section's puzzle grids print, which its label line and caption span:
    their square's side, a rectangle's board's width."""
    layout, section = book.spec.layout, book.spec.sections[index]
    rows, cols = section.frame_sides
    side = grid_slots(style.geometry, 1, section.puzzles_per_page, layout.grids.label_height,
                      layout.below_height, layout.grids.gap, layout.lines.border,
                      (rows, cols))[0][2]
    return side if rows == cols else side * cols / max(rows, cols)


def minutes_of(book: _Book, planned: PlannedPuzzle) -> str:
    """A puzzle's estimated solving time, as its label line prints it: 'about 12 min'."""
    return minutes_text(book.solved[planned.number - 1].minutes, book.words)


def shows_times(book: _Book, index: int, style: RenderStyle) -> bool:
    """Whether a section's puzzles show their times: when the book asks for them and
    each fits on its label line, flush right, clear of the label and its mark."""
    if not book.spec.explanations.times or not book.solved:
        return False
    side = _grid_width(book, index, style)
    members = [p for p in book.planned if p.section_index == index]
    regular, bold = read_font(str(style.font_regular)), read_font(str(style.font_bold))
    marks = mark_width(style.label_size) if book.spec.difficulty_mark == "squares" else 0.0
    return all(bold.width(book.words.text("puzzle", number=p.number), style.label_size)
               + marks + style.caption_size * ASIDE_GAP
               + regular.width(minutes_of(book, p), style.caption_size) <= side
               for p in members)


def answer_pages(book: _Book, index: int, members: Sequence[PlannedPuzzle],
                 style: RenderStyle, answer_book: bool) -> list[Page]:
    """A run of sections' answer pages (answer_runs; `index`: its first section): solved
    grids with the givens bold, each saying where its puzzle is, each page headed with
    the puzzle numbers it holds ("Answers 1–6")."""
    if (book.spec.answers == "separate") != answer_book or book.spec.answers == "none":
        return []
    layout = book.spec.layout
    section = book.spec.sections[index]
    items = [answer_item(book, p) for p in members]
    pages = paginate_puzzles(items, style.geometry, section.answers_per_page,
                             cast(int, _place_of(book, members[0]).answer_page),  # (answers)
                             layout.grids.label_height,
                             layout.answer_below_height, layout.grids.gap, "", "",
                             book.spec.page_numbers, layout.lines.border, section.frame_sides)
    per_page = section.answers_per_page
    return [replace(page, header=answers_heading(book.words, members[i * per_page:][:per_page]))
            for i, page in enumerate(pages)]


def answer_item(book: _Book, planned: PlannedPuzzle) -> GridItem:
    """An answer grid: the solved puzzle, its number, the title of the picture it draws
    (a Nonogram's, if a bundled one) and the page of its puzzle."""
    puzzle = book.puzzles[planned.number - 1]
    return GridItem(puzzle.givens, puzzle.solution, book.words.text("puzzle",
                                                                    number=planned.number),
                    _picture_title(puzzle),
                    book.words.text("puzzle_on_page", page=_place_of(book, planned).page),
                    marks=marks_of(puzzle), glyphs=book.spec.sections[planned.section_index].glyphs,
                    drawn=kind_of_puzzle(puzzle).answer.drawing)


def answer_run_pages(book: _Book, style: RenderStyle,
                     answer_book: bool) -> dict[int, list[Page]]:
    """Each answer run's pages (answer_pages), by its first section; a run's first answers
    that the plan puts on the run before's last page (shares_of) are set there, under
    that run's (pages/paginate.shared_slots)."""
    runs: dict[int, list[Page]] = {}
    before: tuple[int, list[PlannedPuzzle]] | None = None  # the run before: first, members
    for run, shared in zip(answer_runs(book.spec.sections), shares_of(book.spec)):
        members = [p for p in book.planned if p.section_index in run]
        runs[run[0]] = answer_pages(book, run[0], members[shared:], style, answer_book) \
            if len(members) > shared else []
        if shared and before is not None and runs[before[0]]:  # (not in the other file)
            _share_last_page(book, style, runs[before[0]], before[1], members[:shared])
        before = (run[0], members)
    return runs


def _share_last_page(book: _Book, style: RenderStyle, pages: list[Page],
                     above: Sequence[PlannedPuzzle], below: Sequence[PlannedPuzzle]) -> None:
    """The last of `pages` (a run whose last members are `above`) set again with `below`,
    the next run's first answers, in rows under them."""
    sections = book.spec.sections
    last, per_page = pages[-1], sections[above[0].section_index].answers_per_page
    on_page = above[len(above) - len(last.placements):]
    number = cast(int, _place_of(book, on_page[0]).answer_page)  # shown or not
    section_below = sections[below[0].section_index]
    slots = shared_slots(style.geometry, number, book.spec.layout.grid_area(answers=True),
                         [(len(on_page), per_page,
                           slot_sides(sections[above[0].section_index])),
                          (len(below), section_below.answers_per_page,
                           slot_sides(section_below))])
    items = [answer_item(book, p) for p in [*on_page, *below]]
    placements = tuple(placed(item, slot) for item, slot in zip(items, slots))
    pages[-1] = replace(last, placements=placements,
                        header=answers_heading(book.words, [*on_page, *below]))


def _picture_title(puzzle: Puzzle) -> str:
    """The title of the bundled picture a puzzle's answer draws, or ''."""
    if not kind_of_puzzle(puzzle).pictured:
        return ""
    from ..design.pictures import picture_title

    height, width = puzzle.shape.frame
    if kind_of_puzzle(puzzle).answer.form == "colours":
        from ..design.painted import painting_title

        values = [value - 1 for value in puzzle.solution.cells]  # 0 blank, c a colour
        return painting_title(tuple(tuple(values[r * width:(r + 1) * width])
                                    for r in range(height)), puzzle.extras.palette)
    cells = [value == 2 for value in puzzle.solution.cells]
    return picture_title(tuple(tuple(cells[r * width:(r + 1) * width]) for r in range(height)))


def marks_of(puzzle: Puzzle) -> Marks:
    """What a puzzle's kind draws beyond its cells and givens (a Killer's cages)."""
    return kind_of_puzzle(puzzle).marks(puzzle.givens, puzzle.extras)


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
    name says them: 'Warm-up · Killer · Easy · 9x9' (design/captions.py, the rule the spec
    checked)."""
    kind = kind_name(words or load_catalogue("en"), section.kind)
    return SEPARATOR.join(caption_parts(section.name, grade,
                                        grid_size_text(section.kind, *section.frame_sides), kind))


def mark_of(spec: BookSpec, grade: str) -> int:
    """The difficulty mark beside a puzzle's number: 1 square for beginner ... 6 for
    extreme, or none."""
    return GRADES.index(grade) + 1 if spec.difficulty_mark == "squares" else 0


def outline_of(book: _Book, plan: Sequence[PlannedPage], answer_book: bool
               ) -> tuple[OutlineEntry, ...]:
    """Bookmarks: the title, contents, how to play, each section, the answers, notes; in
    an answer book each section where its first answer is."""
    entries = []
    for number, page in enumerate(plan, start=1):
        title = _outline_title(book, page, answer_book)
        if title:
            entries.append(OutlineEntry(title, number))
    if answer_book:
        pages = answer_pages_of(book.spec, book.plan)
        firsts: dict[int | None, list[str]] = {answers[0]: [] for answers in pages}
        for section, answers in zip(book.spec.sections, pages):
            firsts[answers[0]].append(section.name)
        entries += [OutlineEntry(name, cast(int, number)) for number, names in firsts.items()
                    for name in names]
        entries.sort(key=lambda entry: entry.page)
    return tuple(entries)


def _outline_title(book: _Book, page: PlannedPage, answer_book: bool) -> str:
    """The bookmark a page starts, or '': a section's starts at its opener (or its first
    puzzle page), and in a separate answer book at its first answer page."""
    if page.part:
        return ""
    openers = book.spec.front_matter.section_openers
    if page.kind == OPENER or (page.kind == PUZZLES and not openers):
        return book.spec.sections[cast(int, page.section)].name  # a section's page
    words = book.words
    titles = {TITLE: book.spec.title, CONTENTS: words.text("contents"),
              HOW_TO_PLAY: words.text("how_to_play"), DIVIDER: words.text("answers"),
              NOTES: words.text("notes"), HINTS: words.text("hints"),
              PATHS: words.text("solving_paths"), GLOSSARY: words.text("glossary")}
    return titles.get(page.kind, "")
