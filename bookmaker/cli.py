"""The command line: thin click commands that parse options, call one helper, print, exit."""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import time
from datetime import date
from functools import partial
from pathlib import Path

import click

from . import __version__
from .book.executors import EXECUTOR_HELP, LOCAL, ExecutorError, check_executor, open_workers
from .book.produce import PuzzleJob, generate_jobs, produce
from .build import BuildError, BuildResult, build as build_book
from .core.generator import GenerationError, Puzzle
from .core.grader import GRADES, grade as grade_grid
from .core.grid import Grid, format_grid
from .core.shape import SYMMETRIES, Shape, parse_shape
from .core.solver import count_solutions
from .core.targeted import DIFFICULTIES
from .core.transform import CanonicalFormError, derived
from .core.verify import VerificationError, verify_puzzle
from .daily import DailyError, DailyResult, drawing_count, make_daily, puzzle_dates, run_dates
from .puzzlefile import STDIN, STDIN_NAME, PuzzleFile, PuzzleLine, read_puzzle_file
from .registry import SUFFIX, Entry, Registry, RegistryError, default_registry_path, entry_of
from .render.fonts import FontError
from .render.pdf import RenderError
from .spec import BookSpec, SpecError, load_spec, slug_of
from .spec.daily import DailySpec, daily_spec_problem, load_daily_spec

# A click.Path so that a missing file is click's own "does not exist" error (exit 2).
INPUT_FILE = click.Path(exists=True, dir_okay=False, allow_dash=True)
MAX_DAILY_DAYS = 10_000  # a bound on one run's time, as MAX_PUZZLES is for a book
PROGRESS_DELAY_SECONDS = 0.5  # runs shorter than this never show a bar
DEFAULT_OUTPUT = "output"  # where build writes, and where the registry commands look
GENERATE_SERIES = "generate"  # the series `generate --registry` registers its puzzles in
TRIES_PER_PUZZLE = 10  # generate --registry: jobs tried per puzzle asked before giving up


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bookmaker")
def main() -> None:
    """Printable Sudoku puzzle books: seeded generation, proven-unique puzzles.

    Puzzles are one per line: digits 1-9 then A-P, '.' or '0' for a blank
    (or integers separated by spaces or commas, 0 for blank).
    """


def size_options(command):
    """--size and --box for commands that read puzzles (the size is otherwise inferred)."""
    command = click.option("--box", metavar="RxC",
                           help="Box shape, rows x columns, when not the usual one "
                                "(6x6 boxes are 2x3 unless told 3x2). Needs --size.")(command)
    return click.option("--size", metavar="NxN",
                        help="Board size; inferred from each line's length if not given.")(command)


def executor_or_usage_error(ctx: click.Context, param: click.Parameter, text: str) -> str:
    """--executor's value, checked before anything starts: a bad one is a usage error."""
    try:
        return check_executor(text)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="'--executor'") from None


def executor_option(command):
    """--executor for commands that make puzzles: where they are made."""
    return click.option(
        "--executor", metavar="WHERE", default=LOCAL, show_default=True,
        callback=executor_or_usage_error,
        help=f"Where puzzles are made: {EXECUTOR_HELP}. local: --jobs processes here; "
             "dask-local: a Dask cluster of --jobs workers here; dask://HOST:PORT: the "
             "workers of a running Dask scheduler. The output never depends on it.")(command)


@main.command()
@click.option("--size", metavar="NxN", default="9x9", show_default=True,
              help="Board size, 4x4 to 25x25.")
@click.option("--box", metavar="RxC",
              help="Box shape, rows x columns, when not the usual one (e.g. 3x2 on 6x6).")
