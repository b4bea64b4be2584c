"""A day's newspaper sheets (its puzzle and its answer, as wide as the columns they span)
and the editor's proof pages, from a daily spec and its verified puzzles."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path

from ..core.puzzle import Puzzle
from ..core.registry import kind_of_puzzle
from ..design.captions import SEPARATOR, grid_size_text, kind_name, with_size_mark
from ..design.catalogue import Catalogue, load_catalogue
from ..design.cells import fitted, least_cell
from ..design.explain import technique_text
from ..design.howtoplay import rules_text
from ..pages.page import GridPlacement, Page, PageGeometry
from ..pages.paginate import GridItem, grid_slots, paginate_puzzles
from ..render.fonts import default_fonts, digit_extent
from ..render.metrics import text_width
from ..render.pdf import Metadata
from ..render.sheet import Sheet, SheetLine, line_height, sheet_geometry
from ..render.style import MIN_TEXT_SIZE, RenderStyle
from ..spec.daily import DailySpec, DaySpec
from .headlines import packed_lines

RULES_SPACE = 0.35  # space above the rules, as a share of their size
# A heading in more lines than this takes its shorter date ('31 Dec 2026') where that
# saves a line: four lines of heading over a one-column grid read as a paragraph.
HEADING_LINES = 3
A4 = (595.2756, 841.8898)  # the proof's page, in points
PROOF_DAYS_PER_PAGE = 3  # at most: a row per day, its puzzle, then its solution


@dataclass(frozen=True)
class DailyPuzzle:
    """A date's verified puzzle, its schedule entry, how many repeats it replaced, and its
    repeat key (daily.repeat_key: what a repeat of it would share)."""

    date: date
    day: DaySpec
    puzzle: Puzzle
    repeats: int = 0
    key: str = ""


def date_text(day: date, words: Catalogue | None = None, short: bool = False) -> str:
    """'Monday 1 December 2026' in the catalogue's language (English by default), whatever
    the machine's locale: 'lundi 1er décembre 2026', 'Montag, 1. Dezember 2026'; `short`,
    its month abbreviated: 'Monday 1 Dec 2026', 'Montag, 1. Dez. 2026'."""
    words = words or load_catalogue("en")
    form, months = ("date_short", "months_short") if short else ("date", "months")
    return words.text(form, weekday=words.text(f"weekdays.{day.weekday()}"),
                      day=words.text("day_one") if day.day == 1 else day.day,
                      month=words.text(f"{months}.{day.month - 1}"), year=day.year)


def words_of(spec: DailySpec) -> Catalogue:
    """The daily's message catalogue (its `language:`)."""
    return load_catalogue(spec.language)


def puzzle_title(spec: DailySpec, day: DaySpec) -> str:
    """The series, and the day's own name if it has one, else its variant's, with what its
    kind marks after its size (the heading prints no size): 'Daily Sudoku · Monster',
    'Daily Sudoku · Killer', 'The Logic Grid · Star Battle ★★'."""
    name = with_size_mark(day.title or kind_name(words_of(spec), day.kind), day.kind,
                          day.size)
    return spec.series + (SEPARATOR + name if name else "")


def heading_parts(spec: DailySpec, entry: DailyPuzzle, graded: bool = True,
                  short: bool = False) -> list[str]:
    """The parts of a puzzle's heading: its title, then its date (`short`: its month
    abbreviated) and grade (one part, so that a line break comes between them only if the
    date alone fills a line; the grade left out where not `graded`); none when the spec
    turns headings off."""
    if not spec.heading:
        return []
    words = words_of(spec)
    when = date_text(entry.date, words, short)
    return [puzzle_title(spec, entry.day),
            when + SEPARATOR + words.grade(entry.puzzle.grade) if graded else when]


def heading_forms(spec: DailySpec, entry: DailyPuzzle, graded: bool = True,
                  first: tuple[str, ...] = ()) -> list[list[str]]:
    """A heading's parts in full, then with the short date: the first that fits in
    HEADING_LINES is printed (_heading_lines). `first`: parts before them ('Solution')."""
    return [[*first, *heading_parts(spec, entry, graded, short)] for short in (False, True)]


