"""Calcudoku cage layouts: cages covering the board in shapes like the published ones.

Cells are taken in a seeded order; each cell still free starts a cage of a size drawn
from the weights (mostly two and three cells, some singles and fours) and grows it by
free neighbours while it stays compact(): no more than three cells across in any
direction, and four cells never in one line (no long snakes). One-cell cages beyond the
weights' share then join a neighbouring cage that stays compact.
"""

from __future__ import annotations

from functools import lru_cache

from .. import compiled
from ..board.shape import Shape
from ..rng import Rng

MAX_CAGE = 4


def connected_parts(n: int, cells) -> list[tuple[int, ...]]:
    """The cells split into orthogonally connected pieces."""
    left, parts = set(cells), []
    while left:
        todo = [min(left)]
        part = set(todo)
        while todo:
            for other in neighbours(n, [todo.pop()]):
                if other in left and other not in part:
                    part.add(other)
                    todo.append(other)
        left -= part
        parts.append(tuple(sorted(part)))
    return parts


def cage_layout(shape: Shape, rng: Rng, weights) -> list[tuple[int, ...]]:
    """Cages covering the board, each compact (see compact()), sizes drawn from weights:
    in C where the compiled core runs (csrc/calclayout.c, the same draws)."""
    layout = compiled.calcudoku_layouter()
    found = None if layout is None else layout(shape.size, rng.state, tuple(weights))
    if found is None:
        return cage_layout_in_python(shape, rng, weights)
    groups, rng.state = found
    return groups


def cage_layout_in_python(shape: Shape, rng: Rng, weights) -> list[tuple[int, ...]]:
    """cage_layout() in Python: the reference."""
    n = shape.size
    owner = [-1] * (n * n)
    groups: list[list[int]] = []
    for cell in rng.shuffled(range(n * n)):
        if owner[cell] >= 0:
            continue
        size = _draw(rng, weights)
        group = [cell]
        owner[cell] = len(groups)
        while len(group) < size:
            free = [c for c in neighbours(n, group) if owner[c] < 0]
            if len(group) >= 3:  # smaller groups are compact whatever they add
                free = [c for c in free if compact(n, group + [c])]
            if not free:
                break
            chosen = free[rng.below(len(free))]
            group.append(chosen)
            owner[chosen] = len(groups)
        groups.append(group)
    _absorb_lone_cells(n, groups, owner, rng, weights)
    return [tuple(sorted(group)) for group in groups if group]


def _draw(rng: Rng, weights) -> int:
    pick = rng.below(sum(weights))
    for size, weight in enumerate(weights, 1):
        if pick < weight:
            return size
        pick -= weight
    return len(weights)


def neighbours(n: int, group) -> list[int]:
    """The cells beside the group, in increasing order."""
    beside = around(n)
    if len(group) == 1:
        return list(beside[group[0]])
    found: set[int] = set()
    for cell in group:
        found.update(beside[cell])
    return sorted(found.difference(group))


@lru_cache(maxsize=16)
def around(n: int) -> tuple[tuple[int, ...], ...]:
    """Each cell's neighbours on an n x n board, in increasing order (kept per n: a
    layout asks for them at every cell it grows)."""
    found = []
    for cell in range(n * n):
        row, col = divmod(cell, n)
        found.append(tuple(sorted(r * n + c for r, c in ((row - 1, col), (row + 1, col),
                                                         (row, col - 1), (row, col + 1))
                                  if 0 <= r < n and 0 <= c < n)))
    return tuple(found)


def compact(n: int, group) -> bool:
    """Whether cells make a published-looking cage: at most MAX_CAGE cells, spanning at
    most three rows and three columns, and four cells never in one line."""
    if len(group) < 4:
        return True  # three cells span three rows and columns at most
    if len(group) > MAX_CAGE:
        return False
    rows = {cell // n for cell in group}
    cols = {cell % n for cell in group}
    return len(rows) <= 3 and len(cols) <= 3 and min(len(rows), len(cols)) > 1


def _absorb_lone_cells(n: int, groups, owner, rng: Rng, weights) -> None:
    """One-cell cages beyond the recipe's share join a neighbouring cage, if one stays
    compact (the smallest such, then at random)."""
    wanted = round(weights[0] * n * n / sum(weights) / _mean_size(weights))
    lone = [g for g in groups if len(g) == 1]
    for group in rng.shuffled(lone)[:max(0, len(lone) - wanted)]:
        if len(group) != 1:
            continue  # another lone cell joined it
        cell = group[0]
        options = sorted({owner[c] for c in neighbours(n, group)
                          if compact(n, groups[owner[c]] + [cell]) and len(groups[owner[c]])},
                         key=lambda k: (len(groups[k]), k))
        if not options:
            continue
        smallest = [k for k in options if len(groups[k]) == len(groups[options[0]])]
        target = smallest[rng.below(len(smallest))]
        groups[target].append(cell)
        owner[cell] = target
        group.clear()


def _mean_size(weights) -> float:
    return sum(size * weight for size, weight in enumerate(weights, 1)) / sum(weights)
