"""The tables the grader's techniques need beyond a board's: units in the order hidden
singles look at them, lines grid by grid for fish, and the intersections where candidates
can be locked; made once per board (also for the compiled grader, tables.py)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..bits import mask_of
from ..board.shape import BLOCK_KINDS, BOARDS_KEPT, Shape


@dataclass(frozen=True)
class Geometry:
    """Tables the techniques need beyond Shape: units in the order hidden singles look at
    them, lines for fish, and the intersections where candidates can be locked."""

    unit_masks: tuple[int, ...]
    units_blocks_first: tuple[int, ...]   # unit indices: blocks, then lines, in unit order
    fish_grids: tuple[FishGrid, ...]      # one per grid (five on a Samurai board)
    block_intersections: tuple[tuple[int, int, int], ...]  # (block, other unit, common)
    line_intersections: tuple[tuple[int, int, int], ...]   # (line, other unit, common)


@dataclass(frozen=True)
class FishGrid:
    """The rows and columns of one grid: by kind, their masks in order and, per cell of
    the grid, the index of its line of that kind (-1 outside the grid); and the grid's
    name in explanations (' of the top-left grid' on a Samurai, else '')."""

    line_masks: dict
    line_index: dict
    of_grid: str = ""
    grid: str = ""  # the grid's own name ('top-left'), '' off a Samurai


@lru_cache(maxsize=BOARDS_KEPT)
def geometry(shape: Shape) -> Geometry:
    """The (cached) technique tables of a shape, derived from Shape.units via Unit.kind.
    Intersections are the pairs of units sharing two cells or more (a digit confined to
    one shared cell is a hidden single), listed block by block so that on classic boards
    they are each box with its rows, then its columns."""
    units, masks = shape.units, shape.unit_masks
    blocks = [i for i, u in enumerate(units) if u.kind in BLOCK_KINDS]
    lines = [i for i, u in enumerate(units) if u.kind not in BLOCK_KINDS]

    def meeting(first: list[int], others) -> tuple[tuple[int, int, int], ...]:
        return tuple((a, b, masks[a] & masks[b]) for a in first for b in others
                     if a != b and (masks[a] & masks[b]).bit_count() >= 2)
    by_block = meeting(blocks, range(len(units)))
    line_pairs = tuple((b, a, common) for a, b, common in by_block if b in lines)
    return Geometry(masks, tuple(blocks + lines), _fish_grids(shape), by_block,
                    line_pairs + meeting(lines, lines))


def _fish_grids(shape: Shape) -> tuple[FishGrid, ...]:
    """Rows and columns grid by grid: lines of one grid never overlap, and every cell of
    the grid lies in exactly one of its rows and one of its columns, as fish need."""
    grids = []
    for grid in dict.fromkeys(u.grid for u in shape.units):
        line_masks, line_index = {}, {}
        for kind in ("row", "column"):
            lines = [u for u in shape.units if u.kind == kind and u.grid == grid]
            index = [-1] * shape.cell_count
            for u in lines:
                for c in u.cells:
                    index[c] = u.index
            line_masks[kind] = tuple(mask_of(u.cells) for u in lines)
            line_index[kind] = tuple(index)
        grids.append(FishGrid(line_masks, line_index, f" of the {grid} grid" if grid else "",
                              grid))
    return tuple(grids)
