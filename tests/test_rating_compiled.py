"""The SE rater's compiled chains against the pure Python: the forcing chains and cycles
nested rules use (unary_found, rested_unary), the chain propagations (Propagator), the
multiple forcing chains' conclusions (all_found, rested_found) and the simple rules
nested in chains give the same conclusions, potentials in the same order, ancestors,
contradictions and work units on both cores, at the top and inside an enclosing chain,
on 9x9 and 16x16; whole ratings agree, bounds and the step the budget ran out in
included."""

from __future__ import annotations

import random

import pytest
from puzzledata import DATA
from ratingstates import struck

from bookmaker.core import compiled
from bookmaker.core.bits import bits_of
from bookmaker.core.board.grid import Grid as Cells
from bookmaker.core.board.grid import parse_grid
from bookmaker.core.board.shape import board_of as variant_board
from bookmaker.core.board.shape import shape_of
from bookmaker.core.generate.removal import random_solution
from bookmaker.core.grade.candidates import Candidates
from bookmaker.core.rating.board import board_of
from bookmaker.core.rating.hints import Budget
from bookmaker.core.rating.implications import Grid, Outer, Propagator, working_state
from bookmaker.core.rating.multiple import (
    DYNAMIC,
    DYNAMIC_CHAINS,
    MULTIPLE_CHAINS,
    NISHIO,
    STATIC,
    all_found,
    rested_found,
)
from bookmaker.core.rating.nested import (
    _RECORDED,
    FORCING_CHAINS,
    MULTIPLE,
    levels,
    rested_unary,
    simple_rules,
    unary_found,
)
from bookmaker.core.rating.rater import rate
from bookmaker.core.rng import Rng

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)

NINE, SIXTEEN = shape_of(3, 3), shape_of(4, 4)
# HardestSudokusThread-00004 (published 10.3/10.3/9.8) and -02077 (9.7/9.7/2.6)
HARDEST = ("000000007004020600800000310000002900040090030009506000010000008006050200700000060",
           "003090000100040036008002100040080073000900000000000000004070068600000000700000504")


def nine_states() -> list[Candidates]:
    lines = (DATA / "se_rated-sample.txt").read_text().split("\n")
    puzzles = list(HARDEST) + [line.split()[1] for line in lines[::20] if line.strip()]
    states = [Candidates.from_grid(parse_grid(p)) for p in puzzles]
    return states + [struck(s, seed) for seed, s in enumerate(states)]


def on_both(work):
    """work(budget) on the pure and on the compiled core: (pure, compiled) results, each
    with the work units it spent."""
    results = []
    for wanted in (False, True):
        with compiled.using(wanted):
            budget = Budget(10 ** 9)
            results.append((work(budget), budget.spent))
    return results


def runs_of(state: Candidates, board, budget: Budget, outer=None, every: int = 1) -> list:
    """Every (every-th) candidate's runs on and off in each mode, as plain data."""
    prop = Propagator(board, state, budget, (), outer() if outer else None)
    n, found = board.shape.size, []
    cands = [c * n + d for c in bits_of(state.open_cells) for d in bits_of(state.cell_digits[c])]
    for cand in cands[::every]:
        for mode in (STATIC, DYNAMIC, NISHIO):
            for on in (True, False):
                run = prop.run_on(cand, mode) if on else prop.run_off(cand, mode)
                found.append((list(run.on.items()), list(run.off.items()), run.conflict))
    return found


def inner_context(state: Candidates, board, cand: int):
    """The working grid of a dynamic chain from `cand` on and a maker of its Outer, as a
    nested rule sees them, or None if the chain ends in a contradiction."""
    run = Propagator(board, state, Budget(10 ** 9)).propagate({cand: 1 << (2 * cand + 1)},
                                                               {}, DYNAMIC)
    if run.conflict is not None:
        return None
    n, cells, digits = board.shape.size, list(state.cell_digits), list(state.digit_cells)
    for q in run.off:
        cell, d = divmod(q, n)
        cells[cell] &= ~(1 << d)
        digits[d] &= ~(1 << cell)
    grid = Grid(cells, digits)
    base = 2 * board.shape.cell_count * n
    return working_state(state, grid), lambda: Outer(list(state.cell_digits),
                                                     list(state.digit_cells), grid, board, base)


