"""load_spec: a spec file -> BookSpec, or one SpecError listing every problem found.

The stages: read the YAML (syntax errors stop here), check the top level, then the book
and each section on their own, so that one bad part does not hide the mistakes of
another; then the checks that need several values at once (size with box, clues against
the board, puzzles per page against the layout, unique section names).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal, cast

from ..core.board.shape import Shape
from ..core.kinds.kind import Kind, clues_problem
from ..core.words import counted, with_article
from ..design.catalogue import BEYOND_SUDOKU, language_names, load_catalogue
from ..design.cells import cells_across, fitted, least_cell, least_cell_reason, least_symbol_cell
from ..design.cover import CoverFile, CoverSpec, cover_geometry
from ..design.fontfile import default_font_paths, read_font
from ..design.glyphs import (
    NUMBERS,
    WORD,
    WORD_KEY,
    cell_symbols,
    glyph_problem,
    kind_glyphs,
    numbers,
)
from ..design.inks import COLOUR, GREY
from ..design.layout import REFERENCE_SIZE, Layout
from ..design.layouts import load_layout_file, load_preset, unknown_layout_text
from ..design.pagecount import ANSWERS, PUZZLES, BookPlan, longest_blank_run
from ..design.presets import is_layout_path, preset_names
from ..design.printer import load_printer
from ..design.problems import Mistake, Problem, Report, SpecError, syntax_problem
from ..design.textfile import TextEncodingError, read_utf8
from ..design.values import describe, font_digit_top
from ..design.yamlload import MarkedYAMLError, parse_yaml
from .covercheck import CoverFacts, cover_spec, glyph_fields
from .kinds import kind_of_name, parse_kind_frame, sides_problem
from .model import BookFile, BookSpec, SectionFile, SectionSpec, SpecFile, answer_place, book_plan
from .slugs import slug_of
from .textcheck import check_texts, check_texts_of
from .values import MAX_PUZZLES

WIDEST_PAGE = "888"  # page numbers are measured at their widest


def load_spec(path: str | os.PathLike) -> BookSpec:
    """The book spec in the YAML file at path; SpecError lists every problem with it."""
    shown, source = str(path), Path(path).resolve()
    report = Report(shown, read_document(source, shown))
    report.add_duplicates()
    document = report.document
    if report.validate(SpecFile, document) is None:
        raise SpecError(report.sorted_problems())
    book = report.validate(BookFile, document["book"], ("book",), {"base": source.parent})
    raw_sections = _section_list(report, document["sections"])
    sections = [report.validate(SectionFile, raw, ("sections", index))
                for index, raw in enumerate(raw_sections)]
    layout, layout_problems = _layout(report, book and book.layout, source, shown)
    language = book.language if book is not None and book.language else "en"
    interior = book.interior if book is not None else GREY
    pages = [_section_pages(report, index, section, layout, language, source.parent, interior)
             for index, section in enumerate(sections)]
    _check_unique_names(report, sections)
    _check_book(report, book, layout, sections, pages)
    cover = report.validate(CoverFile, document.get("cover"), ("cover",)) \
        if document.get("cover") is not None else None
    check_texts_of(report, glyph_fields(cover), book)
    if cover is not None:
        cover = _cover(report, cover, book, layout, sections, pages,
                       measurable=not report.problems and not layout_problems)
    problems = report.sorted_problems() + layout_problems
    if problems:
        raise SpecError(problems)
    assert layout is not None  # no problem: the layout and every section's pages are known
    return _book_spec(source, book, layout,
                      list(map(_section_spec, sections, cast(list[SectionPages], pages))), cover)


def read_document(source: Path, shown: str) -> Any:
    """The YAML document of a spec file, positions kept (book and daily specs alike);
    SpecError naming `shown` if it cannot be read or parsed."""
    try:
        text = read_utf8(source)
    except FileNotFoundError:
        raise SpecError([Problem(shown, None, None, "", "spec file not found")]) from None
    except TextEncodingError as error:
        raise SpecError([Problem(shown, None, None, "", str(error))]) from None
    except OSError as error:
        raise SpecError([Problem(shown, None, None, "",
                                 f"cannot read: {error.strerror or error}")]) from None
    try:
        return parse_yaml(text)
    except MarkedYAMLError as error:
        raise SpecError([syntax_problem(shown, error)]) from None


def _section_list(report: Report, sections: Any) -> list:
    if not isinstance(sections, list):
        report.add(Mistake(("sections",), f"expected a list of sections, got "
                                          f"{describe(sections)}"))
        return []
    if not sections:
        report.add(Mistake(("sections",), "needs at least one section"))
    return sections


def _layout(report: Report, value: str | None, source: Path,
            shown: str) -> tuple[Layout | None, list[Problem]]:
    """The layout named by book.layout, and the problems inside its file, if any."""
    if value is None:
        return None, []
    if is_layout_path(value):
        path = (source.parent / value).resolve()
        if not path.is_file():
            report.add(Mistake(("book", "layout"), f"layout file {value!r} not found "
                                                   f"(looked for {path})"))
            return None, []
        return load_layout_file(path, os.path.join(os.path.dirname(shown), value))
    if value not in preset_names():
        report.add(Mistake(("book", "layout"), unknown_layout_text(value)))
        return None, []
    try:
        return load_preset(value), []
    except SpecError as error:  # a broken preset: a bug, but still reported, not raised
        return None, error.problems


@dataclass(frozen=True)
class SectionPages:
    """What checking a section settles: its board, how many grids go on a page, and what
    its values print as."""

    shape: Shape
    puzzles_per_page: int
    answers_per_page: int
    glyphs: tuple[str, ...] = ()
    picture: str = ""  # what a Nonogram draws (PuzzleJob.picture), a file's path absolute
    colours: int = 0  # a colour Nonogram's colours at most (PuzzleJob.colours); 0 the default

    @property
    def rectangle(self) -> tuple[int, int] | None:
        """Its board's rows and columns if they differ (SectionSpec.rectangle), else None."""
        rows, cols = self.shape.frame
        return (rows, cols) if rows != cols else None


