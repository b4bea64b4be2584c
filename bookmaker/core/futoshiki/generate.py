"""Seeded Futoshiki generation to a grade (core/latin/generate.py): every given and every
sign of a random Latin square, taken away in a seeded order. For easy, medium and hard the
givens go first, then the signs, so that what is left is signs and the few givens the
grade needs; for the other grades both go together, so that a mix of both is left.

Givens first where it was measured to help (bench/README.md, bench_attempts.py): a
puzzle dug from both together is mostly minimal while singles and sign bounds still solve
it, so it misses these grades. Dug givens first, a 5x5 dug to medium was medium once in
11 attempts instead of once in 100 (easy: 3 against 22, hard: 6 against 14), a 7x7 once
in 2 instead of once in 10 (hard: 5 against 12). For expert (as often either way at 5x5)
and extreme (each attempt far dearer) the mix stays.

An attempt dug to an easier grade than expert (or hard, to 7x7) is traded (latin/trade.py)
rather than thrown away, where it was measured to pay: not for medium, whose trades
overshoot (a 5x5: 10 ms a puzzle to 13 ms; bench/README.md).
"""

from __future__ import annotations

from functools import lru_cache

from ..grade.grader import Grading
from ..latin.digging import Layout
from ..latin.generate import GIVEN, Family, generate_latin
from ..latin.trade import TRADES
from ..puzzle import Puzzle
from .grade import FUTOSHIKI_GRADING, futoshiki_within_reach, grade_futoshiki_within
from .signs import Signs, all_signs
from .solver import futoshiki_solutions, sign_data

GIVENS_FIRST = ("easy", "medium", "hard")  # the grades dug givens first, then signs


def _phases(n: int, solution: tuple[int, ...], difficulty: str) -> list[list]:
    givens = [(GIVEN, cell) for cell in range(n * n)]
    signs = [("sign", pair) for pair in all_signs(n, solution).pairs]
    if difficulty in GIVENS_FIRST:
        return [givens, signs]
    return [givens + signs]


def _signs(n: int, solution: tuple[int, ...], pairs) -> Signs:
    """The signs of the kept (smaller, larger) pairs: every sign's order (sorted) kept,
    rather than sorted again at every trial of digging."""
    kept = set(pairs)
    return Signs(n, tuple(pair for pair in all_signs(n, solution).pairs if pair in kept))


def _own_items(signs: Signs) -> list:
    return [("sign", pair) for pair in signs.pairs]


def _layout(n: int, solution: tuple[int, ...]) -> Layout:
    """The signs as the compiled dig reads them (sign_data): a sign's two cells cut out
    when it is taken away, the rest in _signs()' order."""
    every = all_signs(n, solution)
    return Layout(sign_data(every), {("sign", pair): 2 * i for i, pair in enumerate(every.pairs)},
                  2, False)


@lru_cache(maxsize=64)
def _numbered_phases(n: int, difficulty: str) -> list[range]:
    """_phases' items as numbers (Family.numbered_phases): the givens by cell, then the
    signs in all_signs' order (_layout's), 2n(n - 1) of them whatever the solution."""
    signs = range(n * n, n * n + 2 * n * (n - 1))
    if difficulty in GIVENS_FIRST:
        return [range(n * n), signs]
    return [range(n * n + len(signs))]


FUTOSHIKI_FAMILY = Family("Futoshiki", _phases, _signs, futoshiki_within_reach,
                          grade_futoshiki_within, futoshiki_solutions,
                          FUTOSHIKI_GRADING.grade_of, _own_items, TRADES,
                          grading=FUTOSHIKI_GRADING, layout=_layout,
                          numbered_phases=_numbered_phases, every_extras=all_signs)


def generate_futoshiki(n: int, seed: int, difficulty: str = "any",
                       worded: bool = True) -> tuple[Puzzle, Grading]:
    """A Futoshiki of exactly the grade asked for, with its grading."""
    return generate_latin(FUTOSHIKI_FAMILY, n, seed, difficulty, worded=worded)
