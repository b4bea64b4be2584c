"""PuzzleJobs -> verified Puzzles, in-process, on a process pool or on any executor (a Dask
cluster's), always in job order, each handed on as soon as it and those before it are
done: a run of any length holds only a bounded window of jobs and puzzles at once."""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future
from concurrent.futures import TimeoutError as FutureTimeoutError
from contextlib import ExitStack
from dataclasses import dataclass, replace

from ..core.board.shape import Shape, board_of
from ..core.generate.graded import generate_graded
from ..core.generate.removal import generate
from ..core.grade.grader import GRADES, grade_within
from ..core.killer.generate import generate_killer
from ..core.killer.text import KILLER_VARIANTS
from ..core.kinds.sudoku import variant_board
from ..core.puzzle import Puzzle
from ..core.rating import RatingRange, generate_rated, rate
from ..core.rating.target import GENERATION_BUDGET
from ..core.rng import derive_seed
from ..core.solve.verify import Undecided, verify_puzzle
from .executors import process_pool
from .interrupts import pause_at

ProgressCallback = Callable[[int], None]

# Enough chunks per worker to even out slow puzzles, few enough that tiny ones are batched.
_CHUNKS_PER_WORKER = 4
# Killers in a row a job may make when the Killer check cannot decide one within its budget
# (a 9x9 at grade 'any' was seen): each is dropped unprinted for the next.
KILLER_TRIES = 5
# Puzzles this big, Samurai (369 cells) and Killers take the best part of a second or more
# each. Each goes to the pool on its own: in a chunk, a run of them (a book's 16x16 section)
# would all land on one worker.
_HEAVY_SIZE = 12
_HEAVY_VARIANTS = ("samurai",) + tuple(KILLER_VARIANTS)
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
    of a size without boxes, core.variants.frame_for's stand-in); `variant` says which
    board is made on it (core.variants.variant_board): the puzzle's own board, a
    jigsaw's regions drawn from the seed, exists only once the job is made."""

    shape: Shape
    seed: int
    symmetry: str = "none"
    target_clues: int = 0
    difficulty: str = "any"
    rating: RatingRange | None = None   # the SE rating range asked for, if any
    # "killer" or "killer-x": cages on the classic board `shape` or on its X board
    # (core/killergen.py, killertext.KILLER_VARIANTS); as issue 14's variants, `shape`
    # stays the classic board and the variant names what is made on it
    variant: str = "classic"


def generate_jobs(shape: Shape, seed: int | str, count: int, symmetry: str = "none",
                  target_clues: int = 0, difficulty: str = "any",
                  rating: RatingRange | None = None,
                  variant: str = "classic") -> list[PuzzleJob]:
    """The first `count` jobs of a run; job i's seed depends only on (seed, shape,
    variant, symmetry, i), so a shorter run is a prefix of a longer one."""
    return list(itertools.islice(each_generate_job(
        shape, seed, symmetry, target_clues, difficulty, rating, variant), count))


def each_generate_job(shape: Shape, seed: int | str, symmetry: str = "none",
                      target_clues: int = 0, difficulty: str = "any",
                      rating: RatingRange | None = None,
                      variant: str = "classic") -> Iterator[PuzzleJob]:
    """generate_jobs() one at a time, without end."""
    for index in itertools.count():
        yield PuzzleJob(shape, _job_seed(shape, seed, symmetry, index, variant), symmetry,
                        target_clues, difficulty, rating, variant)


def _job_seed(shape: Shape, seed: int | str, symmetry: str, index: int, variant: str) -> int:
    board = () if variant == "classic" else (variant,)  # classic seeds as they always were
    return derive_seed(seed, "generate", str(shape), shape.box_text, *board, symmetry, index)


def make_puzzle(job: PuzzleJob) -> Puzzle:
    """Generate one job's puzzle on its variant's board (to its rating range and
    difficulty, if asked), have the second opinion (Dancing Links; for a Killer, the
    Killer check) confirm it (VerificationError if not), and record its grading and, on a
    board SE ratings are read on (rated_unasked), its SE rating (a lower bound if rating it
    would take more than GENERATION_BUDGET; a Killer has none: SE rates puzzles with
    givens)."""
    if job.variant in KILLER_VARIANTS:
        return _killer_puzzle(job)
    board = variant_board(job.variant, job.shape, job.seed)
    if job.rating is not None:
        puzzle, grading, rating = generate_rated(board, job.seed, job.rating,
                                                 job.difficulty, job.symmetry)
    else:
        if job.difficulty == "any":
            puzzle = generate(board, job.seed, job.symmetry, job.target_clues)
            grading = grade_within(puzzle.givens, GRADES[-1])  # the last grade caps nothing
        else:
            puzzle, grading = generate_graded(board, job.seed, job.difficulty, job.symmetry)
        rating = rate(puzzle.givens, GENERATION_BUDGET) if rated_unasked(board) else None
    verify_puzzle(puzzle)
    puzzle = replace(puzzle, grade=grading.grade, score=grading.score, hardest=grading.hardest)
    return puzzle if rating is None else replace(puzzle, rating=rating.texts, rater=rating.version)


def rated_unasked(board: Shape) -> bool:
    """Whether a puzzle made without a rating range is rated anyway, as it is made: on a
    board of 81 cells, where SE ratings are read and a rating costs ~0.2 s at worst. A
    16x16 one cost up to GENERATION_BUDGET (~0.6 s) each, 30 s of a 300-puzzle book for a
    number nobody compares; `bookmaker rate` and `rating:` still rate any board."""
    return board.cell_count == 81