def section_glyphs(report: Report, at: tuple, choice: str | None, size: int, kind: Kind,
                   language: str) -> tuple[str, ...] | None:
    """What a section's or a day's values print as (design/glyphs.py), () for numbers; None
    with the mistake reported when the choice cannot print the kind at the size."""
    choice = choice or NUMBERS
    word = load_catalogue(language).text(WORD_KEY) if choice == WORD else ""
    problem = glyph_problem(choice, size, kind, word)
    if problem:
        report.add(Mistake(at + ("symbols",), problem))
        return None
    glyphs = kind_glyphs(kind, choice, size, word)
    return () if glyphs == numbers(size) else glyphs


def _section_pages(report: Report, index: int, section: SectionFile | None,
                   layout: Layout | None, language: str = "en",
                   base: Path | None = None, interior: str = GREY) -> SectionPages | None:
    """Check what needs several of a section's values; None if something is wrong."""
    at = ("sections", index)
    shape = _shape(report, at, section) if section is not None else None
    if section is None or shape is None or layout is None:
        return None
    kind = kind_of_name(section.variant)
    clues_fit = _section_made(report, at, kind, shape, section)
    glyphs = section_glyphs(report, at, section.symbols, shape.size, kind, language)
    grid = grid_needs(kind, shape, cell_symbols(kind, glyphs or (), shape.size))
    puzzles = _puzzles_per_page(report, at, section.puzzles_per_page, grid, layout,
                                kind.presentation.one_a_page,
                                kind.presentation.room_at(section.difficulty))
    answers = _answers_per_page(report, at, grid, layout)
    colours = _colours(report, at, kind, section, interior) if _paintings_enough(
        report, at, kind, section) else None
    picture = _section_picture(report, at, kind, shape, section, base or Path.cwd(),
                               colours or 0)
    if not clues_fit or puzzles is None or answers is None or glyphs is None or \
            picture is None or colours is None:
        return None
    return SectionPages(shape, puzzles, answers, glyphs, picture, colours)


