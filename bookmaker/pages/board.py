"""What a board looks like, in cell units: which cells exist, its lines, shading and cages.

Every renderer (the PDF pages, the daily PNG and SVG) draws a grid from a BoardDrawing,
so a variant is drawn the same way everywhere. Coordinates are in cells from the frame's
top-left corner, x to the right and y down: cell (row, col) covers x in [col, col + 1]
and y in [row, row + 1].

A board's lines follow from its regions (the units that are areas and tile it: boxes,
or a jigsaw's regions): an edge between two cells of one region is a thin cell line, an
edge between two regions a heavy one, and an edge between a cell and no cell (the frame's
edge, a Samurai's holes) the board's outline; a Kakuro's outline is its frame's square,
round its black squares too, as published Kakuros print it. The units that are not rows,
columns or regions (an X's diagonals, a Hyper's windows) are shaded instead.

On a board with cage labels every cell has an *entry*, the band below the labels where a
solver writes and a printed digit is centred (Entry), so that neither meets a label.

A kind's marks (core/board/marks.py) are placed here too: a Killer's cages as dashed loops
inset inside their cells, a Calcudoku's as heavy lines along their borders, each with its
label in its top-left cell; a sign between two cells as a chevron across their edge, its
point at the smaller; a clue outside the grid in the ring of cells round it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..core.board.marks import MATCH_SIGNS, ORDER_SIGNS, CageMark, EdgeMark, SignMark
from ..core.board.shape import Shape

REGION_KINDS = ("box", "region")  # units that tile the board: heavy lines between them
SHADED_KINDS = ("diagonal", "window")  # units drawn as shaded cells
# The shading of X diagonals and Hyper windows: 20 % grey (0 black, 1 white), within the
# 18-20 % that prints on newsprint and print-on-demand paper without looking heavy, and
# one of a 4-bit PNG's sixteen levels, so the PNG shows exactly it.
SHADE_GREY = 12 / 15
# A Kakuro's clue squares: a 33 % tint (black text on it), not solid black, which is heavy
# toner on a page and shows through thin paper; a sixteenth-level grey, as the shading is.
BLOCK_GREY = 10 / 15
# Its diagonal stops this share of a cell short of the square's corners, so the diagonals
# of clue squares touching corner to corner do not join into one long slash.
BLOCK_DIAGONAL_INSET = 0.12
CAGE_INSET = 0.1  # a cage's dashed line lies this far inside its cells' edges
# A board with dashed cages draws its cell lines in this grey (47 % black): the cage
# dashes, black at the same least weight beside them, would otherwise read as a second
# cell line (railway track) on small cells. Still well over the 18 % print floor.
CAGED_CELL_GREY = 8 / 15
CAGE_DASH = (0.09, 0.07)  # dash and gap, in cells
CAGE_LABEL_AT = (0.07, 0.06)  # the total's ink starts this far right of / below the corner
CAGE_LABEL_PAD = 0.03  # white kept around the total's ink, in cells
OUTLINED_LABEL_AT = (0.1, 0.09)  # an outlined cage's label, clear of its heavy border
OUTLINED = "outlined"  # core/board/marks.py CAGE_STYLES: a Calcudoku's heavy border
# On a board with cage labels, a cell's entry (where a solver writes, and a printed digit
# goes) starts a pad below the label's knock-out and stops this far above the cell's lower
# line: clear of an inset dashed cage line (CAGE_INSET) by a pad, and of a heavy border.
ENTRY_FOOT = CAGE_INSET + CAGE_LABEL_PAD
ENTRY_FILL = 0.8  # a printed digit's ink takes at most this share of its entry's height
SIGN_SPAN = 0.34  # a sign's chevron: its opening along the edge, in cells
SIGN_DEPTH = 0.2  # ... and from its point to its opening, across the edge
# A board with = and x signs (a Tango's) prints its digits this much smaller: an = or x
# on an edge reaches an eighth of a cell into the cells beside it, and a full-size digit
# nearly met it (a 0 over an = read as underlined)
MATCH_SIGN_DIGITS = 0.8

Point = tuple[float, float]


@dataclass(frozen=True)
class Run:
    """A straight line along a cell edge: vertical at x = at from y = start to end, or
    horizontal at y = at from x = start to end (start < end)."""

    vertical: bool
    at: int
    start: int
    end: int


@dataclass(frozen=True)
class CageDrawing:
    """One cage: its dashed loops (closed polygons, each point a corner) and its label,
    written in `label_cell` (row, col), the cage's top-left cell."""

    loops: tuple[tuple[Point, ...], ...]
    label: str
    label_cell: tuple[int, int]


