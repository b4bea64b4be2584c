"""`bookmaker generate` and `derive`: commands that make puzzles."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import click

from ..core.board.grid import format_grid
from ..core.board.moves import BoardMove
from ..core.board.shape import SYMMETRIES
from ..core.board.transform import Transformation, derived, each_derived
from ..core.generate.graded import DIFFICULTIES
from ..core.kinds.kind import Kind, clues_problem
from ..core.puzzle import Puzzle
from ..core.rating.ranges import parse_rating_range
from ..core.solve.verify import verify_puzzle
from ..puzzles.produce import each_generate_job
from ..puzzles.puzzlefile import PuzzleLine
from .common import INPUT_FILE, DelayedProgressBar, main
from .options import (
    board_from_options,
    frame_from_options,
    proven_or_exit,
    read_or_exit,
    seed_option,
    size_options,
    variant_option,
)
from .workers import executor_option, producing, worker_count

# derive: a puzzle's copies up to this many are all found before the first is printed,
# so that a small board running out of copies prints none of them; more are streamed.
COPIES_FOUND_FIRST = 10_000


@main.command()
@click.option("--size", metavar="NxN", default="9x9", show_default=True,
              help="Board size: 4x4 to 25x25 for Sudoku; each kind says its own sizes "
                   "when asked for one it does not make.")
@click.option("--box", metavar="RxC",
              help="Box shape, rows x columns, when not the usual one (e.g. 3x2 on 6x6).")
@variant_option
@click.option("--count", metavar="N", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many puzzles.")
@seed_option("Any integer or text. The same options and seed give the same puzzles; "
             "--count 5 gives the first 5 of --count 10.")
@click.option("--symmetry", type=click.Choice(SYMMETRIES), default="none", show_default=True,
              help="Symmetry of the clue pattern.")
@click.option("--clues", "target_clues", metavar="K", type=click.IntRange(min=0), default=0,
              help="Stop removing clues once K remain (a puzzle keeps more if it cannot "
                   "get that low and stay unique). Default: remove while unique.")
@click.option("--difficulty", type=click.Choice(DIFFICULTIES), default="any", show_default=True,
              help="The grade every puzzle must have exactly (see `bookmaker grade`).")
@click.option("--rating", "rating_text", metavar="LO-HI",
              help="The SE rating range every puzzle must be rated in, like 7.0-8.5, or one "
                   "rating, like 7.2 (see `bookmaker rate`); with --difficulty, both hold.")
@click.option("--jobs", "jobs_option", metavar="J", type=click.IntRange(min=0), default=1,
              show_default=True,
              help="Worker processes, 0 for one per CPU (at most 4 per CPU). The output "
                   "never depends on it.")
@executor_option
@click.option("--registry", "registry_path", metavar="FILE",
              help="Skip every puzzle equivalent to one this registry holds (or to one "
                   "printed before), and register those printed: running again with the "
                   "same seed prints new puzzles.")
def generate(size, box, kind, count, seed, symmetry, target_clues, difficulty,
             rating_text, jobs_option,
             executor, registry_path) -> None:
    """Print --count unique puzzles, one per line, each as soon as it is made.

    Every puzzle is proven unique while generating and checked again by an
    independent Dancing Links solver (a Killer: by the independent Killer check)
    before it is printed. A progress bar appears on stderr for long runs in a
    terminal; stdout holds only puzzles.
    """
    shape = frame_from_options(size, box, kind)  # the classic board it is made on
    check_kind_options(kind, symmetry, target_clues, rating_text)
    board = kind.describe(shape)
    clues_wrong = clues_problem(target_clues, board) if target_clues else None
    if clues_wrong:
        raise click.BadParameter(clues_wrong, param_hint="'--clues'")
    if target_clues and difficulty != "any":
        raise click.UsageError("--clues and --difficulty cannot be used together: the grade "
                               "decides how many clues remain")
    if kind.grade_problem(shape, difficulty):
        raise click.BadParameter(kind.grade_problem(shape, difficulty),
                                 param_hint="'--difficulty'")
    rating = _rating_option(rating_text, target_clues)
    # Only `--registry` keeps more than the givens: rate for it alone (issue 24).
    jobs = each_generate_job(shape, seed, symmetry, target_clues, difficulty, rating,
                             kind, record_rating=registry_path is not None)
    workers = worker_count(jobs_option)
    if registry_path is not None:
        named = "".join(f" {word}" for word in kind.seed_words)
        issue = f"{shape} {shape.box_text}{named} {symmetry} {difficulty} seed {seed}" + \
            (f" rated {rating}" if rating else "")
        from .registering import print_unregistered  # sqlite3 loads only for a registry

        print_unregistered(registry_path, issue, jobs, count, workers, executor)
        return
    with producing(itertools.islice(jobs, count), count, workers, executor) as puzzles, \
            DelayedProgressBar(count, "Generating", beside_output=True) as progress:
        for done, puzzle in enumerate(puzzles, 1):
            click.echo(puzzle_text(puzzle))
            progress.update(done)


def check_kind_options(kind: Kind, symmetry: str, target_clues: int,
                       rating_text: str | None) -> None:
    """The options the kind does not take (a Killer: --symmetry, --clues, --rating) are a
    usage error, by the rule the spec follows too."""
    refused = kind.options_problem(symmetry, target_clues or None, rating_text)
    if refused:
        option, why = refused
        raise click.UsageError(f"--{option} does not apply to --variant {kind.name}: {why}")


def puzzle_text(puzzle: Puzzle) -> str:
    """A puzzle's line, as its kind writes it (a Killer's with its cages and sums)."""
    return puzzle.kind.line(puzzle)


def _rating_option(text: str | None, target_clues: int):
    """--rating as a RatingRange (None if not given); a usage error if it is malformed or
    comes with --clues."""
    if text is None:
        return None
    if target_clues:
        raise click.UsageError("--clues and --rating cannot be used together: the rating "
                               "decides how many clues remain")
    try:
        return parse_rating_range(text)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="'--rating'") from None


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
        raise click.UsageError(f"derive makes copies of puzzles with givens; it does not "
                               f"take --variant {kind.name} yet")
    puzzle_file = read_or_exit(ctx, file, board_from_options(size, box, kind), kind)
    puzzles = proven_or_exit(ctx, puzzle_file)
    for line, puzzle in zip(puzzle_file.lines, puzzles):
        for copy in copies_or_exit(ctx, line, puzzle, count, seed):
            click.echo(format_grid(copy.givens))


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
