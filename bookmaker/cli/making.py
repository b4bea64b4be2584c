"""What `generate` does once its options are read and checked: puzzles made on workers and
printed as they come, with the worker count --jobs asks for. No click here: the plain
path (plain.py) runs these very functions for a plain `generate`."""

from __future__ import annotations

import contextlib
import errno
import itertools
import os
import select
import sys
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from ..core.puzzle import GenerationError, Puzzle
from ..core.registry import kind_of_puzzle
from ..core.solve.verify import VerificationError
from ..puzzles.executors import (
    LOCAL,
    MAX_WORKERS_PER_CPU,
    ExecutorError,
    most_workers,
    open_workers,
)
from ..puzzles.produce import PuzzleJob, each_generate_job, produce_each
from .progress import DelayedProgressBar
from .running import echo

if TYPE_CHECKING:
    from ..core.kinds.kind import Kind, MakeRequest

# What stops making puzzles: said in one line, exit code 1 (click's ClickException).
PRODUCING_ERRORS = (GenerationError, VerificationError, ExecutorError)


def print_puzzles(kind: Kind, request: MakeRequest, seed: int | str, count: int,
                  jobs: int, executor: str, as_json: bool, picture: str = "") -> None:
    """Print `count` puzzles of the kind made to the request, the run's seed `seed`, each
    as soon as it is made: its line, or (as_json) its JSON record; PRODUCING_ERRORS if
    one cannot be made."""
    show = puzzle_record_line if as_json else puzzle_text
    # The grade only for --json (issue 24); the rating is only recorded with --registry.
    made = each_generate_job(kind, replace(request, record_rating=False,
                                           record_grade=as_json), seed, picture)
    with producing_puzzles(itertools.islice(made, count), count, worker_count(jobs),
                           executor) as puzzles, \
            DelayedProgressBar(count, "Generating", beside_output=True) as progress:
        for done, puzzle in enumerate(puzzles, 1):
            echo(show(puzzle))
            progress.update(done)


def puzzle_text(puzzle: Puzzle, key: str = "") -> str:
    """A puzzle's line, as its kind writes it (a Killer's with its cages and sums)."""
    return kind_of_puzzle(puzzle).line(puzzle)


def puzzle_record_line(puzzle: Puzzle, key: str = "") -> str:
    """A puzzle's JSON record on one line (core/exchange/record.py), with its registry key
    if it was registered."""
    import json

    from ..core.exchange.record import About, puzzle_record

    return json.dumps(puzzle_record(puzzle, About(key=key)), ensure_ascii=False)


def worker_count(jobs: int) -> int:
    """The worker processes --jobs asks for (0: one per CPU), capped at what this machine
    can use, with a word on stderr when capped."""
    if jobs == 0:
        return os.cpu_count() or 1
    if jobs > most_workers():
        echo(f"bookmaker: --jobs {jobs} is more than this machine can use; using "
             f"{most_workers()} ({MAX_WORKERS_PER_CPU} per CPU)", err=True)
        return most_workers()
    return jobs


@contextlib.contextmanager
def producing_puzzles(jobs: Iterable[PuzzleJob], count: int, workers: int,
                      executor: str = LOCAL) -> Iterator[Iterator[Puzzle]]:
    """The puzzles of `count` jobs, one by one as they are done, made on the executor, for
    printing: leaving the block stops the work at once, and so does the reader of stdout
    going away while the workers are busy."""
    with open_workers(executor, max(1, min(workers, count))) as pool, \
            contextlib.closing(produce_each(jobs, pool.count, pool.executor,
                                            stop_if_output_closed)) as puzzles:
        yield puzzles


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
