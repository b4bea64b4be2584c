"""Seeded Killer generation: from a solution and one-cell cages, merge neighbouring cages
while the puzzle stays unique and within the target grade.

In the spirit of Simon Tatham's Solo (its Killer mode merges random neighbouring cages of
a domino layout while its solver still copes at the difficulty asked for), written anew:

1. Fill: a random solution (generator.random_solution), on a classic or an X board.
2. Merge: every cell starts as its own cage (the solution given away). A merge joins two
   orthogonally neighbouring cages whose values differ, up to max_cage_cells. Merges are
   tried in a seeded random order, pairs making the smallest cage first, so one-cell cages
   pair up before anything grows: a one-cell cage is left only if every merge of it broke
   the puzzle (the grade "needs" it). To save checking some forty dominoes one by one,
   the one-cell cages are first all paired at random and checked once: if that passes
   (as Solo's domino start does, four times in six on 9x9) merging goes on from there,
   else from the one-cell cages.
   A merge is kept if the grader still finishes the puzzle within the target ('any': any
   grade, up to forcing chains, never guessing). Its techniques neither guess nor assume
   uniqueness, so a finished solve proves the Killer has one solution; where forcing
   chains are allowed, the Killer solver rules out a second solution first (see
   acceptance()). A merge that was refused is not tried again (later merges only take
   information away).
3. The result must have exactly the target grade (with 'any': whatever it has) and no
   more cages than the text form has letters (62; a 12x12 beginner has some 55); else the
   attempt fails and the next derived seed is tried. Every result is proven unique by the
   Killer solver before it is returned; solve/verify.py has the Killer check (killer/check.py),
   written apart, prove it again.

Pure Killer: no givens. The result depends only on (board, seed, difficulty).
"""

from __future__ import annotations

from collections.abc import Callable

from ..board.cages import CAGE_LETTERS
from ..board.grid import Grid
from ..board.shape import Shape
from ..generate.graded import DIFFICULTIES, attempt_seed
from ..generate.removal import random_solution
from ..grade.grader import Grading
from ..grade.grades import GRADES
from ..puzzle import GenerationError, Puzzle
from ..rng import Rng
from ..solve.verify import VerificationError
from ..words import counted, with_article
from .cages import KILLER_SIZES, Cage, Cages
from .grade import grade_killer_within
from .solver import killer_solutions

SMALL_KILLER = 6  # the largest size whose attempts cost milliseconds
CHECK_MAX_NODES = 20_000  # a uniqueness check with cages settles in a few dozen nodes


def max_cage_cells(shape: Shape) -> int:
    """The largest cage the generator makes: up to 5 cells (a 4x4 Killer: 3), so that
    cages stay readable shapes with two-digit sums."""
    return min(5, shape.size - 1)


def killer_attempt_budget(shape: Shape) -> int:
    """Attempts before giving up on a grade: an attempt costs a second or two up to 9x9
    (bench/results/epyc-2cpu/2026-11-22-killer.md), so a grade out of reach is reported
    within a minute or so; on 12x12, where one costs five to fifteen, within a few
    minutes. Up to 6x6 an attempt costs a few milliseconds and a grade is rarer (an
    extreme 6x6: about 1 attempt in 50, so that 40 attempts missed it for 9 seeds in
    20): 1,500 attempts miss it for one seed in 10^13, within seconds."""
    if shape.size <= SMALL_KILLER:
        return 1_500
    return 40 if shape.size <= 9 else 12


class KillerDisagreement(VerificationError):
    """The grader proved a Killer unique and the solver did not: never print it."""


def _takes_cages(shape: Shape) -> bool:
    """Whether Killers are made on the board: one boxed grid, perhaps with diagonals."""
    return not (shape.has_regions or shape.has_several_grids) and \
        shape.extra_unit_kinds <= {"diagonal"}


