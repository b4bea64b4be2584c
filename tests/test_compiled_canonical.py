"""The compiled canonical-form search (csrc/canonical.c) against its pure twin
(board/transform.py's _Search): the same form and the same steps on random grids of every
classic box shape, so that repeat keys (stored in users' registries) never change with the
core, and a budget runs out on the same grids."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bookmaker.core import compiled
from bookmaker.core.board import transform
from bookmaker.core.board.grid import Grid, parse_grid
from bookmaker.core.board.shape import board_of, jigsaw_of, parse_shape, shape_of
from bookmaker.core.board.transform import (
    CanonicalFormError,
    canonical_form,
    random_transformation,
    repeat_key,
)
from bookmaker.core.generate.removal import random_solution
from bookmaker.core.rng import Rng

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)

# Every box of a classic board from 4x4 to 25x25, both ways round.
BOXES = [(r, c) for r in range(2, 13) for c in range(2, 13) if r * c <= 25]
SMALL_BOXES = [box for box in BOXES if box[0] * box[1] <= 12]
EXAMPLES = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32)


@cache
def solved(box: tuple[int, int], seed: int) -> Grid:
    shape = shape_of(*box)
    return Grid(shape, random_solution(shape, Rng(seed)))


def partial(box: tuple[int, int], seed: int, kept: float) -> Grid:
    """A solution of the box's board with about `kept` of its cells kept, at random."""
    solution = solved(box, seed % 8)
    rng = Rng(seed)
    cells = tuple(v if rng.below(1000) < kept * 1000 else 0 for v in solution.cells)
    return Grid(solution.shape, cells)


def forms_on_each_core(grid: Grid, budget: int | None = None) -> tuple[str, str]:
    forms = []
    for wanted in (False, True):
        with compiled.using(wanted):
            try:
                forms.append(canonical_form(grid, budget))
            except CanonicalFormError as error:
                forms.append(f"error: {error}")
    return forms[0], forms[1]


def steps_of(grid: Grid, budget: int) -> tuple[str, int] | None:
    """The pure search's form and the steps it spent, None past the budget."""
    search = transform.pure_search(grid, budget)
    try:
        image = search.least_image()
    except CanonicalFormError:
        return None
    return "".join(transform.FORM_SYMBOLS[v] for v in image), search.budget - search.left


@EXAMPLES
@given(st.sampled_from(BOXES), seeds, st.sampled_from([0.0, 0.1, 0.2, 0.3]))
def test_both_cores_find_the_same_form_on_any_board(box, seed, kept):
    pure, fast = forms_on_each_core(partial(box, seed, kept))
    assert fast == pure


@EXAMPLES
@given(st.sampled_from(SMALL_BOXES), seeds, st.floats(0.0, 0.7))
def test_both_cores_spend_the_same_steps_and_stop_at_the_same_budget(box, seed, kept):
    grid = partial(box, seed, kept)
    found = steps_of(grid, 20_000)
    with compiled.using(True):
        if found is None:
            with pytest.raises(CanonicalFormError, match="after 20000 steps"):
                canonical_form(grid, 20_000)
            return
        form, steps = found
        assert canonical_form(grid, steps) == form
        with pytest.raises(CanonicalFormError, match=f"after {steps - 1} steps"):
            canonical_form(grid, steps - 1)


@EXAMPLES
@given(st.sampled_from(BOXES), seeds, st.floats(0.0, 1.0), st.integers(0, 3000))
def test_a_small_budget_runs_out_on_both_cores_alike(box, seed, kept, budget):
    pure, fast = forms_on_each_core(partial(box, seed, kept), budget)
    assert fast == pure


@EXAMPLES
@given(st.sampled_from(BOXES), seeds, seeds)
def test_transformed_copies_share_their_key_on_the_compiled_core(box, seed, draw):
    grid = partial(box, seed, 0.2)  # denser 24x24 grids run out of budget: exact givens
    copy = random_transformation(grid.shape, Rng(draw)).apply(grid)
    with compiled.using(True):  # the pure search's copies: tests/test_transform.py
        key = repeat_key(grid)
        # About one sparse 2x12-box grid in 40 also runs out (repeat_key's fallback, the
        # same on both cores: test_a_small_budget_runs_out_on_both_cores_alike)
        assume(":" in key)
        assert repeat_key(copy) == key


# Keys as registries store them: one per box shape of the examples' sizes, pinned.
PINNED = [
    ("4x4", None, "..3..4..1....2..", "2x2:0000000102003040"),
    ("6x6", "3x2", "45.....3.6........5....22.3..4...4..",
     "2x3:000000000012000003004200020051053000"),
    ("9x9", None,
     "...4....1.8.6..5..1.9.........2.5..3.27.1.95...1......3...4...77..3...1.......6.8",
     "3x3:000000001000002030024050006000030010001400070030809005008000060300095000700000390"),
]


@pytest.mark.parametrize("size, box, givens, key", PINNED)
@pytest.mark.parametrize("on_compiled", [False, True])
def test_pinned_keys_are_the_same_on_both_cores(size, box, givens, key, on_compiled):
    with compiled.using(on_compiled):
        assert repeat_key(parse_grid(givens, parse_shape(size, box))) == key


@pytest.mark.parametrize("on_compiled", [False, True])
def test_a_grid_past_the_budget_falls_back_to_its_exact_givens_on_both_cores(monkeypatch,
                                                                             on_compiled):
    monkeypatch.setattr(transform, "CANONICAL_BUDGET", 2000)
    full = solved((3, 3), 1)
    with compiled.using(on_compiled):
        key = repeat_key(full)
    assert key.startswith("3x3=") and key.endswith(str(full)[-9:])


def test_a_full_16x16_runs_out_of_the_real_budget_on_the_compiled_core():
    with compiled.using(True):
        assert repeat_key(solved((4, 4), 1)).startswith("4x4=")


@pytest.mark.parametrize("cells, message", [((1, 1) + (0,) * 14, "row 1"),
                                            ((0, 0, 0, 2) + (0,) * 8 + (0, 0, 0, 2), "column 4")])
def test_a_repeated_symbol_is_refused_alike(cells, message):
    for on_compiled in (False, True):
        with compiled.using(on_compiled), \
                pytest.raises(ValueError, match=f"a symbol repeats in {message}: not a puzzle"):
            canonical_form(Grid(shape_of(2, 2), cells))


def test_variant_boards_keep_their_own_search_on_either_core():
    jigsaw = jigsaw_of(int(ch) for ch in "0011001122332233")
    for board in (board_of(2, 2, "x"), jigsaw):
        grid = Grid(board, (1,) + (0,) * 15)
        assert forms_on_each_core(grid)[0] == forms_on_each_core(grid)[1]
