"""A Calcudoku's repeat key: its least text under the moves that keep a Calcudoku one.

The eight turns and mirrors of the square keep a Latin square Latin and carry each cage,
its target and its operation along (a cage's fillings are turned with it). Relabelling
values does not keep arithmetic in general (swap 1 and 2 and a 3× cage is no longer
made), with one exception that is proven here: v -> n+1-v turns a cage adding k values
to t into one adding them to k(n+1)-t, keeps every difference (|a-b| is unchanged) and
turns a one-cell cage's v into n+1-v. So where every cage adds, subtracts or is one
cell (every addition-only puzzle, and a full one without × or ÷), that relabelling
gives an equivalent puzzle too; × and ÷ are not kept by it, and hidden operations are
not either (the target alone allows every operation, and 2÷ is not 2− after it). The key
is the least line over those images: two puzzles share it exactly when one is such an
image of the other.
"""

from __future__ import annotations

from ..words import with_article
from .cages import OPERATION, CalcCages, MathCage
from .text import format_calcudoku


def calcudoku_key(name: str, cages: CalcCages) -> str:
    """'NAME NxN:' and the least text of the puzzle's images."""
    n = cages.shape.size
    relabellings = (False, True) if complements(cages) else (False,)
    images = [_image(cages, move, complement) for move in _moves(n) for complement in relabellings]
    return f"{name} {n}x{n}:" + min(format_calcudoku(image) for image in images)


def complements(cages: CalcCages) -> bool:
    """Whether v -> n+1-v keeps the puzzle a puzzle (the cage set's complementable())."""
    return cages.complementable()


def _moves(n: int) -> list[list[int]]:
    """The square's eight symmetries as cell maps (image cell -> source cell)."""
    flips = [lambda r, c: (r, c), lambda r, c: (n - 1 - r, n - 1 - c),
             lambda r, c: (r, n - 1 - c), lambda r, c: (n - 1 - r, c),
             lambda r, c: (c, r), lambda r, c: (n - 1 - c, n - 1 - r),
             lambda r, c: (c, n - 1 - r), lambda r, c: (n - 1 - c, r)]
    return [[_cell(n, *flip(*divmod(cell, n))) for cell in range(n * n)] for flip in flips]


def _cell(n: int, row: int, col: int) -> int:
    return row * n + col


def _image(cages: CalcCages, move: list[int], complement: bool) -> CalcCages:
    n = cages.shape.size
    where = {source: image for image, source in enumerate(move)}
    moved = []
    for cage in cages.cages:
        target = _complement(n, cage) if complement else cage.target
        moved.append(MathCage(tuple(sorted(where[c] for c in cage.cells)), target,
                              cage.operation))
    return type(cages)(cages.shape, tuple(moved))


def _complement(n: int, cage: MathCage) -> int:
    """The cage's target after v -> n+1-v (see complements())."""
    if len(cage.cells) == 1:
        return n + 1 - cage.target
    complement = OPERATION[cage.operation].complement if cage.operation in OPERATION else None
    if complement is not None:
        return complement(len(cage.cells), n, cage.target)
    raise ValueError(f"v -> n+1-v does not keep {with_article(cage.operation)} cage")