@click.option("--count", metavar="N", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many puzzles.")
@click.option("--seed", required=True,
              help="Any integer or text. The same options and seed give the same puzzles; "
                   "--count 5 gives the first 5 of --count 10.")
@click.option("--symmetry", type=click.Choice(SYMMETRIES), default="none", show_default=True,
              help="Symmetry of the clue pattern.")
@click.option("--clues", "target_clues", metavar="K", type=click.IntRange(min=0), default=0,
              help="Stop removing clues once K remain (a puzzle keeps more if it cannot "
                   "get that low and stay unique). Default: remove while unique.")
@click.option("--difficulty", type=click.Choice(DIFFICULTIES), default="any", show_default=True,
              help="The grade every puzzle must have exactly (see `bookmaker grade`).")
@click.option("--jobs", metavar="J", type=click.IntRange(min=0), default=1, show_default=True,
              help="Worker processes, 0 for one per CPU. The output never depends on it.")
@executor_option
@click.option("--registry", "registry_path", metavar="FILE",
              help="Skip every puzzle equivalent to one this registry holds (or to one "
                   "printed before), and register those printed: running again with the "
                   "same seed prints new puzzles.")
def generate(size, box, count, seed, symmetry, target_clues, difficulty, jobs,
             executor, registry_path) -> None:
    """Print --count unique puzzles, one per line.

    Every puzzle is proven unique while generating and checked again by an
    independent Dancing Links solver before it is printed. A progress bar
    appears on stderr for long runs in a terminal; stdout holds only puzzles.
    """
    shape = shape_from_options(size, box)
    if target_clues > shape.cell_count:
        raise click.BadParameter(f"{target_clues} is more than the {shape.cell_count} cells "
                                 f"of a {shape} grid", param_hint="'--clues'")
    if target_clues and difficulty != "any":
        raise click.UsageError("--clues and --difficulty cannot be used together: the grade "
                               "decides how many clues remain")
    if registry_path is not None:
        jobs_for = partial(generate_jobs, shape, seed_value(seed), symmetry=symmetry,
                           target_clues=target_clues, difficulty=difficulty)
        issue = f"{shape} {shape.box_text} {symmetry} {difficulty} seed {seed}"
        print_unregistered(Registry(registry_path), issue, jobs_for, count,
                           partial(produce_or_fail, workers=worker_count(jobs),
                                   executor=executor))
        return
    jobs_list = generate_jobs(shape, seed_value(seed), count, symmetry, target_clues,
                              difficulty)
    for puzzle in produce_or_fail(jobs_list, worker_count(jobs), executor):
        click.echo(format_grid(puzzle.givens))


@main.command()
@click.argument("file", default="-", type=INPUT_FILE)
@size_options
@click.pass_context
def solve(ctx, file, size, box) -> None:
    """Print each puzzle's solution, one per line.

    Reads FILE, or stdin if FILE is '-' or missing. Every line is read first: if any is malformed, each is reported as
    FILE:LINE: message on stderr, nothing is printed, and the exit code is 2.

    Otherwise stdout gets one line per puzzle, in order. A puzzle with several
    solutions prints the first one found; a puzzle with none prints a
    '# no solution' comment line (so output lines still match puzzles, and the
    output can be read back). Each such puzzle is also named on stderr as
    FILE:LINE: no solution / multiple solutions, and the exit code is 1.
    """
    puzzle_file = read_or_exit(ctx, file, shape_from_options(size, box, optional=True))
    all_unique = True
    for line in puzzle_file.lines:
        printed, problem = solve_line(line)
        click.echo(printed)
        if problem:
            click.echo(f"{line.where}: {problem}", err=True)
            all_unique = False
    ctx.exit(0 if all_unique else 1)


@main.command()
@click.argument("file", default="-", type=INPUT_FILE)
@size_options
@click.pass_context
def check(ctx, file, size, box) -> None:
    """Report whether each puzzle is unique.

    Reads FILE, or stdin if FILE is '-' or missing. Prints LINE: unique, multiple, none, unknown (the search budget ran out
    before deciding) or invalid: what is wrong. A malformed line does not stop
    the others. Exit code 0 only if every puzzle is unique, 1 otherwise, 2 for
    usage errors.
    """
    puzzle_file = read_puzzle_file_or_fail(file, shape_from_options(size, box, optional=True))
    require_puzzles(ctx, puzzle_file)
    verdicts = [uniqueness_verdict(line) for line in puzzle_file.lines]
    for line, verdict in zip(puzzle_file.lines, verdicts):
        click.echo(f"{line.number}: {verdict}")
    ctx.exit(0 if all(v == "unique" for v in verdicts) else 1)


@main.command(name="grade")
@click.argument("file", default="-", type=INPUT_FILE)
@size_options
@click.option("-v", "--verbose", is_flag=True, help="Also print every step, indented.")
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object per line: grade, score, hardest, steps, guessing.")
@click.pass_context
def grade_command(ctx, file, size, box, verbose, as_json) -> None:
    """Grade each puzzle by the techniques a person needs.

    Reads FILE, or stdin if FILE is '-' or missing. Prints LINE: grade score hardest,
    or LINE: invalid: what is wrong (a malformed line does not stop the others). Grades
    are beginner, easy, medium, hard, expert, extreme. Exit code 0 only if every line
    was graded, 1 otherwise, 2 for usage errors.
    """
    puzzle_file = read_puzzle_file_or_fail(file, shape_from_options(size, box, optional=True))
    require_puzzles(ctx, puzzle_file)
    for line in puzzle_file.lines:
        click.echo(grade_report(line, verbose, as_json))
    ctx.exit(0 if all(line.grid is not None for line in puzzle_file.lines) else 1)


@main.command()
@click.argument("file", default="-", type=INPUT_FILE)
@size_options
@click.option("--count", metavar="N", type=click.IntRange(min=1), default=1, show_default=True,
              help="Copies of each puzzle.")
@click.option("--seed", required=True,
              help="Any integer or text. The same puzzle and seed give the same copies; "
                   "--count 3 gives the first 3 of --count 5.")
@click.pass_context
def derive(ctx, file, size, box, count, seed) -> None:
    """Print --count new puzzles made from each puzzle: its digits relabelled, its bands,
    stacks, and rows and columns within them shuffled (and, with square boxes, maybe
    transposed). To a solver each is the same puzzle, of the same grade; it looks new.

    Reads FILE, or stdin if FILE is '-' or missing; prints the copies of the first puzzle,
    then those of the next. Copies differ from their puzzle and from each other. Each
    puzzle must have exactly one solution (each copy is checked again by Dancing Links):
    otherwise FILE:LINE: what is wrong, on stderr, nothing printed, exit code 1.
    """
    puzzle_file = read_or_exit(ctx, file, shape_from_options(size, box, optional=True))
    puzzles = proven_or_exit(ctx, puzzle_file)
    for copy in derived_or_exit(ctx, puzzle_file.lines, puzzles, count, seed_value(seed)):
        click.echo(format_grid(copy.givens))


@main.command()
@click.argument("spec_file", metavar="BOOK.yaml")
@click.option("-o", "--output", "out_dir", metavar="DIR", default="output", show_default=True,
              help="Folder for the PDFs and the manifest.")
@click.option("--jobs", metavar="J", type=click.IntRange(min=0), default=0,
              help="Worker processes; 0 (the default) for one per CPU. The book never "
                   "depends on it.")
@click.option("--seed", metavar="S", help="Use this seed instead of the spec's.")
@executor_option
@click.pass_context
def build(ctx, spec_file, out_dir, jobs, seed, executor) -> None:
    """Build the book BOOK.yaml describes: DIR/NAME.pdf, DIR/NAME-answers.pdf (when answers
    are separate) and the manifest DIR/NAME.json.

    No two puzzles are equivalent, and none repeats a puzzle of the series' registry
    (DIR/SERIES.registry.sqlite unless the spec says otherwise), where the book's puzzles
    are then recorded.

    A mistake in the spec is reported as FILE:LINE:COLUMN: key: message, with exit code 2
    and nothing written. Nothing is written either if the build fails later (exit 1).
    """
    spec = load_spec_or_exit(ctx, spec_file)
    if seed is not None:
        spec = spec.model_copy(update={"seed": seed_value(seed)})
    started = time.monotonic()
    result = build_or_fail(spec, out_dir, worker_count(jobs), executor)
    for path in result.files:
        click.echo(path)
    click.echo(build_summary(result, time.monotonic() - started))
    if result.registry or result.remade:
        click.echo(registry_note(result, spec))


class DateParam(click.ParamType):
    """A date written YYYY-MM-DD; anything else is a usage error quoting it."""

    name = "date"

    def convert(self, value, param, ctx) -> date:
        if isinstance(value, date):
            return value
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            self.fail(f"{value!r} is not a date like 2026-12-01 (YYYY-MM-DD)", param, ctx)
        try:
            return date.fromisoformat(value)
        except ValueError as err:
            self.fail(f"{value!r} is not a date: {err}", param, ctx)


@main.command()
@click.argument("spec_file", metavar="PAPER.yaml")
@click.option("--from", "start", metavar="YYYY-MM-DD", type=DateParam(),
              help="The first date of the run.")
@click.option("--days", metavar="N", type=click.IntRange(1, MAX_DAILY_DAYS),
              help="Calendar days in the run, from --from (default 7).")
@click.option("--date", "single", metavar="YYYY-MM-DD", type=DateParam(),
              help="Make this one date (instead of --from and --days).")
@click.option("-o", "--output", "out_dir", metavar="DIR", default="output", show_default=True,
              help="Folder under which DIR/SERIES/DATE/ folders are written.")
@click.option("--jobs", metavar="J", type=click.IntRange(min=0), default=0,
              help="Worker processes; 0 (the default) for one per CPU. The files never "
                   "depend on it.")
@executor_option
@click.pass_context
def daily(ctx, spec_file, start, days, single, out_dir, jobs, executor) -> None:
    """Make a newspaper series' daily puzzles: for each scheduled date, DIR/SERIES/DATE/
    holds the puzzle and its answer (PDF, print and web PNG, SVG) and day.json, and
    DIR/SERIES/ the editor's proof PDF of the run.

    A date's puzzle depends only on the spec's seed, the date and that weekday's schedule
    (and on not repeating an earlier date's). A mistake in the spec is reported as
    FILE:LINE:COLUMN: key: message, exit code 2; nothing is written if anything fails.
    """
    dates = daily_dates(start, days, single)
    spec = load_daily_spec_or_exit(ctx, spec_file)
    started = time.monotonic()
    result = daily_or_fail(spec, dates, out_dir, worker_count(jobs), executor)
    for path in result.folders + ((result.proof,) if result.proof else ()):
        click.echo(path)
    click.echo(daily_summary(result, time.monotonic() - started))


@main.group()
def registry() -> None:
    """The registry of issued puzzles: a SQLite file (per series, by default
    output/SERIES.registry.sqlite) recording every puzzle a series has published, so
    that no later book repeats one, not even turned, mirrored or relabelled."""


@registry.command(name="import")
@click.argument("file", default="-", type=INPUT_FILE)
@size_options
@click.option("--series", metavar="S", help="The series they were published in.")
@click.option("--issue", metavar="I",
              help="The issue (volume, date) they were published in; default: FILE's name.")
@click.option("--registry", "registry_path", metavar="PATH",
              help=f"The registry file; default: {DEFAULT_OUTPUT}/SERIES{SUFFIX}, where "
                   f"`bookmaker build` keeps the series' registry.")
@click.pass_context
def import_command(ctx, file, size, box, series, issue, registry_path) -> None:
    """Register the puzzles of FILE (or stdin), published elsewhere, so that books of the
    series never repeat them.

    Each puzzle is graded and must have exactly one solution; otherwise nothing is
    registered (FILE:LINE: what is wrong, exit 1). Importing the same series and issue
    again replaces the puzzles imported before.
    """
    if registry_path is None and series is None:
        raise click.UsageError("give --series (the registry is then "
                               f"{DEFAULT_OUTPUT}/SERIES{SUFFIX}) or --registry PATH")
    series = series or "imported"
    issue = issue or (STDIN_NAME if file == STDIN else os.path.basename(file))
    path = registry_path or default_registry_path(DEFAULT_OUTPUT, slug_of(series))
    puzzle_file = read_or_exit(ctx, file, shape_from_options(size, box, optional=True))
    entries = graded_entries(proven_or_exit(ctx, puzzle_file))
    repeats = registry_or_fail(lambda: register_counting_repeats(Registry(path), series,
                                                                 issue, entries))
    click.echo(f"{len(entries)} puzzles registered in {path} as {series!r}, issue {issue!r}"
               + (f"; {repeats} of them repeat puzzles registered before" if repeats else ""))


@registry.command()
@click.option("--registry", "registry_paths", metavar="PATH", multiple=True,
              type=click.Path(exists=True, dir_okay=False),
              help=f"A registry file (may be given more than once); default: every "
                   f"{DEFAULT_OUTPUT}/*{SUFFIX}.")
def stats(registry_paths) -> None:
    """Count the registered puzzles by series and grade."""
    paths = registry_paths or sorted(Path(DEFAULT_OUTPUT).glob(f"*{SUFFIX}"))
    if not paths:
        raise click.ClickException(f"no registry in {DEFAULT_OUTPUT}/; name one with "
                                   f"--registry PATH")
    for number, path in enumerate(paths):
        click.echo(("\n" if number else "") + str(path))
        for line in registry_or_fail(partial(stats_table, Registry(path))):
            click.echo(line)


# Helpers: everything the commands do beyond parsing options and printing.

def shape_from_options(size: str | None, box: str | None, optional: bool = False) -> Shape | None:
    """The Shape the --size/--box options ask for (None if optional and neither is given);
    a bad value is a usage error naming the option at fault."""
    if size is None:
        if box is not None:
            raise click.UsageError("--box needs --size too, e.g. --size 6x6 --box 3x2")
        if optional:
            return None
    try:
        shape = parse_shape(size)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="'--size'") from None
    if box is None:
        return shape
    try:
        return parse_shape(size, box)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="'--box'") from None


