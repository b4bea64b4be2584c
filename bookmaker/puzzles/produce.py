"""PuzzleJobs -> verified Puzzles, in-process, on a process pool or on any executor (a Dask
cluster's), always in job order, each handed on as soon as it and those before it are
done: a run of any length holds only a bounded window of jobs and puzzles at once."""

from __future__ import annotations

import contextlib
import itertools
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from ..core.board.shape import Shape
from ..core.kinds.kind import Kind, MakeRequest
from ..core.kinds.sudoku import CLASSIC
from ..core.puzzle import Puzzle
from ..core.registry import kind_of_puzzle, puzzle_key
from ..core.rng import derive_seed
from .interrupts import pause_at

if TYPE_CHECKING:  # annotations only: a range is parsed where it is asked for (cli, spec),
    #                and concurrent.futures loads with a pool (one worker needs none)
    from concurrent.futures import Executor, Future

    from ..core.rating.ranges import RatingRange

ProgressCallback = Callable[[int], None]
Made = TypeVar("Made")  # what a job gives: its puzzle, or its puzzle and repeat key

# Enough chunks per worker to even out slow puzzles, few enough that tiny ones are batched.
_CHUNKS_PER_WORKER = 4
# On this machine's own pool a task costs well under a millisecond, so smaller chunks even
# out more: a graded book's sections run from easy to expert, and its last chunk of 4 a
# worker (36 experts, ~1.4 s) kept one worker busy while the other had nothing left.
_LOCAL_CHUNKS_PER_WORKER = 16
# Puzzles this big, and those of heavy kinds (a Samurai's 369 cells, Killers), take the
# best part of a second or more each. Each goes to the pool on its own: in a chunk, a run
# of them (a book's 16x16 section) would all land on one worker.
_HEAVY_SIZE = 12
# A chunk of small puzzles holds at most this many cells (64 9x9 puzzles, under a second):
# a lost worker loses little, progress keeps moving, and a million puzzles are still only
# thousands of tasks.
_MAX_CHUNK_CELLS = 64 * 81
# On an executor from outside, a task may cost a scheduler round trip: ~3.3 ms for Dask on
# loopback (bench/bench_scale.py) against ~14 ms for a 9x9 puzzle. At least this many small
# puzzles to a task keep that overhead under 10% (6% for 9x9s).
_REMOTE_MIN_CHUNK = 4
# Jobs cut into batches at a time: chunks are sized as before within it (a book or a
# year of dailies is one block), and a longer run is never all held in memory.
_BLOCK_JOBS = 10_000
# Batches waiting or running per worker: enough to keep every worker busy.
_IN_FLIGHT_PER_WORKER = 2 * _CHUNKS_PER_WORKER
_WAIT_SECONDS = 0.5  # between checks (the workers still there, the reader still reading)


@dataclass(frozen=True)
class PuzzleJob:
    """Everything one puzzle depends on: make the same job anywhere, get the same puzzle.

    `shape` is the frame, the classic board of the puzzle's size and box (for a jigsaw
    of a size without boxes, the jigsaw kind's stand-in); `kind` says what is made on it
    (core/kinds): the puzzle's own board, a jigsaw's regions drawn from the seed, exists
    only once the job is made."""

    shape: Shape
    seed: int
    symmetry: str = "none"
    target_clues: int = 0
    difficulty: str = "any"
    rating: RatingRange | None = None   # the SE rating range asked for, if any
    kind: Kind = CLASSIC
    # Rate it where the kind records ratings unasked (a book's manifest), grade it when
    # made to any grade; `generate`, printing only the givens, does neither (issue 24: no
    # work thrown away).
    record_rating: bool = True
    record_grade: bool = True
    # Estimate its solving time as it is made (design/solvetime.with_minutes): a book that
    # prints the times has its workers solve each puzzle for them, not its own process.
    timed: bool = False
    # What a kind that draws pictures (a Nonogram) draws: '' a bundled picture the seed
    # picks, 'random' a random grid, or a bundled picture's name or a picture file's path.
    picture: str = ""
    # The bundled picture the plan handed it where the section names none (each once in a
    # book: book/plan.py); a repeat made again drops it for the one its new seed picks
    # (dedupe.py), as the same picture would make the same puzzle.
    handed: str = ""
    # A colour Nonogram's colours at most (its section's `colours`); 0: the default.
    colours: int = 0

    @property
    def request(self) -> MakeRequest:
        """What the kind is asked to make (the picture read here, in the worker)."""
        picture = None
        if self.kind.pictured:
            from ..design.painted import picture_readers

            height, width = self.shape.frame
            read = picture_readers(self.kind, self.colours)[1]
            picture = read(self.picture or self.handed, height, width, self.seed)
        return MakeRequest(self.shape, self.seed, self.difficulty, self.symmetry,
                           self.target_clues, self.rating, self.record_rating,
                           self.record_grade, picture)


