"""Where a cover's texts go and whether they fit: the rules that loading checks
(spec/covercheck.py) and composition follows (pages/cover.py), so that what loads always
fits when drawn. Widths are measured by the fonts' own metrics (design/fontfile.py)."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core.grade.grades import GRADES
from ..core.sums import added
from .captions import MARK_SPACE, MARK_SQUARE, MARK_STEPS
from .catalogue import Catalogue
from .cover import (
    BackStyle,
    CoverGeometry,
    FrontStyle,
    SpineStyle,
    TitleStyle,
    barcode_box,
    cover_rules,
)
from .values import MIN_TEXT_POINTS

# Line heights as multiples of the text size: titles set tight, paragraphs open.
TITLE_LEADING, SUBTITLE_LEADING, BODY_LEADING = 1.08, 1.3, 1.45
PARAGRAPH_GAP = 0.6  # space between blurb paragraphs, in lines
BACK_GRID_GAP = 18.0  # points between the back's small puzzles
SIZE_STEP = 0.5  # points: a title too wide is tried again this much smaller
SPINE_SEPARATOR = "   ·   "
TAGLINE_LINES = 2  # the front's tagline takes at most this many lines ...
TAGLINE_LEAST = 0.75  # ... set down to this share of its size to fit them
TAGLINE_SEPARATOR = " · "

Measure = Callable[[str, float], float]  # (text, size in points) -> width in points


def wrap(text: str, size: float, width: float, measure: Measure) -> list[str]:
    """Words filled into lines no wider than width (a longer word stands alone)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if line and measure(candidate, size) > width:
            lines.append(line)
            candidate = word
        line = candidate
    return lines + [line] if line else lines


def balanced(text: str, size: float, width: float, measure: Measure) -> list[str]:
    """The fewest lines wrap() gives, made as even as they can be: the narrowest measure
    that keeps their number ('Sudoku on / the Go', not 'Sudoku on the / Go')."""
    lines = wrap(text, size, width, measure)
    if len(lines) < 2:
        return lines
    low = max(measure(word, size) for word in text.split())
    high = width
    while high - low > 0.5:
        middle = (low + high) / 2
        if len(wrap(text, size, middle, measure)) <= len(lines):
            high = middle
        else:
            low = middle
    return wrap(text, size, high, measure)


def wrap_parts(text: str, size: float, width: float, measure: Measure) -> list[str]:
    """A 'part · part · part' line broken between its parts where it can be (a part too
    wide for a line is wrapped by words)."""
    lines: list[str] = []
    for part in text.split(TAGLINE_SEPARATOR):
        joined = f"{lines[-1]}{TAGLINE_SEPARATOR}{part}" if lines else part
        if lines and measure(joined, size) <= width:
            lines[-1] = joined
        else:
            lines += wrap(part, size, width, measure)
    return lines


def fits(lines: Sequence[str], size: float, width: float, measure: Measure) -> bool:
    return all(measure(line, size) <= width for line in lines)


def fit_title(title: str, style: TitleStyle, width: float,
              measure: Measure) -> tuple[float, list[str]] | None:
    """(size, lines): the largest size from style.size down to style.min at which the
    title fills at most style.lines lines of width; None if none does."""
    return fit_lines(title, (style.size, style.min), style.lines, width, measure)


def fit_lines(text: str, sizes: tuple[float, float], most: int, width: float,
              measure: Measure) -> tuple[float, list[str]] | None:
    """(size, lines): the largest size from sizes[0] down to sizes[1] (in SIZE_STEPs) at
    which the text fills at most `most` balanced lines of width; None if none does."""
    largest, least = sizes
    steps = int((largest - least) / SIZE_STEP + 1e-9)
    for size in [largest - step * SIZE_STEP for step in range(steps + 1)] + [least]:
        lines = balanced(text, size, width, measure)
        if len(lines) <= most and fits(lines, size, width, measure):
            return size, lines
    return None