def _killer_puzzle(job: PuzzleJob) -> Puzzle:
    """make_puzzle() for a Killer job: on the classic or X board, to its difficulty. A
    Killer the Killer check cannot decide within its node budget is not printed: the job
    makes the next one from a seed derived from its own (the same every run), up to
    KILLER_TRIES; a check that disagrees stops the run as for any puzzle."""
    board = board_of(job.shape.box_rows, job.shape.box_cols, KILLER_VARIANTS[job.variant])
    for attempt in range(KILLER_TRIES):
        seed = job.seed if attempt == 0 else derive_seed(job.seed, "killer undecided", attempt)
        puzzle, grading = generate_killer(board, seed, job.difficulty)
        try:
            verify_puzzle(puzzle)
            return replace(puzzle, grade=grading.grade, score=grading.score,
                           hardest=grading.hardest)
        except Undecided:
            if attempt == KILLER_TRIES - 1:
                raise


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


def produce_each(jobs: Iterable[PuzzleJob], workers: int = 1,
                 executor: Executor | None = None,
                 while_waiting: Callable[[], None] | None = None) -> Iterator[Puzzle]:
    """produce()'s puzzles one by one, each as soon as it and those before it are done,
    from jobs that may be endless. Closing the iterator stops the work (and a pool's
    processes) at once. while_waiting() is called every _WAIT_SECONDS while results are
    awaited from workers, and may raise to stop the run (the reader of the output gone)."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if executor is None and workers == 1:
        yield from map(make_puzzle, jobs)
        return
    with ExitStack() as stack:
        # A task sent to an executor from outside may cost a scheduler round trip.
        min_chunk = 1 if executor is None else _REMOTE_MIN_CHUNK
        if executor is None:
            executor = stack.enter_context(process_pool(workers))
        batches = itertools.chain.from_iterable(
            _batches(block, workers, min_chunk) for block in _blocks(jobs, _BLOCK_JOBS))
        checks = [check for check in (getattr(executor, "check_workers", None),
                                      while_waiting) if check is not None]
        for batch in _in_order(executor, batches, workers * _IN_FLIGHT_PER_WORKER, checks):
            yield from batch


def _in_order(executor: Executor, batches: Iterator[tuple[PuzzleJob, ...]],
              in_flight: int, checks: list[Callable[[], None]]) -> Iterator[list[Puzzle]]:
    """Each batch's puzzles, in batch order, with at most `in_flight` batches submitted
    and not yet handed on. Order of submission is what keeps the output independent of
    the workers; a task lost with its worker is run again (by Dask) from the same seeds,
    to the same end. Whatever ends this early cancels what is still queued."""
    pending: deque[Future] = deque()
    try:
        for batch in itertools.islice(batches, in_flight):
            pending.append(executor.submit(make_puzzles, batch))
        while pending:
            puzzles = _result(pending.popleft(), checks)
            for batch in itertools.islice(batches, 1):
                pending.append(executor.submit(make_puzzles, batch))
            pause_at("producing")
            yield puzzles
    finally:
        for future in pending:
            future.cancel()


def _result(future: Future, checks: list[Callable[[], None]]):
    """The future's result, the checks made every _WAIT_SECONDS while it is awaited (an
    executor that can tell it has lost every worker is asked: executors.DaskExecutor)."""
    if not checks:
        return future.result()
    while True:
        try:
            return future.result(timeout=_WAIT_SECONDS)
        except FutureTimeoutError:
            for check in checks:
                check()


def _blocks(jobs: Iterable[PuzzleJob], size: int) -> Iterator[list[PuzzleJob]]:
    """The jobs in consecutive lists of `size` (the last may be shorter)."""
    jobs = iter(jobs)
    while block := list(itertools.islice(jobs, size)):
        yield block


def make_puzzles(jobs: tuple[PuzzleJob, ...]) -> list[Puzzle]:
    """make_puzzle for each of a batch of jobs: one round trip to a worker process."""
    return [make_puzzle(job) for job in jobs]


def _batches(jobs: list[PuzzleJob], workers: int,
             min_chunk: int = 1) -> list[tuple[PuzzleJob, ...]]:
    """The jobs cut into consecutive batches: small puzzles in chunks sized by how many
    small ones there are (at least min_chunk), each heavy puzzle alone."""
    light = [job for job in jobs if not _is_heavy(job)]
    chunk = _chunksize(light, workers, min_chunk)
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
    return job.shape.size >= _HEAVY_SIZE or job.variant in _HEAVY_VARIANTS


def _chunksize(light: list[PuzzleJob], workers: int, min_chunk: int) -> int:
    """Small puzzles per chunk: a few chunks per worker, bounded below by min_chunk and
    above by _MAX_CHUNK_CELLS."""
    largest = max((job.shape.cell_count for job in light), default=1)
    most = max(1, _MAX_CHUNK_CELLS // largest)
    return min(most, max(min_chunk, len(light) // (workers * _CHUNKS_PER_WORKER), 1))


def _collect(results: Iterator[Puzzle], on_progress: ProgressCallback | None) -> list[Puzzle]:
    puzzles = []
    for puzzle in results:
        puzzles.append(puzzle)
        if on_progress is not None:
            on_progress(len(puzzles))
    return puzzles

