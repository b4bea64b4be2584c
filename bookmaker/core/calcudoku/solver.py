"""Calcudoku solver, the first proof: the exact solver's bitboards and Latin singles, plus
each cage narrowed to its fillings, counting solutions to a limit within a node budget.

State is search.py's: one candidate bitboard per value and a `placed` mask. Singles run
through search.propagate with the cage set as its board (its units and peers are the
Latin square's). Then each cage keeps the fillings (cages.py) whose every value is
still a candidate of its cell, and each of its cells only the values some kept filling
puts there. Both take turns until neither changes anything; then MRV branching
(search.search, with the cage set as its board).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from .. import compiled
from ..board.shape import Shape
from ..solve import engines, rounds
from ..solve.rounds import Round
from ..solve.search import (
    DEFAULT_MAX_NODES,
    Boards,
    Search,
    boards_to_cells,
    changed_cells,
    initial_boards,
    known_first,
    search,
)
from ..solve.solver import propagate
from .cages import CalcCages

_CONTRADICTION, _UNCHANGED, _CHANGED = -1, 0, 1


def calcudoku_solutions(cages: CalcCages, givens=None, limit: int = 2,
                        max_nodes: int = DEFAULT_MAX_NODES, prefer=None) -> Search:
    """Count the Calcudoku's solutions (its cages, and givens 0 for blank) up to limit.
    `prefer`, a complete grid, is tried first at every branch: a uniqueness check that
    knows one solution reaches it at once and spends its nodes looking for another."""
    start = initial_boards(cages, givens or (0,) * cages.cell_count)
    if start is None:
        return Search(0, None, True, 0)
    in_c = _compiled_search(cages)
    if in_c is not None:
        return Search(*in_c(*start, limit, max_nodes, prefer, False)[:4])
    order = None if prefer is None else known_first(prefer)
    return search(cages, *start, limit=limit, max_nodes=max_nodes, order_values=order,
                  settle=settle)


NOT_SEARCHED: Any = object()  # other_solution_of_tables() on the pure core


def other_solution(cages: CalcCages, solution, max_nodes: int = DEFAULT_MAX_NODES,
                   root: Boards | None = None):
    """A solution of the cages other than `solution` (a complete grid), None if there is
    none; the search visits `solution` first and keeps the next it meets, from `root`
    (per value, the cells it may hold: every solution among them) or a blank board.
    Raises ValueError if the search runs out of nodes first."""
    tables = cages.narrowing_tables
    found = NOT_SEARCHED if tables is None else \
        other_solution_of_tables(cages.shape, tables, solution, max_nodes, root)
    if found is not NOT_SEARCHED:
        return found
    found = []

    def settle_noting(board, boards: Boards, placed: int, scanned=None) -> int:
        placed = settle(board, boards, placed, scanned)
        if placed == board.all_cells_mask:
            cells = boards_to_cells(boards, board.cell_count)
            if cells != tuple(solution):
                found.append(cells)
        return placed
    start = (list(root), 0) if root is not None else initial_boards(cages, (0,) * cages.cell_count)
    assert start is not None  # a blank board never clashes
    result = search(cages, *start, limit=2, max_nodes=max_nodes,
                    order_values=known_first(solution), settle=settle_noting)
    if not result.complete:
        raise ValueError(f"no answer within {max_nodes} nodes")
    return found[0] if found else None


def other_solution_of_tables(shape: Shape, tables: bytes, solution,
                             max_nodes: int = DEFAULT_MAX_NODES, root: Boards | None = None):
    """other_solution() of the cage set whose narrowing_tables are `tables`, by the
    compiled search, without the cage set (a generator's drafts have their tables from
    their cages' words); NOT_SEARCHED on the pure core."""
    found = compiled.calcudoku_searcher()
    if found is None:
        return NOT_SEARCHED
    boards = [shape.all_cells_mask] * shape.size if root is None else list(root)
    *_, complete, _, other = found(engines.engine(shape).native, tables, boards, 0, 2,
                                   max_nodes, solution, True)
    if not complete:
        raise ValueError(f"no answer within {max_nodes} nodes")
    return other


def _compiled_search(cages: CalcCages):
    """search(boards, placed, limit, max_nodes, prefer, note_other) in C (csrc/
    calcsearch.c: the search below with settle() at each node, step for step), or None
    on the pure core or for cages it cannot read."""
    found = compiled.calcudoku_searcher()
    tables = cages.narrowing_tables
    if found is None or tables is None:
        return None
    return partial(found, engines.engine(cages.shape).native, tables)


def settle(cages: CalcCages, boards: Boards, placed: int, scanned: Boards | None = None) -> int:
    """Singles and cage narrowing in turn until neither changes anything; the new placed
    mask, or -1 on a contradiction. Changes boards in place."""
    return _settle(cages, boards, placed, scanned)[0]


def rounds_to_contradiction(cages: CalcCages, boards: Boards, placed: int,
                            scanned: Boards | None = None) -> int | None:
    """How many rounds of settle() it takes to reach a contradiction; None if it stops
    without one. Changes boards in place. The length of a forcing chain, for grading."""
    return _settle(cages, boards, placed, scanned)[1]


def _settle(cages: CalcCages, boards: Boards, placed: int,
            scanned: Boards | None) -> tuple[int, int | None]:
    """settle()'s result (-1 on a contradiction) and rounds_to_contradiction()'s (None
    without one): solve/rounds.py counts the rounds."""
    touched = cages.all_cells_mask if scanned is None else changed_cells(scanned, boards)

    def one_round() -> Round:
        nonlocal placed, scanned, touched
        before = boards[:]
        placed = propagate(cages.shape, boards, placed, scanned)  # compiled where it runs
        if placed < 0:
            return Round.CONTRADICTION
        scanned = boards[:]
        touched |= changed_cells(before, boards)
        narrowed = compiled.calcudoku_narrower(narrow_cages)(cages, boards, touched)
        if narrowed == _CONTRADICTION:
            return Round.CONTRADICTION
        if narrowed == _UNCHANGED:
            return Round.SETTLED
        touched = changed_cells(scanned, boards)
        return Round.CHANGED
    found = rounds.rounds_to_contradiction(one_round)
    return (placed if found is None else -1), found


def narrow_cages(cages: CalcCages, boards: Boards, touched: int = -1) -> int:
    """Narrow every cage with a cell in `touched` to its fillings: -1 on a contradiction,
    1 if a candidate went, 0 if nothing changed."""
    changed = _UNCHANGED
    needed = 0
    for mask in cages.masks:
        if mask & touched:
            needed |= mask
    digits = _cell_digits(boards, cages.cell_count, needed)
    for index, mask in enumerate(cages.masks):
        if not mask & touched:
            continue
        cells = cages.cages[index].cells
        allowed = tuple(digits[cell] for cell in cells)
        kept = cages.patterns[index].kept(allowed)
        if not kept[0]:
            return _CONTRADICTION
        for cell, mine, keep in zip(cells, allowed, kept):
            gone = mine & ~keep
            while gone:
                low = gone & -gone
                boards[low.bit_length() - 1] &= ~(1 << cell)
                gone ^= low
                changed = _CHANGED
    return changed


def _cell_digits(boards: Boards, cell_count: int, needed: int) -> list[int]:
    """The candidate digits (a mask) of each cell in `needed`, read off the per-digit
    boards (0 for the others)."""
    digits = [0] * cell_count
    for d, board in enumerate(boards):
        bit = 1 << d
        board &= needed
        while board:
            low = board & -board
            digits[low.bit_length() - 1] |= bit
            board ^= low
    return digits