def seed_value(text: str) -> int | str:
    """An integer seed if the text is one (so '007' and '7' agree), else the text itself."""
    return int(text) if re.fullmatch(r"[+-]?\d+", text.strip()) else text


def worker_count(jobs: int) -> int:
    return jobs if jobs > 0 else (os.cpu_count() or 1)


def produce_or_fail(jobs: list[PuzzleJob], workers: int, executor: str = LOCAL) -> list[Puzzle]:
    """Produce the puzzles on the executor, with a progress bar; a failure is a one-line
    error, exit 1."""
    try:
        with open_workers(executor, workers) as pool, \
                DelayedProgressBar(len(jobs), "Generating") as progress:
            return produce(jobs, pool.count, progress.update, pool.executor)
    except (GenerationError, VerificationError, ExecutorError) as err:
        raise click.ClickException(str(err)) from None
    except KeyboardInterrupt:
        raise click.Abort() from None


def load_spec_or_exit(ctx: click.Context, path: str) -> BookSpec:
    """The spec, or (any mistake in it) every problem on stderr and exit 2."""
    try:
        return load_spec(path)
    except SpecError as err:
        click.echo(str(daily_spec_problem(path) or err), err=True)
        ctx.exit(2)


def build_or_fail(spec: BookSpec, out_dir: str, workers: int,
                  executor: str = LOCAL) -> BuildResult:
    """Build on the executor, with a progress bar; a failure is a one-line error, exit 1."""
    try:
        with open_workers(executor, workers) as pool, \
                DelayedProgressBar(sum(s.count for s in spec.sections), "Generating") as progress:
            return build_book(spec, out_dir, pool.count, progress.update, pool.executor)
    except (GenerationError, VerificationError, RenderError, FontError, BuildError,
            ExecutorError, RegistryError, OSError) as err:
        raise click.ClickException(str(err)) from None
    except KeyboardInterrupt:
        raise click.Abort() from None