def generate_jobs(shape: Shape, seed: int | str, count: int, symmetry: str = "none",
                  target_clues: int = 0, difficulty: str = "any",
                  rating: RatingRange | None = None,
                  kind: Kind = CLASSIC) -> list[PuzzleJob]:
    """The first `count` jobs of a run; job i's seed depends only on (seed, shape,
    kind, symmetry, i), so a shorter run is a prefix of a longer one."""
    request = MakeRequest(shape, RUN_SEED, difficulty, symmetry, target_clues, rating)
    return list(itertools.islice(each_generate_job(kind, request, seed), count))


RUN_SEED = 0  # a run's request's seed: each job has its own (each_generate_job)


def each_generate_job(kind: Kind, request: MakeRequest, seed: int | str, picture: str = ""
                      ) -> Iterator[PuzzleJob]:
    """generate_jobs() one at a time, without end: each job asks the kind for `request`
    with a seed of its own, derived from the run's `seed` (any integer or text; the
    request's own seed is not used)."""
    shape = request.frame
    for index in itertools.count():
        yield PuzzleJob(shape, _job_seed(shape, seed, request.symmetry, index, kind),
                        request.symmetry, request.target_clues, request.difficulty,
                        request.rating, kind, request.record_rating, request.record_grade,
                        picture=picture)


def _job_seed(shape: Shape, seed: int | str, symmetry: str, index: int, kind: Kind) -> int:
    return derive_seed(seed, "generate", str(shape), shape.box_text, *kind.seed_words,
                       symmetry, index)


def make_puzzle(job: PuzzleJob) -> Puzzle:
    """One job's puzzle, made by its kind: to its rating range and difficulty if asked,
    proven unique by the kind's two independent proofs (VerificationError if they
    disagree), graded, and rated where the kind records ratings (core/kinds); with its
    estimated solving time if the job is timed."""
    puzzle = job.kind.make(job.request)
    if not job.timed:
        return puzzle
    from ..design.solvetime import with_minutes  # pydantic: not for `generate`'s start-up
    return with_minutes(puzzle)


def make_keyed_puzzle(job: PuzzleJob) -> tuple[Puzzle, str]:
    """make_puzzle, and the puzzle's repeat key (puzzles/dedupe.py), worked out where the
    puzzle is made: on a pool, the workers share what the parent would do alone."""
    puzzle = make_puzzle(job)
    return puzzle, puzzle_key(puzzle)


def produce(jobs: Iterable[PuzzleJob], workers: int = 1,
            on_progress: ProgressCallback | None = None,
            executor: Executor | None = None) -> list[Puzzle]:
    """Every job's verified puzzle, in job order whatever the executor and the number of
    workers. Without an executor: this process for one worker, else a process pool of
    `workers`; on an executor, `workers` is how many puzzles it makes at once."""
    jobs = list(jobs)
    # No idle processes to start and tear down.
    return _collect(produce_each(jobs, min(workers, max(1, len(jobs))), executor),
                    on_progress)


def produce_keyed(jobs: Iterable[PuzzleJob], workers: int = 1,
                  on_progress: ProgressCallback | None = None,
                  executor: Executor | None = None) -> list[tuple[Puzzle, str]]:
    """produce(), each puzzle with its repeat key (make_keyed_puzzle)."""
    jobs = list(jobs)
    return _collect(_made_each(jobs, min(workers, max(1, len(jobs))), executor, None,
                               make_keyed_puzzle, make_keyed_puzzles), on_progress)


def produce_each(jobs: Iterable[PuzzleJob], workers: int = 1,
                 executor: Executor | None = None,
                 while_waiting: Callable[[], None] | None = None
                 ) -> Generator[Puzzle, None, None]:
    """produce()'s puzzles one by one, each as soon as it and those before it are done,
    from jobs that may be endless. Closing the iterator stops the work (and a pool's
    processes) at once. while_waiting() is called every _WAIT_SECONDS while results are
    awaited from workers, and may raise to stop the run (the reader of the output gone)."""
    return _made_each(jobs, workers, executor, while_waiting, make_puzzle, make_puzzles)


