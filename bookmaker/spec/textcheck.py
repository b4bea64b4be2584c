"""Load-time checks of what a book or a daily prints: every character in its fonts, and
every running header, label and caption within its page (never a box, never a text cut
off or running off the page). Widths are the fonts' own (design/fontfile.py), as the
renderer sets them."""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any

from ..core.grade.grades import GRADES
from ..core.words import with_article
from ..design.captions import (
    answer_note_text,
    caption_lines,
    caption_parts,
    grid_size_text,
    kind_name,
    mark_width,
)
from ..design.catalogue import Catalogue, literal_text, load_catalogue
from ..design.fit import grid_width
from ..design.fontfile import FontFile, FontFileError, default_font_paths, read_font
from ..design.glyphs import GLYPH_SETS
from ..design.layout import Layout, band_text
from ..design.problems import Mistake, Report
from .kinds import kind_of_name, sides_of
from .model import answer_place

BOOK_FIELDS = ("title", "subtitle", "author", "copyright", "imprint", "edition", "isbn")
WIDEST_DIGIT = "8"  # page numbers are measured at their widest


def check_texts(report: Report, book: Any, layout: Layout, sections: list) -> None:
    """Every printed text of the book in its fonts and on its pages. `sections` holds
    (index, SectionFile, SectionPages) for the sections without mistakes."""
    fonts = _fonts(report, book)
    if fonts is None or book.language is None:
        return
    catalogue = load_catalogue(book.language).for_kinds(
        kind_of_name(section.variant) for _, section, _ in sections)
    _check_glyphs(report, book, layout, sections, catalogue, fonts)
    if not report.problems:  # widths of missing glyphs would mean nothing
        _check_widths(report, book, layout, sections, catalogue, fonts)


def check_texts_of(report: Report, fields: list[tuple[tuple, str]], book: Any) -> None:
    """Each field's first character that the book's fonts lack (a cover's blurb, say)."""
    if not fields or book is None:
        return
    fonts = _fonts(report, book)
    if fonts is None:
        return
    for path, text in fields:
        _report_missing(report, path, "", text, fonts, most=1)


def check_daily_texts(report: Report, daily: Any, days: dict[str, Any]) -> None:
    """Every character a daily prints in its fonts: its series, each day's title, and its
    catalogue's words (dates, grades, rules). `days`: each weekday's DayFile, or None."""
    fonts = _fonts(report, daily, "daily")
    if fonts is None or daily.language is None:
        return
    fields: list[tuple[tuple, Any]] = [(("daily", "series"), daily.series)] if daily.series else []
    fields += [(("schedule", weekday, "title"), day.title) for weekday, day in days.items()
               if day is not None and day.title]
    fields += [(("schedule", weekday, "symbols"), day.symbols) for weekday, day in days.items()
               if day is not None and day.symbols and day.symbols not in GLYPH_SETS]
    _check_words(report, "daily", fields, load_catalogue(daily.language), fonts)


def _fonts(report: Report, spec: Any, root: str = "book") -> tuple[FontFile, FontFile] | None:
    """(regular, bold) as read, the spec's own or the bundled ones; None if unreadable."""
    regular, bold = default_font_paths()
    given = spec.fonts
    paths = (given.regular or regular, given.bold or bold) if given is not None else \
        (regular, bold)
    try:
        return read_font(str(paths[0])), read_font(str(paths[1]))
    except FontFileError as error:
        report.add(Mistake((root, "fonts"), str(error)))
        return None


def _check_glyphs(report: Report, book: Any, layout: Layout, sections: list,
                  catalogue: Catalogue, fonts: tuple[FontFile, FontFile]) -> None:
    """Each field's first character missing from a font, as `U+6570 '数' is not in ...`;
    for the running heads' and the catalogue's own words (placeholders are never printed),
    one mistake each, naming the first few characters a font lacks."""
    fields: list[tuple[tuple, Any]] = [(("book", name), getattr(book, name)) for name in BOOK_FIELDS
              if isinstance(getattr(book, name, None), str)]
    fields += [(("sections", index, "name"), section.name) for index, section, _ in sections
               if section.name is not None]
    fields += [(("sections", index, "symbols"), "".join(pages.glyphs))
               for index, _, pages in sections if pages.glyphs]
    heads = " ".join(literal_text(getattr(layout, band).text) for band in ("header", "footer"))
    _report_missing(report, ("book", "layout"), "the running header and footer: ", heads,
                    fonts)
    _check_words(report, "book", fields, catalogue, fonts)


def _check_words(report: Report, root: str, fields: list[tuple[tuple, str]],
                 catalogue: Catalogue, fonts: tuple[FontFile, FontFile]) -> None:
    """Each field's first character a font lacks, and the catalogue's first few."""
    for path, text in fields:
        _report_missing(report, path, "", text, fonts, most=1)
    words = " ".join(literal_text(text) for text in catalogue.texts.values())
    _report_missing(report, (root, "language"), f"the {catalogue.language} catalogue's "
                    f"words: ", words, fonts)