@dataclass(frozen=True)
class Entry:
    """The band of every cell a solver writes in and a printed digit is centred in, in
    cells from the cell's top (y down): the whole cell on a board without cage labels,
    below the labels' reach on one with them, so that no entry meets a label."""

    top: float = 0.0
    bottom: float = 1.0

    @property
    def middle(self) -> float:
        return (self.top + self.bottom) / 2

    @property
    def height(self) -> float:
        return self.bottom - self.top


def label_reach(outlined: bool, label_height: float) -> float:
    """How far down its cell a cage's label and its knock-out reach, in cells, for a label
    `label_height` cells tall: an outlined cage's sits lower, clear of its heavy border."""
    return (OUTLINED_LABEL_AT if outlined else CAGE_LABEL_AT)[1] + label_height + \
        CAGE_LABEL_PAD


def entry_of(reach: float) -> Entry:
    """The entry of a board whose cage labels reach `reach` cells down (0: no labels)."""
    return Entry(reach + CAGE_LABEL_PAD, 1.0 - ENTRY_FOOT) if reach > 0 else Entry()


@dataclass(frozen=True)
class BoardDrawing:
    """A board to draw: a square frame of `frame` cells a side, the cells that exist
    (row, col), the lines by weight, the shaded cells. `full` says every cell of the frame
    exists; `squared` that the outline is the frame's square all the same: every cell
    exists, or the squares that are no cell are printed (a Kakuro's black squares, inside
    its border as every published Kakuro has them)."""

    frame: int
    cells: tuple[tuple[int, int], ...]
    full: bool
    thin: tuple[Run, ...]
    heavy: tuple[Run, ...]
    outline: tuple[Run, ...]
    shaded: tuple[tuple[int, int], ...]
    squared: bool = False


def board_drawing(shape: Shape) -> BoardDrawing:
    """The drawing of a board (cached: a book draws the same few boards again and again)."""
    return _board_drawing(shape)


@lru_cache(maxsize=256)  # bounded: every jigsaw is a board of its own
def _board_drawing(shape: Shape) -> BoardDrawing:
    rows, cols = shape.frame
    frame = max(rows, cols)
    if not shape.lined:
        return BoardDrawing(frame, shape.positions, True, (), (), (), (), False)
    if shape.dotted:  # dots, clues and the loop are drawn with the symbols (render/loops)
        return BoardDrawing(frame, shape.positions, False, (), (), (), ())
    region = _regions(shape)
    kinds: dict[str, list[Run]] = {"thin": [], "heavy": [], "outline": []}
    for vertical in (True, False):
        for at in range(frame + 1):
            for kind, start, end in _edge_runs(region, frame, vertical, at):
                kinds[kind].append(Run(vertical, at, start, end))
    shaded = sorted({shape.positions[c] for u in shape.units if u.kind in SHADED_KINDS
                     for c in u.cells})
    full = len(shape.positions) == frame * frame
    if shape.fills_frame:  # the frame's edge; a white square's edge on a black one is thin
        kinds["thin"] += [run for run in kinds["outline"] if run.at not in (0, frame)]
        kinds["outline"] = [Run(vertical, at, 0, frame) for vertical in (True, False)
                            for at in (0, frame)]
    return BoardDrawing(frame, shape.positions, full, tuple(kinds["thin"]),
                        tuple(kinds["heavy"]), tuple(kinds["outline"]), tuple(shaded),
                        full or shape.fills_frame)


def _regions(shape: Shape) -> dict[tuple[int, int], int]:
    """Each cell's position -> the index of the region (box or jigsaw region) it is in;
    -1 for a board without regions (a Latin square's), whose lines are all thin."""
    region = dict.fromkeys(shape.positions, -1)
    for index, unit in enumerate(shape.units):
        if unit.kind in REGION_KINDS:
            for cell in unit.cells:
                region[shape.positions[cell]] = index
    return region


