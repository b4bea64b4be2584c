"""The Kakuro's compiled run techniques and search (csrc/kakuro.c) against the pure
Python: on random solving states every run technique sweeps to the same steps and leaves
the same state (candidates, placed digits, what each run has left, the log); the search
finds the same solutions in the same nodes, and narrowing runs reaches a contradiction in
the same rounds (forcing chains); whole gradings and generated puzzles come out
the same on both cores."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bookmaker.core import compiled
from bookmaker.core.board.grid import Grid
from bookmaker.core.kakuro import grade
from bookmaker.core.kakuro.clues import clues_of_solution
from bookmaker.core.kakuro.filling import random_filling
from bookmaker.core.kakuro.generate import generate_kakuro
from bookmaker.core.kakuro.pattern import make_pattern
from bookmaker.core.kakuro.solver import (
    Tables,
    compiled_tables,
    kakuro_solutions,
    rounds_to_contradiction,
    solution_other_than,
)
from bookmaker.core.kakuro.techniques import KakuroState
from bookmaker.core.rng import Rng

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)

RUN_TECHNIQUES = tuple(tech for tech in grade.KAKURO_TECHNIQUES if tech.scope == "run")


def random_state(seed: int, size: int = 9) -> KakuroState:
    """A Kakuro part-solved at random: some digits placed (true ones, or any, so that runs
    also break), the candidates of the other cells thinned at random, and in some runs two
    or three open cells left two or three digits between them (naked pairs and triples)."""
    rng = Rng(seed)
    shape = make_pattern(size, rng, "rotational", 9, 0.3)
    filling = random_filling(shape, rng)
    assert filling is not None
    state = KakuroState(Grid(shape, (0,) * shape.cell_count), clues_of_solution(
        shape, filling.values), explain=False)
    for cell in range(shape.cell_count):
        roll = rng.below(10)
        if roll < 2 and not state.values[cell]:
            state.place(cell, filling.values[cell] if roll else 1 + rng.below(9))
        elif roll < 7 and state.cands[cell]:
            state.cands[cell] &= rng.below(1 << 9) | 1 << (filling.values[cell] - 1)
    for cells in state.run_cells[::3]:
        size = 2 + rng.below(2)
        subset = sum(1 << d for d in rng.shuffled(range(9))[:size])
        for cell in [c for c in cells if not state.values[c]][:size]:
            state.cands[cell] = subset
    return state


def snapshot(state: KakuroState) -> tuple:
    return (state.values, state.cands, state.placed, state.left, state.log,
            state.open_count)


def swept(state: KakuroState, tech, wanted: bool):
    """The technique's sweep over every run on the core asked for: its steps and the
    state it leaves."""
    with compiled.using(wanted):
        assert (compiled.kakuro_core() is not None) == wanted
        steps = grade._sweep(state, tech, range(len(state.clues.totals)))
    return steps, snapshot(state)


@pytest.mark.parametrize("seed", range(40))
def test_every_run_technique_sweeps_alike_on_a_random_state(seed):
    found = 0
    for tech in RUN_TECHNIQUES:
        pure = swept(random_state(seed), tech, False)
        fast = swept(random_state(seed), tech, True)
        assert fast == pure, tech.name
        found += len(pure[0])
    assert found  # the states give the techniques something to find


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("ceiling", ["beginner", "hard", "expert"])
def test_the_ladder_solves_alike_from_a_random_state(seed, ceiling):
    """solve_within: its run techniques' part in C (kakuro_settle), the cross sums around
    it (no forcing chains: a random state may leave an open cell no candidate, which only
    they cannot take)."""
    def solve():
        state = random_state(seed)
        return grade.solve_within(state, ceiling, chains=False), snapshot(state)
    pure, fast = both_cores(solve)
    assert fast == pure


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("ceiling", ["beginner", "hard", "expert"])
def test_the_whole_ladder_in_one_call_reaches_alike_from_a_random_state(seed, ceiling):
    """reach_within in one compiled call (kakuro_reach, kakuro_areas): the state the
    Python's solve_within leaves, its steps tallied by rank (no forcing chains, as
    above; tests/test_kakuro_reach.py has them)."""
    with compiled.using(False):
        state = random_state(seed)
        steps = grade.solve_within(state, ceiling, chains=False)
        pure = grade.tally_of(steps, len(grade.ladder(ceiling, False))), snapshot(state)
    with compiled.using(True):
        state = random_state(seed)
        assert grade.reach_within(state, ceiling, chains=False) == pure[0]
    assert snapshot(state) == pure[1]


def test_the_random_states_reach_every_run_technique():
    reached = {tech.name for seed in range(10) for tech in RUN_TECHNIQUES
               if swept(random_state(seed), tech, True)[0]}
    assert reached == {tech.name for tech in RUN_TECHNIQUES}


def both_cores(work):
    """work() on the pure core, then on the compiled one."""
    with compiled.using(False):
        pure = work()
    with compiled.using(True):
        return pure, work()


def search_case(seed: int):
    """A Kakuro's clues with few givens (many solutions), some, or a wrong one (none); a
    limit, a node budget (some run out), its filling."""
    rng = Rng(seed)
    shape = make_pattern(7 + seed % 4, rng, "rotational", 9, 0.3)
    filling = random_filling(shape, rng)
    assert filling is not None
    givens = [v if rng.below(10) < (0, 3, 6)[seed % 3] else 0 for v in filling.values]
    if seed % 5 == 4:
        givens[0] = 1 + filling.values[0] % 9
    return (clues_of_solution(shape, filling.values), givens, 1 + seed % 3,
            (15, 200, 10_000)[seed % 3], filling.values)


@pytest.mark.parametrize("seed", range(30))
def test_the_search_finds_the_same_solutions_in_the_same_nodes(seed):
    clues, givens, limit, max_nodes, known = search_case(seed)
    prefer = known if seed % 2 else None
    pure, fast = both_cores(lambda: kakuro_solutions(clues, givens, limit, max_nodes, prefer))
    assert fast == pure
    pure, fast = both_cores(lambda: solution_other_than(clues, givens, known, max_nodes))
    assert fast == pure


def test_the_searches_compared_meet_each_outcome():
    """The cases above find several solutions, exactly one, none, and run out of nodes."""
    outcomes = set()
    for seed in range(30):
        clues, givens, limit, max_nodes, _ = search_case(seed)
        with compiled.using(True):
            found = kakuro_solutions(clues, givens, limit, max_nodes)
        outcomes.add("out of nodes" if not found.complete else min(found.count, 2))
    assert outcomes == {"out of nodes", 0, 1, 2}


@pytest.mark.parametrize("seed", range(30))
def test_narrowing_runs_takes_the_same_rounds_to_a_contradiction(seed):
    """Each candidate of the first open cells tried, as a forcing chain does, with and
    without a limit on the rounds: the same length (or none) and candidates left."""
    state = random_state(seed)
    tables = Tables(state.clues)
    for cell in [c for c, mask in enumerate(state.cands) if mask][:6]:
        for d in range(9):
            if state.cands[cell] >> d & 1:
                for most in (0, 2):
                    def trial(cell=cell, d=d, most=most):
                        cands = [m or 1 << (v - 1) for m, v in zip(state.cands, state.values)]
                        cands[cell] = 1 << d
                        return rounds_to_contradiction(tables, cands, tables.runs_of[cell],
                                                       most), cands
                    pure, fast = both_cores(trial)
                    assert fast == pure


def test_the_forcing_chains_compared_settle_and_reach_past_two_rounds():
    lengths = set()
    for seed in range(30):
        state = random_state(seed)
        tables = Tables(state.clues)
        for cell in [c for c, mask in enumerate(state.cands) if mask][:6]:
            for d in range(9):
                if state.cands[cell] >> d & 1:
                    cands = [m or 1 << (v - 1) for m, v in zip(state.cands, state.values)]
                    cands[cell] = 1 << d
                    lengths.add(rounds_to_contradiction(tables, cands, tables.runs_of[cell]))
    assert None in lengths and max(length or 0 for length in lengths) > 2


@pytest.mark.parametrize("difficulty", ["beginner", "medium", "hard", "expert", "extreme"])
def test_a_generated_kakuro_and_its_grading_are_the_same_on_both_cores(difficulty):
    made = []
    for wanted in (False, True):
        with compiled.using(wanted):
            puzzle, grading = generate_kakuro(8, 11, difficulty)
            graded = grade.grade_kakuro(puzzle.givens, puzzle.extras, explain=False)
            made.append((puzzle.solution.cells, puzzle.extras.totals, grading, graded))
            assert grading == replace(graded, steps=())
    assert made[0] == made[1]
    assert made[1][2].grade == difficulty


def test_a_pinned_kakuro_grades_the_same_on_the_compiled_core():
    """The generator's grading is the grader's, its steps not kept (grade_kakuro's)."""
    with compiled.using(True):
        puzzle, grading = generate_kakuro(10, 5, "hard")
        graded = grade.grade_kakuro(puzzle.givens, puzzle.extras, explain=False)
    assert (grading.grade, grading.hardest, grading.score, len(graded.steps)) == \
        ("hard", "run permutations", 4.075, 115)
    assert grading == replace(graded, steps=())
    assert puzzle.extras.totals[:8] == (7, 24, 27, 17, 44, 23, 6, 17)


def test_the_explained_solve_stays_in_the_python_and_agrees_with_the_compiled_one():
    with compiled.using(True):
        puzzle, _ = generate_kakuro(8, 2, "medium")
        explained = grade.grade_kakuro(puzzle.givens, puzzle.extras)
        plain = grade.grade_kakuro(puzzle.givens, puzzle.extras, explain=False)
    assert all(step.explanation for step in explained.steps)
    assert [(s.technique, s.placements, s.eliminations) for s in explained.steps] == \
        [(s.technique, s.placements, s.eliminations) for s in plain.steps]
    assert (explained.grade, explained.score) == (plain.grade, plain.score)


def test_the_compiled_sweep_refuses_a_state_that_does_not_fit_its_tables():
    state = random_state(0)
    core = compiled.extension()
    tables = compiled_tables(state.clues)
    with pytest.raises(TypeError, match="do not fit"):
        core.kakuro_sweep(tables, 0, [0], state.values[:-1], state.cands, state.placed,
                          state.left, state.log)
    with pytest.raises(ValueError, match="no technique"):
        core.kakuro_sweep(tables, 9, [0], state.values, state.cands, state.placed,
                          state.left, state.log)
