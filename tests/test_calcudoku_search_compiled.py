"""The Calcudoku solver's compiled search (csrc/calcsearch.c) against the pure Python, the
reference: on generators' first drafts (most with many solutions) of every cage type the
same counts, first solutions, completeness and nodes, budgets that run out included, and
the same rival solution (or the same refusal) for other_solution(); tables or boards it
cannot read refused with an error."""

from __future__ import annotations

import pytest

from bookmaker.core import compiled
from bookmaker.core.board.shape import latin_of
from bookmaker.core.calcudoku.cages import CAGE_SETS
from bookmaker.core.calcudoku.generate import RECIPES, first_draft
from bookmaker.core.calcudoku.solver import (
    NOT_SEARCHED,
    _compiled_search,
    calcudoku_solutions,
    other_solution,
    other_solution_of_tables,
    settle,
)
from bookmaker.core.rng import Rng
from bookmaker.core.solve import engines
from bookmaker.core.solve.search import Search, search

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)

DRAFTS = [first_draft(cages_type, latin_of(size), Rng(seed * 7 + size), RECIPES["hard"])
          for cages_type in CAGE_SETS for size in (3, 4, 5, 6) for seed in range(4)]


def on_both(ask):
    """What ask() returns (or the ValueError it raises) on the compiled and pure cores."""
    found = []
    for wanted in (True, False):
        with compiled.using(wanted):
            try:
                found.append(ask())
            except ValueError as error:
                found.append(str(error))
    return found


@pytest.mark.parametrize("limit, max_nodes, prefer", [
    (2, 1500, True), (2, 1500, False), (5, 30, False), (2, 7, True), (1, 1500, False)])
def test_the_compiled_search_is_the_pythons(limit, max_nodes, prefer):
    for draft in DRAFTS:
        known = draft.solution if prefer else None
        on_c, on_python = on_both(lambda: calcudoku_solutions(
            draft.cages, limit=limit, max_nodes=max_nodes, prefer=known))
        assert on_c == on_python
        assert on_c.count >= 1 or not on_c.complete  # each draft has its solution


@pytest.mark.parametrize("max_nodes", [1500, 10, 3])
def test_the_compiled_rival_is_the_pythons(max_nodes):
    found = [on_both(lambda: other_solution(d.cages, d.solution, max_nodes)) for d in DRAFTS]
    assert all(on_c == on_python for on_c, on_python in found)
    if max_nodes == 1500:  # most first drafts have a rival, some none
        kinds = {type(on_c) for on_c, _ in found}
        assert kinds == {tuple, type(None)}


@pytest.mark.parametrize("max_nodes", [1500, 10])
def test_a_drafts_rival_from_its_tables_alone_is_the_pythons_from_its_cages(max_nodes):
    def rival(ask):
        try:
            return ask()
        except ValueError as error:
            return str(error)
    for draft in DRAFTS:
        tables = draft.grading_tables()[0]  # made from its groups' words, not its cage set
        assert tables == draft.cages.narrowing_tables
        with compiled.using(False):
            expected = rival(lambda: other_solution(draft.cages, draft.solution, max_nodes))
            assert other_solution_of_tables(draft.shape, tables, draft.solution) is NOT_SEARCHED
        assert rival(lambda: other_solution_of_tables(draft.shape, tables, draft.solution,
                                                      max_nodes)) == expected


LARGER = [first_draft(cages_type, latin_of(size), Rng(seed), RECIPES["expert"])
          for cages_type in CAGE_SETS for size in (8, 9) for seed in range(2)]


def test_deep_searches_on_larger_boards_are_the_pythons():
    # 300 nodes deep into 8x8 and 9x9 trees: many siblings at many levels, each starting
    # again from its parent's cage fillings (csrc/calcalive.c).
    found = [on_both(lambda: calcudoku_solutions(draft.cages, limit=3, max_nodes=300,
                                                 prefer=draft.solution)) for draft in LARGER]
    assert all(on_c == on_python for on_c, on_python in found)
    assert [(s.count, s.complete, s.nodes) for s, _ in found] == [
        (3, True, 16), (3, True, 14), (1, False, 300), (2, False, 300),
        (3, True, 12), (3, True, 17), (1, False, 300), (2, False, 300),
        (3, True, 44), (3, True, 17), (1, False, 300), (1, False, 300)]


def test_a_pinned_search():
    draft = DRAFTS[4 + 1]  # CalcCages, 4x4, seed 1
    with compiled.using(True):
        found = calcudoku_solutions(draft.cages, limit=2, prefer=draft.solution)
    assert (found.count, found.complete, found.solution) == (2, True, draft.solution)


def test_tables_and_boards_that_do_not_fit_are_refused():
    search = compiled.extension().calcudoku_search
    draft, other = DRAFTS[4], DRAFTS[8]  # 4x4 and 5x5
    board = engines.engine(draft.shape).native
    tables = draft.cages.narrowing_tables
    blank = [draft.shape.all_cells_mask] * 4
    assert search(board, tables, blank, 0, 2, 100, None, False)[2]
    with pytest.raises(ValueError):
        search(board, other.cages.narrowing_tables, blank, 0, 2, 100, None, False)
    with pytest.raises(ValueError):
        search(board, tables[:16], blank, 0, 2, 100, None, False)
    with pytest.raises(TypeError):
        search(board, tables, blank[:3], 0, 2, 100, None, False)
    with pytest.raises(TypeError):
        search(None, tables, blank, 0, 2, 100, None, False)


def _scrambled(draft, rng: Rng, keep_solution: bool) -> tuple[list[int], int]:
    """Boards with candidates struck at random (the solution's kept, or not), and with
    keep_solution a few cells placed at their value, their peers not cleared: states no
    clue set makes, whose root must be settled as the Python settles it."""
    n, cells = draft.shape.size, draft.shape.cell_count
    boards, placed = [draft.shape.all_cells_mask] * n, 0
    for _ in range(rng.below(cells // 2)):
        cell, value = rng.below(cells), rng.below(n)
        if not (keep_solution and draft.solution[cell] == value + 1):
            boards[value] &= ~(1 << cell)
    for cell in range(cells) if keep_solution else ():
        if rng.below(cells) < 2:
            boards = [b & ~(1 << cell) if v + 1 != draft.solution[cell] else b
                      for v, b in enumerate(boards)]
            placed |= 1 << cell
    return boards, placed


def test_searches_from_scrambled_boards_are_the_pythons():
    # The compiled search holds the state per cell and looks only at what changed: from
    # a root where anything may be struck or placed, it must still find what the
    # Python's singles and narrowing find, node for node.
    rng, nodes = Rng(38), []
    for draft in DRAFTS + LARGER[:4]:
        for keep_solution in (True, False):
            boards, placed = _scrambled(draft, rng, keep_solution)
            run = _compiled_search(draft.cages)
            assert run is not None
            on_c = Search(*run(boards[:], placed, 3, 200, None, False)[:4])
            on_python = search(draft.cages, boards[:], placed, limit=3, max_nodes=200,
                               settle=settle)
            assert on_c == on_python
            nodes.append((on_c.count > 0, on_c.complete, on_c.nodes))
    # 104 searches: 78 find a solution, 4 run out of nodes, 1,347 nodes in all
    assert (len(nodes), sum(found for found, _, _ in nodes),
            sum(not complete for _, complete, _ in nodes), sum(n for *_, n in nodes)) == \
        (104, 78, 4, 1347)
