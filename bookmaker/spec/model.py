"""The book spec: what a spec file may say (`*File` models) and what loading makes of it.

`SpecFile`, `BookFile`, `SectionFile`, `FrontMatter` and `Fonts` are the YAML schema: one
field per key, each with its description. `BookSpec` and `SectionSpec` are the result of
`load_spec`: frozen, every default filled, paths absolute, the layout loaded.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pydantic import Field, PlainValidator, ValidationInfo

from ..core.board.shape import SYMMETRIES, Shape
from ..core.kinds.kind import Kind
from ..core.rating.ranges import RatingRange
from ..design.catalogue import language_names
from ..design.choices import output_names
from ..design.cover import CoverSpec
from ..design.inks import COLOUR, GREY, INTERIORS
from ..design.layout import Layout
from ..design.pagecount import GLOSSARY, HINTS, HOW_TO_PLAY, PATHS, BookPlan, PageRules, plan_book
from ..design.pagecount import BackMatter as BackCounts
from ..design.pagecount import FrontMatter as FrontCounts
from ..design.printer import PAPERS, load_printer
from ..design.values import (
    Flag,
    Natural,
    PerPage,
    Schema,
    Text,
    choice_of,
    expected,
    mistake,
    one_of,
)
from .kinds import frame_of, kind_of_name, sides_of
from .values import (
    BoxText,
    CopyrightValue,
    Difficulty,
    FontFile,
    Isbn,
    KindName,
    PuzzleCount,
    Rating,
    Seed,
    SizeText,
    Slug,
)

ANSWER_PLACES = ("separate", "back", "none")
DEFAULT_LAYOUT = "kdp-6x9"
PADDINGS = ("notes", "blank")
SECTION_STARTS = ("any", "right")
DIFFICULTY_MARKS = ("none", "squares")

AnswerPlace = Literal["separate", "back", "none"]
Symmetry = Literal["none", "rotational", "mirror", "diagonal"]
StepGrids = Literal["hardest", "every", "none"]
if TYPE_CHECKING:  # to mypy a choice is text; pydantic checks it is one of the choices
    AnswerChoice = str
    SymmetryChoice = str
    LanguageChoice = str
    PaperChoice = str
    PaddingChoice = str
    SectionStartChoice = str
    DifficultyMarkChoice = str
else:
    AnswerChoice = one_of(*ANSWER_PLACES)
    SymmetryChoice = one_of(*SYMMETRIES)
    LanguageChoice = one_of(*language_names())
    PaperChoice = one_of(*PAPERS)
    PaddingChoice = one_of(*PADDINGS)
    SectionStartChoice = one_of(*SECTION_STARTS)
    DifficultyMarkChoice = one_of(*DIFFICULTY_MARKS)
# A book's interior (design/inks.py), in either spelling: 'color' reads as 'colour'.
INTERIOR_SPELLINGS = {"gray": GREY, "color": COLOUR}


def _interior(value: Any) -> str:
    return choice_of(INTERIOR_SPELLINGS.get(value, value) if isinstance(value, str) else value,
                     INTERIORS)


InteriorChoice = Annotated[str, PlainValidator(_interior)]
REGISTRY_OFF = "none"
# A book's files: its PDFs, always; then the exports (export/formats.py) it asks for.
BOOK_OUTPUTS = ("pdf", "ipuz", "feed", "page", "puzzlink", "art", "art-cmyk")


def _book_outputs(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise expected(f"a list of outputs (some of: {', '.join(BOOK_OUTPUTS)})", value)
    try:
        names = output_names(value, BOOK_OUTPUTS)
    except ValueError as err:
        raise mistake(str(err)) from None
    if "pdf" not in names:
        raise mistake("a book is its PDF: list pdf, and any of ipuz, feed, page, art, art-cmyk "
                      "beside it")
    return names


BookOutputs = Annotated[tuple, PlainValidator(_book_outputs)]


def _registry(value: Any, info: ValidationInfo) -> Path | bool:
    """true: the default file; false or 'none': no registry; text: a file path, relative
    to the spec."""
    if isinstance(value, bool):
        return value
    if not isinstance(value, str) or not value.strip():
        raise expected("a file path, true (the default file) or none", value)
    if value == REGISTRY_OFF:
        return False
    path = (Path((info.context or {}).get("base", ".")) / value).resolve()
    if path.is_dir():
        raise mistake(f"{value!r} is a folder; expected a registry file, like "
                      f"{value.rstrip('/')}/series.registry.sqlite")
    return path


RegistryChoice = Annotated[Path | bool, PlainValidator(_registry)]


class FrontMatter(Schema):
    """Pages before the first puzzle, and the pages that open each section."""

    title_page: Flag = Field(True, description="A title page with title, subtitle, author.")
    copyright_page: Flag = Field(True, description="A copyright page behind the title page: "
                                 "copyright line, ISBN, edition, imprint.")
    contents: Flag = Field(True, description="A contents page: each section with its "
                           "puzzles, size, grades and first page; the answers' first page.")
    how_to_play: Flag = Field(True, description="A page explaining the rules.")
    section_openers: Flag = Field(False, description="A page opening each section: its "
                                  "name, puzzles, size and grades.")
    credit: Flag = Field(False, description="A line on the copyright page saying the "
                         "puzzles were made with bookmaker (off by default: readers take "
                         "such lines for a machine's).")


class Explanations(Schema):
    """What a book explains beyond its answers (issue 22): hints, every puzzle's solving
    path, a glossary of the techniques they use, and an estimated solving time."""

    hints: Flag = Field(False, description="A Hints section before the answers: where each "
                        "puzzle gets hard (the units or cages to look at and the technique) "
                        "and a first step, from its grader.")
    solving_path: Flag = Field(False, description="A 'Solutions explained' appendix after "
                               "the answers: each puzzle's every step, numbered, from its "
                               "grader, with a small grid of its hardest step.")
    step_grids: StepGrids = Field("hardest", description="Small grids in the solving paths: "
                                  "of each puzzle's hardest step (hardest), of every step "
                                  "beyond singles and after every 15 singles (every), or none.")
    glossary: Flag | None = Field(None, description="A glossary of the techniques the "
                                  "solutions use; default: with hints or solving paths.")
    times: Flag = Field(True, description="An estimated solving time beside each "
                        "puzzle's number (the model in layouts/solving/times.yaml), and a "
                        "word on it on the how-to-play page.")

    @property
    def with_glossary(self) -> bool:
        """Whether the book has the glossary: as asked, else with hints or paths."""
        return self.glossary if self.glossary is not None else \
            bool(self.hints or self.solving_path)

    @property
    def shows_steps(self) -> bool:
        """Whether the book prints its puzzles' solving steps (hints, paths, a glossary)."""
        return self.hints or self.solving_path or self.with_glossary

    @property
    def solves(self) -> bool:
        """Whether the book's puzzles are solved again step by step for it."""
        return self.shows_steps or self.times


