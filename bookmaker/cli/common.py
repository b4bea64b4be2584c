"""The command line's shared parts: the `bookmaker` group, options used by several
commands, reading puzzle files, and a progress bar (on a terminal; elsewhere, a line now
and then)."""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
import time
from typing import Any

import click

from .running import guarded, version_text

INPUT_FILE = click.Path(exists=True, dir_okay=False, allow_dash=True)
PROGRESS_DELAY_SECONDS = 0.5  # runs shorter than this never show a bar
# Where stderr is no terminal (a log file, CI), a progress line at most this often, timed
# from the first puzzle finished (a slow start, as a Dask cluster's, is no progress) and
# none for the last: a short run writes nothing, a long one shows it is moving.
PROGRESS_LINE_SECONDS = 30.0
DEFAULT_OUTPUT = "output"  # where build writes, and where the registry commands look


# Where each command is defined: its module is imported only when the command runs (or
# help lists them), so `bookmaker check` never loads the book pipeline, PDF and spec code.
COMMAND_MODULES = {"build": "books", "cover": "books", "daily": "dailies",
                   "generate": "puzzles", "derive": "deriving", "solve": "checking",
                   "check": "checking", "grade": "grading", "rate": "grading",
                   "registry": "registries", "export": "exports"}


class Commands(click.Group):
    """The `bookmaker` group. Its commands load when first asked for (COMMAND_MODULES). A
    command stopped by Ctrl-C or SIGTERM ends with one line and exit code 130 or 143 (its
    clean-ups have run by then: workers stopped, outputs rolled back); one whose stdout
    was closed (`| head`) stops at once, silently, 141."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMAND_MODULES) | set(self.commands))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMAND_MODULES:
            importlib.import_module(f"{__package__}.{COMMAND_MODULES[name]}")
        return super().get_command(ctx, name)

    def invoke(self, ctx: click.Context):
        result, code = guarded(lambda: super(Commands, self).invoke(ctx))
        if code is not None:
            ctx.exit(code)
        return result


def print_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """--version: the version, and which core runs (compiled, or pure Python and why)."""
    if value and not ctx.resilient_parsing:
        click.echo(version_text())
        ctx.exit()


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=print_version, help="Show the version and which core runs, and exit.")
def main() -> None:
    """Printable Sudoku puzzle books: seeded generation, proven-unique puzzles.

    Puzzles are one per line: digits 1-9 then A-P, '.' or '0' for a blank
    (or integers separated by spaces or commas, 0 for blank). With --variant jigsaw
    a line adds a space and a region letter per cell; a Samurai line is its five
    9x9 grids (top-left, top-right, centre, bottom-left, bottom-right).
    """


class DelayedProgressBar:
    """A progress bar on stderr when stderr is a terminal and the run has already taken a
    moment; where stderr is a file or a pipe, a line such as `Generating: 3 of 20 (40 s)`
    at most every PROGRESS_LINE_SECONDS after the first puzzle. Short runs see nothing;
    stdout is never touched."""

    def __init__(self, total: int, label: str, delay: float = PROGRESS_DELAY_SECONDS,
                 beside_output: bool = False,
                 line_every: float = PROGRESS_LINE_SECONDS) -> None:
        self.total, self.label, self.delay = total, label, delay
        terminal = sys.stderr.isatty()
        # Beside output streaming to the same terminal, the lines themselves show progress.
        self.enabled = total > 1 and terminal and not (beside_output and sys.stdout.isatty())
        # A line in the log, unless the log is where the output goes (2>&1 into a file).
        self.lines = total > 1 and not terminal and not (beside_output and _same_stream())
        self.line_every = line_every
        self.bar: Any = None  # click's progress bar, once it shows
        self.exits = contextlib.ExitStack()

    def __enter__(self) -> DelayedProgressBar:
        self.started = time.monotonic()
        self.last_line: float | None = None  # when the last line (or first puzzle) was
        return self

    def __exit__(self, *exc_info) -> None:
        self.exits.__exit__(*exc_info)

    def update(self, done: int) -> None:
        """Report that `done` puzzles are finished in all."""
        if self.lines:
            self._line(done)
            return
        if self.bar is None:
            if not self.enabled or time.monotonic() - self.started < self.delay:
                return
            self.bar = self.exits.enter_context(
                click.progressbar(length=self.total, label=self.label, file=sys.stderr))
        self.bar.update(done - self.bar.pos)

    def _line(self, done: int) -> None:
        """A progress line on stderr, if the last one (or the first puzzle) is long enough
        ago and this is not the last puzzle."""
        now = time.monotonic()
        if self.last_line is None:
            self.last_line = now
            return
        if now - self.last_line < self.line_every or done >= self.total:
            return
        self.last_line = now
        click.echo(f"{self.label}: {done} of {self.total} ({now - self.started:.0f} s)",
                   err=True)


def _same_stream() -> bool:
    """Whether stdout and stderr are one file (or pipe), as after `2>&1`."""
    try:
        out, err = os.fstat(sys.stdout.fileno()), os.fstat(sys.stderr.fileno())
    except (OSError, ValueError, AttributeError):  # no real file behind one (a test's)
        return False
    return (out.st_dev, out.st_ino) == (err.st_dev, err.st_ino)
