"""Seeded Binairo and Tango generation to a grade: a random full grid drawn by the
solver's search, every given (and, for a Tango, every sign between neighbours) shown,
then taken away in a seeded order while the grade's techniques still solve what is left.

Those techniques place only what the rules force, so a puzzle they finish has one
solution; the solver proves it again before it is returned (the kind has the count prove
it a third way). An attempt whose grade is not the one asked for is followed by the next
from a derived seed. The result depends only on (kind, size, seed, grade).
"""

from __future__ import annotations

from ..board.grid import Grid
from ..board.shape import binairo_of
from ..generate.graded import attempt_seed
from ..grade.grader import Grading
from ..puzzle import GenerationError, Puzzle
from ..rng import Rng
from ..solve.verify import VerificationError
from ..words import counted, with_article
from .grade import BINAIRO_GRADES, grade_binairo, within_reach
from .rules import Rules
from .signs import TangoSigns, all_signs, sorted_signs
from .solver import binairo_solutions

ATTEMPTS = 300
SOLVER_MAX_NODES = 5_000  # the solver's proof of a made puzzle: within this, or dropped
GIVEN, SIGN = "given", "sign"


def generate_binairo(n: int, seed: int, difficulty: str = "any",
                     tango: bool = False) -> tuple[Puzzle, Grading]:
    """A Binairo (or a Tango) of exactly the grade asked for ('any': whatever digging to
    the hardest grade leaves), with its grading; GenerationError after ATTEMPTS."""
    if difficulty not in ("any",) + BINAIRO_GRADES:
        raise ValueError(f"unknown difficulty {difficulty!r}; expected one of: "
                         f"{', '.join(('any',) + BINAIRO_GRADES)}")
    reached = []
    for attempt in range(ATTEMPTS):
        solution, givens, rules = _attempt(n, attempt_seed(seed, attempt), difficulty, tango)
        grading = grade_binairo(givens, rules)
        if difficulty in ("any", grading.grade):
            puzzle = _proven(seed, difficulty, solution, givens, rules)
            if puzzle is not None:
                return puzzle, grading
        reached.append(grading.grade)
    title = "Tango" if tango else "Binairo"
    grades = ", ".join(sorted(set(reached), key=BINAIRO_GRADES.index))
    raise GenerationError(f"could not make {with_article(repr(difficulty))} {n}x{n} {title} "
                          f"in {counted(ATTEMPTS, 'attempt')} (they were {grades})")


def _attempt(n: int, seed: int, difficulty: str, tango: bool):
    """One try: a full grid, and the givens and rules left after digging."""
    rng = Rng(seed)
    full = Rules(n, not tango, None)
    solution = binairo_solutions(full, [0] * (n * n), 1, rng=rng).solution
    assert solution is not None  # an empty board always has grids
    items: list[tuple[str, object]] = [(GIVEN, cell) for cell in range(n * n)]
    if tango:
        items += [(SIGN, sign) for sign in all_signs(n, solution).signs]
    ceiling = BINAIRO_GRADES[-1] if difficulty == "any" else difficulty
    kept = set(items)
    for item in rng.shuffled(items):
        kept.discard(item)
        givens, rules = _puzzle(n, solution, kept, tango)
        if not within_reach(givens, rules, ceiling):
            kept.add(item)
    return (solution, *_puzzle(n, solution, kept, tango))


def _puzzle(n: int, solution: tuple[int, ...], kept, tango: bool) -> tuple[Grid, Rules]:
    """The givens and the rules of a set of kept items."""
    cells = [0] * (n * n)
    signs = []
    for what, where in kept:
        if what == GIVEN:
            cells[where] = solution[where]
        else:
            signs.append(where)
    tango_signs: TangoSigns | None = sorted_signs(n, signs) if tango else None
    return Grid(binairo_of(n), tuple(cells)), Rules(n, not tango, tango_signs)


def _proven(seed: int, difficulty: str, solution, givens: Grid,
            rules: Rules) -> Puzzle | None:
    """The Puzzle, once the solver has found its one solution again; None if its search
    runs out of nodes first (the attempt is dropped for the next: no puzzle is printed
    that the solver has not proven)."""
    found = binairo_solutions(rules, givens.cells, 2, SOLVER_MAX_NODES, prefer=solution)
    if not found.complete:
        return None
    if not (found.unique and found.solution == solution):
        n = rules.size
        raise VerificationError(
            f"the Binairo solver does not confirm a generated {n}x{n} puzzle (seed {seed}): "
            f"{counted(found.count, 'solution')}, search complete: {found.complete}")
    return Puzzle(givens, Grid(givens.shape, solution), seed, "none", difficulty,
                  extras=rules.signs)
