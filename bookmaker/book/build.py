"""The whole pipeline for one book spec, as a straight line of stages:
plan -> produce -> compose -> render -> write.

What can be checked before any puzzle is made is checked first (the registry, the output
folder), and a replacement an earlier build left unfinished there is finished or undone.
Nothing is written until every stage has succeeded; then the book's files replace the
old ones as a set, together with its registry entries (puzzles/outputs.py): a failed or
interrupted build leaves the folder and the registry as it found them (docs/guide.md,
"Build a book").
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..core.board.grid import format_grid
from ..core.board.shape import Shape
from ..core.kinds.kind import Kind
from ..core.puzzle import Puzzle
from ..core.rng import derive_seed
from ..design.catalogue import load_catalogue
from ..puzzles.dedupe import Distinct, without_repeats
from ..puzzles.outputs import (
    OutputSet,
    check_can_write,
    files_in,
    recover,
    replace_outputs,
)
from ..puzzles.produce import PuzzleJob, make_puzzle, produce_keyed, recorded_ratings
from ..puzzles.registry import (
    PendingIssues,
    Registry,
    Snapshot,
    default_registry_path,
    puzzle_entry,
)
from ..render.pdf import render_pdf_bytes
from ..spec import BookSpec, slug_of
from .compose import BuildError, ComposedBook, answers_file_name, book_file_name, compose
from .cover import cover_contents, cover_file_names, cover_picks, cover_record
from .manifest import manifest_text, other_book_named_alike
from .plan import PlannedPuzzle, plan, ramped

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
    registry: Path | None = None  # the registry the puzzles were recorded in, if any
    remade: int = 0  # puzzles made again because they repeated others
    padding: dict[str, int] = field(default_factory=dict)  # pages added per file, by name


def build(spec: BookSpec, out_dir: str | os.PathLike, workers: int = 1,
          on_progress: ProgressCallback | None = None,
          executor: Executor | None = None) -> BuildResult:
    """Build the book: `<name>.pdf`, `<name>-answers.pdf` when answers are separate, and
    `<name>.json`, in out_dir. on_progress(done) is told as puzzles are finished. The
    puzzles are made on the executor if one is given (see produce()). BuildError before
    anything is made if `<name>.json` there is another book's manifest."""
    clock = _StageClock()
    refusal = other_book_named_alike(spec, Path(out_dir))
    if refusal:
        raise BuildError(refusal)
    planned = plan(spec)
    registry = book_registry(spec, out_dir)
    check_before_making(spec, out_dir, registry)
    distinct, read = distinct_puzzles(spec, planned, registry, lambda jobs, progress=None:
                                      produce_keyed(jobs, workers, progress, executor),
                                      on_progress)
    keys = {p.id: key for p, key in zip(planned, distinct.keys)}
    # Only the manifest and the registry read the ratings recorded unasked: the workers
    # rate the puzzles while this process draws the book.
    with recorded_ratings(distinct.puzzles, workers, executor) as rated:
        book, contents = drawn_book(spec, *ramped(planned, distinct.puzzles),
                                    [distinct.puzzles[i] for i in cover_picks(spec)], clock)
        planned, puzzles = ramped(planned, rated())
        clock.lap("rate")  # what was left to wait for
    pages = len(book.documents[0].pages)
    exports = book_exports(spec, planned, puzzles, keys)
    contents[f"{spec.name}.json"] = manifest_text(
        spec, planned, puzzles, book, keys, cover_record(spec, pages),
        sorted(name for name in exports if "/" not in name)).encode("utf-8")
    contents |= exports
    stale = stale_files(Path(out_dir), spec.name, contents)
    files = replace_outputs(OutputSet(Path(out_dir), contents, stale, spec.name),
                            pending_issue(registry, spec, planned, puzzles, keys, read))
    clock.lap("write")
    return BuildResult(files, len(planned), {d.file_name: len(d.pages) for d in book.documents},
                       clock.laps, registry.path if registry else None, distinct.remade,
                       {d.file_name: d.padding for d in book.documents if d.padding})


def drawn_book(spec: BookSpec, planned: list[PlannedPuzzle], puzzles: list[Puzzle],
               cover_puzzles: list[Puzzle], clock: _StageClock
               ) -> tuple[ComposedBook, dict[str, bytes]]:
    """The book composed, and its PDFs and cover drawn, by file name."""
    examples = example_puzzles(spec)
    clock.lap("generate")
    book = compose(spec, planned, puzzles, examples)
    clock.lap("compose")
    contents = render_documents(book, clock)
    contents |= cover_contents(spec, cover_puzzles, pages=len(book.documents[0].pages),
                               printed={format_grid(puzzle.solution) for puzzle in puzzles})
    clock.lap("cover")
    return book, contents


