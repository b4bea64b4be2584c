"""The compiled core against the pure one: the same counts, first solutions, node counts,
boards and random draws on random grids of every board (classic boxes 2x2 to 5x5, X, Hyper,
Jigsaw, Samurai) and on tables of no known geometry, the same puzzles and book bytes, and
malformed input refused with an exception, never a crash."""

from __future__ import annotations

import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bookmaker import PURE_VARIABLE, pure_asked
from bookmaker.book.build import build
from bookmaker.cli import main
from bookmaker.core import compiled
from bookmaker.core.board import jigsaw
from bookmaker.core.board.grid import Grid, any_clash_in_python, conflicts
from bookmaker.core.board.shape import MAX_SIZE, board_of, jigsaw_of, shape_of
from bookmaker.core.generate import removal as generator
from bookmaker.core.generate.jigsaw import jigsaw_layout
from bookmaker.core.generate.removal import Clues, generate, random_solution
from bookmaker.core.puzzle import GenerationError
from bookmaker.core.rng import Rng
from bookmaker.core.solve import dlx, engines, solver
from bookmaker.core.solve.search import search as pure_search
from bookmaker.spec import load_spec

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)

# Every box shape up to 25x25 (2x2 ... 5x5, 2x12 ...) and the variant boards: X, Hyper,
# a Jigsaw, and Samurai (369 cells, 131 units, cells in up to 6 units).
JIGSAW6 = jigsaw_of(int(ch) for row in ("000111", "002211", "022231", "442333", "445533",
                                        "445555") for ch in row)
VARIANTS = [board_of(2, 2, "x"), board_of(2, 3, "x"), board_of(3, 3, "x"), board_of(4, 4, "x"),
            board_of(2, 2, "hyper"), board_of(3, 3, "hyper"), JIGSAW6,
            board_of(3, 3, "samurai")]
BOARDS = [shape_of(rows, cols) for rows in range(2, 13) for cols in range(2, 13)
          if rows * cols <= MAX_SIZE] + VARIANTS
SMALL_BOARDS = [board for board in BOARDS if board.cell_count <= 144]
EXAMPLES = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def both(work):
    """work() on the compiled core and on the pure one."""
    with compiled.using(True):
        fast = work()
    with compiled.using(False):
        pure = work()
    return fast, pure


@cache
def solved(shape, seed: int) -> tuple[int, ...]:
    return random_solution(shape, Rng(seed))


@st.composite
def grids(draw, boards=BOARDS) -> Grid:
    """A solution's clues, kept from all to none, and now and then one made wrong."""
    shape = draw(st.sampled_from(boards))
    solution = solved(shape, draw(st.integers(0, 2)))
    kept = set(Rng(draw(st.integers(0, 2**32))).shuffled(range(shape.cell_count))[
        :draw(st.integers(0, shape.cell_count))])
    cells = [v if i in kept else 0 for i, v in enumerate(solution)]
    if draw(st.booleans()) and kept:
        cell = draw(st.sampled_from(sorted(kept)))
        cells[cell] = cells[cell] % shape.size + 1
    return Grid(shape, tuple(cells))


# The solver

@EXAMPLES
@given(grids(), st.integers(1, 3), st.integers(0, 400), st.booleans())
def test_counts_solutions_and_nodes_agree_on_random_grids_of_every_shape(grid, limit, max_nodes,
                                                                       least_constraining):
    fast, pure = both(lambda: solver.count_solutions(grid, limit, max_nodes, least_constraining))
    assert fast == pure


@st.composite
def sparse_grids(draw) -> Grid:
    """A variant board's solution cut to a few clues (where the counts' locked candidates
    do most), now and then one made wrong."""
    shape = draw(st.sampled_from(VARIANTS))
    solution = solved(shape, draw(st.integers(0, 2)))
    kept = draw(st.lists(st.integers(0, shape.cell_count - 1), max_size=14))
    cells = [solution[i] if i in kept else 0 for i in range(shape.cell_count)]
    if draw(st.booleans()) and kept:
        cells[kept[0]] = cells[kept[0]] % shape.size + 1
    return Grid(shape, tuple(cells))