def _section_made(report: Report, at: tuple, kind: Kind, shape: Shape,
                  section: SectionFile) -> bool:
    """Whether the kind makes the section's puzzles as asked (clues, options, grade,
    count); every refusal reported, not only the first."""
    return all([  # every check made, so that every mistake is reported
        _reported(report, at + ("clues",), section.clues is not None and
                  clues_problem(section.clues, kind.describe(shape))),
        _clues_alone(report, at, section),
        _options_taken(report, at, kind, section),
        # A grade no puzzle of the board has: refused now, not after thousands of tries.
        _reported(report, at + ("difficulty",), kind.grade_problem(shape, section.difficulty)),
        # More distinct puzzles than the board has: refused now, not after minutes of tries.
        _reported(report, at + ("count",), section.count is not None and
                  distinct_problem(kind, shape, section.count, section.symmetry,
                                   section.clues))])


def _section_picture(report: Report, at: tuple, kind: Kind, shape: Shape,
                     section: SectionFile, base: Path, colours: int) -> str | None:
    """What the section's puzzles draw (_picture), if the grade can be drawn from it and
    one picture is not asked to make several puzzles; None, reported, otherwise."""
    picture = _picture(report, at, kind, shape, section.picture, base, colours)
    from ..design.pictures import picture_problem

    if picture is not None and not _reported(report, at + ("difficulty",), picture_problem(
            kind, section.difficulty, picture)):
        return None
    if picture and section.count not in (None, 1) and not _random_picture(picture):
        report.add(Mistake(at + ("count",), f"one picture makes one puzzle: "
                                            f"{section.picture!r} would repeat; say count: "
                                            f"1, or leave picture out to draw the bundled "
                                            f"pictures, each once"))
        return None
    return picture


def _paintings_enough(report: Report, at: tuple, kind: Kind, section: SectionFile) -> bool:
    """A colour Nonogram section that names no picture draws the bundled colour pictures,
    one puzzle each at its size: refused (reported) if it asks for more."""
    from ..design.painted import bundled_paintings

    most = len(bundled_paintings())
    if kind.answer.form != "colours" or section.picture or (section.count or 0) <= most:
        return True
    report.add(Mistake(at + ("count",), f"the {most} bundled colour pictures make {most} "
                                        f"colour Nonograms of a size: ask for at most {most}, "
                                        f"or name a picture (picture: random, or a file)"))
    return False


def _colours(report: Report, at: tuple, kind: Kind, section: SectionFile,
             interior: str = GREY) -> int | None:
    """A section's `colours` (0 where not given); None with the mistake reported where the
    kind has no colours, a random grid is asked for, or it is not 2 to 4 (a colour
    interior's: 2 to MOST_COLOURS, which it prints as themselves, not as greys)."""
    from ..core.nonogram.colourpuzzle import MOST_COLOURS
    from ..design.painted import PRINTED_COLOURS
    from ..design.pictures import RANDOM

    if section.colours is None:
        return 0
    problem = None
    if kind.answer.form != "colours":
        problem = f"{with_article(kind.title)} has no colours: leave colours out"
    elif section.picture == RANDOM:
        problem = "a random grid is red, blue and yellow: leave colours out"
    elif interior == COLOUR and not 2 <= section.colours <= MOST_COLOURS:
        problem = f"2 to {MOST_COLOURS} colours, not {section.colours}"
    elif interior != COLOUR and not 2 <= section.colours <= PRINTED_COLOURS:
        problem = (f"2 to {PRINTED_COLOURS} colours, not {section.colours}: a black-and-"
                   f"white page tells at most {PRINTED_COLOURS} greys apart beside white "
                   f"(interior: colour prints up to {MOST_COLOURS})")
    if problem:
        report.add(Mistake(at + ("colours",), problem))
        return None
    return section.colours


