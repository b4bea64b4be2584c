"""Daily specs: a newspaper series (`daily:`) and its weekday `schedule:` -> DailySpec.

Loaded like a book spec (spec/load.py): the YAML is read with every position kept, the
series and each weekday are checked on their own so that one mistake does not hide
another, and every problem is reported at once as `FILE:LINE:COL: key: message`.
"""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from pydantic import Field, PlainValidator

from ..core.board.shape import MAX_SIZE, SYMMETRIES, Shape
from ..core.grade.grades import GRADES
from ..core.kinds.kind import Kind
from ..core.rating.ranges import RatingRange
from ..core.registry import find_kind
from ..core.words import counted, with_article
from ..design.catalogue import language_names
from ..design.cells import fitted, least_cell, least_cell_reason, least_symbol_cell
from ..design.choices import output_names
from ..design.columns import (
    ColumnLayout,
    load_column_layout_file,
    load_column_preset,
    unknown_column_layout_text,
)
from ..design.fit import Sides, sides_text
from ..design.glyphs import cell_symbols
from ..design.presets import column_preset_names, is_layout_path, preset_names
from ..design.problems import Mistake, Problem, Report, SpecError
from ..design.values import (
    MIN_TEXT_POINTS,
    Colour,
    Count,
    Flag,
    Schema,
    Text,
    _whole_at_least,
    describe,
    did_you_mean,
    font_digit_top,
    mistake,
    one_of,
)
from ..design.yamlload import mark_of
from .kinds import frame_of, kind_of_name, parse_kind_frame, sides_of, sides_problem
from .load import DIGIT_INK, read_document, section_glyphs
from .model import Fonts, RegistryChoice, Symmetry
from .slugs import slug_of
from .textcheck import check_daily_texts
from .values import BoxText, KindName, Rating, Seed, SizeText, Slug

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
ANSWER_PLACES = ("separate", "next-day")
# The sheets' files, the day's record and the run's proof; then the exports (export/formats.py).
OUTPUT_KINDS = ("pdf", "png", "svg", "json", "proof", "ipuz", "feed", "page", "art",
                "art-cmyk")
DEFAULT_OUTPUTS = ("pdf", "png", "svg", "json", "proof")
MAX_DAILY_SIZE = 16  # a 25x25 is no daily puzzle: it would not fit a news column either
MAX_DAILY_LENGTH = 25  # a rectangle's longer side: a 15x25 Hashi strip fits by its width
DEFAULT_LAYOUT = "newspaper-2col"
# Used when a spec gives no schedule: the week ramps from Monday's singles-only puzzle to
# Saturday's expert one, and Sunday's is a hard one for the longer read.
DEFAULT_SCHEDULE = {
    "monday": {"difficulty": "beginner"}, "tuesday": {"difficulty": "easy"},
    "wednesday": {"difficulty": "medium"}, "thursday": {"difficulty": "medium"},
    "friday": {"difficulty": "hard"}, "saturday": {"difficulty": "expert"},
    "sunday": {"difficulty": "hard"}}


