"""Progress on stderr (on a terminal, a bar or a status line; elsewhere, a line now and then):
a bar over a run's puzzles, and a meter of one long piece of work against its budget. No
click until a bar shows: the plain path's `generate` (plain.py) shows progress through it
too."""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable
from typing import Any

from .running import echo

PROGRESS_DELAY_SECONDS = 0.5  # runs shorter than this never show a bar
# Where stderr is no terminal (a log file, CI), a progress line at most this often, timed
# from the first puzzle finished (a slow start, as a Dask cluster's, is no progress) and
# none for the last: a short run writes nothing, a long one shows it is moving.
PROGRESS_LINE_SECONDS = 30.0
# A terminal's status line is redrawn at most this often: the compiled rater reports every
# 100,000 units, some 25 times a second, more than an eye reads and a slow terminal draws.
STATUS_REDRAW_SECONDS = 0.1


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
            import click  # only once a bar shows: a short run, or one into a file, needs none

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
        echo(f"{self.label}: {done} of {self.total} ({now - self.started:.0f} s)", err=True)


Watch = Callable[[int], None]  # told the work units spent so far


class WorkMeter:
    """One long piece of work against its budget of work units, on stderr: on a terminal,
    a status line redrawn in place once the work has taken PROGRESS_DELAY_SECONDS and wiped
    when it ends, before its result prints; where stderr is a file or a pipe, a line such as
    `Rating line 3: 41,200,000 of 200,000,000 work units (30 s)` every PROGRESS_LINE_SECONDS
    (none when that file is the output's, after 2>&1). Quick work shows nothing."""

    def __init__(self, label: str, budget: int, delay: float = PROGRESS_DELAY_SECONDS,
                 line_every: float = PROGRESS_LINE_SECONDS,
                 redraw_every: float = STATUS_REDRAW_SECONDS) -> None:
        self.label, self.budget = label, budget
        self.delay, self.line_every, self.redraw_every = delay, line_every, redraw_every
        self.terminal = sys.stderr.isatty()
        self.lines = not self.terminal and not _same_stream()
        self.shown = 0  # characters of the status line on the terminal now

    def __enter__(self) -> WorkMeter:
        self.started = self.last_line = time.monotonic()
        self.last_draw = float("-inf")
        return self

    def __exit__(self, *exc_info) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * self.shown + "\r")
            sys.stderr.flush()

    def update(self, spent: int) -> None:
        """Report that `spent` units of the budget are spent."""
        now = time.monotonic()
        if self.terminal:
            if now - self.started < self.delay or now - self.last_draw < self.redraw_every:
                return
            self.last_draw = now
            # Shorter than the terminal (asked each time: it may be resized): a line that
            # wraps is redrawn from its second row, leaving the first behind at each draw.
            width = status_width()
            text = self._text(spent, now)
            if len(text) > width:  # the share of the budget says it in fewer words
                text = self._short_text(spent, now)[:width]
            sys.stderr.write("\r" + text.ljust(min(self.shown, width)))
            sys.stderr.flush()
            self.shown = min(max(self.shown, len(text)), width)
        elif self.lines and now - self.last_line >= self.line_every:
            self.last_line = now
            echo(self._text(spent, now), err=True)

    def _text(self, spent: int, now: float) -> str:
        # Written only when shown: the rater reports some 25 times a second.
        return f"{self.label}: {spent:,} of {self.budget:,} work units ({now - self.started:.0f} s)"

    def _short_text(self, spent: int, now: float) -> str:
        return f"{self.label}: {spent * 100 // self.budget}% of budget ({now - self.started:.0f} s)"


def status_width() -> int:
    """The longest status line that fits stderr's terminal without wrapping: one less
    than its width (a character in the last column wraps on some terminals), from COLUMNS
    where set, as shutil reads it, else the terminal's size; 79 where neither says."""
    return max((_columns_set() or _terminal_columns() or 80) - 1, 1)


def _columns_set() -> int:
    columns = os.environ.get("COLUMNS", "")
    return int(columns) if columns.isdigit() else 0


def _terminal_columns() -> int:
    try:
        return os.get_terminal_size(sys.stderr.fileno()).columns
    except (OSError, ValueError, AttributeError):  # no terminal behind it (a test's)
        return 0


def _same_stream() -> bool:
    """Whether stdout and stderr are one file (or pipe), as after `2>&1`."""
    try:
        out, err = os.fstat(sys.stdout.fileno()), os.fstat(sys.stderr.fileno())
    except (OSError, ValueError, AttributeError):  # no real file behind one (a test's)
        return False
    return (out.st_dev, out.st_ino) == (err.st_dev, err.st_ino)