def fit_author(author: str, style: FrontStyle, width: float,
               measure: Measure) -> tuple[float, list[str]] | None:
    """(size, lines): the author in at most style.author_lines lines of width, as large as
    it fits from style.author down to the tagline's size (never under it, so the author
    stays the larger of the two lines at the front's foot); None if it does not fit."""
    least = min(style.tagline, style.author)
    return fit_lines(author, (style.author, least), style.author_lines, width, measure)


@dataclass(frozen=True)
class FrontLine:
    """A centred line of the front: its text, size, weight, the name of its colour, and
    its baseline's height above the front's bottom trim edge."""

    text: str
    size: float
    bold: bool
    colour: str
    baseline: float
    display: bool = False  # set in the design's display face (the title)


@dataclass(frozen=True)
class FrontPlan:
    """The front, top down and bottom up, heights above its bottom trim edge: its lines,
    the badge's bar (width, height, bottom) if any, the accent rule under the title and
    subtitle, and the room left between them for the art (bottom, top)."""

    lines: tuple[FrontLine, ...]
    badge: tuple[float, float, float] | None
    rule: float
    art: tuple[float, float]


@dataclass(frozen=True)
class FrontWords:
    """What the front says: title, subtitle, author, tagline, and the badge's text."""

    title: str
    subtitle: str | None
    author: str | None
    tagline: str
    badge: str | None


def front_plan(words: FrontWords, style: FrontStyle, trim: tuple[float, float],
               regular: Measure, bold: Measure, cap: float,
               display: Measure | None = None) -> FrontPlan | None:
    """Where the front's texts go on a front of `trim` (width, height); None if the title
    or the author does not fit its lines (loading refuses that, so a loaded spec always
    has a plan)."""
    width, height = trim[0] - 2 * style.margin, trim[1]
    fitted = fit_title(words.title, style.title, width, display or bold)
    author = fit_author(words.author, style, width, regular) if words.author else (0.0, [])
    if fitted is None or author is None:
        return None
    lines, y, badge = [], height - style.margin, None
    if words.badge:
        label = capitals(words.badge)
        bar = (bold(label, style.tagline) + 2 * style.tagline, 2 * style.tagline)
        badge = (*bar, y - bar[1])
        lines.append(FrontLine(label, style.tagline, True, "background",
                               y - bar[1] / 2 - style.tagline * cap / 2))
        y -= bar[1] + style.tagline * 1.2
    size, title = fitted
    for index, line in enumerate(title):
        y -= size * (TITLE_LEADING if index else cap)
        lines.append(FrontLine(line, size, True, "title", y, display=True))
    y -= size * 0.35 + (style.subtitle * 0.6 if words.subtitle else 0)
    for line in balanced(words.subtitle or "", style.subtitle, width, regular):
        y -= style.subtitle * SUBTITLE_LEADING
        lines.append(FrontLine(line, style.subtitle, False, "subtitle", y))
    rule = y - style.subtitle * 1.1
    bottom = style.margin + style.author * 0.25
    size, names = author
    if names:
        above = (len(names) - 1) * size * SUBTITLE_LEADING  # the first line's height
        lines += [FrontLine(line, size, False, "author",
                            bottom + above - index * size * SUBTITLE_LEADING)
                  for index, line in enumerate(names)]
        bottom += above + size * 1.9
    size, tags = fit_tagline(words.tagline, style, width, bold)
    for index, line in enumerate(reversed(tags)):
        lines.append(FrontLine(line, size, True, "accent",
                               bottom + index * size * SUBTITLE_LEADING))
    bottom += (len(tags) - 1) * size * SUBTITLE_LEADING
    return FrontPlan(tuple(lines), badge, rule,
                     (bottom + style.tagline * 2.2, rule - style.subtitle * 1.3))