def registry_note(result: BuildResult, spec: BookSpec) -> str:
    """Where the puzzles were registered, and how many were made again as repeats."""
    remade = (f"{result.remade} puzzle{'s' if result.remade != 1 else ''} made again: "
              f"they repeated others") if result.remade else ""
    if result.registry is None:
        return remade
    where = f"registered in {result.registry} as {spec.series!r}, issue {spec.issue!r}"
    return f"{where} ({remade})" if remade else where


def build_summary(result: BuildResult, seconds: float) -> str:
    """'150 puzzles, 77 pages (+ 26 in the answer book), 1.0 s'."""
    book, *answers = result.page_counts.values()
    extra = f" (+ {answers[0]} in the answer book)" if answers else ""
    return f"{result.puzzle_count} puzzles, {book} pages{extra}, {seconds:.1f} s"


def daily_dates(start: date | None, days: int | None, single: date | None) -> list[date]:
    """The dates --from/--days or --date ask for; a usage error if they do not fit together."""
    if single is not None:
        if start is not None or days is not None:
            raise click.UsageError("--date makes one date: leave out --from and --days")
        return [single]
    if start is None:
        raise click.UsageError("say which dates: --from YYYY-MM-DD (with --days N, default "
                               "7) or --date YYYY-MM-DD")
    days = 7 if days is None else days
    if (date.max - start).days < days - 1:
        raise click.BadParameter(f"{days} days from {start} go past the year 9999",
                                 param_hint="'--days'")
    return run_dates(start, days)


