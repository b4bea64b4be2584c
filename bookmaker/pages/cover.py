"""A book's full-wrap cover, composed: every text, box and puzzle grid placed in points
(origin at the lower left of the bleed), ready to draw. Sizes and fits follow
design/coverfit.py's rules, the ones the spec was checked by when it loaded."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core.board.grid import Grid
from ..core.board.marks import Marks
from ..core.puzzle import Puzzle
from ..core.registry import kind_of_puzzle
from ..core.sums import added
from ..design.captions import MARK_SPACE, MARK_SQUARE
from ..design.catalogue import Catalogue
from ..design.cover import (
    ColourSet,
    CoverDesign,
    CoverGeometry,
    barcode_box,
    front_puzzles,
    has_spine_text,
)
from ..design.coverfit import (
    BACK_GRID_GAP,
    LEGEND_ENTRY_GAP,
    LEGEND_LEADING,
    LEGEND_MARK_GAP,
    FrontWords,
    back_grid_side,
    back_lines,
    back_text_room,
    badge_said,
    entry_width,
    front_plan,
    legend_entries,
    legend_height,
    legend_rows,
    mark_width,
    spine_size,
    spine_text,
    summary,
    tagline,
)
from ..design.fontfile import FallbackFont, FontFile
from .board import board_drawing, edge_centre

LEFT, CENTRE = "left", "centre"
RULE_LENGTH, RULE_WEIGHT = 108.0, 1.6  # points: the accent rule under the title, at most
FOLD_OVERLAP = 4.5  # points (1/16 in): the spine's colour reaches this far past each fold,
# so that a cover folded up to KDP's binding tolerance off shows no sliver of the face's
# colour on the spine, nor of the spine's on a face edge that a reader sees as a line
BADGE_RADIUS = 1.45  # the count badge's radius, per the size of its number
# Where the badge's centre may sit, (left, down) of the art's top right corner per its
# radius: so far in over the corner (first choice) or along the art's top or right side;
# only a little out past the corner (the margin round the art is no wider than a badge).
BADGE_DEPTHS = (0.45, 0.3, 0.15, 0.0)
BADGE_STEP = 0.25  # ... moved along a side by this much of its radius at a time
BADGE_OUT = (-0.15, -0.3)  # ... or out past the corner along its diagonal, so far at most


@dataclass(frozen=True)
class CoverText:
    """One line of text: its baseline's start (left) or middle (centre); a vertical one
    reads top to bottom, (x, y) the middle of its capitals' band."""

    text: str
    x: float
    y: float
    size: float
    bold: bool
    colour: str
    align: str = CENTRE
    vertical: bool = False
    display: bool = False  # set in the design's display face (or, lacking a glyph, bold)


@dataclass(frozen=True)
class CoverBox:
    """A filled rectangle."""

    x: float
    y: float
    width: float
    height: float
    colour: str


@dataclass(frozen=True)
class CoverGrid:
    """A puzzle drawn as art, as its kind draws it (its marks: cages and sums, shaded
    diagonals and windows, regions): its givens, and the solved digits of the `pencilled`
    cells in the pencil colour, on cells filled with the highlight colour where `lit`."""

    x: float
    y: float
    side: float
    givens: Grid
    solution: Grid
    marks: Marks = Marks()
    pencilled: frozenset[int] = frozenset()
    lit: frozenset[int] = frozenset()
    glyphs: tuple[str, ...] = ()  # what its values print as (its section's symbols)
    drawn: str = "symbols"  # how its kind's answer is drawn (core/kinds/answer.py)


@dataclass(frozen=True)
class CoverDisc:
    """A filled circle: (x, y) its centre."""

    x: float
    y: float
    radius: float
    colour: str


@dataclass(frozen=True)
class CoverMark:
    """A difficulty mark: MARK_STEPS squares from (x, y), their bottom-left, `filled` of
    them filled, each `square` points wide and `step` apart."""

    x: float
    y: float
    square: float
    step: float
    filled: int
    colour: str


@dataclass(frozen=True)
class CoverBarcode:
    """An EAN-13 barcode of the ISBN, on white, filling the barcode area."""

    digits: str  # the 12 digits before the check digit
    isbn: str  # as the spec wrote it, printed above the bars
    box: tuple[float, float, float, float]


