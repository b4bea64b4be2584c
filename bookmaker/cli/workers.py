"""Options and helpers of the commands that make puzzles: --jobs, --executor, the
workers' output to stdout."""

from __future__ import annotations

import contextlib
import errno
import os
import select
import sys
from collections.abc import Iterable, Iterator

import click

from ..core.puzzle import GenerationError, Puzzle
from ..core.solve.verify import VerificationError
from ..puzzles.executors import (
    EXECUTOR_HELP,
    LOCAL,
    MAX_WORKERS_PER_CPU,
    ExecutorError,
    check_executor,
    most_workers,
    open_workers,
)
from ..puzzles.produce import PuzzleJob, produce_each


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


def worker_count(jobs: int) -> int:
    """The worker processes --jobs asks for (0: one per CPU), capped at what this machine
    can use, with a word on stderr when capped."""
    if jobs == 0:
        return os.cpu_count() or 1
    if jobs > most_workers():
        click.echo(f"bookmaker: --jobs {jobs} is more than this machine can use; using "
                   f"{most_workers()} ({MAX_WORKERS_PER_CPU} per CPU)", err=True)
        return most_workers()
    return jobs


@contextlib.contextmanager
def producing(jobs: Iterable[PuzzleJob], count: int, workers: int,
              executor: str = LOCAL) -> Iterator[Iterator[Puzzle]]:
    """The puzzles of `count` jobs, one by one as they are done, made on the executor, for
    printing: leaving the block stops the work at once, and so does the reader of stdout
    going away while the workers are busy. A failure is a one-line error, exit 1."""
    try:
        with open_workers(executor, max(1, min(workers, count))) as pool, \
                contextlib.closing(produce_each(jobs, pool.count, pool.executor,
                                                stop_if_output_closed)) as puzzles:
            yield puzzles
    except (GenerationError, VerificationError, ExecutorError) as err:
        raise click.ClickException(str(err)) from None


def stop_if_output_closed() -> None:
    """BrokenPipeError if stdout is a pipe whose reader has gone (`| head` has read what
    it wanted): found without writing, so a run between two slow puzzles stops at once."""
    try:
        poller = select.poll()
        poller.register(sys.stdout.fileno(), 0)  # errors and hang-ups are always reported
    except (AttributeError, OSError, ValueError):  # no poll(), or not a real file
        return
    if any(events & (select.POLLERR | select.POLLHUP) for _, events in poller.poll(0)):
        raise BrokenPipeError(errno.EPIPE, "the reader of stdout has gone")
