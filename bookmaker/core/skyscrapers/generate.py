"""Seeded Skyscrapers generation to a grade (core/latin/generate.py): every clue and every
given of a random Latin square; the givens are taken away first, in a seeded order, then
the clues, so that givens are left only where the grade needs them.

An attempt dug to an easier grade than expert (or hard, to 7x7) is traded (latin/trade.py)
rather than thrown away: dug within either, 83 attempts in 100 stop at medium (6x6), and a
trade meets the grade about four times as often as a new attempt (bench/README.md).
"""

from __future__ import annotations

from functools import lru_cache

from ..grade.grader import Grading
from ..latin.digging import Layout
from ..latin.generate import GIVEN, Family, generate_latin
from ..latin.trade import TRADES
from ..puzzle import Puzzle
from .clues import SIDES, EdgeClues, all_clues, clue_items, clues_of
from .grade import SKYSCRAPERS_GRADING, grade_skyscrapers_within, skyscrapers_within_reach
from .solver import clue_sides, skyscrapers_solutions


def _phases(n: int, solution: tuple[int, ...], difficulty: str) -> list[tuple]:
    return list(_items(n))


@lru_cache(maxsize=16)
def _items(n: int) -> tuple[tuple, tuple]:
    """Every given's item, then every clue's: the same for every solution of a size (a
    solution shows a clue on every side of every line: from either end at least its first
    building is seen)."""
    return (tuple((GIVEN, cell) for cell in range(n * n)),
            tuple(("clue", (side, i)) for side in SIDES for i in range(n)))


def _own_items(clues: EdgeClues) -> list:
    return [("clue", place) for place in clue_items(clues)]


@lru_cache(maxsize=16)
def _layout(n: int, solution: tuple[int, ...]) -> Layout:
    """The clues as the compiled dig reads them (clue_sides: top, right, bottom, left): a
    clue taken away leaves a 0. Kept a while: an attempt and its trade ask for each
    solution's several times."""
    return Layout(clue_sides(all_clues(n, solution)), _starts(n), 1, True)


@lru_cache(maxsize=16)
def _starts(n: int) -> dict:
    """Each clue's place in clue_sides(): the same for every solution of a size (_items)."""
    return {item: index for index, item in enumerate(_items(n)[1])}


@lru_cache(maxsize=16)
def _numbered_phases(n: int, difficulty: str) -> list[range]:
    """_phases' items as numbers (Family.numbered_phases): the givens by cell, then the
    clues in _starts' order."""
    return [range(n * n), range(n * n, n * n + 4 * n)]


SKYSCRAPERS_FAMILY = Family("Skyscrapers", _phases, clues_of, skyscrapers_within_reach,
                            grade_skyscrapers_within, skyscrapers_solutions,
                            SKYSCRAPERS_GRADING.grade_of, _own_items, TRADES,
                            grading=SKYSCRAPERS_GRADING, layout=_layout,
                            numbered_phases=_numbered_phases, every_extras=all_clues)


def generate_skyscrapers(n: int, seed: int, difficulty: str = "any",
                         worded: bool = True) -> tuple[Puzzle, Grading]:
    """A Skyscrapers puzzle of exactly the grade asked for, with its grading."""
    return generate_latin(SKYSCRAPERS_FAMILY, n, seed, difficulty, worded=worded)
