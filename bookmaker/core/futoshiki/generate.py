"""Seeded Futoshiki generation to a grade (core/latin/generate.py): every given and every
sign of a random Latin square, taken away together in one seeded order, so that what is
left is a mix of givens and signs, as printed Futoshiki are."""

from __future__ import annotations

from ..grade.grader import Grading
from ..latin.generate import GIVEN, Family, generate_latin
from ..puzzle import Puzzle
from .grade import futoshiki_within_reach, grade_futoshiki_within
from .signs import Signs, all_signs, sorted_signs
from .solver import futoshiki_solutions


def _phases(n: int, solution: tuple[int, ...]) -> list[list]:
    items = [(GIVEN, cell) for cell in range(n * n)]
    return [items + [("sign", pair) for pair in all_signs(n, solution).pairs]]


def _signs(n: int, solution: tuple[int, ...], pairs) -> Signs:
    """The signs of the kept (smaller, larger) pairs."""
    return sorted_signs(n, pairs)


FUTOSHIKI_FAMILY = Family("Futoshiki", _phases, _signs, futoshiki_within_reach,
                          grade_futoshiki_within, futoshiki_solutions)


def generate_futoshiki(n: int, seed: int, difficulty: str = "any") -> tuple[Puzzle, Grading]:
    """A Futoshiki of exactly the grade asked for, with its grading."""
    return generate_latin(FUTOSHIKI_FAMILY, n, seed, difficulty)
