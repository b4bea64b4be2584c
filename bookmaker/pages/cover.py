"""A book's full-wrap cover, composed: every text, box and puzzle grid placed in points
(origin at the lower left of the bleed), ready to draw. Sizes and fits follow
spec/coverfit.py's rules, the ones the spec was checked by when it loaded."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core.board.grid import Grid
from ..spec.catalogue import Catalogue
from ..spec.cover import CoverDesign, CoverGeometry, barcode_box, front_puzzles, has_spine_text
from ..spec.coverfit import (
    BACK_GRID_GAP,
    FrontWords,
    back_grid_side,
    back_lines,
    back_text_room,
    front_plan,
    spine_size,
    spine_text,
    summary,
    tagline,
)
from ..spec.fontfile import FontFile

LEFT, CENTRE = "left", "centre"
RULE_LENGTH, RULE_WEIGHT = 108.0, 1.6  # points: the accent rule under the title, at most


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
    """A puzzle drawn as art: its givens, and the solved digits of the `pencilled` cells
    in the pencil colour, on cells filled with the highlight colour where `lit`."""

    x: float
    y: float
    side: float
    givens: Grid
    solution: Grid
    pencilled: frozenset[int] = frozenset()
    lit: frozenset[int] = frozenset()


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


@dataclass(frozen=True)
class CoverWords:
    """The book's texts a cover prints, in its language."""

    title: str
    subtitle: str | None
    author: str | None
    isbn: str | None
    count: int
    difficulties: tuple[str, ...]
    answers: str
    blurb: str | None
    barcode: bool


@dataclass(frozen=True)
class _Fonts:
    regular: FontFile
    bold: FontFile
    cap: float  # the bold capitals' height, a share of the size


def compose_cover(words: CoverWords, catalogue: Catalogue, design: CoverDesign,
                  geometry: CoverGeometry, puzzles: Sequence, fonts: tuple[Path, Path],
                  measured: tuple[FontFile, FontFile], cap: float) -> Cover:
    """The cover of a book with these words, in this design and size, its art made of
    `puzzles` (the book's first few, spec/cover.py's puzzles_needed)."""
    faces = _Fonts(measured[0], measured[1], cap)
    texts: list[CoverText] = []
    boxes: list[CoverBox] = []
    grids: list[CoverGrid] = []
    front_art = _front(words, catalogue, design, geometry, faces, texts, boxes)
    grids += _art(design, front_art, puzzles)
    grids += _back(words, catalogue, design, geometry, faces, texts, puzzles)
    boxes += _spine(words, design, geometry, faces, texts)
    barcode = None
    if words.barcode and words.isbn:
        barcode = CoverBarcode(ean_digits(words.isbn), words.isbn, barcode_box(geometry))
    return Cover(geometry, design.colours.named(), design.gradient, tuple(boxes), tuple(grids),
                 tuple(texts), barcode, fonts[0], fonts[1], cap, words.title,
                 words.author or "")


def _front(words: CoverWords, catalogue: Catalogue, design: CoverDesign,
           geometry: CoverGeometry, fonts: _Fonts, texts: list, boxes: list
           ) -> tuple[float, float, float, float]:
    """The front's texts, badge and rule, as spec/coverfit.py's front_plan places them; the
    room left for the art: (centre x, bottom, top, live width)."""
    style, colours = design.front, design.colours
    badge = catalogue.text(style.badge) if style.badge else None
    said = FrontWords(words.title, words.subtitle, words.author,
                      tagline(words.count, words.difficulties, catalogue), badge)
    plan = front_plan(said, style, (geometry.trim_width, geometry.trim_height),
                      fonts.regular.width, fonts.bold.width, fonts.cap)
    assert plan is not None  # loading checked that the front's words fit
    centre, base = geometry.front_x + geometry.trim_width / 2, geometry.bleed
    if plan.badge:
        width, height, bottom = plan.badge
        boxes.append(CoverBox(centre - width / 2, base + bottom, width, height,
                              colours["accent"]))
    texts += [CoverText(line.text, centre, base + line.baseline, line.size, line.bold,
                        colours[line.colour]) for line in plan.lines]
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
    if art.kind == "grid":
        return [_solving(x, y, side, puzzles[0])]
    return _mosaic(x, y, side, art.tiles, puzzles)