@pytest.mark.parametrize("index", range(0, 16, 3))
def test_propagations_are_the_same_on_both_cores(index):
    state, board = nine_states()[index], board_of(NINE)
    pure, fast = on_both(lambda budget: runs_of(state, board, budget, every=3))
    assert pure == fast
    assert pure[1] > 0


@pytest.mark.parametrize("index", [0, 1, 5])
def test_propagations_inside_an_enclosing_chain_are_the_same(index):
    state, board = nine_states()[index], board_of(NINE)
    first = next(bits_of(state.open_cells))
    cand = first * 9 + next(bits_of(state.cell_digits[first]))
    view, outer = inner_context(state, board, cand)
    pure, fast = on_both(lambda budget: runs_of(view, board, budget, outer, every=2))
    assert pure == fast
    # links resting on candidates the enclosing chain struck record them (bits 2C + cand)
    assert any(ancestors >> (2 * 729) for run in pure[0] for ancestors, in
               ((a,) for _, a in run[0] + run[1]))


@pytest.mark.parametrize("index", range(0, 16, 2))
def test_forcing_chains_and_cycles_are_the_same_on_both_cores(index):
    state, board = nine_states()[index], board_of(NINE)
    pure, fast = on_both(lambda budget: unary_found(Propagator(board, state, budget),
                                                     state, board))
    assert pure == fast


def test_nested_forcing_chains_inside_a_chain_are_the_same():
    state, board = nine_states()[0], board_of(NINE)
    found = []
    for cell in list(bits_of(state.open_cells))[:4]:
        context = inner_context(state, board, cell * 9 + next(bits_of(state.cell_digits[cell])))
        if context is None:
            continue
        view, outer = context
        pure, fast = on_both(lambda budget: unary_found(
            Propagator(board, view, budget, (), outer()), view, board))
        assert pure == fast
        found += pure[0]
    assert any(f.parents for f in found)   # conclusions resting on the enclosing chain


def test_sixteen_by_sixteen_chains_are_the_same_on_both_cores():
    board, rng = board_of(SIXTEEN), random.Random(16)
    solution, kept = random_solution(SIXTEEN, Rng(16)), set(rng.sample(range(256), 110))
    cells = tuple(v if c in kept else 0 for c, v in enumerate(solution))
    state = struck(Candidates.from_grid(Cells(SIXTEEN, cells)), 3, 0.1)
    assert_chains_alike(board, state, every=41)


@pytest.mark.parametrize("puzzle, budget", [(HARDEST[0], 40_000), (HARDEST[1], 80_000)])
def test_ratings_and_bounds_are_the_same_on_both_cores(puzzle, budget):
    ratings = []
    for wanted in (False, True):
        with compiled.using(wanted):
            rating = rate(parse_grid(puzzle), budget)
            ratings.append((rating.texts, rating.reason, rating.steps))
    assert ratings[0] == ratings[1]
    assert ratings[0][1] is not None   # the budget ran out inside a nested technique


@pytest.mark.parametrize("variant", ["x", "hyper"])
def test_variant_boards_chains_are_the_same_on_both_cores(variant):
    # the diagonals' and windows' peers and units join the links, in the shape's order
    shape = variant_board(3, 3, variant)
    board, rng = board_of(shape), random.Random(5)
    solution = random_solution(shape, Rng(5))
    kept = set(rng.sample(range(81), 28))
    cells = tuple(v if c in kept else 0 for c, v in enumerate(solution))
    state = struck(Candidates.from_grid(Cells(shape, cells)), 2, 0.15)
    assert_chains_alike(board, state, every=7)


def assert_chains_alike(board, state: Candidates, every: int) -> None:
    """Every `every`th start's runs, and unary_found's chains and cycles, the same on both
    cores."""
    pure, fast = on_both(lambda budget: runs_of(state, board, budget, every=every))
    assert pure == fast
    pure, fast = on_both(lambda budget: unary_found(Propagator(board, state, budget),
                                                     state, board))
    assert pure == fast