def paragraphs(blurb: str | None) -> list[str]:
    """The blurb's paragraphs: split at blank lines, each joined into one line."""
    if not blurb:
        return []
    return [" ".join(part.split()) for part in blurb.replace("\r", "").split("\n\n")
            if part.strip()]


@dataclass(frozen=True)
class TextLine:
    """One line of a text block: its text, size, weight, the space above it, and whether
    it is the heading's (the title's)."""

    text: str
    size: float
    bold: bool
    above: float  # from the previous baseline (or the block's top) to this baseline
    heading: bool = False


def back_lines(title: str, blurb: str | None, summary: str, style: BackStyle, width: float,
               measure: Measure, bold_measure: Measure,
               display: Measure | None = None) -> list[TextLine]:
    """The back cover's text as lines: the title (in the display face where given), the
    blurb's paragraphs, then the summary (in bold)."""
    lines: list[TextLine] = []
    heading_measure = display or bold_measure
    heading = widest_word_fit(title, style.heading, width, heading_measure)
    for line in wrap(title, heading, width, heading_measure):
        lines.append(TextLine(line, heading, True,
                              heading * (TITLE_LEADING if lines else 1.0), heading=True))
    size = style.blurb
    for number, paragraph in enumerate(paragraphs(blurb)):
        for index, line in enumerate(wrap(paragraph, size, width, measure)):
            gap = PARAGRAPH_GAP * size * BODY_LEADING if number and not index else 0
            gap += style.heading * PARAGRAPH_GAP if lines and not index and not number else 0
            lines.append(TextLine(line, size, False, size * BODY_LEADING + gap))
    for index, line in enumerate(wrap_parts(summary, style.summary, width, bold_measure)):
        gap = (1 + PARAGRAPH_GAP) * style.summary if lines and not index else 0
        lines.append(TextLine(line, style.summary, True,
                              style.summary * BODY_LEADING + gap if lines else style.summary))
    return lines


def widest_word_fit(text: str, size: float, width: float, measure: Measure) -> float:
    """size, or the largest size below it (in SIZE_STEPs, never under MIN_TEXT_POINTS) at
    which the text's widest word fits width: a long word on the back must not run over
    the spine (the front's title fits, at the front's least size, the same width)."""
    widest = max(text.split(), key=lambda word: measure(word, size), default="")
    while measure(widest, size) > width and size - SIZE_STEP >= MIN_TEXT_POINTS:
        size -= SIZE_STEP
    return size


def too_wide_words(text: str | None, size: float, width: float,
                   measure: Measure) -> list[str]:
    """The text's words wider than width at size (a line break cannot help them)."""
    return [word for word in (text or "").split() if measure(word, size) > width]


def block_height(lines: Sequence[TextLine]) -> float:
    """From the block's top to its last baseline, plus that line's descent."""
    return added(line.above for line in lines) + (lines[-1].size * 0.25 if lines else 0)


def back_text_room(geometry: CoverGeometry, style: BackStyle,
                   legend: float = 0.0) -> tuple[float, float]:
    """(width, height) for the back's text: between the margins, above the legend of
    `legend` points and the row of puzzles, which sits above the barcode area."""
    width = geometry.trim_width - 2 * style.margin
    _, bar_y, _, bar_height = barcode_box(geometry)
    floor = bar_y + bar_height - geometry.bleed + style.margin / 2
    if style.grids:
        floor += back_grid_side(geometry, style) + style.margin * 0.75
    return width, geometry.trim_height - style.margin - floor - legend


# The legend of the difficulty squares on the back.

LEGEND_LEADING = 1.7  # a legend row's height, per legend size
LEGEND_ENTRY_GAP = 1.2  # between two entries of a row, per legend size
LEGEND_MARK_GAP = 0.45  # between an entry's squares and its grade's name, per legend size


@dataclass(frozen=True)
class LegendEntry:
    """One item of the legend: a text, after `filled` of MARK_STEPS squares (0: the
    legend's label, no squares)."""

    text: str
    filled: int


