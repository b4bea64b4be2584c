"""`bookmaker generate`: the command that makes puzzles."""

from __future__ import annotations

import click

from ..core.board.shape import SYMMETRIES
from ..core.grade.grades import DIFFICULTIES
from ..core.kinds.kind import Kind, MakeRequest, clues_problem
from ..core.words import with_article
from ..design.pictures import picture_problem
from ..puzzles.produce import RUN_SEED, each_generate_job
from . import defaults
from .common import main
from .making import (
    PRODUCING_ERRORS,
    print_puzzles,
    puzzle_record_line,
    puzzle_text,
    worker_count,
)
from .options import frame_from_options, seed_option, variant_option
from .workers import executor_option


@main.command()
@click.option("--size", metavar="NxN", default=defaults.SIZE, show_default=True,
              help="Board size: 4x4 to 25x25 for Sudoku; each kind says its own sizes "
                   "when asked for one it does not make.")
@click.option("--box", metavar="RxC",
              help="Box shape, rows x columns, when not the usual one (e.g. 3x2 on 6x6).")
@variant_option
@click.option("--count", metavar="N", type=click.IntRange(min=1), default=defaults.COUNT,
              show_default=True, help="How many puzzles.")
@seed_option("Any integer or text. The same options and seed give the same puzzles; "
             "--count 5 gives the first 5 of --count 10.")
@click.option("--symmetry", type=click.Choice(SYMMETRIES), default=defaults.SYMMETRY,
              show_default=True,
              help="Symmetry of the clue pattern.")
@click.option("--clues", "target_clues", metavar="K", type=click.IntRange(min=0),
              default=defaults.CLUES,
              help="Stop removing clues once K remain (a puzzle keeps more if it cannot "
                   "get that low and stay unique). Default: remove while unique.")
@click.option("--difficulty", type=click.Choice(DIFFICULTIES), default=defaults.DIFFICULTY,
              show_default=True,
              help="The grade every puzzle must have exactly (see `bookmaker grade`).")
@click.option("--rating", "rating_text", metavar="LO-HI",
              help="The SE rating range every puzzle must be rated in, like 7.0-8.5, or one "
                   "rating, like 7.2 (see `bookmaker rate`); with --difficulty, both hold.")
@click.option("--picture", metavar="PICTURE", default="",
              help="What a Nonogram draws: a bundled picture's name or title (cat, 'A "
                   "snail'), a picture file (PNG, SVG, or a text bitmap of '#' and '.'), or "
                   "'random' for a random grid. Default: bundled pictures, picked by the seed.")
@click.option("--jobs", "jobs_option", metavar="J", type=click.IntRange(min=0),
              default=defaults.JOBS, show_default=True,
              help="Worker processes, 0 for one per CPU (at most 4 per CPU). The output "
                   "never depends on it.")
@executor_option
@click.option("--json", "as_json", is_flag=True,
              help="Print each puzzle as its JSON record on one line (JSON Lines; the record "
                   "`bookmaker export` writes: line, solution, grade, score, hardest "
                   "technique, seed, board, marks; the SE rating where one was made, as "
                   "with --rating or --registry) instead of its line alone.")
@click.option("--registry", "registry_path", metavar="FILE",
              help="Skip every puzzle equivalent to one this registry holds (or to one "
                   "printed before), and register those printed: running again with the "
                   "same seed prints new puzzles.")
def generate(size, box, kind, count, seed, symmetry, target_clues, difficulty,
             rating_text, picture, jobs_option, executor, as_json, registry_path) -> None:
    """Print --count unique puzzles, one per line, each as soon as it is made.

    Every puzzle is proven unique while generating and checked again by an
    independent Dancing Links solver (a Killer: by the independent Killer check)
    before it is printed. A progress bar appears on stderr for long runs in a
    terminal; stdout holds only puzzles (with --json, their records: what was worked
    out while making them, which a line leaves out).
    """
    request, picture = _generate_request(kind, size, box, symmetry, target_clues, difficulty,
                                         rating_text, picture)
    if registry_path is not None:
        _print_registered(kind, request, seed, picture, count, jobs_option, executor,
                          as_json, registry_path)
        return
    try:
        print_puzzles(kind, request, seed, count, jobs_option, executor, as_json, picture)
    except PRODUCING_ERRORS as err:
        raise click.ClickException(str(err)) from None


