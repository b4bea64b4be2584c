"""Shared by the Latin-square kinds' tests: brute force (every Latin square of a small
order, and how many of them a puzzle's givens and constraint admit), and what every
pinned generated puzzle must show."""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations


@lru_cache(maxsize=4)
def latin_squares(n: int) -> tuple[tuple[int, ...], ...]:
    """Every n x n Latin square (576 of order 4), cells row by row."""
    rows = list(permutations(range(1, n + 1)))
    found: list[tuple[int, ...]] = []

    def extend(square: list[tuple[int, ...]]) -> None:
        if len(square) == n:
            found.append(tuple(v for row in square for v in row))
            return
        for row in rows:
            if all(row[c] != other[c] for other in square for c in range(n)):
                extend(square + [row])
    extend([])
    return tuple(found)


def brute_count(n: int, givens, fits) -> int:
    """How many Latin squares keep the givens and pass fits(square)."""
    return sum(1 for square in latin_squares(n)
               if all(not g or g == v for g, v in zip(givens, square)) and fits(square))


def assert_made_as_pinned(kind, made, line: str, grade: str, hardest: str) -> None:
    """A generated (puzzle, grading) of `kind` has the pinned line, grade and hardest
    technique, its line read back grades the same, and the second proof agrees."""
    puzzle, grading = made
    assert kind.line(puzzle) == line
    assert (grading.grade, grading.hardest) == (grade, hardest)
    again = kind.grade(*kind.read(line))
    assert (again.grade, again.hardest) == (grade, hardest)
    kind.verify(puzzle)