def book_exports(spec: BookSpec, planned: list[PlannedPuzzle], puzzles: list[Puzzle],
                 keys: dict[str, str]) -> dict[str, bytes]:
    """The exports the spec's outputs ask for beside the PDFs (export/formats.py): the
    puzzles' ipuz files in <name>-puzzles/, <name>-feed.json and .csv, <name>.html."""
    wanted = [name for name in spec.outputs if name != "pdf"]
    if not wanted:
        return {}
    # The exports (fontTools, the EPS and SVG drawing) load only for a book that asks.
    from ..core.exchange.record import About
    from ..export.formats import Naming, export_files
    from ..export.items import ExportItem, grade_caption

    words = load_catalogue(spec.language)
    items = [ExportItem(puzzle, About(id=f"{spec.name}-{p.id}", series=spec.series,
                                      title=f"{spec.title} · {p.number}", author=spec.author
                                      or "", key=keys[p.id], symbols="".join(p.section.glyphs)),
                        p.id, f"{p.section.name} · {p.number}", grade_caption(puzzle, words))
             for p, puzzle in zip(planned, puzzles)]
    return export_files(wanted, items, Naming(puzzle=f"{puzzles_folder(spec.name)}/{{stem}}",
                                              feed=f"{spec.name}-feed",
                                              links=f"{spec.name}-puzzlink.txt",
                                              page=f"{spec.name}.html", title=spec.title,
                                              series=spec.series, language=spec.language))


def book_registry(spec: BookSpec, out_dir: str | os.PathLike) -> Registry | None:
    """The book's registry: the spec's file, the series' file in out_dir, or None."""
    if spec.registry is False:
        return None
    if spec.registry is True:
        return Registry(default_registry_path(out_dir, slug_of(spec.series, spec.name)))
    return Registry(spec.registry)


def check_before_making(spec: BookSpec, out_dir: str | os.PathLike,
                        registry: Registry | None) -> None:
    """Finish or undo what an interrupted build left in out_dir, then fail now, not after
    every puzzle is made, if the files or the registry could not be written."""
    recover(out_dir, spec.name)
    check_can_write(out_dir, [book_file_name(spec), answers_file_name(spec),
                              f"{spec.name}.json", *cover_file_names(spec)])
    if registry is not None:
        registry.check_usable()


def distinct_puzzles(spec: BookSpec, planned: list[PlannedPuzzle], registry: Registry | None,
                     make: Callable, on_progress: ProgressCallback | None
                     ) -> tuple[Distinct, Snapshot]:
    """Every planned puzzle, none equivalent to another or to one the registry holds
    from another issue (puzzles/dedupe.py), and the registry as it was read.
    make(jobs, on_progress) is produce_keyed(): it has Dancing Links verify each puzzle
    (VerificationError otherwise), so every puzzle from here on is proven unique twice,
    and works out each puzzle's repeat key where the puzzle is made."""
    # Made without the ratings recorded unasked: recorded_ratings adds them (build()); with
    # the times the book prints worked out where they are made, unless composing solves
    # the puzzles step by step anyway (hints, paths, a glossary) and times them then.
    explained = spec.explanations
    jobs = [replace(p.job, record_rating=False, timed=explained.times and not explained.shows_steps)
            for p in planned]
    made = make(jobs, on_progress)
    # Read as late as possible, so that a build finishing meanwhile is taken into account.
    snapshot = registry.read() if registry else Snapshot()
    issued = snapshot.keys((spec.series, spec.issue))
    return without_repeats(jobs, [puzzle for puzzle, _ in made], issued,
                           lambda again: [puzzle for puzzle, _ in make(again)],
                           [p.id for p in planned],
                           keys_made=[key for _, key in made]), snapshot


def pending_issue(registry: Registry | None, spec: BookSpec, planned: list[PlannedPuzzle],
                  puzzles: list[Puzzle], keys: dict[str, str],
                  read: Snapshot) -> PendingIssues | None:
    """The book's puzzles as its issue of the registry, committed with its files.
    RegistryConflict, and nothing written, if another build has registered one of these
    puzzles since the registry was `read`."""
    if registry is None:
        return None
    entries = [puzzle_entry(puzzle, keys[p.id])
               for p, puzzle in zip(planned, puzzles)]
    return registry.pending(spec.series, {spec.issue: entries}, read)


