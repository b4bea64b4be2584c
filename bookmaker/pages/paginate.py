"""Grids onto pages: the arrangement that makes grids largest, and which page each lands on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.board.grid import Grid
from ..core.board.marks import Marks
from ..core.sums import added
from ..design.fit import Area, Arrangement, Sides, arrangement_for, board_extent
from ..design.pagecount import pages_for
from .page import GridPlacement, Page, PageGeometry

Slot = tuple[float, float, float]  # x, y (bottom-left of the grid square), side; in points

DEFAULT_GUTTER = 18.0  # the least space between two grids' text blocks, a quarter inch
DEFAULT_LABEL_HEIGHT = 16.0  # one line of label text above a grid


@dataclass(frozen=True)
class GridItem:
    """A grid to place, with its texts: the puzzle (and its solution, for an answer key),
    and the marks its kind draws (core/board/marks.py)."""

    grid: Grid
    solution: Grid | None = None
    label: str = ""
    caption: str = ""
    note: str = ""
    mark: int = 0
    marks: Marks = Marks()
    glyphs: tuple[str, ...] = ()
    aside: str = ""  # flush right on the label line: the estimated solving time
    drawn: str = "symbols"  # how its kind's answer is drawn (core/kinds/answer.py)


def best_arrangement(width: float, height: float, count: int, text_height: float,
                     gutter: float = DEFAULT_GUTTER, border: float = 0.0,
                     sides: Sides = (1, 1)) -> Arrangement:
    """The rows x columns holding `count` grids that gives the largest grid side in a box
    of width x height, each grid needing `text_height` more for its label and caption and
    `border` more each way for its border line, grids of `sides` (rows, columns; a square
    by default): the spec's fit rule (design/fit.py), so what the spec accepts is what is
    printed."""
    if count < 1:
        raise ValueError(f"puzzles per page must be at least 1, got {count}")
    best = arrangement_for(count, Area(width, height, gutter, text_height, border=border),
                           sides)
    if best.grid_side <= 0:
        raise ValueError(f"{count} grids per page do not fit in {width:.0f} x {height:.0f} pt")
    return best


def grid_slots(geometry: PageGeometry, page_number: int, per_page: int,
               label_height: float = DEFAULT_LABEL_HEIGHT, below_height: float | None = None,
               gutter: float = DEFAULT_GUTTER, border: float = 0.0,
               sides: Sides = (1, 1)) -> list[Slot]:
    """Where each of `per_page` grids goes on page `page_number`, row by row from the top.

    Room is kept for a label line above each grid and `below_height` (default: one line of
    `label_height`) below it for caption and note, and half the `border` line's width all
    round, where its stroke reaches past the grid square. Spare space is shared evenly
    around and between rows and columns, so the block sits centred; a short last row is
    centred too. A rectangle of `sides` is spread by its own width and height; its slot is
    the square of its longer side that its board sits centred in (GridPlacement.board_box),
    which may reach past the spread rectangle on its shorter side.
    """
    below = label_height if below_height is None else below_height
    left, bottom, width, height = geometry.content_box(page_number)
    fit = best_arrangement(width, height, per_page, label_height + below, gutter, border,
                           sides)
    side = fit.grid_side
    across, down = board_extent(side, sides)
    framed, framed_down = across + border, down + border  # with its border's outer halves
    row_height = label_height + framed_down + below
    row_starts = _spread(height, fit.rows, row_height, gutter)
    slots = []
    for row, row_start in enumerate(row_starts):
        in_row = min(fit.columns, per_page - row * fit.columns)
        y = bottom + height - row_start - label_height - framed_down + border / 2
        slots += [(left + col_start + border / 2 - (side - across) / 2,
                   y - (side - down) / 2, side)
                  for col_start in _spread(width, in_row, framed, gutter)]
    return slots


def shared_slots(geometry: PageGeometry, page_number: int, area: Area,
                 runs: Sequence[tuple[int, int, Sides]]) -> list[Slot]:
    """Where the grids of runs sharing one page go: each (grids, per page, sides) run in
    rows of its own arrangement on `area` (the side its pages have at the widest gutter),
    the runs' rows one under the other from the top, the spare height shared around and
    between them and each row centred, as grid_slots sets one run's: a rectangle's row as
    tall as its board, which sits centred in its square slot."""
    rows: list[tuple[int, float, Sides]] = []  # (grids in the row, grid side, sides)
    for count, per_page, sides in runs:
        fit = arrangement_for(per_page, area, sides)
        rows += [(min(fit.columns, count - start), fit.grid_side, sides)
                 for start in range(0, count, fit.columns)]
    left, bottom, width, height = geometry.content_box(page_number)
    heights = [area.label_height + board_extent(side, sides)[1] + area.border +
               area.below_height for _, side, sides in rows]
    gap = max(height - added(heights) - (len(rows) - 1) * area.gap, 0.0) / (len(rows) + 1)
    slots, top = [], bottom + height - gap
    for (in_row, side, sides), row in zip(rows, heights):
        across, down = board_extent(side, sides)
        y = top - area.label_height - down - area.border / 2 - (side - down) / 2
        slots += [(left + start + area.border / 2 - (side - across) / 2, y, side)
                  for start in _spread(width, in_row, across + area.border, area.gap)]
        top -= row + area.gap + gap
    return slots


def _spread(length: float, count: int, item: float, gutter: float) -> list[float]:
    """Offsets of `count` items of size `item` along `length`, at least `gutter` apart, the
    spare space shared equally before, between and after them."""
    spare = length - count * item - (count - 1) * gutter
    gap = max(spare, 0.0) / (count + 1)
    return [gap + index * (item + gutter + gap) for index in range(count)]


def page_count(count: int, per_page: int) -> int:
    """How many pages `count` grids take at `per_page` a page (the spec's own rule, so
    its page-count checks and the pages agree)."""
    return pages_for(count, per_page)


def page_of_each(count: int, per_page: int, first_page_number: int) -> list[int]:
    """The page number each of `count` grids lands on, starting at page `first_page_number`.

    paginate_puzzles fills pages in the same order, so a build can first ask where every
    puzzle and every answer will be, then write "Answer on page N" before paginating.
    """
    return [first_page_number + index // per_page for index in range(count)]


def paginate_puzzles(items: Sequence[GridItem], geometry: PageGeometry, per_page: int,
                     first_page_number: int, label_height: float = DEFAULT_LABEL_HEIGHT,
                     below_height: float | None = None, gutter: float = DEFAULT_GUTTER,
                     header: str = "", footer: str = "", numbered: bool = True,
                     border: float = 0.0, sides: Sides = (1, 1)) -> list[Page]:
    """Pages of `per_page` grids each, numbered from `first_page_number` (the position in
    the book, which also decides the mirrored margins); unnumbered if `numbered` is False.

    The space below each grid is one line when any item has a caption or note, else none,
    unless `below_height` says otherwise.
    """
    if below_height is None:
        below_height = label_height if any(i.caption or i.note for i in items) else 0.0
    slots = {parity: grid_slots(geometry, first_page_number + parity, per_page, label_height,
                                below_height, gutter, border, sides) for parity in (0, 1)}
    pages = []
    for start in range(0, len(items), per_page):
        number = first_page_number + start // per_page
        page_slots = slots[(number - first_page_number) % 2]
        placements = tuple(placed(item, slot) for item, slot in
                           zip(items[start:start + per_page], page_slots))
        pages.append(Page(number if numbered else None, placements, (), header, footer))
    return pages


def placed(item: GridItem, slot: Slot) -> GridPlacement:
    """The item drawn in the slot."""
    x, y, side = slot
    return GridPlacement(x, y, side, item.grid, item.solution, item.label, item.caption,
                         item.note, item.mark, item.marks, item.glyphs, item.aside,
                         drawn=item.drawn)