def _generate_request(kind: Kind, size, box, symmetry: str, target_clues: int,
                      difficulty: str, rating_text: str | None,
                      picture: str) -> tuple[MakeRequest, str]:
    """What generate's options ask for, and the picture it draws (checked); a usage
    error naming the option that the kind or the board refuses."""
    shape = frame_from_options(size, box, kind)  # the classic board it is made on
    check_kind_options(kind, symmetry, target_clues, rating_text)
    clues_wrong = clues_problem(target_clues, kind.describe(shape)) if target_clues else None
    if clues_wrong:
        raise click.BadParameter(clues_wrong, param_hint="'--clues'")
    if target_clues and difficulty != "any":
        raise click.UsageError("--clues and --difficulty cannot be used together: the grade "
                               "decides how many clues remain")
    not_made = kind.grade_problem(shape, difficulty)
    if not_made:
        raise click.BadParameter(not_made, param_hint="'--difficulty'")
    rating = _rating_option(rating_text, target_clues)
    picture = _picture_option(picture, kind, shape)
    drawn = picture_problem(kind, difficulty, picture)
    if drawn:
        raise click.BadParameter(drawn, param_hint="'--difficulty'")
    return MakeRequest(shape, RUN_SEED, difficulty, symmetry, target_clues, rating), picture


def _print_registered(kind: Kind, request: MakeRequest, seed, picture: str, count: int,
                      jobs_option: int, executor: str, as_json: bool,
                      registry_path: str) -> None:
    """generate --registry: the puzzles none of the registry's is equivalent to, each
    registered as it is printed, under an issue named by the options that made them."""
    jobs = each_generate_job(kind, request, seed, picture)
    shape, symmetry, difficulty = request.frame, request.symmetry, request.difficulty
    named = "".join(f" {word}" for word in kind.seed_words)
    issue = f"{shape} {shape.box_text}{named} {symmetry} {difficulty} seed {seed}" + \
        (f" rated {request.rating}" if request.rating else "")
    from .registering import print_unregistered  # sqlite3 loads only for a registry

    show = puzzle_record_line if as_json else puzzle_text
    print_unregistered(registry_path, issue, jobs, count, worker_count(jobs_option),
                       executor, show)


def check_kind_options(kind: Kind, symmetry: str, target_clues: int,
                       rating_text: str | None) -> None:
    """The options the kind does not take (a Killer: --symmetry, --clues, --rating) are a
    usage error, by the rule the spec follows too."""
    refused = kind.options_problem(symmetry, target_clues or None, rating_text)
    if refused:
        option, why = refused
        raise click.UsageError(f"--{option} does not apply to --variant {kind.name}: {why}")


def _rating_option(text: str | None, target_clues: int):
    """--rating as a RatingRange (None if not given); a usage error if it is malformed or
    comes with --clues."""
    if text is None:
        return None
    if target_clues:
        raise click.UsageError("--clues and --rating cannot be used together: the rating "
                               "decides how many clues remain")
    from ..core.rating.ranges import parse_rating_range  # only for --rating

    try:
        return parse_rating_range(text)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="'--rating'") from None


def _picture_option(picture: str, kind, shape) -> str:
    """--picture, read once here so that a bad one is told before any worker starts:
    a file's path made absolute (workers may run elsewhere)."""
    if not picture:
        return ""
    if not kind.pictured:
        raise click.BadParameter(f"{with_article(kind.title)} draws no picture",
                                 param_hint="'--picture'")
    from pathlib import Path

    from ..design.painted import picture_readers
    from ..design.pictures import RANDOM, PictureError

    bundled_name, job_picture = picture_readers(kind)
    try:
        height, width = shape.frame
        job_picture(picture, height, width, 0)  # a random grid's: only its size
    except PictureError as error:
        raise click.BadParameter(str(error), param_hint="'--picture'") from None
    return picture if picture == RANDOM or bundled_name(picture) \
        else str(Path(picture).resolve())
