"""Generation to a requested grade: a puzzle whose grade is exactly the one asked for.

For ``beginner`` an attempt fills a grid and digs by logic (logicdig.py): a removal stays
while singles still solve the grid, so no search is needed, and every attempt lands on
beginner (the grader confirms it).

For the other grades an attempt removes clues as generate() does, by search, and grades
the result once (grading after every removal is what would cost):

- exactly the target: done (for most puzzles, no grading beyond that one);
- easier than the target: removing fewer clues will not make it harder, so the attempt
  fails at once;
- harder: clues are given back until the grade comes down to the target, in one of two
  ways, whichever measured faster for the target
  (bench/results/xeon-2cpu/2026-11-22-goals.md):
  - for ``hard`` and above, *add back*: the removed orbits in a seeded order, each kept
    if the puzzle is still harder than the target, undone if it became easier, done
    when it has the target grade (no uniqueness check: more clues stay unique);
  - for ``easy`` and ``medium``, *cut back*: binary search over the removals for the
    longest run of them whose puzzle is still within the target, then go on with the
    orbits after the one that broke it, each removal kept only if it stays unique AND
    within the target. (Adding back overshoots these narrow grades: from extreme, one
    more clue mostly lands straight on beginner.)
  Both grade with grade_within(), which tries only the techniques the target allows and
  so stops cheaply at the first stall.

Above beginner, an attempt after its fill (removal, grading, giving back or cutting back)
is one call to the board's engine: csrc/graded.c on the compiled core, which reads only
the grades it compares, else graded_removal_in_python, the reference; the same puzzles
either way. The puzzle that meets the target is graded once more for its Grading.

A failed attempt is retried with the next derived seed, so the result depends only on
(shape, seed, difficulty, symmetry). Attempt 0 uses the seed itself: above beginner, when
generate(seed) already has the target grade, generate_graded returns that very puzzle.
"""

from __future__ import annotations

from functools import cache

from .. import compiled
from ..board.grid import Grid
from ..board.shape import Shape
from ..grade.grader import CLASSIC_LADDER, Grading, grade_within, techniques_within
from ..grade.grades import DIFFICULTIES, GRADES, unreachable_grade
from ..grade.tables import grader_tables
from ..grade.twins import CLASSIC_TWINS
from ..puzzle import GenerationError, Puzzle
from ..rng import Rng, derive_seed
from ..words import counted, with_article
from .balance import is_balanced, removal_rule
from .logicdig import dig_singles
from .removal import Clues, blank_orbits, generate, removal_budget, seeded_fill

DEFAULT_MAX_ATTEMPTS = 200
# Below 9x9 a grade is a matter of each attempt's luck, and the rarest turn up about once in
# 2,000 attempts (a 6x6 medium: 46 in 100,000; extreme: 71): 100,000 attempts miss one
# for a seed with odds of e^-46, and cost 10 s at most (an attempt takes 0.1 ms).
SMALL_BOARD_ATTEMPTS = 100_000