@dataclass(frozen=True)
class Cover:
    """Everything the cover file holds."""

    geometry: CoverGeometry
    colours: dict[str, str]
    gradient: str | None
    boxes: tuple[CoverBox, ...]
    grids: tuple[CoverGrid, ...]
    texts: tuple[CoverText, ...]
    barcode: CoverBarcode | None
    font_regular: Path
    font_bold: Path
    cap: float  # the bold font's capitals (and digits), a share of the size: for centring
    title: str
    author: str
    font_display: Path  # bold texts are set in it, or in font_bold where it lacks a glyph
    discs: tuple[CoverDisc, ...] = ()
    marks: tuple[CoverMark, ...] = ()


@dataclass(frozen=True)
class CoverWords:
    """The book's texts a cover prints, in its language."""

    title: str
    subtitle: str | None
    author: str | None
    isbn: str | None
    count: int
    kinds: tuple[str, ...]  # each section's kind's name, in the book's order
    difficulties: tuple[str, ...]
    answers: str
    blurb: str | None
    barcode: bool
    squares: bool = False  # the interior marks each puzzle's grade with squares


@dataclass(frozen=True)
class _Fonts:
    regular: FontFile
    bold: FontFile
    display: FallbackFont  # the design's display face, falling back to the book's bold
    cap: float  # the display capitals' height, a share of the size


@dataclass
class _Drawn:
    """What composing has placed so far."""

    texts: list[CoverText]
    boxes: list[CoverBox]
    discs: list[CoverDisc]
    marks: list[CoverMark]


def compose_cover(words: CoverWords, catalogue: Catalogue, design: CoverDesign,
                  geometry: CoverGeometry, puzzles: Sequence, fonts: tuple[Path, Path, Path],
                  measured: tuple[FontFile, FontFile, FallbackFont], cap: float,
                  glyphs: Sequence[tuple[str, ...]] = ()) -> Cover:
    """The cover of a book with these words, in this design and size, its art made of
    `puzzles` (book/cover.py's picks, each shown once: the front's, then the back's) in
    their `glyphs` (each one's section's symbols; () numbers). fonts are the regular, bold
    and display files, `measured` the same (the display face with its fallback)."""
    puzzles = [_Shown(puzzle, _marks(puzzle), symbols) for puzzle, symbols
               in zip(puzzles, tuple(glyphs) or ((),) * len(puzzles))]
    faces = _Fonts(*measured, cap)
    drawn = _Drawn([], [], [], [])
    front_art = _front(words, catalogue, design, geometry, faces, drawn)
    front = front_puzzles(design, len(puzzles))
    grids = _art(design, front_art, puzzles[:front])
    _count_badge(words, catalogue, design, grids, faces, drawn)
    grids += _back(words, catalogue, design, geometry, faces, drawn, puzzles[front:])
    drawn.boxes += _spine(words, design, geometry, faces, drawn.texts)
    barcode = None
    if words.barcode and words.isbn:
        barcode = CoverBarcode(ean_digits(words.isbn), words.isbn, barcode_box(geometry))
    return Cover(geometry, design.colours.named(), design.gradient, tuple(drawn.boxes),
                 tuple(grids), tuple(drawn.texts), barcode, fonts[0], fonts[1], cap,
                 words.title, words.author or "", fonts[2], tuple(drawn.discs),
                 tuple(drawn.marks))


def _front(words: CoverWords, catalogue: Catalogue, design: CoverDesign,
           geometry: CoverGeometry, fonts: _Fonts, drawn: _Drawn
           ) -> tuple[float, float, float, float]:
    """The front's texts, badge and rule, as design/coverfit.py's front_plan places them; the
    room left for the art: (centre x, bottom, top, live width)."""
    style, colours = design.front, design.colours
    texts, boxes = drawn.texts, drawn.boxes
    badge = badge_said(catalogue.text(style.badge) if style.badge else None, words.title,
                       words.subtitle)
    said = FrontWords(words.title, words.subtitle, words.author,
                      tagline(words.kinds, words.difficulties, catalogue), badge)
    plan = front_plan(said, style, (geometry.trim_width, geometry.trim_height),
                      fonts.regular.width, fonts.bold.width, fonts.cap, fonts.display.width)
    assert plan is not None  # loading checked that the front's words fit
    centre, base = geometry.front_x + geometry.trim_width / 2, geometry.bleed
    if plan.badge:
        width, height, bottom = plan.badge
        boxes.append(CoverBox(centre - width / 2, base + bottom, width, height,
                              colours["accent"]))
    texts += [CoverText(line.text, centre, base + line.baseline, line.size, line.bold,
                        colours[line.colour], display=line.display) for line in plan.lines]
    rule = min((geometry.trim_width - 2 * style.margin) * 0.3, RULE_LENGTH)
    boxes.append(CoverBox(centre - rule / 2, base + plan.rule, rule, RULE_WEIGHT,
                          colours["accent"]))
    bottom, top = plan.art
    return centre, base + bottom, base + top, geometry.trim_width - 2 * style.margin


