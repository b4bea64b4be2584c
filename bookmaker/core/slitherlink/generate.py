"""Seeded Slitherlink generation to a grade: a random loop (loop.py), every cell's clue
shown, then clues taken away in a seeded order while the grade's techniques still solve
what is left (for an expert, first while those short of trial do, then up to
TRIAL_REMOVALS more while trial does: a puzzle that needs trial, at a fraction of the
trials).

Those techniques decide only what the rules force, so a puzzle they finish has one loop;
the solver proves it again before it is returned (the kind has the count prove it a third
way). An attempt whose grade is not the one asked for is followed by the next from a
derived seed. The result depends only on (height, width, seed, grade).
"""

from __future__ import annotations

from ..board.grid import Grid
from ..board.shape import slitherlink_of
from ..generate.graded import attempt_seed
from ..grade.grader import Grading
from ..puzzle import GenerationError, Puzzle
from ..rng import Rng
from ..solve.verify import VerificationError
from ..words import counted, with_article
from .frame import edges_of, frame_of
from .grade import SLITHERLINK_GRADES, grade_slitherlink, within_reach
from .loop import random_inside
from .made import grades_made
from .search import slitherlink_solutions

ATTEMPTS = 200
SOLVER_MAX_NODES = 20_000  # the solver's proof of a made puzzle: within this, or dropped
# An expert is dug to hard first, then loses at most this many clues more by trial: each
# try of trial costs tens of milliseconds on a 10x10, and two are enough to need it.
TRIAL_REMOVALS = 2


def generate_slitherlink(height: int, width: int, seed: int,
                         difficulty: str = "any") -> tuple[Puzzle, Grading]:
    """A Slitherlink of exactly the grade asked for ('any': whatever digging to the
    hardest grade made at its size leaves), with its grading; GenerationError after
    ATTEMPTS."""
    if difficulty not in ("any",) + SLITHERLINK_GRADES:
        raise ValueError(f"unknown difficulty {difficulty!r}; expected one of: "
                         f"{', '.join(('any',) + SLITHERLINK_GRADES)}")
    reached = []
    for attempt in range(ATTEMPTS):
        solution, givens = _attempt(height, width, attempt_seed(seed, attempt), difficulty)
        grading = grade_slitherlink(frame_of(height, width), givens)
        if difficulty in ("any", grading.grade):
            puzzle = _proven(height, width, seed, difficulty, solution, givens)
            if puzzle is not None:
                return puzzle, grading
        reached.append(grading.grade)
    grades = ", ".join(sorted(set(reached), key=SLITHERLINK_GRADES.index))
    raise GenerationError(f"could not make {with_article(repr(difficulty))} {height}x{width} "
                          f"Slitherlink in {counted(ATTEMPTS, 'attempt')} (they were {grades})")


def _attempt(height: int, width: int, seed: int, difficulty: str):
    """One try: the solution's cells (2 inside, 1 outside) and the clues left after
    digging (clue + 1 a cell, 0 none)."""
    frame, rng = frame_of(height, width), Rng(seed)
    inside = random_inside(frame, rng)
    loop = set(edges_of(frame, inside))
    clues = [1 + sum(1 for e in frame.cell_edges[cell] if e in loop)
             for cell in range(frame.cells)]
    ceiling = grades_made(height, width)[-1] if difficulty == "any" else difficulty
    order = rng.shuffled(range(frame.cells))
    _dig(frame, clues, order, min(ceiling, "hard", key=SLITHERLINK_GRADES.index), len(order))
    if ceiling == "expert":
        _dig(frame, clues, order, ceiling, TRIAL_REMOVALS)
    return tuple(2 if i else 1 for i in inside), tuple(clues)


def _dig(frame, clues: list[int], order: list[int], reach: str, most: int) -> None:
    """Take away the clues in order while the techniques up to `reach` still solve what
    is left, `most` of them at most."""
    for cell in order:
        if not most:
            return
        kept, clues[cell] = clues[cell], 0
        if kept and not within_reach(frame, clues, reach):
            clues[cell] = kept
        elif kept:
            most -= 1


def _proven(height: int, width: int, seed: int, difficulty: str, solution,
            givens) -> Puzzle | None:
    """The Puzzle, once the solver has found its one loop again; None if its search runs
    out of nodes first (the attempt is dropped for the next: no puzzle is printed that the
    solver has not proven)."""
    shape, frame = slitherlink_of(height, width), frame_of(height, width)
    found = slitherlink_solutions(frame, givens, 2, SOLVER_MAX_NODES)
    if not found.complete:
        return None
    if not (found.unique and found.solution == solution):
        raise VerificationError(
            f"the Slitherlink solver does not confirm a generated {frame.height}x"
            f"{frame.width} puzzle (seed {seed}): {counted(found.count, 'solution')}")
    return Puzzle(Grid(shape, givens), Grid(shape, solution), seed, "none", difficulty)
