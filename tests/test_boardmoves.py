"""Each variant's own group: every move keeps the board's units, the groups are complete
on small boards (checked against every classic move), and canonical forms and repeat keys
are the same for equivalent variant puzzles and differ for others."""

from __future__ import annotations

from itertools import permutations, product

import pytest

from bookmaker.core.board import moves as boardmoves
from bookmaker.core.board.grid import Grid, format_grid, is_solution_of
from bookmaker.core.board.moves import BoardMove, moves_of, random_move, variant_form
from bookmaker.core.board.shape import board_of
from bookmaker.core.board.transform import derived, equivalence_key, repeat_key
from bookmaker.core.generate.removal import generate, seeded_fill
from bookmaker.core.registry import kind_named
from bookmaker.core.rng import Rng


def made(variant: str, seed: int):
    return generate(kind_named(variant).board(kind_named(variant).frame(9), seed), seed)


def block_orders(n: int, block: int):
    for starts in permutations(range(0, n, block)):
        for parts in product(*(permutations(range(s, s + block)) for s in starts)):
            yield tuple(x for part in parts for x in part)


def keeps_units(board, target, sources) -> bool:
    units = {frozenset(u.cells) for u in board.units}
    return all(frozenset(sources[c] for c in u.cells) in units for u in target.units)


@pytest.mark.parametrize("box, variant", [((2, 2), "x"), ((2, 3), "x"), ((2, 2), "hyper")])
def test_a_small_boards_group_is_every_classic_move_that_keeps_its_units(box, variant):
    board = board_of(*box, variant)
    n = board.size
    transposes = (False, True) if box[0] == box[1] else (False,)
    kept = {(t, rows, columns) for t in transposes for rows in block_orders(n, box[0])
            for columns in block_orders(n, box[1])
            if keeps_units(board, board, boardmoves._sources(board, t, rows, columns))}
    assert kept == set(moves_of(board))


@pytest.mark.parametrize("board, count", [(board_of(3, 3, "x"), 96),
                                          (board_of(3, 3, "hyper"), 128),
                                          (board_of(3, 3, "samurai"), 8),
                                          (board_of(3, 4, "x"), 48)], ids=str)
def test_every_move_keeps_the_units_identity_first(board, count):
    moves = moves_of(board)
    assert len(moves) == count and len(set(moves)) == count
    n = board.frame[0]
    assert moves[0] == (False, tuple(range(n)), tuple(range(n)))
    assert all(keeps_units(board, board, boardmoves._sources(board, *m)) for m in moves)


def test_a_jigsaw_turns_and_mirrors_with_its_regions():
    puzzle = made("jigsaw", 4)
    moves = [BoardMove(*move, (2, 1, 3, 4, 5, 6, 7, 8, 9)) for move in moves_of(puzzle.shape)]
    images = [move.apply(puzzle.givens) for move in moves]
    assert len({image.shape for image in images}) == 8  # a drawn layout has no symmetry
    for move, image in zip(moves, images):
        solution = move.apply(puzzle.solution)
        assert solution.shape == image.shape and is_solution_of(solution, image)
        assert keeps_units(puzzle.shape, image.shape,
                           boardmoves._sources(puzzle.shape, move.transpose, move.rows,
                                               move.columns))


@pytest.mark.parametrize("variant", ["x", "hyper", "jigsaw", "samurai"])
def test_the_canonical_form_is_the_same_for_every_copy_and_differs_between_puzzles(variant):
    puzzles = [made(variant, seed).givens for seed in range(3)]
    forms = [variant_form(p) for p in puzzles]
    assert len(set(forms)) == 3
    for puzzle, form in zip(puzzles, forms):
        for draw in range(3):
            assert variant_form(random_move(puzzle.shape, Rng(draw)).apply(puzzle)) == form


def test_keys_name_the_board_and_fall_back_to_exact_givens_for_large_groups():
    assert equivalence_key(made("x", 1).givens).startswith("x 3x3:")
    assert equivalence_key(made("hyper", 1).givens).startswith("hyper 3x3:")
    jigsaw = equivalence_key(made("jigsaw", 1).givens)
    assert jigsaw.startswith("jigsaw 9x9:") and jigsaw.count(":") == 2
    assert repeat_key(made("samurai", 1).givens).startswith("samurai:")
    x16 = board_of(4, 4, "x")  # 18,432 moves: keyed by its exact givens
    grid = Grid(x16, seeded_fill(x16, 1)[0])
    assert repeat_key(grid) == "x 4x4=" + format_grid(grid)


def test_derived_copies_of_a_variant_keep_its_units_and_its_form():
    puzzle = made("hyper", 2)
    copies = [t.apply(puzzle.givens) for t in derived(puzzle.givens, 4, 9)]
    assert len({c.cells for c in copies} | {puzzle.givens.cells}) == 5
    assert all(variant_form(c) == variant_form(puzzle.givens) for c in copies)
    assert all(c.shape == puzzle.shape for c in copies)


VARIANT_KEYS = {  # as registries hold them: must never change
    "x": "x 3x3:000000000000010000203000456000000000050003060760000005001000000006000000070800200",
    "hyper": "hyper 3x3:00000001000000102000030004000450000000360000070000060010000000280006"
             "0000050004000",
    "jigsaw": "jigsaw 9x9:AAAAAAAABACCCBBBBBCCCBBDDDBECCCDDDDDEFFFFFDGGEEHHFFFGGEHHHFIIIGEEHHIIIG"
              "GEEHHIIIGG:001002000000031000000400005006700000107004800000000940000600000000000"
              "508700000300",
}


@pytest.mark.parametrize("variant", sorted(VARIANT_KEYS))
def test_variant_keys_are_pinned(variant):
    assert repeat_key(made(variant, 1).givens) == VARIANT_KEYS[variant]


def test_a_group_too_large_stays_too_large_when_asked_again():
    x16 = board_of(4, 4, "x")  # the failure is kept per board, not listed again per key
    for seed in (1, 2):
        with pytest.raises(boardmoves.TooManyMoves):
            moves_of(x16)
        grid = Grid(x16, seeded_fill(x16, seed)[0])
        assert repeat_key(grid) == "x 4x4=" + format_grid(grid)