def legend_entries(difficulties: Sequence[str], words: Catalogue) -> list[LegendEntry]:
    """The label, then each grade the book holds with its squares (every grade where a
    section takes any grade)."""
    known = [d for d in difficulties if d in GRADES]
    grades = GRADES if len(known) < len(difficulties) else \
        sorted(set(known), key=GRADES.index)
    return [LegendEntry(words.text("cover_legend"), 0)] + \
        [LegendEntry(words.grade(grade), GRADES.index(grade) + 1) for grade in grades]


def mark_width(size: float) -> float:
    """The width of a difficulty mark's MARK_STEPS squares at a legend size."""
    return size * (MARK_STEPS * (MARK_SQUARE + MARK_SPACE) - MARK_SPACE)


def entry_width(entry: LegendEntry, size: float, measure: Measure) -> float:
    squares = mark_width(size) + size * LEGEND_MARK_GAP if entry.filled else 0.0
    return squares + measure(entry.text, size)


def legend_rows(entries: Sequence[LegendEntry], size: float, width: float,
                measure: Measure) -> list[list[LegendEntry]]:
    """The entries filled into rows no wider than width."""
    rows: list[list[LegendEntry]] = []
    used = 0.0
    for entry in entries:
        wide = entry_width(entry, size, measure)
        if rows and used + size * LEGEND_ENTRY_GAP + wide <= width:
            rows[-1].append(entry)
            used += size * LEGEND_ENTRY_GAP + wide
        else:
            rows.append([entry])
            used = wide
    return rows


def legend_height(rows: int, size: float) -> float:
    """The room a legend of `rows` rows takes, with the gap under it."""
    return rows * size * LEGEND_LEADING + size * 0.6 if rows else 0.0


def back_grid_side(geometry: CoverGeometry, style: BackStyle) -> float:
    """The side of each small puzzle in the back's row: together they span row_width of
    the live width, a quarter inch apart."""
    width = (geometry.trim_width - 2 * style.margin) * style.row_width
    return (width - BACK_GRID_GAP * (style.grids - 1)) / max(style.grids, 1)


def spine_text(title: str, author: str | None) -> str:
    """The spine line, in capitals: TITLE · AUTHOR."""
    text = capitals(title)
    return text + SPINE_SEPARATOR + capitals(author) if author else text


DIAERESIS = "\u0308"
GREEK_ACCENTS = frozenset("\u0300\u0301\u0342\u0313\u0314\u0345")  # tonos, oxia,
# varia, perispomeni, psili, dasia, ypogegrammeni: none is set on Greek capitals


def capitals(text: str) -> str:
    """text in capitals as a typesetter sets them: Greek capitals drop their accents and
    breathings ('Σουντόκου' -> 'ΣΟΥΝΤΟΚΟΥ') but keep a diaeresis, and gain one where the
    accent said two vowels are not a diphthong ('Μάιος' -> 'ΜΑΪΟΣ'); other scripts keep
    theirs ('Éditions' -> 'ÉDITIONS')."""
    kept, apart = [], False
    for base, marks in _clusters(unicodedata.normalize("NFD", text)):
        if "GREEK" not in unicodedata.name(base, ""):
            kept.append((base + marks).upper())
            apart = False
            continue
        base = base.upper()
        diaeresis = DIAERESIS in marks or (apart and base in "ΙΥ" and not marks)
        kept.append(base + (DIAERESIS if diaeresis else ""))
        kept.append("Ι" if "\u0345" in marks else "")  # a subscript iota stands beside
        apart = base in "ΑΕΗΟΥ" and DIAERESIS not in marks and "\u0345" not in marks and \
            any(mark in GREEK_ACCENTS for mark in marks)
    return unicodedata.normalize("NFC", "".join(kept))


