"""The group of a variant board: the moves that map its units onto its units, and with
them random copies (derive) and canonical forms (registry keys) of variant puzzles.

A *move* permutes the rows and the columns of the board's frame, maybe after a
transpose, and relabels the symbols; cell (i, j) of the image reads cell (rows[i],
columns[j]) of the source, or (columns[j], rows[i]) when transposed. Each variant keeps
the moves that map its extra units onto units:

- X: a row order that keeps bands and stacks together and commutes with reading the
  board backwards (so the pair of diagonals is kept), the same order or its reverse on
  the columns (the diagonals kept or swapped), and, with square boxes, a transpose: 96
  moves on 9x9 (then the relabellings).
- Hyper: row orders that keep bands and the windows' row spans, the same for columns
  (independently), and a transpose: 128 moves on 9x9.
- Jigsaw and Samurai: the eight turns and mirrors of the frame (the dihedral group).
  A jigsaw's regions move with its cells, so a turned jigsaw is another board; a
  Samurai's frame maps onto itself. (A Samurai has more moves than these, such as
  swapping two rows of a corner grid's outer band: its canonical form covers the eight
  turns and mirrors and the relabellings, not those.)

The canonical form is the least image over the moves, symbols relabelled 1, 2, ... in
order of first appearance (blanks 0), read cell by cell; a jigsaw's image is compared by
its regions first (lettered in order of first appearance), then by its cells. Each image
is read only until it exceeds the least one so far. Boards with more than MAX_MOVES
moves (X and Hyper above 12x12: a 16x16 X has 18,432, and its form took a second) have
no canonical form here: TooManyMoves, and registries key their puzzles by exact givens.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import cast

from ..rng import Rng
from .grid import Grid
from .shape import BOARDS_KEPT, REGION_LETTERS, Shape, jigsaw_of

MAX_MOVES = 2_000  # moves of a board beyond which no canonical form is searched
_ENUMERATION_NODES = 2_000_000  # steps allowed while listing a board's line orders


class TooManyMoves(Exception):
    """The board's group is too large to search for a canonical form."""


@dataclass(frozen=True)
class BoardMove:
    """A move of a variant board's group (see the module docstring): the frame's rows and
    columns reordered (after a transpose if set), then the symbols relabelled: a value v
    of the source becomes symbols[v - 1]."""

    transpose: bool
    rows: tuple[int, ...]
    columns: tuple[int, ...]
    symbols: tuple[int, ...]

    def apply(self, grid: Grid) -> Grid:
        """The image of a grid (givens or solution alike): on the same board, or for a
        jigsaw on the board its regions move to."""
        shape = grid.shape
        sources = _sources(shape, self.transpose, self.rows, self.columns)
        target = _moved_board(shape, sources)
        values = (0,) + self.symbols
        return Grid(target, tuple(values[grid.cells[s]] for s in sources))


def moves_of(shape: Shape) -> tuple[tuple[bool, tuple[int, ...], tuple[int, ...]], ...]:
    """Every (transpose, rows, columns) of the board's group, identity first;
    TooManyMoves beyond MAX_MOVES."""
    return _moves(shape)


def random_move(shape: Shape, rng: Rng) -> BoardMove:
    """A member of the board's group (relabelling included) drawn from rng, uniformly
    over the geometric moves when they can be listed; X and Hyper boards too large for
    that get a turn or mirror instead (which every variant board keeps)."""
    try:
        geometric = _moves(shape)
    except TooManyMoves:
        geometric = _dihedral(shape.frame[0])
    transpose, rows, columns = geometric[rng.below(len(geometric))]
    return BoardMove(transpose, rows, columns, tuple(rng.shuffled(range(1, shape.size + 1))))


def variant_form(grid: Grid) -> str:
    """The canonical form of a variant puzzle (see the module docstring), as text:
    'regions:cells' for a jigsaw, the cells otherwise; TooManyMoves for a board whose
    group is too large to search."""
    best_regions, best_cells = None, None
    for regions, sources in _readings(grid.shape):
        if best_regions is not None and regions > best_regions:
            continue
        if best_regions is None or regions < best_regions:
            best_regions, best_cells = regions, None
        cells = _least_reading(grid.cells, sources, best_cells)
        if cells is not None:
            best_cells = cells
    assert best_cells is not None  # the identity is always among the moves
    text = "".join(_FORM_SYMBOLS[v] for v in best_cells)
    return f"{best_regions}:{text}" if best_regions else text


_FORM_SYMBOLS = "0123456789ABCDEFGHIJKLMNOP"


def _readings(shape: Shape):
    """Each move's (regions of the image, lettered; '' without regions) and the cells it
    reads, in the order of _moves. They depend on the board alone: kept per board, as
    working them out for every puzzle was most of a form's time (96 moves of a 9x9 X),
    but for a jigsaw, whose layout is drawn per puzzle."""
    return _each_reading(shape) if shape.has_regions else _kept_readings(shape)


@lru_cache(maxsize=BOARDS_KEPT)
def _kept_readings(shape: Shape) -> tuple[tuple[str, list[int]], ...]:
    return tuple(_each_reading(shape))


def _each_reading(shape: Shape):
    for transpose, rows, columns in _moves(shape):
        sources = _sources(shape, transpose, rows, columns)
        yield (_region_text(shape, sources) if shape.has_regions else ""), sources