def _picture(report: Report, at: tuple, kind: Kind, frame: Shape, picture: str | None,
             base: Path, colours: int = 0) -> str | None:
    """What a section's puzzles draw (PuzzleJob.picture): a bundled picture's name as
    written, a file's path made absolute (from the spec's folder); None with the mistake
    reported where it cannot be read, or the kind draws none."""
    if not picture:
        return ""
    if not kind.pictured:
        report.add(Mistake(at + ("picture",), f"{with_article(kind.title)} draws no picture"))
        return None
    from ..design.painted import picture_readers
    from ..design.pictures import RANDOM, PictureError

    bundled_name, job_picture = picture_readers(kind, colours)
    asked = picture if bundled_name(picture) or picture == RANDOM \
        else str((base / picture).resolve())
    height, width = frame.frame
    try:
        job_picture(asked, height, width, 0)
    except PictureError as error:
        report.add(Mistake(at + ("picture",), str(error)))
        return None
    return asked


def _random_picture(picture: str) -> bool:
    """The picture asked for is a random grid, a new one for each puzzle."""
    from ..design.pictures import RANDOM

    return picture == RANDOM


@dataclass(frozen=True)
class _GridNeeds:
    """What a section's grids ask of a page: cells across, and the least cell side."""

    cells: int
    least_cell: float
    name: str = ""  # the grid's name in messages; '' for its size, '9x9'
    least_symbol_cell: float = 0.0  # the least cell its widest symbol fits at 7 pt
    least_reason: str = ""  # why least_cell is what it is: 'readable run totals'
    sides: tuple[int, int] | None = None  # a rectangle's rows and columns, fit by both
    #                                       (design/fit.py); None for a square of `cells`
    number_room: float = 1.0  # the share of an answer's cell its numbers are set in

    @property
    def fit(self) -> int | tuple[int, int]:
        """What the page fits: the square's cells across, or the rectangle's sides."""
        return self.sides or self.cells


def grid_needs(kind: Kind, frame: Shape, glyphs: tuple[str, ...] = ()) -> _GridNeeds:
    """What a kind's grids on the frame ask of a page (and their symbols, `glyphs`: two-
    digit numbers need wider cells); a grid wider than its size (a Samurai's 21 cells) is
    named with its width."""
    cells, fit = cells_across(kind, frame), fitted(kind, frame)
    name = "" if cells == frame.size else f"{kind.name} ({cells}x{cells} cells)"
    sides = None if isinstance(fit, int) else fit
    if sides:  # a rectangle (no ring of clues round it) is fit by both its sides
        name = f"{sides[0]}x{sides[1]}"

    symbols, labels = least_symbol_cell(glyphs), least_cell(kind, frame)
    reason = least_cell_reason(kind, frame) if labels >= symbols else \
        "its widest symbol at 7 pt"
    return _GridNeeds(cells, max(labels, symbols), name, symbols, reason, sides,
                      kind.answer.number_room)


def _options_taken(report: Report, at: tuple, kind: Kind, section: SectionFile) -> bool:
    """A kind refuses the options it does not take (a Killer: symmetry, clues, rating)."""
    refused = kind.options_problem(section.symmetry, section.clues, section.rating)
    if refused:
        report.add(Mistake(at + (refused[0],), refused[1]))
    return refused is None


def _section_spec(section: SectionFile, pages: SectionPages) -> SectionSpec:
    shape = pages.shape
    return SectionSpec(name=section.name, size=shape.size, sides=shape.frame,
                       box_rows=shape.box_rows,
                       box_cols=shape.box_cols, count=section.count, variant=section.variant,
                       symmetry=section.symmetry,
                       difficulty=section.difficulty, rating=section.rating,
                       ramp=section.ramp,
                       clues=section.clues,
                       puzzles_per_page=pages.puzzles_per_page,
                       answers_per_page=pages.answers_per_page, glyphs=pages.glyphs,
                       picture=pages.picture, colours=pages.colours)