def _made_each(jobs: Iterable[PuzzleJob], workers: int, executor: Executor | None,
               while_waiting: Callable[[], None] | None, make_one: Callable[[PuzzleJob], Made],
               make_batch: Callable[[tuple[PuzzleJob, ...]], list[Made]]
               ) -> Generator[Made, None, None]:
    """produce_each() with what each job gives made by make_one here, or by make_batch (a
    module-level function, so that it pickles) for a batch of jobs on a worker."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if executor is None and workers == 1:
        yield from map(make_one, jobs)
        return
    with ExitStack() as stack:
        # A task sent to an executor from outside may cost a scheduler round trip.
        min_chunk, per_worker = 1, _LOCAL_CHUNKS_PER_WORKER
        if executor is None:
            executor = stack.enter_context(_process_pool(workers))
        else:
            min_chunk, per_worker = _REMOTE_MIN_CHUNK, _CHUNKS_PER_WORKER
        batches = itertools.chain.from_iterable(
            _batches(block, workers, min_chunk, per_worker)
            for block in _blocks(jobs, _BLOCK_JOBS))
        checks = [check for check in (getattr(executor, "check_workers", None),
                                      while_waiting) if check is not None]
        for batch in _in_order(executor, make_batch, batches,
                               workers * _IN_FLIGHT_PER_WORKER, checks):
            yield from batch


def _in_order(executor: Executor, make_batch: Callable[[tuple[PuzzleJob, ...]], list[Made]],
              batches: Iterator[tuple[PuzzleJob, ...]], in_flight: int,
              checks: list[Callable[[], None]]) -> Iterator[list[Made]]:
    """Each batch's puzzles, in batch order, with at most `in_flight` batches submitted
    and not yet handed on. Order of submission is what keeps the output independent of
    the workers; a task lost with its worker is run again (by Dask) from the same seeds,
    to the same end. Whatever ends this early cancels what is still queued."""
    pending: deque[Future] = deque()
    try:
        for batch in itertools.islice(batches, in_flight):
            pending.append(executor.submit(make_batch, batch))
        while pending:
            puzzles = _result(pending.popleft(), checks)
            for batch in itertools.islice(batches, 1):
                pending.append(executor.submit(make_batch, batch))
            pause_at("producing")
            yield puzzles
    finally:
        for future in pending:
            future.cancel()


def _result(future: Future, checks: list[Callable[[], None]]):
    """The future's result, the checks made every _WAIT_SECONDS while it is awaited (an
    executor that can tell it has lost every worker is asked: daskwork.DaskExecutor)."""
    if not checks:
        return future.result()
    from concurrent.futures import TimeoutError as FutureTimeoutError
    while True:
        try:
            return future.result(timeout=_WAIT_SECONDS)
        except FutureTimeoutError:
            for check in checks:
                check()


def _process_pool(workers: int):
    """A local pool of `workers` processes (its module and concurrent.futures loaded only
    when a run has workers: one puzzle made here starts faster)."""
    from .executors import process_pool
    return process_pool(workers)


def _blocks(jobs: Iterable[PuzzleJob], size: int) -> Iterator[list[PuzzleJob]]:
    """The jobs in consecutive lists of `size` (the last may be shorter)."""
    jobs = iter(jobs)
    while block := list(itertools.islice(jobs, size)):
        yield block


def make_puzzles(jobs: tuple[PuzzleJob, ...]) -> list[Puzzle]:
    """make_puzzle for each of a batch of jobs: one round trip to a worker process."""
    return [make_puzzle(job) for job in jobs]


def make_keyed_puzzles(jobs: tuple[PuzzleJob, ...]) -> list[tuple[Puzzle, str]]:
    """make_keyed_puzzle for each of a batch of jobs."""
    return [make_keyed_puzzle(job) for job in jobs]


def _batches(jobs: list[PuzzleJob], workers: int, min_chunk: int = 1,
             per_worker: int = _CHUNKS_PER_WORKER) -> list[tuple[PuzzleJob, ...]]:
    """The jobs cut into consecutive batches: small puzzles in chunks sized by how many
    small ones there are (per_worker chunks a worker, at least min_chunk), each heavy
    puzzle alone."""
    light = [job for job in jobs if not _is_heavy(job)]
    chunk = _chunksize(light, workers, min_chunk, per_worker)
    batches: list[tuple[PuzzleJob, ...]] = []
    pending: list[PuzzleJob] = []
    for job in jobs:
        heavy = _is_heavy(job)
        if pending and (heavy or len(pending) == chunk):
            batches.append(tuple(pending))
            pending = []
        if heavy:
            batches.append((job,))
        else:
            pending.append(job)
    return batches + [tuple(pending)] if pending else batches


def _is_heavy(job: PuzzleJob) -> bool:
    """Whether a job's puzzle takes a second or more: a large board, a Samurai, a Killer."""
    return job.shape.size >= _HEAVY_SIZE or job.kind.heavy


