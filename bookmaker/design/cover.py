"""The cover: the `cover:` part of a book spec, the designs in layouts/covers/*.yaml, and
the cover's size from the book's page count (KDP's cover rules: layouts/printers/kdp.yaml).
Where its texts go is design/coverfit.py's."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field, PlainValidator, create_model

from .layout import Layout
from .presets import parse_layout_as, preset_folder
from .printer import CoverRules, load_printer
from .problems import Mistake, SpecError
from .values import (
    Colour,
    Count,
    Flag,
    Length,
    Natural,
    Schema,
    Text,
    TextSize,
    did_you_mean,
    expected,
    mistake,
    one_of,
)

COVER_FOLDER = "covers"
DEFAULT_DESIGN = "classic"
ART_KINDS = ("grid", "mosaic")
# The design's colours, by what they paint; a spec may override any of them.
COLOUR_NAMES = ("background", "title", "subtitle", "author", "accent", "text", "spine",
                "spine_text", "grid_lines", "grid_cells", "givens", "pencil", "highlight")
DEFAULT_CAP = 0.73  # capitals' height as a share of the size, for a font we cannot measure


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


if TYPE_CHECKING:  # to mypy the colours are a ColourSet; their fields are made below
    Colours = ColourSet
else:
    Colours = create_model("Colours", __base__=ColourSet, **{
        name: (Colour | None, Field(None, description=f"The {name.replace('_', ' ')} colour."))
        for name in COLOUR_NAMES})


class TitleStyle(Schema):
    """The title: as large as it fits in its lines, never under `min`."""

    size: TextSize = Field(description="The largest size, for a short title.")
    min: TextSize = Field(description="The smallest size; a title that needs less is refused.")
    lines: Count = Field(description="The most lines the title may take.")


if TYPE_CHECKING:  # to mypy a choice is text; pydantic checks it is one of the choices
    ArtKind = str
else:
    ArtKind = one_of(*ART_KINDS)


class ArtStyle(Schema):
    """The front's art, made of the book's own puzzles."""

    kind: ArtKind = Field(description="grid: one large puzzle, partly solved; "
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
    author: TextSize = Field(description="The author's size: smaller, down to the "
                             "tagline's, if it does not fit its lines.")
    author_lines: Count = Field(2, description="The most lines the author may take.")
    art: ArtStyle = Field(description="The art.")
    count: TextSize | None = Field(None, description="The size of the number on a round "
                                   "badge at the art's top right corner saying how many "
                                   "puzzles the book has (None: no badge).")


class BackStyle(Schema):
    """The back cover: blurb, the summary line, a row of puzzles above the barcode area."""

    margin: Length = Field(description="Text this far inside the trim.")
    heading: TextSize = Field(description="The title over the blurb (bold).")
    blurb: TextSize = Field(description="The blurb's size.")
    summary: TextSize = Field(description="The summary line's size (bold).")
    grids: Natural = Field(3, description="Small puzzles in a row at the foot, each from "
                           "a section the front does not show first (0: none).")
    legend: TextSize | None = Field(None, description="The size of the legend of the "
                                    "difficulty squares above the row of puzzles (None: no "
                                    "legend).")
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
    font: Text = Field(description="The display face of the title, tagline, headings, badge "
                       "and spine: a TrueType file in bookmaker's fonts/ folder. A text with a "
                       "character it lacks is set in the book's bold font.")
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
    return preset_folder() / COVER_FOLDER


def design_names() -> tuple[str, ...]:
    """The cover designs' names, sorted: 'bold', 'classic', 'large-print'."""
    return tuple(sorted(entry.name[:-5] for entry in cover_folder().iterdir()
                        if entry.name.endswith(".yaml")))


@cache
def load_design(name: str) -> CoverDesign:
    """The design in layouts/covers/NAME.yaml; SpecError if it is broken (a bug)."""
    text = (cover_folder() / f"{name}.yaml").read_text(encoding="utf-8")
    design, problems = parse_layout_as(CoverDesign, design_mistakes, text,
                                       f"layouts/{COVER_FOLDER}/{name}.yaml", name)
    if design is None:
        raise SpecError(problems)
    return design


def design_mistakes(design: CoverDesign) -> list[Mistake]:
    """A design must give every colour (a spec's colours only replace some) and name a
    bundled font."""
    missing = [name for name in COLOUR_NAMES if name not in design.colours.named()]
    mistakes = [Mistake(("colours",), f"needs a colour for {', '.join(missing)}")] \
        if missing else []
    if not display_font_path(design).is_file():
        mistakes.append(Mistake(("font",), f"{design.font} is not in the fonts folder"))
    return mistakes


def display_font_path(design: CoverDesign) -> Path:
    """The design's display face, in the bundled fonts folder."""
    from .fontfile import font_folder

    return font_folder() / design.font


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


def puzzles_needed(design: CoverDesign, total: int) -> int:
    """How many of the book's puzzles the cover shows, each once: the front's, then the
    back's (fewer where the book has fewer)."""
    return min(total, front_puzzles(design, total) + design.back.grids)


def front_puzzles(design: CoverDesign, total: int) -> int:
    """How many puzzles the front's art shows: a mosaic of tiles x tiles, fewer tiles a
    side where the book has fewer puzzles (no puzzle is shown twice)."""
    art = design.front.art
    if art.kind != "mosaic":
        return 1
    tiles = max(1, min(art.tiles, math.isqrt(total)))
    return tiles * tiles


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
