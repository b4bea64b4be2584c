"""`bookmaker derive`: new puzzles made from a puzzle by the moves that keep its solution
count (relabelling, band and stack shuffles, turns and mirrors)."""

from __future__ import annotations

from collections.abc import Iterator

import click

from ..core.board.grid import format_grid
from ..core.board.moves import BoardMove
from ..core.board.transform import Transformation, derived, each_derived
from ..core.kinds.kind import Kind
from ..core.puzzle import Puzzle
from ..core.registry import all_kinds, verify_puzzle
from ..puzzles.puzzlefile import PuzzleLine
from .common import INPUT_FILE, main
from .options import (
    board_from_options,
    proven_or_exit,
    read_or_exit,
    seed_option,
    size_options,
    variant_option,
)

# A puzzle's copies up to this many are all found before the first is printed, so that a
# small board running out of copies prints none of them; more are streamed.
COPIES_FOUND_FIRST = 10_000


@main.command()
@click.argument("file", default="-", type=INPUT_FILE)
@size_options
@variant_option
@click.option("--count", metavar="N", type=click.IntRange(min=1), default=1, show_default=True,
              help="Copies of each puzzle.")
@seed_option("Any integer or text. The same puzzle and seed give the same copies; "
             "--count 3 gives the first 3 of --count 5.")
@click.pass_context
def derive(ctx, file, size, box, kind, count, seed) -> None:
    """Print --count new puzzles made from each puzzle: its digits relabelled, its bands,
    stacks, and rows and columns within them shuffled (and, with square boxes, maybe
    transposed). To a solver each is the same puzzle, of the same grade; it looks new.
    A variant's copies keep its extra units: X and Hyper use the moves that keep the
    diagonals or windows, Jigsaw (regions and all) and Samurai turns and mirrors.

    Reads FILE, or stdin if FILE is '-' or missing; prints the copies of the first puzzle,
    then those of the next, each as soon as it is made. Copies differ from their puzzle and
    from each other. Each puzzle must have exactly one solution (each copy is checked again
    by Dancing Links): otherwise FILE:LINE: what is wrong, on stderr, nothing printed,
    exit code 1. A puzzle with fewer distinct copies than asked (a small board) is named
    on stderr, exit code 1, and none of its copies is printed (when --count is at most
    10,000; beyond that, copies are printed as they are found).
    """
    if not kind.derives:
        raise click.UsageError(derive_refusal(kind))
    puzzle_file = read_or_exit(ctx, file, board_from_options(size, box, kind), kind)
    puzzles = proven_or_exit(ctx, puzzle_file)
    for line, puzzle in zip(puzzle_file.lines, puzzles):
        for copy in copies_or_exit(ctx, line, puzzle, count, seed):
            click.echo(format_grid(copy.givens))


def derive_refusal(kind: Kind) -> str:
    """Why derive does not take a kind: the kinds it does take, as the registry has them."""
    taken = [other.name for other in all_kinds() if other.derives]
    return (f"derive makes copies of {', '.join(taken[:-1])} and {taken[-1]} puzzles; it "
            f"does not take --variant {kind.name}")


def copies_or_exit(ctx: click.Context, line: PuzzleLine, puzzle: Puzzle, count: int,
                   seed: int | str) -> Iterator[Puzzle]:
    """count transformed copies of the puzzle, each verified by Dancing Links; or (too few
    distinct copies) the problem on stderr and exit 1."""
    try:
        transformations = derived(puzzle.givens, count, seed) \
            if count <= COPIES_FOUND_FIRST else each_derived(puzzle.givens, count, seed)
        for transformation in transformations:
            yield verified_copy(puzzle, transformation)
    except ValueError as err:
        click.echo(f"{line.where}: {err}", err=True)
        ctx.exit(1)


def verified_copy(puzzle: Puzzle, transformation: Transformation | BoardMove) -> Puzzle:
    copy = Puzzle(transformation.apply(puzzle.givens), transformation.apply(puzzle.solution),
                  seed=0)
    verify_puzzle(copy)  # the group keeps uniqueness; this proves it once more
    return copy