class Fonts(Schema):
    """The user's own fonts; None leaves the layout's default font.

    Paths are relative to the spec file and absolute once loaded. Each must name an
    existing font with TrueType outlines (a .ttf, or a .otf that holds TrueType outlines):
    reportlab cannot embed CFF-based OpenType, so such a .otf is refused when the spec is
    loaded."""

    regular: FontFile | None = Field(None, description="Font for digits and text.")
    bold: FontFile | None = Field(None, description="Font for titles and labels.")


class BookFile(Schema):
    """The `book:` mapping of a spec file."""

    # Stand-ins for required keys with mistakes, so the other keys still get checked.
    placeholders: ClassVar[dict] = {"title": "?", "seed": 0}

    title: Text = Field(description="The book's title; required.")
    subtitle: Text | None = Field(None, description="A subtitle for the title page.")
    author: Text | None = Field(None, description="The author, for the title page and PDF "
                                                  "metadata.")
    seed: Seed = Field(description="Any whole number or text; the same seed rebuilds the "
                                   "same book. Required.")
    layout: Text = Field(DEFAULT_LAYOUT, description="A preset name from layouts/ (e.g. "
                         "kdp-6x9), or a path to a layout .yaml file relative to the spec.")
    answers: AnswerChoice | None = Field(
        None, description="Answer keys at the back of the book (back: the default for "
                          "print-on-demand layouts, one file to upload), in a separate PDF "
                          "(separate: the default for home and school layouts), or not at "
                          "all (none).")
    language: LanguageChoice = Field(
        "en", description="The language of the book's own words (messages/<language>.yaml).")
    paper: PaperChoice = Field("white", description="Print-on-demand paper, white or "
                                   "cream: cream books may have fewer pages (776, not 828).")
    interior: InteriorChoice = Field(
        GREY, description="The interior's ink: grey (black and white, every page; a colour "
                          "Nonogram's colours as greys) or colour (color): a colour "
                          "Nonogram's clues and answers in its picture's colours, for a "
                          "colour print-on-demand interior.")
    padding: PaddingChoice = Field("notes", description="Pages added to reach the "
                                       "print-on-demand minimum and an even count: ruled "
                                       "Notes pages (notes) or blank pages (blank).")
    sections_start: SectionStartChoice = Field(
        "any", description="Start each section on a right-hand page (right), or on the "
                           "next page (any).")
    difficulty_mark: DifficultyMarkChoice = Field(
        "none", description="A mark of 1 to 6 filled squares beside each puzzle's number, "
                            "one per grade from beginner to extreme (squares), or none.")
    isbn: Isbn | None = Field(None, description="The ISBN for the copyright page; its check "
                              "digit is checked.")
    copyright: CopyrightValue | None = Field(
        None, description="The copyright line: a year (the holder is the author), or the "
                          "text after the sign ('2026 Ada Lovelace'); default: the author.")
    imprint: Text | None = Field(None, description="The publisher line; default: "
                                 "'Independently published', in the book's language.")
    edition: Text | None = Field(None, description="The edition line, like 'First edition'.")
    front_matter: FrontMatter = Field(default_factory=FrontMatter,
                                      description="Title, copyright, contents, how-to-play "
                                                  "and section opener pages.")
    page_numbers: Flag = Field(True, description="Print page numbers.")
    explanations: Explanations = Field(default_factory=Explanations,
                                       description="Hints, solving paths, a glossary of "
                                                   "techniques and solving times.")
    fonts: Fonts = Field(default_factory=Fonts, description="The user's own TTF fonts.")
    name: Slug | None = Field(None, description="The output file name without extension "
                              "(lowercase letters, digits, hyphens); default: from the title.")
    series: Text | None = Field(None, description="The series the book belongs to; its "
                                "registry keeps later volumes from repeating a puzzle. "
                                "Default: the book's name.")
    volume: Seed | None = Field(None, description="This book's volume (a number or text); "
                                "default: the book's name. Rebuilding a volume replaces "
                                "its puzzles in the registry.")
    registry: RegistryChoice = Field(True, description="The registry file (relative to the "
                                     "spec); true (the default): <series>.registry.sqlite "
                                     "in the output folder; none or false: no registry.")
    outputs: BookOutputs = Field(("pdf",), description="The files to write: pdf (the book, "
                                 "always), ipuz (<name>-puzzles/: an ipuz file per puzzle, "
                                 "or a JSON record for a kind ipuz has no kind for), feed "
                                 "(<name>-feed.json and .csv), page (<name>.html, a web page "
                                 "to solve the book's puzzles on).")


