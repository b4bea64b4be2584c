"""Digging by logic: clues removed while singles alone still solve the grid.

For the lowest grade a removal can be judged without any search: if naked and hidden
singles still fill the grid, it is unique (each step is forced) and no harder than
``beginner``. That check is the exact solver's propagate() on its bitboards, and a cell
that is a single at once needs not even that, so a dig costs a fraction of generate()'s
removal by search, and every dig lands on beginner: 2.4 times generate_graded's rate by
minimal generation and cut-back (bench/results/xeon-2cpu/2026-11-22-goals.md). The same
dig for ``easy``, with locked candidates added to the check, was measured no faster than
cut-back (it lands on easy 2 times in 5), so it is not offered.
"""

from __future__ import annotations

from ..board.shape import Shape
from ..solve.search import initial_boards
from ..solve.solver import propagate
from .balance import removal_rule
from .removal import Clues


def dig_singles(clues: Clues, orbits) -> None:
    """Blank the orbits in order wherever singles still solve the grid: at once when each
    blanked cell is a single itself, else by propagating singles from the clues (on a
    board of several grids, only where the grids stay balanced: generate/balance.py)."""
    balanced = removal_rule(clues.shape)
    for orbit in orbits:
        for cell in orbit:
            clues.blank(cell)
        if (balanced is not None and not balanced(clues.givens)) or not (
                all(clues.single(cell) for cell in orbit)
                or solved_by_singles(clues.shape, clues.givens)):
            for cell in orbit:
                clues.restore(cell)


def solved_by_singles(shape: Shape, cells) -> bool:
    """Whether naked and hidden singles fill the grid completely."""
    start = initial_boards(shape, cells)
    assert start is not None  # givens taken from a solution never clash
    boards, placed = start
    return propagate(shape, boards, placed) == shape.all_cells_mask