def _outputs(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise mistake(f"expected a list of outputs (some of: {', '.join(OUTPUT_KINDS)}), "
                      f"got {describe(value)}")
    try:
        return output_names(value, OUTPUT_KINDS)
    except ValueError as err:
        raise mistake(str(err)) from None


Outputs = Annotated[tuple, PlainValidator(_outputs)]
if TYPE_CHECKING:  # to mypy a choice is text and a count a number; pydantic checks them
    Grade = str
    AnswerChoice = str
    LanguageChoice = str
    SymmetryChoice = str
    Dpi = int
    Pixels = int
else:
    Grade = one_of(*GRADES)
    AnswerChoice = one_of(*ANSWER_PLACES)
    LanguageChoice = one_of(*language_names())
    SymmetryChoice = one_of(*SYMMETRIES)
    Dpi = _whole_at_least(72, 2400)
    Pixels = _whole_at_least(100, 8000)


class PngFile(Schema):
    """The two PNG resolutions: one for print, one for the web."""

    print_dpi: Dpi = Field(300, description="Resolution of the print PNGs (72 to 2400 dpi).")
    web_width: Pixels = Field(600, description="Width in pixels of the web PNGs (100 to 8000).")


class PageColours(Schema):
    """The web page's colours (each a CSS custom property of its own name, block_ink as
    --block-ink): each '#rrggbb'; unset ones keep the page's, light or dark."""

    ink: Colour | None = Field(None, description="Givens, clues and text.")
    paper: Colour | None = Field(None, description="The page and the cells.")
    line: Colour | None = Field(None, description="Grid lines and cages.")
    entry: Colour | None = Field(None, description="The reader's entries.")
    wrong: Colour | None = Field(None, description="Wrong and repeated entries.")
    select: Colour | None = Field(None, description="The selected cell.")
    related: Colour | None = Field(None, description="The selected cell's units and cage.")
    same: Colour | None = Field(None, description="Other copies of the selected symbol.")
    shade: Colour | None = Field(None, description="Shaded cells.")
    block: Colour | None = Field(None, description="Clue blocks (Kakuro's black squares).")
    block_ink: Colour | None = Field(None, description="The sums in clue blocks.")
    pencil: Colour | None = Field(None, description="Pencil marks.")
    focus: Colour | None = Field(None, description="The focus ring.")


class PageFile(Schema):
    """How the day's web page (the page output) is published."""

    answers: Flag | None = Field(None, description="true: the page carries its answer "
                                 "(Check and Reveal); false: only a digest that tells it is "
                                 "solved, and the next day's page carries the answer. "
                                 "Default: false with next-day answers, true with separate.")
    conflicts: Flag = Field(True, description="Repeated symbols marked at first.")
    highlight: Flag = Field(True, description="The selected cell's units and same symbols "
                                              "highlighted at first.")
    timer: Flag = Field(True, description="The timer shown at first.")
    colours: PageColours = Field(default_factory=PageColours, description="The page's "
                                 "colours, for a site's own look.")


class DailyFile(Schema):
    """The `daily:` mapping of a daily spec: the series and how its files are made."""

    placeholders: ClassVar[dict] = {"series": "?", "seed": 0}

    series: Text = Field(description="The series' name, printed in every heading; required.")
    seed: Seed = Field(description="The series' secret: any whole number or text. A date's "
                                   "puzzle depends only on it, the date and that weekday's "
                                   "schedule. Required.")
    name: Slug | None = Field(None, description="The series' folder name (lowercase letters, "
                                                "digits, hyphens); default: from the series.")
    layout: Text = Field(DEFAULT_LAYOUT, description="A newspaper column preset from "
                         "layouts/newspaper/, or a path to a column layout .yaml file.")
    answer: AnswerChoice = Field(
        "separate", description="separate: each day's answer files beside its puzzle; "
                                "next-day: in the next scheduled day's folder.")
    outputs: Outputs = Field(DEFAULT_OUTPUTS, description="The files to write: pdf, png, svg "
                             "(puzzle and answer each), json (day.json), proof (the editor's "
                             "proof PDF of the run); ipuz (the day's puzzle.ipuz, or "
                             "puzzle.json for a kind ipuz has no kind for), page (the day's "
                             "page.html to solve it on), feed (the run's feed JSON and CSV), "
                             "art (the day's grid and answer alone for a layout desk: "
                             "puzzle-art.pdf, .svg, .eps), art-cmyk (the same PDF and EPS on "
                             "CMYK's black plate). Default: the first five.")
    rules: Flag = Field(True, description="A line of rules under each puzzle's heading.")
    heading: Flag = Field(True, description="The heading (series, date, grade; 'Solution' "
                                            "on an answer) above each grid; false: the grid "
                                            "and its rules alone, for a page that sets its "
                                            "own.")
    answer_columns: Count | None = Field(None, description="Columns every answer spans; "
                                         "default: the fewest its grid fits in with answer "
                                         "digits of 7 pt or more (at most its puzzle's).")
    language: LanguageChoice = Field(
        "en", description="The language of headings, dates, rules and 'Solution' "
                          "(messages/<language>.yaml).")
    png: PngFile = Field(default_factory=PngFile, description="PNG resolutions.")
    page: PageFile = Field(default_factory=PageFile, description="The web page (the page "
                                                                 "output).")
    fonts: Fonts = Field(default_factory=Fonts, description="The user's own TTF fonts.")
    registry: RegistryChoice = Field(True, description="The registry file (relative to the "
                                     "spec) of the series' published puzzles; true (the "
                                     "default): <name>.registry.sqlite in the output folder; "
                                     "none or false: no registry.")


class DayFile(Schema):
    """One weekday of `schedule:`: the puzzle printed on that day of every week."""

    difficulty: Grade | None = Field(None, description="The exact grade: beginner, easy, "
                                     "medium, hard, expert or extreme; required unless a "
                                     "rating is given.")
    rating: Rating | None = Field(None, description="An SE rating range, like 7.0-8.5 (or "
                                  "one rating, 7.2); with a difficulty, both must hold.")
    size: SizeText = Field("9x9", description="The board size, 4x4 to 16x16.")
    box: BoxText | None = Field(None, description="The box, rows x columns, when not the "
                                                  "usual one (6x6: 2x3 unless told 3x2).")
    variant: KindName = Field(
        "classic", description="The kind of puzzle: classic, x, hyper, jigsaw, samurai, "
                               "killer or killer-x (see the book spec's sections).")
    symmetry: SymmetryChoice | None = Field(None, description="Symmetry of the clue "
                                                 "pattern: none, rotational (the default), "
                                                 "mirror, diagonal.")
    title: Text | None = Field(None, description="A name for the day's puzzle, printed in "
                                                 "its heading: 'Monster', 'Mini'.")
    columns: Count | None = Field(None, description="Columns this day's puzzle spans; "
                                                    "default: the layout's.")
    symbols: Text | None = Field(None, description="What the values print as: numbers (the "
                                 "default: 1 to n), letters (A-Z without I and O, up to "
                                 "24), mixed (1-9 then A-P), word (the language's "
                                 "nine-letter Wordoku word) or n characters of your own "
                                 "('CAMBRIDGE'); anything but numbers on Sudoku kinds only.")


class DailySpecFile(Schema):
    """A whole daily spec file: the series and the schedule (each checked on its own)."""

    daily: Any = Field(description="The series mapping; see DailyFile.")
    schedule: Any = Field(None, description="Weekday -> DayFile; default DEFAULT_SCHEDULE.")


class DaySpec(Schema):
    """A weekday's puzzle as loaded: shape resolved, columns decided."""

    weekday: str = Field(description="monday .. sunday.")
    size: int = Field(description="The board size n of an n x n board (a rectangle's "
                                  "longer side).")
    sides: tuple[int, int] = Field((0, 0), description="Its frame's rows and columns, "
                                   "which a kind that takes rectangles reads.")
    box_rows: int = Field(description="Rows in each box.")
    box_cols: int = Field(description="Columns in each box.")
    variant: str = Field("classic", description="The kind of puzzle: its name (core/kinds).")
    difficulty: str = Field(description="The grade every puzzle of this weekday has, or "
                                        "'any' (a rating alone was asked for).")
    rating: RatingRange | None = Field(None, description="The SE rating range asked for, "
                                                         "if any.")
    symmetry: Symmetry = Field(description="Symmetry of the clue pattern.")
    title: str | None = Field(description="The day's puzzle name, if any.")
    columns: int = Field(description="Columns of the page the puzzle spans.")
    answer_columns: int = Field(0, description="Columns its answer spans; 0: as its puzzle.")
    glyphs: tuple[str, ...] = Field((), description="What values 1..n print as (spec/"
                                    "glyphs.py); () for numbers.")

    @property
    def kind(self) -> Kind:
        """The kind of its puzzles (core/kinds)."""
        return kind_of_name(self.variant)

    @property
    def shape(self) -> Shape:
        """The frame its puzzles are made on (core/kinds)."""
        return frame_of(self.variant, self.size, self.box_rows, self.box_cols, self.sides)

    @property
    def size_text(self) -> str:
        """The size as the manifest writes it: '9x9', a rectangle's '10x18'."""
        rows, cols = sides_of(self.kind, self.size, self.sides)
        return f"{rows}x{cols}"


class DailySpec(Schema):
    """A whole daily series as loaded: every default filled, every path absolute."""

    source: Path = Field(description="The spec file, absolute.")
    series: str = Field(description="The series' name.")
    name: str = Field(description="The series' folder name.")
    seed: int | str = Field(description="The series seed.")
    layout: ColumnLayout = Field(description="The column layout, loaded.")
    answer: str = Field(description="separate or next-day.")
    outputs: tuple[str, ...] = Field(description="The kinds of files to write.")
    rules: bool = Field(description="Whether a line of rules is printed.")
    heading: bool = Field(True, description="Whether headings are printed.")
    language: str = Field("en", description="The language of the printed words.")
    png: PngFile = Field(description="PNG resolutions.")
    page: PageFile = Field(default_factory=PageFile, description="The web page.")
    fonts: Fonts = Field(description="The user's fonts (absolute paths), or None each.")
    registry: Path | bool = Field(description="The registry file (absolute); True: the "
                                  "default one in the output folder; False: none.")
    schedule: tuple[DaySpec | None, ...] = Field(description="Monday to Sunday; None: no "
                                                             "puzzle that weekday.")

    def day_of(self, day: date) -> DaySpec | None:
        """The schedule entry for a date, or None if its weekday has no puzzle."""
        return self.schedule[day.weekday()]


def load_daily_spec(path: str | os.PathLike) -> DailySpec:
    """The daily spec in the YAML file at path; SpecError lists every problem with it."""
    shown, source = str(path), Path(path).resolve()
    report = Report(shown, read_document(source, shown))
    report.add_duplicates()
    document = report.document
    _refuse_book_spec(report)
    if report.validate(DailySpecFile, document) is None:
        raise SpecError(report.sorted_problems())
    daily = report.validate(DailyFile, document["daily"], ("daily",), {"base": source.parent})
    days = _schedule_files(report, document.get("schedule", DEFAULT_SCHEDULE))
    layout, layout_problems = _layout(report, daily and daily.layout, source, shown)
    language = daily.language if daily is not None and daily.language else "en"
    answer_columns = daily.answer_columns if daily is not None else None
    schedule = [_day_spec(report, weekday, days.get(weekday), layout, language, answer_columns)
                for weekday in WEEKDAYS]
    _check_digit_font(report, daily, layout)
    if daily is not None:
        check_daily_texts(report, daily, days)
    problems = report.sorted_problems() + layout_problems
    if problems:
        raise SpecError(problems)
    return DailySpec(source=source, series=daily.series,
                     name=daily.name or slug_of(daily.series, "daily"), seed=daily.seed,
                     layout=layout, answer=daily.answer, outputs=daily.outputs,
                     rules=daily.rules, heading=daily.heading, language=daily.language,
                     png=daily.png, page=daily.page,
                     fonts=daily.fonts, registry=daily.registry, schedule=tuple(schedule))


def _refuse_book_spec(report: Report) -> None:
    """A book spec given to the daily loader: one clear problem instead of a dozen."""
    document = report.document
    if not isinstance(document, dict) or "daily" in document:
        return
    key = "book" if "book" in document else "sections" if "sections" in document else None
    if key is not None:
        report.add(Mistake((), f"this is a book spec (it has '{key}:'): build it with "
                               f"`bookmaker build`; a daily spec has a 'daily:' mapping "
                               f"and a 'schedule:'", key=key))
        raise SpecError(report.sorted_problems())


def daily_spec_problem(path: str | os.PathLike) -> Problem | None:
    """The one problem to report when a book command is given a daily spec; None if the
    file is not a daily spec (or cannot be read: the book loader reports that)."""
    try:
        document = read_document(Path(path).resolve(), str(path))
    except SpecError:
        return None
    if not isinstance(document, dict) or "daily" not in document or "book" in document:
        return None
    mark = mark_of(document, (), "daily")
    assert mark is not None  # a document read from a file has its marks
    return Problem(str(path), mark.line + 1, mark.column + 1, "",
                   f"this is a daily spec (it has 'daily:'): make its puzzles with "
                   f"`bookmaker daily {path} --from YYYY-MM-DD`; a book spec has 'book:' "
                   f"and 'sections:'")


def _schedule_files(report: Report, raw: Any) -> dict[str, DayFile | None]:
    """Each scheduled weekday's DayFile (None where it has mistakes)."""
    if not isinstance(raw, dict):
        report.add(Mistake(("schedule",), f"expected a mapping of weekdays (monday to "
                                          f"sunday), got {describe(raw)}"))
        return {}
    if not raw:
        report.add(Mistake(("schedule",), "needs at least one weekday (monday to sunday)"))
    for key in raw:
        if key not in WEEKDAYS:
            report.add(Mistake(("schedule",), f"unknown weekday {key!r}"
                               f"{did_you_mean(key, WEEKDAYS) or ' (expected monday to sunday)'}",
                               key=key))
    for weekday in WEEKDAYS:
        day = raw.get(weekday)
        if isinstance(day, dict) and "difficulty" not in day and "rating" not in day and \
                not _pictured(day.get("variant")):
            report.add(Mistake(("schedule", weekday), "missing required key 'difficulty' "
                                                      "(or a 'rating', or both)"))
    return {weekday: report.validate(DayFile, raw[weekday], ("schedule", weekday))
            for weekday in WEEKDAYS if weekday in raw}


def _pictured(variant: object) -> bool:
    """A day's kind draws a picture (a Nonogram): as hard as its picture, it takes no
    difficulty, so none is asked for."""
    kind = find_kind(variant) if isinstance(variant, str) else None
    return kind is not None and kind.pictured


def _layout(report: Report, value: str | None, source: Path,
            shown: str) -> tuple[ColumnLayout | None, list[Problem]]:
    """The column layout daily.layout names, and the problems inside its file, if any."""
    if value is None:
        return None, []
    if is_layout_path(value):
        path = (source.parent / value).resolve()
        if not path.is_file():
            report.add(Mistake(("daily", "layout"), f"layout file {value!r} not found "
                                                    f"(looked for {path})"))
            return None, []
        return load_column_layout_file(path, os.path.join(os.path.dirname(shown), value))
    if value not in column_preset_names():
        report.add(Mistake(("daily", "layout"), unknown_column_layout_text(value,
                                                                           preset_names())))
        return None, []
    try:
        return load_column_preset(value), []
    except SpecError as error:  # a broken preset: a bug, but still reported, not raised
        return None, error.problems


def _day_spec(report: Report, weekday: str, day: DayFile | None,
              layout: ColumnLayout | None, language: str = "en",
              answer_columns: int | None = None) -> DaySpec | None:
    """Check what needs several of a day's values; None if it is not scheduled or wrong."""
    at = ("schedule", weekday)
    shape = _shape(report, at, day) if day is not None else None
    if day is None or shape is None or layout is None:
        return None
    kind = kind_of_name(day.variant)
    columns = _day_columns(report, at, day, layout, kind, shape)
    if columns is None or not _day_made(report, at, day, kind, shape):
        return None
    # An unset symmetry is 'rotational' even on a Killer, whose givens it does not shape:
    # it is part of every day's seed (daily/build.py), and those seeds stay as they were.
    glyphs = section_glyphs(report, at, day.symbols, shape.size, kind, language)
    if glyphs is None:
        return None
    answer = _answer_columns(report, layout, answer_columns, columns,
                             fitted(kind, shape), cell_symbols(kind, glyphs, shape.size),
                             kind.answer.number_room)
    if answer is None:
        return None
    return DaySpec(weekday=weekday, size=shape.size, sides=shape.frame,
                   box_rows=shape.box_rows,
                   box_cols=shape.box_cols, variant=kind.name, difficulty=day.difficulty or "any",
                   rating=day.rating, symmetry=day.symmetry or "rotational", title=day.title,
                   columns=columns, glyphs=glyphs, answer_columns=answer)


def _day_columns(report: Report, at: tuple, day: DayFile, layout: ColumnLayout, kind: Kind,
                 shape: Shape) -> int | None:
    """The columns the day's puzzle spans (its own, or the layout's), if the page has
    them and the board fits them; None, reported, otherwise."""
    columns = day.columns or layout.columns
    if columns > layout.page_columns:
        report.add(Mistake(at + ("columns",), f"the {layout.name} layout's page has "
                                              f"{layout.page_columns} columns, got {columns}"))
        return None
    problem = layout.fit_problem(fitted(kind, shape), columns, least_cell(kind, shape),
                                 least_cell_reason(kind, shape))
    if problem:
        report.add(Mistake(at + ("columns" if day.columns else "size",), problem))
        return None
    return columns


def _day_made(report: Report, at: tuple, day: DayFile, kind: Kind, shape: Shape) -> bool:
    """Whether the kind takes the day's options and makes its grade (or draws a bundled
    picture to it); each refusal reported (a day with neither grade nor rating was)."""
    refused = kind.options_problem(day.symmetry or "none", None, day.rating)
    if refused:
        report.add(Mistake(at + (refused[0],), refused[1]))
        return False
    if day.difficulty is None and day.rating is None and not kind.pictured:  # reported
        return False
    from ..design.pictures import picture_problem

    grade_problem = kind.grade_problem(shape, day.difficulty or "any") or \
        picture_problem(kind, day.difficulty or "any", "")  # a day draws a bundled picture
    if grade_problem:
        report.add(Mistake(at + ("difficulty",), grade_problem))
        return False
    return True


def _answer_columns(report: Report, layout: ColumnLayout, asked: int | None, columns: int,
                    fit: int | Sides, glyphs: tuple[str, ...],
                    room: float = 1.0) -> int | None:
    """The columns a day's answer spans: as asked, or the fewest (up to its puzzle's) whose
    cells keep its digits at 7 pt or more in the `room` of a cell its drawing sets them in
    (Answer.number_room: a Hashi's island circle), else its puzzle's; None with the
    mistake reported when the asked ones do not keep them at 7 pt in the whole cell."""
    least = max(MIN_TEXT_POINTS / layout.text.answer_digits, least_symbol_cell(glyphs))
    fits = [span for span in range(1, layout.page_columns + 1)
            if layout.cell(span, fit) >= least]
    if asked is None:
        roomy = max(least / room, least_symbol_cell(glyphs))
        return min([span for span in fits if span <= columns
                    and layout.cell(span, fit) >= roomy] or [columns])
    if asked not in fits:
        report.add(Mistake(("daily", "answer_columns"), f"{with_article(sides_text(fit))} "
                           f"answer across "
                           f"{counted(asked, 'column')} of the {layout.name} "
                           f"layout would have cells under {least:.1f} pt, too small for "
                           f"{MIN_TEXT_POINTS:g} pt digits: give it more columns"))
        return None
    return asked


def _shape(report: Report, at: tuple, day: DayFile) -> Shape | None:
    """The day's frame (core/kinds): whether its kind comes in its size, then its
    box: the one given, or else the size's usual one."""
    if day.size is None or day.variant is None:  # reported already
        return None
    kind = kind_of_name(day.variant)
    problem = sides_problem(kind, day.size, day.box is not None)
    if problem:
        report.add(Mistake(at + (problem[0],), problem[1]))
        return None
    try:
        shape = parse_kind_frame(kind, day.size, day.box)
    except ValueError as error:
        report.add(Mistake(at + ("box" if day.box else "size",), str(error)))
        return None
    too_big = _daily_size_problem(shape)
    if too_big:
        report.add(Mistake(at + ("size",), f"{too_big}, got {day.size}"))
        return None
    return shape


def _daily_size_problem(shape: Shape) -> str | None:
    """Why a frame is no daily puzzle's: a square over MAX_DAILY_SIZE, a rectangle over it
    on its shorter side or over MAX_DAILY_LENGTH on its longer; None if it may be one."""
    short, long = sorted(shape.frame)
    if short == long and short > MAX_DAILY_SIZE:
        return (f"daily puzzles are 4x4 to {MAX_DAILY_SIZE}x{MAX_DAILY_SIZE} (bookmaker "
                f"makes up to {MAX_SIZE}x{MAX_SIZE} for books)")
    if short > MAX_DAILY_SIZE or long > MAX_DAILY_LENGTH:
        return (f"daily rectangles are at most {MAX_DAILY_SIZE} cells on their shorter "
                f"side and {MAX_DAILY_LENGTH} on their longer, as a {MAX_DAILY_SIZE}x"
                f"{MAX_DAILY_LENGTH}")
    return None


def _check_digit_font(report: Report, daily: DailyFile | None,
                      layout: ColumnLayout | None) -> None:
    """The user's digit font must reach 0.2 to 0.78 of the cell at the layout's digit size,
    as the renderer requires (spec/load.py checks book fonts alike)."""
    regular = daily.fonts.regular if daily is not None and daily.fonts is not None else None
    top = font_digit_top(regular) if regular is not None and layout is not None else None
    if top is None or layout is None:
        return
    ink = layout.digit_fraction * top
    if not DIGIT_INK[0] <= ink <= DIGIT_INK[1]:
        report.add(Mistake(("daily", "fonts", "regular"), f"this font's digits are {top:.2f} "
                           f"of its size, so the {layout.name} layout's digits would reach "
                           f"{ink:.2f} of the cell; they must reach {DIGIT_INK[0]} to "
                           f"{DIGIT_INK[1]}: choose another font or layout"))