def example_puzzles(spec: BookSpec) -> tuple[Puzzle, ...]:
    """The worked examples for the how-to-play pages (none without them): a puzzle of each
    kind of the book, in the order the book first has it, drawn as that kind (a Killer's
    cages, a Calcudoku's), at its smallest size in the book, and no larger than
    EXAMPLE_MAX_SIZE where the kind is made that size (a 12x12 Killer book teaches with a
    9x9; a Samurai keeps its own board): a 9x9 Killer book teaches with a 9x9 Killer,
    whose rules say 1 to 9. Each is made and verified like every other, at the kind's
    easiest grade but one, so that its first steps teach."""
    if not spec.front_matter.how_to_play:
        return ()
    examples = []
    for kind in dict.fromkeys(s.kind for s in spec.sections):
        smallest = min((s for s in spec.sections if s.kind is kind), key=lambda s: s.size)
        frame = smallest.shape
        if smallest.size > EXAMPLE_MAX_SIZE and \
                kind.size_problem(EXAMPLE_MAX_SIZE, False) is None:
            frame = kind.frame(EXAMPLE_MAX_SIZE)
        examples.append(_example_of(frame, kind, smallest.symmetry, spec.seed))
    return tuple(examples)


def _example_of(frame: Shape, kind: Kind, symmetry: str, seed: int | str) -> Puzzle:
    grade = kind.grades[min(1, len(kind.grades) - 1)]
    if kind.grade_problem(frame, grade):
        grade = "any"
    return make_puzzle(PuzzleJob(frame, derive_seed(seed, "how-to-play", str(frame),
                                                    frame.box_text, *kind.seed_words),
                                 symmetry if kind.shapes_givens else "none",
                                 difficulty=grade, kind=kind, record_rating=False))


def render_documents(book: ComposedBook, clock: _StageClock) -> dict[str, bytes]:
    """Every document drawn into PDF bytes, in memory."""
    contents = {}
    for document in book.documents:
        contents[document.file_name] = render_pdf_bytes(document.pages, document.style,
                                                        document.metadata, document.outline)
        clock.lap(f"render {document.file_name}")
    return contents


def puzzles_folder(name: str) -> str:
    """The folder of a book's puzzle exports (ipuz, art): the book's alone, made and
    emptied by its builds, so a build leaves in it exactly the files it made."""
    return f"{name}-puzzles"


def stale_files(out_dir: Path, name: str, contents: dict[str, bytes]) -> tuple[str, ...]:
    """Files the last build of this book wrote that this one does not: those its manifest
    lists (an answer book left from before `answers: back`, a feed no longer asked for),
    and every other file in the book's puzzles folder (the art of puzzles no longer in
    it). Each would otherwise sit beside the new book as if it belonged to it. Nothing
    else in out_dir, which is the user's, is touched."""
    listed = _earlier_files(out_dir, name)
    if listed is None:
        return ()  # no earlier build here, or not a manifest of ours: leave it all alone
    recorded = [file for file in listed
                if isinstance(file, str) and file not in contents and Path(file).name == file
                and file.startswith(name) and file.endswith(_RECORDED_ENDINGS)]
    folder = puzzles_folder(name)
    return tuple(recorded) + tuple(f"{folder}/{file}" for file in files_in(out_dir / folder)
                                   if f"{folder}/{file}" not in contents)


_RECORDED_ENDINGS = (".pdf", ".png", ".json", ".csv", ".html")  # what a manifest may list


def _earlier_files(out_dir: Path, name: str) -> list | None:
    """The files the manifest of this book's last build in out_dir lists (its documents,
    cover and exports), or None without one."""
    try:
        manifest = json.loads((out_dir / f"{name}.json").read_text(encoding="utf-8"))
        return (list(manifest["files"]) + list(manifest.get("cover", {}).get("files", []))
                + list(manifest.get("exports", [])))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


class _StageClock:
    """Seconds spent in each stage, for the CLI summary and the benchmark."""

    def __init__(self) -> None:
        self.laps: dict[str, float] = {}
        self._last = time.perf_counter()

    def lap(self, stage: str) -> None:
        now = time.perf_counter()
        self.laps[stage] = now - self._last
        self._last = now