@EXAMPLES
@given(sparse_grids(), st.integers(1, 2), st.integers(0, 300), st.booleans())
def test_counts_agree_node_for_node_on_sparse_variant_grids(grid, limit, max_nodes,
                                                            least_constraining):
    fast, pure = both(lambda: solver.count_solutions(grid, limit, max_nodes, least_constraining))
    assert fast == pure


# Hyper 9x9 grids of a few clues on which singles alone ran out of 200,000 nodes: now
# counted (2, 2, none) at the first try, the last at the second (solve/places.py), alike
# on both cores.
HYPER_GIVE_UPS = [
    "." * 25 + "7" + "." * 10 + "3" + "." * 13 + "2" + "." * 30,
    ".....4...5...................................6.....3..7.......3..9........4.3....",
    "...........9...........................98..6.................8..........86...5..9",
    "." * 36 + "2" + "." * 43 + "6",
]


@pytest.mark.parametrize("line", HYPER_GIVE_UPS)
def test_counts_agree_on_sparse_hyper_grids_singles_alone_gave_up_on(line):
    grid = Grid(board_of(3, 3, "hyper"), tuple(0 if ch == "." else int(ch) for ch in line))
    fast, pure = both(lambda: solver.count_solutions(grid, 2, 3000))
    assert fast == pure
    assert fast.complete
    assert (fast.nodes > 3000) == (line == HYPER_GIVE_UPS[-1])


@EXAMPLES
@given(grids(), st.data())
def test_the_forbidden_value_search_agrees(grid, data):
    cell = data.draw(st.integers(0, grid.shape.cell_count - 1))
    value = data.draw(st.integers(1, grid.shape.size))
    budget = data.draw(st.integers(0, 300))
    fast, pure = both(lambda: solver.solution_avoiding(grid.shape, grid.cells, cell, value, budget))
    assert fast == pure


@st.composite
def tables(draw):
    """Board tables of no known geometry: random units, each cell's peers the other cells
    of its units (or, a quarter of the time, anything at all), over up to 150 cells (three
    words): the compiled solver must follow the pure one wherever the tables lead."""
    cells = draw(st.integers(1, 150))
    n = draw(st.integers(1, 7))
    masks = st.integers(0, (1 << cells) - 1)
    units = draw(st.lists(masks, min_size=0, max_size=12))
    cell_units = [tuple(u for u in units if u >> c & 1) for c in range(cells)]
    peers = [0] * cells
    for c in range(cells):
        for u in cell_units[c]:
            peers[c] |= u
        peers[c] &= ~(1 << c)
    if draw(st.integers(0, 3)) == 0:
        peers = draw(st.lists(masks, min_size=cells, max_size=cells))
    return n, cells, tuple(units), tuple(peers), tuple(cell_units)


class Tables:
    """A stand-in Shape: the tables the pure solver reads."""

    def __init__(self, n, cells, units, peers, cell_units):
        self.size, self.cell_count, self.all_cells_mask = n, cells, (1 << cells) - 1
        self.unit_masks, self.peer_masks, self.cell_unit_masks = units, peers, cell_units


@EXAMPLES
@given(tables(), st.data())
def test_search_agrees_from_any_state_on_any_tables(extension, board_tables, data):
    n, cells = board_tables[:2]
    masks = st.integers(0, (1 << cells) - 1)
    boards = data.draw(st.lists(masks, min_size=n, max_size=n))
    placed = data.draw(masks)
    limit, budget = data.draw(st.integers(1, 3)), data.draw(st.integers(0, 300))
    keep = data.draw(st.booleans())
    fast = extension.Board(n, board_tables[2], board_tables[3], board_tables[4]).search(
        boards, placed, limit, budget, keep)
    with compiled.using(False):
        pure = pure_search(Tables(*board_tables), list(boards), placed, limit, budget,
                             keep_solution=keep)
    assert solver.Search(*fast) == pure


