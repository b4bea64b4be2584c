"""The newspaper pipeline for a daily spec and a run of dates, as a straight line of stages:
dates -> jobs -> produce -> no repeats -> sheets -> render -> write and register.

A date's puzzle depends only on the series seed, the date and that weekday's schedule
entry, unless it repeats a puzzle published before it: an earlier date's (of the run, or
in the series' registry) or any other series' in the registry. Then it is replaced by
the job made again with the next derived seed. Later dates never count, so a day made
alone is the day made within a run, as long as the registry has the days before it.

Nothing is written until every file of the run is rendered; then the run's files replace
the old ones as a set, and the days are registered in the same step (puzzles/outputs.py):
a run that fails or is stopped leaves the folders and the registry as they were. A
replacement an interrupted run left unfinished is finished or undone first.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from functools import partial
from pathlib import Path
from typing import cast

from .. import __version__
from ..core.puzzle import Puzzle
from ..core.rating.scales import rating_json
from ..core.registry import kind_of_puzzle, puzzle_key
from ..core.rng import derive_seed
from ..export.art import art_files
from ..export.formats import ART_COLOURS, Naming, export_files
from ..export.items import ExportItem, grade_caption, item_of
from ..export.page import PageOptions
from ..puzzles.executors import process_pool
from ..puzzles.outputs import (
    OutputSet,
    check_can_write,
    files_in,
    recover,
    replace_outputs,
)
from ..puzzles.produce import PuzzleJob, make_puzzle, produce
from ..puzzles.puzzlefile import puzzle_line
from ..puzzles.registry import (
    PendingIssues,
    Registry,
    Snapshot,
    default_registry_path,
    puzzle_entry,
)
from ..render.pdf import Metadata, render_pdf_bytes
from ..render.png import dpi_for_width, render_png_bytes
from ..render.sheet import Sheet, sheet_pdf_bytes
from ..render.svg import render_svg_text
from ..spec.daily import WEEKDAYS, DailySpec, DaySpec
from .covering import Covering, coverings, recorded_day
from .sheets import (
    DailyPuzzle,
    answer_sheet,
    date_text,
    proof_metadata,
    proof_pages,
    puzzle_sheet,
    sheet_metadata,
    words_of,
)

__all__ = ["make_daily", "DailyResult", "DailyError", "run_dates", "puzzle_dates",
           "drawing_count", "repeat_key"]

ProgressCallback = Callable[[int], None]
SHEET_OUTPUTS = ("pdf", "png", "svg")  # the outputs drawn from a day's sheets
SERIES_FOLDER = "."  # run_contents' name for the series' own folder, where the proof goes
MAX_REPEATS = 50  # new seeds tried for one date before its size and grade count as used up
_RENDER_CHUNKS_PER_WORKER = 4
NOTHING_REGISTERED = Snapshot()  # frozen: safe as a default


class DailyError(RuntimeError):
    """A run that cannot be made: no scheduled day in it, or a date with no new puzzle left."""


@dataclass(frozen=True)
class DailyResult:
    """What a run wrote, and how long each stage took (seconds; never in the output)."""

    folders: tuple[Path, ...]
    proof: Path | None
    files: tuple[Path, ...]
    days: int
    stage_seconds: dict[str, float] = field(default_factory=dict)
    registry: Path | None = None  # where the days were registered, if anywhere
    answer_folder: Path | None = None  # a folder after the run whose answer was rewritten
    rewritten: tuple[Path, ...] = ()  # earlier runs' proofs and feeds holding a day made again
    removed: tuple[Path, ...] = ()  # those that could not be made true again (daily/covering.py)


def run_dates(start: date, days: int) -> list[date]:
    """`days` calendar days from start."""
    return [start + timedelta(days=offset) for offset in range(days)]


def make_daily(spec: DailySpec, dates: Iterable[date], out_dir: str | os.PathLike,
               workers: int = 1, on_progress: ProgressCallback | None = None,
               executor: Executor | None = None,
               on_drawn: ProgressCallback | None = None) -> DailyResult:
    """Every scheduled date's files under out_dir/<series>/<date>/, and the run's proof
    PDF under out_dir/<series>/. on_progress(done) is told as puzzles are finished, and
    on_drawn(done) as their sheets are (drawing_count() of them). The puzzles are made on
    the executor if one is given (see produce())."""
    started = time.perf_counter()
    scheduled = scheduled_dates(spec, dates)
    registry = daily_registry(spec, out_dir)
    series = Path(out_dir) / spec.name
    check_before_making(series, registry)
    entries, read = daily_puzzles(spec, with_answered_day(spec, scheduled), workers,
                                  on_progress, registry, executor)
    generated = time.perf_counter()
    neighbour = answer_neighbour(spec, scheduled, series)
    # Drawing stays in this process's machine, however many workers made the puzzles.
    contents = run_contents(spec, scheduled, entries, min(workers, os.cpu_count() or 1),
                            on_drawn, neighbour)
    rendered = time.perf_counter()
    published = set(scheduled)  # not the day before the run, made only for its answer
    rewritten, gone = rewritten_coverings(spec, series, [e for e in entries
                                                         if e.date in published], read)
    contents.setdefault(SERIES_FOLDER, {}).update(rewritten)
    paths = run_files(contents)
    removed = stale_files(series, paths, [day.isoformat() for day in scheduled], neighbour)
    files = replace_outputs(OutputSet(series, paths, removed + gone), pending_days(
        registry, spec, [e for e in entries if e.date in published], read))
    written = time.perf_counter()
    folders = tuple(series / folder for folder in contents
                    if folder not in (SERIES_FOLDER, neighbour and neighbour.isoformat()))
    proof = next((path for path in files if path.parent == series and
                  path.name.startswith("proof-")), None)
    return DailyResult(folders, proof, files, len(scheduled), {
        "generate": generated - started, "render": rendered - generated,
        "write and register": written - rendered},
        registry.path if registry else None,
        series / neighbour.isoformat() if neighbour and draws_answers(spec) else None,
        tuple(series / name for name in rewritten), tuple(series / name for name in gone))


def check_before_making(series: Path, registry: Registry | None) -> None:
    """Finish or undo what an interrupted run left in the series' folder, then fail now,
    not after every puzzle is made, if the files or the registry could not be written."""
    recover(series)
    check_can_write(series, [])
    if registry is not None:
        registry.check_usable()


def stale_files(series: Path, files: dict[str, bytes], folders: list[str],
                neighbour: date | None) -> tuple[str, ...]:
    """Files an earlier run left that this one replaces by not writing them: all the
    others in the run's date folders (the series' alone: art no longer asked for, or an
    answer's no longer drawn), and the answer files of `neighbour`'s folder, whose answer
    the run rewrites (its puzzle's files stay)."""
    stale = [f"{folder}/{name}" for folder in folders for name in files_in(series / folder)]
    if neighbour is not None:
        folder = neighbour.isoformat()
        stale += [f"{folder}/{name}" for name in files_in(series / folder)
                  if name.startswith(ANSWER_FILE_STEMS)]
    return tuple(name for name in stale if name not in files)


ANSWER_FILE_STEMS = ("answer.", "answer-", "puzzle-answer-art")  # a folder's answer files


def rewritten_coverings(spec: DailySpec, series: Path, run: list[DailyPuzzle],
                        registered: Snapshot = NOTHING_REGISTERED
                        ) -> tuple[dict[str, bytes], tuple[str, ...]]:
    """Earlier runs' proofs and feeds over a date the run makes again, rewritten with the
    run's puzzles and the other days' recorded ones; and those that cannot be, to remove
    unless the registry says the run made each of their days as it was (daily/covering.py)."""
    made = {entry.date: entry for entry in run}
    rows = set(registered.rows)
    same = {entry.date for entry in run
            if (spec.name, entry.date.isoformat(), entry.key) in rows}
    files: dict[str, bytes] = {}
    gone: list[str] = []
    for covering in coverings(series, sorted(made)):
        days = [covering.first + timedelta(days=offset)
                for offset in range((covering.last - covering.first).days + 1)]
        entries = [made.get(day) or recorded_day(spec, series, day)
                   for day in days if spec.day_of(day) is not None]
        known = [entry for entry in entries if entry is not None]
        drawn = _covering_files(spec, covering, known) if len(known) == len(entries) \
            and known else {}
        if not drawn and all(day in same for day in days if day in made):
            continue  # still true: every day the run made in it is the puzzle it shows
        files |= drawn
        gone += [name for name in covering.files if name not in drawn]
    return files, tuple(gone)


def _covering_files(spec: DailySpec, covering: Covering,
                    entries: list[DailyPuzzle]) -> dict[str, bytes]:
    if covering.output == "proof":
        return proof_file(entries, spec)
    name = f"feed-{entries[0].date}-{entries[-1].date}"
    return export_files(["feed"], [export_item(spec, entry) for entry in entries],
                        Naming(feed=name, series=spec.series))


def run_files(contents: dict[str, dict[str, bytes]]) -> dict[str, bytes]:
    """Folder -> name -> bytes as one mapping of paths relative to the series' folder."""
    return {name if folder == SERIES_FOLDER else f"{folder}/{name}": data
            for folder, files in contents.items() for name, data in files.items()}


def scheduled_dates(spec: DailySpec, dates: Iterable[date]) -> list[date]:
    """The dates whose weekday the schedule has, in order; DailyError if there are none."""
    dates = sorted(set(dates))
    scheduled = [day for day in dates if spec.day_of(day) is not None]
    if not scheduled:
        days = ", ".join(sorted({WEEKDAYS[day.weekday()] for day in dates}))
        raise DailyError(f"the schedule has no puzzle on {days}: nothing to make")
    return scheduled


def answer_neighbour(spec: DailySpec, scheduled: list[date], series: Path) -> date | None:
    """The date after the run whose folder prints the run's last answer, if an earlier
    run made that folder: its answer files are rewritten with the run's, as one set, so
    that a day made again (another grade, another seed) never leaves yesterday's old
    answer in print (a run drawing no answer removes the old one's files there). None with
    separate answers, or when that folder is not there yet (the run that makes it draws
    the answer from the day before it)."""
    if spec.answer != "next-day":
        return None
    try:
        after = next_scheduled(spec, scheduled[-1])
    except OverflowError:  # the run ends with the calendar: no folder after it
        return None
    return after if (series / after.isoformat()).is_dir() else None


def previous_scheduled(spec: DailySpec, day: date) -> date:
    """The last scheduled date before `day` (the schedule has at least one weekday)."""
    return _scheduled_step(spec, day, -1)


def next_scheduled(spec: DailySpec, day: date) -> date:
    """The first scheduled date after `day`."""
    return _scheduled_step(spec, day, 1)


def _scheduled_step(spec: DailySpec, day: date, step: int) -> date:
    day += timedelta(days=step)
    while spec.day_of(day) is None:
        day += timedelta(days=step)
    return day


def puzzle_dates(spec: DailySpec, dates: Iterable[date]) -> list[date]:
    """The dates whose puzzles a run of `dates` makes (DailyError if none is scheduled)."""
    return with_answered_day(spec, scheduled_dates(spec, dates))


def with_answered_day(spec: DailySpec, scheduled: list[date]) -> list[date]:
    """The dates whose puzzles the run needs: with next-day answers, the first day's
    folder prints the answer of the scheduled day before it, so that one is made too."""
    if spec.answer != "next-day":
        return scheduled
    return [previous_scheduled(spec, scheduled[0])] + scheduled


# Puzzles: one job per date, then repeats of earlier dates replaced.

def day_job(spec: DailySpec, day: date) -> PuzzleJob:
    """The job for a date: its seed depends on the series, the date and that weekday's
    schedule entry only (its title and columns change no puzzle)."""
    entry = spec.day_of(day)
    assert entry is not None  # a job is made for a scheduled day only
    shape = entry.shape
    asked = (entry.difficulty, entry.symmetry) + ((str(entry.rating),) if entry.rating else ())
    kind = entry.kind  # a classic day's seed leaves the kind out: seeds as they were
    seed = derive_seed(spec.seed, "daily", spec.series, day.isoformat(), str(shape),
                       shape.box_text, *kind.seed_words, *asked)
    return PuzzleJob(shape, seed, entry.symmetry, difficulty=entry.difficulty,
                     rating=entry.rating, kind=kind)


def daily_puzzles(spec: DailySpec, dates: list[date], workers: int,
                  on_progress: ProgressCallback | None = None,
                  registry: Registry | None = None, executor: Executor | None = None
                  ) -> tuple[list[DailyPuzzle], Snapshot]:
    """Each date's verified puzzle (produce() proves each unique twice), none repeating
    an earlier date's, of the run or registered, nor another series' in the registry;
    and the registry as it was read."""
    jobs = [day_job(spec, day) for day in dates]
    puzzles = produce(jobs, workers, on_progress, executor)
    # Read as late as possible, so that a run finishing meanwhile is taken into account.
    snapshot = registry.read() if registry else Snapshot()
    return without_repeats(spec, dates, jobs, puzzles, snapshot), snapshot


def without_repeats(spec: DailySpec, dates: list[date], jobs: list[PuzzleJob],
                    puzzles: list[Puzzle],
                    registered: Snapshot = NOTHING_REGISTERED) -> list[DailyPuzzle]:
    """The puzzles in date order, each that repeats one published before it replaced by
    its job made again with the next derived seed. Before it: an earlier date of the
    run, an earlier date the registry holds (its rows for the run's own dates are about
    to be replaced, so they do not count), or any puzzle of another series. Later dates
    never count."""
    seen, earlier = _registered_keys(registered, spec.name, dates)
    entries = []
    for day, job, puzzle in zip(dates, jobs, puzzles):
        while earlier and earlier[-1][0] < day.isoformat():
            seen.add(earlier.pop()[1])
        repeats, key = 0, repeat_key(puzzle)
        while key in seen:
            repeats += 1
            if repeats > MAX_REPEATS:
                raise DailyError(_used_up(spec, day, job))
            puzzle = make_puzzle(replace(job, seed=derive_seed(job.seed, "repeat", repeats)))
            key = repeat_key(puzzle)
        seen.add(key)
        entry = cast(DaySpec, spec.day_of(day))  # a job's day is a scheduled day
        entries.append(DailyPuzzle(day, entry, puzzle, repeats, key))
    return entries


def _registered_keys(registered: Snapshot, series: str, dates: list[date]
                     ) -> tuple[set[str], list[tuple[str, str]]]:
    """The keys of other series, and the series' own (date, key) rows outside the run,
    latest first (popped from the end as the run's dates pass them)."""
    run = {day.isoformat() for day in dates}
    others = {key for name, _, key in registered.rows if name != series}
    own = sorted(((issue, key) for name, issue, key in registered.rows
                  if name == series and issue not in run), reverse=True)
    return others, own


def repeat_key(puzzle: Puzzle) -> str:
    """What two puzzles share when one repeats the other, digits relabelled, rows and
    columns permuted, turned or mirrored (core/board/transform.py's repeat_key); for a Killer,
    its cages and sums under the Killer's own moves (core/killer/key.py: every Killer's
    givens are alike, all blank)."""
    return puzzle_key(puzzle)


def daily_registry(spec: DailySpec, out_dir: str | os.PathLike) -> Registry | None:
    """The series' registry: the spec's file, the series' file in out_dir, or None."""
    if spec.registry is False:
        return None
    if spec.registry is True:
        return Registry(default_registry_path(out_dir, spec.name))
    return Registry(spec.registry)


def pending_days(registry: Registry | None, spec: DailySpec, entries: list[DailyPuzzle],
                 read: Snapshot) -> PendingIssues | None:
    """Each day's puzzle as an issue of the series (replacing what the day held),
    committed with the run's files. RegistryConflict stops the run before anything is
    written if another run registered one of these puzzles since the registry was read."""
    if registry is None:
        return None
    issues = {entry.date.isoformat(): [puzzle_entry(entry.puzzle, entry.key)]
              for entry in entries}
    return registry.pending(spec.name, issues, read)


def _used_up(spec: DailySpec, day: date, job: PuzzleJob) -> str:
    return (f"{day.isoformat()}: {MAX_REPEATS} new seeds in a row gave puzzles that earlier "
            f"days of {spec.series!r} already had; {job.shape} {job.difficulty} puzzles are "
            f"running out: schedule a larger size or another difficulty")


# Files: every sheet rendered (on the workers too), then sorted into day folders.

def drawing_count(spec: DailySpec, dates: Iterable[date],
                  out_dir: str | os.PathLike | None = None) -> int:
    """How many sheets a run of `dates` draws: each scheduled day's puzzle and answer,
    and the last one's answer again for the folder after the run if out_dir has it."""
    scheduled = scheduled_dates(spec, dates)
    if not draws_sheets(spec):
        return 0
    series = Path(out_dir) / spec.name if out_dir is not None else None
    rewritten = series is not None and answer_neighbour(spec, scheduled, series) is not None
    return 2 * len(scheduled) + rewritten


def draws_sheets(spec: DailySpec) -> bool:
    """Whether any output the spec asks for is drawn from a day's sheets."""
    return bool(set(SHEET_OUTPUTS) & set(spec.outputs))


def draws_answers(spec: DailySpec) -> bool:
    """Whether the spec's outputs show a day's answer: a sheet's files or its art."""
    return draws_sheets(spec) or bool(set(ART_COLOURS) & set(spec.outputs))


def run_contents(spec: DailySpec, scheduled: list[date], entries: list[DailyPuzzle],
                 workers: int, on_drawn: ProgressCallback | None = None,
                 neighbour: date | None = None) -> dict[str, dict[str, bytes]]:
    """Folder (a date, or SERIES_FOLDER) -> file name -> bytes, for the run; and the
    answer files alone in the folder of `neighbour`, the date after the run printing the
    last day's answer (see answer_neighbour)."""
    by_date = {entry.date: entry for entry in entries}
    answered = {day: _answered_date(spec, day) for day in scheduled}
    tasks = [(by_date[day], "puzzle") for day in scheduled] + \
        [(by_date[answered[day]], "answer") for day in scheduled]
    if neighbour is not None:
        tasks.append((by_date[scheduled[-1]], "answer"))
    if not draws_sheets(spec):
        tasks = []  # no file of a sheet is wanted: nothing to draw
    rendered = dict(zip(tasks, _render_all(spec, tasks, workers, on_drawn)))
    contents = {}
    for day in scheduled:
        files = rendered.get((by_date[day], "puzzle"), {}) | \
            rendered.get((by_date[answered[day]], "answer"), {})
        if "json" in spec.outputs:
            files["day.json"] = day_json(spec, by_date[day]).encode("utf-8")
        contents[day.isoformat()] = files | day_exports(spec, by_date[day],
                                                        by_date[answered[day]])
    if neighbour is not None:
        last = by_date[scheduled[-1]]
        contents[neighbour.isoformat()] = rendered.get((last, "answer"), {}) | \
            answer_art(spec, last)
    if "proof" in spec.outputs:
        contents[SERIES_FOLDER] = proof_file([by_date[day] for day in scheduled], spec)
    if "feed" in spec.outputs:
        run = [export_item(spec, by_date[day]) for day in scheduled]
        name = f"feed-{scheduled[0]}-{scheduled[-1]}"
        contents.setdefault(SERIES_FOLDER, {}).update(
            export_files(["feed"], run, Naming(feed=name, series=spec.series)))
    return contents


DAY_EXPORTS = ("ipuz", "page", "art", "art-cmyk")  # the exports written into each day's folder


def day_exports(spec: DailySpec, entry: DailyPuzzle,
                answered: DailyPuzzle) -> dict[str, bytes]:
    """The day's puzzle.ipuz (or puzzle.json), page.html and art (puzzle-art.pdf, ...),
    those the spec asks for; the answer's art (puzzle-answer-art.pdf, ...) is that of
    the `answered` day's puzzle, as the answer sheet is: with next-day answers, the
    day before's."""
    wanted = [name for name in DAY_EXPORTS if name in spec.outputs]
    if not wanted:
        return {}
    item = export_item(spec, entry)
    web = page_options(spec)
    naming = Naming(puzzle="puzzle", title=item.heading, language=spec.language, web=web,
                    answer="answer", answered=() if web.answers or answered is entry
                    else (export_item(spec, answered),))
    files: dict[str, bytes] = {}
    for name in wanted:
        if name in ART_COLOURS:
            files |= art_files(item, "puzzle", ART_COLOURS[name], (False,))
            files |= answer_art(spec, answered, (name,))
        else:
            files |= export_files([name], [item], naming)
    return files


def page_options(spec: DailySpec) -> PageOptions:
    """How the spec's pages and ipuz files are published: without their answers where the
    spec says, or by default where the answers come the next day (the day's page and ipuz
    then carry the day before's puzzle with its answer, answer.ipuz)."""
    page = spec.page
    answers = spec.answer != "next-day" if page.answers is None else page.answers
    colours = {name.replace("_", "-"): colour
               for name, colour in page.colours.model_dump().items() if colour}
    return PageOptions(answers=answers, conflicts=page.conflicts, highlight=page.highlight,
                       timer=page.timer, colours=colours)


def answer_art(spec: DailySpec, entry: DailyPuzzle,
               formats: tuple[str, ...] | None = None) -> dict[str, bytes]:
    """The art of the entry's answer (puzzle-answer-art.pdf, ...) in the art formats
    given, or those the spec asks for."""
    files: dict[str, bytes] = {}
    for name in formats or spec.outputs:
        if name in ART_COLOURS:
            files |= art_files(export_item(spec, entry), "puzzle", ART_COLOURS[name], (True,))
    return files


def export_item(spec: DailySpec, entry: DailyPuzzle) -> ExportItem:
    """A day's puzzle as exports name it: the series (and the day's title), its date."""
    title = f"{spec.series} · {entry.day.title}" if entry.day.title else spec.series
    grade = grade_caption(entry.puzzle, words_of(spec))  # in the daily's language
    caption = " · ".join(part for part in (date_text(entry.date, words_of(spec)), grade)
                         if part)
    return item_of(entry.puzzle, entry.date.isoformat(), title, caption,
                   id=f"{spec.name}-{entry.date.isoformat()}", series=spec.series,
                   title=title, date=entry.date.isoformat(), symbols="".join(entry.day.glyphs))


def proof_file(run: list[DailyPuzzle], spec: DailySpec) -> dict[str, bytes]:
    """The editor's proof of the run, named by its first and last dates."""
    pages, style = proof_pages(spec, run)
    return {f"proof-{run[0].date}-{run[-1].date}.pdf":
            render_pdf_bytes(pages, style, proof_metadata(spec, run))}


def _answered_date(spec: DailySpec, day: date) -> date:
    """The date whose answer is printed in the folder of `day`."""
    return previous_scheduled(spec, day) if spec.answer == "next-day" else day


def _render_all(spec: DailySpec, tasks: list[tuple[DailyPuzzle, str]], workers: int,
                on_drawn: ProgressCallback | None = None) -> list[dict[str, bytes]]:
    """Each (entry, 'puzzle' or 'answer') task's files, in task order, on `workers`."""
    render = partial(render_part, spec)
    if workers <= 1 or len(tasks) <= 1:
        return _counted(map(render, tasks), on_drawn)
    chunk = max(1, len(tasks) // (workers * _RENDER_CHUNKS_PER_WORKER))
    with process_pool(min(workers, len(tasks))) as executor:
        return _counted(executor.map(render, tasks, chunksize=chunk), on_drawn)


def _counted(results: Iterable, on_drawn: ProgressCallback | None) -> list:
    """The results as a list, on_drawn told of each as it arrives."""
    done = []
    for result in results:
        done.append(result)
        if on_drawn is not None:
            on_drawn(len(done))
    return done


def render_part(spec: DailySpec, task: tuple[DailyPuzzle, str]) -> dict[str, bytes]:
    """The files of an entry's puzzle or answer, as the spec's outputs ask."""
    entry, part = task
    sheet = puzzle_sheet(spec, entry) if part == "puzzle" else answer_sheet(spec, entry)
    metadata = sheet_metadata(spec, entry, "puzzle" if part == "puzzle" else "solution")
    return sheet_files(spec, sheet, part, metadata)


def sheet_files(spec: DailySpec, sheet: Sheet, part: str,
                metadata: Metadata) -> dict[str, bytes]:
    """part.pdf, part-print.png, part-web.png and part.svg, those the spec asks for."""
    files = {}
    if "pdf" in spec.outputs:
        files[f"{part}.pdf"] = sheet_pdf_bytes(sheet, metadata)
    if "png" in spec.outputs:
        files[f"{part}-print.png"] = render_png_bytes(sheet, spec.png.print_dpi)
        files[f"{part}-web.png"] = render_png_bytes(sheet, dpi_for_width(sheet,
                                                                         spec.png.web_width))
    if "svg" in spec.outputs:
        files[f"{part}.svg"] = render_svg_text(sheet, metadata.title).encode("utf-8")
    return files


def day_json(spec: DailySpec, entry: DailyPuzzle) -> str:
    """A day's record as deterministic JSON: enough to print, check and rebuild it."""
    puzzle, day = entry.puzzle, entry.day
    answer_in = entry.date if spec.answer == "separate" else next_scheduled(spec, entry.date)
    record = {
        "bookmaker": __version__, "series": spec.series, "language": spec.language,
        "date": entry.date.isoformat(),
        "weekday": day.weekday, "title": day.title, "variant": day.variant,
        "size": day.size_text,
        "box": f"{day.box_rows}x{day.box_cols}" if day.kind.takes_box else "",
        "symmetry": puzzle.symmetry,
        "difficulty": day.difficulty, "grade": puzzle.grade, "score": puzzle.score,
        "hardest": puzzle.hardest,
        "rating": rating_json(puzzle.rating, puzzle.rater) if puzzle.rating else None,
        "clues": puzzle.givens.clue_count,
        "givens": puzzle_line(puzzle),
        "solution": kind_of_puzzle(puzzle).answer_line(puzzle.solution),
        "seed": puzzle.seed, "repeats_skipped": entry.repeats,
        "answer": spec.answer, "answer_folder": answer_in.isoformat(),
    }
    if day.glyphs:  # what values 1..n print as, where not numbers (a Wordoku's letters)
        record["symbols"] = "".join(day.glyphs)
    return json.dumps(record, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
