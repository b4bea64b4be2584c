"""The rater's fast link tables and closing pre-screen against their plain definitions:
each candidate's links as a bitmask equal to its list of links, and the two-links-a-step
search equal to the one-link-a-step breadth-first search it replaced (its three answers
and the work it charges), on positions with candidates struck at random."""

from __future__ import annotations

import random

from puzzledata import DATA

from bookmaker.core.bits import bits_of, mask_of
from bookmaker.core.board.grid import parse_grid
from bookmaker.core.grade.candidates import Candidates
from bookmaker.core.rating import basics
from bookmaker.core.rating.board import board_of
from bookmaker.core.rating.chains import StaticLinks
from bookmaker.core.rating.hints import Budget
from bookmaker.core.rating.nested import _closing

HARDEST = ("000400000050080206000007000200040000300000010005030802500060308006000095008000000",
           "003000009450009200009003054000060000600900800005008020010700000000000000004005092")


def positions() -> list[Candidates]:
    """Full pencil marks of two hard puzzles and of se_rated records, then each with a
    fifth of its open candidates struck (where a cell keeps one at least)."""
    lines = (DATA / "se_rated-sample.txt").read_text().split("\n")
    puzzles = list(HARDEST) + [line.split()[1] for line in lines[::40] if line.strip()]
    states, rng = [], random.Random(26)
    for puzzle in puzzles:
        states.append(Candidates.from_grid(parse_grid(puzzle)))
        struck = Candidates.from_grid(parse_grid(puzzle))
        for cell in bits_of(struck.open_cells):
            for d in bits_of(struck.cell_digits[cell]):
                if struck.cell_digits[cell].bit_count() > 1 and rng.random() < 0.2:
                    struck.eliminate(cell, d + 1)
        states.append(struck)
    return states


def union(table: list[int], front: int) -> int:
    return mask_of(q for p in bits_of(front) for q in bits_of(table[p]))


def closing_by_links(tables: StaticLinks, cand: int, y: bool, x: bool) -> tuple:
    """The pre-screen as first written: one link a step, a unit of work a layer."""
    offs_of, ons_of = tables.off_table(y), tables.on_table(y, x)
    closing, front, seen_on, seen_off, depth, layers = ons_of[cand], 1 << cand, 1 << cand, 0, 1, 0
    cycle = chain = False
    while front:
        layers += 1
        offs = union(offs_of, front)
        cycle = cycle or depth >= 3 and bool(offs & closing)
        chain = chain or x and bool(offs >> cand & 1)
        offs &= ~seen_off
        seen_off |= offs
        front = union(ons_of, offs) & ~seen_on
        seen_on |= front
        depth += 2
    off_chain = False
    if x:
        offs_of, ons_of = tables.off_table(y), tables.on_table(y, True)
        front = seen_off = 1 << cand
        seen_on = 0
        while front:
            layers += 1
            ons = union(ons_of, front)
            if ons >> cand & 1:
                off_chain = True
                break
            ons &= ~seen_on
            seen_on |= ons
            front = union(offs_of, ons) & ~seen_off
            seen_off |= front
    return cycle, chain, off_chain, layers


def test_link_tables_equal_link_lists():
    for state in positions():
        tables = StaticLinks(state, board_of(state.shape))
        for cell in bits_of(state.open_cells):
            for d in bits_of(state.cell_digits[cell]):
                cand = cell * 9 + d
                for y in (False, True):
                    assert tables.off_table(y)[cand] == mask_of(tables.offs(cand, y))
                    for x in (False, True):
                        assert tables.on_table(y, x)[cand] == mask_of(tables.ons(cand, y, x))


def test_closing_two_links_a_step_equals_one_link_a_step():
    checked = set()
    for state in positions():
        tables = StaticLinks(state, board_of(state.shape))
        for y, x in ((False, True), (True, False), (True, True)):
            for cell in bits_of(state.open_cells):
                for d in bits_of(state.cell_digits[cell]):
                    budget = Budget(10 ** 9)
                    got = _closing(tables, cell * 9 + d, y, x, budget)
                    *expected, layers = closing_by_links(tables, cell * 9 + d, y, x)
                    assert (*got, budget.spent) == (*expected, layers)
                    checked.add(got)
    assert len(checked) >= 4   # the positions give both answers to each question


def test_locked_candidates_in_unit_runs_finds_the_same_hints_in_order():
    board = board_of(parse_grid(HARDEST[0]).shape)
    for state in positions():
        hints = list(basics.locked_candidates(state, board))
        expected = []
        for group in board.lock_groups:
            for d in range(9):
                for inside, other, common in group:
                    here = state.digit_cells[d] & board.unit_masks[inside]
                    if here & (here - 1) and not here & ~common:
                        removed = state.digit_cells[d] & board.unit_masks[other] \
                            & ~board.unit_masks[inside]
                        if removed:
                            expected.append((d, inside, other))
        assert [(h.premise[0][0], h.text) for h in hints] == [
            (d, basics._lock_text(board, d, inside, other)) for d, inside, other in expected]
