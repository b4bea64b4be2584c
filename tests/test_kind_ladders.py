"""A book's explanations rank and group each puzzle's techniques by its own kind's ladder:
the glossary easiest first by the ladder of the kind that used a technique, a solving path
saying a run of the kind's singles at once."""

from __future__ import annotations

import re
from functools import cache

import pytest
from exchangedata import LINES, puzzle_of

from bookmaker.book.explain import Solved, path_pieces, solve_each, techniques_used
from bookmaker.book.plan import PlannedPuzzle
from bookmaker.core.grade.grades import GRADES
from bookmaker.core.puzzle import Puzzle
from bookmaker.core.registry import all_kinds, kind_of_puzzle
from bookmaker.design.catalogue import load_catalogue

ENGLISH = load_catalogue("en")


def planned(count: int) -> list[PlannedPuzzle]:
    return [PlannedPuzzle(None, None, 0, index, index + 1, f"p-{index + 1}")  # type: ignore
            for index in range(count)]


@cache
def solved(key: str) -> Solved:
    return solve_each(planned(1), [puzzle_of(key)])[0]


def ladder_order(puzzle: Puzzle, names: list[str]) -> list[str]:
    rank = {tech.name: (GRADES.index(tech.grade), tech.weight)
            for tech in kind_of_puzzle(puzzle).techniques}
    return sorted(names, key=rank.__getitem__)


def test_every_kind_has_a_ladder_naming_every_technique_its_grader_uses():
    for key in LINES:
        puzzle, steps = puzzle_of(key), solved(key).steps
        ladder = [tech.name for tech in kind_of_puzzle(puzzle).techniques]
        assert steps and {step.technique for step in steps} <= set(ladder), key
        assert set(kind_of_puzzle(puzzle).singles) <= set(ladder), key
    assert {kind_of_puzzle(puzzle_of(key)) for key in LINES} == set(all_kinds())


@pytest.mark.parametrize("key", LINES)
def test_the_glossary_ranks_a_kinds_techniques_by_its_own_ladder(key):
    used = techniques_used([solved(key)])
    assert used == ladder_order(puzzle_of(key), used)


def test_the_number_kinds_techniques_are_ranked_not_left_last():
    assert techniques_used([solved("kakuro 8x8")]) == [
        "last cell", "unique combination", "naked single", "combination intersection",
        "unique digit"]
    assert techniques_used([solved("skyscrapers")]) == [
        "full house", "edge clues (1 and N)", "hidden single", "clue bounds", "naked single",
        "visibility (short lines)"]
    # A name two ladders share takes the easier rank: a naked single is beginner in both.
    both = techniques_used([solved("kakuro 8x8"), solved("classic")])
    assert both.index("hidden single") < both.index("naked single") < \
        both.index("locked candidates (pointing)")


def test_a_kakuro_path_says_a_run_of_its_singles_at_once():
    lines = path_pieces([solved("kakuro 8x8")], ENGLISH)[-1].lines
    lines = tuple(line.replace("\u00a0", " ") for line in lines)  # no break in an equation
    assert lines[6:8] == (
        "7. Naked single: r2c6 = 1, r2c7 = 2, r3c2 = 1, r3c3 = 3, r3c6 = 3, r2c2 = 2.",
        "8. Last cell: r2c3 = 4 (run 6 across at r2c2).")
    # A run of one single is one step, its placements grouped by the runs they rest on.
    steps = [re.sub(r"^\d+\. ", "", line).rstrip(".") for line in lines]
    assert len(steps) == 40
    named = [step.split(":")[0] for step in steps]
    singles = ("Last cell", "Naked single", "Unique digit")
    assert not [a for a, b in zip(named, named[1:]) if a == b and a.startswith(singles)]