def puzzle_sheet(spec: DailySpec, entry: DailyPuzzle) -> Sheet:
    """The day's puzzle: its heading, the rules if asked (its kind's, as a book of them
    and the web page say them), and the empty grid."""
    rules = rules_text(entry.day.kind, entry.puzzle.shape.size, entry.day.glyphs,
                       words_of(spec)) if spec.rules else ""
    return _sheet(spec, entry.day, entry.puzzle, False, heading_forms(spec, entry), rules)


def answer_sheet(spec: DailySpec, entry: DailyPuzzle) -> Sheet:
    """The day's solution: 'Solution' and the puzzle's title and date, the givens in bold.
    Its grade is the puzzle's to print: on a narrow answer it stood alone on a last line
    ('Solution · The Morning Grid' / 'Monday 7 December 2026' / 'Beginner')."""
    solution = (words_of(spec).text("solution"),) if spec.heading else ()
    return _sheet(spec, entry.day, entry.puzzle, True,
                  heading_forms(spec, entry, graded=False, first=solution), "")


def _sheet(spec: DailySpec, day: DaySpec, puzzle: Puzzle, answer: bool,
           parts: list[list[str]], rules: str) -> Sheet:
    """A sheet as wide as its columns (an answer's own, a puzzle's) and as tall as its text
    and grid need: the puzzle's grid (with its kind's marks: a Killer's cages), solved if
    it is the answer."""
    columns = day.answer_columns or day.columns if answer else day.columns
    layout = spec.layout
    width = layout.width(columns)
    placed = _text_lines(spec, parts, rules, width - 2 * layout.padding, answer)
    depths = _depths(placed, layout.text.rules * RULES_SPACE)
    border = layout.lines.border
    side, (across, down) = _board_room(spec, day, puzzle, columns)
    style = _style(spec, answer)
    # render/pdf.py keeps a grid's label height clear between the text and the grid.
    height = 2 * layout.padding + border / 2 + down + style.label_height + \
        (depths[-1] if depths else 0)
    lines = tuple(SheetLine(text, height - layout.padding - depth, size, is_bold)
                  for (text, size, is_bold), depth in zip(placed, depths))
    # A rectangle's square reaches past the sheet by what its board leaves spare, below a
    # wide one and left of a tall one, as the board sits centred in it
    # (GridPlacement.board_box).
    placement = GridPlacement(layout.padding + border / 2 - (side - across) / 2,
                              layout.padding + border / 2 - (side - down) / 2, side,
                              puzzle.givens, puzzle.solution if answer else None,
                              marks=kind_of_puzzle(puzzle).marks(puzzle.givens, puzzle.extras),
                              glyphs=day.glyphs, drawn=kind_of_puzzle(puzzle).answer.drawing)
    return Sheet(width, height, lines, placement,
                 replace(style, geometry=sheet_geometry(width, height)))


def _board_room(spec: DailySpec, day: DaySpec, puzzle: Puzzle,
                columns: int) -> tuple[float, tuple[float, float]]:
    """The side of the square a day's grid is drawn in across `columns` columns, and the
    (width, height) of its board there: a square fills the columns' grid side; a
    rectangle is fit by its sides as a book's page fits it (design/cells.fitted), a
    tall one as wide as the columns allow."""
    layout = spec.layout
    fit = fitted(day.kind, puzzle.shape)
    if isinstance(fit, int):
        side = layout.grid_side(columns)
        return side, (side, side)
    cell = layout.cell(columns, fit)
    rows, cols = fit
    return cell * max(fit), (cell * cols, cell * rows)


