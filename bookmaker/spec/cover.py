"""The cover: the `cover:` part of a book spec, the designs in layouts/covers/*.yaml, the
cover's size from the book's page count, and the fitting rules that loading checks and
composition (pages/cover.py) follows, so that what loads always fits when drawn."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any, Callable, Sequence

from pydantic import Field, PlainValidator, create_model

from ..core.grader import GRADES
from .catalogue import Catalogue
from .layout import Layout
from .printer import CoverRules, load_printer
from .problems import Mistake, SpecError
from .values import (Colour, Count, Flag, Length, Natural, Schema, Text, TextSize,
                     did_you_mean, expected, mistake, one_of)

COVER_FOLDER = "covers"
DEFAULT_DESIGN = "classic"
ART_KINDS = ("grid", "mosaic")
# The design's colours, by what they paint; a spec may override any of them.
COLOUR_NAMES = ("background", "title", "subtitle", "author", "accent", "text", "spine",
                "spine_text", "grid_lines", "grid_cells", "givens", "pencil", "highlight")
# Line heights as multiples of the text size: titles set tight, paragraphs open.
TITLE_LEADING, SUBTITLE_LEADING, BODY_LEADING = 1.08, 1.3, 1.45
PARAGRAPH_GAP = 0.6  # space between blurb paragraphs, in lines
BACK_GRID_GAP = 18.0  # points between the back's small puzzles
SIZE_STEP = 0.5  # points: a title too wide is tried again this much smaller
DEFAULT_CAP = 0.73  # capitals' height as a share of the size, for a font we cannot measure
SPINE_SEPARATOR = "   ·   "
TAGLINE_SEPARATOR = " · "

Measure = Callable[[str, float], float]  # (text, size in points) -> width in points


def _share(value: Any) -> float:
    """A share of a width, from 0.2 to 1."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise expected("a share of the width, like 0.8", value)
    if not 0.2 <= value <= 1:
        raise mistake(f"must be from 0.2 to 1, got {value}")
    return float(value)


Share = Annotated[float, PlainValidator(_share)]


class ColourSet(Schema):
    """Colours by what they paint (the fields are COLOUR_NAMES); None: not given."""

    def __getitem__(self, name: str) -> str:
        return getattr(self, name)

    def named(self) -> dict[str, str]:
        """The colours given, by name."""
        return self.model_dump(exclude_none=True)


Colours = create_model("Colours", __base__=ColourSet, **{
    name: (Colour | None, Field(None, description=f"The {name.replace('_', ' ')} colour."))
    for name in COLOUR_NAMES})


class TitleStyle(Schema):
    """The title: as large as it fits in its lines, never under `min`."""

    size: TextSize = Field(description="The largest size, for a short title.")
    min: TextSize = Field(description="The smallest size; a title that needs less is refused.")
    lines: Count = Field(description="The most lines the title may take.")


class ArtStyle(Schema):
    """The front's art, made of the book's own puzzles."""

    kind: one_of(*ART_KINDS) = Field(description="grid: one large puzzle, partly solved; "
                                     "mosaic: tiles x tiles of the book's puzzles.")
    width: Share = Field(description="The art's width, a share of the front's live width.")
    tiles: Count = Field(1, description="Puzzles per row of a mosaic.")


class FrontStyle(Schema):
    """The front cover, from the top: badge, title, subtitle, art, tagline, author."""
    margin: Length = Field(description="Text and art this far inside the trim.")
    badge: Text | None = Field(None, description="A catalogue key printed above the title, "
                               "like cover_large_print.")
    title: TitleStyle = Field(description="The title's sizes and lines.")
    subtitle: TextSize = Field(description="The subtitle's size.")
    subtitle_lines: Count = Field(3, description="The most lines the subtitle may take.")
    tagline: TextSize = Field(description="The line of puzzles and grades above the author.")
    author: TextSize = Field(description="The author's size.")
    art: ArtStyle = Field(description="The art.")


