"""The whole pipeline for one book spec, as a straight line of stages:
plan -> produce -> compose -> render -> write.

Nothing is written until every stage has succeeded, and then each file goes to a
temporary file in the output folder that is renamed over the old one: a failed or
interrupted build leaves the folder as it found it (DESIGN.md, "Bad input").
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .book.plan import plan, ramped
from .book.produce import PuzzleJob, make_puzzle, produce
from .compose import BuildError, ComposedBook, compose
from .core.generator import Puzzle
from .core.rng import derive_seed
from .core.shape import shape_for_size
from .manifest import manifest_text
from .render.pdf import render_pdf_bytes
from .spec import BookSpec

__all__ = ["build", "BuildResult", "BuildError"]

ProgressCallback = Callable[[int], None]
EXAMPLE_MAX_SIZE = 9  # a larger example would not fit half a page; the rules are the same


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote, and how long each stage took (seconds; never in the output)."""

    files: tuple[Path, ...]
    puzzle_count: int
    page_counts: dict[str, int]
    stage_seconds: dict[str, float] = field(default_factory=dict)


def build(spec: BookSpec, out_dir: str | os.PathLike, workers: int = 1,
          on_progress: ProgressCallback | None = None) -> BuildResult:
    """Build the book: `<name>.pdf`, `<name>-answers.pdf` when answers are separate, and
    `<name>.json`, in out_dir. on_progress(done) is told as puzzles are finished."""
    clock = _StageClock()
    planned = plan(spec)
    # produce() generates each puzzle and has Dancing Links verify it (VerificationError
    # otherwise), so every puzzle from here on is proven unique twice.
    puzzles = produce([p.job for p in planned], workers, on_progress)
    planned, puzzles = ramped(planned, puzzles)
    example = example_puzzle(spec)
    clock.lap("generate")
    book = compose(spec, planned, puzzles, example)
    clock.lap("compose")
    contents = render_documents(book, clock)
    contents[f"{spec.name}.json"] = manifest_text(spec, planned, puzzles, book).encode("utf-8")
    files = write_atomically(Path(out_dir), contents)
    clock.lap("write")
    return BuildResult(files, len(planned), {d.file_name: len(d.pages) for d in book.documents},
                       clock.laps)


def example_puzzle(spec: BookSpec) -> Puzzle | None:
    """The worked example for the how-to-play page (None without that page): a puzzle of
    the book's smallest size, 9x9 at most, made and verified like every other."""
    if not spec.front_matter.how_to_play:
        return None
    smallest = min(spec.sections, key=lambda section: section.size)
    shape = smallest.shape if smallest.size <= EXAMPLE_MAX_SIZE else \
        shape_for_size(EXAMPLE_MAX_SIZE)
    return make_puzzle(PuzzleJob(shape, derive_seed(spec.seed, "how-to-play", str(shape),
                                                    shape.box_text), "rotational"))


def render_documents(book: ComposedBook, clock: _StageClock) -> dict[str, bytes]:
    """Every document drawn into PDF bytes, in memory."""
    contents = {}
    for document in book.documents:
        contents[document.file_name] = render_pdf_bytes(document.pages, document.style,
                                                        document.metadata)
        clock.lap(f"render {document.file_name}")
    return contents


def write_atomically(out_dir: Path, contents: dict[str, bytes]) -> tuple[Path, ...]:
    """Write every file to a temporary file beside it, then rename each into place; the
    temporary files are removed if anything fails."""
    out_dir.mkdir(parents=True, exist_ok=True)
    temporaries: dict[Path, Path] = {}
    try:
        for name, data in contents.items():
            temporaries[out_dir / name] = _write_temporary(out_dir, name, data)
        for target, temporary in temporaries.items():
            os.replace(temporary, target)
    finally:
        for temporary in temporaries.values():
            temporary.unlink(missing_ok=True)
    return tuple(temporaries)


def _write_temporary(out_dir: Path, name: str, data: bytes) -> Path:
    """A new hidden file holding data, flushed to disk. Created with os.open so that the
    user's umask decides its permissions, as for any file they write."""
    temporary = out_dir / f".{name}.{os.getpid()}.tmp"
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return temporary


class _StageClock:
    """Seconds spent in each stage, for the CLI summary and the benchmark."""

    def __init__(self) -> None:
        self.laps: dict[str, float] = {}
        self._last = time.perf_counter()

    def lap(self, stage: str) -> None:
        now = time.perf_counter()
        self.laps[stage] = now - self._last
        self._last = now

