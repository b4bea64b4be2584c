"""Grade a Kakuro by the techniques a person needs, on the grades Sudoku uses.

The ladder, easiest first (weights as core/grade/grader.py's: the grade is that of the
hardest technique needed, the score its weight plus a tiebreak):

- ``beginner``: last cell (1.0), unique combination (1.5), naked single (2.3),
  combination intersection (2.45).
- ``easy``: unique digit (2.6).
- ``medium``: sum bounds (3.0), naked pair (3.2), naked triple (3.6).
- ``hard``: run permutations (4.0).
- ``expert``: cross sum (5.0), cross sums of two cells (5.5), of three or four (6.0),
  short forcing chains (6.5: a contradiction within two rounds of narrowing runs).
- ``extreme``: longer forcing chains (8.0), or beyond them guessing.

The solve applies the easiest technique that finds anything, everywhere it finds it (in
every run, or area, changed since it last looked), then starts again from the easiest.
Every technique only removes candidates that each narrower state would lose too, so the
techniques up to any one reach the same fixed point in whatever order they are applied,
and the grade is the least technique whose fixed point solves the puzzle: the grade a
step-by-step solve that restarts after every step gives. The score's tiebreak is
0.09 * a / (a + 10) for `a` steps from combination intersection on, or for forcing chains
0.9 * L / (L + 10) for their total length L; a stall scores 9 plus the share of cells
left open, as for Sudoku.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from .. import compiled
from ..board.grid import Grid
from ..board.shape import BOARDS_KEPT, Shape
from ..grade.candidates import Step
from ..grade.grader import GRADES, STALL_WEIGHT, Grading
from . import techniques as k
from .areas import areas_of, areas_with_outie
from .clues import Clues
from .solver import compiled_tables


@dataclass(frozen=True)
class KakuroTechnique:
    """A technique as the grader uses it: name, grade, weight, where it looks ('run',
    'area', 'board'), its finder (state, place -> Step or None) and its number in the
    compiled sweep (csrc/kakuro.c; None where only the Python looks)."""

    name: str
    grade: str
    weight: float
    scope: str
    find: Callable
    code: int | None = None


KAKURO_TECHNIQUES = (
    KakuroTechnique("last cell", "beginner", 1.0, "run", k.last_cell, 0),
    KakuroTechnique("unique combination", "beginner", 1.5, "run", k.unique_combination,
                    1),
    KakuroTechnique("naked single", "beginner", 2.3, "run", k.naked_single, 2),
    KakuroTechnique("combination intersection", "beginner", 2.45, "run",
                    k.combination_intersection, 3),
    KakuroTechnique("unique digit", "easy", 2.6, "run", k.unique_digit, 4),
    KakuroTechnique("sum bounds", "medium", 3.0, "run", k.sum_bounds, 5),
    KakuroTechnique("naked pair", "medium", 3.2, "run", k.naked_pair, 6),
    KakuroTechnique("naked triple", "medium", 3.6, "run", k.naked_triple, 7),
    KakuroTechnique("run permutations", "hard", 4.0, "run", k.run_permutations, 8),
    KakuroTechnique("cross sum", "expert", 5.0, "area", k.cross_sum),
    KakuroTechnique("cross sums (2 cells)", "expert", 5.5, "area", k.small_cross_sums),
    KakuroTechnique("cross sums (3-4 cells)", "expert", 6.0, "area", k.large_cross_sums),
    KakuroTechnique("short forcing chain", "expert", 6.5, "board", k.short_forcing_chain),
    KakuroTechnique("forcing chain", "extreme", 8.0, "board", k.forcing_chain),
)
# Those placing one value and nothing else (a unique digit is a run's hidden single).
KAKURO_SINGLES = ("last cell", "naked single", "unique digit")
# The tiebreak counts steps from combination intersection on (as Sudoku's counts those
# past naked singles): the last cells, unique combinations and singles are the easy part.
COUNTED_FROM = next(rank for rank, tech in enumerate(KAKURO_TECHNIQUES)
                    if tech.name == "combination intersection")
# The first area technique's rank: a ladder reaching it needs the areas (csrc/kakurograde.c).
CROSS_SUM_RANK = next(rank for rank, tech in enumerate(KAKURO_TECHNIQUES)
                      if tech.scope == "area")


def grade_kakuro(givens: Grid, clues: Clues, explain: bool = True) -> Grading:
    """Solve by technique from the easiest and grade (a stall grades 'extreme',
    'guessing'); without `explain` the steps carry no explanations (the same grading,
    sooner)."""
    grading = _graded(k.KakuroState(givens, clues, explain), GRADES[-1])
    assert grading is not None  # the last grade's ceiling never stalls below it
    return grading


def grade_kakuro_within(givens: Grid, clues: Clues, ceiling: str,
                        explain: bool = True) -> Grading | None:
    """grade_kakuro()'s grading if the grade is at most `ceiling`, else None (also for a
    Kakuro these techniques cannot finish: none of them guesses or assumes uniqueness, so
    a finished solve proves the Kakuro has one solution)."""
    grading = _graded(k.KakuroState(givens, clues, explain), ceiling)
    return None if grading is None or grading.guessing else grading


def techniques_up_to(ceiling: str) -> tuple[KakuroTechnique, ...]:
    if ceiling not in GRADES:
        raise ValueError(f"unknown grade {ceiling!r}; expected one of: {', '.join(GRADES)}")
    allowed = GRADES[:GRADES.index(ceiling) + 1]
    return tuple(tech for tech in KAKURO_TECHNIQUES if tech.grade in allowed)


def _graded(state: k.KakuroState, ceiling: str) -> Grading | None:
    """The solve within the ceiling's techniques, graded; None if it stalls below the
    last grade."""
    return _grading(state, solve_within(state, ceiling), ceiling)


def solve_within(state: k.KakuroState, ceiling: str,
                 chains: bool = True) -> list[tuple[int, Step]]:
    """Solve with the ceiling's techniques (without forcing chains if not `chains`), the
    easiest that finds anything first, until solved or stalled; the steps taken, each
    with its technique's rank."""
    techniques = ladder(ceiling, chains)
    places = _Places(state.clues)
    seen = [0] * len(techniques)
    steps: list[tuple[int, Step]] = []
    settler = _settler(state, techniques)
    while not state.solved:
        first = 0
        if settler is not None:  # the run techniques' part of this loop, in C
            steps += _settled(settler, state, techniques, seen)
            first = settler[1]
            if state.solved:
                break
        for rank in range(first, len(techniques)):
            tech = techniques[rank]
            start, seen[rank] = seen[rank], len(state.log)
            found = _sweep(state, tech, places.touched(tech.scope, state.log, start))
            if found:
                steps += [(rank, step) for step in found]
                break
        else:
            break
    return steps