def _least_reading(cells, sources, best: list[int] | None) -> list[int] | None:
    """The relabelled reading of the cells in `sources` order if it is less than best
    (None otherwise, found as soon as it is greater)."""
    labels: dict[int, int] = {}
    image: list[int] = []
    smaller = best is None
    for position, source in enumerate(sources):
        value = cells[source]
        label = labels.setdefault(value, len(labels) + 1) if value else 0
        if not smaller and best is not None:  # (not smaller: best is a reading)
            if label > best[position]:
                return None
            smaller = label < best[position]
        image.append(label)
    return image if smaller else None


def _region_text(shape: Shape, sources) -> str:
    """The jigsaw regions of the image, lettered in order of first appearance."""
    number: dict[int, int] = {}
    return "".join(REGION_LETTERS[number.setdefault(shape.regions[s], len(number))]
                   for s in sources)


def _moved_board(shape: Shape, sources) -> Shape:
    if not shape.has_regions:
        return shape
    number: dict[int, int] = {}
    return jigsaw_of(number.setdefault(shape.regions[s], len(number)) for s in sources)


def _sources(shape: Shape, transpose: bool, rows, columns) -> list[int]:
    """For each cell of the image, the cell of the source it reads."""
    cell_at = _cell_at(shape)
    if transpose:
        return [cell_at[columns[c], rows[r]] for r, c in _positions(shape)]
    return [cell_at[rows[r], columns[c]] for r, c in _positions(shape)]


def _positions(shape: Shape):
    return shape.positions


@lru_cache(maxsize=BOARDS_KEPT)
def _cell_at(shape: Shape) -> dict[tuple[int, int], int]:
    return {position: cell for cell, position in enumerate(shape.positions)}


# --- the groups -----------------------------------------------------------------------

def _moves(shape: Shape):
    moves = _listed_moves(shape)
    if moves is None:
        raise TooManyMoves
    return moves


@lru_cache(maxsize=BOARDS_KEPT)
def _listed_moves(shape: Shape):
    """The board's moves, or None when there are too many: kept either way (listing a
    16x16 X board's line orders to find 18,432 moves took ~0.15 s for every key)."""
    try:
        return _group_moves(shape)
    except TooManyMoves:
        return None


def _group_moves(shape: Shape):
    if shape.has_regions or shape.has_several_grids:
        return _dihedral(shape.frame[0])
    if "diagonal" in shape.extra_unit_kinds:
        return _x_moves(shape.size, shape.box_rows, shape.box_cols)
    if "window" in shape.extra_unit_kinds:
        return _hyper_moves(shape.size, shape.box_rows)
    raise ValueError("classic boards have their group in core/board/transform.py")


@cache
def _dihedral(n: int):
    """The eight turns and mirrors of an n x n frame."""
    same, backwards = tuple(range(n)), tuple(range(n - 1, -1, -1))
    return tuple((transpose, rows, columns) for transpose in (False, True)
                 for rows in (same, backwards) for columns in (same, backwards))


@cache
def _x_moves(n: int, box_rows: int, box_cols: int):
    """Row orders keeping bands and stacks and commuting with reversal; columns the same
    or reversed; a transpose with square boxes."""
    blocks = _blocks(n, box_rows) + _blocks(n, box_cols)
    orders = _line_orders(n, blocks, mirrored=True)
    backwards = tuple(range(n - 1, -1, -1))
    transposes = (False, True) if box_rows == box_cols else (False,)
    moves = [(t, rows, columns) for t in transposes for rows in orders
             for columns in (rows, tuple(backwards[r] for r in rows))]
    return _capped(moves)


@cache
def _hyper_moves(n: int, k: int):
    """Row orders keeping the bands and the windows' spans; the same for columns; a
    transpose."""
    windows = tuple(frozenset(range(top, top + k)) for top in range(1, n - k + 1, k + 1))
    orders = _line_orders(n, _blocks(n, k) + windows, mirrored=False)
    if len(orders) ** 2 * 2 > MAX_MOVES:
        raise TooManyMoves
    return tuple((t, rows, columns) for t in (False, True) for rows in orders
                 for columns in orders)


def _capped(moves: list) -> tuple:
    if len(moves) > MAX_MOVES:
        raise TooManyMoves
    return tuple(moves)


def _blocks(n: int, size: int) -> tuple[frozenset, ...]:
    return tuple(frozenset(range(start, start + size)) for start in range(0, n, size))


def _line_orders(n: int, families: tuple[frozenset, ...], mirrored: bool) -> tuple:
    """Every order of 0..n-1 mapping each set of the family onto a set of the family
    (and, if mirrored, n-1-i to n-1-order[i]), found in increasing order, so the
    identity first; TooManyMoves if listing them takes too long."""
    family = set(families)
    holding = [[s for s in families if i in s] for i in range(n)]
    found: list[tuple[int, ...]] = []
    order: list[int | None] = [None] * n
    used = [False] * n
    steps = 0

    def fits(i: int) -> bool:
        """Every set holding i, once wholly placed, lands on a set of the family."""
        return all(frozenset(order[x] for x in s) in family for s in holding[i]
                   if all(order[x] is not None for x in s))

    def place(i: int) -> None:
        nonlocal steps
        steps += 1
        if steps > _ENUMERATION_NODES or len(found) > MAX_MOVES:
            raise TooManyMoves
        while i < n and order[i] is not None:
            i += 1
        if i == n:
            found.append(tuple(cast(list[int], order)))  # every place filled
            return
        j = n - 1 - i if mirrored else i
        for t in range(n):
            u = n - 1 - t if mirrored else t
            if used[t] or used[u] or (i == j) != (t == u):
                continue
            order[i], order[j], used[t], used[u] = t, u, True, True
            if fits(i) and fits(j):
                place(i + 1)
            order[i], order[j], used[t], used[u] = None, None, False, False
    place(0)
    return tuple(found)
