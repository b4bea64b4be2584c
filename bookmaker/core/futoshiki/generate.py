"""Seeded Futoshiki generation to a grade (core/latin/generate.py): every given and every
sign of a random Latin square. For a beginner's puzzle both are taken away together, in
one seeded order, so that what is left is a mix of givens and signs; above, the givens
go first, then the signs, so that what is left is signs and the givens the grade needs.

Givens first, because a puzzle dug from both at once is mostly solved by singles and sign
bounds alone (it is minimal before it needs more): a 5x5 dug to medium was medium once
in 100 attempts that way, once in 11 this way; 7x7 medium once in 10 against once in 2
(bench/README.md, bench_attempts.py)."""

from __future__ import annotations

from ..grade.grader import GRADES, Grading
from ..latin.generate import GIVEN, Family, generate_latin
from ..puzzle import Puzzle
from .grade import futoshiki_within_reach, grade_futoshiki_within
from .signs import Signs, all_signs, sorted_signs
from .solver import futoshiki_solutions


def _phases(n: int, solution: tuple[int, ...], difficulty: str) -> list[list]:
    givens = [(GIVEN, cell) for cell in range(n * n)]
    signs = [("sign", pair) for pair in all_signs(n, solution).pairs]
    if difficulty == GRADES[0]:  # every dig to it lands on it: the mix, together
        return [givens + signs]
    return [givens, signs]


def _signs(n: int, solution: tuple[int, ...], pairs) -> Signs:
    """The signs of the kept (smaller, larger) pairs."""
    return sorted_signs(n, pairs)


FUTOSHIKI_FAMILY = Family("Futoshiki", _phases, _signs, futoshiki_within_reach,
                          grade_futoshiki_within, futoshiki_solutions)


def generate_futoshiki(n: int, seed: int, difficulty: str = "any") -> tuple[Puzzle, Grading]:
    """A Futoshiki of exactly the grade asked for, with its grading."""
    return generate_latin(FUTOSHIKI_FAMILY, n, seed, difficulty)