def ladder(ceiling: str, chains: bool = True) -> tuple[KakuroTechnique, ...]:
    """The ceiling's techniques, without forcing chains if not `chains` (a beginning of
    KAKURO_TECHNIQUES: a technique's place in it is its rank)."""
    return tuple(tech for tech in techniques_up_to(ceiling) if chains or tech.scope != "board")


@dataclass(frozen=True)
class Tally:
    """What a grading reads of a solve's steps: how many each technique took (by rank)
    and the sum of their lengths (forcing chains')."""

    counts: tuple[int, ...]
    lengths: tuple[int, ...]


def tally_of(steps: list[tuple[int, Step]], count: int) -> Tally:
    counts, lengths = [0] * count, [0] * count
    for rank, step in steps:
        counts[rank] += 1
        lengths[rank] += step.length
    return Tally(tuple(counts), tuple(lengths))


def reach_within(state: k.KakuroState, ceiling: str, chains: bool = True) -> Tally:
    """solve_within()'s solve, the state changed alike, its steps tallied, not kept (for
    the generator, which grades thousands of attempts it throws away): on the compiled
    core in one call (csrc/kakurograde.c's kakuro_reach), the same steps in the same
    order; else solve_within itself."""
    techniques = ladder(ceiling, chains)
    core = compiled.kakuro_core()
    if core is None or state.explain:
        return tally_of(solve_within(state, ceiling, chains), len(techniques))
    areas = len(techniques) > CROSS_SUM_RANK
    placed, counts, lengths = core.kakuro_reach(
        compiled_tables(state.clues), compiled_areas(state.shape) if areas else None,
        state.clues.totals if areas else None, len(techniques), state.values, state.cands,
        state.placed, state.left, state.log, state.open_count)
    state.open_count -= placed
    return Tally(tuple(counts), tuple(lengths))


def reached_grading(givens: Grid, clues: Clues, ceiling: str = GRADES[-1]) -> Grading | None:
    """grade_kakuro_within()'s grading (grade_kakuro()'s with the last grade's ceiling)
    by reach_within: the same grade, hardest technique and score, its steps not kept."""
    state = k.KakuroState(givens, clues, explain=False)
    return _tallied_grading(state, reach_within(state, ceiling), ceiling, ())