class SectionFile(Schema):
    """One item of the `sections:` list: a run of puzzles of one size."""

    placeholders: ClassVar[dict] = {"name": "?", "size": "9x9", "count": 1}

    name: Text = Field(description="The section's name, printed in labels; unique; required.")
    size: SizeText = Field(description="The board size, like 9x9 (4x4 to 25x25); required.")
    box: BoxText | None = Field(None, description="The box, rows x columns, when not the "
                                "usual one (6x6 has 2x3 boxes unless told 3x2).")
    count: PuzzleCount = Field(description="How many puzzles, at least 1 and at most 10,000 "
                                           "(also the most in one book); required.")
    variant: KindName = Field(
        "classic", description="The kind of puzzle (core/kinds): classic, x (both diagonals "
                               "too), hyper (four extra 3x3 windows; 9x9), jigsaw (irregular "
                               "regions), samurai (five overlapping 9x9 grids, one a page), "
                               "killer (cages with sums; 4x4, 6x6, 8x8, 9x9, 12x12) or "
                               "killer-x; any case, and aliases such as windoku.")
    symmetry: SymmetryChoice = Field(
        "none", description="Symmetry of the clue pattern: none, rotational, mirror, "
                            "diagonal.")
    puzzles_per_page: PerPage | None = Field(None, description="Puzzles per page, at most "
                                             "100; default: the layout's, or fewer if those "
                                             "would not fit.")
    difficulty: Difficulty = Field(
        "any", description="The grade every puzzle must have exactly: beginner, easy, "
                           "medium, hard, expert or extreme (see core/grade/grader.py for the "
                           "techniques each allows); any (the default) takes the puzzles "
                           "as they come.")
    rating: Rating | None = Field(
        None, description="An SE rating range every puzzle must be rated in, like 7.0-8.5 "
                          "(or one rating, 7.2); with a difficulty, both must hold. "
                          "Generation tries until it finds one, within an attempt budget.")
    ramp: Flag = Field(False, description="Order the section's puzzles from the easiest "
                                          "score to the hardest (ids and seeds unchanged).")
    clues: Natural | None = Field(None, description="Stop removing clues once this many "
                                  "remain; fewer than the cells. Default: as few as stay "
                                  "unique.")
    symbols: Text | None = Field(None, description="What the values print as: numbers (the "
                                 "default: 1 to n), letters (A-Z without I and O, up to "
                                 "24), mixed (1-9 then A-P), word (the language's "
                                 "nine-letter Wordoku word) or n characters of your own "
                                 "('CAMBRIDGE'); anything but numbers on Sudoku kinds only.")
    picture: Text | None = Field(None, description="What a Nonogram section draws: a "
                                 "bundled picture's name or title (cat, 'A snail'), a "
                                 "picture file beside the spec (PNG, or a text bitmap of '#' "
                                 "and '.') or random (a random grid). Default: the bundled "
                                 "pictures, picked by each puzzle's seed.")
    colours: Natural | None = Field(None, description="A color-nonogram section's colours "
                                    "at most, 2 to 4 (2 to 6 with interior: colour): its "
                                    "picture is reduced to as many (besides white). Default: "
                                    "4, as many greys as a black-and-white page tells apart.")