def generate_killer(shape: Shape, seed: int, difficulty: str = "any",
                    max_attempts: int | None = None) -> tuple[Puzzle, Grading]:
    """A pure Killer (no givens) of exactly the grade asked for ('any': the coarsest
    cages the grader still solves, whatever their grade), with its grading.
    GenerationError after max_attempts failed attempts."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}; expected one of: "
                         f"{', '.join(DIFFICULTIES)}")
    if shape.size not in KILLER_SIZES or not _takes_cages(shape):
        raise ValueError(f"Killers are made on classic or X boards of sizes "
                         f"{', '.join(f'{n}x{n}' for n in KILLER_SIZES)}, not {shape}")
    attempts = max_attempts or killer_attempt_budget(shape)
    reached = []
    for attempt in range(attempts):
        solution, cages, grading = _attempt(shape, attempt_seed(seed, attempt), difficulty)
        if difficulty in ("any", grading.grade) and len(cages.cages) <= len(CAGE_LETTERS):
            puzzle = _proven(shape, seed, difficulty, solution, cages)
            if puzzle is not None:
                return puzzle, grading
        reached.append(grading.grade)
    raise GenerationError(f"could not make {with_article(repr(difficulty))} {shape} "
                          f"Killer in {counted(attempts, 'attempt')} (they were "
                          f"{', '.join(sorted(set(reached), key=GRADES.index))})")


def _proven(shape: Shape, seed: int, difficulty: str, solution, cages: Cages) -> Puzzle | None:
    """The Puzzle, once the Killer solver has found the one solution again; None if it
    cannot decide within its budget (the attempt fails)."""
    blank = _blank(shape)
    found = killer_solutions(cages, blank.cells, limit=2, max_nodes=CHECK_MAX_NODES,
                             prefer=solution)
    if found.undecided:
        return None
    if not (found.unique and found.solution == solution):
        raise KillerDisagreement(
            f"the Killer solver does not confirm a generated {shape} Killer (seed {seed}): "
            f"{counted(found.count, 'solution')} found, search complete: {found.complete}")
    return Puzzle(blank, Grid(shape, solution), seed, "none", difficulty, extras=cages)


def _attempt(shape: Shape, seed: int, target: str) -> tuple[tuple[int, ...], Cages, Grading]:
    """One try: the solution, the merged cages and their grading (any grade)."""
    rng = Rng(seed)
    solution = random_solution(shape, rng)
    accept = acceptance(shape, solution, target)
    layout = Layout(shape, solution)
    paired = layout.copy()
    pair_up(paired, rng)
    if accept(paired.cages()):
        layout = paired
    merge_while(layout, rng, accept, max_cage_cells(shape))
    cages = layout.cages()
    grading = grade_killer_within(_blank(shape), cages, GRADES[-1])
    assert grading is not None  # nothing is above the hardest grade
    return solution, cages, grading


def acceptance(shape: Shape, solution, target: str) -> Callable[[Cages], bool]:
    """Whether cages on the solution make an acceptable Killer for the target: one the
    grader finishes within the target ('any': up to forcing chains) without guessing,
    which proves it has one solution (for 'extreme' and 'any', the Killer solver says so
    first)."""
    blank = _blank(shape)
    ceiling = GRADES[-1] if target == "any" else target

    # The solver first where the grader may reach forcing chains: on a Killer with two
    # solutions they toil in vain (measured: 44 s of a 51 s 'extreme' generation went to
    # three such merges, which the solver refused in 0.3 s). Below, the grader stalls at
    # once on those, and checking first cost a third to a half of the time.
    solver_first = ceiling == GRADES[-1]

    def accept(cages: Cages) -> bool:
        if solver_first and not killer_solutions(cages, blank.cells, limit=2,
                                                 max_nodes=CHECK_MAX_NODES,
                                                 prefer=solution).unique:
            return False
        grading = grade_killer_within(blank, cages, ceiling)
        return grading is not None and not grading.guessing
    return accept


def _blank(shape: Shape) -> Grid:
    return Grid(shape, (0,) * shape.cell_count)


class Layout:
    """Cages being merged: each cell's cage (named by its first cell) and each cage's
    cells and values (a digit mask)."""

    def __init__(self, shape: Shape, solution) -> None:
        self.shape, self.solution = shape, solution
        self.owner = list(range(shape.cell_count))
        self.cells = {c: [c] for c in range(shape.cell_count)}
        self.values = {c: 1 << (v - 1) for c, v in enumerate(solution)}
        n = shape.size
        # Each pair of orthogonal neighbours once: a cell and the cell right of it or below.
        self.neighbours = [(c, c + 1) for c in range(n * n) if c % n < n - 1] + \
            [(c, c + n) for c in range(n * (n - 1))]
        self._merges: dict = {}  # merges(limit), until the next merge

    def merges(self, limit: int) -> list[tuple[int, int]]:
        """The pairs of neighbouring cages whose values differ and which make a cage of
        at most `limit` cells together, in order."""
        found = self._merges.get(limit)
        if found is None:
            owner, values, cells = self.owner, self.values, self.cells
            pairs = set()
            for one, two in self.neighbours:
                mine, theirs = owner[one], owner[two]
                if (mine != theirs and not values[mine] & values[theirs]
                        and len(cells[mine]) + len(cells[theirs]) <= limit):
                    pairs.add((mine, theirs) if mine < theirs else (theirs, mine))
            found = self._merges[limit] = sorted(pairs)
        return found

    def cages(self, merged: tuple[int, int] | None = None) -> Cages:
        """The Cages of the layout, or of the layout with one pair merged."""
        groups = dict(self.cells)
        if merged is not None:
            first, second = merged
            groups[first] = groups[first] + groups.pop(second)
        return Cages(self.shape, tuple(Cage(tuple(sorted(cells)),
                                            sum(self.solution[c] for c in cells))
                                       for cells in groups.values()), checked=False)

    def copy(self) -> Layout:
        twin = Layout.__new__(Layout)
        twin.shape, twin.solution, twin.neighbours = self.shape, self.solution, self.neighbours
        twin.owner, twin.cells, twin.values = list(self.owner), dict(self.cells), dict(self.values)
        twin._merges = dict(self._merges)
        return twin

    def merge(self, pair: tuple[int, int]) -> None:
        self._merges = {}
        first, second = pair
        for cell in self.cells[second]:
            self.owner[cell] = first
        self.cells[first] = self.cells[first] + self.cells.pop(second)
        self.values[first] |= self.values.pop(second)


def pair_up(layout: Layout, rng: Rng) -> None:
    """Pair neighbouring one-cell cages into dominoes at random, as merge_while would
    (the smallest merges first), but unchecked, until no two one-cell cages touch."""
    while True:
        pairs = layout.merges(2)
        if not pairs:
            return
        layout.merge(pairs[rng.below(len(pairs))])


def merge_while(layout: Layout, rng: Rng, accept, limit: int) -> None:
    """Merge neighbouring cages, the smallest merges first and at random among them, each
    kept if accept(cages) approves; until every possible merge has been refused."""
    refused: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    while True:
        pairs = [p for p in layout.merges(limit) if _key(layout, p) not in refused]
        if not pairs:
            return
        smallest = min(_merged_size(layout, p) for p in pairs)
        pairs = [p for p in pairs if _merged_size(layout, p) == smallest]
        pair = pairs[rng.below(len(pairs))]
        if accept(layout.cages(pair)):
            layout.merge(pair)
        else:
            refused.add(_key(layout, pair))


def _key(layout: Layout, pair: tuple[int, int]):
    return tuple(layout.cells[pair[0]]), tuple(layout.cells[pair[1]])


def _merged_size(layout: Layout, pair: tuple[int, int]) -> int:
    return len(layout.cells[pair[0]]) + len(layout.cells[pair[1]])
