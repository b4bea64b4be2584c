"""The compiled grader's tables of a board (csrc/grade*.c), made once per board and kept
by its engine; None on the pure core, where the grader runs in Python."""

from __future__ import annotations

from functools import reduce
from operator import or_

from .. import compiled
from ..board.groups import unit_groups
from ..board.shape import Shape
from ..solve import engines
from .geometry import geometry


def grader_tables(shape: Shape):
    """The compiled Grader of a board, or None on the pure core."""
    engine = engines.engine(shape)
    if engine.native is None:
        return None
    found = engine.kept.get("grader")
    if found is None:
        found = engine.kept["grader"] = _made(shape, engine.native)
    return found


def _made(shape: Shape, native):
    geo = geometry(shape)
    grids = tuple((grid.line_masks["row"], grid.line_masks["column"],
                   grid.line_index["row"], grid.line_index["column"])
                  for grid in geo.fish_grids)
    groups = [masks for _, masks in unit_groups(shape)]
    return compiled.extension().Grader(
        native, shape.unit_masks, shape.units_of, geo.units_blocks_first,
        [u for a, b, _ in geo.block_intersections for u in (a, b)],
        [u for a, b, _ in geo.line_intersections for u in (a, b)], grids,
        [row for row, _ in shape.positions], [col for _, col in shape.positions],
        *shape.frame, [len(masks) for masks in groups],
        [reduce(or_, masks) for masks in groups])
