"""The SE rater's basic techniques in C (csrc/ratebasics.c, rating/fastbasics.py) against
the pure Python: on both cores, the same steps (hints, texts and premises included) from
the same states, and the same whole ratings, on both scales, under a ceiling and a cut
budget, on 9x9 and on variant boards; boards the C does not take fall back to Python."""

from __future__ import annotations

from functools import cache

import pytest
from puzzledata import DATA
from ratingstates import struck

from bookmaker.core import compiled
from bookmaker.core.board.grid import Grid, parse_grid
from bookmaker.core.board.shape import board_of as variant_board
from bookmaker.core.board.shape import shape_of
from bookmaker.core.generate.graded import generate_graded
from bookmaker.core.generate.jigsaw import jigsaw_layout
from bookmaker.core.grade.candidates import Candidates
from bookmaker.core.rating import fastbasics
from bookmaker.core.rating.board import board_of
from bookmaker.core.rating.hints import Budget, OutOfBudget
from bookmaker.core.rating.rater import SCALE_TECHNIQUES, apply, next_hint, rate

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)

NINE = shape_of(3, 3)
SE_RATED = [line.split()[1] for line in (DATA / "se_rated-sample.txt").read_text().splitlines()
            if line.strip()]


def python_run(state: Candidates, board, techniques) -> list:
    """The rater's loop over the techniques the C knows, in Python: the hints applied."""
    steps = []
    while not state.solved:
        hint = next_hint(state, board, Budget(10 ** 9), techniques)
        if hint is None:
            break
        apply(state, hint)
        steps.append(hint)
    return steps


def both_runs(state: Candidates, shape, scale: str = "sukaku"):
    """(hints, final state) of the C's run of the techniques it knows (up to the first it
    does not) and of the Python's, from copies of the state."""
    board, techniques = board_of(shape), SCALE_TECHNIQUES[scale]
    with compiled.using(True):
        run = fastbasics.runner(board, techniques)
    assert run is not None
    known = techniques[:run.codes.index(None)]
    fast_state, pure_state = state.copy(), state.copy()
    found, fast_state.open_cells, *_ = run.native.run(
        run.codes, fast_state.values, fast_state.cell_digits, fast_state.digit_cells,
        fast_state.open_cells, 0, 0, 0, -1, 0)
    fast_steps = [fastbasics.hint_of(board, step) for step in found]
    pure_steps = python_run(pure_state, board, known)
    return (fast_steps, _plain(fast_state)), (pure_steps, _plain(pure_state))


@cache
def wing_states(seed: int, count: int) -> tuple:
    """States past the basic techniques: SE-rated puzzles solved by the rater up to the
    first step of another technique, then a few candidates struck."""
    states = []
    for index, puzzle in enumerate(SE_RATED[seed::7][:count]):
        grid = parse_grid(puzzle)
        with compiled.using(False):
            steps = rate(grid, budget=60_000).steps
        state = Candidates.from_grid(grid)
        for hint in steps:
            if hint.rating >= 40 and hint.placement is None:
                break
            apply(state, hint)
        states.append(struck(state, index, 0.04 * seed))
    return tuple(states)


def _plain(state: Candidates) -> tuple:
    return state.values, state.cell_digits, state.digit_cells, state.open_cells


def ratings_on_both(grid: Grid, **options) -> list:
    found = []
    for wanted in (False, True):
        with compiled.using(wanted):
            rating = rate(grid, **options)
        found.append((rating.er, rating.ep, rating.ed, rating.lower_bound, rating.reason,
                      rating.steps))
    return found


@pytest.mark.parametrize("share", [0.02, 0.05, 0.1])
def test_struck_states_take_the_same_steps_on_both_cores(share):
    names = set()
    for seed, puzzle in enumerate(SE_RATED[::6]):
        state = struck(Candidates.from_grid(parse_grid(puzzle)), seed, share)
        fast, pure = both_runs(state, NINE)
        assert fast == pure
        names.update(hint.name for hint in fast[0])
    assert len(names) >= 3, names   # not only singles


