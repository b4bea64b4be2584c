"""Skyscrapers' second proof (skyscrapers/check.py) keeps each line's orderings as numbers,
one bit per place and height: the same counts, solutions, completeness and nodes as the
sets of heights it used before, pinned over random cases of 4x4 to 6x6 (some clues and
givens of a Latin square: one solution, several, none after a wrong given, some past
their node budget)."""

from __future__ import annotations

import hashlib
from itertools import permutations

import pytest

from bookmaker.core.rng import Rng
from bookmaker.core.skyscrapers.check import _options, _placed, check_skyscrapers
from bookmaker.core.skyscrapers.clues import all_clues, clue_items, clues_of, seen

# The cases' results on main before the change (51f6d6e), as one digest.
PINNED = "72e78ab10a2fbcde"


def square(n: int, rng: Rng) -> tuple[int, ...]:
    """A Latin square: the cyclic one with its rows, columns and heights shuffled."""
    rows, cols, heights = rng.shuffled(range(n)), rng.shuffled(range(n)), rng.shuffled(range(n))
    return tuple(heights[(rows[r] + cols[c]) % n] + 1 for r in range(n) for c in range(n))


def case(seed: int):
    rng = Rng(seed)
    n = 4 + seed % 3
    solution = square(n, rng)
    places = [p for p in clue_items(all_clues(n, solution)) if rng.below(3)]
    givens = [v if rng.below(10) == 0 else 0 for v in solution]
    if seed % 7 == 6:
        givens[0] = 1 + solution[0] % n  # a wrong given: no solution
    return clues_of(n, solution, places), givens, (2, 1000)[seed % 2], (3, 20_000)[seed % 3 > 0]


def test_the_check_finds_what_it_found_before_in_the_same_nodes():
    digest = hashlib.sha256()
    outcomes = set()
    for seed in range(45):
        clues, givens, limit, max_nodes = case(seed)
        result = check_skyscrapers(clues, givens, limit, max_nodes)
        digest.update(repr(result).encode())
        outcomes.add("out of nodes" if not result.complete else min(result.count, 2))
    assert outcomes == {"out of nodes", 0, 1, 2}
    assert digest.hexdigest()[:16] == PINNED


def test_a_lines_orderings_are_those_that_keep_its_givens_and_show_its_clues():
    """_options (scanning only the orderings that put its first given in place) lists,
    in permutation order, every ordering of the line its givens and clues allow."""
    rng = Rng(7)
    for _ in range(300):
        n = 4 + rng.below(3)
        givens = [1 + rng.below(n) if rng.below(3) == 0 else 0 for _ in range(n)]
        front, back = rng.below(n + 1), rng.below(n + 1)
        expected = [_placed(n, enumerate(o)) for o in permutations(range(1, n + 1))
                    if all(g in (0, h) for g, h in zip(givens, o))
                    and front in (0, seen(o)) and back in (0, seen(o[::-1]))]
        assert _options(n, givens, front, back) == expected


@pytest.mark.compiled_core
def test_the_compiled_check_filters_each_lines_orderings_as_options_does():
    """check_skyscrapers hands C each line's shared orderings and a (places, heights) fit
    to filter them by (check._source): the same answer as C given _options' lists."""
    from bookmaker.core import compiled
    from bookmaker.core.skyscrapers.check import _lines, _source

    checker = compiled.skyscrapers_checker()
    assert checker is not None
    for seed in range(30):
        clues, givens, limit, most = case(seed)
        n = clues.size
        lines = _lines(n, clues)
        options = [_options(n, [givens[c] for c in cells], front, back)
                   for cells, front, back in lines]
        sources = [_source(n, [givens[c] for c in cells], front, back)
                   for cells, front, back in lines]
        assert checker(n, [orderings for orderings, _ in sources], limit, most,
                       [fit for _, fit in sources]) == checker(n, options, limit, most)


@pytest.mark.compiled_core
def test_the_compiled_check_reads_packed_orderings_as_it_reads_ints():
    """C reads a line's orderings packed (check._packed: bytes, no int converted one by
    one), as check_skyscrapers hands them, to the same answer as from the ints."""
    from bookmaker.core import compiled
    from bookmaker.core.skyscrapers.check import _lines, _source

    checker = compiled.skyscrapers_checker()
    assert checker is not None
    for seed in range(30):
        clues, givens, limit, most = case(seed)
        n = clues.size
        line_givens = [([givens[c] for c in cells], front, back)
                       for cells, front, back in _lines(n, clues)]
        ints = [_source(n, *line) for line in line_givens]
        packed = [_source(n, *line, packed=True) for line in line_givens]
        assert [len(o) for o, _ in packed] == [8 * len(o) for o, _ in ints]
        assert checker(n, [o for o, _ in packed], limit, most, [fit for _, fit in packed]) \
            == checker(n, [o for o, _ in ints], limit, most, [fit for _, fit in ints])
    with pytest.raises(ValueError, match="8 bytes each"):
        checker(4, [b"\0" * 7] + [b""] * 7, 2, 100)