def _text_lines(spec: DailySpec, forms: list[list[str]], rules: str, room: float,
                answer: bool = False) -> list[tuple[str, float, bool]]:
    """(text, size, bold) of each line: the heading's parts packed into bold lines (an
    answer's at the rules' size: it is printed small), then the rules wrapped into regular
    ones, all within `room` points."""
    regular, bold = _fonts(spec)
    sizes = spec.layout.text
    heading = heading_size(spec, answer)
    placed = [(text, heading, True) for text in _heading_lines(forms, bold, heading, room)]
    if rules:
        placed += [(text, sizes.rules, False) for text in
                   balanced_lines(rules, regular, sizes.rules, room)]
    return placed


def _heading_lines(forms: list[list[str]], font: Path, size: float, room: float) -> list[str]:
    """The lines of the first of the heading's forms that packs into HEADING_LINES lines,
    or if none does, of the one in fewest (the first of those)."""
    packed = [packed_lines(parts, font, size, room) for parts in forms]
    return next((lines for lines in packed if len(lines) <= HEADING_LINES),
                min(packed, key=len))


def heading_size(spec: DailySpec, answer: bool) -> float:
    """The bold heading's size: the layout's, or on an answer the rules' (an answer spans
    its own, fewer columns, and a solution's heading is a caption, not a headline)."""
    text = spec.layout.text
    return text.rules if answer else text.heading


def _depths(placed: list[tuple[str, float, bool]], rules_space: float) -> list[float]:
    """How far below the sheet's text top each line's baseline is: a line height each,
    and a little space where the bold heading gives way to the rules."""
    depths, depth, previous_bold = [], 0.0, True
    for _, size, bold in placed:
        depth += line_height(size, bold) + (rules_space if previous_bold and not bold else 0)
        depths.append(depth)
        previous_bold = bold
    return depths


def balanced_lines(text: str, font: Path, size: float, width: float) -> list[str]:
    """The text in as few lines as wrapping to the width gives, but wrapped to the least
    width that keeps that many, so that no word is left alone on the last line."""
    count = len(wrapped_lines(text, font, size, width))
    narrow, wide = 0.0, width
    while wide - narrow > 0.5:  # fewer lines as the width grows: search for the least
        middle = (narrow + wide) / 2
        if len(wrapped_lines(text, font, size, middle)) == count:
            wide = middle
        else:
            narrow = middle
    return wrapped_lines(text, font, size, wide)


def wrapped_lines(text: str, font: Path, size: float, width: float) -> list[str]:
    """Words of text filled into lines no wider than width (a long word stands alone)."""
    lines: list[str] = []
    for word in text.split():
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and text_width(joined, font, size) <= width:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines


def _fonts(spec: DailySpec) -> tuple[Path, Path]:
    """(regular, bold) TTFs: the spec's own, else the bundled ones."""
    regular, bold = default_fonts()
    return Path(spec.fonts.regular or regular), Path(spec.fonts.bold or bold)


def _style(spec: DailySpec, answer: bool) -> RenderStyle:
    """How a sheet is drawn: headings bold (the renderer's title), rules regular (its
    subtitle), the layout's lines and digit size; other text at the smallest size. Its
    geometry is a stand-in until the sheet's height is known."""
    layout = spec.layout
    regular, bold = _fonts(spec)
    fraction = layout.text.answer_digits if answer else layout.digit_fraction
    small = MIN_TEXT_SIZE
    return RenderStyle(sheet_geometry(layout.width(1), 1.0), regular, bold,
                       given_font_ratio=fraction * digit_extent(str(regular))[0],
                       label_size=small, caption_size=small, header_size=small,
                       footer_size=small, page_number_size=small,
                       title_size=heading_size(spec, answer), subtitle_size=layout.text.rules,
                       heading_size=small, body_size=small, cell_line=layout.lines.cell,
                       box_line=layout.lines.box, border_line=layout.lines.border)


def sheet_metadata(spec: DailySpec, entry: DailyPuzzle, what: str) -> Metadata:
    """The PDF information of a day's puzzle or solution file."""
    words = words_of(spec)
    return Metadata(title=f"{puzzle_title(spec, entry.day)}: {what}, "
                          f"{date_text(entry.date, words)}",
                    subject=words.grade(entry.puzzle.grade), creator="bookmaker")