def _edge_runs(region: dict, frame: int, vertical: bool, at: int):
    """(kind, start, end) of the maximal runs of one kind along one grid line: the edges
    between the cells either side of it, classified by _edge_kind."""
    runs: list[list] = []
    for step in range(frame):
        before, after = ((step, at - 1), (step, at)) if vertical else ((at - 1, step), (at, step))
        kind = _edge_kind(region.get(before), region.get(after))
        if kind and runs and runs[-1][0] == kind and runs[-1][2] == step:
            runs[-1][2] = step + 1
        elif kind:
            runs.append([kind, step, step + 1])
    return [tuple(run) for run in runs]


def _edge_kind(one, other) -> str:
    if one is None and other is None:
        return ""
    if one is None or other is None:
        return "outline"
    return "thin" if one == other else "heavy"


def cage_drawings(shape: Shape, cages: Sequence[CageMark]) -> tuple[CageDrawing, ...]:
    """The drawing of each cage on the board: its inset loops and its label."""
    return tuple(_cage_drawing(tuple(shape.positions[c] for c in cage.cells), cage.label)
                 for cage in cages)


def label_cell(shape: Shape, cage: CageMark) -> tuple[int, int]:
    """(row, col) of the cell a cage's label goes in: its top-left one."""
    return min(shape.positions[c] for c in cage.cells)


def cage_borders(shape: Shape, cages: Sequence[CageMark]) -> tuple[Run, ...]:
    """The runs along the edges between cells of different cages (not the board's own
    edge, which its outline draws): an outlined cage's border."""
    frame = max(shape.frame)
    owner = {shape.positions[c]: index for index, cage in enumerate(cages) for c in cage.cells}
    return tuple(Run(vertical, at, start, end) for vertical in (True, False)
                 for at in range(frame + 1)
                 for kind, start, end in _edge_runs(owner, frame, vertical, at)
                 if kind == "heavy")


def sign_chevron(shape: Shape, sign: SignMark) -> tuple[Point, Point, Point]:
    """A sign's chevron across the edge of its two cells: one arm's end, its point (toward
    the smaller cell: '<' says the first is smaller), the other arm's end."""
    (r1, c1), (r2, c2) = shape.positions[sign.first], shape.positions[sign.second]
    if abs(r1 - r2) + abs(c1 - c2) != 1 or sign.sign not in "<>":
        raise ValueError(f"no sign {sign.sign!r} between cells {sign.first} and {sign.second}")
    x, y = (c1 + c2 + 1) / 2, (r1 + r2 + 1) / 2  # the middle of their shared edge
    toward = 1 if sign.sign == "<" else -1  # from the edge toward the first cell, or away
    dx, dy = (c1 - c2) * toward, (r1 - r2) * toward
    point = (x + dx * SIGN_DEPTH / 2, y + dy * SIGN_DEPTH / 2)
    back_x, back_y = x - dx * SIGN_DEPTH / 2, y - dy * SIGN_DEPTH / 2
    half = SIGN_SPAN / 2
    return ((back_x - dy * half, back_y - dx * half), point,
            (back_x + dy * half, back_y + dx * half))


def sign_strokes(shape: Shape, sign: SignMark) -> tuple[tuple[Point, Point], ...]:
    """A sign's strokes across its cells' edge, centred on it: a chevron's two arms
    ('<', '>'), an ='s two level bars, an x's two crossing bars (a Tango's)."""
    if sign.sign in ORDER_SIGNS:
        one, point, other = sign_chevron(shape, sign)
        return (one, point), (point, other)
    (r1, c1), (r2, c2) = shape.positions[sign.first], shape.positions[sign.second]
    if abs(r1 - r2) + abs(c1 - c2) != 1 or sign.sign not in MATCH_SIGNS:
        raise ValueError(f"no sign {sign.sign!r} between cells {sign.first} and {sign.second}")
    x, y = (c1 + c2 + 1) / 2, (r1 + r2 + 1) / 2  # the middle of their shared edge
    half = SIGN_SPAN * 0.35
    if sign.sign == MATCH_SIGNS[0]:
        gap = SIGN_DEPTH * 0.4
        return tuple(((x - half, y + dy), (x + half, y + dy)) for dy in (-gap, gap))
    return (((x - half, y - half), (x + half, y + half)),
            ((x - half, y + half), (x + half, y - half)))


def edge_centre(frame: int, edge: EdgeMark) -> Point:
    """The centre of the outside cell a clue outside the grid is printed in."""
    along, out = edge.index + 0.5, edge.ring + 0.5
    return {"top": (along, -out), "bottom": (along, frame + out), "left": (-out, along),
            "right": (frame + out, along)}[edge.side]