def _shape(report: Report, at: tuple, section: SectionFile) -> Shape | None:
    """The section's frame (core/kinds): first whether its kind comes in its size,
    then its box: the one given, or else the size's usual one."""
    if section.size is None or section.variant is None:  # reported already
        return None
    kind = kind_of_name(section.variant)
    problem = sides_problem(kind, section.size, section.box is not None)
    if problem:
        report.add(Mistake(at + (problem[0],), problem[1]))
        return None
    try:
        return parse_kind_frame(kind, section.size, section.box)
    except ValueError as error:  # no box of that size (7x7), or the box does not tile it
        report.add(Mistake(at + ("box" if section.box else "size",), str(error)))
        return None


def _clues_alone(report: Report, at: tuple, section: SectionFile) -> bool:
    """A clue target and a difficulty (or rating) pull against each other: the grade
    decides how many clues go, so the two are not taken together."""
    if section.clues is not None and section.difficulty != "any":
        report.add(Mistake(at + ("clues",), f"cannot be combined with difficulty "
                                            f"{section.difficulty!r}: the grade decides how "
                                            f"many clues remain"))
        return False
    if section.clues is not None and section.rating is not None:
        report.add(Mistake(at + ("clues",), f"cannot be combined with rating "
                                            f"{section.rating}: the rating decides how many "
                                            f"clues remain"))
        return False
    return True


def _reported(report: Report, path: tuple, problem: str | Literal[False] | None) -> bool:
    """Report the problem at path, if there is one; whether there was none."""
    if problem:
        report.add(Mistake(path, problem))
    return not problem


def _puzzles_per_page(report: Report, at: tuple, asked: int | None, grid: _GridNeeds,
                      layout: Layout, alone: bool = False, room: str = "written"
                      ) -> int | None:
    """The section's puzzles per page: as asked if they fit, else the layout's, capped so
    that cells stay large enough to write in (the layout's default is a wish for 9x9; a
    16x16 may need fewer, and a 25x25 may need a larger page). `alone`: one a page, as
    large as the page allows (a Samurai). `room`: what its cells hold
    (Presentation.room_at), which sets the cell wished for: pencil marks need larger ones,
    shading smaller."""
    size, least, name = grid.fit, grid.least_cell, grid.name
    if alone and asked not in (None, 1):
        report.add(Mistake(at + ("puzzles_per_page",), "a samurai is printed one a page, "
                                                       f"as large as the page allows; got {asked}"))
        return None
    if asked is not None:
        problem = layout.puzzles_per_page_problem(asked, size, least, name, grid.least_reason)
        if problem:
            report.add(Mistake(at + ("puzzles_per_page",), problem))
            return None
        return asked
    if layout.puzzles_that_fit(size, least) == 0:
        problem = layout.puzzles_per_page_problem(1, size, least, name, grid.least_reason)
        assert problem is not None  # not even one fits: that is the problem
        report.add(Mistake(at + ("size",), problem))
        return None
    if alone:
        return 1
    per_page = layout.default_puzzles_per_page(size, least, room)
    if per_page == 0:
        report.add(Mistake(at + ("size",), layout.small_cells_problem(size, room)))
        return None
    return per_page


def _answers_per_page(report: Report, at: tuple, grid: _GridNeeds,
                      layout: Layout) -> int | None:
    problem = layout.answer_grid_problem(grid.fit, grid.name, grid.least_symbol_cell)
    if problem:
        report.add(Mistake(at + ("size",), problem))
        return None
    # The note's width bounds only boards smaller than the reference (answers_per_page_for),
    # and measuring it reads every language's catalogue: a book of 9x9s and larger skips it.
    note = widest_answer_note(layout.caption_size) if grid.cells < REFERENCE_SIZE else 0.0
    return layout.answers_per_page_for(grid.fit, note, grid.least_symbol_cell,
                                       grid.number_room)


NOTE_ROOM = 1.15  # room kept beside an answer's note for a font wider than the default


