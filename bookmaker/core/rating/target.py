"""Puzzles rated within a range: `rating: 7.0-8.5` in a spec, `--rating` on the command line.

A range is on Sukaku Explainer's scale unless it names SE 1.2.1's: `7.0-8.5 (1.2.1)`.

Each attempt makes a puzzle the usual way (to the grade asked, if any; else to the grade
whose puzzles most often rate in the range) and rates it, stopping as soon as a step is
rated above the range. Attempts use derived seeds, so the puzzle depends only on the
shape, seed, range, grade and symmetry; past the attempt budget a GenerationError says
which ratings were reached instead.
"""

from __future__ import annotations

from ..board.shape import Shape
from ..generate.graded import attempt_budget, attempt_seed, generate_graded
from ..generate.removal import generate
from ..grade.grader import Grading, grade_within
from ..grade.grades import GRADES
from ..puzzle import GenerationError, Puzzle
from ..words import counted, with_article
from .ranges import RatingRange
from .rater import Rating, rate

# Work units (about 100,000 a second) for rating a puzzle as it is made, to record its
# rating: a puzzle harder to rate gets a lower bound (>=) rather than slowing the book;
# and for checking a puzzle against a range asked for, which must be exact.
GENERATION_BUDGET = 60_000
RANGE_BUDGET = 400_000

# The grade to generate to for a range starting at each SE rating: the one whose puzzles
# most often rate from there (9x9, 40 puzzles a grade): beginner 1.2-2.3; easy 1.7-2.8;
# medium 2.0-3.6; hard 3.8-7.1, most 4.0-4.5; expert 4.0-7.2, a third 5.0-6.5; extreme
# 4.3-9.0, three in four 7.1 or more.
_GRADE_FOR_RATING = ((66, "extreme"), (50, "expert"), (38, "hard"), (30, "medium"),
                     (25, "easy"), (0, "beginner"))


def grade_for(rating: RatingRange) -> str:
    """The grade to generate to when a range alone is asked for."""
    return next(grade for floor, grade in _GRADE_FOR_RATING if rating.low >= floor)


def generate_rated(shape: Shape, seed: int, rating: RatingRange, difficulty: str = "any",
                   symmetry: str = "none", max_attempts: int | None = None,
                   budget: int = RANGE_BUDGET) -> tuple[Puzzle, Grading, Rating]:
    """A unique puzzle rated within `rating` (and of grade `difficulty` unless 'any'), with
    its grading and rating; GenerationError after max_attempts (by default the grade's
    attempt budget for the shape) says which ratings the attempts reached."""
    if max_attempts is None:
        max_attempts = attempt_budget(shape)
    grade = grade_for(rating) if difficulty == "any" else difficulty
    reached: list[Rating] = []
    for attempt in range(max_attempts):
        made = _attempt(shape, attempt_seed(seed, attempt), grade, difficulty, symmetry)
        if made is None:
            continue
        puzzle, grading = made
        if difficulty != "any" and grading.grade != difficulty:
            continue
        rated = rate(puzzle.givens, budget, ceiling=rating.high, scale=rating.scale)
        if rated in rating:
            return puzzle, grading, rated
        reached.append(rated)
    raise GenerationError(_failure(shape, rating, difficulty, symmetry, max_attempts, reached))


def _attempt(shape: Shape, seed: int, grade: str, difficulty: str, symmetry: str):
    """One puzzle of the grade, if this seed's single attempt makes one; else, when no
    grade was asked for, the seed's plain puzzle (small boards have no extreme ones);
    else None."""
    try:
        return generate_graded(shape, seed, grade, symmetry, max_attempts=1)
    except GenerationError:
        if difficulty != "any":
            return None
    puzzle = generate(shape, seed, symmetry)
    return puzzle, grade_within(puzzle.givens, GRADES[-1])


def _failure(shape: Shape, rating: RatingRange, difficulty: str, symmetry: str,
             attempts: int, reached: list[Rating]) -> str:
    board = f"{shape}" + ("" if symmetry == "none" else f" {symmetry}-symmetric")
    grade = f"{difficulty!r} " if difficulty != "any" else ""
    message = (f"could not make {with_article(f'{grade}{board}')} puzzle rated {rating} in "
               f"{counted(attempts, 'attempt')}")
    if not reached:
        return f"{message}: no attempt made {with_article(f'{grade}puzzle')}"
    low = min(reached, key=lambda r: r.er)
    high = max(reached, key=lambda r: r.er)
    return f"{message}: the {len(reached)} rated reached {low.er_text} to {high.er_text}"
