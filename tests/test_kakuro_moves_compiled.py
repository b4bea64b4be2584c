"""The Kakuro generator's tightening moves in C (csrc/kakurofill.c) against the pure
Python (generate.py's _chosen_moves): on random fillings, open cells and tabu moves, the
same moves in the same order and the random stream left in the same place (so the same
float sums, tied where the Python's tie); the filling is left as it was."""

from __future__ import annotations

import pytest

from bookmaker.core import compiled
from bookmaker.core.kakuro import generate
from bookmaker.core.kakuro.filling import Filling, random_filling
from bookmaker.core.kakuro.pattern import make_pattern
from bookmaker.core.rng import Rng

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)


def random_case(seed: int) -> tuple[Filling, list[int], set, int]:
    """A filling (squeezed a little, so that totals tie and differ), some of its cells as
    the open ones, a few of its moves as tabu, and a stream's state."""
    rng = Rng(seed)
    size = (6, 8, 10, 12, 15)[seed % 5]
    shape = make_pattern(size, rng, "rotational", 9, 0.3)
    filling = random_filling(shape, rng)
    assert filling is not None
    generate.squeeze(filling, rng, rng.below(3) * shape.cell_count)
    count = shape.cell_count
    open_cells = rng.shuffled(range(count))[:1 + rng.below(count)]
    tabu = set()
    for cell in open_cells[::4]:
        moves = filling.moves_at(cell)
        if moves:
            tabu.add(moves[rng.below(len(moves))])
    return filling, open_cells, tabu, rng.next64()


def chosen(filling: Filling, open_cells: list[int], tabu: set, state: int, wanted: bool):
    """The moves each core chooses, the stream's state after, the filling's lists after."""
    rng = Rng(state)
    with compiled.using(wanted):
        mover = compiled.kakuro_mover()
        assert (mover is not None) == wanted
        if mover is None:
            moves = generate._chosen_moves(filling, rng, list(open_cells), set(tabu))
        else:
            moves, rng.state = mover(filling.compiled_tables(), filling.values, filling.used,
                                     filling.totals, rng.state, list(open_cells), set(tabu))
    return moves, rng.state, (list(filling.values), list(filling.used), list(filling.totals))


@pytest.mark.parametrize("seed", range(60))
def test_the_compiled_moves_are_the_pythons(seed):
    filling, open_cells, tabu, state = random_case(seed)
    before = (list(filling.values), list(filling.used), list(filling.totals))
    pure = chosen(filling, open_cells, tabu, state, False)
    fast = chosen(filling, open_cells, tabu, state, True)
    assert fast == pure
    assert pure[2] == before  # both leave the filling to Filling.apply
    assert pure[0] or not open_cells


def test_the_cases_compared_make_swaps_single_digits_and_several_moves():
    made = [chosen(*random_case(seed), False)[0] for seed in range(60)]
    moves = [move for moves in made for move in moves]
    assert {len(move) for move in moves} == {1, 2}
    assert max(len(moves) for moves in made) > 10


def test_tabu_moves_and_moved_cells_are_never_chosen_again():
    filling, open_cells, tabu, state = random_case(7)
    moves, _, _ = chosen(filling, open_cells, tabu, state, True)
    cells = [cell for move in moves for cell, _ in move]
    assert not tabu & set(moves) and len(cells) == len(set(cells))


def test_a_pinned_tightening_on_the_compiled_core():
    filling, open_cells, tabu, state = random_case(3)
    moves, after, _ = chosen(filling, open_cells, tabu, state, True)
    assert (moves, after) == ([((4, 6), (21, 2)), ((81, 8), (82, 7)), ((43, 8), (44, 5)),
                              ((65, 7),)], 3362426611059030549)


def test_the_compiled_mover_refuses_lists_that_do_not_fit_its_tables():
    filling, open_cells, tabu, state = random_case(1)
    mover = compiled.extension().kakuro_move_some
    with pytest.raises(ValueError, match="wrong size"):
        mover(filling.compiled_tables(), filling.values[:-1], filling.used, filling.totals,
              state, open_cells, tabu)
    with pytest.raises(TypeError, match="tabu must be a set"):
        mover(filling.compiled_tables(), filling.values, filling.used, filling.totals,
              state, open_cells, list(tabu))