@cache
def widest_answer_note(size: float) -> float:
    """The widest note under an answer ('Puzzle on page 888') in any language, for any
    kinds, set in the default font at `size` points, with NOTE_ROOM to spare."""
    font = read_font(str(default_font_paths()[0]))
    notes = [texts[key] for texts in (load_catalogue(language).texts
                                      for language in language_names())
             for key in ("puzzle_on_page", BEYOND_SUDOKU + "puzzle_on_page") if key in texts]
    return NOTE_ROOM * max(font.width(note.format(page=WIDEST_PAGE), size) for note in notes)


def _check_book(report: Report, book: BookFile | None, layout: Layout | None,
                sections: list[SectionFile | None], pages: list) -> None:
    """What takes the whole book to check: its size and page rules, the digit font, its
    file name, and every text it prints in its fonts and on its pages."""
    _check_digit_font(report, book, layout)
    _check_name(report, book)
    _check_interior(report, book)
    if book is None or layout is None:
        return
    known = [(section, page) for section, page in zip(sections, pages)
             if section is not None and page is not None and section.count is not None]
    if len(known) == len(sections):
        _check_book_size(report, book, layout, [
            _Counted(section.name, section.count, page.puzzles_per_page, page.answers_per_page,
                     section.variant, page.rectangle) for section, page in known])
    _check_distinct_together(report, sections, pages)
    check_texts(report, book, layout, [(index, section, page) for index, (section, page)
                                       in enumerate(zip(sections, pages))
                                       if section is not None and page is not None])


def distinct_problem(kind: Kind, shape: Shape, count: int, symmetry: str,
                     clues: int | None) -> str | None:
    """Why a section cannot have `count` puzzles no two of which are alike (a book
    repeats none), where the kind knows how many distinct ones its board has."""
    most = kind.distinct_supply(shape, {(symmetry, clues)})
    if most is None or count <= most:
        return None
    made = "as few clues as stay unique" if clues is None else \
        f"{clues} clues, or as few as stay unique"
    shaped = "" if symmetry == "none" else f" of {symmetry} symmetry"
    more = ", or set clues: to take puzzles with more clues" if clues is None else ""
    return (f"asks for {counted(count, 'puzzle')}, but {with_article(shape)} board has only {most} "
            f"distinct "
            f"puzzles{shaped} with {made} (a book holds no two alike, relabelled, turned "
            f"or permuted): ask for at most {most}{more}")


def _check_distinct_together(report: Report, sections: list[SectionFile | None],
                             pages: list) -> None:
    """Sections of one kind and board draw on the same supply of distinct puzzles."""
    boards: dict[tuple[str, str], list[tuple[int, SectionFile]]] = {}
    for index, (section, page) in enumerate(zip(sections, pages)):
        if section is not None and page is not None and section.count is not None:
            key = (section.variant, page.shape.box_text)
            boards.setdefault(key, []).append((index, section))
    for (name, _), members in boards.items():
        kind, shape = kind_of_name(name), pages[members[0][0]].shape
        wanted = sum(section.count for _, section in members)
        most = kind.distinct_supply(shape, {(s.symmetry, s.clues) for _, s in members})
        alone = [distinct_problem(kind, shape, s.count, s.symmetry, s.clues)
                 for _, s in members]
        if len(members) > 1 and most is not None and wanted > most and not any(alone):
            report.add(Mistake(("sections", members[-1][0], "count"), f"the {len(members)} "
                               f"{shape} sections ask for {wanted} puzzles together, but "
                               f"there are only {most} distinct ones of their symmetries "
                               f"and clues, and a book holds no two alike: ask for fewer"))


