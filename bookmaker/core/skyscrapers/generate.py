"""Seeded Skyscrapers generation to a grade (core/latin/generate.py): every clue and every
given of a random Latin square; the givens are taken away first, in a seeded order, then
the clues, so that givens are left only where the grade needs them.

An attempt dug to an easier grade than expert (or hard, to 7x7) is traded (latin/trade.py)
rather than thrown away: dug within either, 83 attempts in 100 stop at medium (6x6), and a
trade meets the grade about four times as often as a new attempt (bench/README.md).
"""

from __future__ import annotations

from ..grade.grader import Grading
from ..latin.digging import Layout
from ..latin.generate import GIVEN, Family, generate_latin
from ..latin.trade import TRADES
from ..puzzle import Puzzle
from .clues import SIDES, EdgeClues, all_clues, clue_items, clues_of
from .grade import SKYSCRAPERS_GRADING, grade_skyscrapers_within, skyscrapers_within_reach
from .solver import clue_sides, skyscrapers_solutions


def _phases(n: int, solution: tuple[int, ...], difficulty: str) -> list[list]:
    return [[(GIVEN, cell) for cell in range(n * n)],
            [("clue", place) for place in clue_items(all_clues(n, solution))]]


def _own_items(clues: EdgeClues) -> list:
    return [("clue", place) for place in clue_items(clues)]


def _layout(n: int, solution: tuple[int, ...]) -> Layout:
    """The clues as the compiled dig reads them (clue_sides: top, right, bottom, left): a
    clue taken away leaves a 0."""
    every = all_clues(n, solution)
    return Layout(clue_sides(every), {("clue", (side, i)): SIDES.index(side) * n + i
                                      for side, i in clue_items(every)}, 1, True)


SKYSCRAPERS_FAMILY = Family("Skyscrapers", _phases, clues_of, skyscrapers_within_reach,
                            grade_skyscrapers_within, skyscrapers_solutions,
                            SKYSCRAPERS_GRADING.grade_of, _own_items, TRADES,
                            grading=SKYSCRAPERS_GRADING, layout=_layout)


def generate_skyscrapers(n: int, seed: int, difficulty: str = "any") -> tuple[Puzzle, Grading]:
    """A Skyscrapers puzzle of exactly the grade asked for, with its grading."""
    return generate_latin(SKYSCRAPERS_FAMILY, n, seed, difficulty)