class SpecFile(Schema):
    """A whole spec file: the book and its sections (each checked on its own)."""

    book: Any = Field(description="The book mapping; see BookFile.")
    sections: Any = Field(description="A non-empty list of sections; see SectionFile.")
    cover: Any = Field(None, description="The cover, if the book has one; see "
                                         "design/cover.py's CoverFile.")


class SectionSpec(Schema):
    """A section as loaded: shape resolved, pages per layout decided."""

    name: str = Field(description="The section's name.")
    size: int = Field(description="The board size n of an n x n board (a rectangle's "
                                  "longer side).")
    sides: tuple[int, int] = Field((0, 0), description="Its frame's rows and columns, "
                                   "which a kind that takes rectangles reads.")
    box_rows: int = Field(description="Rows in each box.")
    box_cols: int = Field(description="Columns in each box.")
    count: int = Field(description="How many puzzles.")
    variant: str = Field("classic", description="The kind of puzzle: its name (core/kinds).")
    symmetry: Symmetry = Field(description="Symmetry of the clue pattern.")
    difficulty: str = Field(description="The grade asked for, or 'any'.")
    rating: RatingRange | None = Field(None, description="The SE rating range asked for, "
                                                         "if any.")
    ramp: bool = Field(False, description="Puzzles ordered from easiest to hardest score.")
    clues: int | None = Field(description="Target clue count, or None for as few as stay "
                                          "unique.")
    puzzles_per_page: int = Field(description="Puzzles per page (the spec's, or the "
                                              "layout's capped to what fits).")
    answers_per_page: int = Field(description="Answer grids per page (the layout's, capped "
                                              "to what fits for this size).")
    glyphs: tuple[str, ...] = Field((), description="What values 1..n print as (spec/"
                                    "glyphs.py); () for numbers.")
    picture: str = Field("", description="What a Nonogram section draws: '' the bundled "
                         "pictures, 'random', a bundled picture's name, or a file's path.")
    colours: int = Field(0, description="A colour Nonogram section's colours at most; 0: "
                         "the default (design/painted.PRINTED_COLOURS).")

    @property
    def kind(self) -> Kind:
        """The kind of its puzzles (core/kinds)."""
        return kind_of_name(self.variant)

    @property
    def shape(self) -> Shape:
        """The frame (core/kinds): the classic board of the size and box its puzzles
        are made on; a jigsaw's regions come from each puzzle's seed."""
        return frame_of(self.variant, self.size, self.box_rows, self.box_cols, self.sides)

    @property
    def frame_sides(self) -> tuple[int, int]:
        """Its frame's rows and columns: its size twice but for a rectangle."""
        return sides_of(self.kind, self.size, self.sides)

    @property
    def rectangle(self) -> tuple[int, int] | None:
        """Its rows and columns if they differ (its pages fit them: design/fit.py), else
        None."""
        rows, cols = self.frame_sides
        return (rows, cols) if rows != cols else None

    @property
    def size_text(self) -> str:
        """The size as written in specs and the manifest: '9x9', a rectangle's '10x18'."""
        rows, cols = self.frame_sides
        return f"{rows}x{cols}"

    @property
    def printed_box(self) -> str:
        """The box as the manifest writes it: '3x3'; '' for a kind without boxes (a
        jigsaw's regions come with each puzzle)."""
        return self.box_text if self.kind.takes_box else ""

    @property
    def box_text(self) -> str:
        """The box as written in specs and the manifest: '3x3'."""
        return f"{self.box_rows}x{self.box_cols}"