def _art(design: CoverDesign, room: tuple[float, float, float, float],
         puzzles: Sequence) -> list[CoverGrid]:
    """One large, partly solved puzzle, or a mosaic of puzzles, centred in the room."""
    centre, bottom, top, width = room
    art = design.front.art
    side = min(art.width * width, top - bottom)
    y = bottom + (top - bottom - side) / 2
    x = centre - side / 2
    if art.kind == "grid" or len(puzzles) == 1:
        return [_solving(x, y, side, puzzles[0])]
    return _mosaic(x, y, side, math.isqrt(len(puzzles)), puzzles)


def _solving(x: float, y: float, side: float, puzzle) -> CoverGrid:
    """A puzzle being solved: the box (or region) holding the frame's middle cell, and the
    row and column through that cell, lit; the box's and the row's empty cells pencilled
    in with their solution, the rest left to solve. Works on any board: it asks the
    units, not the boxes (a board without boxes lights its row and column)."""
    shape = puzzle.givens.shape
    middle = _middle_cell(shape)
    units = [shape.units[i] for i in shape.units_of[middle]]
    box, row, column = ({cell for u in units if u.kind in kinds for cell in u.cells}
                        for kinds in (("box", "region"), ("row",), ("column",)))
    empty = {i for i, value in enumerate(puzzle.givens.cells) if not value}
    return CoverGrid(x, y, side, puzzle.givens, puzzle.solution, puzzle.marks,
                     frozenset((box | row) & empty), frozenset(box | row | column),
                     puzzle.glyphs, puzzle.drawn)


@dataclass(frozen=True)
class _Shown:
    """A puzzle the cover shows: its givens and solution, its marks and its glyphs."""

    puzzle: Puzzle
    marks: Marks
    glyphs: tuple[str, ...]

    @property
    def givens(self) -> Grid:
        return self.puzzle.givens

    @property
    def solution(self) -> Grid:
        return self.puzzle.solution

    @property
    def drawn(self) -> str:
        """How its kind's answer is drawn (core/kinds/answer.py)."""
        return kind_of_puzzle(self.puzzle).answer.drawing


def _marks(puzzle) -> Marks:
    """What the puzzle's kind draws beyond cells and givens (a Killer's cages)."""
    return kind_of_puzzle(puzzle).marks(puzzle.givens, puzzle.extras)


def _middle_cell(shape) -> int:
    """The cell nearest the middle of the board's frame (the middle box's middle cell on
    classic boards with odd box sides)."""
    rows, cols = shape.frame
    return min(range(shape.cell_count),
               key=lambda c: (abs(2 * shape.positions[c][0] - (rows - 1)) +
                              abs(2 * shape.positions[c][1] - (cols - 1)), c))


def _mosaic(x: float, y: float, side: float, tiles: int, puzzles: Sequence) -> list[CoverGrid]:
    """tiles x tiles puzzles with narrow gaps, each a different one; the middle one being
    solved (never shown whole: a cover gives no puzzle's answer away)."""
    gap = side * 0.035
    tile = (side - gap * (tiles - 1)) / tiles
    grids = []
    for index in range(tiles * tiles):
        row, col = divmod(index, tiles)
        puzzle = puzzles[index]
        at = (x + col * (tile + gap), y + side - (row + 1) * tile - row * gap)
        grids.append(_solving(*at, tile, puzzle) if index == (tiles * tiles) // 2 else
                     CoverGrid(*at, tile, puzzle.givens, puzzle.solution, puzzle.marks,
                               glyphs=puzzle.glyphs, drawn=puzzle.drawn))
    return grids