def _cover(report: Report, cover: CoverFile, book: BookFile, layout: Layout | None,
           sections: list[SectionFile], pages: list[SectionPages | None],
           measurable: bool) -> CoverSpec | None:
    """The cover, checked against the rest of the book: its spine is as thick as the page
    plan's page count on the book's paper. Only its design is checked while the rest of
    the book has mistakes (nothing can be measured then)."""
    if not measurable or layout is None:  # (measurable: no mistake, so a layout)
        return cover_spec(report, cover, None, None, None, None)
    counted = [_Counted(s.name, s.count, p.puzzles_per_page, p.answers_per_page,
                        rectangle=p.rectangle)
               for s, p in zip(sections, pages) if p is not None]  # (measurable: every p)
    answers = answer_place(book.answers, layout)
    plan = book_plan(layout, book.front_matter, counted, answers, book.sections_start,
                     book.padding, book.explanations)
    facts = CoverFacts(book.title, book.subtitle, book.author, book.isbn,
                       sum(s.count for s in sections), [s.difficulty for s in sections],
                       answers, cover_geometry(layout, len(plan.book), book.paper),
                       [kind_of_name(s.variant).name for s in sections])
    regular_path, bold_path = default_font_paths()
    regular, bold = str(book.fonts.regular or regular_path), str(book.fonts.bold or bold_path)
    return cover_spec(report, cover, facts, (read_font(regular), read_font(bold)), bold,
                      load_catalogue(book.language).for_kinds(
                          kind_of_name(s.variant) for s in sections))


def _check_unique_names(report: Report, sections: list[SectionFile | None]) -> None:
    """Section names must differ: they tell sections apart in labels and the manifest, and
    two sections keyed alike would get the same puzzles."""
    first_index: dict[str, int] = {}
    for index, section in enumerate(sections):
        if section is None or section.name is None:
            continue
        if section.name in first_index:
            earlier = first_index[section.name]
            report.add(Mistake(("sections", index, "name"), f"sections[{earlier}] is already "
                               f"named {section.name!r}; section names must differ"))
        first_index.setdefault(section.name, index)


@dataclass(frozen=True)
class _Counted:
    """A section as page counting sees it (its other values may still have mistakes)."""

    name: str
    count: int
    puzzles_per_page: int
    answers_per_page: int
    variant: str = "classic"
    rectangle: tuple[int, int] | None = None  # its rows and columns, if not a square


def _check_book_size(report: Report, book: BookFile, layout: Layout,
                     sections: list[_Counted]) -> None:
    """At most MAX_PUZZLES puzzles; no more pages than the paper and the layout's gutter
    table allow, counted on the page plan compose draws; no more blank pages in a row
    than the service allows (padding: blank may need too many)."""
    puzzles = sum(section.count for section in sections)
    if puzzles > MAX_PUZZLES:
        report.add(Mistake(("sections",), f"the book would have {puzzles} puzzles, more than "
                                          f"the {MAX_PUZZLES} bookmaker makes in one book"))
    if book.front_matter is None or book.language is None:
        return
    answers = answer_place(book.answers, layout)
    plan = book_plan(layout, book.front_matter, sections, answers,
                     book.sections_start or "any", book.padding or "notes", book.explanations)
    most, why = most_pages(layout, book.paper or "white")
    for what, pages in (("book", plan.book), ("answer book", plan.answer_book)):
        if len(pages) > most:
            report.add(Mistake(("sections",), f"the {what} would have {len(pages)} pages, "
                               f"more than the {most} {why}: "
                               f"{page_breakdown(plan, sections, what)}"))
    if layout.print_on_demand:
        _check_blank_runs(report, plan, load_printer().max_blank_run)


def most_pages(layout: Layout, paper: str) -> tuple[int, str]:
    """The most pages a book may have, and why: the layout's gutter table, or the paper."""
    limits = []
    if layout.most_pages is not None:
        limits.append((layout.most_pages, f"the {layout.name} layout allows"))
    if layout.print_on_demand:
        rules = load_printer()
        limits.append((rules.max_pages(paper), f"{rules.description} prints on {paper} paper"))
    return min(limits, default=(10 ** 9, ""))


def page_breakdown(plan: BookPlan, sections: list[_Counted], what: str) -> str:
    """Where a file's pages go: front matter, each section's puzzles, answers, the rest."""
    pages = plan.book if what == "book" else plan.answer_book
    parts = []
    for index, section in enumerate(sections):
        count = sum(1 for page in pages if page.section == index and page.kind == PUZZLES)
        if count:
            parts.append(f"{section.name!r} {section.count} puzzles at "
                         f"{section.puzzles_per_page} a page ({pages_text(count)})")
    answers = sum(1 for page in pages if page.kind == ANSWERS)
    if answers:
        parts.append(f"answers {pages_text(answers)}")
    others = len(pages) - answers - sum(1 for page in pages if page.kind == PUZZLES)
    return ", ".join(parts + [f"front matter and other pages {others}"])


