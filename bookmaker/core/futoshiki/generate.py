"""Seeded Futoshiki generation to a grade: a random Latin square shown whole (every given,
every sign), then givens and signs taken away in a seeded order while the grade's
techniques still solve it (core/latin/dig.py).

Those techniques neither guess nor assume one solution, so a puzzle they finish has one;
for the grade 'any' the solver's count decides instead, and the grader grades whatever is
left. The result must have exactly the grade asked for, else the attempt fails and the
next derived seed is tried. The solver proves the result unique before it is returned
(the kind has the check prove it again). The result depends only on (size, seed, grade).
"""

from __future__ import annotations

from ..board.grid import Grid
from ..board.shape import latin_of
from ..generate.graded import DIFFICULTIES, attempt_seed
from ..grade.grader import GRADES, Grading
from ..latin.dig import dig
from ..latin.fill import random_latin
from ..puzzle import GenerationError, Puzzle
from ..rng import Rng
from ..solve.verify import VerificationError
from .grade import futoshiki_within_reach, grade_futoshiki_within
from .signs import Signs, all_signs, sorted_signs
from .solver import futoshiki_solutions

ATTEMPTS = 60
SOLVER_MAX_NODES = 20_000


def generate_futoshiki(n: int, seed: int, difficulty: str = "any",
                       attempts: int = ATTEMPTS) -> tuple[Puzzle, Grading]:
    """A Futoshiki of exactly the grade asked for ('any': whatever digging leaves), with
    its grading; GenerationError after `attempts` attempts of other grades."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}; expected one of: "
                         f"{', '.join(DIFFICULTIES)}")
    reached = []
    for attempt in range(attempts):
        solution, givens, signs = _attempt(n, attempt_seed(seed, attempt), difficulty)
        grading = grade_futoshiki_within(givens, signs, GRADES[-1])
        if difficulty in ("any", grading.grade):
            return _proven(seed, difficulty, solution, givens, signs), grading
        reached.append(grading.grade)
    raise GenerationError(f"could not make a {difficulty!r} {n}x{n} Futoshiki in {attempts} "
                          f"attempts (they were {', '.join(sorted(set(reached), key=GRADES.index))})")


def _attempt(n: int, seed: int, difficulty: str) -> tuple[tuple[int, ...], Grid, Signs]:
    """One try: a solution, and the givens and signs left after digging."""
    rng = Rng(seed)
    solution = random_latin(n, rng)
    items = [("given", cell) for cell in range(n * n)]
    items += [("sign", pair) for pair in all_signs(n, solution).pairs]
    kept = dig(items, _acceptance(n, solution, difficulty), rng)
    return (solution, *_puzzle(n, solution, kept))


def _puzzle(n: int, solution: tuple[int, ...], kept) -> tuple[Grid, Signs]:
    """The givens and signs of a set of kept items."""
    cells = [0] * (n * n)
    pairs = []
    for what, where in kept:
        if what == "given":
            cells[where] = solution[where]
        else:
            pairs.append(where)
    return Grid(latin_of(n), tuple(cells)), sorted_signs(n, pairs)


def _acceptance(n: int, solution: tuple[int, ...], difficulty: str):
    """Whether kept items still make a puzzle for the grade: one its techniques finish
    (for 'any': one the solver finds a single solution for)."""
    def accept(kept) -> bool:
        givens, signs = _puzzle(n, solution, kept)
        if difficulty == "any":
            return futoshiki_solutions(signs, givens.cells, 2, SOLVER_MAX_NODES,
                                       solution).unique
        return futoshiki_within_reach(givens, signs, difficulty)
    return accept


class FutoshikiDisagreement(VerificationError):
    """The grader proved a Futoshiki unique and the solver did not: never print it."""


def _proven(seed: int, difficulty: str, solution, givens: Grid, signs: Signs) -> Puzzle:
    """The Puzzle, once the solver has found its one solution again."""
    found = futoshiki_solutions(signs, givens.cells, 2, SOLVER_MAX_NODES, solution)
    if not (found.unique and found.solution == solution):
        raise FutoshikiDisagreement(
            f"the Futoshiki solver does not confirm a generated {givens.shape.size}x"
            f"{givens.shape.size} Futoshiki (seed {seed}): {found.count} solution(s), "
            f"search complete: {found.complete}")
    return Puzzle(givens, Grid(givens.shape, solution), seed, "none", difficulty, extras=signs)