@st.composite
def states(draw):
    """Tables, and a state on them: one candidate mask per symbol, a placed mask."""
    board_tables = draw(tables())
    n, cells = board_tables[:2]
    masks = st.integers(0, (1 << cells) - 1)
    return board_tables, draw(st.lists(masks, min_size=n, max_size=n)), draw(masks)


@EXAMPLES
@given(states(), st.booleans())
def test_propagation_leaves_the_same_boards_on_any_tables(extension, state, rescan):
    board_tables, boards, placed = state
    scanned = [b | 1 for b in boards] if rescan else None  # some cells count as lost
    fast_boards, pure_boards = list(boards), list(boards)
    native = extension.Board(*board_tables[:1], *board_tables[2:])
    fast = native.propagate(fast_boards, placed, scanned)
    with compiled.using(False):
        pure = solver.propagate(Tables(*board_tables), pure_boards, placed, scanned)
    assert (fast, fast_boards) == (pure, pure_boards)


@EXAMPLES
@given(states())
def test_rounds_to_a_contradiction_agree_on_any_tables(extension, state):
    board_tables, boards, placed = state
    fast_boards, pure_boards = list(boards), list(boards)
    native = extension.Board(*board_tables[:1], *board_tables[2:])
    fast = native.rounds_to_contradiction(fast_boards, placed)
    with compiled.using(False):
        pure = solver.rounds_to_contradiction(Tables(*board_tables), pure_boards, placed)
    assert (fast, fast_boards) == (pure, pure_boards)


# The generator

@EXAMPLES
@given(st.integers(0, 2**64 - 1), st.lists(st.integers(), max_size=300))
def test_a_shuffle_makes_the_same_order_and_leaves_the_stream_in_the_same_place(seed, items):
    def shuffle():
        rng = Rng(seed)
        return rng.shuffled(items), rng.shuffled(range(len(items))), rng.next64()

    fast, pure = both(shuffle)
    assert fast == pure


@EXAMPLES
@given(st.sampled_from(BOARDS), st.integers(0, 2**64 - 1), st.integers(1, 400))
def test_a_fill_makes_the_same_draws_and_decisions(shape, seed, max_nodes):
    def fill():
        rng = Rng(seed)
        boards, placed = generator._seeded_boxes(shape, rng)
        rank = rng.shuffled(range(shape.cell_count))
        return generator._fill(shape, boards, placed, rank, rng, max_nodes), rng.next64()

    fast, pure = both(fill)
    assert fast == pure


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SMALL_BOARDS), st.integers(0, 2**64 - 1),
       st.sampled_from(["none", "rotational", "mirror", "diagonal"]), st.integers(0, 60),
       st.sampled_from([None, 1, 3, 20]))
def test_generate_makes_the_same_puzzle_on_both_cores(shape, seed, symmetry, target, budget):
    fast, pure = both(lambda: generate(shape, seed, symmetry, target, budget))
    assert fast == pure


@EXAMPLES
@given(grids(SMALL_BOARDS), st.integers(0, 200), st.data())
def test_a_removal_check_agrees_on_any_clues_of_a_solution(grid, budget, data):
    solution = solved(grid.shape, 0)
    clues = Clues(grid.shape, solution)
    for cell, value in enumerate(grid.cells):
        if not value:
            clues.blank(cell)
    blanks = [cell for cell, value in enumerate(clues.givens) if not value]
    if blanks:
        cell = data.draw(st.sampled_from(blanks))
        fast, pure = both(lambda: clues.forced(cell, budget))
        assert fast == pure


def test_25x25_and_samurai_puzzles_are_the_same_on_both_cores():
    for shape, seed in ((shape_of(5, 5), 3), (board_of(3, 3, "samurai"), 5)):
        fast, pure = both(lambda: generate(shape, seed))
        assert fast == pure


