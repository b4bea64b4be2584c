"""`bookmaker daily`: a newspaper series' puzzles for a run of dates."""

from __future__ import annotations

import re
import time
from datetime import date

import click

from ..core.board.transform import CanonicalFormError
from ..core.puzzle import GenerationError
from ..core.solve.verify import VerificationError
from ..core.words import counted
from ..daily.build import (
    DailyError,
    DailyResult,
    drawing_count,
    make_daily,
    puzzle_dates,
    run_dates,
)
from ..puzzles.executors import LOCAL, ExecutorError, open_workers
from ..puzzles.outputs import OutputError
from ..puzzles.registry import RegistryError
from ..render.fonts import FontError
from ..render.style import RenderError
from ..spec import SpecError
from ..spec.daily import DailySpec, load_daily_spec
from .common import DelayedProgressBar, main
from .workers import executor_option, worker_count

MAX_DAILY_DAYS = 10_000  # a bound on one run's time, as MAX_PUZZLES is for a book

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
    if result.answer_folder is not None:
        click.echo(f"{result.answer_folder}: answer files rewritten with "
                   f"{result.folders[-1].name}'s answer, which it prints")
    for path in result.rewritten:
        click.echo(f"{path}: rewritten with the days made again")
    for path in result.removed:
        click.echo(f"{path}: removed, it showed a day made again and the other days' "
                   f"day.json are not all there to rewrite it")
    click.echo(daily_summary(result, time.monotonic() - started))


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
                DelayedProgressBar(drawing_count(spec, dates, out_dir), "Drawing   ") as drawing:
            return make_daily(spec, dates, out_dir, pool.count, progress.update,
                              pool.executor, drawing.update)
    except (GenerationError, VerificationError, RenderError, FontError, DailyError,
            CanonicalFormError, RegistryError, ExecutorError, OutputError, OSError) as err:
        raise click.ClickException(str(err)) from None
    except OverflowError:  # the day before the first, or after the last, is past the calendar
        raise click.ClickException("the run needs a date before 0001-01-01 or after "
                                   "9999-12-31") from None


def daily_summary(result: DailyResult, seconds: float) -> str:
    """'7 days, 57 files, 2.1 s'."""
    days = counted(result.days, "day")
    return f"{days}, {len(result.files)} files, {seconds:.1f} s"