def conclusions(found: list) -> tuple:
    """Found as plain data, and which of them share a key (the cores spell a key's
    ancestors differently, an int or its bytes, but must tell the same chains apart)."""
    return ([(f.rating, f.complexity, f.kind, f.name, f.eliminations, f.placement, f.parents)
             for f in found], shared_keys([f.key for f in found]))


def shared_keys(keys: list) -> list[int]:
    """Each key as the place of the first key equal to it: which keys are equal, as a
    table of every pair's `==` says, in linear time (the table, quadratic in the hundreds
    of conclusions, was most of these tests' time)."""
    first: dict = {}
    return [first.setdefault(key, place) for place, key in enumerate(keys)]


def enclosed(state: Candidates, board, cells: int = 3) -> list:
    """(working grid, Outer maker) inside dynamic chains from the first candidate of the
    first open cells, those that do not end in a contradiction."""
    n, found = board.shape.size, []
    for cell in list(bits_of(state.open_cells))[:cells]:
        context = inner_context(state, board, cell * n + next(bits_of(state.cell_digits[cell])))
        if context is not None:
            found.append(context)
    return found


@pytest.mark.parametrize("technique", [MULTIPLE_CHAINS, DYNAMIC_CHAINS])
@pytest.mark.parametrize("index", [1, 3])
def test_chains_from_cells_and_units_conclude_the_same_on_both_cores(technique, index):
    state, board = nine_states()[index], board_of(NINE)
    pure, fast = on_both(lambda budget: conclusions(all_found(
        technique, Propagator(board, state, budget), state, board)))
    assert pure == fast
    assert pure[0][0]   # some conclusions to compare


# the multiple forcing chains nested from 10.0 up, the dynamic ones nested from 10.5 up
NESTED_CHAINS = (MULTIPLE.technique, levels("sukaku")[3].nested_rules[-1].technique)


@pytest.mark.parametrize("index, nested", [(0, 0), (6, 0), (2, 1)])
def test_nested_chains_from_cells_and_units_are_the_same_inside_a_chain(index, nested):
    state, board = nine_states()[index], board_of(NINE)
    technique, rested = NESTED_CHAINS[nested], 0
    assert not technique.nested_rules
    for view, outer in enclosed(state, board, 3 - 2 * nested):
        for find in (all_found, rested_found):
            pure, fast = on_both(lambda budget: conclusions(find(
                technique, Propagator(board, view, budget, (), outer()), view, board)))
            assert pure == fast
        rested += len(pure[0][0])
    assert rested   # conclusions resting on the enclosing chain's struck candidates


@pytest.mark.parametrize("index", [1, 4, 14])
def test_nested_forcing_chains_resting_on_a_chain_are_the_same(index):
    state, board = nine_states()[index], board_of(NINE)
    rested = 0
    for view, outer in enclosed(state, board, 4):
        pure, fast = on_both(lambda budget: conclusions(rested_unary(
            Propagator(board, view, budget, (), outer()), view, board)))
        assert pure == fast
        rested += len(pure[0][0])
    assert rested


def simple_rule_offs(state: Candidates, board, every: int) -> list:
    """Each simple rule's removals (with ancestors) on the working grids of dynamic chains
    from every `every`-th candidate, on and off, as nested rules see them."""
    rules, n, found = simple_rules(), board.shape.size, []
    cands = [c * n + d for c in bits_of(state.open_cells) for d in bits_of(state.cell_digits[c])]
    for cand in cands[::every]:
        for on in (True, False):
            prop = Propagator(board, state, Budget(10 ** 9), rules)
            start = {cand: 1 << (2 * cand + on)}
            run = prop.propagate(start if on else {}, {} if on else start, DYNAMIC)
            cells, digits = list(state.cell_digits), list(state.digit_cells)
            for q in run.off:
                cell, d = divmod(q, n)
                cells[cell] &= ~(1 << d)
                digits[d] &= ~(1 << cell)
            found.append([rule(prop, Grid(cells, digits), run.off) for rule in rules])
    return found


