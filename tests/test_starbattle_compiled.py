"""The Star Battle's propagation in C (csrc/starprop.c) is rules.py's propagate: the same
state after it, or a contradiction both see, along random walks of decisions on pinned
layouts, regions grown at random (some cells in none, as the generator's partly grown
ones) and every band width, with and without 2x2 blocks. Its contradiction trials are
grade.py's first_clash: the same cell and value on the same states. Its second proof in C
(csrc/starcount.c) counts as count.py's count_starbattle."""

from __future__ import annotations

from pathlib import Path

import pytest

from bookmaker.core import compiled
from bookmaker.core.rng import Rng
from bookmaker.core.starbattle.count import count_starbattle
from bookmaker.core.starbattle.generate import _regions, _star_rows, place_stars
from bookmaker.core.starbattle.grade import first_clash
from bookmaker.core.starbattle.layout import Layout
from bookmaker.core.starbattle.rules import Contradiction, masks, masks_of, propagate, propagated
from bookmaker.core.starbattle.text import parse_layout

pytestmark = pytest.mark.compiled_core

PINNED = Path(__file__).parent / "data" / "starbattle-200.txt"


def grown(n: int, k: int, rng: Rng, left_out: int) -> tuple[int, ...]:
    """Regions grown at random around a star placement, `left_out` cells then taken out of
    any (as the generator's partly grown regions)."""
    owner = None
    while owner is None:
        owner = _regions(n, k, place_stars(n, k, rng), rng)
    for cell in rng.shuffled(range(n * n))[:left_out]:
        owner[cell] = -1
    return tuple(sum(1 << c for c in range(n * n) if owner[c] == g) for g in range(n))


def tables(rng: Rng):
    """Every 25th pinned layout (5x5 to 10x10), and grown ones of 11x11 to 14x14."""
    lines = PINNED.read_text().splitlines()[::25]
    found = [masks(parse_layout(line.split(maxsplit=3)[3])) for line in lines]
    for n, k in ((11, 2), (12, 2), (14, 3), (14, 3)):
        found.append(masks_of(n, k, grown(n, k, rng, 0)))
        found.append(masks_of(n, k, grown(n, k, rng, n)))
    return found


def outcome(propagation, table, stars: int, open_: int, widest: int, room: bool):
    try:
        return propagation(table, stars, open_, widest, room)
    except Contradiction:
        return None


def walk(table, rng: Rng, widest: int, room: bool) -> list:
    """Both cores' propagation along one random walk of decisions, until a contradiction
    or no open cell: each state they reach, alike."""
    stars, open_, seen = 0, (1 << table.size ** 2) - 1, []
    while open_:
        pure = outcome(propagated, table, stars, open_, widest, room)
        assert outcome(propagate, table, stars, open_, widest, room) == pure
        seen.append(pure)
        if pure is None:
            break
        stars, open_ = pure
        cells = [c for c in range(table.size ** 2) if open_ >> c & 1]
        if not cells:
            break
        bit = 1 << cells[rng.below(len(cells))]
        stars, open_ = (stars | bit if rng.below(6) == 0 else stars), open_ & ~bit
    return seen


def test_the_compiled_propagation_reaches_the_pythons_states(extension):
    # 16 layouts, 4 walks each on 6 settings: about 1 s of CPU, most of it the Python.
    rng, contradictions, settled = Rng(39), 0, 0
    assert compiled.starbattle_propagator() is extension.starbattle_propagate
    for table in tables(rng):
        n = table.size
        for widest, room in ((1, False), (n // 2, True), (n - 1, True), (n - 1, False)):
            for _ in range(2):
                states = walk(table, rng, widest, room)
                contradictions += states[-1] is None
                settled += sum(state is not None for state in states)
    assert contradictions > 50 and settled > 200


def test_the_compiled_trials_find_the_pythons_clash(extension):
    # a dozen cells tried on each of the grown layouts: about 1 s of CPU, the Python's
    rng, found = Rng(7), 0
    for table in tables(rng)[-8:]:
        cells = table.size ** 2
        tried = sum(1 << c for c in rng.shuffled(range(cells))[:12])
        with compiled.using(False):
            pure = first_clash(table, 0, (1 << cells) - 1, table.size - 1, tried)
        assert first_clash(table, 0, (1 << cells) - 1, table.size - 1, tried) == pure
        found += pure is not None
    assert found >= 2


def test_the_compiled_propagation_refuses_what_it_cannot_hold(extension):
    regions = tuple(((1 << 5) - 1) << 5 * r for r in range(5))
    with pytest.raises(ValueError, match="size must be from 2 to 16"):
        extension.starbattle_propagate(17, 1, regions, 0, 0, 1, False)
    with pytest.raises(ValueError, match="expected 5 masks"):
        extension.starbattle_propagate(5, 1, regions[:4], 0, 0, 1, False)
    with pytest.raises(ValueError, match="outside the board"):
        extension.starbattle_propagate(5, 1, regions, 1 << 25, 0, 1, False)
    assert extension.starbattle_propagate(5, 1, regions, 1, 0, 1, False) is None


def test_the_compiled_count_counts_as_the_python(extension):
    # every 20th pinned layout (5x5 to 10x10, one solution) and regions grown around drawn
    # stars (one or more), each limit 1 to 3: about 1 s of CPU, the Python's
    rng, seen = Rng(5), set()
    assert compiled.starbattle_counter() is extension.starbattle_count
    layouts = [parse_layout(line.split(maxsplit=3)[3])
               for line in PINNED.read_text().splitlines()[::20]]
    for n, k in ((6, 1), (8, 1), (9, 2), (10, 2)) * 2:
        regions = None
        while regions is None:
            regions = _regions(n, k, place_stars(n, k, rng), rng)
        layouts.append(Layout(n, k, tuple(regions)))
    for layout in layouts:
        for limit in (1, 2, 3):
            with compiled.using(False):
                pure = count_starbattle(layout, limit)
            assert count_starbattle(layout, limit) == pure
            seen.add(pure)
    assert {1, 2, 3} <= seen


def test_the_compiled_star_rows_draw_as_the_python(extension):
    # 5x5 to 14x14 from a few seeds, drawn and given up alike, the stream left alike
    assert compiled.starbattle_star_rower() is extension.starbattle_star_rows
    outcomes = set()
    for n, k in ((5, 1), (8, 1), (10, 2), (12, 2), (14, 3)):
        for seed in range(3 if n < 12 else 1):
            with compiled.using(False):
                pure = Rng(seed)
                rows = _star_rows(n, k, pure)
            fast = Rng(seed)
            assert _star_rows(n, k, fast) == rows and fast.state == pure.state, (n, seed)
            outcomes.add(rows is None)
    assert outcomes == {True, False}