def load_daily_spec_or_exit(ctx: click.Context, path: str) -> DailySpec:
    """The daily spec, or (any mistake in it) every problem on stderr and exit 2."""
    try:
        return load_daily_spec(path)
    except SpecError as err:
        click.echo(str(err), err=True)
        ctx.exit(2)


def daily_or_fail(spec: DailySpec, dates: list[date], out_dir: str,
                  workers: int, executor: str = LOCAL) -> DailyResult:
    """Make the run on the executor, with a progress bar; a failure is a one-line error,
    exit 1."""
    try:
        with open_workers(executor, workers) as pool, \
                DelayedProgressBar(len(puzzle_dates(spec, dates)), "Generating") as progress, \
                DelayedProgressBar(drawing_count(spec, dates), "Drawing   ") as drawing:
            return make_daily(spec, dates, out_dir, pool.count, progress.update,
                              pool.executor, drawing.update)
    except (GenerationError, VerificationError, RenderError, FontError, DailyError,
            CanonicalFormError, RegistryError, ExecutorError, OSError) as err:
        raise click.ClickException(str(err)) from None
    except OverflowError:  # the day before the first, or after the last, is past the calendar
        raise click.ClickException("the run needs a date before 0001-01-01 or after "
                                   "9999-12-31") from None
    except KeyboardInterrupt:
        raise click.Abort() from None