# The editor's proof: every day of a run with its grade and solution, on A4 pages, in the
# daily's language.

def proof_pages(spec: DailySpec, entries: list[DailyPuzzle]) -> tuple[list[Page], RenderStyle]:
    """Pages of up to three days each: a row per day, its puzzle beside its solution. A
    day whose cells need more room (a 12x12 takes a page of its own) has it, and the days
    around it keep sharing their pages."""
    geometry = PageGeometry(*A4, margin_top=36.0, margin_bottom=36.0, margin_inside=42.0,
                            margin_outside=42.0, header_space=24.0, footer_space=18.0)
    regular, bold = _fonts(spec)
    style = RenderStyle(geometry, regular, bold)
    header = _proof_header(spec, entries, style, geometry.content_box(1)[2])
    pages: list[Page] = []
    for days, rows in _proof_pages_days(entries, geometry, style):
        labels = _proof_labels(spec, days, style, _proof_side(geometry, style, rows))
        items = [item for entry, label in zip(days, labels)
                 for item in _proof_items(spec, entry, label)]
        pages += paginate_puzzles(items, geometry, 2 * rows, len(pages) + 1,
                                  style.label_height, style.below_height, header=header)
    return pages, style


def _proof_header(spec: DailySpec, entries: list[DailyPuzzle], style: RenderStyle,
                  room: float) -> str:
    """The proof's running head: its series, 'proof' and its first and last dates, their
    months abbreviated where the full dates do not fit across the page."""
    words = words_of(spec)
    forms = [SEPARATOR.join([spec.series, words.text("editors_proof"), words.text(
        "date_range", first=date_text(entries[0].date, words, short),
        last=date_text(entries[-1].date, words, short))]) for short in (False, True)]
    return next((form for form in forms
                 if text_width(form, style.font_regular, style.header_size) <= room),
                forms[-1])


def _proof_pages_days(entries: list[DailyPuzzle], geometry: PageGeometry,
                style: RenderStyle) -> list[tuple[list[DailyPuzzle], int]]:
    """The days page by page, each page with the days it has rows for: a day joins the
    page before it while that page still has a row for every day it holds."""
    pages: list[tuple[list[DailyPuzzle], int]] = []
    for entry in entries:
        rows = _proof_rows(entry, geometry, style)
        if pages and len(pages[-1][0]) < min(pages[-1][1], rows):
            pages[-1] = (pages[-1][0] + [entry], min(pages[-1][1], rows))
        else:
            pages.append(([entry], rows))
    return pages


def _proof_rows(entry: DailyPuzzle, geometry: PageGeometry, style: RenderStyle) -> int:
    """The most days (up to PROOF_DAYS_PER_PAGE) a proof page of such days holds while the
    day's cells keep room for what its kind prints in them (design/cells.least_cell: a
    Killer's cage totals, a Nonogram's two-digit clues; three rows of A4 give a 9x9 22.2 pt
    cells, under the 22.6 pt needed; a 12x12 needs a page of its own), across its frame (a
    15x15 Kakuro's 15 squares, not its 9 digits)."""
    side_needed = least_cell(entry.day.kind, entry.puzzle.shape) * (
        entry.puzzle.shape.frame[0] + entry.day.kind.clue_cells_across(entry.puzzle.shape))
    for days in range(PROOF_DAYS_PER_PAGE, 1, -1):
        if _proof_side(geometry, style, days) >= side_needed:
            return days
    return 1


def _proof_side(geometry: PageGeometry, style: RenderStyle, days: int) -> float:
    """The side of the square each grid of a proof page of `days` rows is drawn in."""
    return grid_slots(geometry, 1, 2 * days, style.label_height, style.below_height)[0][2]


def se_rating_text(puzzle: Puzzle) -> list[str]:
    """What an editor reads of a puzzle's Sudoku Explainer rating: ['SE 2.3'] (its ER, a
    '>=' bound kept), or [] where the kind records none (Killer, Calcudoku, 16x16). The
    grader's score, an internal sum, is not printed: the grade says it."""
    return [f"SE {puzzle.rating[0]}"] if puzzle.rating else []