def _chunksize(light: list[PuzzleJob], workers: int, min_chunk: int, per_worker: int) -> int:
    """Small puzzles per chunk: per_worker chunks a worker, bounded below by min_chunk and
    above by _MAX_CHUNK_CELLS."""
    largest = max((job.shape.cell_count for job in light), default=1)
    most = max(1, _MAX_CHUNK_CELLS // largest)
    return min(most, max(min_chunk, len(light) // (workers * per_worker), 1))


@contextlib.contextmanager
def recorded_ratings(puzzles: Sequence[Puzzle], workers: int = 1,
                     executor: Executor | None = None
                     ) -> Iterator[Callable[[], list[Puzzle]]]:
    """The puzzles, made without record_rating, rated as make() would have rated them
    (Kind.with_recorded_rating) on `workers` processes (or the executor) while the body
    runs: a book draws its pages meanwhile, since only its manifest and registry read
    ratings. Yields a function that waits for the rated puzzles, in order; in this
    process for one worker. Leaving the body early stops the rating at once."""
    rated = [i for i, puzzle in enumerate(puzzles) if kind_of_puzzle(puzzle).records_rating(puzzle)]
    if not rated or (executor is None and workers == 1):
        yield lambda: [kind_of_puzzle(puzzle).with_recorded_rating(puzzle) for puzzle in puzzles]
        return
    # The hardest first (the grader's score), so that the longest tasks are not the last
    # ones left, one worker busy and the other idle; the easiest is rated here, before the
    # workers start: it loads the rater, which forked workers then share (~0.1 s each).
    rated.sort(key=lambda i: -puzzles[i].score)
    here = rated.pop()
    result = list(puzzles)
    result[here] = kind_of_puzzle(puzzles[here]).with_recorded_rating(puzzles[here])
    if not rated:
        yield lambda: result
        return
    with ExitStack() as stack:
        if executor is None:
            executor = stack.enter_context(_process_pool(min(workers, len(rated))))
        batches = [tuple(puzzles[i] for i in rated[start:start + _RATED_CHUNK])
                   for start in range(0, len(rated), _RATED_CHUNK)]
        futures = [executor.submit(rate_puzzles, batch) for batch in batches]
        checks = [check for check in (getattr(executor, "check_workers", None),)
                  if check is not None]
        try:
            yield lambda: _with_ratings(result, rated, futures, checks)
        finally:
            for future in futures:
                future.cancel()


_RATED_CHUNK = 8  # puzzles rated in one task: ~0.3 s of experts, ~0.03 s of easy ones


def _with_ratings(puzzles: list[Puzzle], rated: list[int], futures: list[Future],
                  checks: list[Callable[[], None]]) -> list[Puzzle]:
    """The puzzles, those at the positions `rated` replaced by the futures' puzzles."""
    done = (puzzle for future in futures for puzzle in _result(future, checks))
    for index, puzzle in zip(rated, done):
        puzzles[index] = puzzle
    return puzzles


def rate_puzzles(puzzles: tuple[Puzzle, ...]) -> list[Puzzle]:
    """Kind.with_recorded_rating for each of a batch of puzzles: one task of a worker."""
    return [kind_of_puzzle(puzzle).with_recorded_rating(puzzle) for puzzle in puzzles]


def _collect(results: Iterator[Made], on_progress: ProgressCallback | None) -> list[Made]:
    puzzles = []
    for puzzle in results:
        puzzles.append(puzzle)
        if on_progress is not None:
            on_progress(len(puzzles))
    return puzzles