def _report_missing(report: Report, path: tuple, what: str, text: str,
                    fonts: tuple[FontFile, FontFile], most: int = 5) -> None:
    """A mistake at path naming the first characters (at `most`) of text that a font lacks
    (the regular font's, else the bold one's), and how many more it lacks if `most` > 1;
    or its first right-to-left letter, which no font can help (right_to_left)."""
    text = _distinct(text)
    backwards = right_to_left(text)
    if backwards:
        joined = " and its letters unjoined" if unicodedata.bidirectional(backwards) == "AL" \
            else ""
        report.add(Mistake(path, f"{what}{glyph_text(backwards)} is {script_of(backwards)}, "
                           f"written right to left, which bookmaker cannot lay out (it would "
                           f"print reversed{joined}); write this in a left-to-right script"))
        return
    for font in fonts:
        missing = font.missing(text)
        if missing:
            names = ", ".join(glyph_text(char) for char in missing[:most])
            if most > 1 and len(missing) > most:
                names += f" and {len(missing) - most} more"
            verb = "is" if len(missing) == 1 or most == 1 else "are"
            report.add(Mistake(path, f"{what}{names} {verb} not in {font.name}; {FONT_ADVICE}"))
            return


@lru_cache(maxsize=256)
def _distinct(text: str) -> str:
    """Each character of text once, in order: the same answers from fewer to look at.
    Remembered, since every spec's load checks its catalogue's same words, tens of
    thousands of characters."""
    return "".join(dict.fromkeys(text))


FONT_ADVICE = "name a font that has it: fonts: {regular: my-font.ttf, bold: my-font-bold.ttf}"


def right_to_left(text: str) -> str | None:
    """The text's first letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana,
    N'Ko...: Unicode's bidirectional classes R and AL), or None. Setting one needs the
    bidirectional algorithm and, for Arabic, joining shapes, in every renderer and
    measurement; until then such text is refused, as a script the fonts lack is."""
    return next((char for char in text
                 if unicodedata.bidirectional(char) in ("R", "AL")), None)


def script_of(char: str) -> str:
    """'Hebrew' for U+05E1: the first word of the character's Unicode name."""
    name = unicodedata.name(char, "")
    return name.split()[0].title() if name else "a right-to-left script"


def glyph_text(char: str) -> str:
    """U+6570 '数'."""
    return f"U+{ord(char):04X} {char!r}"


def _check_widths(report: Report, book: Any, layout: Layout, sections: list,
                  catalogue: Catalogue, fonts: tuple[FontFile, FontFile]) -> None:
    regular, bold = fonts
    across = layout.grid_area().width + layout.lines.border
    for index, section, pages in sections:
        at = ("sections", index, "name")
        for band, size in (("header", layout.text.header), ("footer", layout.text.footer)):
            text = band_text(getattr(layout, band).text, book, section.name)
            if regular.width(text, size) > across:
                report.add(Mistake(at, f"the running {band} {text!r} is "
                           f"{regular.width(text, size):.0f} pt wide, more than the "
                           f"{across:.0f} pt across {with_article(layout.name)} page: shorten the "
                           f"name"))
        problem = caption_problem(book, layout, section, pages, catalogue, fonts)
        if problem:
            report.add(Mistake(at, problem))


def caption_problem(book: Any, layout: Layout, section: Any, pages: Any,
                    catalogue: Catalogue, fonts: tuple[FontFile, FontFile]) -> str | None:
    """Why a section's label or caption cannot fit under its grids, at their narrowest
    (widest gutter) and with the widest grade name and page number it may print."""
    regular, bold = fonts
    side = grid_width(pages.puzzles_per_page, layout.grid_area(), pages.shape.frame)
    size = layout.caption_size
    grades = GRADES if section.difficulty in (None, "any") else (section.difficulty,)
    widest = max((catalogue.grade(grade) for grade in grades),
                 key=lambda name: regular.width(name, size))
    note = answer_note_text(answer_place(book.answers, layout), catalogue, WIDEST_DIGIT * 3)
    kind = kind_of_name(section.variant)
    sides = sides_of(kind, pages.shape.size, pages.shape.frame)
    parts = caption_parts(section.name, widest, grid_size_text(kind, *sides),
                          kind_name(catalogue, kind))
    measure = lambda text: regular.width(text, size)  # noqa: E731
    if caption_lines(parts, note, side, measure, size) is None:
        return (f"too long for the caption under its puzzles: {section.name!r}, its grade "
                f"and size and {note!r} do not fit in two lines {side:.0f} pt wide; "
                f"shorten the name or put fewer puzzles on a page")
    label = catalogue.text("puzzle", number=WIDEST_DIGIT * 4)
    marks = mark_width(layout.text.label) if book.difficulty_mark == "squares" else 0.0
    if bold.width(label, layout.text.label) + marks > side:
        return f"the label {label!r} is wider than the {side:.0f} pt grids of this section"
    return None
