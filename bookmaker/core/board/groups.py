"""Areas whose sum is known: each unit alone, runs of adjacent rows or columns, two boxes
side by side, as Killer's and Calcudoku's innie/outie rules read them."""

from __future__ import annotations

from functools import cache

from .shape import Shape


@cache
def unit_groups(shape: Shape) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """(name, unit masks) of each unit alone, then of every run of 2 to n-1 adjacent rows
    (and columns), then of each two boxes side by side in a band or a stack."""
    groups: list[tuple[str, tuple[int, ...]]] = [
        (str(unit), (mask,)) for unit, mask in zip(shape.units, shape.unit_masks)]
    for kind in ("row", "column"):
        lines = [m for u, m in zip(shape.units, shape.unit_masks) if u.kind == kind]
        for length in range(2, len(lines)):
            for first in range(len(lines) - length + 1):
                groups.append((f"{kind}s {first + 1}-{first + length}",
                               tuple(lines[first:first + length])))
    boxes = [(u, m) for u, m in zip(shape.units, shape.unit_masks) if u.kind == "box"]
    for (one, first), (two, second) in zip(boxes, boxes[1:]):
        if _side_by_side(shape, one.cells, two.cells):
            groups.append((f"{one} and {two}", (first, second)))
    for i, (one, first) in enumerate(boxes):
        for two, second in boxes[i + 1:]:
            if _above(shape, one.cells, two.cells):
                groups.append((f"{one} and {two}", (first, second)))
                break
    return tuple(groups)


def _side_by_side(shape: Shape, one, two) -> bool:
    """Whether box `two` starts on box `one`'s top row just right of it."""
    (top, _), (top2, left2) = shape.positions[one[0]], shape.positions[two[0]]
    return top == top2 and left2 == shape.positions[one[-1]][1] + 1


def _above(shape: Shape, one, two) -> bool:
    """Whether box `two` starts in box `one`'s left column just below it."""
    (_, left), (top2, left2) = shape.positions[one[0]], shape.positions[two[0]]
    return left == left2 and top2 == shape.positions[one[-1]][0] + 1
