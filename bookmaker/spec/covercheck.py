"""Load-time checks of a book's cover: its design exists, its barcode has an ISBN, and its
title, subtitle, spine and blurb fit where the design puts them (design/coverfit.py's rules,
measured with the book's own fonts), each reported at its key, nothing drawn yet."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.words import counted
from ..design.catalogue import Catalogue
from ..design.cover import (
    DEFAULT_CAP,
    CoverFile,
    CoverGeometry,
    CoverSpec,
    design_problem,
    display_font_path,
    has_spine_text,
    load_design,
    with_colours,
)
from ..design.coverfit import (
    BODY_LEADING,
    FrontWords,
    TextLine,
    back_lines,
    back_text_room,
    badge_said,
    block_height,
    fit_author,
    fit_title,
    front_plan,
    legend_entries,
    legend_height,
    legend_rows,
    spine_size,
    spine_text,
    summary,
    tagline,
    too_wide_words,
    wrap,
)
from ..design.fontfile import FallbackFont, FontFile, read_font
from ..design.problems import Mistake, Report
from ..design.values import font_digit_top

LEAST_ART = 0.5  # the front's art may shrink to half its design's width, no less


@dataclass(frozen=True)
class CoverFacts:
    """What the cover checks need of the rest of the book, once it has loaded cleanly."""

    title: str
    subtitle: str | None
    author: str | None
    isbn: str | None
    count: int
    difficulties: Sequence[str]
    answers: str
    geometry: CoverGeometry
    kinds: Sequence[str] = ()  # each section's kind's name


def cover_spec(report: Report, cover: CoverFile | None, facts: CoverFacts | None,
               fonts: tuple[FontFile, FontFile] | None, bold_path: str | None,
               words: Catalogue | None) -> CoverSpec | None:
    """The loaded cover, every mistake in it added to the report (None: no cover, or one
    with mistakes)."""
    if cover is None:
        return None
    problem = design_problem(cover.design)
    if problem:
        report.add(Mistake(("cover", "design"), problem))
        return None
    if facts is None or fonts is None or words is None:
        return None  # the book's own mistakes are reported; the cover cannot be measured
    spec = CoverSpec(design=with_colours(load_design(cover.design), cover.colours),
                     design_name=cover.design, blurb=cover.blurb, barcode=cover.barcode)
    before = len(report.problems)
    if cover.barcode and not facts.isbn:
        report.add(Mistake(("cover", "barcode"), "a barcode needs the book's ISBN: add "
                           "isbn: to book:, or leave the barcode to KDP (barcode: false)"))
    display = display_font_path(spec.design)
    cap = font_digit_top(display) or DEFAULT_CAP
    strong = FallbackFont((read_font(str(display)), fonts[1]))
    title_fits = _check_front(report, spec, facts, fonts, strong, cap, words)
    _check_spine(report, spec, facts, strong, cap)
    _check_back(report, spec, facts, fonts, strong, words, title_fits)
    return spec if len(report.problems) == before else None


def _check_front(report: Report, spec: CoverSpec, facts: CoverFacts,
                 fonts: tuple[FontFile, FontFile], display: FallbackFont, cap: float,
                 words: Catalogue) -> bool:
    """The title in its lines, the subtitle in its, and room left for the art; whether
    the title fitted its lines (else that is reported)."""
    front = spec.design.front
    width = facts.geometry.trim_width - 2 * front.margin
    said = FrontWords(facts.title, facts.subtitle, facts.author,
                      tagline(facts.kinds, facts.difficulties, words),
                      badge_said(words.text(front.badge) if front.badge else None,
                                 facts.title, facts.subtitle))
    if facts.author and fit_author(facts.author, front, width, fonts[0].width) is None:
        report.add(Mistake(("book", "author"), f"too long for the front of the "
                           f"{spec.design_name} cover: even at {min(front.tagline, front.author):g}"
                           f" pt it takes more than {front.author_lines} lines of "
                           f"{width / 72:.2f} in; shorten it"))
        return fit_title(facts.title, front.title, width, display.width) is not None
    plan = front_plan(said, front, (facts.geometry.trim_width, facts.geometry.trim_height),
                      fonts[0].width, fonts[1].width, cap, display.width)
    if plan is None:
        report.add(Mistake(("book", "title"), f"too long for the front of the "
                           f"{spec.design_name} cover: even at {front.title.min:g} pt it "
                           f"takes more than {front.title.lines} lines of "
                           f"{width / 72:.2f} in; shorten it or move words to the subtitle"))
        return False
    if facts.subtitle:
        lines = wrap(facts.subtitle, front.subtitle, width, fonts[0].width)
        if len(lines) > front.subtitle_lines:
            over = len(lines) - front.subtitle_lines
            report.add(Mistake(("book", "subtitle"), f"takes {len(lines)} lines on the front "
                               f"of the {spec.design_name} cover, {over} more than its "
                               f"{front.subtitle_lines}; shorten it"))
            return True
    room, least = plan.art[1] - plan.art[0], LEAST_ART * front.art.width * width
    if room < least:
        report.add(Mistake(("book", "title"), f"the title and subtitle leave "
                           f"{max(room, 0) / 72:.2f} in for the art on the front of the "
                           f"{spec.design_name} cover, under the {least / 72:.2f} in it "
                           f"needs; shorten them, or choose a design with smaller type"))
    return True


def _check_spine(report: Report, spec: CoverSpec, facts: CoverFacts, bold: FallbackFont,
                 cap: float) -> None:
    """The title (with the author, or else alone) along the spine, from 79 pages."""
    if not has_spine_text(facts.geometry.pages):
        return
    text = spine_text(facts.title, facts.author)
    if spine_size(facts.geometry, spec.design.spine, text, cap, bold.width) is None and \
            spine_size(facts.geometry, spec.design.spine, spine_text(facts.title, None), cap,
                       bold.width) is None:
        report.add(Mistake(("book", "title"), f"too long for the spine: even at "
                           f"{spec.design.spine.min:g} pt it is longer than the book is tall"))


def _check_back(report: Report, spec: CoverSpec, facts: CoverFacts,
                fonts: tuple[FontFile, FontFile], display: FallbackFont, words: Catalogue,
                title_fits: bool = True) -> None:
    """The title, blurb and summary above the back's row of puzzles. A title that leaves
    no room for one line of blurb is the title's mistake, not the blurb's (and is already
    reported if it did not fit the front either)."""
    back = spec.design.back
    width, height = _back_room(spec, facts, fonts[1], words)
    line = summary(facts.count, facts.kinds, facts.difficulties, facts.answers, words)
    least = back_lines(facts.title, "M" if spec.blurb else None, line, back, width,
                       fonts[0].width, fonts[1].width, display.width)
    if block_height(least) > height:
        if title_fits:
            report.add(_title_too_long(spec, least, height))
        return
    for word in too_wide_words(spec.blurb, back.blurb, width, fonts[0].width)[:1]:
        report.add(_word_too_wide(word, back.blurb, width, fonts[0]))
        return
    lines = back_lines(facts.title, spec.blurb, line, back, width, fonts[0].width,
                       fonts[1].width, display.width)
    over = block_height(lines) - height
    if over > 0 and spec.blurb:
        report.add(_blurb_too_long(lines, over, back.blurb))


def _back_room(spec: CoverSpec, facts: CoverFacts, bold: FontFile,
               words: Catalogue) -> tuple[float, float]:
    """The width and height the back's text has above its row of puzzles, under the
    legend of the grades where the design shows one."""
    back = spec.design.back
    rows = legend_rows(legend_entries(facts.difficulties, words), back.legend,
                       facts.geometry.trim_width - 2 * back.margin, bold.width) \
        if back.legend else []
    return back_text_room(facts.geometry, back, legend_height(len(rows), back.legend or 0))


def _title_too_long(spec: CoverSpec, least: list[TextLine], height: float) -> Mistake:
    heading = sum(1 for text in least if text.heading)
    return Mistake(("book", "title"), f"too long for the back of the "
                   f"{spec.design_name} cover: its {heading} lines with the "
                   f"summary{' and a line of blurb' if spec.blurb else ''} take "
                   f"more than the {height / 72:.2f} in above the puzzles; "
                   f"shorten it")


def _word_too_wide(word: str, size: float, width: float, font: FontFile) -> Mistake:
    shown = word if len(word) <= 40 else word[:39] + "…"
    return Mistake(("cover", "blurb"), f"'{shown}' is "
                   f"{font.width(word, size) / 72:.2f} in wide at "
                   f"{size:g} pt, wider than the back cover's {width / 72:.2f} "
                   f"in of text, and a word is never broken; shorten it or put a "
                   f"space in it")


def _blurb_too_long(lines: list[TextLine], over: float, size: float) -> Mistake:
    extra = -(-over // (size * BODY_LEADING))
    fitting = sum(1 for text in lines if text.size == size and not text.bold) - int(extra)
    return Mistake(("cover", "blurb"), f"too long for the back cover by "
                   f"{counted(int(extra), 'line')}: "
                   f"{counted(max(fitting, 0), 'line')} of "
                   f"{size:g} pt fit there; "
                   f"shorten it")


def glyph_fields(cover: Any) -> list[tuple[tuple, str]]:
    """The cover's own texts whose characters the fonts must have."""
    return [(("cover", "blurb"), cover.blurb)] if cover is not None and cover.blurb else []