def pages_text(count: int) -> str:
    return counted(count, "page")


def _check_blank_runs(report: Report, plan: BookPlan, most: int) -> None:
    for what, pages in (("book", plan.book), ("answer book", plan.answer_book)):
        run = longest_blank_run(pages)
        if run > most:
            report.add(Mistake(("book", "padding"), f"the {what} would have {run} blank pages "
                               f"in a row, more than the {most} print-on-demand allows: use "
                               f"padding: notes"))


def _check_digit_font(report: Report, book: BookFile | None, layout: Layout | None) -> None:
    """The renderer sizes given digits by their ink: digit height (a share of the font size,
    the font's own) times the layout's digit fraction must be 0.2 to 0.78 of the cell."""
    regular = book.fonts.regular if book is not None and book.fonts is not None else None
    if regular is None or layout is None:
        return
    top = font_digit_top(regular)
    if top is None:  # reported by the fonts.regular check already
        return
    ink = layout.digit_fraction * top
    if not DIGIT_INK[0] <= ink <= DIGIT_INK[1]:
        report.add(Mistake(("book", "fonts", "regular"), f"this font's digits are {top:.2f} "
                           f"of its size, so the {layout.name} layout's digits would reach "
                           f"{ink:.2f} of the cell; they must reach {DIGIT_INK[0]} to "
                           f"{DIGIT_INK[1]}: choose another font or text.digits"))


DIGIT_INK = (0.2, 0.78)  # the renderer's bounds on a digit's ink height per cell side


def _check_interior(report: Report, book: BookFile | None) -> None:
    """A colour interior prints on white paper only (print-on-demand colour, KDP's too)."""
    if book is not None and book.interior == COLOUR and book.paper == "cream":
        report.add(Mistake(("book", "interior"), "a colour interior prints on white paper "
                           "only: leave paper: cream out, or print in grey"))


def _check_name(report: Report, book: BookFile | None) -> None:
    """A book's files are named from its title unless it has a name: a title with nothing
    to make a name of (Chinese, say) needs one, or two such books would share files."""
    if book is not None and book.name is None and book.title is not None \
            and not slug_of(book.title):
        report.add(Mistake(("book", "title"), f"no file name can be made from {book.title!r}; "
                           f"give the book one with name: (lowercase letters, digits and "
                           f"hyphens, like my-sudoku-book)", key=None))


def _book_spec(source: Path, book: BookFile, layout: Layout,
               sections: list[SectionSpec], cover: CoverSpec | None = None) -> BookSpec:
    return BookSpec(source=source, title=book.title, subtitle=book.subtitle, author=book.author,
                    seed=book.seed, name=book.name or slug_of(book.title), layout=layout,
                    answers=answer_place(book.answers, layout), language=book.language,
                    paper=book.paper, interior=book.interior, padding=book.padding,
                    sections_start=book.sections_start,
                    difficulty_mark=book.difficulty_mark, isbn=book.isbn,
                    copyright=copyright_text(book.copyright, book.author), imprint=book.imprint,
                    edition=book.edition, front_matter=book.front_matter,
                    page_numbers=book.page_numbers, fonts=book.fonts, sections=tuple(sections),
                    series=book.series or book.name or slug_of(book.title),
                    volume=None if book.volume is None else str(book.volume),
                    registry=book.registry, cover=cover, explanations=book.explanations,
                    outputs=book.outputs)


def copyright_text(copyright: int | str | None, author: str | None) -> str | None:
    """What follows the copyright sign: 'YEAR AUTHOR' for a year, the spec's text, or the
    author alone; None when there is nothing to say."""
    if isinstance(copyright, int):
        return f"{copyright} {author or ''}".strip()
    return copyright or author
