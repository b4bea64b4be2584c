"""The grades a Slitherlink is made at, by its number of cells."""

from __future__ import annotations

from .grade import SLITHERLINK_GRADES

# The most cells a puzzle of each grade is made on, within 10 s median, made for each of
# seeds 0-19. The count that proves each puzzle a second time runs in C within 30M states
# (seconds on the sparse clues of a hard 20x20); the digging by technique is the rest. A
# 20x30 medium is refused: one seed in 20 (10) made three grids in a row whose counts ran
# past 30M states (a clueless band along one side), 32 s and no puzzle:
# bench/results/xeon-2cpu/2026-12-02-slitherhard.md.
MOST_CELLS = {"beginner": 600, "easy": 600, "medium": 400, "hard": 400, "expert": 400}


def grades_made(rows: int, cols: int) -> tuple[str, ...]:
    """The grades made at this size (MOST_CELLS); 'any' digs to the hardest of them."""
    return tuple(grade for grade in SLITHERLINK_GRADES if rows * cols <= MOST_CELLS[grade])