def test_every_basic_technique_the_c_knows_is_met():
    names = set()
    for seed, puzzle in enumerate(SE_RATED[::3]):
        for share in (0.0, 0.03, 0.06):
            state = struck(Candidates.from_grid(parse_grid(puzzle)), seed, share)
            fast, pure = both_runs(state, NINE)
            assert fast == pure
            names.update(hint.name for hint in fast[0])
    assert {"Hidden Single", "Naked Single", "Direct Pointing", "Direct Hidden Pair",
            "Direct Hidden Triplet", "Pointing", "Claiming", "Naked Pair", "Naked Triplet",
            "Hidden Pair", "Hidden Triplet", "X-Wing", "Swordfish"} <= names


@pytest.mark.parametrize("scale", ["sukaku", "1.2.1"])
def test_se_rated_ratings_are_the_same_on_both_cores(scale):
    for puzzle in SE_RATED[::22]:
        pure, fast = ratings_on_both(parse_grid(puzzle), budget=60_000, scale=scale)
        assert pure == fast


@pytest.mark.parametrize("grade", ["beginner", "easy", "medium", "hard", "expert"])
def test_generated_ratings_are_the_same_on_both_cores(grade):
    for seed in range(4):
        puzzle, _ = generate_graded(NINE, 700 + seed, grade)
        pure, fast = ratings_on_both(puzzle.givens, budget=60_000)
        assert pure == fast


@pytest.mark.parametrize("ceiling", [12, 23, 30, 40])
def test_ceilings_stop_at_the_same_step_on_both_cores(ceiling):
    for puzzle in SE_RATED[5::15]:
        pure, fast = ratings_on_both(parse_grid(puzzle), budget=60_000, ceiling=ceiling)
        assert pure == fast


@pytest.mark.parametrize("budget", [300, 2000])
def test_a_cut_budget_gives_the_same_bound_on_both_cores(budget):
    reasons = set()
    for puzzle in SE_RATED[-40::3]:
        pure, fast = ratings_on_both(parse_grid(puzzle), budget=budget)
        assert pure == fast
        reasons.add(pure[4])
    # the budget ran out inside the techniques the C charges in one lump
    assert "work budget: Forcing Chains and Cycles" in reasons
    assert reasons & {"work budget: Aligned Pair Exclusion",
                      "work budget: Aligned Triplet Exclusion"}


@pytest.mark.parametrize("variant", ["x", "hyper", "jigsaw"])
def test_variant_boards_take_the_same_steps_on_both_cores(variant):
    # the C reads the board's units, kinds and lock groups: diagonals, windows, regions
    for seed in range(3):
        board = jigsaw_layout(9, seed) if variant == "jigsaw" else variant_board(3, 3, variant)
        puzzle, _ = generate_graded(board, 40 + seed, "hard")
        pure, fast = ratings_on_both(puzzle.givens, budget=60_000)
        assert pure == fast
        state = struck(Candidates.from_grid(puzzle.givens), seed, 0.3)
        fast_run, pure_run = both_runs(state, board)
        assert fast_run == pure_run


def test_small_boards_take_the_same_steps_on_both_cores():
    six = shape_of(2, 3)
    for seed in range(4):
        puzzle, _ = generate_graded(six, seed, "hard")
        pure, fast = ratings_on_both(puzzle.givens, budget=60_000)
        assert pure == fast


IN_THE_RUN = ["XY-Wing", "XYZ-Wing", "WXYZ-Wing", "VWXYZ-Wing", "Turbot Fish",
              "Three Strong Links", "Unique Rectangles and Loops", "Naked Quad", "Jellyfish",
              "Hidden Quad", "Bivalue Universal Grave"]


def later_states() -> list:
    return [state for seed in range(3) for state in wing_states(seed, 8)]


