"""The compiled grader and Killer against the pure ones: every technique's twin finds the
same step (placements, eliminations and explanation) in random states of every board, a
grading takes the same steps to the same grade, and a Killer's cage tables, settling and
search come out the same; malformed input is refused with an exception, never a crash."""

from __future__ import annotations

from functools import cache
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bookmaker.core import compiled
from bookmaker.core.board.grid import Grid
from bookmaker.core.board.shape import board_of, jigsaw_of, shape_of
from bookmaker.core.generate.removal import random_solution
from bookmaker.core.grade import grader
from bookmaker.core.grade.candidates import Candidates
from bookmaker.core.grade.geometry import geometry
from bookmaker.core.grade.tables import grader_tables
from bookmaker.core.killer import solver as killer_solver
from bookmaker.core.killer.cages import Cages
from bookmaker.core.killer.check import check_killer
from bookmaker.core.killer.engine import killer_board
from bookmaker.core.killer.generate import Layout, pair_up
from bookmaker.core.killer.grade import KILLER_LADDER, grade_killer, grade_killer_within
from bookmaker.core.killer.techniques import KILLER_TWINS as KILLER_TABLE
from bookmaker.core.killer.techniques import KillerCandidates
from bookmaker.core.rng import Rng
from bookmaker.core.solve import engines
from bookmaker.core.solve.search import initial_boards

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)

JIGSAW6 = jigsaw_of(int(ch) for row in ("000111", "002211", "022231", "442333", "445533",
                                        "445555") for ch in row)
BOARDS = [shape_of(2, 2), shape_of(2, 3), shape_of(3, 2), shape_of(2, 4), shape_of(3, 3),
          shape_of(3, 4), board_of(2, 2, "x"), board_of(3, 3, "x"), board_of(3, 3, "hyper"),
          JIGSAW6, board_of(3, 3, "samurai"), shape_of(4, 4)]
# Every technique on boards up to 16x16; the cheap ones on 25x25 too.
BIG_BOARDS = [shape_of(5, 5)]
CHEAP = {KILLER_TABLE.twins[k][0] for k in range(11)}
CLASSIC_TWINS = [find for find, _ in KILLER_TABLE.twins[:23]]
KILLER_TWINS = [find for find, _ in KILLER_TABLE.twins[23:]]
EXAMPLES = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@cache
def solved(shape, seed: int) -> tuple[int, ...]:
    return random_solution(shape, Rng(seed))


State = TypeVar("State", bound=Candidates)

def progressed(state: State, data, solution) -> State:
    """The state after some pure grading steps, some right placements and some random
    eliminations (of wrong candidates mostly, now and then of right ones): states the
    advanced techniques meet, and some no puzzle ever leads to."""
    for _ in range(data.draw(st.integers(0, 12))):
        step = grader.next_step(state, grader.TECHNIQUES[:-1])
        if step is None:
            break
        state.apply(step)
    open_cells = [c for c in range(state.shape.cell_count) if state.open_cells >> c & 1]
    if open_cells:
        for _ in range(data.draw(st.integers(0, 3))):
            cell = data.draw(st.sampled_from(open_cells))
            if state.open_cells >> cell & 1:
                state.place(cell, solution[cell])
        for _ in range(data.draw(st.integers(0, 25))):
            cell = data.draw(st.sampled_from(open_cells))
            digits = [d for d in range(state.shape.size) if state.cell_digits[cell] >> d & 1]
            wrong = [d for d in digits if d + 1 != solution[cell]]
            pool = digits if data.draw(st.integers(0, 9)) == 0 else wrong
            if pool:
                state.eliminate(cell, data.draw(st.sampled_from(pool)) + 1)
    return state