@pytest.mark.parametrize("index", [0, 2, 8])
def test_simple_rules_nested_in_chains_are_the_same_on_both_cores(index):
    state, board = nine_states()[index], board_of(NINE)
    pure, fast = on_both(lambda budget: simple_rule_offs(state, board, 5))
    assert pure == fast
    assert all(any(offs[k] for offs in pure[0]) for k in range(4))   # every rule finds some


@pytest.mark.parametrize("variant", ["x", "hyper", "16"])
def test_simple_rules_on_other_boards_are_the_same(variant):
    shape = SIXTEEN if variant == "16" else variant_board(3, 3, variant)
    board, rng = board_of(shape), random.Random(7)
    count = shape.cell_count
    solution, kept = random_solution(shape, Rng(7)), set(rng.sample(range(count), count * 3 // 8))
    cells = tuple(v if c in kept else 0 for c, v in enumerate(solution))
    state = struck(Candidates.from_grid(Cells(shape, cells)), 4, 0.1)
    pure, fast = on_both(lambda budget: simple_rule_offs(state, board, 13 if count > 81 else 4))
    assert pure == fast
    assert any(any(offs) for offs in pure[0])


# the dynamic chains with the simple rules nested (9.0, and nested in chains from 10.5 up)
PLUS = levels("sukaku")[0]


def nested_runs(state: Candidates, board, budget: Budget, outer=None, every: int = 1) -> list:
    """Every (every-th) candidate's dynamic runs on and off with the simple rules nested,
    as plain data."""
    prop = Propagator(board, state, budget, PLUS.nested_rules, outer() if outer else None)
    n, found = board.shape.size, []
    cands = [c * n + d for c in bits_of(state.open_cells) for d in bits_of(state.cell_digits[c])]
    for cand in cands[::every]:
        for run in (prop.run_on(cand, PLUS.mode), prop.run_off(cand, PLUS.mode)):
            found.append((list(run.on.items()), list(run.off.items()), run.conflict))
    return found


def rules_joined(state: Candidates, board, runs: list, every: int) -> bool:
    """Whether some of the nested runs met more offs than the same runs without rules."""
    plain = runs_of(state, board, Budget(10 ** 9), every=every)
    plain_dynamic = [run for k, run in enumerate(plain) if k % 6 in (2, 3)]
    return any(len(a[1]) > len(b[1]) for a, b in zip(runs, plain_dynamic))


@pytest.mark.parametrize("index", [0, 2, 9])
def test_propagations_with_simple_rules_nested_are_the_same_on_both_cores(index):
    state, board = nine_states()[index], board_of(NINE)
    pure, fast = on_both(lambda budget: nested_runs(state, board, budget, every=2))
    assert pure == fast
    with compiled.using(False):
        assert rules_joined(state, board, pure[0], every=2)


@pytest.mark.parametrize("index", [1, 5])
def test_propagations_with_simple_rules_inside_a_chain_are_the_same(index):
    state, board = nine_states()[index], board_of(NINE)
    for view, outer in enclosed(state, board, 2):
        pure, fast = on_both(lambda budget: nested_runs(view, board, budget, outer, every=3))
        assert pure == fast
        assert pure[1] > 0


@pytest.mark.parametrize("index, inside", [(0, False), (13, False), (1, True)])
def test_chains_with_simple_rules_nested_conclude_the_same(index, inside):
    state, board = nine_states()[index], board_of(NINE)
    contexts = enclosed(state, board, 1) if inside else [(state, None)]
    concluded = 0
    for view, outer in contexts:
        for find in (rested_found,) if inside else (all_found,):
            pure, fast = on_both(lambda budget: conclusions(find(
                PLUS, Propagator(board, view, budget, PLUS.nested_rules,
                                 outer() if outer else None), view, board)))
            assert pure == fast
            concluded += len(pure[0][0])
    assert concluded


def test_sixteen_by_sixteen_nested_propagations_are_the_same():
    board, rng = board_of(SIXTEEN), random.Random(17)
    solution, kept = random_solution(SIXTEEN, Rng(17)), set(rng.sample(range(256), 110))
    cells = tuple(v if c in kept else 0 for c, v in enumerate(solution))
    state = struck(Candidates.from_grid(Cells(SIXTEEN, cells)), 5, 0.1)
    pure, fast = on_both(lambda budget: nested_runs(state, board, budget, every=29))
    assert pure == fast


# the nested rules whose conclusions a dynamic chain takes from 9.5 up: forcing chains,
# multiple forcing chains, dynamic chains (level 0) and dynamic chains with the simple rules
NESTED_RULES = (FORCING_CHAINS, MULTIPLE, levels("sukaku")[3].nested_rules[-1],
                levels("sukaku")[4].nested_rules[-1])


def chain_grids(state: Candidates, board, budget: Budget, every: int) -> list:
    """(enclosing Propagator, working grid, offs) of the dynamic chains from every
    `every`-th candidate on that end without a contradiction, as a nested rule meets them."""
    n, found = board.shape.size, []
    cands = [c * n + d for c in bits_of(state.open_cells) for d in bits_of(state.cell_digits[c])]
    for cand in cands[::every]:
        prop = Propagator(board, state, budget)
        run = prop.propagate({cand: 1 << (2 * cand + 1)}, {}, DYNAMIC)
        if run.conflict is not None:
            continue
        cells, digits = list(state.cell_digits), list(state.digit_cells)
        for q in run.off:
            cell, d = divmod(q, n)
            cells[cell] &= ~(1 << d)
            digits[d] &= ~(1 << cell)
        found.append((prop, Grid(cells, digits), run.off))
    return found


def rule_conclusions(rule, state: Candidates, board, budget: Budget, every: int) -> list:
    """A nested rule's conclusions on those working grids as plain data: (complexity,
    removals, parents) and which share a key (the cores spell keys differently)."""
    found = []
    for prop, grid, _ in chain_grids(state, board, budget, every):
        rows = rule.conclusions(prop, grid)
        keys = [key for key, *_ in rows]
        found.append(([tuple(rest) for _, *rest in rows], shared_keys(keys)))
    return found


@pytest.mark.parametrize("rule, index, every", [(0, 1, 9), (1, 0, 23), (2, 6, 17), (3, 2, 23)])
def test_nested_rules_conclude_the_same_on_both_cores(rule, index, every):
    # the compiled rows taken straight (no Found) against the pure Python's Found, sorted
    state, board = struck(nine_states()[index], index, 0.1), board_of(NINE)
    pure, fast = on_both(lambda budget: rule_conclusions(NESTED_RULES[rule], state, board,
                                                         budget, every))
    assert pure == fast
    assert any(rows for rows, _ in pure[0])   # some conclusions rest on the chains


@pytest.mark.parametrize("wanted", [False, True])
def test_a_working_grid_met_again_gives_the_same_removals_and_work(wanted):
    # the second ask of a nested rule on a grid is answered from the step's record,
    # charging the work again: the same as a fresh Propagator finding them
    state, board = nine_states()[0], board_of(NINE)
    with compiled.using(wanted):
        for prop, grid, off in chain_grids(state, board, Budget(10 ** 9), 11):
            spent = prop.budget.spent
            first = MULTIPLE(prop, grid, off)
            work = prop.budget.spent - spent
            if first:
                break
        assert first and work > 0
        assert (MULTIPLE(prop, grid, off), prop.budget.spent - spent) == (first, 2 * work)
        assert (MULTIPLE, prop.start_key(), tuple(grid.cell_digits)) in _RECORDED.found
        fresh = Propagator(board, state, Budget(10 ** 9))
        assert (MULTIPLE(fresh, grid, off), fresh.budget.spent) == (first, work)


def test_a_search_from_another_start_drops_the_record():
    state, board = nine_states()[0], board_of(NINE)
    prop, grid, off = chain_grids(state, board, Budget(10 ** 9), 11)[0]
    MULTIPLE(prop, grid, off)
    assert _RECORDED.found and _RECORDED.step == prop.start_key()
    other = nine_states()[1]
    FORCING_CHAINS(*chain_grids(other, board, Budget(10 ** 9), 11)[0])
    assert _RECORDED.step != prop.start_key()
    assert all(key[1] != prop.start_key() for key in _RECORDED.found)