def _clusters(text: str) -> list[tuple[str, str]]:
    """(base character, the combining marks after it) for each character of NFD text."""
    clusters: list[tuple[str, str]] = []
    for char in text:
        if clusters and unicodedata.combining(char):
            clusters[-1] = (clusters[-1][0], clusters[-1][1] + char)
        else:
            clusters.append((char, ""))
    return clusters


def spine_size(geometry: CoverGeometry, style: SpineStyle, text: str, cap_height: float,
               measure: Measure) -> float | None:
    """The spine text's size: its capitals as tall as the spine allows between its
    margins, at most style.size, smaller if the text is too long for the spine; None if
    that is under style.min."""
    rules = cover_rules()
    across = (geometry.spine - 2 * rules.spine_margin) / cap_height
    along = geometry.trim_height - 2 * max(rules.safe, style.size * 2)
    size = min(style.size, across)
    width = measure(text, size)
    if width > along:
        size *= along / width
    return math.floor(size * 100) / 100 if size >= style.min else None


# The book's own words for the cover.

def kinds_named(kinds: Sequence[str], words: Catalogue) -> str:
    """The book's kinds as its cover names them, each once, in the book's language:
    'Killer Sudoku', 'Sudoku, Sudoku X and Killer Sudoku'."""
    names = list(dict.fromkeys(words.texts.get(f"cover_kinds.{kind}")
                               or words.text(f"variants.{kind}") for kind in kinds))
    if len(names) < 2:
        return "".join(names)
    return words.text("cover_list", rest=", ".join(names[:-1]), last=names[-1])


def grade_span(difficulties: Sequence[str], words: Catalogue) -> str | None:
    """'Beginner to Easy' when every section names a grade, else None."""
    if not difficulties or not all(d in GRADES for d in difficulties):
        return None
    names = [words.grade(grade) for grade in sorted(set(difficulties), key=GRADES.index)]
    return names[0] if len(names) == 1 else \
        words.text("grade_range", easiest=names[0], hardest=names[-1])


def tagline(kinds: Sequence[str], difficulties: Sequence[str], words: Catalogue) -> str:
    """'Killer Sudoku · Beginner to Easy': what is inside, named in the book's language
    (the front's badge says how many)."""
    span = grade_span(difficulties, words)
    named = kinds_named(kinds, words)
    return TAGLINE_SEPARATOR.join(part for part in (named, span) if part)


def summary(count: int, kinds: Sequence[str], difficulties: Sequence[str], answers: str,
            words: Catalogue) -> str:
    """The back's line: '150 puzzles · Killer Sudoku · Easy to Hard · Answers included'
    (the answers when the book has them)."""
    parts = [words.text("cover_count", count=count), tagline(kinds, difficulties, words)]
    if answers == "back":
        parts.append(words.text("cover_answers"))
    return TAGLINE_SEPARATOR.join(parts)


def badge_said(badge: str | None, title: str, subtitle: str | None) -> str | None:
    """The badge's text, or None where the title or subtitle says it already (a 'Large
    Print Sudoku' under a 'LARGE PRINT' bar says it twice)."""
    if not badge:
        return None
    said = f"{title} {subtitle or ''}".casefold()
    return None if " ".join(badge.casefold().split()) in " ".join(said.split()) else badge


def fit_tagline(tagline: str, style: FrontStyle, width: float,
                measure: Measure) -> tuple[float, list[str]]:
    """(size, lines): the tagline in at most TAGLINE_LINES lines, broken between its parts,
    as large as fits from the design's size down to TAGLINE_LEAST of it (never under
    MIN_TEXT_POINTS); at that least size it takes the lines it needs."""
    least = max(style.tagline * TAGLINE_LEAST, MIN_TEXT_POINTS)
    size = style.tagline
    while True:
        lines = wrap_parts(tagline, size, width, measure)
        if (len(lines) <= TAGLINE_LINES and fits(lines, size, width, measure)) or \
                size - SIZE_STEP < least:
            return size, lines
        size -= SIZE_STEP