def attempt_budget(shape: Shape) -> int:
    """Attempts a rated puzzle is given (generate_rated). From 9x9 up, in inverse
    proportion to the cells (200 at 9x9, 63 at 16x16, 25 at 25x25), since an attempt's cost
    grows with them: an unreachable grade is reported within minutes. Below 9x9 an attempt
    costs a millisecond or two, so the budget grows with the square of the board,
    five-fold, up to 10,000 (8x8: 1,601, 6x6: 5,062, 4x4: 10,000)."""
    cells = shape.cell_count
    if cells < 81:
        return min(10_000, 5 * DEFAULT_MAX_ATTEMPTS * 81 * 81 // (cells * cells))
    return max(20, DEFAULT_MAX_ATTEMPTS * 81 // cells)


def graded_attempt_budget(shape: Shape) -> int:
    """Attempts a puzzle of a grade is given (generate_graded): attempt_budget() from 9x9
    up; below, twenty times it up to SMALL_BOARD_ATTEMPTS (8x8: 32,020, 6x6: 100,000), so
    that every seed meets even the rarest grade the board allows (bench_every_grade.py).
    The puzzle of a seed that met its grade within the old budget is unchanged."""
    if shape.cell_count < 81:
        return min(SMALL_BOARD_ATTEMPTS, 20 * attempt_budget(shape))
    return attempt_budget(shape)


def attempt_seed(seed: int, attempt: int) -> int:
    """The seed of the attempt-th try: the seed itself first, then derived ones."""
    return seed if attempt == 0 else derive_seed(seed, "attempt", attempt)


def generate_graded(shape: Shape, seed: int, difficulty: str, symmetry: str = "none",
                    max_attempts: int | None = None,
                    removal_max_nodes: int | None = None) -> tuple[Puzzle, Grading]:
    """A unique puzzle whose grade is exactly `difficulty` ('any': generate()'s puzzle as
    it is), with its grading. GenerationError after max_attempts failed attempts (by
    default attempt_budget(shape))."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}; expected one of: "
                         f"{', '.join(DIFFICULTIES)}")
    if removal_max_nodes is None:
        removal_max_nodes = removal_budget(shape)
    if max_attempts is None:
        max_attempts = graded_attempt_budget(shape)
    if difficulty == "any":
        puzzle = generate(shape, seed, symmetry, removal_max_nodes=removal_max_nodes)
        grading = grade_within(puzzle.givens, GRADES[-1])
        assert grading is not None  # nothing is above the hardest grade
        return puzzle, grading
    if unreachable_grade(shape, difficulty):
        raise GenerationError(unreachable_grade(shape, difficulty))
    hardest = 0   # the hardest grade any attempt reached before being cut back
    for attempt in range(max_attempts):
        try:
            solution, givens, grade, reached = _attempt(
                shape, attempt_seed(seed, attempt), difficulty, symmetry, removal_max_nodes)
        except GenerationError:  # a grid this attempt could not fill (a rare jigsaw draw)
            continue
        if grade == difficulty and is_balanced(shape, givens):
            grading = grade_within(Grid(shape, givens), difficulty)
            assert grading is not None and grading.grade == difficulty  # as graded before
            return Puzzle(Grid(shape, givens), Grid(shape, solution), seed, symmetry,
                          difficulty), grading
        hardest = max(hardest, GRADES.index(reached))
    raise GenerationError(_failure(shape, difficulty, symmetry, max_attempts, GRADES[hardest]))


def _failure(shape: Shape, difficulty: str, symmetry: str, attempts: int,
             hardest: str) -> str:
    """Why no attempt met the target."""
    board = f"{shape}" + ("" if symmetry == "none" else f" {symmetry}-symmetric")
    message = f"could not make {with_article(repr(difficulty))} {board} puzzle in " \
              f"{counted(attempts, 'attempt')}"
    if GRADES.index(hardest) < GRADES.index(difficulty):
        return f"{message}: {board} puzzles are never harder than {hardest!r} here"
    return (f"{message}: removing clues went from easier than {difficulty!r} straight to "
            f"harder every time; try another seed or difficulty")


def _attempt(shape: Shape, seed: int, target: str, symmetry: str,
             max_nodes: int) -> tuple[tuple[int, ...], tuple[int, ...], str | None, str]:
    """One try: (solution, givens, their grade if within the target, the grade reached
    before giving clues back); the grade may miss the target."""
    solution, rng = seeded_fill(shape, seed)
    orbits = rng.shuffled(shape.orbits(symmetry))
    if target == GRADES[0]:
        clues = Clues(shape, solution)
        dig_singles(clues, orbits)
        return solution, tuple(clues.givens), target, target  # singles solve what they dug
    givens, first, final = graded_removal(shape, solution, orbits, target, rng, max_nodes)
    # Only "harder than the target" is known; the exact grade would cost a full grading.
    reached = first if first is not None else GRADES[GRADES.index(target) + 1]
    return solution, givens, final, reached


def graded_removal(shape: Shape, solution: tuple[int, ...], orbits: list, target: str,
                   rng: Rng, max_nodes: int) -> tuple[tuple[int, ...], str | None, str | None]:
    """An attempt after its fill, above beginner: (givens, the grade of the minimal puzzle
    if within the target, the grade of the givens if within it), on the board's engine
    (a board of several grids, whose removals keep them balanced: in Python)."""
    tables = grader_tables(shape)  # the compiled grader's, None on the pure core
    if tables is None or removal_rule(shape) is not None:
        return graded_removal_in_python(shape, solution, orbits, target, rng, max_nodes)
    givens, first, final, rng.state = compiled.extension().graded_removal(
        tables, solution, orbits, *_graded_plan(target), rng.state, max_nodes)
    return givens, *(None if grade < 0 else GRADES[grade] for grade in (first, final))


@cache
def _graded_plan(target: str) -> tuple:
    """How the classic grader runs up to the target, for the compiled graded_removal:
    (technique numbers, their ranks, bulk numbers, bulk ranks, each rank's grade, the
    grade of a stall, the target's grade, whether clues are added back)."""
    techniques = techniques_within(target, CLASSIC_LADDER)
    plan = CLASSIC_TWINS.compiled_ladder(CLASSIC_LADDER, target, techniques)
    assert plan is not None  # every classic technique has its twin
    numbers, bulks, bulk_ranks = plan
    ranks = [CLASSIC_LADDER.rank[tech.name] for tech in techniques]
    grades = [GRADES.index(tech.grade) for tech in CLASSIC_LADDER.techniques]
    return (numbers, ranks, bulks, bulk_ranks, grades, len(GRADES) - 1, GRADES.index(target),
            GRADES.index(target) >= GRADES.index("hard"))


def graded_removal_in_python(shape: Shape, solution: tuple[int, ...], orbits: list, target: str,
                             rng: Rng, max_nodes: int
                             ) -> tuple[tuple[int, ...], str | None, str | None]:
    """graded_removal(), in Python: the reference. Removes clues as generate() does, grades
    once, and if that is harder than the target gives clues back (hard and above) or cuts
    the removals back (easy, medium)."""
    clues = Clues(shape, solution)
    blanked = blank_orbits(clues, orbits, 0, max_nodes)
    givens = tuple(clues.givens)
    first = _grade_within(shape, givens, target)
    if first is not None:
        return givens, first, first
    if GRADES.index(target) >= GRADES.index("hard"):
        givens, final = _add_back(shape, solution, givens, rng.shuffled(blanked), target)
    else:
        givens, final = _cut_back(shape, solution, orbits, blanked, target, max_nodes)
    return givens, None, final


def _grade_within(shape: Shape, cells, target: str) -> str | None:
    """grade_within()'s grade of the cells, None if harder than the target."""
    grading = grade_within(Grid(shape, tuple(cells)), target)
    return None if grading is None else grading.grade


def _add_back(shape: Shape, solution, givens: tuple, orbits: list,
              target: str) -> tuple[tuple[int, ...], str | None]:
    """Give removed orbits back, in order, until the grade is the target: an orbit stays
    while the puzzle is still harder, goes again if it made it easier."""
    cells = list(givens)
    for orbit in orbits:
        for cell in orbit:
            cells[cell] = solution[cell]
        grade = _grade_within(shape, cells, target)
        if grade == target:
            return tuple(cells), grade
        if grade is not None:
            for cell in orbit:
                cells[cell] = 0
    return tuple(cells), None


def _cut_back(shape: Shape, solution, orbits: list, blanked: list, target: str,
              max_nodes: int) -> tuple[tuple[int, ...], str | None]:
    """The longest run of the removals within the target, then the later orbits each
    removed if the puzzle stays unique and within the target."""
    within = _longest_run_within(shape, solution, blanked, target)
    clues = Clues(shape, solution)
    for orbit in blanked[:within]:
        for cell in orbit:
            clues.blank(cell)
    rest = orbits[orbits.index(blanked[within]) + 1:]
    blank_orbits(clues, rest, 0, max_nodes,
                 accept=lambda cells: _grade_within(shape, cells, target) is not None)
    givens = tuple(clues.givens)
    return givens, _grade_within(shape, givens, target)


def _longest_run_within(shape: Shape, solution, blanked: list, target: str) -> int:
    """A count k of the blanked orbits such that blanking the first k is within the target
    and the first k+1 is not (the full grid is within it, all of them is not)."""
    low, high = 0, len(blanked)
    while high - low > 1:
        middle = (low + high) // 2
        if _grade_within(shape, _without(solution, blanked[:middle]), target) is None:
            high = middle
        else:
            low = middle
    return low


def _without(solution, orbits) -> list[int]:
    """The solution with the cells of the orbits blanked."""
    cells = list(solution)
    for orbit in orbits:
        for cell in orbit:
            cells[cell] = 0
    return cells