# Dancing Links

# With no node budget, a board of 81 cells at most: one wrong clue among many in a larger
# grid can leave the pure Dancing Links minutes of search to prove there is no solution.
UNBOUNDED_BOARDS = [board for board in BOARDS if board.cell_count <= 81]


@EXAMPLES
@given(st.sampled_from([None, 0, 1, 5, 50, 500]), st.integers(1, 3), st.data())
def test_dancing_links_agrees_on_solutions_and_nodes(max_nodes, limit, data):
    grid = data.draw(grids(UNBOUNDED_BOARDS if max_nodes is None else BOARDS))
    fast, pure = both(lambda: dlx.dlx_solve(grid, limit, max_nodes))
    assert fast == pure


def exact_covers(columns: int, rows: list[list[int]], given: list[int]) -> set[frozenset]:
    """Every exact cover including the given rows, by brute force over row subsets."""
    found = set()
    for chosen in range(1 << len(rows)):
        picked = [r for r in range(len(rows)) if chosen >> r & 1]
        cover = sorted(c for r in picked for c in rows[r])
        if set(given) <= set(picked) and cover == list(range(columns)):
            found.add(frozenset(picked))
    return found


@EXAMPLES
@given(st.integers(1, 6), st.data())
def test_exact_cover_finds_every_cover_of_any_small_matrix(extension, columns, data):
    row = st.lists(st.integers(0, columns - 1), unique=True, min_size=1, max_size=columns)
    rows = data.draw(st.lists(row, max_size=10))
    given = data.draw(st.lists(st.integers(0, len(rows) - 1), unique=True, max_size=2)
                      if rows else st.just([]))
    preferred = data.draw(st.integers(0, columns))
    peers = [data.draw(st.lists(st.integers(0, columns - 1), max_size=4)) for _ in range(preferred)]
    found = extension.ExactCover(columns, rows, peers).solve(given, 10**6, None)
    covered = [c for r in given for c in rows[r]]
    if len(covered) != len(set(covered)):
        assert found is None
        return
    solutions, complete, _ = found
    assert complete
    found = exact_covers(columns, rows, given)
    assert {frozenset(s) | frozenset(given) for s in solutions} == found
    assert len(solutions) == len(set(map(frozenset, solutions)))


# Malformed input: an exception, never a crash

JUNK = st.one_of(st.none(), st.integers(-2**70, 2**70), st.text(max_size=3), st.floats(),
                 st.lists(st.integers(-3, 40), max_size=5),
                 st.lists(st.lists(st.integers(-3, 40), max_size=3), max_size=3))


@settings(max_examples=150, deadline=None)
@given(st.tuples(JUNK, JUNK, JUNK, JUNK), st.lists(JUNK, min_size=7, max_size=7))
def test_malformed_tables_and_arguments_raise_and_never_crash(extension, table_args, call_args):
    try:
        board = extension.Board(*table_args)
    except (TypeError, ValueError, OverflowError, MemoryError):
        board = extension.Board(4, shape_of(2, 2).unit_masks, shape_of(2, 2).peer_masks,
                      shape_of(2, 2).cell_unit_masks)
    calls = [(board.count, 7), (board.search, 5), (board.forced, 4), (board.remove_clues, 4),
             (board.fill, 5), (board.propagate, 3), (board.rounds_to_contradiction, 2)]
    for method, arity in calls:
        try:
            method(*call_args[:arity])
        except (TypeError, ValueError, OverflowError, MemoryError):
            pass
    try:
        extension.ExactCover(*table_args[:3]).solve(*call_args[:3])
    except (TypeError, ValueError, OverflowError, MemoryError):
        pass


