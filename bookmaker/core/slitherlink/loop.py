"""A seeded random loop: the border of an inside grown cell by cell, one piece with no
hole and no dot passed twice, to between 40 and 60 per cent of the grid's cells.

Each step adds an outside cell beside the inside, preferring those with the fewest
inside neighbours (a thin, winding inside makes a long loop), and keeps it only if the
outside stays one piece reaching the border and no dot would have inside cells on one
diagonal and outside ones on the other.
"""

from __future__ import annotations

from ..rng import Rng
from .frame import Frame


def random_inside(frame: Frame, rng: Rng) -> list[bool]:
    """Each cell inside (True) or outside a random loop."""
    inside = [False] * frame.cells
    inside[rng.below(frame.cells)] = True
    target = frame.cells * (40 + rng.below(21)) // 100
    grown, refused = 1, set()
    while grown < target:
        beside = [cell for cell in range(frame.cells) if not inside[cell] and
                  cell not in refused and _inside_around(frame, inside, cell)]
        if not beside:
            break
        fewest = min(_inside_around(frame, inside, cell) for cell in beside)
        thin = [cell for cell in beside if _inside_around(frame, inside, cell) == fewest]
        pool = thin if rng.below(4) else beside
        cell = pool[rng.below(len(pool))]
        inside[cell] = True
        if _pinched(frame, inside, cell) or not _outside_whole(frame, inside):
            inside[cell] = False
            refused.add(cell)
        else:
            grown += 1
            refused.clear()
    return inside


def _inside_around(frame: Frame, inside: list[bool], cell: int) -> int:
    return sum(1 for other in frame.cell_neighbours[cell] if other >= 0 and inside[other])


def _pinched(frame: Frame, inside: list[bool], cell: int) -> bool:
    """Whether a dot at the cell's corners has inside cells on one diagonal only."""
    w, h = frame.width, frame.height
    r, c = divmod(cell, w)

    def at(rr: int, cc: int) -> bool:
        return 0 <= rr < h and 0 <= cc < w and inside[rr * w + cc]
    for dr in (0, 1):
        for dc in (0, 1):
            a, b = at(r - 1 + dr, c - 1 + dc), at(r - 1 + dr, c + dc)
            d, e = at(r + dr, c - 1 + dc), at(r + dr, c + dc)
            if a == e and b == d and a != b:
                return True
    return False


def _outside_whole(frame: Frame, inside: list[bool]) -> bool:
    """Whether every outside cell reaches the border through outside cells."""
    w = frame.width
    seen = [False] * frame.cells
    todo = [cell for cell in range(frame.cells) if not inside[cell] and
            (cell < w or cell >= frame.cells - w or cell % w in (0, w - 1))]
    for cell in todo:
        seen[cell] = True
    while todo:
        cell = todo.pop()
        for other in frame.cell_neighbours[cell]:
            if other >= 0 and not inside[other] and not seen[other]:
                seen[other] = True
                todo.append(other)
    return all(seen[cell] or inside[cell] for cell in range(frame.cells))
