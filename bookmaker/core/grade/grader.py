"""Grade a puzzle by the human techniques a solver needs, easiest first, restarting after each step.

Grades, each allowing the techniques of the grades before it plus:

- ``beginner``: full house, hidden single (boxes looked at before rows and columns),
  naked single.
- ``easy``: locked candidates — pointing (box -> line), claiming (line -> box).
- ``medium``: naked pair, hidden pair, naked triple, hidden triple.
- ``hard``: X-Wing, XY-Wing, W-Wing, XYZ-Wing, Swordfish, unique rectangle (type 1),
  naked quad, Jellyfish, hidden quad.
- ``expert``: BUG+1, simple colouring (colour wrap and colour trap on one value's
  conjugate pairs), X-Chain (one value along alternating strong and weak links; covers
  skyscraper, kite, turbot), XY-Chain (a chain of two-value cells).
- ``extreme``: the techniques above stall before the grid is solved. With forcing chains
  (a candidate whose placement leads by singles to a contradiction is removed) the
  puzzle is solved without guessing; if even they stall, ``hardest`` is ``guessing`` and
  ``guessing`` is True: a person needs nested chains or trial and error.

The loop tries TECHNIQUES in order and applies the first step found, then starts again
from the top, so a harder technique is used only when nothing easier applies. The grade
is the grade of the latest technique in that order that was used; ``hardest`` names it.

Score: ``weight(hardest) + 0.09 * a / (a + 10)`` where ``a`` counts the steps harder than
a naked single; the tiebreak stays below 0.09, so it orders puzzles inside a weight and
never crosses one. Weights follow Sudoku Explainer / HoDoKu (hidden single 1.2, naked
single 2.3, pairs 3.0-3.4, ...) except that X-Wing (SE 3.2) and Swordfish (SE 3.8) are
raised to 4.1 and 4.5 so that a harder grade always scores higher than an easier one.
A grid that stalls even with forcing chains scores ``9.0 + open/cells``, the share of
cells still open at the stall.
A grid given complete grades ``beginner`` with hardest ``none`` and score 0.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..board.grid import Grid
from . import advanced as a
from . import techniques as t
from .candidates import Candidates, Step, solving_path_of
from .grades import GRADES
from .tables import grader_tables
from .techniques import place_naked_single as place_naked_single  # the ladders take it here
from .twins import CLASSIC_TWINS

STALL_WEIGHT = 9.0


@dataclass(frozen=True)
class Technique:
    """A technique as the grader uses it: name, the grade it belongs to, its weight."""

    name: str
    grade: str
    weight: float
    find: Callable[[Any], Step | None]  # Any: a Candidates, or a Killer's for cage techniques


TECHNIQUES = (
    Technique("full house", "beginner", 1.0, t.full_house),
    Technique("hidden single", "beginner", 1.2, t.hidden_single),
    Technique("naked single", "beginner", 2.3, t.naked_single),
    Technique("locked candidates (pointing)", "easy", 2.6, t.pointing),
    Technique("locked candidates (claiming)", "easy", 2.8, t.claiming),
    Technique("naked pair", "medium", 3.0, t.naked_pair),
    Technique("hidden pair", "medium", 3.4, t.hidden_pair),
    Technique("naked triple", "medium", 3.6, t.naked_triple),
    Technique("hidden triple", "medium", 4.0, t.hidden_triple),
    Technique("X-Wing", "hard", 4.1, t.x_wing),
    Technique("XY-Wing", "hard", 4.2, t.xy_wing),
    Technique("W-Wing", "hard", 4.3, a.w_wing),
    Technique("XYZ-Wing", "hard", 4.4, t.xyz_wing),
    Technique("Swordfish", "hard", 4.5, t.swordfish),
    Technique("unique rectangle", "hard", 4.6, a.unique_rectangle),
    Technique("naked quad", "hard", 5.0, t.naked_quad),
    Technique("Jellyfish", "hard", 5.2, t.jellyfish),
    Technique("hidden quad", "hard", 5.4, t.hidden_quad),
    Technique("BUG+1", "expert", 5.6, a.bug_plus_one),
    Technique("simple colouring", "expert", 6.5, t.simple_colouring),
    Technique("X-Chain", "expert", 6.6, t.x_chain),
    Technique("XY-Chain", "expert", 6.8, a.xy_chain),
    Technique("forcing chain", "extreme", 8.0, a.forcing_chain),
)
@dataclass(frozen=True)
class Grading:
    """What a person needs for a puzzle: grade, hardest technique, score, the steps."""

    grade: str
    hardest: str
    score: float
    steps: tuple[Step, ...]
    guessing: bool


def next_step(state: Candidates, techniques=TECHNIQUES) -> Step | None:
    """The step of the easiest technique that applies, or None if all stall."""
    for technique in techniques:
        step = technique.find(state)
        if step is not None:
            return step
    return None


@dataclass(frozen=True)
class Ladder:
    """The techniques a grader tries, easiest first (a technique's rank is its place),
    and those of them grade_within() applies in bulk, with their bulk form: each takes a
    state, applies all it finds (or, for naked singles, one) and says whether it found
    any. Bulk techniques must be the easiest and reach the same fixed point in any order."""

    techniques: tuple[Technique, ...]
    bulk: tuple[tuple[str, Callable[[Any], bool]], ...]  # Any: as Technique.find

    @cached_property
    def rank(self) -> dict[str, int]:
        return {tech.name: i for i, tech in enumerate(self.techniques)}

    @cached_property
    def bulk_ranks(self) -> frozenset[int]:
        return frozenset(self.rank[name] for name, _ in self.bulk)

    def up_to(self, ceiling: str) -> tuple[Technique, ...]:
        """The techniques a grade allows: its own and those of every easier grade."""
        if ceiling not in GRADES:
            raise ValueError(f"unknown grade {ceiling!r}; expected one of: "
                             f"{', '.join(GRADES)}")
        allowed = GRADES[:GRADES.index(ceiling) + 1]
        return tuple(tech for tech in self.techniques if tech.grade in allowed)


def with_classic(own: tuple[Technique, ...], left_out: tuple[str, ...]) -> tuple[Technique, ...]:
    """A kind's techniques: its own and the classic ones but those named in `left_out`
    (unsound for the kind, or needing what its board lacks), by grade and then weight,
    its own first among equals."""
    merged = list(own) + [tech for tech in TECHNIQUES if tech.name not in left_out]
    return tuple(sorted(merged, key=lambda tech: (GRADES.index(tech.grade), tech.weight)))


# The classic ladder's techniques that place a value and nothing else, each step one value:
# a solving path says a run of them at once ('Hidden single: r1c6 = 5, r2c3 = 4').
SINGLES = ("full house", "hidden single", "naked single")
CLASSIC_LADDER = Ladder(TECHNIQUES, (("full house", t.place_full_houses),
                              ("hidden single", t.place_hidden_singles),
                              ("naked single", place_naked_single)))


def grade_within(grid: Grid, ceiling: str) -> Grading | None:
    """grade(grid)'s grade, hardest technique and score if the grade is at most `ceiling`,
    else None; for generation, where puzzles are graded by the thousand.

    Two things make it fast. Only the techniques the ceiling allows are tried, so a puzzle
    that needs more stops at the first stall. And singles are placed in bulk: whatever the
    order, hidden singles lead to the same fixed point, so grade() meets exactly the same
    states at each harder step, and the same naked singles (it places the first, in cell
    order, only at that fixed point; so does this). The steps listed are the harder ones
    only. Meant for puzzles with one solution (on others the bulk placing may differ)."""
    return grade_state_within(Candidates.from_grid(grid), ceiling)


def grade_state_within(state: Candidates, ceiling: str,
                       ladder: Ladder = CLASSIC_LADDER) -> Grading | None:
    """grade_within() from a state, by a ladder's techniques, on the board's engine.
    Changes the state."""
    return _graded(state, ladder, ceiling, None)


def techniques_within(ceiling: str, ladder: Ladder) -> tuple[Technique, ...]:
    """The techniques grade_state_within() tries one step at a time: those the ceiling
    allows but the ones the ladder applies in bulk."""
    return tuple(tech for tech in ladder.up_to(ceiling)
                 if ladder.rank[tech.name] not in ladder.bulk_ranks)


def grade_within_in_python(state: Candidates, ceiling: str, ladder: Ladder) -> Grading | None:
    """grade_state_within(), in Python: the reference."""
    techniques = techniques_within(ceiling, ladder)
    steps: list = []
    settled_rank = -1
    while True:
        settled_rank = max(settled_rank, settle(state, ladder))
        if state.solved:
            return grading_of(steps, state, ladder, settled_rank)
        step = next_step(state, techniques)
        if step is None:
            return grading_of(steps, state, ladder, settled_rank) \
                if ceiling == GRADES[-1] else None
        state.apply(step)
        steps.append(step)


def settle(state: Candidates, ladder: Ladder) -> int:
    """Apply the ladder's bulk techniques, the easiest that finds anything first, until
    none finds anything; the rank of the hardest one used, -1 if none."""
    rank = state.settled_in_bulk(ladder)
    if rank is not None:
        return rank
    rank = -1
    while not state.solved:
        for name, apply in ladder.bulk:
            if apply(state):
                rank = max(rank, ladder.rank[name])
                break
        else:
            break
    return rank


def grade(grid: Grid, max_steps: int | None = None) -> Grading:
    """Solve by technique from the easiest, restarting after every step, and grade.
    Every step removes at least one candidate, so the default limit (the number of
    candidates) is never reached; a smaller limit that runs out grades as a stall."""
    return grade_state(Candidates.from_grid(grid), CLASSIC_LADDER, max_steps)


def solving_path(grid: Grid) -> list[tuple[str, int]]:
    """grade()'s steps as (technique, cells it places), without their words: what a
    solving time needs (design/solvetime.py)."""
    state = Candidates.from_grid(grid)
    return path_of_state(state, CLASSIC_LADDER, state.shape.cell_count * state.shape.size)


def grade_state(state: Candidates, ladder: Ladder = CLASSIC_LADDER,
                max_steps: int | None = None) -> Grading:
    """grade() from a state, by a ladder's techniques, on the board's engine. Changes the
    state."""
    if max_steps is None:
        max_steps = state.shape.cell_count * state.shape.size
    grading = _graded(state, ladder, None, max_steps)
    assert grading is not None  # without a ceiling there is always a grading
    return grading


def grade_in_python(state: Candidates, ladder: Ladder, max_steps: int) -> Grading:
    """grade_state(), in Python: the reference."""
    steps: list[Step] = []
    while not state.solved and len(steps) < max_steps:
        step = next_step(state, ladder.techniques)
        if step is None:
            break
        state.apply(step)
        steps.append(step)
    return grading_of(steps, state, ladder)


def _tiebreak(steps: list, ranks: list[int], hardest: Technique, ladder: Ladder) -> float:
    """The part of the score that orders puzzles inside a weight, below the next one:
    0.09 * a / (a + 10) for `a` steps of techniques not applied in bulk (for the classic
    ladder: harder than a naked single), or for forcing chains 0.9 * L / (L + 10) for
    their total length L (longer chains are harder to find, and nothing weighs between
    forcing chains and the stall at 9.0)."""
    length = sum(s.length for s in steps if s.technique == hardest.name)
    if length:  # a chain: forcing chains are the techniques whose steps have a length
        return 0.9 * length / (length + 10)
    advanced = sum(1 for rank in ranks if rank >= 0 and rank not in ladder.bulk_ranks)
    return 0.09 * advanced / (advanced + 10)


def grading_of(steps: list, state: Candidates, ladder: Ladder,
               settled_rank: int = -1) -> Grading:
    """The grading of a finished (or stalled) solve. settled_rank: the hardest technique
    applied in bulk, beside the steps (grade_within)."""
    ranks = [ladder.rank[s.technique] for s in steps] + [settled_rank]
    if max(ranks) < 0 and state.solved:
        return Grading("beginner", "none", 0.0, (), False)
    hardest = max(ranks + [0])
    if not state.solved:
        open_share = state.open_cells.bit_count() / state.shape.cell_count
        return Grading("extreme", "guessing", round(STALL_WEIGHT + open_share, 4),
                       tuple(steps), True)
    technique = ladder.techniques[hardest]
    score = technique.weight + _tiebreak(steps, ranks, technique, ladder)
    return Grading(technique.grade, technique.name, round(score, 4), tuple(steps), False)


def _graded(state: Candidates, ladder: Ladder, ceiling: str | None,
            max_steps: int | None) -> Grading | None:
    """grade_state_within() (a ceiling) or grade_state() (None): on the compiled grader
    where it knows the state and every technique, else in Python. Changes the state."""
    run = _compiled_run(state, ladder, ceiling)
    if run is None:
        if ceiling is None:
            assert max_steps is not None  # grade_state gives one without a ceiling
            return grade_in_python(state, ladder, max_steps)
        return grade_within_in_python(state, ceiling, ladder)
    tables, table, plan, killer, unsettled = run
    found, settled_rank, stalled, *after = tables.grade(
        state.values, state.cell_digits, state.digit_cells, state.open_cells, *plan,
        ceiling is not None, max_steps or 0, killer, unsettled)
    state.values, state.cell_digits, state.digit_cells = map(list, after[:3])
    state.open_cells = after[3]
    if killer is not None:
        state.unsettled = after[4]  # type: ignore[attr-defined]  # a Killer's state
    steps = [table.worded(state, step) for step in found]
    if ceiling is None:
        return grading_of(steps, state, ladder)
    if stalled and ceiling != GRADES[-1]:
        return None
    return grading_of(steps, state, ladder, settled_rank)


def path_of_state(state: Candidates, ladder: Ladder, max_steps: int) -> list[tuple[str, int]]:
    """grade_state()'s steps as (technique, cells placed), not worded: the words are half
    a grading's time, and a solving time needs none."""
    run = _compiled_run(state, ladder, None)
    if run is None:
        return solving_path_of(grade_in_python(state, ladder, max_steps).steps)
    tables, table, plan, killer, unsettled = run
    found, *_ = tables.grade(state.values, state.cell_digits, state.digit_cells,
                             state.open_cells, *plan, False, max_steps, killer, unsettled)
    names = table.technique_names(ladder)
    return [(names[number], len(placements)) for number, placements, *_ in found]


def _compiled_run(state: Candidates, ladder: Ladder, ceiling: str | None):
    """(the compiled grader's tables, the state's twin table, the ladder's plan, its
    cages' tables, its unsettled cells) where the compiled grader runs it; None where
    the pure core runs, or the state or a technique has no compiled twin."""
    tables = grader_tables(state.shape)
    table = None if tables is None else state.compiled_twin(CLASSIC_TWINS)
    if table is None:
        return None
    techniques = techniques_within(ceiling, ladder) if ceiling else ladder.techniques
    plan = table.compiled_ladder(ladder, ceiling, techniques)
    if plan is None:
        return None
    return (tables, table, plan, *state.compiled_cages())


def find_step(technique, state: Candidates):
    """The step one technique (its find function) finds in the state, found by its
    compiled twin (None if none); the state is left as it is. On the compiled core."""
    table = state.compiled_twin(CLASSIC_TWINS)
    found = grader_tables(state.shape).find(table.number_of(technique), state.values,
                                            state.cell_digits, state.digit_cells,
                                            state.open_cells, *state.compiled_cages())
    return None if found is None else table.worded(state, found)