def test_bad_arguments_get_messages_that_name_them(extension):
    shape = shape_of(3, 3)
    board = engines.engine(shape).native
    with pytest.raises(ValueError, match="cells: expected 81 values, got 3"):
        board.count([0, 0, 0], 2, 10, False, True, -1, 0)
    with pytest.raises(ValueError, match="cells must be from 0 to 9"):
        board.count([10] + [0] * 80, 2, 10, False, True, -1, 0)
    with pytest.raises(ValueError, match="placed has bits outside the board's 81 cells"):
        board.search([0] * 9, 1 << 81, 1, 10, True)
    with pytest.raises(ValueError, match="boards must not be negative|outside the board"):
        board.search([-1] * 9, 0, 1, 10, True)
    with pytest.raises(ValueError, match="row 0 names a column twice"):
        extension.ExactCover(3, [[0, 0]], [])
    with pytest.raises(ValueError, match="limit must be at least 1"):
        extension.ExactCover(1, [[0]], []).solve([], 0, None)


# Which core runs, and the same bytes from either

def test_the_version_line_says_which_core_runs(runner):
    with compiled.using(True):
        assert "core: compiled (C)" in runner.invoke(main, ["--version"]).output
    with compiled.using(False, "BOOKMAKER_PURE is set"):
        assert "core: pure Python: BOOKMAKER_PURE is set" in \
            runner.invoke(main, ["--version"]).output


@pytest.mark.parametrize("value, pure", [
    ("1", True), ("true", True), ("Yes", True), (" ON ", True), ("0", False),
    ("false", False), ("no", False), ("off", False), ("", False), (None, False)])
def test_only_a_true_value_of_bookmaker_pure_forces_the_pure_core(value, pure):
    assert pure_asked(value) is pure


def test_the_core_counts_bits_by_the_cpus_instruction(extension):
    """setup.py builds the core for x86-64's popcount instruction with gcc or clang (the
    baseline's few shifts instead were 6 % of a 9x9 Calcudoku's instructions); other CPUs'
    builtin is their own. Windows' compilers count by shifts (bitset.h)."""
    assert extension.POPCOUNT_INSTRUCTION == (0 if sys.platform == "win32" else 1)


def test_bookmaker_pure_false_keeps_the_compiled_core_in_a_real_process(tmp_path):
    # Run outside the checkout: `-m` puts the working folder first on the path, and the
    # checkout's own source has no compiled core when bookmaker was installed from a wheel.
    found = subprocess.run([sys.executable, "-m", "bookmaker", "--version"],
                           env={**os.environ, PURE_VARIABLE: "false"}, capture_output=True,
                           text=True, check=True, cwd=tmp_path).stdout
    assert "core: compiled (C)" in found


BOOK = """\
book:
  title: Both Cores
  seed: 17
  layout: kdp-6x9
  registry: none
sections:
  - name: Graded
    size: 9x9
    count: 3
    difficulty: hard
  - name: Tall Boxes
    size: 6x6
    box: 3x2
    count: 2
  - name: Big
    size: 16x16
    count: 1
"""


def test_a_book_has_the_same_bytes_on_both_cores(tmp_path: Path):
    spec_path = tmp_path / "book.yaml"
    spec_path.write_text(BOOK, encoding="utf-8")

    def book(folder: str) -> dict[str, bytes]:
        build(load_spec(spec_path), tmp_path / folder)
        return {path.name: path.read_bytes() for path in sorted((tmp_path / folder).iterdir())}

    fast, pure = both(lambda: book("compiled" if compiled.in_use() else "pure"))
    assert fast.keys() == pure.keys() and len(fast) == 2  # one interior with answers, manifest
    assert fast == pure


# Clue clashes (a puzzle file's every line is checked for them)

@EXAMPLES
@given(grids())
def test_a_clue_clash_is_found_alike_and_named_alike(extension, grid):
    tables = (grid.cells, grid.shape.units_of, len(grid.shape.units))
    assert extension.any_clash(*tables) == any_clash_in_python(*tables)
    fast, pure = both(lambda: conflicts(grid))
    assert fast == pure and bool(fast) == extension.any_clash(*tables)


