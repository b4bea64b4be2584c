"""Board geometry as data: cells, units, peers and symmetry orbits, for every variant.

Glossary (after Norvig): a *cell* is an index 0..cell_count-1, in row-major order of the
board's frame; a *unit* is a group of `size` cells that must hold every symbol once (a
row, column or box, and for variants a diagonal, a window, a jigsaw region); a cell's
*peers* are the other cells sharing a unit with it. A board is its units: everything
here is built once per board as plain tables, so no solver, generator, checker or grader
code ever asks what a unit is, only which cells it holds.

A board's *geometry* names the constructor of those tables (GEOMETRIES below); the kinds
of puzzle (core/kinds) choose a geometry, and nothing outside this module asks its name:
- classic: rows, columns and r x c boxes (n = r*c, 4x4 to 25x25);
- x: classic plus the two main diagonals;
- hyper: classic plus the windows, square boxes set one cell in from the frame with one
  cell between them (the four extra 3x3 windows of 9x9);
- jigsaw: rows, columns and n irregular regions of n cells (any n, primes included);
- samurai: five 9x9 classic grids in a 21x21 frame, the centre one sharing each of its
  corner boxes with a corner grid (369 cells; a shared box is one unit);
- kakuro: a frame of black and white squares (its `pattern`); the cells are the white
  squares, the units their *runs* (unbroken rows and columns of white squares: 'across'
  and 'down'), whose digits 1-9 differ but need not all appear. Kakuro boards are the one
  geometry whose units do not hold every symbol, so only the Kakuro package's own solver,
  check and grader work on them (core/kakuro).
- binairo: rows and columns of an even size n whose cells hold one of two symbols, n/2
  of each to a line; like Kakuro's, its units do not hold every symbol, and only the
  Binairo package works on them (core/binairo).
- nonogram: rows and columns of any height and width from 5 to 40 whose cells are shaded
  or not; only the Nonogram package works on them (core/nonogram).
- starbattle: rows, columns and n irregular regions (of any sizes) of an n x n square,
  each to hold k stars, k carried in box_rows; only the Star Battle package works on
  them (core/starbattle).
- hashi: a square or rectangle of islands (a count 1..8) and water (the bridges' codes in
  a solution); its rows and columns are lines to draw along, not units of symbols, and
  only the Hashi package works on them (core/hashi).
- slitherlink: rows and columns of any height and width from 5 to 30 whose cells hold
  clues 0-3 and, solved, lie inside or outside one loop; only the Slitherlink package
  works on them (core/slitherlink).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from ..bits import bits_of, mask_of
from ..compiled.budget import BOARDS_KEPT as BOARDS_KEPT  # kept per table, as compiled.py keeps
from ..words import with_article

SYMMETRIES = ("none", "rotational", "mirror", "diagonal")
MAX_SIZE = 25  # the largest size the text format has symbols for
# Past this size no jigsaw is made: the fill finds no grid for the layouts drawn (none of
# 12 on each size from 19x19 in 200 fill attempts; bench/README.md, "Large jigsaws").
LARGEST_JIGSAW = 18
BLOCK_KINDS = ("box", "window", "region")  # units that are areas, not lines
SAMURAI_GRIDS = (("top-left", 0, 0), ("top-right", 0, 12), ("centre", 6, 6),
                 ("bottom-left", 12, 0), ("bottom-right", 12, 12))
SAMURAI_FRAME = 21
REGION_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY"  # jigsaw regions 0..24 as people write them
LATIN_SIZES = range(3, MAX_SIZE + 1)  # a Latin square from 3x3 up
BINAIRO_SIZES = range(4, 17)  # the even sizes of a two-symbol board the geometry takes
NONOGRAM_SIDES = range(5, 41)  # a Nonogram's rows, and its columns
STARBATTLE_SIDES = range(5, 15)  # the squares a Star Battle board may be
HASHI_SIZES = range(5, MAX_SIZE + 1)  # a Hashi square's sides the geometry takes
NONOGRAM_TILE = 5  # a Nonogram is drawn with a heavier line every this many cells
SLITHERLINK_SIDES = range(5, 31)  # a Slitherlink's rows, and its columns
KAKURO_DIGITS = 9   # a Kakuro's cells hold 1-9
KAKURO_BLACK, KAKURO_WHITE, KAKURO_ROWS = "#", ".", "/"  # a pattern's squares, row break


@dataclass(frozen=True)
class Unit:
    """One unit: its kind (row, column, box, diagonal, window, region), 0-based index
    among units of that kind (in its grid, for a Samurai), the cells, and for a Samurai
    the grid it belongs to (a shared box: the first grid that has it)."""

    kind: str
    index: int
    cells: tuple[int, ...]
    grid: str = ""

    def __str__(self) -> str:
        name = f"{self.kind} {self.index + 1}"
        return f"{name} of the {self.grid} grid" if self.grid else name


@dataclass(frozen=True)
class Shape:
    """A board: `geometry` on r x c boxes (n = box_rows * box_cols symbols), or for a
    jigsaw the region of each cell (box_rows = box_cols = 0), or for a Kakuro its pattern
    of black and white squares (box_rows = box_cols = 0). Compared and hashed by these
    defining fields; the tables are derived from them."""

    box_rows: int
    box_cols: int
    geometry: str = "classic"
    regions: tuple[int, ...] = ()
    pattern: str = ""  # a Kakuro's squares row by row, '#' black, '.' white, rows by '/'
    size: int = field(init=False, compare=False)
    cell_count: int = field(init=False, compare=False, repr=False)
    frame: tuple[int, int] = field(init=False, compare=False, repr=False)
    positions: tuple[tuple[int, int], ...] = field(init=False, compare=False, repr=False)
    units: tuple[Unit, ...] = field(init=False, compare=False, repr=False)
    units_of: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    unit_masks: tuple[int, ...] = field(init=False, compare=False, repr=False)
    peer_masks: tuple[int, ...] = field(init=False, compare=False, repr=False)
    cell_unit_masks: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    all_cells_mask: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        size, frame, positions, units = _layout(self)
        cell_count = len(positions)
        holding: list[list[int]] = [[] for _ in range(cell_count)]
        for i, unit in enumerate(units):  # in unit order, so each cell's units ascend
            for c in unit.cells:
                holding[c].append(i)
        units_of = tuple(map(tuple, holding))
        unit_masks = tuple(mask_of(u.cells) for u in units)
        peer_masks = []
        for c in range(cell_count):
            seen = 0
            for i in units_of[c]:
                seen |= unit_masks[i]
            peer_masks.append(seen & ~(1 << c))
        setter = object.__setattr__.__get__(self)
        setter("size", size)
        setter("cell_count", cell_count)
        setter("frame", frame)
        setter("positions", positions)
        setter("units", units)
        setter("units_of", units_of)
        setter("peer_masks", tuple(peer_masks))
        setter("unit_masks", unit_masks)
        setter("cell_unit_masks", tuple(tuple(map(unit_masks.__getitem__, units))
                                        for units in units_of))
        setter("all_cells_mask", (1 << cell_count) - 1)
        # The hash the dataclass would compute from the defining fields, computed once: a
        # board keys the engines' and fills' caches, looked up several times an attempt,
        # and a jigsaw's regions are a tuple of every cell's.
        setter("_hash", hash((self.box_rows, self.box_cols, self.geometry, self.regions,
                              self.pattern)))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined]  # set once, in __post_init__

    @cached_property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """Each cell's peers, ascending (made when first asked for: a jigsaw board is made
        per puzzle, and little asks for them)."""
        return tuple(tuple(bits_of(mask)) for mask in self.peer_masks)

    def __reduce__(self):
        # Pickle as the defining fields; the tables are rebuilt (and cached) on arrival.
        return (board_of, (self.box_rows, self.box_cols, self.geometry, self.regions,
                           self.pattern))

    def __repr__(self) -> str:
        # Kept as it was when the field was called `variant`: the PDF renderer digests the
        # repr of what it draws into each file's /ID, and that ID must not change with a
        # rename (render/pdf.py _fingerprint). A pattern is added only where there is one.
        pattern = f", pattern={self.pattern!r}" if self.pattern else ""
        return (f"Shape(box_rows={self.box_rows!r}, box_cols={self.box_cols!r}, "
                f"variant={self.geometry!r}, regions={self.regions!r}{pattern}, "
                f"size={self.size!r})")

    def __str__(self) -> str:
        named = GEOMETRIES[self.geometry].name
        grid = f"{self.frame[0]}x{self.frame[1]}"
        if self.has_several_grids:
            return named
        return f"{grid} {named}" if named else grid

    @property
    def box_text(self) -> str:
        """The box as people write it, '3x3'; '' for a board without boxes (a jigsaw has
        regions instead; a Nonogram's box_rows and box_cols are its sides)."""
        boxed = self.box_rows and self.box_cols and GEOMETRIES[self.geometry].boxed
        return f"{self.box_rows}x{self.box_cols}" if boxed else ""

    @cached_property
    def is_classic(self) -> bool:
        """Rows, columns and boxes, and no other unit."""
        kinds = {unit.kind for unit in self.units}
        return not self.regions and not self.has_several_grids and kinds == CLASSIC_KINDS

    @property
    def has_regions(self) -> bool:
        """Irregular regions instead of boxes (a jigsaw)."""
        return bool(self.regions)

    @property
    def has_several_grids(self) -> bool:
        """Grids that overlap in a larger frame (a Samurai's five)."""
        return GEOMETRIES[self.geometry].overlapping

    @property
    def lined(self) -> bool:
        """Its cells are drawn with lines and an outline (a Hashi's open water is not)."""
        return GEOMETRIES[self.geometry].lined

    @property
    def fills_frame(self) -> bool:
        """Its frame is all squares, a cell or a black square (a Kakuro's pattern): the
        squares that are no cell are printed, not left out as a Samurai's gaps are."""
        return GEOMETRIES[self.geometry].patterned

    @property
    def dotted(self) -> bool:
        """It is drawn as dots at its cells' corners, not lines (a Slitherlink's): the
        loop drawn between them is the answer."""
        return GEOMETRIES[self.geometry].dotted

    @property
    def extra_unit_kinds(self) -> frozenset[str]:
        """The kinds of unit beyond rows, columns, boxes and regions: 'diagonal', 'window'."""
        return frozenset(unit.kind for unit in self.units) - CLASSIC_KINDS - {"region"}

    def cell_name(self, cell: int) -> str:
        """The 1-based row/column name of a cell in the frame, as people write it: r1c5."""
        row, col = self.positions[cell]
        return f"r{row + 1}c{col + 1}"

    @property
    def blocks(self) -> tuple[Unit, ...]:
        """The units that are areas (boxes, windows, regions), in unit order."""
        return tuple(u for u in self.units if u.kind in BLOCK_KINDS)

    @property
    def independent_blocks(self) -> tuple[tuple[int, ...], ...]:
        """Boxes (or regions) no unit joins to each other, taken greedily in unit order:
        any filling of each with the symbols is consistent, so a fill may start from
        random permutations there (on classic boards, the boxes of band i, stack i)."""
        return _independent_blocks(self)

    @property
    def grids(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Each grid of the board, named, with its cells in reading order: a Samurai's
        five 9x9 grids in SAMURAI_GRIDS order (shared cells in two of them); any other
        board is one grid, named ''."""
        return _grids(self)

    def orbits(self, symmetry: str) -> tuple[tuple[int, ...], ...]:
        """The cell groups that the given symmetry keeps together, in order of first cell."""
        return _orbits(self, symmetry)


CLASSIC_KINDS = frozenset(("row", "column", "box"))


def _layout(shape: Shape):
    """(size, frame, cell positions, units) of a board, checked."""
    geometry = GEOMETRIES.get(shape.geometry)
    if geometry is None:
        raise ValueError(f"unknown board geometry {shape.geometry!r}; expected one of: "
                         f"{', '.join(GEOMETRIES)}")
    if shape.regions and not geometry.has_regions:
        raise ValueError("only a jigsaw board has regions")
    if shape.pattern and not geometry.patterned:
        raise ValueError("only a Kakuro board has a pattern of black and white squares")
    if geometry.boxed:
        _check_box(shape.box_rows, shape.box_cols)
    return geometry.layout(shape)


def _boxed_layout(extra_units=None):
    """A one-grid board of rows, columns and boxes, and the units extra_units(n, box_rows,
    box_cols) adds."""
    def layout(shape: Shape):
        n = shape.box_rows * shape.box_cols
        units = _classic_units(n, shape.box_rows, shape.box_cols)
        if extra_units is not None:
            units += extra_units(n, shape.box_rows, shape.box_cols)
        return n, (n, n), tuple(divmod(c, n) for c in range(n * n)), units
    return layout


def _check_box(box_rows: int, box_cols: int) -> None:
    if box_rows < 2 or box_cols < 2:
        raise ValueError(f"boxes must be at least 2x2, got {box_rows}x{box_cols}")
    if box_rows * box_cols > MAX_SIZE:
        raise ValueError(f"{box_rows}x{box_cols} boxes make a board larger than "
                         f"{MAX_SIZE}x{MAX_SIZE}")


def _classic_units(n: int, box_rows: int, box_cols: int, cell_at=None,
                   grid: str = "") -> tuple[Unit, ...]:
    """Rows, columns and boxes of an n x n grid; cell_at(row, col) numbers its cells
    (row-major by default)."""
    at = cell_at or (lambda r, c: r * n + c)
    boxes = []
    for b in range(n):
        top, left = (b // box_rows) * box_rows, (b % box_rows) * box_cols
        boxes.append(Unit("box", b, tuple(at(top + r, left + c) for r in range(box_rows)
                                          for c in range(box_cols)), grid))
    return _lines(n, at, grid) + tuple(boxes)


def _lines(n: int, at, grid: str = "") -> tuple[Unit, ...]:
    """The rows, then the columns, of an n x n grid whose cells at(row, col) numbers."""
    return (tuple(Unit("row", r, tuple(at(r, c) for c in range(n)), grid) for r in range(n))
            + tuple(Unit("column", c, tuple(at(r, c) for r in range(n)), grid)
                    for c in range(n)))


def _diagonals(n: int, box_rows: int = 0, box_cols: int = 0) -> tuple[Unit, ...]:
    return (Unit("diagonal", 0, tuple(i * n + i for i in range(n))),
            Unit("diagonal", 1, tuple(i * n + n - 1 - i for i in range(n))))


def _windows(n: int, box_rows: int, box_cols: int) -> tuple[Unit, ...]:
    """Square windows of the box's size, one cell in from the edge and one cell apart."""
    if box_rows != box_cols:
        raise ValueError(f"hyper windows need square boxes, got {box_rows}x{box_cols}")
    k = box_rows
    starts = range(1, n - k + 1, k + 1)
    return tuple(Unit("window", i, tuple((top + r) * n + left + c for r in range(k)
                                         for c in range(k)))
                 for i, (top, left) in enumerate((t, s) for t in starts for s in starts))


def _latin_layout(shape: Shape):
    """A Latin square: rows and columns only; box_rows carries the size (box_cols is 0)."""
    n = shape.box_rows
    if shape.box_cols or not LATIN_SIZES[0] <= n <= LATIN_SIZES[-1]:
        raise ValueError(f"a Latin square board is latin_of(n) for n from {LATIN_SIZES[0]} "
                         f"to {LATIN_SIZES[-1]}, got {n}x{shape.box_cols}")
    return n, (n, n), tuple(divmod(c, n) for c in range(n * n)), _lines(n, lambda r, c: r * n + c)


def _binairo_layout(shape: Shape):
    """A Binairo: rows and columns of an even size, each holding two symbols half and half
    (core/binairo); box_rows carries the size (box_cols is 0)."""
    n = shape.box_rows
    if shape.box_cols or n % 2 or not BINAIRO_SIZES[0] <= n <= BINAIRO_SIZES[-1]:
        raise ValueError(f"a Binairo board is binairo_of(n) for even n from {BINAIRO_SIZES[0]} "
                         f"to {BINAIRO_SIZES[-1]}, got {n}x{shape.box_cols}")
    return n, (n, n), tuple(divmod(c, n) for c in range(n * n)), _lines(n, lambda r, c: r * n + c)


def _nonogram_layout(shape: Shape):
    """A Nonogram: rows and columns of shaded or white cells (core/nonogram); box_rows
    carries its height, box_cols its width, and its size is the longer side."""
    height, width = shape.box_rows, shape.box_cols
    if height not in NONOGRAM_SIDES or width not in NONOGRAM_SIDES:
        raise ValueError(f"a Nonogram board is nonogram_of(height, width) for sides from "
                         f"{NONOGRAM_SIDES[0]} to {NONOGRAM_SIDES[-1]}, got {height}x{width}")
    rows = tuple(Unit("row", r, tuple(range(r * width, (r + 1) * width)))
                 for r in range(height))
    columns = tuple(Unit("column", c, tuple(range(c, height * width, width)))
                    for c in range(width))
    # Blocks of 5x5 (less at the far edges) only to be drawn: heavy lines every five cells
    # help a solver count along a line; no rule holds of them.
    corners = [(top, left) for top in range(0, height, NONOGRAM_TILE)
               for left in range(0, width, NONOGRAM_TILE)]
    tiles = tuple(Unit("box", i, tuple(r * width + c
                                       for r in range(top, min(top + NONOGRAM_TILE, height))
                                       for c in range(left, min(left + NONOGRAM_TILE, width))))
                  for i, (top, left) in enumerate(corners))
    return (max(height, width), (height, width),
            tuple(divmod(c, width) for c in range(height * width)), rows + columns + tiles)


def _starbattle_layout(shape: Shape):
    """A Star Battle: rows, columns and n connected regions of any sizes on an n x n square
    (core/starbattle); box_rows carries the stars each unit holds (box_cols is 0)."""
    regions, n, stars = shape.regions, math.isqrt(len(shape.regions)), shape.box_rows
    if n * n != len(regions) or n not in STARBATTLE_SIDES or shape.box_cols or \
            not 1 <= stars <= (n + 1) // 4:
        raise ValueError(f"a Star Battle board is starbattle_of(regions, stars) for n x n "
                         f"regions, n from {STARBATTLE_SIDES[0]} to {STARBATTLE_SIDES[-1]}, "
                         f"and stars that fit a line untouching; got {len(regions)} cells "
                         f"and {stars} stars")
    if sorted(set(regions)) != list(range(n)):
        raise ValueError(f"{with_article(f'{n}x{n}')} Star Battle numbers its regions "
                         f"0..{n - 1}")
    held: list[list[int]] = [[] for _ in range(n)]
    for c, r in enumerate(regions):
        held[r].append(c)
    if not all(_connected(tuple(cells), n) for cells in held):
        raise ValueError("a Star Battle region is not one piece")
    lines, positions = _square_grid(n)
    return n, (n, n), positions, lines + tuple(Unit("region", k, tuple(cells))
                                               for k, cells in enumerate(held))
def _rectangle(height: int, width: int):
    """The layout of a height x width grid whose units are its rows and columns, its size
    the longer side."""
    rows = tuple(Unit("row", r, tuple(range(r * width, (r + 1) * width)))
                 for r in range(height))
    columns = tuple(Unit("column", c, tuple(range(c, height * width, width)))
                    for c in range(width))
    return (max(height, width), (height, width),
            tuple(divmod(c, width) for c in range(height * width)), rows + columns)


def _hashi_layout(shape: Shape):
    """A Hashi: a square or rectangle of islands and water (core/hashi); box_rows carries
    its height, box_cols its width (0 on a square, as it was before rectangles). Its cells
    hold counts to 8 and bridge codes, whatever the size."""
    height, width = shape.box_rows, shape.box_cols or shape.box_rows
    if height not in HASHI_SIZES or width not in HASHI_SIZES or shape.box_cols == height:
        raise ValueError(f"a Hashi board is hashi_of(height, width) for sides from "
                         f"{HASHI_SIZES[0]} to {HASHI_SIZES[-1]}, got "
                         f"{shape.box_rows}x{shape.box_cols}")
    return _rectangle(height, width)
def _slitherlink_layout(shape: Shape):
    """A Slitherlink: rows and columns of clued cells inside or outside a loop
    (core/slitherlink); box_rows carries its height, box_cols its width."""
    height, width = shape.box_rows, shape.box_cols
    if height not in SLITHERLINK_SIDES or width not in SLITHERLINK_SIDES:
        raise ValueError(f"a Slitherlink board is slitherlink_of(height, width) for sides "
                         f"from {SLITHERLINK_SIDES[0]} to {SLITHERLINK_SIDES[-1]}, "
                         f"got {height}x{width}")
    return _rectangle(height, width)


def _jigsaw_layout(shape: Shape):
    regions, n = shape.regions, math.isqrt(len(shape.regions))
    if shape.box_rows or shape.box_cols:
        raise ValueError("a jigsaw board has regions, not boxes")
    if n * n != len(regions) or not 4 <= n <= MAX_SIZE:
        raise ValueError(f"a jigsaw layout needs n x n cells for n from 4 to {MAX_SIZE}, "
                         f"got {len(regions)}")
    if sorted(set(regions)) != list(range(n)):
        raise ValueError(f"{with_article(f'{n}x{n}')} jigsaw layout numbers its regions 0..{n - 1}")
    held: list[list[int]] = [[] for _ in range(n)]
    for c, r in enumerate(regions):
        held[r].append(c)
    members = [tuple(cells) for cells in held]
    for k, cells in enumerate(members):
        if len(cells) != n:
            raise ValueError(f"jigsaw region {k + 1} has {len(cells)} cells, not {n}")
        if not _connected(cells, n):
            raise ValueError(f"jigsaw region {k + 1} is not connected")
    lines, positions = _square_grid(n)
    units = lines + tuple(Unit("region", k, cells) for k, cells in enumerate(members))
    return n, (n, n), positions, units


@lru_cache(maxsize=MAX_SIZE + 1)
def _square_grid(n: int) -> tuple[tuple[Unit, ...], tuple[tuple[int, int], ...]]:
    """The rows and columns of an n x n grid and its cells' positions (every jigsaw of
    the size has them, and one is drawn per puzzle)."""
    return _lines(n, lambda r, c: r * n + c), tuple(divmod(c, n) for c in range(n * n))


def _connected(cells: tuple[int, ...], n: int) -> bool:
    """Whether the cells form one orthogonally connected piece of an n x n grid: grown
    from the first one, a step in every direction at a time (as bit masks)."""
    inside = mask_of(cells)
    not_left = _not_column(n, 0)
    not_right = _not_column(n, n - 1)
    piece, grown = 0, 1 << cells[0]
    while grown != piece:
        piece = grown
        grown = (piece | (piece << 1 & not_left) | (piece >> 1 & not_right) | piece << n
                 | piece >> n) & inside
    return piece == inside


@lru_cache(maxsize=2 * (MAX_SIZE + 1))
def _not_column(n: int, column: int) -> int:
    """Every cell of an n x n grid but those of one column."""
    return ((1 << n * n) - 1) & ~sum(1 << (row * n + column) for row in range(n))


def _samurai_layout(shape: Shape):
    """Five 9x9 grids in the 21x21 frame; cells numbered row-major over the frame."""
    if (shape.box_rows, shape.box_cols) != (3, 3):
        raise ValueError(f"a Samurai is made of 9x9 grids with 3x3 boxes, got "
                         f"{shape.box_rows}x{shape.box_cols} boxes")
    covered = sorted({(top + r, left + c) for _, top, left in SAMURAI_GRIDS
                      for r in range(9) for c in range(9)})
    number = {position: cell for cell, position in enumerate(covered)}
    units: list[Unit] = []
    for name, top, left in SAMURAI_GRIDS:
        units += _classic_units(9, 3, 3, lambda r, c: number[top + r, left + c], name)
    order = {"row": 0, "column": 1, "box": 2}
    unique: dict[frozenset, Unit] = {}
    for unit in sorted(units, key=lambda u: order[u.kind]):  # stable: grid order kept
        unique.setdefault(frozenset(unit.cells), unit)
    return 9, (SAMURAI_FRAME, SAMURAI_FRAME), tuple(covered), tuple(unique.values())


def _kakuro_layout(shape: Shape):
    """The white squares of a Kakuro pattern as cells, row by row, and its runs as units:
    the across runs in reading order of their first cells, then the down runs. Every
    white square must lie in an across and a down run of 2 to 9 squares, each run after a
    black square (where its clue is printed)."""
    rows = shape.pattern.split(KAKURO_ROWS)
    squares = set("".join(rows))
    if shape.box_rows or shape.box_cols or not rows[0] or \
            len({len(row) for row in rows}) != 1 or squares - {KAKURO_BLACK, KAKURO_WHITE}:
        raise ValueError(f"a Kakuro pattern is rows of equal length of {KAKURO_BLACK!r} "
                         f"(black) and {KAKURO_WHITE!r} (white) separated by "
                         f"{KAKURO_ROWS!r}, got {shape.pattern!r}")
    positions = tuple((r, c) for r, row in enumerate(rows) for c, square in enumerate(row)
                      if square == KAKURO_WHITE)
    cell_at = {position: cell for cell, position in enumerate(positions)}
    across = _kakuro_runs(rows, cell_at, "across")
    down = _kakuro_runs(["".join(column) for column in zip(*rows)],
                        {(c, r): cell for (r, c), cell in cell_at.items()}, "down")
    down = sorted(down, key=lambda cells: cells[0])
    units = tuple(Unit("across", i, cells) for i, cells in enumerate(across)) + \
        tuple(Unit("down", i, cells) for i, cells in enumerate(down))
    return KAKURO_DIGITS, (len(rows), len(rows[0])), positions, units


def _kakuro_runs(lines: list[str], cell_at: dict, direction: str) -> list[tuple[int, ...]]:
    """The runs of white squares along each line (rows, or columns read as rows), checked:
    2 to 9 squares, after a black square."""
    runs = []
    for index, line in enumerate(lines):
        for match in re.finditer(re.escape(KAKURO_WHITE) + "+", line):
            start, length = match.start(), match.end() - match.start()
            where = (index, start) if direction == "across" else (start, index)
            name = f"r{where[0] + 1}c{where[1] + 1}"
            if start == 0:
                raise ValueError(f"the {direction} run at {name} starts at the frame's edge, "
                                 f"with no black square for its clue")
            if not 2 <= length <= KAKURO_DIGITS:
                raise ValueError(f"the {direction} run at {name} has {length} square"
                                 f"{'s' if length > 1 else ''}; a run has 2 to "
                                 f"{KAKURO_DIGITS} (each white square is in an across and "
                                 f"a down run, whose digits differ)")
            runs.append(tuple(cell_at[index, col] for col in range(start, match.end())))
    return runs


@lru_cache(maxsize=BOARDS_KEPT)
def _independent_blocks(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """Greedily, the blocks no unit joins, from the first grid only: the diagonal boxes
    of one classic grid can always be completed, but on overlapping grids (a Samurai)
    blocks of different grids can leave a shared box's rows without values. A Latin
    square has no blocks, so none."""
    if not shape.blocks:
        return ()
    grid = shape.blocks[0].grid
    chosen, joined = [], 0  # joined: the chosen blocks' cells and all their peers
    for unit in shape.blocks:
        mask = mask_of(unit.cells)
        if unit.grid == grid and not mask & joined:
            chosen.append(unit.cells)
            joined |= mask
            for cell in unit.cells:
                joined |= shape.peer_masks[cell]
    return tuple(chosen)


@lru_cache(maxsize=BOARDS_KEPT)
def _grids(shape: Shape) -> tuple[tuple[str, tuple[int, ...]], ...]:
    if not shape.has_several_grids:
        return (("", tuple(range(shape.cell_count))),)
    cell_at = {position: cell for cell, position in enumerate(shape.positions)}
    return tuple((name, tuple(cell_at[top + r, left + c] for r in range(9) for c in range(9)))
                 for name, top, left in SAMURAI_GRIDS)


def _mirror_image(frame: tuple[int, int], position: tuple[int, int],
                  symmetry: str) -> tuple[int, int]:
    (rows, cols), (row, col) = frame, position
    if symmetry == "rotational":
        return rows - 1 - row, cols - 1 - col
    if symmetry == "mirror":
        return row, cols - 1 - col
    if symmetry == "diagonal":
        return col, row
    return row, col


@lru_cache(maxsize=4 * BOARDS_KEPT)
def _orbits(shape: Shape, symmetry: str) -> tuple[tuple[int, ...], ...]:
    if symmetry not in SYMMETRIES:
        raise ValueError(f"unknown symmetry {symmetry!r}; expected one of: {', '.join(SYMMETRIES)}")
    if symmetry == "none":
        return _own_orbits(shape.cell_count)
    cell_at = {position: cell for cell, position in enumerate(shape.positions)}
    seen: set[int] = set()
    orbits: list[tuple[int, ...]] = []
    for cell, position in enumerate(shape.positions):
        if cell not in seen:
            image = cell_at[_mirror_image(shape.frame, position, symmetry)]
            orbit = tuple(sorted({cell, image}))
            seen.update(orbit)
            orbits.append(orbit)
    return tuple(orbits)


@lru_cache(maxsize=8)
def _own_orbits(cell_count: int) -> tuple[tuple[int, ...], ...]:
    """Every cell its own orbit (no symmetry), for boards of that many cells."""
    return tuple((cell,) for cell in range(cell_count))


@dataclass(frozen=True)
class Geometry:
    """How the tables of a board of one geometry are built, and its name in messages."""

    name: str             # after the size in messages, '9x9 X'; '' for classic
    layout: Callable      # Shape -> (size, frame, positions, units)
    has_regions: bool = False
    boxed: bool = True    # made of r x c boxes (box_rows, box_cols checked as a box)
    overlapping: bool = False  # several grids overlapping in one frame (a Samurai's five)
    patterned: bool = False    # its squares are black and white as its pattern says
    lined: bool = True         # its cells are drawn with lines (a Hashi's water is not)
    dotted: bool = False       # drawn as dots at the cells' corners, no lines (a loop's)


GEOMETRIES = {
    "classic": Geometry("", _boxed_layout()),
    "x": Geometry("X", _boxed_layout(_diagonals)),
    "hyper": Geometry("Hyper", _boxed_layout(_windows)),
    "jigsaw": Geometry("Jigsaw", _jigsaw_layout, has_regions=True, boxed=False),
    # Rows and columns only: the board of Calcudoku, Futoshiki, Skyscrapers (core/kinds).
    "latin": Geometry("", _latin_layout, boxed=False),
    # Rows and columns of two symbols, half and half: a Binairo's (core/binairo).
    "binairo": Geometry("", _binairo_layout, boxed=False),
    # Rows and columns of any sides, cells shaded or white: a Nonogram's (core/nonogram).
    "nonogram": Geometry("", _nonogram_layout, boxed=False),
    # Rows, columns and regions of any sizes, each holding k stars: a Star Battle's.
    "starbattle": Geometry("Star Battle", _starbattle_layout, has_regions=True, boxed=False),
    # Islands and water, bridges between: a Hashi's (core/hashi).
    "hashi": Geometry("", _hashi_layout, boxed=False, lined=False),
    # Rows and columns of clued cells, inside or outside a loop: a Slitherlink's.
    "slitherlink": Geometry("", _slitherlink_layout, boxed=False, dotted=True),
    "samurai": Geometry("Samurai", _samurai_layout, overlapping=True),
    # Runs of white squares in a frame of black and white: a Kakuro (core/kakuro).
    "kakuro": Geometry("Kakuro", _kakuro_layout, boxed=False, patterned=True),
}


def board_of(box_rows: int, box_cols: int, geometry: str = "classic", regions=(),
             pattern: str = "") -> Shape:
    """The (cached) board of a geometry: boxes of box_rows x box_cols, jigsaw regions, or a
    Kakuro pattern."""
    return _board(box_rows, box_cols, geometry, tuple(regions), pattern)


@lru_cache(maxsize=BOARDS_KEPT)
def _board(box_rows: int, box_cols: int, geometry: str, regions: tuple[int, ...],
           pattern: str) -> Shape:
    return Shape(box_rows, box_cols, geometry, regions, pattern)


def shape_of(box_rows: int, box_cols: int) -> Shape:
    """The (cached) classic shape with boxes of box_rows x box_cols."""
    return board_of(box_rows, box_cols)


def latin_of(size: int) -> Shape:
    """The (cached) Latin square board of a size: rows and columns, no boxes."""
    return board_of(size, 0, "latin")


def binairo_of(size: int) -> Shape:
    """The (cached) Binairo board of an even size: rows and columns of two symbols."""
    return board_of(size, 0, "binairo")


def nonogram_of(height: int, width: int) -> Shape:
    """The (cached) Nonogram board of height rows and width columns."""
    return board_of(height, width, "nonogram")


def starbattle_of(regions, stars: int) -> Shape:
    """The (cached) Star Battle board whose cell c lies in region regions[c] (0..n-1),
    each row, column and region to hold `stars` stars."""
    return board_of(stars, 0, "starbattle", tuple(regions))
def hashi_of(height: int, width: int = 0) -> Shape:
    """The (cached) Hashi board of height rows and width columns (a square: the height
    alone), islands and water."""
    return board_of(height, 0 if width in (0, height) else width, "hashi")
def slitherlink_of(height: int, width: int) -> Shape:
    """The (cached) Slitherlink board of height rows and width columns."""
    return board_of(height, width, "slitherlink")


def kakuro_of(pattern: str) -> Shape:
    """The (cached) Kakuro board of a pattern ('#' black, '.' white, rows by '/')."""
    return board_of(0, 0, "kakuro", (), pattern)


def jigsaw_of(regions) -> Shape:
    """The (cached) jigsaw board whose cell c lies in region regions[c] (0..n-1)."""
    return board_of(0, 0, "jigsaw", tuple(regions))


def conventional_box(size: int) -> tuple[int, int]:
    """The usual box for a size: as square as possible, wider than tall (6 -> 2x3)."""
    for rows in range(int(size ** 0.5), 1, -1):
        if size % rows == 0 and size // rows >= 2:
            return rows, size // rows
    raise ValueError(f"{size}x{size} has no rectangular box of at least 2x2")


def shape_for_size(size: int) -> Shape:
    """The shape of a size-n board with its conventional box."""
    if not 4 <= size <= MAX_SIZE:
        raise ValueError(f"size must be between 4 and {MAX_SIZE}, got {size}")
    return shape_of(*conventional_box(size))


def parse_shape(size_text: str, box_text: str | None = None) -> Shape:
    """Read '9x9' (and optionally a box '3x2') as a Shape; ValueError says what is wrong."""
    size = parse_size(size_text)
    if box_text is None:
        return shape_for_size(size)
    return shape_of(*parse_box(box_text, size))


def parse_size(size_text: str) -> int:
    """Read '9x9' as 9; ValueError unless it is a square like that."""
    rows, cols = _parse_pair(size_text, "size")
    if rows != cols:
        raise ValueError(f"size must be square, like 9x9; got {size_text!r}")
    return rows


def parse_sides(size_text: str) -> tuple[int, int]:
    """Read '9x9' as (9, 9) and '10x18' as (10, 18): rows x columns."""
    return _parse_pair(size_text, "size")


def parse_box(box_text: str, size: int) -> tuple[int, int]:
    """Read a box '3x2' of a size-n board as (3, 2); ValueError unless it tiles it."""
    box_rows, box_cols = _parse_pair(box_text, "box")
    if box_rows * box_cols != size:
        raise ValueError(f"box {box_text} does not tile {with_article(f'{size}x{size}')} board "
                         f"({box_rows}*{box_cols} != {size})")
    return box_rows, box_cols


def _parse_pair(text: str, what: str) -> tuple[int, int]:
    parts = str(text).lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isdecimal() for p in parts):
        raise ValueError(f"{what} must look like 9x9, got {text!r}")
    return int(parts[0]), int(parts[1])