def _cage_drawing(cells: tuple[tuple[int, int], ...], total: str) -> CageDrawing:
    inside = set(cells)
    edges = dict(_inset_edges(inside))
    top, left = min(inside)  # the top-left cell: its top-left corner is always convex
    loops = [_corners(_follow(edges, ((left, 1), (top, 1))))]  # dashes start under the total
    while edges:  # a cage that rings other cells has an inner loop too
        loops.append(_corners(_follow(edges, min(edges))))
    return CageDrawing(tuple(loops), total, (top, left))


def _inset_edges(inside: set) -> Iterable[tuple[tuple, tuple]]:
    """The cage's boundary, inset by CAGE_INSET, as directed edges (start -> end) going
    clockwise on screen (the cage on the right-hand side as y points down). Points are
    (x, y) as (cell line, -1|0|1 inset steps) pairs, exact for use as keys."""
    for row, col in sorted(inside):
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):  # top, right, bottom, left
            if (row + dr, col + dc) in inside:
                continue
            yield _side_edge(inside, row, col, dr, dc)


def _side_edge(inside: set, row: int, col: int, dr: int, dc: int) -> tuple[tuple, tuple]:
    """One cell side's inset edge, from its start to its end going clockwise: shortened
    by the inset at a convex corner, lengthened by it at a concave one."""
    # The side's line (a fixed coordinate, inset toward the cell) and its direction.
    if dr:  # top (dr = -1) goes left to right, bottom right to left
        direction = -dr
        fixed = ((row + (dr > 0), -dr),)
    else:  # right (dc = 1) goes top to bottom, left bottom to top
        direction = dc
        fixed = ((col + (dc > 0), -dc),)
    ends = []
    for sign in (-1, 1):  # the start end, then the finish end, along `direction`
        step = sign * direction
        across = (row, col + step) if dr else (row + step, col)
        diagonal = (row + dr, col + step) if dr else (row + step, col + dc)
        base = ((col if dr else row) + (step > 0),)
        if across not in inside:
            ends.append((base[0], -step))  # convex: stop short of the corner
        elif diagonal in inside:
            ends.append((base[0], step))  # concave: reach the next side's inset line
        else:
            ends.append((base[0], 0))
    start, finish = ends
    if dr:
        return (start, fixed[0]), (finish, fixed[0])
    return (fixed[0], start), (fixed[0], finish)


def _follow(edges: dict, first: tuple) -> list[tuple]:
    """The points of the loop through `first`, taking its edges out of `edges`."""
    points, point = [], first
    while point in edges:
        points.append(point)
        point = edges.pop(point)
    return points


def _corners(points: list[tuple]) -> tuple[Point, ...]:
    """The loop's points in cell units, keeping only those where it turns."""
    exact = [(x + sx * CAGE_INSET, y + sy * CAGE_INSET) for (x, sx), (y, sy) in points]
    count = len(exact)
    return tuple(p for i, p in enumerate(exact)
                 if not _collinear(exact[i - 1], p, exact[(i + 1) % count]))


def _collinear(a: Point, b: Point, c: Point) -> bool:
    return (a[0] == b[0] == c[0]) or (a[1] == b[1] == c[1])


def dashes(loop: Sequence[Point], dash: float = CAGE_DASH[0], gap: float = CAGE_DASH[1],
           closed: bool = True) -> list[tuple[Point, Point]]:
    """The dashes of a closed loop (or, not closed, an open path) of straight sides,
    the pattern running on around the corners from the first point (as a PDF or SVG dash
    pattern does)."""
    pieces: list[tuple[Point, Point]] = []
    phase = 0.0  # how far into the current dash + gap period the pen is
    ends = list(loop[1:]) + ([loop[0]] if closed else [])
    for (x1, y1), (x2, y2) in zip(loop, ends):
        length = math.hypot(x2 - x1, y2 - y1)
        along = 0.0
        while along < length - 1e-9:
            in_dash = phase < dash
            step = min(length - along, (dash if in_dash else dash + gap) - phase)
            if in_dash:
                pieces.append((_between((x1, y1), (x2, y2), along / length),
                               _between((x1, y1), (x2, y2), (along + step) / length)))
            along += step
            phase = (phase + step) % (dash + gap)
    return pieces


def _between(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