@st.composite
def grids(draw, boards=BOARDS) -> Grid:
    """A solution's clues, kept from many to none."""
    shape = draw(st.sampled_from(boards))
    solution = solved(shape, draw(st.integers(0, 2)))
    kept = set(Rng(draw(st.integers(0, 2**32))).shuffled(range(shape.cell_count))[
        :draw(st.integers(shape.cell_count // 5, shape.cell_count))])
    return Grid(shape, tuple(v if i in kept else 0 for i, v in enumerate(solution)))


def found_by_both(find, state):
    """The step the technique finds in Python and by its compiled twin."""
    with compiled.using(True):
        fast = grader.find_step(find, state.copy())
    with compiled.using(False):
        pure = find(state.copy())
    return fast, pure


# Techniques one by one

@EXAMPLES
@given(grids(), st.data())
def test_every_technique_finds_the_same_step_in_any_state(grid, data):
    solution = solved(grid.shape, 0)
    with compiled.using(False):
        state = progressed(Candidates.from_grid(grid), data, solution)
    for find in CLASSIC_TWINS:
        fast, pure = found_by_both(find, state)
        assert fast == pure, find.__name__


@settings(max_examples=8, deadline=None)
@given(grids(BIG_BOARDS), st.data())
def test_the_cheaper_techniques_find_the_same_step_on_25x25(grid, data):
    with compiled.using(False):
        state = progressed(Candidates.from_grid(grid), data, solved(grid.shape, 0))
    for find in CLASSIC_TWINS:
        if find in CHEAP:
            fast, pure = found_by_both(find, state)
            assert fast == pure, find.__name__


# Whole gradings

@EXAMPLES
@given(grids(), st.sampled_from((None,) + grader.GRADES))
def test_a_grading_takes_the_same_steps_to_the_same_grade(grid, ceiling):
    def grading():
        return grader.grade(grid) if ceiling is None else grader.grade_within(grid, ceiling)

    with compiled.using(True):
        fast = grading()
    with compiled.using(False):
        pure = grading()
    assert fast == pure


@EXAMPLES
@given(grids())
def test_a_solving_path_is_the_gradings_steps_unworded_on_both_cores(grid):
    """What a solving time reads (grader.solving_path: the C's steps left unworded) is
    each step's technique and cells placed, as the pure grading words them."""
    with compiled.using(False):
        steps = [(step.technique, len(step.placements)) for step in grader.grade(grid).steps]
    for fast in (True, False):
        with compiled.using(fast):
            assert grader.solving_path(grid) == steps


@settings(max_examples=20, deadline=None)
@given(grids(), st.integers(0, 40))
def test_a_grading_cut_short_stops_at_the_same_step(grid, max_steps):
    with compiled.using(True):
        fast = grader.grade(grid, max_steps)
    with compiled.using(False):
        pure = grader.grade(grid, max_steps)
    assert fast == pure


@EXAMPLES
@given(grids(BOARDS + BIG_BOARDS), st.data())
def test_pencil_marks_from_clues_are_the_same_on_both_cores(grid, data):
    cells = list(grid.cells)
    if data.draw(st.booleans()):  # a clue made wrong: its value may clash
        cell = data.draw(st.integers(0, len(cells) - 1))
        cells[cell] = cells[cell] % grid.shape.size + 1
    grid = Grid(grid.shape, tuple(cells))
    states = []
    for core in (True, False):
        with compiled.using(core):
            state = Candidates.from_grid(grid)
        states.append((state.values, state.cell_digits, state.digit_cells, state.open_cells))
    assert states[0] == states[1]


def test_a_grading_changes_the_state_alike():
    grid = Grid(shape_of(3, 3), solved(shape_of(3, 3), 1)[:40] + (0,) * 41)
    states = []
    for core in (True, False):
        with compiled.using(core):
            state = Candidates.from_grid(grid)
            grader.grade_state_within(state, "hard")
            states.append((state.values, state.cell_digits, state.digit_cells, state.open_cells))
    assert states[0] == states[1]


# Killers

KILLER_BOARDS = [shape_of(2, 2), shape_of(2, 3), shape_of(3, 3), board_of(3, 3, "x"),
                 shape_of(3, 4)]


@st.composite
def killers(draw) -> tuple[Cages, tuple[int, ...]]:
    """Cages merged at random on a solution (dominoes, then some larger), and the
    solution."""
    shape = draw(st.sampled_from(KILLER_BOARDS))
    solution = solved(shape, draw(st.integers(0, 2)))
    layout, rng = Layout(shape, solution), Rng(draw(st.integers(0, 2**32)))
    pair_up(layout, rng)
    for _ in range(draw(st.integers(0, shape.cell_count // 3))):
        pairs = layout.merges(draw(st.integers(2, 5)))
        if not pairs:
            break
        layout.merge(pairs[rng.below(len(pairs))])
    return layout.cages(), solution


@EXAMPLES
@given(killers())
def test_the_compiled_cage_tables_are_the_cages_own(killer):
    cages, _ = killer
    with compiled.using(True):
        native = killer_board(cages)
    areas = tuple((a.units, a.innies, a.innie_total, a.outies, a.outie_total)
                  for a in cages.areas)
    assert native.tables() == (cages.peer_masks, areas, cages.sums)


def killer_state(cages: Cages, solution, data) -> KillerCandidates:
    """A Killer being solved: a few givens from the solution, then progressed."""
    shape = cages.shape
    givens = [v if data.draw(st.integers(0, 5)) == 0 else 0 for v in solution]
    with compiled.using(False):
        state = KillerCandidates.of(Grid(shape, tuple(givens)), cages)
        for _ in range(data.draw(st.integers(0, 10))):
            step = grader.next_step(state, KILLER_LADDER.techniques[:-1])
            if step is None:
                break
            state.apply(step)
        return progressed(state, data, solution)


@EXAMPLES
@given(killers(), st.data())
def test_every_cage_technique_finds_the_same_step_in_any_state(killer, data):
    cages, solution = killer
    state = killer_state(cages, solution, data)
    for find in KILLER_TWINS + CLASSIC_TWINS[:5]:
        fast, pure = found_by_both(find, state)
        assert fast == pure, find.__name__


@EXAMPLES
@given(killers(), st.sampled_from((None,) + grader.GRADES), st.data())
def test_a_killer_grading_is_the_same_on_both_cores(killer, ceiling, data):
    cages, solution = killer
    givens = Grid(cages.shape, tuple(v if data.draw(st.integers(0, 6)) == 0 else 0
                                     for v in solution))

    def grading():
        if ceiling is None:
            return grade_killer(givens, cages)
        return grade_killer_within(givens, cages, ceiling)

    with compiled.using(True):
        fast = grading()
    with compiled.using(False):
        pure = grading()
    assert fast == pure


def killer_boards(cages: Cages, solution, data):
    """Solver boards of the Killer from random givens, with some candidates taken away."""
    givens = [v if data.draw(st.integers(0, 4)) == 0 else 0 for v in solution]
    start = initial_boards(cages, givens)
    if start is None:
        return None
    boards, placed = start
    for _ in range(data.draw(st.integers(0, 12))):
        d = data.draw(st.integers(0, cages.shape.size - 1))
        boards[d] &= ~(1 << data.draw(st.integers(0, cages.shape.cell_count - 1)))
    return boards, placed


@EXAMPLES
@given(killers(), st.data())
def test_settling_a_killer_leaves_the_same_boards(killer, data):
    cages, solution = killer
    start = killer_boards(cages, solution, data)
    if start is None:
        return
    boards, placed = start
    scanned = [b | data.draw(st.integers(0, cages.shape.all_cells_mask)) for b in boards] \
        if data.draw(st.booleans()) else None
    results = []
    for core in (True, False):
        with compiled.using(core):
            settled, rounded = list(boards), list(boards)
            results.append((killer_solver.settle(cages, settled, placed, scanned), settled,
                            killer_solver.rounds_to_contradiction(cages, rounded, placed, scanned),
                            rounded))
    assert results[0] == results[1]


@EXAMPLES
@given(killers(), st.data(), st.integers(1, 3), st.integers(0, 300), st.booleans())
def test_a_killer_search_counts_the_same_nodes_and_solutions(killer, data, limit, budget,
                                                            prefer):
    cages, solution = killer
    start = killer_boards(cages, solution, data)
    if start is None:
        return
    results = []
    for core in (True, False):
        with compiled.using(core):
            results.append(killer_solver.search_killer(cages, list(start[0]), start[1], limit,
                                                       budget, solution if prefer else None))
    assert results[0] == results[1]


# Malformed input: an exception, never a crash

JUNK = st.one_of(st.none(), st.integers(-2**70, 2**70), st.text(max_size=3), st.floats(),
                 st.lists(st.integers(-3, 90), max_size=5),
                 st.lists(st.lists(st.integers(-3, 90), max_size=3), max_size=3),
                 st.tuples(st.lists(st.integers(0, 15)), st.lists(st.integers(0, 15)),
                           st.lists(st.integers(-1, 3)), st.lists(st.integers(-1, 3))))
REFUSED = (TypeError, ValueError, OverflowError, MemoryError)


def real_grader():
    with compiled.using(True):
        return grader_tables(shape_of(2, 2))


@settings(max_examples=150, deadline=None)
@given(st.lists(JUNK, min_size=13, max_size=13), st.lists(JUNK, min_size=11, max_size=11))
def test_malformed_grader_tables_and_arguments_raise_and_never_crash(extension, table_args,
                                                                     call_args):
    with compiled.using(True):
        board = engines.engine(shape_of(2, 2)).native
    try:
        native = extension.Grader(board, *table_args[1:])
    except REFUSED:
        native = real_grader()
    for method, arity in ((native.grade, 11), (native.find, 7), (native.from_givens, 2)):
        try:
            method(*call_args[:arity])
        except REFUSED:
            pass
    try:
        extension.KillerBoard(native, *call_args[:3])
    except REFUSED:
        pass


@settings(max_examples=100, deadline=None)
@given(st.lists(JUNK, min_size=5, max_size=5))
def test_malformed_killer_arguments_raise_and_never_crash(call_args):
    shape = shape_of(2, 2)
    cages = Layout(shape, solved(shape, 0)).cages()
    with compiled.using(True):
        native = killer_board(cages)
    for method, arity in ((native.settle, 3), (native.rounds_to_contradiction, 3),
                          (native.search, 5)):
        try:
            method(*call_args[:arity])
        except REFUSED:
            pass


def test_a_grader_refuses_a_unit_of_more_than_32_cells(extension):
    # The subsets read a unit's places among its open cells as 32 bits (csrc/grade.c): a
    # grader whose unit has 33 cells is refused, one of 32 is taken.
    shape = shape_of(3, 3)  # 81 cells
    with compiled.using(True):
        board = engines.engine(shape).native
    geo = geometry(shape)
    rest = ([u for a, b, _ in geo.block_intersections for u in (a, b)],
            [u for a, b, _ in geo.line_intersections for u in (a, b)],
            tuple((grid.line_masks["row"], grid.line_masks["column"], grid.line_index["row"],
                   grid.line_index["column"]) for grid in geo.fish_grids),
            [row for row, _ in shape.positions], [col for _, col in shape.positions],
            *shape.frame, [], [])
    for cells, refused in ((33, True), (32, False)):
        masks = ((1 << cells) - 1, *shape.unit_masks[1:])
        if refused:
            with pytest.raises(ValueError, match="a grader's unit has at most 32 cells"):
                extension.Grader(board, masks, shape.units_of, geo.units_blocks_first, *rest)
        else:
            assert extension.Grader(board, masks, shape.units_of, geo.units_blocks_first, *rest)


def test_bad_grader_arguments_get_messages_that_name_them(extension):
    native = real_grader()
    state = Candidates.from_grid(Grid(shape_of(2, 2), (0,) * 16))
    arguments = [state.values, state.cell_digits, state.digit_cells, state.open_cells]
    with pytest.raises(ValueError, match="technique must be from 0 to 31"):
        native.find(99, *arguments, None, 0)
    with pytest.raises(ValueError, match="the cage techniques need a KillerBoard"):
        native.find(KILLER_TABLE.number_of(KILLER_TWINS[0]), *arguments, None, 0)
    with pytest.raises(ValueError, match="cell_digits must be from 0 to 15"):
        native.find(0, state.values, [16] * 16, state.digit_cells, state.open_cells, None, 0)
    with pytest.raises(ValueError, match="the cages must hold every cell once"):
        extension.KillerBoard(native, [[0, 1]], [3], [[3]])


# The Killer check

@EXAMPLES
@given(killers(), st.data(), st.integers(1, 3), st.one_of(st.none(), st.integers(-1, 200)))
def test_the_killer_check_finds_the_same_solutions_in_the_same_nodes(killer, data, limit,
                                                                     budget):
    cages, solution = killer
    givens = [v if data.draw(st.integers(0, 5)) == 0 else 0 for v in solution]
    if data.draw(st.integers(0, 9)) == 0:  # now and then a wrong given
        cell = data.draw(st.integers(0, len(givens) - 1))
        givens[cell] = givens[cell] % cages.shape.size + 1
    layout = [(cage.cells, cage.total) for cage in cages.cages]
    results = []
    for core in (True, False):
        with compiled.using(core):
            results.append(check_killer(cages.shape, layout, givens, limit, budget))
    assert results[0] == results[1]