def clue_count_text(puzzle: Puzzle, words: Catalogue | None = None) -> list[str]:
    """['31 clues'] (in the catalogue's language, English by default) where a puzzle's
    givens are its clues; [] for a kind whose clues are cages, signs or totals (a Killer's
    givens are none: '0 clues' told an editor nothing)."""
    if not kind_of_puzzle(puzzle).shapes_givens:
        return []
    return [(words or load_catalogue("en")).text("clue_count", count=puzzle.givens.clue_count)]


def _proof_items(spec: DailySpec, entry: DailyPuzzle, label: str) -> tuple[GridItem, GridItem]:
    """A day's row of the proof: its puzzle under its label, over its grade and clues, and
    its solution over the hardest technique it takes and its board."""
    puzzle, day, words = entry.puzzle, entry.day, words_of(spec)
    caption = SEPARATOR.join([words.grade(puzzle.grade), *se_rating_text(puzzle),
                              *clue_count_text(puzzle, words)])
    repeats = words.text("repeats_skipped", count=entry.repeats) if entry.repeats else ""
    marks = kind_of_puzzle(puzzle).marks(puzzle.givens, puzzle.extras)
    drawn = kind_of_puzzle(puzzle).answer.drawing
    return (GridItem(puzzle.givens, None, label, caption, repeats, marks=marks,
                     glyphs=day.glyphs, drawn=drawn),
            GridItem(puzzle.givens, puzzle.solution, words.text("solution"),
                     technique_text(puzzle.hardest, words), board_text(puzzle, words), marks=marks,
                     glyphs=day.glyphs, drawn=drawn))


def _proof_labels(spec: DailySpec, days: list[DailyPuzzle], style: RenderStyle,
                  side: float) -> list[str]:
    """The labels over a proof page's puzzles: each day's date and name, capitalised as a
    label starts a line ('Mercredi 9 décembre 2026'); the page's dates all with their
    months abbreviated where one full date does not fit over its grid ('Segunda-feira, 30
    nov. 2026'), so that the labels read alike down the page."""
    full = [_proof_label(spec, entry, False) for entry in days]
    if all(text_width(label, style.font_bold, style.label_size) <=
           side * _width_share(entry.puzzle) for label, entry in zip(full, days)):
        return full
    return [_proof_label(spec, entry, True) for entry in days]


def _proof_label(spec: DailySpec, entry: DailyPuzzle, short: bool) -> str:
    """A day's date (`short`: its month abbreviated) and name, capitalised."""
    words = words_of(spec)
    name = entry.day.title or kind_name(words, entry.day.kind)
    label = date_text(entry.date, words, short) + (SEPARATOR + name if name else "")
    return label[:1].upper() + label[1:]


def _width_share(puzzle: Puzzle) -> float:
    """How much of its square a board's width takes: a wide one all, a tall one less."""
    rows, cols = puzzle.shape.frame
    return cols / max(rows, cols)


def board_text(puzzle: Puzzle, words: Catalogue | None = None) -> str:
    """What board a proof's solution is, as captions print it: its kind's name (in the
    catalogue's language, English by default) and its size across the frame ('Killer ·
    6×6', 'Kakuro · 15×15', '9×9' for a classic, 'Samurai'). The board's own name said
    '9x9' for a 9x9 Killer, Calcudoku or Futoshiki alike."""
    kind = kind_of_puzzle(puzzle)
    parts = (kind_name(words or load_catalogue("en"), kind),
             grid_size_text(kind, *puzzle.shape.frame))
    return SEPARATOR.join(part for part in parts if part)


def proof_metadata(spec: DailySpec, entries: list[DailyPuzzle]) -> Metadata:
    """The proof PDF's information: its series, and the run's first and last dates."""
    words = words_of(spec)
    return Metadata(title=f"{spec.series}: {words.text('editors_proof')}, " + words.text(
        "date_range", first=entries[0].date, last=entries[-1].date), creator="bookmaker")
