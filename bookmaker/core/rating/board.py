"""The rater's tables for a shape, built once from Shape's units (never from coordinates).

Sudoku Explainer looks at units in fixed orders, and its choice of step (hence the rating)
follows them: blocks, columns, rows for singles and subsets; blocks, rows, columns for
chains. Units of other kinds (a variant's diagonals or windows) come after, in the order
the shape lists them. Fish and grouped links need lines: units of kind row or column.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..bits import bits_of
from ..board.shape import Shape

LINES = ("row", "column")
_SINGLES_ORDER = {"box": 0, "column": 1, "row": 2}
_CHAINS_ORDER = {"box": 0, "row": 1, "column": 2}


@dataclass(frozen=True, eq=False)
class Board:
    """Unit orders, crossings and per-cell tables of a shape, as the rater uses them."""

    shape: Shape
    unit_masks: tuple[int, ...]
    kinds: tuple[str, ...]
    single_units: tuple[int, ...]              # blocks, columns, rows, then the rest
    chain_units: tuple[int, ...]               # blocks, rows, columns, then the rest
    cell_chain_units: tuple[tuple[int, ...], ...]   # a cell's units in chain order
    peer_order: tuple[tuple[int, ...], ...]    # a cell's peers, unit by unit in chain order
    lock_groups: tuple[tuple, ...]              # where locked candidates may be
    box_of: tuple[int, ...]                    # per cell, its box unit (-1 if none)
    lines: dict                                # kind -> its units by index (rows, columns)
    line_of: dict                              # kind -> per cell, its line's index
    segments: tuple[tuple[int, ...], ...]      # per unit, its cells split by the units crossing it

    def unit_name(self, unit: int) -> str:
        return str(self.shape.units[unit])


def _ordered(shape: Shape, rank: dict) -> tuple[int, ...]:
    return tuple(sorted(range(len(shape.units)),
                        key=lambda u: (rank.get(shape.units[u].kind, len(rank)), u)))


def _peer_order(shape: Shape, cell_units) -> tuple[tuple[int, ...], ...]:
    """Per cell, its peers as SE meets them: unit by unit, cells ascending, each once."""
    result = []
    for cell in range(shape.cell_count):
        seen, order = {cell}, []
        for u in cell_units[cell]:
            for other in shape.units[u].cells:
                if other not in seen:
                    seen.add(other)
                    order.append(other)
        result.append(tuple(order))
    return tuple(result)


def _segments(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """Per unit, the masks of its intersections with the units of another kind that
    cross it in two cells or more (a line's box segments, a box's rows and columns)."""
    masks, kinds = shape.unit_masks, [u.kind for u in shape.units]
    result = []
    for u, mask in enumerate(masks):
        parts = [mask & other for v, other in enumerate(masks)
                 if kinds[v] != kinds[u] and (mask & other).bit_count() >= 2]
        result.append(tuple(parts))
    return tuple(result)


@cache
def board_of(shape: Shape) -> Board:
    """The (cached) rater tables of a shape."""
    single = _ordered(shape, _SINGLES_ORDER)
    chain = _ordered(shape, _CHAINS_ORDER)
    rank = {u: i for i, u in enumerate(chain)}
    cell_units = tuple(tuple(sorted(shape.units_of[c], key=rank.__getitem__))
                       for c in range(shape.cell_count))
    box_of = tuple(next((u for u in cell_units[c] if shape.units[u].kind == "box"), -1)
                   for c in range(shape.cell_count))
    lines = {kind: tuple(u for u in range(len(shape.units)) if shape.units[u].kind == kind)
             for kind in LINES}
    line_of = {kind: tuple(next(i for i, u in enumerate(lines[kind])
                                if shape.unit_masks[u] >> c & 1) for c in range(shape.cell_count))
               for kind in LINES}
    return Board(shape, shape.unit_masks, tuple(u.kind for u in shape.units), single, chain,
                 cell_units, _peer_order(shape, cell_units), _lock_groups(shape, single),
                 box_of, lines, line_of, _segments(shape))


def _lock_groups(shape: Shape, order: tuple[int, ...]) -> tuple[tuple, ...]:
    """Where locked candidates are looked for, in SE's order: (box, column), (box, row),
    (column, box), (row, box), then any other two kinds of units sharing two cells or more.
    One group per pair of kinds; each entry is (unit holding the candidates, unit losing
    them, common cells)."""
    masks, kinds = shape.unit_masks, [u.kind for u in shape.units]
    kind_pairs = [("box", "column"), ("box", "row"), ("column", "box"), ("row", "box")]
    for u in order:
        for v in order:
            pair = (kinds[u], kinds[v])
            if u != v and (masks[u] & masks[v]).bit_count() >= 2 and pair not in kind_pairs:
                kind_pairs.append(pair)
    groups = []
    for first, second in kind_pairs:
        group = tuple((u, v, masks[u] & masks[v]) for u in order if kinds[u] == first
                      for v in order if kinds[v] == second and u != v
                      and (masks[u] & masks[v]).bit_count() >= 2)
        if group:
            groups.append(group)
    return tuple(groups)


def cells_text(shape: Shape, mask: int) -> str:
    return ",".join(shape.cell_name(c) for c in bits_of(mask))