class BackStyle(Schema):
    """The back cover: blurb, the summary line, a row of puzzles above the barcode area."""

    margin: Length = Field(description="Text this far inside the trim.")
    heading: TextSize = Field(description="The title over the blurb (bold).")
    blurb: TextSize = Field(description="The blurb's size.")
    summary: TextSize = Field(description="The summary line's size (bold).")
    grids: Natural = Field(3, description="Small puzzles in a row at the foot (0: none).")
    row_width: Share = Field(1.0, description="The share of the live width the row of "
                             "puzzles spans, centred.")


class SpineStyle(Schema):
    """Spine text: as large as the spine allows, at most `size`, never under `min`."""

    size: TextSize = Field(description="The largest spine text.")
    min: Length = Field(description="The smallest (a thin spine may need less than the "
                                    "interior's least text size).")


class CoverDesign(Schema):
    """One cover design: colours, and the styles of front, back and spine."""

    description: Text = Field(description="The look, in a few words.")
    colours: Colours = Field(description="A colour for each of " + ", ".join(COLOUR_NAMES)
                             + ".")
    gradient: Colour | None = Field(None, description="If given, the background fades from "
                                    "`background` at the top to this at the bottom.")
    front: FrontStyle = Field(description="The front cover.")
    back: BackStyle = Field(description="The back cover.")
    spine: SpineStyle = Field(description="The spine.")


class CoverFile(Schema):
    """The `cover:` mapping of a book spec."""

    design: Text = Field(DEFAULT_DESIGN, description="A design from layouts/covers/ "
                         "(classic, bold, large-print).")
    blurb: Text | None = Field(None, description="The back cover's text; a blank line "
                               "starts a new paragraph.")
    barcode: Flag = Field(False, description="Print the book's isbn as an EAN-13 barcode "
                          "on the back (KDP prints its own otherwise).")
    colours: Colours = Field(default_factory=Colours, description="Colours that replace "
                             "the design's, by name.")


class CoverSpec(Schema):
    """A book's cover as loaded: its design with the spec's colours, blurb and barcode."""

    design: CoverDesign = Field(description="The design, its colours overridden.")
    design_name: str = Field(description="The design's name.")
    blurb: str | None = Field(None, description="The back cover's text.")
    barcode: bool = Field(False, description="Whether the ISBN barcode is printed.")


def cover_folder():
    """layouts/covers, wherever bookmaker is installed."""
    from .layouts import preset_folder  # not at the top: layouts imports model, which imports us
    return preset_folder() / COVER_FOLDER


def design_names() -> tuple[str, ...]:
    """The cover designs' names, sorted: 'bold', 'classic', 'large-print'."""
    return tuple(sorted(entry.name[:-5] for entry in cover_folder().iterdir()
                        if entry.name.endswith(".yaml")))


@lru_cache(maxsize=None)
def load_design(name: str) -> CoverDesign:
    """The design in layouts/covers/NAME.yaml; SpecError if it is broken (a bug)."""
    from .layouts import parse_layout_as

    text = (cover_folder() / f"{name}.yaml").read_text(encoding="utf-8")
    design, problems = parse_layout_as(CoverDesign, design_mistakes, text,
                                       f"layouts/{COVER_FOLDER}/{name}.yaml", name)
    if design is None:
        raise SpecError(problems)
    return design


def design_mistakes(design: CoverDesign) -> list[Mistake]:
    """A design must give every colour (a spec's colours only replace some)."""
    missing = [name for name in COLOUR_NAMES if name not in design.colours.named()]
    return [Mistake(("colours",), f"needs a colour for {', '.join(missing)}")] if missing \
        else []


# The cover's size, from the page count.