class BookSpec(Schema):
    """A whole book as loaded: every default filled, every path absolute."""

    source: Path = Field(description="The spec file, absolute.")
    title: str = Field(description="The book's title.")
    subtitle: str | None = Field(description="The subtitle, if any.")
    author: str | None = Field(description="The author, if any.")
    seed: int | str = Field(description="The book seed.")
    name: str = Field(description="Output name: <name>.pdf, <name>-answers.pdf, <name>.json.")
    layout: Layout = Field(description="The page layout, loaded.")
    answers: AnswerPlace = Field(description="Where the answer keys go.")
    language: str = Field("en", description="The language of the book's own words.")
    paper: str = Field("white", description="white or cream.")
    interior: str = Field(GREY, description="grey or colour (design/inks.py).")
    padding: str = Field("notes", description="The kind of padding page: notes or blank.")
    sections_start: str = Field("any", description="right: each section on a right-hand "
                                "page; any: on the next page.")
    difficulty_mark: str = Field("none", description="none or squares.")
    isbn: str | None = Field(None, description="The ISBN, as written.")
    copyright: str | None = Field(None, description="The text after the copyright sign.")
    imprint: str | None = Field(None, description="The publisher line, if the spec gives one.")
    edition: str | None = Field(None, description="The edition line, if any.")
    front_matter: FrontMatter = Field(description="Front matter and section opener pages.")
    page_numbers: bool = Field(description="Whether pages are numbered.")
    fonts: Fonts = Field(description="The user's fonts (absolute paths), or None each.")
    sections: tuple[SectionSpec, ...] = Field(description="The sections, in order.")
    series: str = Field(description="The series, for the registry (default: the name).")
    volume: str | None = Field(None, description="The volume as text, if given.")
    registry: Path | bool = Field(True, description="The registry file (absolute); True: "
                                  "the default one in the output folder; False: none.")
    cover: CoverSpec | None = Field(None, description="The cover, if the spec asks for one.")
    explanations: Explanations = Field(default_factory=Explanations,
                                       description="Hints, paths, glossary and times.")
    outputs: tuple[str, ...] = Field(("pdf",), description="The files to write (BOOK_OUTPUTS).")

    @property
    def issue(self) -> str:
        """This book's issue in its series' registry: the volume, or else its name."""
        return self.volume if self.volume is not None else self.name

    def page_plan(self, text_pages: dict[str, int] | None = None) -> BookPlan:
        """Every page of the book and of its answer book, from counts (design/pagecount.py).
        `text_pages`: the pages each flowing text part takes (how to play, hints, solving
        paths, glossary), once set (compose measures them); without it each is counted as
        one page: an estimate, for load-time checks."""
        return book_plan(self.layout, self.front_matter, self.sections, self.answers,
                         self.sections_start, self.padding, self.explanations, text_pages)

    def page_totals(self) -> tuple[int, int]:
        """(the book's page count, the separate answer book's, 0 if none), from counts."""
        pages = self.page_plan()
        return len(pages.book), len(pages.answer_book)


def book_plan(layout: Layout, front: FrontMatter, sections, answers: str,
              sections_start: str, padding: str, explanations: Explanations | None = None,
              text_pages: dict[str, int] | None = None) -> BookPlan:
    """The page plan for these settings: the one rule loading checks and compose draws
    (with the pages its flowing text parts take, `text_pages`)."""
    explanations = explanations or Explanations()
    back = BackCounts(*(int(wanted) for wanted in (
        explanations.hints, explanations.solving_path, explanations.with_glossary)))
    if text_pages is not None:
        back = BackCounts(*(text_pages.get(kind, 0) for kind in (HINTS, PATHS, GLOSSARY)))
    entries = len(sections) + int(front.how_to_play) + int(answers == "back") + \
        sum(1 for count in (back.hints, back.paths, back.glossary) if count)
    per_page = layout.contents_entries_per_page()
    rules_pages = 1 if text_pages is None else text_pages.get(HOW_TO_PLAY, 0)
    counts = FrontCounts(front.title_page, front.copyright_page,
                         -(-entries // per_page) if front.contents else 0,
                         rules_pages if front.how_to_play else 0)
    return plan_book(counts, sections, answers, front.section_openers,
                     sections_start == "right", page_rules(layout, padding), back,
                     layout.grid_area(answers=True))



def answer_place(answers: str | None, layout: Layout) -> str:
    """Where the answers go: as the spec says, else at the back of a print-on-demand book
    (one file to upload) and in a separate file for home and school printing."""
    return answers or ("back" if layout.print_on_demand else "separate")


def page_rules(layout: Layout, padding: str) -> PageRules:
    """The print-on-demand service's page rules for a layout (none for home printing)."""
    if not layout.print_on_demand:
        return PageRules()
    rules = load_printer()
    return PageRules(rules.min_pages, rules.even_pages, padding)