def _count_badge(words: CoverWords, catalogue: Catalogue, design: CoverDesign,
                 art: list[CoverGrid], fonts: _Fonts, drawn: _Drawn) -> None:
    """A round badge over the art's top right corner: the number of puzzles, large, and
    the word for them under it, in the background's colour on the accent."""
    size = design.front.count
    if size is None or not art:
        return
    radius = size * BADGE_RADIUS
    right = max(grid.x + grid.side for grid in art)
    top = max(grid.y + grid.side for grid in art)
    printed = [box for grid in art for box in _printed_cells(grid)]
    reach = (right - min(grid.x for grid in art), top - min(grid.y for grid in art))
    # The place nearest the corner's where it covers fewest givens and clues (none, most
    # often): a reader must see every given of a puzzle on the cover.
    x, y = min(((right - radius * across, top - radius * down)
                for across, down in _badge_places(reach[0] / radius, reach[1] / radius)),
               key=lambda at: sum(_disc_meets(at[0], at[1], radius, box) for box in printed))
    colour = design.colours["background"]
    word = catalogue.text("cover_badge", count=words.count)  # "24 łamigłówki", "25 łamigłówek"
    small = min(size * 0.42, radius * 1.5 / max(fonts.bold.width(word, 1.0), 0.01))
    drawn.discs.append(CoverDisc(x, y, radius, design.colours["accent"]))
    drawn.texts.append(CoverText(str(words.count), x, y - size * fonts.cap * 0.3, size, True,
                                 colour, display=True))
    drawn.texts.append(CoverText(word, x, y - size * fonts.cap * 0.3 - small * 1.35, small,
                                 True, colour))


def _badge_places(wide: float, tall: float) -> list[tuple[float, float]]:
    """The badge's places (BADGE_DEPTHS), nearest the corner's first, along sides `wide`
    and `tall` radii long."""
    along = [BADGE_DEPTHS[0] + BADGE_STEP * step for step in range(1, int(max(wide, tall) /
                                                                         BADGE_STEP))]
    places = {(a, d) for a in BADGE_DEPTHS for d in BADGE_DEPTHS}
    places |= {(out, out) for out in BADGE_OUT}  # out past the corner, as a last resort
    places |= {(a, d) for a in BADGE_DEPTHS for d in along if d < tall}
    places |= {(a, d) for a in along for d in BADGE_DEPTHS if a < wide}
    first = BADGE_DEPTHS[0]
    return sorted(places, key=lambda at: ((at[0] - first) ** 2 + (at[1] - first) ** 2, at))


def _printed_cells(grid: CoverGrid) -> list[tuple[float, float, float, float]]:
    """The boxes (left, bottom, width, height in points) of a tile's cells that print a
    given or a clue outside the grid, and a cell's box round each sign between cells."""
    frame = board_drawing(grid.givens.shape).frame
    cell = grid.side / (frame + grid.marks.across)
    left = grid.x + grid.marks.outside * cell
    top = grid.y + grid.side - grid.marks.outside * cell
    shape = grid.givens.shape
    places: list[tuple[float, float]] = [(col, row) for index, value in
                                         enumerate(grid.givens.cells) if value
                                         for row, col in (shape.positions[index],)]
    places += [(x - 0.5, y - 0.5) for x, y in (edge_centre(frame, edge)
                                               for edge in grid.marks.edges)]
    places += [((a[1] + b[1]) / 2, (a[0] + b[0]) / 2) for sign in grid.marks.signs
               for a, b in ((shape.positions[sign.first], shape.positions[sign.second]),)]
    return [(left + col * cell, top - (row + 1) * cell, cell, cell) for col, row in places]


def _disc_meets(x: float, y: float, radius: float,
                box: tuple[float, float, float, float]) -> bool:
    """Whether a disc centred at (x, y) reaches into the box."""
    left, bottom, width, height = box
    dx = max(left - x, 0.0, x - left - width)
    dy = max(bottom - y, 0.0, y - bottom - height)
    return dx * dx + dy * dy < radius * radius