@dataclass(frozen=True)
class CoverGeometry:
    """A full-wrap cover in points: bleed, back, spine, front, bleed, left to right."""

    trim_width: float
    trim_height: float
    spine: float
    bleed: float
    pages: int

    @property
    def width(self) -> float:
        return 2 * (self.bleed + self.trim_width) + self.spine

    @property
    def height(self) -> float:
        return 2 * self.bleed + self.trim_height

    @property
    def back_x(self) -> float:
        """The back cover's left trim edge."""
        return self.bleed

    @property
    def spine_x(self) -> float:
        """The left spine fold."""
        return self.bleed + self.trim_width

    @property
    def front_x(self) -> float:
        """The right spine fold: the front cover's left edge."""
        return self.spine_x + self.spine


def cover_geometry(layout: Layout, pages: int, paper: str) -> CoverGeometry:
    """The cover of a book of `pages` pages on `paper`: its spine is pages x thickness."""
    printer = load_printer()
    return CoverGeometry(layout.trim.width, layout.trim.height,
                         pages * printer.paper[paper].thickness, printer.cover.bleed, pages)


def cover_rules() -> CoverRules:
    return load_printer().cover


def has_spine_text(pages: int) -> bool:
    return pages >= cover_rules().spine_text_pages


def barcode_box(geometry: CoverGeometry) -> tuple[float, float, float, float]:
    """(x, y, width, height) of the area kept for the barcode: lower right of the back."""
    area = cover_rules().barcode
    return (geometry.spine_x - area.margin - area.width, geometry.bleed + area.margin,
            area.width, area.height)


# Fitting text: the rules loading checks and composition follows.

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
    steps = int((style.size - style.min) / SIZE_STEP + 1e-9)
    for size in [style.size - step * SIZE_STEP for step in range(steps + 1)] + [style.min]:
        lines = balanced(title, size, width, measure)
        if len(lines) <= style.lines and fits(lines, size, width, measure):
            return size, lines
    return None


@dataclass(frozen=True)
class FrontLine:
    """A centred line of the front: its text, size, weight, the name of its colour, and
    its baseline's height above the front's bottom trim edge."""

    text: str
    size: float
    bold: bool
    colour: str
    baseline: float


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
               regular: Measure, bold: Measure, cap: float) -> FrontPlan | None:
    """Where the front's texts go on a front of `trim` (width, height); None if the title
    does not fit its lines (loading refuses that, so a loaded spec always has a plan)."""
    width, height = trim[0] - 2 * style.margin, trim[1]
    fitted = fit_title(words.title, style.title, width, bold)
    if fitted is None:
        return None
    lines, y, badge = [], height - style.margin, None
    if words.badge:
        label = words.badge.upper()
        bar = (bold(label, style.tagline) + 2 * style.tagline, 2 * style.tagline)
        badge = (*bar, y - bar[1])
        lines.append(FrontLine(label, style.tagline, True, "background",
                               y - bar[1] / 2 - style.tagline * cap / 2))
        y -= bar[1] + style.tagline * 1.2
    size, title = fitted
    for index, line in enumerate(title):
        y -= size * (TITLE_LEADING if index else cap)
        lines.append(FrontLine(line, size, True, "title", y))
    y -= size * 0.35 + (style.subtitle * 0.6 if words.subtitle else 0)
    for line in balanced(words.subtitle or "", style.subtitle, width, regular):
        y -= style.subtitle * SUBTITLE_LEADING
        lines.append(FrontLine(line, style.subtitle, False, "subtitle", y))
    rule = y - style.subtitle * 1.1
    bottom = style.margin + style.author * 0.25
    if words.author:
        lines.append(FrontLine(words.author, style.author, False, "author", bottom))
        bottom += style.author * 1.9
    lines.append(FrontLine(words.tagline, style.tagline, True, "accent", bottom))
    return FrontPlan(tuple(lines), badge, rule,
                     (bottom + style.tagline * 1.6, rule - style.subtitle))


def paragraphs(blurb: str | None) -> list[str]:
    """The blurb's paragraphs: split at blank lines, each joined into one line."""
    if not blurb:
        return []
    return [" ".join(part.split()) for part in blurb.replace("\r", "").split("\n\n")
            if part.strip()]