@pytest.mark.parametrize("scale", ["sukaku", "1.2.1"])
@pytest.mark.parametrize("name", IN_THE_RUN)
def test_each_technique_in_the_run_finds_the_pythons_hint(scale, name):
    board, techniques = board_of(NINE), SCALE_TECHNIQUES[scale]
    technique = next((t for t in techniques if t.name == name), None)
    if technique is None:   # not on SE 1.2.1's scale: its list has no such technique
        assert scale == "1.2.1" and name in ("Turbot Fish", "Three Strong Links",
                                             "WXYZ-Wing", "VWXYZ-Wing")
        return
    with compiled.using(True):
        native = fastbasics.runner(board, techniques).native
    met = 0
    for state in later_states():
        pure = technique.first(state, board, Budget(10 ** 9))
        found, *_ = native.run((technique.code,), state.values[:], state.cell_digits[:],
                               state.digit_cells[:], state.open_cells, 0, 0, 0, -1, 0)
        fast = fastbasics.hint_of(board, found[0]) if found else None
        assert fast == pure
        met += pure is not None
    assert met or name in ("Naked Quad", "Jellyfish", "Hidden Quad", "Bivalue Universal Grave")


# se_rated-sample puzzles whose solve takes a BUG step of each type
BUGS = {"BUG type 1": "324009005001000203050002089408030000000704000000090401"
                      "810400050506000800700800614",
        "BUG type 2": "000000407702000090059700030000186002004090600300254000"
                      "030001920090000704801000000",
        "BUG type 3": "070480000400700000002000704908300040020070060010008903"
                      "203000500000009008000045030"}


@pytest.mark.parametrize("name", sorted(BUGS))
def test_bug_steps_are_the_same_on_both_cores(name):
    pure, fast = ratings_on_both(parse_grid(BUGS[name]), budget=60_000)
    assert pure == fast
    assert name in [hint.name for hint in pure[5]]


@pytest.mark.parametrize("name", ["Forcing Chains and Cycles", "Aligned Pair Exclusion",
                                  "Aligned Triplet Exclusion"])
def test_the_budgeted_techniques_find_the_same_hint_and_spend_the_same(name):
    board = board_of(NINE)
    technique = next(t for t in SCALE_TECHNIQUES["sukaku"] if t.name == name)
    met = 0
    for state in later_states()[::2]:
        found = []
        for wanted in (False, True):
            budget = Budget(10 ** 9)
            with compiled.using(wanted):
                found.append((technique.first(state, board, budget), budget.spent))
        assert found[0] == found[1]
        met += found[0][0] is not None
        # a budget that runs out inside the search: out on both cores, at the same floor
        if found[0][1] > 1:
            for wanted in (False, True):
                budget = Budget(found[0][1] // 2)
                budget.floor = 62
                with compiled.using(wanted), pytest.raises(OutOfBudget) as out:
                    technique.first(state, board, budget)
                assert out.value.floor == 62
    assert met


def test_boards_past_the_c_fall_back_to_python():
    # 16x16: 256 cells, past the C's 128; the pure core never takes it
    sixteen = board_of(shape_of(4, 4))
    with compiled.using(True):
        assert fastbasics.runner(sixteen, SCALE_TECHNIQUES["sukaku"]) is None
        assert fastbasics.runner(board_of(NINE), SCALE_TECHNIQUES["sukaku"]) is not None
    with compiled.using(False):
        assert fastbasics.runner(board_of(NINE), SCALE_TECHNIQUES["sukaku"]) is None
    # a technique list with none the C knows runs all in Python
    later = tuple(t for t in SCALE_TECHNIQUES["sukaku"] if t.code is None)
    with compiled.using(True):
        assert fastbasics.runner(board_of(NINE), later) is None


def test_the_budget_floor_is_the_pythons_where_the_c_hands_over():
    with compiled.using(True):
        run = fastbasics.runner(board_of(NINE), SCALE_TECHNIQUES["sukaku"])
    assert run is not None
    names = [t.name for t in run.techniques]
    assert run.floors[names.index("Turbot Fish")] == 40
    assert run.floors[names.index("Bivalue Universal Grave")] == 56
    assert run.codes[names.index("Forcing Chains and Cycles")] is None   # in C, apart
    assert run.codes[names.index("Turbot Fish")] is not None
