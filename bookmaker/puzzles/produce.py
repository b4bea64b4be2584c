"""PuzzleJobs -> verified Puzzles, in-process, on a process pool or on any executor (a Dask
cluster's), always in job order."""

from __future__ import annotations

import itertools
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Iterator

from ..core.generator import Puzzle, generate
from ..core.grader import GRADES, grade_within
from ..core.killergen import generate_killer
from ..core.rng import derive_seed
from ..core.shape import Shape
from ..core.targeted import generate_graded
from ..core.verify import verify_puzzle

ProgressCallback = Callable[[int], None]

# Enough chunks per worker to even out slow puzzles, few enough that tiny ones are batched.
_CHUNKS_PER_WORKER = 4
# Puzzles this big, and Killers, take the best part of a second or more each. Each goes to
# the pool on its own: in a chunk, a run of them (a book's 16x16 section) would all land on
# one worker.
_HEAVY_SIZE = 12
# A chunk of small puzzles holds at most this many cells (64 9x9 puzzles, under a second):
# a lost worker loses little, progress keeps moving, and a million puzzles are still only
# thousands of tasks.
_MAX_CHUNK_CELLS = 64 * 81
# On an executor from outside, a task may cost a scheduler round trip: ~3.3 ms for Dask on
# loopback (bench/bench_scale.py) against ~14 ms for a 9x9 puzzle. At least this many small
# puzzles to a task keep that overhead under 10% (6% for 9x9s).
_REMOTE_MIN_CHUNK = 4


@dataclass(frozen=True)
class PuzzleJob:
    """Everything one puzzle depends on: make the same job anywhere, get the same puzzle."""

    shape: Shape
    seed: int
    symmetry: str = "none"
    target_clues: int = 0
    difficulty: str = "any"
    variant: str = "classic"  # "killer": cages on the board (core/killergen.py)


def generate_jobs(shape: Shape, seed: int | str, count: int, symmetry: str = "none",
                  target_clues: int = 0, difficulty: str = "any",
                  variant: str = "classic") -> list[PuzzleJob]:
    """The first `count` jobs of a run; job i's seed depends only on (seed, shape, symmetry,
    variant, i), so a shorter run is a prefix of a longer one."""
    return [PuzzleJob(shape, _job_seed(shape, seed, symmetry, index, variant), symmetry,
                      target_clues, difficulty, variant)
            for index in range(count)]


def _job_seed(shape: Shape, seed: int | str, symmetry: str, index: int,
              variant: str = "classic") -> int:
    kind = () if variant == "classic" else (variant,)  # classic seeds stay as they were
    return derive_seed(seed, "generate", str(shape), shape.box_text, symmetry, *kind, index)


def make_puzzle(job: PuzzleJob) -> Puzzle:
    """Generate one job's puzzle (to its difficulty, if one is asked), have the second
    opinion (Dancing Links; for a Killer, the Killer check) confirm it (VerificationError
    if not), and record its grading."""
    if job.variant == "killer":
        puzzle, grading = generate_killer(job.shape, job.seed, job.difficulty)
    elif job.difficulty == "any":
        puzzle = generate(job.shape, job.seed, job.symmetry, job.target_clues)
        grading = grade_within(puzzle.givens, GRADES[-1])  # fast; the last grade caps nothing
    else:
        puzzle, grading = generate_graded(job.shape, job.seed, job.difficulty, job.symmetry)
    verify_puzzle(puzzle)
    return replace(puzzle, grade=grading.grade, score=grading.score, hardest=grading.hardest)


def produce(jobs: Iterable[PuzzleJob], workers: int = 1,
            on_progress: ProgressCallback | None = None,
            executor: Executor | None = None) -> list[Puzzle]:
    """Every job's verified puzzle, in job order whatever the executor and the number of
    workers. Without an executor: this process for one worker, else a process pool of
    `workers`; on an executor, `workers` is how many puzzles it makes at once."""
    jobs = list(jobs)
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if executor is not None:
        return _produce_on(executor, _batches(jobs, workers, _REMOTE_MIN_CHUNK), on_progress)
    if workers == 1 or len(jobs) <= 1:
        return _collect(map(make_puzzle, jobs), on_progress)
    workers = min(workers, len(jobs))  # no idle processes to start and tear down
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return _produce_on(pool, _batches(jobs, workers), on_progress)


def _produce_on(executor: Executor, batches: list[tuple[PuzzleJob, ...]],
                on_progress: ProgressCallback | None) -> list[Puzzle]:
    # map() yields in submission order, which is what keeps the output worker-independent;
    # a task lost with its worker is run again (by Dask) from the same seeds, to the same end.
    results = executor.map(make_puzzles, batches)
    return _collect(itertools.chain.from_iterable(results), on_progress)


def make_puzzles(jobs: tuple[PuzzleJob, ...]) -> list[Puzzle]:
    """make_puzzle for each of a batch of jobs: one round trip to a worker process."""
    return [make_puzzle(job) for job in jobs]


def _batches(jobs: list[PuzzleJob], workers: int,
             min_chunk: int = 1) -> list[tuple[PuzzleJob, ...]]:
    """The jobs cut into consecutive batches: small puzzles in chunks sized by how many
    small ones there are (at least min_chunk), each heavy puzzle alone."""
    light = [job for job in jobs if not _heavy(job)]
    chunk = _chunksize(light, workers, min_chunk)
    batches: list[tuple[PuzzleJob, ...]] = []
    pending: list[PuzzleJob] = []
    for job in jobs:
        heavy = _heavy(job)
        if pending and (heavy or len(pending) == chunk):
            batches.append(tuple(pending))
            pending = []
        if heavy:
            batches.append((job,))
        else:
            pending.append(job)
    return batches + [tuple(pending)] if pending else batches


def _heavy(job: PuzzleJob) -> bool:
    """Whether a job's puzzle takes a second or more: a large board, or any Killer."""
    return job.shape.size >= _HEAVY_SIZE or job.variant == "killer"


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

