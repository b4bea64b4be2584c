"""Cross sums: areas of a Kakuro whose runs' totals tell what a few cells add up to.

An *area* is a piece of the white squares of a band of adjacent rows (or columns),
connected within the band. Its across runs lie wholly inside it (a run is within one row)
and add up to the sum of their totals; the down runs through it add up to theirs. The
down runs cover the area and some cells outside the band, its *outies*, so the outies
add up to the down totals less the across totals. The same holds for bands of columns
with across and down swapped. Only areas with at most MOST_OUTIES outies are kept: a
person adds up a few cells, not a dozen.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..board.shape import BOARDS_KEPT, Shape
from .clues import Clues

MOST_OUTIES = 4


@dataclass(frozen=True)
class Area:
    """An area's name, its outies (cells, ascending) and what they add up to."""

    name: str
    outies: tuple[int, ...]
    outie_total: int
    runs: tuple[int, ...] = ()  # the runs whose totals make it: inside it, then through it


@dataclass(frozen=True)
class _Piece:
    """An area as the board alone gives it: its runs each way and its outies."""

    name: str
    inside: tuple[int, ...]   # the runs wholly inside it (across for a band of rows)
    through: tuple[int, ...]  # the runs through it (down for a band of rows)
    outies: tuple[int, ...]


@lru_cache(maxsize=BOARDS_KEPT)
def areas_of(clues: Clues) -> tuple[Area, ...]:
    """Every area of the board with its outies' total under these clues."""
    totals = clues.totals
    return tuple(Area(piece.name, piece.outies,
                      sum(totals[r] for r in piece.through) - sum(totals[r] for r in piece.inside),
                      piece.inside + piece.through)
                 for piece in _pieces(clues.shape))


@lru_cache(maxsize=BOARDS_KEPT)
def areas_with_outie(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """For each cell, the areas it is an outie of (their places in areas_of): the board's
    alone, so made once a board, not once a set of totals."""
    having: list[list[int]] = [[] for _ in range(shape.cell_count)]
    for index, piece in enumerate(_pieces(shape)):
        for cell in piece.outies:
            having[cell].append(index)
    return tuple(tuple(areas) for areas in having)


def area_runs(shape: Shape) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Each area of the board, in areas_of's order, as its outies, the runs inside it and
    the runs through it (its outies' total under any totals: through's less inside's)."""
    return tuple((piece.outies, piece.inside, piece.through) for piece in _pieces(shape))


@lru_cache(maxsize=BOARDS_KEPT)
def _pieces(shape: Shape) -> tuple[_Piece, ...]:
    """The areas of every band of rows and of columns, each once, fewest outies first."""
    found: dict[tuple[int, ...], _Piece] = {}
    rows, cols = shape.frame
    for across, lines in ((True, rows), (False, cols)):
        for first in range(1, lines):
            for last in range(first, lines):
                for piece in _band_pieces(shape, across, first, last):
                    found.setdefault(piece.outies, piece)
    return tuple(sorted(found.values(), key=lambda p: (len(p.outies), p.outies)))


def _band_pieces(shape: Shape, across: bool, first: int, last: int):
    """The areas of the band of rows (across) or columns first..last (frame indices)."""
    axis = 0 if across else 1
    inside = [c for c, position in enumerate(shape.positions)
              if first <= position[axis] <= last]
    units_of = shape.units_of
    for piece in _connected_pieces(shape, inside):
        kind = "across" if across else "down"
        own = sorted({u for c in piece for u in units_of[c] if shape.units[u].kind == kind})
        through = sorted({u for c in piece for u in units_of[c] if shape.units[u].kind != kind})
        cells = set(piece)
        outies = tuple(sorted({c for u in through for c in shape.units[u].cells} - cells))
        if outies and len(outies) <= MOST_OUTIES:
            lines = "rows" if across else "columns"
            span = f"{first + 1}" if first == last else f"{first + 1}-{last + 1}"
            name = (f"the {kind} runs of {lines[:-1] if first == last else lines} {span} "
                    f"from {shape.cell_name(min(piece))} and the runs through them")
            yield _Piece(name, tuple(own), tuple(through), outies)


def _connected_pieces(shape: Shape, cells: list[int]):
    """The cells (ascending) split into orthogonally connected pieces, each ascending, in
    the order of their first cells."""
    neighbours = _neighbours(shape)
    left = set(cells)
    for cell in cells:
        if cell in left:
            left.discard(cell)
            piece = [cell]
            for at in piece:  # the piece grows as it is walked
                for mate in neighbours[at]:
                    if mate in left:
                        left.discard(mate)
                        piece.append(mate)
            yield sorted(piece)


@lru_cache(maxsize=BOARDS_KEPT)
def _neighbours(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """Each cell's orthogonal neighbours among the cells (a band's pieces are walked
    hundreds of times a board: by cell number, not by square)."""
    at = {position: c for c, position in enumerate(shape.positions)}
    return tuple(tuple(at[square] for square in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                       if square in at)
                 for r, c in shape.positions)
