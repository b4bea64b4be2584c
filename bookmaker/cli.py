"""The command line: thin click commands that parse options, call one helper, print, exit."""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import time

import click

from . import __version__
from .book.produce import PuzzleJob, generate_jobs, produce
from .build import BuildError, BuildResult, build as build_book
from .core.generator import GenerationError, Puzzle
from .core.grader import grade as grade_grid
from .core.grid import Grid, format_grid
from .core.shape import SYMMETRIES, Shape, parse_shape
from .core.solver import count_solutions
from .core.targeted import DIFFICULTIES
from .core.verify import VerificationError
from .puzzlefile import PuzzleFile, PuzzleLine, read_puzzle_file
from .render.fonts import FontError
from .render.pdf import RenderError
from .spec import BookSpec, SpecError, load_spec

# A click.Path so that a missing file is click's own "does not exist" error (exit 2).
INPUT_FILE = click.Path(exists=True, dir_okay=False, allow_dash=True)
PROGRESS_DELAY_SECONDS = 0.5  # runs shorter than this never show a bar


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
def generate(size, box, count, seed, symmetry, target_clues, difficulty, jobs) -> None:
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
    jobs_list = generate_jobs(shape, seed_value(seed), count, symmetry, target_clues,
                              difficulty)
    for puzzle in produce_or_fail(jobs_list, worker_count(jobs)):
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
@click.argument("spec_file", metavar="BOOK.yaml")
@click.option("-o", "--output", "out_dir", metavar="DIR", default="output", show_default=True,
              help="Folder for the PDFs and the manifest.")
@click.option("--jobs", metavar="J", type=click.IntRange(min=0), default=0,
              help="Worker processes; 0 (the default) for one per CPU. The book never "
                   "depends on it.")
@click.option("--seed", metavar="S", help="Use this seed instead of the spec's.")
@click.pass_context
def build(ctx, spec_file, out_dir, jobs, seed) -> None:
    """Build the book BOOK.yaml describes: DIR/NAME.pdf, DIR/NAME-answers.pdf (when answers
    are separate) and the manifest DIR/NAME.json.

    A mistake in the spec is reported as FILE:LINE:COLUMN: key: message, with exit code 2
    and nothing written. Nothing is written either if the build fails later (exit 1).
    """
    spec = load_spec_or_exit(ctx, spec_file)
    if seed is not None:
        spec = spec.model_copy(update={"seed": seed_value(seed)})
    started = time.monotonic()
    result = build_or_fail(spec, out_dir, worker_count(jobs))
    for path in result.files:
        click.echo(path)
    click.echo(build_summary(result, time.monotonic() - started))


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


def produce_or_fail(jobs: list[PuzzleJob], workers: int) -> list[Puzzle]:
    """Produce the puzzles with a progress bar; a failure is a one-line error, exit 1."""
    try:
        with DelayedProgressBar(len(jobs), "Generating") as progress:
            return produce(jobs, workers, on_progress=progress.update)
    except (GenerationError, VerificationError) as err:
        raise click.ClickException(str(err)) from None
    except KeyboardInterrupt:
        raise click.Abort() from None


def load_spec_or_exit(ctx: click.Context, path: str) -> BookSpec:
    """The spec, or (any mistake in it) every problem on stderr and exit 2."""
    try:
        return load_spec(path)
    except SpecError as err:
        click.echo(str(err), err=True)
        ctx.exit(2)


def build_or_fail(spec: BookSpec, out_dir: str, workers: int) -> BuildResult:
    """Build with a progress bar; a failure is a one-line error, exit 1."""
    try:
        with DelayedProgressBar(sum(s.count for s in spec.sections), "Generating") as progress:
            return build_book(spec, out_dir, workers, on_progress=progress.update)
    except (GenerationError, VerificationError, RenderError, FontError, BuildError,
            OSError) as err:
        raise click.ClickException(str(err)) from None
    except KeyboardInterrupt:
        raise click.Abort() from None


def build_summary(result: BuildResult, seconds: float) -> str:
    """'150 puzzles, 77 pages (+ 26 in the answer book), 1.0 s'."""
    book, *answers = result.page_counts.values()
    extra = f" (+ {answers[0]} in the answer book)" if answers else ""
    return f"{result.puzzle_count} puzzles, {book} pages{extra}, {seconds:.1f} s"


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
