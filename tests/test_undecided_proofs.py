"""A generator's first proof that runs out of nodes (undecided, neither unique nor not) drops
its attempt for the next, as an undecided second proof drops a puzzle: it is no
disagreement, and a grade the kind accepts is still made for the seed."""

from __future__ import annotations

import pytest

from bookmaker.core.board.shape import parse_shape
from bookmaker.core.calcudoku import generate as calcudoku_generate
from bookmaker.core.calcudoku.cages import CalcCages
from bookmaker.core.calcudoku.kind import CALCUDOKU
from bookmaker.core.hashi import generate as hashi_generate
from bookmaker.core.kakuro import generate as kakuro_generate
from bookmaker.core.killer import generate as killer_generate
from bookmaker.core.solve.search import Search

SHAPE_6 = parse_shape("6x6")
LATIN_6 = CALCUDOKU.board(CALCUDOKU.frame(6))
MADE = {  # the module, the name of its first proof's search, a seed's puzzle to make
    "calcudoku": (calcudoku_generate, "calcudoku_solutions",
                  lambda: calcudoku_generate.generate_calcudoku(CalcCages, LATIN_6, 3, "hard")),
    "killer": (killer_generate, "killer_solutions",
               lambda: killer_generate.generate_killer(SHAPE_6, 3, "easy")),
    "hashi": (hashi_generate, "hashi_solutions",
              lambda: hashi_generate.generate_hashi((7, 7), 3, "easy")),
    "kakuro": (kakuro_generate, "kakuro_solutions",
               lambda: kakuro_generate.generate_kakuro(8, 3, "easy")),
}


def test_a_search_out_of_nodes_before_a_second_solution_is_undecided():
    assert Search(1, (1,), False, 20).undecided
    assert Search(0, None, False, 20).undecided
    assert not Search(2, (1,), False, 20).undecided  # two found: not unique, decided
    assert not Search(1, (1,), True, 20).undecided


@pytest.mark.parametrize("kind", sorted(MADE))
def test_an_undecided_first_proof_drops_its_attempt_for_the_next(kind, monkeypatch):
    module, name, make = MADE[kind]
    searched = []
    real = getattr(module, name)

    def first_undecided(*args, **options):
        found = real(*args, **options)
        searched.append(found)
        return Search(found.count and 1, found.solution, False, found.nodes) \
            if len(searched) == 1 else found
    usual, _ = make()
    monkeypatch.setattr(module, name, first_undecided)
    puzzle, _ = make()
    assert searched[0].unique  # undecided only because the test said so
    assert len(searched) >= 2 and searched[-1].unique
    assert puzzle.solution != usual.solution  # from a later attempt


def test_a_calcudoku_on_a_board_with_boxes_is_refused_before_the_compiled_loop():
    with pytest.raises(ValueError, match="rows and columns alone"):
        calcudoku_generate.generate_calcudoku(CalcCages, SHAPE_6, 3, "hard")