@lru_cache(maxsize=BOARDS_KEPT)
def compiled_areas(shape: Shape):
    """The board's cross-sum areas for the compiled core (csrc/kakurograde.c), made once a
    board, not once a set of totals, and found in C (csrc/kakuroareas.c: areas.py's
    area_runs, the same areas in the same order)."""
    core = compiled.extension()
    found = core.kakuro_area_runs(shape.positions, *shape.frame,
                                  tuple(unit.cells for unit in shape.units),
                                  tuple(unit.kind == "across" for unit in shape.units))
    having: list[list[int]] = [[] for _ in range(shape.cell_count)]
    for index, (outies, _, _) in enumerate(found):
        for cell in outies:
            having[cell].append(index)
    outies, inside, through = zip(*found) if found else ((), (), ())
    return core.kakuro_areas(shape.peers, outies, inside, through, having, len(shape.units))


def _settler(state: k.KakuroState, techniques) -> tuple | None:
    """The compiled core and how many of the ladder's first techniques it runs (those
    whose compiled numbers are their ranks: the run techniques); None on the pure core or
    for an explained solve."""
    core = compiled.kakuro_core()
    if core is None or state.explain:
        return None
    count = 0
    while count < len(techniques) and techniques[count].code == count:
        count += 1
    return core, count


def _settled(settler: tuple, state: k.KakuroState, techniques,
             seen: list[int]) -> list[tuple[int, Step]]:
    """solve_within's loop over the settler's techniques until they stall or solve the
    Kakuro (csrc/kakuro.c's kakuro_settle, on the state's own lists): the steps taken."""
    core, count = settler
    raw, placed = core.kakuro_settle(compiled_tables(state.clues), count, seen, state.values,
                                     state.cands, state.placed, state.left, state.log,
                                     state.open_count)
    state.open_count -= placed
    return [(rank, Step(techniques[rank].name, placements, eliminations, ""))
            for rank, placements, eliminations in raw]


def _sweep(state: k.KakuroState, tech: KakuroTechnique, where) -> list[Step]:
    """Every step the technique finds where it looks, each applied as it is found."""
    core = compiled.kakuro_core() if tech.code is not None and not state.explain else None
    if core is not None:
        return _compiled_sweep(core, state, tech, where)
    found = []
    for place in where:
        while (step := tech.find(state, place)) is not None:
            state.apply(step)
            found.append(step)
            if tech.scope == "board":
                return found
    return found


def _compiled_sweep(core, state: k.KakuroState, tech: KakuroTechnique, where) -> list[Step]:
    """_sweep in C (csrc/kakuro.c) on the state's own lists: the same steps, unexplained
    (explained solves stay in the Python, which words them)."""
    raw, placed = core.kakuro_sweep(compiled_tables(state.clues), tech.code, where,
                                    state.values, state.cands, state.placed, state.left,
                                    state.log)
    state.open_count -= placed
    return [Step(tech.name, placements, eliminations, "") for placements, eliminations in raw]


class _Places:
    """Where something changed since a technique last looked: the runs (or areas) holding
    the cells logged since; everything on its first look."""

    def __init__(self, clues: Clues) -> None:
        self.clues = clues
        self.runs_of = clues.runs_of
        self.run_count = len(clues.totals)

    def touched(self, scope: str, log: list[int], start: int):
        if scope == "board":
            return (None,)
        if scope == "run":
            if not start:
                return range(self.run_count)
            return sorted({run for cell in log[start:] for run in self.runs_of[cell]})
        areas_with = areas_with_outie(self.clues.shape)
        if not start:
            return range(len(areas_of(self.clues)))
        return sorted({area for cell in log[start:] for area in areas_with[cell]})


def _grading(state: k.KakuroState, steps: list[tuple[int, Step]],
             ceiling: str) -> Grading | None:
    """The grading of a finished (or stalled) solve."""
    return _tallied_grading(state, tally_of(steps, len(KAKURO_TECHNIQUES)), ceiling,
                            tuple(step for _, step in steps))


def _tallied_grading(state: k.KakuroState, tally: Tally, ceiling: str,
                     steps: tuple[Step, ...]) -> Grading | None:
    """The grading of a solve from its tally (its steps as given)."""
    if not state.solved:
        if ceiling != GRADES[-1]:
            return None
        open_share = state.open_count / state.shape.cell_count
        return Grading("extreme", "guessing", round(STALL_WEIGHT + open_share, 4), steps,
                       True)
    if not any(tally.counts):
        return Grading("beginner", "none", 0.0, (), False)
    rank = max(rank for rank, count in enumerate(tally.counts) if count)
    hardest = KAKURO_TECHNIQUES[rank]
    length = tally.lengths[rank]
    if length:
        tiebreak = 0.9 * length / (length + 10)
    else:
        advanced = sum(tally.counts[COUNTED_FROM:])
        tiebreak = 0.09 * advanced / (advanced + 10)
    return Grading(hardest.grade, hardest.name, round(hardest.weight + tiebreak, 4), steps,
                   False)
