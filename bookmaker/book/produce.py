"""PuzzleJobs -> verified Puzzles, in-process or on a process pool, always in job order."""

from __future__ import annotations

import itertools
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Iterator

from ..core.generator import Puzzle, generate
from ..core.grader import grade
from ..core.targeted import generate_graded
from ..core.rng import derive_seed
from ..core.shape import Shape
from ..core.verify import verify_puzzle

ProgressCallback = Callable[[int], None]

# Enough chunks per worker to even out slow puzzles, few enough that tiny ones are batched.
_CHUNKS_PER_WORKER = 4
# Puzzles this big take the best part of a second or more each. Each goes to the pool on
# its own: in a chunk, a run of them (a book's 16x16 section) would all land on one worker.
_HEAVY_SIZE = 12


@dataclass(frozen=True)
class PuzzleJob:
    """Everything one puzzle depends on: make the same job anywhere, get the same puzzle."""

    shape: Shape
    seed: int
    symmetry: str = "none"
    target_clues: int = 0
    difficulty: str = "any"


def generate_jobs(shape: Shape, seed: int | str, count: int, symmetry: str = "none",
                  target_clues: int = 0, difficulty: str = "any") -> list[PuzzleJob]:
    """The first `count` jobs of a run; job i's seed depends only on (seed, shape, symmetry, i),
    so a shorter run is a prefix of a longer one."""
    return [PuzzleJob(shape, _job_seed(shape, seed, symmetry, index), symmetry, target_clues,
                      difficulty)
            for index in range(count)]


def _job_seed(shape: Shape, seed: int | str, symmetry: str, index: int) -> int:
    return derive_seed(seed, "generate", str(shape), shape.box_text, symmetry, index)


def make_puzzle(job: PuzzleJob) -> Puzzle:
    """Generate one job's puzzle (to its difficulty, if one is asked), have Dancing Links
    confirm it (VerificationError if not), and record its grading."""
    if job.difficulty == "any":
        puzzle = generate(job.shape, job.seed, job.symmetry, job.target_clues)
        grading = grade(puzzle.givens)
    else:
        puzzle, grading = generate_graded(job.shape, job.seed, job.difficulty, job.symmetry)
    verify_puzzle(puzzle)
    return replace(puzzle, grade=grading.grade, score=grading.score, hardest=grading.hardest)


def produce(jobs: Iterable[PuzzleJob], workers: int = 1,
            on_progress: ProgressCallback | None = None) -> list[Puzzle]:
    """Every job's verified puzzle, in job order whatever the number of workers."""
    jobs = list(jobs)
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if workers == 1 or len(jobs) <= 1:
        return _collect(map(make_puzzle, jobs), on_progress)
    workers = min(workers, len(jobs))  # no idle processes to start and tear down
    with ProcessPoolExecutor(max_workers=workers) as executor:
        # map() yields in submission order, which is what keeps the output worker-independent.
        batches = executor.map(make_puzzles, _batches(jobs, workers))
        return _collect(itertools.chain.from_iterable(batches), on_progress)


def make_puzzles(jobs: tuple[PuzzleJob, ...]) -> list[Puzzle]:
    """make_puzzle for each of a batch of jobs: one round trip to a worker process."""
    return [make_puzzle(job) for job in jobs]


def _batches(jobs: list[PuzzleJob], workers: int) -> list[tuple[PuzzleJob, ...]]:
    """The jobs cut into consecutive batches: small puzzles in chunks sized by how many
    small ones there are, each heavy puzzle alone."""
    light = sum(1 for job in jobs if job.shape.size < _HEAVY_SIZE)
    chunk = _chunksize(light, workers)
    batches: list[tuple[PuzzleJob, ...]] = []
    pending: list[PuzzleJob] = []
    for job in jobs:
        heavy = job.shape.size >= _HEAVY_SIZE
        if pending and (heavy or len(pending) == chunk):
            batches.append(tuple(pending))
            pending = []
        if heavy:
            batches.append((job,))
        else:
            pending.append(job)
    return batches + [tuple(pending)] if pending else batches


def _chunksize(job_count: int, workers: int) -> int:
    return max(1, job_count // (workers * _CHUNKS_PER_WORKER))


def _collect(results: Iterator[Puzzle], on_progress: ProgressCallback | None) -> list[Puzzle]:
    puzzles = []
    for puzzle in results:
        puzzles.append(puzzle)
        if on_progress is not None:
            on_progress(len(puzzles))
    return puzzles

