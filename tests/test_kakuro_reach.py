"""The Kakuro grader's whole unworded ladder in one compiled call (grade.reach_within:
csrc/kakurograde.c's kakuro_reach) against the Python's solve_within, the reference: from
part-solved Kakuros (some true digits given, the candidates of others thinned around
the true digit, so forcing chains never meet a cell with none) the same state (digits,
candidates, what each run has left, the log) and the same steps per technique with the
same lengths, cross sums and forcing chains included; and gradings by it equal to the
grader's."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from bookmaker.core import compiled
from bookmaker.core.board.grid import Grid
from bookmaker.core.board.shape import Shape
from bookmaker.core.kakuro import grade
from bookmaker.core.kakuro.areas import area_runs
from bookmaker.core.kakuro.clues import clues_of_solution
from bookmaker.core.kakuro.filling import random_filling
from bookmaker.core.kakuro.generate import generate_kakuro
from bookmaker.core.kakuro.pattern import make_pattern
from bookmaker.core.kakuro.solver import compiled_tables
from bookmaker.core.kakuro.techniques import KakuroState
from bookmaker.core.rng import Rng

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)

CEILINGS = ("medium", "hard", "expert", "extreme")


def given_state(seed: int) -> KakuroState:
    """A Kakuro of 8x8 to 12x12: a generated expert or extreme one, blank (odd seeds: they
    need cross sums and forcing chains), or a random filling's with a share of its digits
    given and the candidates of some other cells thinned, the true digit kept."""
    rng = Rng(seed)
    shape, solution = made(seed) if seed % 2 else filled(seed, rng)
    share = 0 if seed % 2 else (0, 2, 4)[seed % 3]
    givens = tuple(v if rng.below(10) < share else 0 for v in solution)
    state = KakuroState(Grid(shape, givens), clues_of_solution(shape, solution), explain=False)
    for cell in range(shape.cell_count):
        if state.cands[cell] and not seed % 2 and rng.below(10) < 3:
            state.cands[cell] &= rng.below(1 << 9) | 1 << (solution[cell] - 1)
    return state


def filled(seed: int, rng: Rng) -> tuple[Shape, tuple[int, ...]]:
    shape = make_pattern(8 + seed % 5, rng, "rotational", 9, 0.3)
    filling = random_filling(shape, rng)
    assert filling is not None
    return shape, tuple(filling.values)


@cache
def made(seed: int) -> tuple[Shape, tuple[int, ...]]:
    with compiled.using(True):
        puzzle, _ = generate_kakuro(8 + seed % 3, seed, ("expert", "extreme")[seed // 2 % 2])
    return puzzle.shape, puzzle.solution.cells


def snapshot(state: KakuroState) -> tuple:
    return (state.values, state.cands, state.placed, state.left, state.log,
            state.open_count)


def reached_both_ways(seed: int, ceiling: str, chains: bool = True):
    """(the Python's solve_within tallied, its state), (reach_within's, its state)."""
    with compiled.using(False):
        state = given_state(seed)
        steps = grade.solve_within(state, ceiling, chains)
        pure = grade.tally_of(steps, len(grade.ladder(ceiling, chains))), snapshot(state)
    with compiled.using(True):
        state = given_state(seed)
        return pure, (grade.reach_within(state, ceiling, chains), snapshot(state))


@pytest.mark.parametrize("seed", range(16))
@pytest.mark.parametrize("ceiling", CEILINGS)
def test_the_whole_ladder_reaches_what_the_python_solves(seed, ceiling):
    pure, fast = reached_both_ways(seed, ceiling)
    assert fast == pure


def test_the_states_compared_take_every_technique_and_some_stall():
    """Every technique of the ladder takes steps in the cases above, forcing chains with
    lengths; some solves finish and some stall."""
    used, lengths, solved = [0] * len(grade.KAKURO_TECHNIQUES), 0, set()
    for seed in range(16):
        for ceiling in CEILINGS:
            with compiled.using(True):
                state = given_state(seed)
                tally = grade.reach_within(state, ceiling)
            used = [a + b for a, b in zip(used, tally.counts + (0,) * len(used))]
            lengths += sum(tally.lengths)
            solved.add(state.solved)
    assert all(used), used
    assert lengths and solved == {True, False}


@pytest.mark.parametrize("seed", range(8))
def test_a_reached_grading_is_the_graders_without_its_steps(seed):
    """reached_grading on both cores: grade_kakuro's grading (the last grade's ceiling,
    stalls included) or grade_kakuro_within's (a lower one), steps left out."""
    state = given_state(seed)
    givens = Grid(state.shape, tuple(state.values))
    for wanted in (False, True):
        with compiled.using(wanted):
            assert grade.reached_grading(givens, state.clues) == \
                replace(grade.grade_kakuro(givens, state.clues, explain=False), steps=())
            within = grade.grade_kakuro_within(givens, state.clues, "hard", explain=False)
            assert grade.reached_grading(givens, state.clues, "hard") == \
                (within and replace(within, steps=()))


def test_the_compiled_reach_refuses_a_ladder_it_cannot_run():
    state = given_state(0)
    core = compiled.extension()
    tables, areas = compiled_tables(state.clues), grade.compiled_areas(state.shape)
    lists = (state.values, state.cands, state.placed, state.left, state.log)
    with pytest.raises(ValueError, match="techniques"):
        core.kakuro_reach(tables, None, None, grade.CROSS_SUM_RANK + 1, *lists,
                          state.open_count)
    with pytest.raises(ValueError, match="techniques"):
        core.kakuro_reach(tables, areas, state.clues.totals, len(grade.KAKURO_TECHNIQUES) + 1,
                          *lists, state.open_count)
    other = given_state(2)  # another board's areas
    with pytest.raises(ValueError, match="techniques"):
        core.kakuro_reach(tables, grade.compiled_areas(other.shape), state.clues.totals, 12,
                          *lists, state.open_count)
    with pytest.raises(TypeError, match="totals do not fit"):
        core.kakuro_reach(tables, areas, state.clues.totals[:-1], 12, *lists, state.open_count)
    with pytest.raises(TypeError, match="do not fit"):
        core.kakuro_reach(tables, None, None, 3, state.values[:-1], *lists[1:],
                          state.open_count)
    with pytest.raises(ValueError, match="too many outies"):
        core.kakuro_areas(state.shape.peers, ((0, 1, 2, 3, 4),), ((0,),), ((1,),),
                          ((0,),) * len(state.values), len(state.shape.units))


@pytest.mark.parametrize("seed", range(12))
def test_a_boards_areas_are_found_alike_in_c(seed):
    """kakuro_area_runs (csrc/kakuroareas.c) finds areas.py's areas in the same order:
    boards 6x6 to 25x25, rotational and mirrored."""
    rng = Rng(seed)
    size = (6, 9, 12, 15, 20, 25)[seed % 6]
    shape = make_pattern(size, rng, ("rotational", "mirror")[seed % 2], 9, 0.3)
    found = compiled.extension().kakuro_area_runs(
        shape.positions, *shape.frame, tuple(unit.cells for unit in shape.units),
        tuple(unit.kind == "across" for unit in shape.units))
    assert found == area_runs(shape)
    assert found