def _back(words: CoverWords, catalogue: Catalogue, design: CoverDesign,
          geometry: CoverGeometry, fonts: _Fonts, drawn: _Drawn,
          puzzles: Sequence) -> list[CoverGrid]:
    """The blurb and summary from the top; the legend of the difficulty squares and the
    row of sample puzzles (those the front does not show) above the barcode."""
    style, colours = design.back, design.colours
    rows = _legend_rows(words, catalogue, design, geometry, fonts)
    width, _ = back_text_room(geometry, style, legend_height(len(rows), style.legend or 0))
    left = geometry.back_x + style.margin
    y = geometry.bleed + geometry.trim_height - style.margin
    line = summary(words.count, words.kinds, words.difficulties, words.answers, catalogue)
    for text in back_lines(words.title, words.blurb, line, style, width, fonts.regular.width,
                           fonts.bold.width, fonts.display.width):
        y -= text.above
        colour = colours["text"] if not text.bold else \
            colours["title"] if text.heading else colours["accent"]
        drawn.texts.append(CoverText(text.text, left, y, text.size, text.bold, colour, LEFT,
                                     display=text.heading))
    _, bar_y, _, bar_height = barcode_box(geometry)
    floor = bar_y + bar_height + style.margin / 2
    count = min(style.grids, len(puzzles))
    side = back_grid_side(geometry, style) if count else 0.0
    below = y - style.margin * 0.75 - legend_height(len(rows), style.legend or 0)
    bottom = floor + max(0.0, (below - floor - side) / 2)
    _legend(rows, style.legend or 0, left, width, bottom + side + style.margin * 0.5,
            colours, fonts, drawn)
    start = left + (width - side * count - BACK_GRID_GAP * (count - 1)) / 2
    return [CoverGrid(start + index * (side + BACK_GRID_GAP), bottom, side,
                      puzzles[index].givens, puzzles[index].solution, puzzles[index].marks,
                      glyphs=puzzles[index].glyphs, drawn=puzzles[index].drawn)
            for index in range(count)]


def _legend_rows(words: CoverWords, catalogue: Catalogue, design: CoverDesign,
                 geometry: CoverGeometry, fonts: _Fonts) -> list:
    """The legend's entries in rows across the back's live width ([] for no legend: the
    design has none, or the interior prints no squares for it to explain)."""
    size = design.back.legend
    if size is None or not words.squares:
        return []
    width = geometry.trim_width - 2 * design.back.margin
    return legend_rows(legend_entries(words.difficulties, catalogue), size, width,
                       fonts.bold.width)


def _legend(rows: list, size: float, left: float, width: float, bottom: float,
            colours: ColourSet, fonts: _Fonts, drawn: _Drawn) -> None:
    """Each row centred, its label in the accent colour, each grade after its squares."""
    for number, row in enumerate(rows):
        baseline = bottom + (len(rows) - 1 - number) * size * LEGEND_LEADING
        used = added(entry_width(e, size, fonts.bold.width) for e in row) + \
            size * LEGEND_ENTRY_GAP * (len(row) - 1)
        x = left + (width - used) / 2
        for entry in row:
            colour = colours["accent"] if not entry.filled else colours["text"]
            if entry.filled:
                drawn.marks.append(CoverMark(x, baseline, size * MARK_SQUARE,
                                             size * (MARK_SQUARE + MARK_SPACE), entry.filled,
                                             colour))
                x += mark_width(size) + size * LEGEND_MARK_GAP
            drawn.texts.append(CoverText(entry.text, x, baseline, size, True, colour, LEFT))
            x += fonts.bold.width(entry.text, size) + size * LEGEND_ENTRY_GAP


def _spine(words: CoverWords, design: CoverDesign, geometry: CoverGeometry, fonts: _Fonts,
           texts: list) -> list[CoverBox]:
    """The spine's colour and text, only on a book thick enough for spine text: a thin
    spine in a colour of its own would show as a stripe on the fold."""
    if not has_spine_text(geometry.pages):
        return []
    text = spine_text(words.title, words.author)
    size = spine_size(geometry, design.spine, text, fonts.cap, fonts.display.width)
    if size is None:  # too long with the author: the title alone (loading checked it fits)
        text = spine_text(words.title, None)
        size = spine_size(geometry, design.spine, text, fonts.cap, fonts.display.width)
    assert size is not None  # loading checked that the title fits the spine
    texts.append(CoverText(text, geometry.spine_x + geometry.spine / 2, geometry.height / 2,
                           size, True, design.colours["spine_text"], vertical=True,
                           display=True))
    return [CoverBox(geometry.spine_x - FOLD_OVERLAP, 0, geometry.spine + 2 * FOLD_OVERLAP,
                     geometry.height, design.colours["spine"])]


def ean_digits(isbn: str) -> str:
    """The first 12 digits of the EAN-13 of an ISBN (an ISBN-10 gets the 978 prefix)."""
    digits = "".join(c for c in isbn if c.isdigit() or c in "xX")
    return digits[:12] if len(digits) == 13 else "978" + digits[:9]