def test_a_clash_is_found_past_the_units_kept_on_the_stack(extension):
    # 300 units, each cell in its own and in unit 299, which its value then clashes in.
    units_of = tuple((cell, 299) for cell in range(4))
    for cells, clash in (((1, 2, 0, 3), False), ((1, 2, 0, 2), True)):
        assert extension.any_clash(cells, units_of, 300) is clash
        assert any_clash_in_python(cells, units_of, 300) is clash


@pytest.mark.parametrize("cells, units_of, count", [
    ((32,), ((0,),), 1), ((-1,), ((0,),), 1), ((1,), ((1,),), 1), ((1,), ((0,),), -1),
    ([1], ((0,),), 1), ((1, 1), ((0,),), 1), ((1,), ([0],), 1)])
def test_a_clash_check_on_tables_it_cannot_read_is_an_error(extension, cells, units_of,
                                                            count):
    with pytest.raises((ValueError, TypeError)):
        extension.any_clash(cells, units_of, count)


# Jigsaw layouts and whole fills

@EXAMPLES
@given(st.integers(4, 16), st.integers(0, 2**64 - 1), st.integers(1, 600))
def test_a_jigsaw_tiling_makes_the_same_draws_and_layout(extension, n, state, budget):
    box, limit = jigsaw._box(n), jigsaw.box_share_limit(n)
    assert extension.tile_jigsaw(n, *box, limit, state, budget) == \
        jigsaw.tile_in_python(n, *box, limit, state, budget)


@EXAMPLES
@given(st.sampled_from(BOARDS), st.integers(0, 2**64 - 1), st.integers(1, 300),
       st.integers(1, 4))
def test_a_whole_fill_makes_the_same_grid_and_draws(shape, seed, max_nodes, attempts):
    def fill():
        rng = Rng(seed)
        try:
            found = random_solution(shape, rng, max_nodes, attempts)
        except GenerationError as error:
            found = str(error)
        return found, rng.next64()

    fast, pure = both(fill)
    assert fast == pure


def test_jigsaw_layouts_of_every_size_are_the_same_on_both_cores():
    for n, seed in ((4, 1), (5, 2), (7, 3), (9, 4), (11, 5), (12, 6), (13, 7)):
        fast, pure = both(lambda: jigsaw_layout(n, seed))
        assert fast == pure


# The prover of checks with no budget

@EXAMPLES
@given(grids(SMALL_BOARDS), st.data())
def test_the_prover_finds_a_solution_exactly_when_the_search_does(grid, data):
    cell = data.draw(st.integers(0, grid.shape.cell_count - 1))
    value = data.draw(st.integers(0, grid.shape.size))
    cells = list(grid.cells)
    cells[cell] = 0
    native = engines.engine(grid.shape).native
    with compiled.using(False):
        if value:
            found = solver.solution_avoiding(grid.shape, cells, cell, value, 10**9)
        else:
            found = solver.count_solutions(Grid(grid.shape, tuple(cells)), 1, 10**9)
    assert found.complete
    assert native.prove(cells, cell, value) == (found.count > 0)


def test_the_prover_declines_tables_that_are_not_a_sudokus(extension):
    # Units of fewer cells than symbols: its clauses would say more than the search does.
    native = extension.Board(3, (0b11,), (0b10, 0b01), ((0b11,), (0b11,)))
    assert native.prove([0, 0], 0, 1) is None


@settings(max_examples=10, deadline=None)
@given(st.sampled_from([shape_of(3, 3), board_of(3, 3, "x"), shape_of(3, 4), JIGSAW6]),
       st.integers(0, 2**64 - 1))
def test_full_removal_checks_make_the_same_puzzle_on_both_cores(shape, seed):
    fast, pure = both(lambda: generate(shape, seed, removal_max_nodes=10**15))
    assert fast == pure
