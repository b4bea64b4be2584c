"""The two Killer solvers: the cage-aware bitboard solver and the Killer check, written
apart, must agree on every Killer, with none, one or many solutions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bookmaker.core.board.shape import board_of, shape_of
from bookmaker.core.generate.removal import random_solution
from bookmaker.core.killer.cages import Cage, Cages, combinations
from bookmaker.core.killer.check import check_killer
from bookmaker.core.killer.solver import killer_solutions
from bookmaker.core.killer.text import parse_killer
from bookmaker.core.rng import Rng

# Golden Killers (core/killer/generate.py, seed 2026): a 6x6 hard one and a 9x9 medium one.
SIX_HARD = ("." * 36 + " AABBBCAABDECFFFDECFGHDCCIGHDJJIHHKKK 14,14,16,14,8,18,3,16,5,9,9",
            "435612162534643251521463216345354126")
NINE_MEDIUM = (
    "." * 81 + " ABCCDDDDEABBCFFGHEAABIJFGHEKIIIJLMHEKKKNJLMMOPQQNJRRROPPQNSTUUOVVQWSTUXXVVWWSSXXX "
    "14,23,18,18,23,15,4,23,18,18,11,9,21,16,15,17,20,11,17,15,19,28,15,17",
    "178693425329485167465172398546721983231968574987534612713256849652849731894317256")


def both(givens, cages, limit=2):
    """The solver's and the check's answers, as (count, complete, first solution)."""
    mine = killer_solutions(cages, givens, limit=limit)
    theirs = check_killer(cages.shape, [(c.cells, c.total) for c in cages.cages], givens,
                          limit=limit)
    return ((mine.count, mine.complete, mine.solution),
            (theirs.count, theirs.complete, theirs.solutions[0] if theirs.solutions else None))


def test_both_solve_the_golden_killers_alike():
    for line, solution in (SIX_HARD, NINE_MEDIUM):
        givens, cages = parse_killer(line)
        expected = (1, True, tuple(int(v) for v in solution))
        assert both(givens.cells, cages) == (expected, expected)


# 1234/3412/2143/4321 cut in horizontal dominoes: 1|2 in row 1 and 2|1 in row 3 can swap
# together (rows and boxes keep their values, the dominoes their sums), and so on.
DOMINO_ROWS = Cages(shape_of(2, 2), (Cage((0, 1), 3), Cage((2, 3), 7), Cage((4, 5), 7),
                                     Cage((6, 7), 3), Cage((8, 9), 3), Cage((10, 11), 7),
                                     Cage((12, 13), 7), Cage((14, 15), 3)))


def test_both_count_the_solutions_of_a_killer_with_several():
    mine, theirs = both((0,) * 16, DOMINO_ROWS, limit=100)
    assert mine[:2] == theirs[:2] == (16, True)


def test_cages_adding_up_to_more_than_the_grid_have_no_solution_for_either():
    givens, cages = parse_killer(SIX_HARD[0])
    first = cages.cages[0]
    changed = Cages(cages.shape, (Cage(first.cells, first.total + 1),) + cages.cages[1:])
    assert both(givens.cells, changed) == ((0, True, None), (0, True, None))


def test_a_search_that_runs_out_of_nodes_says_so():
    assert not killer_solutions(DOMINO_ROWS, (0,) * 16, limit=100, max_nodes=2).complete
    assert not check_killer(DOMINO_ROWS.shape, [(c.cells, c.total) for c in DOMINO_ROWS.cages],
                            (0,) * 16, limit=100, max_nodes=2).complete


@st.composite
def killers(draw):
    """A random Killer on a 4x4 or 6x6 board (classic or X): a seeded solution, cells
    merged into connected cages of distinct values at random, each cage totalled from the
    solution or (sometimes) one total moved by one, and a few givens."""
    box = draw(st.sampled_from([(2, 2), (2, 3)]))
    board = board_of(*box, draw(st.sampled_from(["classic", "x"])))
    rng = Rng(draw(st.integers(0, 2**32)))
    solution = random_solution(board, rng)
    n = board.size
    owner = list(range(n * n))
    for _ in range(draw(st.integers(0, n * n))):
        cell = rng.below(n * n)
        other = cell + (1 if rng.below(2) and cell % n < n - 1 else n)
        if other >= n * n or owner[cell] == owner[other]:
            continue
        mine = [c for c in range(n * n) if owner[c] == owner[cell]]
        theirs = [c for c in range(n * n) if owner[c] == owner[other]]
        if len(mine) + len(theirs) <= n and not {solution[c] for c in mine} & \
                {solution[c] for c in theirs}:
            for c in theirs:
                owner[c] = owner[cell]
    groups = [tuple(c for c in range(n * n) if owner[c] == k) for k in sorted(set(owner))]
    totals = [sum(solution[c] for c in cells) for cells in groups]
    moved = draw(st.integers(-1, len(groups) - 1))
    if moved >= 0:
        nudged = totals[moved] + draw(st.sampled_from([-1, 1]))
        if combinations(len(groups[moved]), nudged, n):
            totals[moved] = nudged
    cages = Cages(board, tuple(Cage(cells, total) for cells, total in zip(groups, totals)))
    shown = set(draw(st.lists(st.integers(0, n * n - 1), max_size=4)))
    givens = tuple(solution[c] if c in shown else 0 for c in range(n * n))
    return givens, cages


@settings(max_examples=60, deadline=None)
@given(killers())
def test_the_two_killer_solvers_agree_on_random_killers(killer):
    givens, cages = killer
    mine, theirs = both(givens, cages)
    assert mine[:2] == theirs[:2]
    if mine[0] == 1:
        assert mine[2] == theirs[2]
