"""A jigsaw board drawn from a seed for a puzzle: a tiling (board/jigsaw.py) that the fill
generate() will make from the same seed is sure to complete (some layouts have no full
grid at all, and a puzzle needs one)."""

from __future__ import annotations

from itertools import islice

from ..board.jigsaw import TILE_NODES, tilings
from ..board.shape import Shape, jigsaw_of
from ..puzzle import GenerationError
from ..rng import Rng, derive_seed
from .removal import fill_budget, seeded_fill

FILL_CHECK_ATTEMPTS = 10  # the first fill attempts a layout must succeed within
LAYOUT_ATTEMPTS = 200  # tilings drawn before giving up (a 12x12 needs about 15)


def fill_check_attempts(shape: Shape) -> int:
    """The first fill attempts a layout must succeed within: FILL_CHECK_ATTEMPTS, or on
    boards of more cells than TILE_NODES, where a fill seldom succeeds early, all the
    attempts generate() would make (fill_budget)."""
    if shape.cell_count < TILE_NODES:
        return FILL_CHECK_ATTEMPTS
    return fill_budget(shape)[1]


def jigsaw_layout(n: int, seed: int) -> Shape:
    """The jigsaw board of size n drawn from the seed (board/jigsaw.py), one
    for which generate(board, seed) is sure to fill its grid: the check here is the
    first FILL_CHECK_ATTEMPTS attempts of that very fill (the same stream, the same
    budget), so it succeeds there too. GenerationError if no such layout turns up within
    LAYOUT_ATTEMPTS tilings."""
    for regions in islice(tilings(n, Rng(derive_seed(seed, "jigsaw layout"))), LAYOUT_ATTEMPTS):
        if regions is None:
            continue
        shape = jigsaw_of(regions)
        try:
            seeded_fill(shape, seed, attempts=fill_check_attempts(shape))
        except GenerationError:
            continue
        return shape
    raise GenerationError(f"no {n}x{n} jigsaw layout with a full grid turned up in "
                          f"{LAYOUT_ATTEMPTS} tries")
