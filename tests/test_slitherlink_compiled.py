"""The Slitherlink's second proof in C (csrc/slithercount.c) is count.py's count: the same
states visited, the same solutions in the same order, the same budget met at the same
state, on pinned puzzles, on clues taken away (several loops) or put in at random (none),
for each limit. The solver's cascade in C (csrc/slithersettle.c) is solver.py's settle:
the same board after it, settled or spoiled by a clash."""

from __future__ import annotations

from pathlib import Path

import pytest

from bookmaker.core import compiled
from bookmaker.core.rng import Rng
from bookmaker.core.slitherlink.count import _moves, count_slitherlink
from bookmaker.core.slitherlink.frame import frame_of
from bookmaker.core.slitherlink.solver import LINE, UNKNOWN, Board, clues_of, settle
from bookmaker.core.slitherlink.text import parse_slitherlink

pytestmark = pytest.mark.compiled_core

PINNED = Path(__file__).parent / "data" / "slitherlink-200.txt"


def puzzles() -> list[tuple[int, int, list[int]]]:
    """Every eighth pinned puzzle as (height, width, cells): 5x5 to 12x12 and rectangles."""
    lines = PINNED.read_text().splitlines()[::8]
    grids = [parse_slitherlink(line.split(" ", 2)[2]) for line in lines]
    return [(*grid.shape.frame, list(grid.cells)) for grid in grids]


def varied(cells: list[int], rng: Rng, how: int) -> list[int]:
    """The clues as they are (0), a fifth taken away (1), or four put in at random (2)."""
    cells = list(cells)
    if how == 1:
        for cell in rng.shuffled(range(len(cells)))[:len(cells) // 5]:
            cells[cell] = 0
    if how == 2:
        for cell in rng.shuffled(range(len(cells)))[:4]:
            cells[cell] = 1 + rng.below(4)
    return cells


def both(height: int, width: int, cells: list[int], limit: int, max_states: int):
    with compiled.using(False):
        pure = count_slitherlink(height, width, cells, limit, max_states)
    return pure, count_slitherlink(height, width, cells, limit, max_states)


def test_the_compiled_count_is_the_pythons_state_for_state(extension):
    # 25 puzzles each as pinned, opened up and broken, limits 1 to 3, budgets ample and
    # short: about 1.7 s of CPU, nearly all of it the Python (the identity needs it run).
    rng, seen = Rng(39), set()
    assert compiled.slitherlink_counter() is extension.slitherlink_count
    for index, (height, width, cells) in enumerate(puzzles()):
        for how in range(3):
            limit, budget = 1 + (index + how) % 3, (3_000_000, 1_500)[index % 4 == 3]
            pure, fast = both(height, width, varied(cells, rng, how), limit, budget)
            assert fast == pure, (height, width, how, limit)
            seen.add((how, pure.count, pure.complete))
    # every outcome met: one loop, several up to the limit, none, and undecided
    assert {(0, 1, True), (1, 2, True), (1, 3, True), (2, 0, True), (0, 0, False)} <= seen


def test_the_compiled_count_refuses_what_it_cannot_hold(extension):
    grid = parse_slitherlink("...../...../...../...../.....")
    cells, moves = list(grid.cells), _moves(5, 5)
    with pytest.raises(ValueError, match="sides 1-64, limit 1-64"):
        extension.slitherlink_count(5, 5, cells, moves, 0, 100)
    with pytest.raises(ValueError, match="height x width cells, 8 moves"):
        extension.slitherlink_count(5, 5, cells[:-1], moves, 2, 100)
    with pytest.raises(ValueError, match="a cell out of range"):
        extension.slitherlink_count(5, 5, cells, [(False, [99] * 25)] * 8, 2, 100)
    assert extension.slitherlink_count(5, 5, cells, moves, 2, 100)[:3] == (0, (), False)


def settled_alike(board, decisions, loops: bool, cascade: bool) -> bool:
    """Settle copies of the board on both cores; assert every field alike; the result."""
    pure, fast = board.copy(), board.copy()
    with compiled.using(False):
        expected = settle(pure, decisions, loops, cascade)
    assert settle(fast, decisions, loops, cascade) is expected
    assert (fast.edges, fast.partner, fast.length, fast.lines, fast.closed) == \
        (pure.edges, pure.partner, pure.length, pure.lines, pure.closed)
    return expected


def test_the_compiled_cascade_settles_as_the_python_decision_for_decision(extension):
    # Random decisions, a few at once, on pinned puzzles' boards as the search meets them:
    # settled, clashing (the spoiled boards alike too), with and without the small loops
    # and the cascade; 25 puzzles, about 0.5 s.
    rng, outcomes = Rng(38), set()
    assert compiled.slitherlink_settler() is extension.slitherlink_settle
    for height, width, cells in puzzles():
        board = Board(frame_of(height, width), clues_of(cells))
        for step in range(40):
            open_ = [e for e, v in enumerate(board.edges) if v == UNKNOWN]
            if not open_:
                break
            decisions = [(open_[rng.below(len(open_))], LINE + rng.below(2))
                         for _ in range(1 + rng.below(3))]
            loops, cascade = bool(rng.below(4)), bool(step % 7)
            outcome = settled_alike(board, decisions, loops, cascade)
            outcomes.add((outcome, cascade))
            if outcome:  # walk on from the settled board
                settle(board, decisions, loops, cascade)
    assert outcomes == {(True, True), (False, True), (True, False), (False, False)}


def test_the_compiled_cascade_refuses_a_board_of_other_sides(extension):
    board = Board(frame_of(5, 5), clues_of([0] * 25))
    with pytest.raises(ValueError, match="edges and dots of another size"):
        extension.slitherlink_settle(5, 6, clues_of([0] * 30), board.edges, board.partner,
                                     board.length, 0, False, [], True, True)
    with pytest.raises(ValueError, match="a decision out of range"):
        extension.slitherlink_settle(5, 5, board.clues, board.edges, board.partner,
                                     board.length, 0, False, [(999, 1)], True, True)
