"""Seeded Skyscrapers generation to a grade (core/latin/generate.py): every clue and every
given of a random Latin square; the givens are taken away first, in a seeded order, then
the clues, so that givens are left only where the grade needs them."""

from __future__ import annotations

from ..board.grid import Grid
from ..board.shape import latin_of
from ..grade.grader import Grading
from ..latin.generate import Family, generate_latin
from ..puzzle import Puzzle
from .clues import EdgeClues, all_clues, clue_items, clues_of
from .grade import grade_skyscrapers_within, skyscrapers_within_reach
from .solver import skyscrapers_solutions


def _phases(n: int, solution: tuple[int, ...]) -> list[list]:
    return [[("given", cell) for cell in range(n * n)],
            [("clue", place) for place in clue_items(all_clues(n, solution))]]


def _puzzle(n: int, solution: tuple[int, ...], kept) -> tuple[Grid, EdgeClues]:
    cells = [0] * (n * n)
    places = []
    for what, where in kept:
        if what == "given":
            cells[where] = solution[where]
        else:
            places.append(where)
    return Grid(latin_of(n), tuple(cells)), clues_of(n, solution, places)


SKYSCRAPERS_FAMILY = Family("Skyscrapers", _phases, _puzzle, skyscrapers_within_reach,
                            grade_skyscrapers_within, skyscrapers_solutions)


def generate_skyscrapers(n: int, seed: int, difficulty: str = "any") -> tuple[Puzzle, Grading]:
    """A Skyscrapers puzzle of exactly the grade asked for, with its grading."""
    return generate_latin(SKYSCRAPERS_FAMILY, n, seed, difficulty)
