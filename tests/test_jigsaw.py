"""Jigsaw layouts drawn from the seed: the rules every layout keeps, on every size from
4x4 to 12x12 (primes included), and the same layout for the same seed."""

from __future__ import annotations

import pytest

from bookmaker.core.board.jigsaw import box_share_limit, numbered_by_first_cell
from bookmaker.core.board.shape import REGION_LETTERS, conventional_box
from bookmaker.core.generate.jigsaw import jigsaw_layout
from bookmaker.core.generate.removal import generate, seeded_fill
from bookmaker.core.registry import verify_puzzle

# jigsaw_layout(9, 2026), row by row
LAYOUT_9X9_2026 = ("AAAAAABBC", "AADDDABCC", "DDDDDBBCC", "DEEEBBCCC", "FEEEBBCGG",
                   "FFEEHHHGG", "FFEFHHHGG", "IFFFHHHGG", "IIIIIIIIG")


def boxes_of(n: int) -> list[set[int]]:
    rows, cols = conventional_box(n)
    return [{(top + r) * n + left + c for r in range(rows) for c in range(cols)}
            for top in range(0, n, rows) for left in range(0, n, cols)]


@pytest.mark.parametrize("n", range(4, 13))
def test_every_layout_keeps_the_rules(n):
    shape = jigsaw_layout(n, n)
    regions = [{c for c in range(n * n) if shape.regions[c] == k} for k in range(n)]
    assert all(len(cells) == n for cells in regions)  # Shape itself checks connectivity
    for cells in regions:
        assert len({c // n for c in cells}) > 1 and len({c % n for c in cells}) > 1
    limit = box_share_limit(n)
    if n in (5, 7, 11):
        assert limit == n
    else:
        assert limit == (n + 1) // 2
        assert max(len(cells & box) for cells in regions for box in boxes_of(n)) <= limit
    assert shape.regions == numbered_by_first_cell(shape.regions)
    seeded_fill(shape, n)  # the puzzle's own fill succeeds (GenerationError otherwise)


def test_the_same_seed_draws_the_same_layout_and_others_differ():
    assert jigsaw_layout(9, 2026) == jigsaw_layout(9, 2026)
    rows = ["".join(REGION_LETTERS[r] for r in jigsaw_layout(9, 2026).regions[i:i + 9])
            for i in range(0, 81, 9)]
    assert tuple(rows) == LAYOUT_9X9_2026
    assert len({jigsaw_layout(9, seed).regions for seed in range(6)}) == 6


@pytest.mark.parametrize("n", [3, 19, 25, 26])
def test_sizes_outside_4_to_18_are_refused(n):
    with pytest.raises(ValueError, match=f"a jigsaw is 4x4 to 18x18, got {n}x{n}"):
        jigsaw_layout(n, 1)


@pytest.mark.parametrize("n, seed", [(13, 1), (16, 2)])
def test_a_jigsaw_larger_than_12x12_is_made_and_proven(n, seed):
    # A tiling of more cells than TILE_NODES gets twice its cells as a budget (150 nodes
    # could never place 169 cells), and its layout is checked with every fill attempt.
    puzzle = generate(jigsaw_layout(n, seed), seed)
    verify_puzzle(puzzle)
    assert puzzle.shape.size == n and puzzle.givens.clue_count < n * n // 2


def test_regions_are_numbered_in_order_of_their_first_cell():
    assert numbered_by_first_cell((2, 2, 0, 1, 0, 1)) == (0, 0, 1, 2, 1, 2)