def daily_summary(result: DailyResult, seconds: float) -> str:
    """'7 days, 57 files, 2.1 s'."""
    days = f"{result.days} day" + ("s" if result.days != 1 else "")
    return f"{days}, {len(result.files)} files, {seconds:.1f} s"


def read_puzzle_file_or_fail(path: str, shape: Shape | None) -> PuzzleFile:
    try:
        return read_puzzle_file(path, shape)
    except OSError as err:
        raise click.FileError(path, hint=err.strerror or str(err)) from None


def require_puzzles(ctx: click.Context, puzzle_file: PuzzleFile) -> None:
    """Exit 1 on a file without a single puzzle line: almost always a mistake upstream."""
    if not puzzle_file.lines:
        click.echo(f"{puzzle_file.source}: no puzzles found (blank and '#' lines are skipped)",
                   err=True)
        ctx.exit(1)


def read_or_exit(ctx: click.Context, path: str, shape: Shape | None) -> PuzzleFile:
    """All of a file's puzzles, or (any line malformed) every error on stderr and exit 2."""
    puzzle_file = read_puzzle_file_or_fail(path, shape)
    if puzzle_file.errors:
        for error in puzzle_file.errors:
            click.echo(error, err=True)
        ctx.exit(2)
    require_puzzles(ctx, puzzle_file)
    return puzzle_file


def proven_puzzle(line: PuzzleLine) -> tuple[Puzzle | None, str | None]:
    """The line's puzzle with its one solution, proven by the solver and again by Dancing
    Links; or None and what is wrong."""
    found = count_solutions(line.grid, limit=2)
    if found.count != 1 or not found.complete:
        verdict = ("has more than one solution" if found.count >= 2 else
                   "has no solution" if found.complete else
                   f"is undecided: the search gave up after {found.nodes} nodes")
        return None, f"not a puzzle with one solution: it {verdict}"
    puzzle = Puzzle(line.grid, Grid(line.grid.shape, found.solution), seed=0)
    try:
        verify_puzzle(puzzle)
    except VerificationError as err:
        return None, str(err)
    return puzzle, None


