"""Options and helpers of the commands that make puzzles: --jobs, --executor, the
workers' output to stdout (its click-free work in making.py)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator

import click

from ..core.puzzle import Puzzle
from ..puzzles.executors import EXECUTOR_HELP, LOCAL, check_executor
from ..puzzles.produce import PuzzleJob
from . import defaults
from .making import PRODUCING_ERRORS, producing_puzzles, worker_count

__all__ = ["executor_option", "producing", "worker_count"]


def executor_or_usage_error(ctx: click.Context, param: click.Parameter, text: str) -> str:
    """--executor's value, checked before anything starts: a bad one is a usage error."""
    try:
        return check_executor(text)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="'--executor'") from None


def executor_option(command):
    """--executor for commands that make puzzles: where they are made."""
    return click.option(
        "--executor", metavar="WHERE", default=defaults.EXECUTOR, show_default=True,
        callback=executor_or_usage_error,
        help=f"Where puzzles are made: {EXECUTOR_HELP}. local: --jobs processes here; "
             "dask-local: a Dask cluster of --jobs workers here; dask://HOST:PORT: the "
             "workers of a running Dask scheduler. The output never depends on it.")(command)


@contextlib.contextmanager
def producing(jobs: Iterable[PuzzleJob], count: int, workers: int,
              executor: str = LOCAL) -> Iterator[Iterator[Puzzle]]:
    """making.producing_puzzles, a failure a one-line error, exit 1."""
    try:
        with producing_puzzles(jobs, count, workers, executor) as puzzles:
            yield puzzles
    except PRODUCING_ERRORS as err:
        raise click.ClickException(str(err)) from None