@dataclass(frozen=True)
class TextLine:
    """One line of a text block: its text, size, weight, and the space above it."""

    text: str
    size: float
    bold: bool
    above: float  # from the previous baseline (or the block's top) to this baseline


def back_lines(title: str, blurb: str | None, summary: str, style: BackStyle, width: float,
               measure: Measure, bold_measure: Measure) -> list[TextLine]:
    """The back cover's text as lines: the title, the blurb's paragraphs, then the summary
    (title and summary in bold)."""
    lines: list[TextLine] = []
    for line in wrap(title, style.heading, width, bold_measure):
        lines.append(TextLine(line, style.heading, True,
                              style.heading * (TITLE_LEADING if lines else 1.0)))
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


def block_height(lines: Sequence[TextLine]) -> float:
    """From the block's top to its last baseline, plus that line's descent."""
    return sum(line.above for line in lines) + (lines[-1].size * 0.25 if lines else 0)


def back_text_room(geometry: CoverGeometry, style: BackStyle) -> tuple[float, float]:
    """(width, height) for the back's text: between the margins, above the row of
    puzzles, which sits above the barcode area."""
    width = geometry.trim_width - 2 * style.margin
    _, bar_y, _, bar_height = barcode_box(geometry)
    floor = bar_y + bar_height - geometry.bleed + style.margin / 2
    if style.grids:
        floor += back_grid_side(geometry, style) + style.margin * 0.75
    return width, geometry.trim_height - style.margin - floor


def back_grid_side(geometry: CoverGeometry, style: BackStyle) -> float:
    """The side of each small puzzle in the back's row: together they span row_width of
    the live width, a quarter inch apart."""
    width = (geometry.trim_width - 2 * style.margin) * style.row_width
    return (width - BACK_GRID_GAP * (style.grids - 1)) / max(style.grids, 1)


def spine_text(title: str, author: str | None) -> str:
    """The spine line, in capitals: TITLE · AUTHOR."""
    text = title.upper()
    return text + SPINE_SEPARATOR + author.upper() if author else text


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

def tagline(count: int, difficulties: Sequence[str], words: Catalogue) -> str:
    """'150 Sudoku puzzles · Beginner to Easy' (the grades when every section names one)."""
    parts = [words.text("cover_count", count=count)]
    if difficulties and all(d in GRADES for d in difficulties):
        grades = sorted(set(difficulties), key=GRADES.index)
        names = [words.grade(grade) for grade in grades]
        parts.append(names[0] if len(names) == 1 else
                     words.text("grade_range", easiest=names[0], hardest=names[-1]))
    return TAGLINE_SEPARATOR.join(parts)


def summary(count: int, difficulties: Sequence[str], answers: str, words: Catalogue) -> str:
    """The back's line: the tagline, and 'Answers included' when the book has them."""
    line = tagline(count, difficulties, words)
    return line + TAGLINE_SEPARATOR + words.text("cover_answers") if answers == "back" \
        else line


def puzzles_needed(design: CoverDesign, total: int) -> int:
    """How many of the book's first puzzles the cover's art shows (at most all): the
    front's, then the back's, which start again from the first when the front shows
    several already (a mosaic), so that `bookmaker cover` makes as few as it can."""
    front = front_puzzles(design)
    return min(total, front if front > 1 else front + design.back.grids)


def front_puzzles(design: CoverDesign) -> int:
    """How many puzzles the front's art shows."""
    art = design.front.art
    return art.tiles ** 2 if art.kind == "mosaic" else 1


def design_problem(name: str) -> str | None:
    """Why `name` is no cover design, or None if it is one."""
    names = design_names()
    if name in names:
        return None
    return f"unknown cover design {name!r}{did_you_mean(name, names)}; expected one of: " \
           f"{', '.join(names)}"


def with_colours(design: CoverDesign, colours: ColourSet) -> CoverDesign:
    """The design with some of its colours replaced."""
    return design.model_copy(update={"colours": Colours(**(design.colours.named()
                                                           | colours.named()))})