def proven_or_exit(ctx: click.Context, puzzle_file: PuzzleFile) -> list[Puzzle]:
    """Every puzzle of the file, proven unique; or each problem on stderr and exit 1."""
    proven = [(line, *proven_puzzle(line)) for line in puzzle_file.lines]
    problems = [f"{line.where}: {problem}" for line, _, problem in proven if problem]
    if problems:
        for problem in problems:
            click.echo(problem, err=True)
        ctx.exit(1)
    return [puzzle for _, puzzle, _ in proven]


def derived_or_exit(ctx: click.Context, lines, puzzles: list[Puzzle], count: int,
                    seed: int | str) -> list[Puzzle]:
    """count transformed copies of each puzzle, each verified by Dancing Links; or (a
    puzzle with too few distinct copies) the problem on stderr and exit 1."""
    copies = []
    for line, puzzle in zip(lines, puzzles):
        try:
            transformations = derived(puzzle.givens, count, seed)
        except ValueError as err:
            click.echo(f"{line.where}: {err}", err=True)
            ctx.exit(1)
        for transformation in transformations:
            copy = Puzzle(transformation.apply(puzzle.givens),
                          transformation.apply(puzzle.solution), seed=0)
            verify_puzzle(copy)  # the group keeps uniqueness; this proves it once more
            copies.append(copy)
    return copies


def graded_entries(puzzles: list[Puzzle]) -> list[Entry]:
    """Registry entries for the puzzles, each graded, with a progress bar."""
    entries = []
    with DelayedProgressBar(len(puzzles), "Grading") as progress:
        for puzzle in puzzles:
            entries.append(entry_of(puzzle.givens, grade_grid(puzzle.givens).grade))
            progress.update(len(entries))
    return entries


def register_counting_repeats(registry: Registry, series: str, issue: str,
                              entries: list[Entry]) -> int:
    """Register the entries as the issue; how many repeat a puzzle of another issue or an
    earlier one of these."""
    seen = set(registry.keys_issued((series, issue)))
    repeats = 0
    for entry in entries:
        repeats += entry.key in seen
        seen.add(entry.key)
    registry.register(series, issue, entries)
    return repeats


def registry_or_fail(action):
    """action()'s result; a registry that cannot be used is a one-line error, exit 1."""
    try:
        return action()
    except RegistryError as err:
        raise click.ClickException(str(err)) from None


def stats_table(registry: Registry) -> list[str]:
    """The registry's puzzles as a table: one row per series, one column per grade."""
    counts = registry.counts()
    grades = list(GRADES) + sorted({c.grade for c in counts} - set(GRADES))
    header = ["series", "issues", "puzzles"] + grades
    issues = registry.issue_counts()
    rows = []
    for series in sorted({c.series for c in counts}):
        by_grade = {c.grade: c.puzzles for c in counts if c.series == series}
        rows.append([series, str(issues[series]), str(sum(by_grade.values()))]
                    + [str(by_grade.get(grade, 0)) for grade in grades])
    return text_table(header, rows) if rows else ["no puzzles registered"]


def text_table(header: list[str], rows: list[list[str]]) -> list[str]:
    """Columns padded to their widest cell: the first left-aligned, the others right."""
    widths = [max(len(row[i]) for row in [header] + rows) for i in range(len(header))]
    return ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                      for i, (cell, w) in enumerate(zip(row, widths))).rstrip()
            for row in [header] + rows]


