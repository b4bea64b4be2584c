"""How many distinct puzzles (none a relabelled, permuted or transposed copy of another, as
builds compare them) the generator can make on a board, where that is known: on classic
4x4 boards, by counting every one (bench/count_small_boards.py prints these figures).
Larger boards have more than a book may ask for (10,000): 1,500 6x6 puzzles made per
symmetry repeat one another at most 27 times (mirror), which by the birthday count puts
the smallest 6x6 supply near 40,000 and the others far above; so for them nothing is
counted, or needed.

Without `clues:` a section gets puzzles from which no orbit of its symmetry can be
blanked (minimal puzzles, without symmetry); with `clues: K`, puzzles of exactly K clues
or those."""

from __future__ import annotations

from ..board.shape import Shape

# Classes of 4x4 puzzles no orbit of the symmetry can be blanked from, and of all of them.
FOUR_BY_FOUR_POOLS = {"none": 36, "rotational": 13, "mirror": 15, "diagonal": 43}
FOUR_BY_FOUR_POOLS_TOGETHER = 80
# Classes of every uniquely solvable 4x4 puzzle, by its number of clues (4,710 in all).
FOUR_BY_FOUR_BY_CLUES = {4: 13, 5: 96, 6: 376, 7: 711, 8: 1040, 9: 980, 10: 788, 11: 414,
                         12: 210, 13: 56, 14: 22, 15: 2, 16: 2}
FOUR_BY_FOUR_ALL = sum(FOUR_BY_FOUR_BY_CLUES.values())


def counted(shape: Shape) -> bool:
    """Whether the board's distinct puzzles are counted here: classic 4x4 only."""
    return shape.is_classic and shape.size == 4


def most_distinct(shape: Shape, symmetry: str, clues: int | None) -> int | None:
    """The most distinct puzzles a section of this board, symmetry and clue target can
    get (an upper bound: with `clues:` some may not be reached); None if not counted."""
    if not counted(shape):
        return None
    pool = FOUR_BY_FOUR_POOLS[symmetry]
    return pool if clues is None else min(FOUR_BY_FOUR_ALL,
                                          pool + FOUR_BY_FOUR_BY_CLUES.get(clues, 0))


def most_distinct_together(shape: Shape, settings: set[tuple[str, int | None]]) -> int | None:
    """The most distinct puzzles several sections of one board can share among them, each
    (symmetry, clues) setting adding its own; None if the board is not counted."""
    if not counted(shape):
        return None
    if all(clues is None for _, clues in settings):
        return min(FOUR_BY_FOUR_POOLS_TOGETHER,
                   sum(FOUR_BY_FOUR_POOLS[symmetry] for symmetry, _ in settings))
    return min(FOUR_BY_FOUR_ALL, sum(most_distinct(shape, *setting) or 0 for setting in settings))