def _solving(x: float, y: float, side: float, puzzle) -> CoverGrid:
    """A puzzle being solved: the box (or region) holding the frame's middle cell, and the
    row and column through that cell, lit; the box's and the row's empty cells pencilled
    in with their solution. Works on any board: it asks the units, not the boxes."""
    shape = puzzle.givens.shape
    middle = _middle_cell(shape)
    units = [shape.units[i] for i in shape.units_of[middle]]
    box, row, column = ({cell for u in units if u.kind in kinds for cell in u.cells}
                        for kinds in (("box", "region"), ("row",), ("column",)))
    empty = {i for i, value in enumerate(puzzle.givens.cells) if not value}
    return CoverGrid(x, y, side, puzzle.givens, puzzle.solution,
                     frozenset((box | row) & empty), frozenset(box | row | column))


def _middle_cell(shape) -> int:
    """The cell nearest the middle of the board's frame (the middle box's middle cell on
    classic boards with odd box sides)."""
    rows, cols = shape.frame
    return min(range(shape.cell_count),
               key=lambda c: (abs(2 * shape.positions[c][0] - (rows - 1)) +
                              abs(2 * shape.positions[c][1] - (cols - 1)), c))


def _mosaic(x: float, y: float, side: float, tiles: int, puzzles: Sequence) -> list[CoverGrid]:
    """tiles x tiles puzzles with narrow gaps; the middle one solved and lit."""
    gap = side * 0.035
    tile = (side - gap * (tiles - 1)) / tiles
    grids = []
    for index in range(tiles * tiles):
        row, col = divmod(index, tiles)
        puzzle = puzzles[index % len(puzzles)]
        cells = frozenset(range(len(puzzle.givens.cells)))
        middle = index == (tiles * tiles) // 2
        empty = frozenset(i for i in cells if not puzzle.givens.cells[i])
        grids.append(CoverGrid(x + col * (tile + gap), y + side - (row + 1) * tile - row * gap,
                               tile, puzzle.givens, puzzle.solution,
                               empty if middle else frozenset(), cells if middle else frozenset()))
    return grids


def _back(words: CoverWords, catalogue: Catalogue, design: CoverDesign,
          geometry: CoverGeometry, fonts: _Fonts, texts: list,
          puzzles: Sequence) -> list[CoverGrid]:
    """The blurb and summary from the top; the row of small puzzles above the barcode."""
    style, colours = design.back, design.colours
    width, _ = back_text_room(geometry, style)
    left = geometry.back_x + style.margin
    y = geometry.bleed + geometry.trim_height - style.margin
    line = summary(words.count, words.difficulties, words.answers, catalogue)
    for text in back_lines(words.title, words.blurb, line, style, width, fonts.regular.width,
                           fonts.bold.width):
        y -= text.above
        colour = colours["text"] if not text.bold else \
            colours["title"] if text.heading else colours["accent"]
        texts.append(CoverText(text.text, left, y, text.size, text.bold, colour, LEFT))
    if not style.grids:
        return []
    side = back_grid_side(geometry, style)
    _, bar_y, _, bar_height = barcode_box(geometry)
    floor = bar_y + bar_height + style.margin / 2
    bottom = floor + max(0.0, (y - style.margin * 0.75 - floor - side) / 2)
    start = left + (width - side * style.grids - BACK_GRID_GAP * (style.grids - 1)) / 2
    first = front_puzzles(design)
    return [CoverGrid(start + index * (side + BACK_GRID_GAP), bottom, side,
                      puzzles[(first + index) % len(puzzles)].givens,
                      puzzles[(first + index) % len(puzzles)].solution)
            for index in range(style.grids)]


def _spine(words: CoverWords, design: CoverDesign, geometry: CoverGeometry, fonts: _Fonts,
           texts: list) -> list[CoverBox]:
    """The spine's colour and text, only on a book thick enough for spine text: a thin
    spine in a colour of its own would show as a stripe on the fold."""
    if not has_spine_text(geometry.pages):
        return []
    text = spine_text(words.title, words.author)
    size = spine_size(geometry, design.spine, text, fonts.cap, fonts.bold.width)
    if size is None:  # too long with the author: the title alone (loading checked it fits)
        text = spine_text(words.title, None)
        size = spine_size(geometry, design.spine, text, fonts.cap, fonts.bold.width)
    assert size is not None  # loading checked that the title fits the spine
    texts.append(CoverText(text, geometry.spine_x + geometry.spine / 2, geometry.height / 2,
                           size, True, design.colours["spine_text"], vertical=True))
    return [CoverBox(geometry.spine_x, 0, geometry.spine, geometry.height,
                     design.colours["spine"])]


def ean_digits(isbn: str) -> str:
    """The first 12 digits of the EAN-13 of an ISBN (an ISBN-10 gets the 978 prefix)."""
    digits = "".join(c for c in isbn if c.isdigit() or c in "xX")
    return digits[:12] if len(digits) == 13 else "978" + digits[:9]