def print_unregistered(registry: Registry, issue: str, jobs_for, count: int, make) -> None:
    """Print count puzzles none of which is equivalent to one registered or printed
    before, registering each batch as it is printed (so an interrupted run keeps what it
    printed). jobs_for(n) gives the first n jobs; make(jobs) their puzzles."""
    taken = set(registry_or_fail(registry.keys_issued))
    made = printed = 0
    while printed < count:
        if made >= TRIES_PER_PUZZLE * count + 100:
            raise click.ClickException(f"only {printed} of {count} puzzles were new after "
                                       f"{made} tries: the registry holds most puzzles of "
                                       f"this kind")
        jobs_list = jobs_for(made + count - printed)[made:]
        fresh = new_entries(make(jobs_list), taken)
        for entry in fresh:
            click.echo(entry.givens)
        registry_or_fail(partial(registry.register, GENERATE_SERIES, issue, fresh,
                                 replace=False))
        made, printed = made + len(jobs_list), printed + len(fresh)


def new_entries(puzzles: list[Puzzle], taken: set[str]) -> list[Entry]:
    """Entries for the puzzles whose keys are not taken, in order; their keys are taken."""
    fresh = []
    for puzzle in puzzles:
        entry = entry_of(puzzle.givens, puzzle.grade)
        if entry.key not in taken:
            taken.add(entry.key)
            fresh.append(entry)
    return fresh


def solve_line(line: PuzzleLine) -> tuple[str, str | None]:
    """The stdout line for one puzzle, and what is wrong with it (None if it is unique)."""
    found = count_solutions(line.grid, limit=2)
    if found.solution is None:
        # A comment line keeps one output line per puzzle, and reads back as nothing.
        if found.complete:
            return "# no solution", "no solution"
        return "# unknown", f"search gave up after {found.nodes} nodes without a solution"
    solution = format_grid(Grid(line.grid.shape, found.solution))
    if found.count >= 2:
        return solution, "multiple solutions (the one shown is the first found)"
    if not found.complete:
        return solution, (f"search gave up after {found.nodes} nodes; "
                          "the solution shown may not be the only one")
    return solution, None


def uniqueness_verdict(line: PuzzleLine) -> str:
    """unique / multiple / none / unknown / invalid: message, for one puzzle line."""
    if line.grid is None:
        return f"invalid: {line.error}"
    found = count_solutions(line.grid, limit=2)
    if found.count >= 2:  # two solutions decide it, even if the budget then ran out
        return "multiple"
    if not found.complete:
        return f"unknown (search gave up after {found.nodes} nodes)"
    return "unique" if found.count == 1 else "none"


def grade_report(line: PuzzleLine, verbose: bool, as_json: bool) -> str:
    """The output for one puzzle line of `bookmaker grade`."""
    if line.grid is None:
        if as_json:
            return json.dumps({"line": line.number, "error": line.error}, ensure_ascii=False)
        return f"{line.number}: invalid: {line.error}"
    grading = grade_grid(line.grid)
    if as_json:
        return json.dumps({
            "line": line.number, "grade": grading.grade, "score": grading.score,
            "hardest": grading.hardest, "guessing": grading.guessing,
            "steps": [{"technique": step.technique, "explanation": step.explanation}
                      for step in grading.steps]}, ensure_ascii=False)
    text = f"{line.number}: {grading.grade} {grading.score:g} {grading.hardest}"
    if verbose:
        text += "".join(f"\n  {step.technique}: {step.explanation}" for step in grading.steps)
    return text


class DelayedProgressBar:
    """A progress bar on stderr, shown only when stderr is a terminal and the run has
    already taken a moment: short runs and pipes see nothing, stdout is never touched."""

    def __init__(self, total: int, label: str, delay: float = PROGRESS_DELAY_SECONDS) -> None:
        self.total, self.label, self.delay = total, label, delay
        self.enabled = total > 1 and sys.stderr.isatty()
        self.bar = None
        self.exits = contextlib.ExitStack()

    def __enter__(self) -> DelayedProgressBar:
        self.started = time.monotonic()
        return self

    def __exit__(self, *exc_info) -> None:
        self.exits.__exit__(*exc_info)

    def update(self, done: int) -> None:
        """Report that `done` puzzles are finished in all."""
        if self.bar is None:
            if not self.enabled or time.monotonic() - self.started < self.delay:
                return
            self.bar = self.exits.enter_context(
                click.progressbar(length=self.total, label=self.label, file=sys.stderr))
        self.bar.update(done - self.bar.pos)
