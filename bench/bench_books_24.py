"""Issue 24's book goals, this checkout against a reference bookmaker (main in its own
venv: --reference-python), build for build in turns, each build in its own process with
2 workers (bench_book.one_build): a 300-puzzle graded 9x9 book (100 easy, 100 medium, 60
hard, 40 expert, one a page; goal: under 3 s wall), the 100-Killer book of
bench_variant_book.py (40 easy, 40 medium, 20 hard 9x9 Killers; goal: under 10 s of CPU,
all processes) and issue 38's 300 number puzzles (6x6 Calcudoku, 7x7 Futoshiki and 6x6
Skyscrapers, 40 easy, 40 medium and 20 hard of each; goal: under 5 s wall; `--books
number`). Medians of the repeats; wall time stretches with the machine's load, CPU
time much less.

Each build is timed twice over: the build itself (bench_book.one_build: build() in a
process that has already imported bookmaker) and, as a user runs it, the whole command
`python -m bookmaker build SPEC --jobs 2` (start-up and imports included; its CPU is the
process's and its workers', from the operating system's account of waited-for children).

`--stages` adds where the graded book's CPU goes, stage by stage, in one process (one
worker, so that every stage runs where it can be timed): start-up and imports; making the
puzzles to their grades (generation and grading, as the kind does it); the second
uniqueness proof (Dancing Links); the SE rating the manifest records; the repeat keys;
composing; drawing the PDF; the cover, manifest, registry and writing. Medians of
--repeats, this checkout only (its functions are the ones wrapped).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import timing  # also puts this checkout's bookmaker first on sys.path
from bench_book import HEADER, one_build
from bench_variant_book import KILLER

GRADED = HEADER + """\
  - {name: Easy, size: 9x9, count: 100, difficulty: easy}
  - {name: Medium, size: 9x9, count: 100, difficulty: medium}
  - {name: Hard, size: 9x9, count: 60, difficulty: hard}
  - {name: Expert, size: 9x9, count: 40, difficulty: expert}
"""
# Issue 38's book: 300 number puzzles of three Latin kinds at three grades (goal: 5 s wall).
NUMBERS = HEADER + "".join(
    f"  - {{name: {kind} {grade}, variant: {kind}, size: {size}, count: {count}, "
    f"difficulty: {grade}}}\n"
    for kind, size in (("calcudoku", "6x6"), ("futoshiki", "7x7"), ("skyscrapers", "6x6"))
    for grade, count in (("easy", 40), ("medium", 40), ("hard", 20)))
BOOKS = {"300 graded 9x9": (GRADED, "total", 3.0), "100 Killers": (KILLER, "cpu", 10.0),
         "300 number puzzles": (NUMBERS, "total", 5.0)}


def compile_checkout() -> None:
    """Byte-compile this checkout's package as `pip install` does the reference's: the
    environment may forbid bytecode caches (PYTHONDONTWRITEBYTECODE), and compiling some
    130 modules from source at every start (~0.35 s) is not what a user's command does."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(timing.REPO / "bookmaker")],
                   check=True, capture_output=True)


def builds(spec: Path, pythons: dict[str, tuple[str, bool]], repeats: int, jobs: int):
    """Every repeat of each Python's build of the spec, in turns (reversed on odd repeats):
    the build alone, then the whole command."""
    runs: dict[str, list[dict]] = {name: [] for name in pythons}
    names = list(pythons)
    for repeat in range(repeats):
        for name in names if repeat % 2 == 0 else names[::-1]:
            python, this_checkout = pythons[name]
            measured = one_build(python, spec, jobs, this_checkout)
            measured["command wall"], measured["command cpu"] = whole_command(
                python, spec, jobs, this_checkout)
            runs[name].append(measured)
    return runs


def whole_command(python: str, spec: Path, jobs: int, this_checkout: bool) -> tuple[float, float]:
    """Wall and CPU seconds of `python -m bookmaker build SPEC --jobs J`, as a user runs it,
    in an empty folder (so that the interpreter's own bookmaker is the one imported)."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if this_checkout:
        env["PYTHONPATH"] = str(timing.REPO)
    with tempfile.TemporaryDirectory() as folder:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run([python, "-m", "bookmaker", "build", str(spec), "-o", "out",
                               "--jobs", str(jobs)], cwd=folder, env=env, capture_output=True,
                              text=True)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        sys.exit(f"bench: `bookmaker build` with {python} failed:\n{done.stderr}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def rows(book: str, runs: dict[str, list[dict]]) -> list[list[str]]:
    _, goal_key, goal = BOOKS[book]
    table = []
    for name, measured in runs.items():
        medians = [statistics.median(run[key] for run in measured)
                   for key in ("total", "cpu", "command wall", "command cpu")]
        ratio = "-"
        if name == "this" and "reference" in runs:
            quotients = [r["cpu"] / t["cpu"] for t, r in zip(measured, runs["reference"])]
            ratio = f"{statistics.median(quotients):.1f}"
        met = statistics.median(run[goal_key] for run in measured) <= goal
        what = "wall" if goal_key == "total" else "CPU"
        table.append([book, name, *map(timing.seconds_text, medians), ratio,
                      f"<= {goal:g} s {what}: {timing.verdict(met)}"])
    return table


# One build of a spec in this process with one worker, every stage's CPU added up by
# wrapping the functions that do it (this checkout's names); printed as JSON.
STAGES = """\
import json, resource, sys, tempfile, time
def cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime
import bookmaker.book.build as build
import bookmaker.core.kinds.sudoku as sudoku
import bookmaker.puzzles.dedupe as dedupe
import bookmaker.puzzles.produce as produce
from bookmaker.spec import load_spec
seconds = {"start-up and imports": cpu()}
def timed(owner, name, stage):
    function, inside = getattr(owner, name), []
    def wrapper(*args, **kwargs):
        if inside:  # a stage within itself (make calls verify) counts once
            return function(*args, **kwargs)
        inside.append(1)
        started = cpu()
        try:
            return function(*args, **kwargs)
        finally:
            seconds[stage] = seconds.get(stage, 0.0) + cpu() - started
            inside.pop()
    setattr(owner, name, wrapper)
    return wrapper
make = "make puzzles to their grades (generation, grading)"
timed(sudoku.SudokuKind, "verify", "second proof (Dancing Links)")
timed(sudoku.SudokuKind, "with_recorded_rating", "SE rating (manifest, registry)")
produce.puzzle_key = dedupe.puzzle_key = timed(produce, "puzzle_key", "repeat keys")
timed(sudoku.SudokuKind, "make", make)
for name, stage in (("example_puzzles", "how-to-play examples"), ("compose", "compose pages"),
                    ("render_documents", "draw the PDF (reportlab)"),
                    ("cover_contents", "cover"), ("manifest_text", "manifest"),
                    ("pending_issue", "registry"), ("replace_outputs", "write files")):
    timed(build, name, stage)
spec = load_spec(sys.argv[1])
with tempfile.TemporaryDirectory() as out:
    started = cpu()
    build.build(spec, out, 1)
    seconds["build, all stages"] = cpu() - started
seconds[make] -= seconds["second proof (Dancing Links)"]  # make() proves each puzzle
print(json.dumps(seconds))
"""


def stage_rows(spec: Path, repeats: int) -> list[list[str]]:
    """The median CPU of each stage of one-worker builds of the spec in this checkout."""
    env = dict(os.environ, PYTHONPATH=str(timing.REPO))
    runs = []
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(repeats):
            done = subprocess.run([sys.executable, "-c", STAGES, str(spec)], cwd=folder,
                                  env=env, capture_output=True, text=True)
            if done.returncode:
                sys.exit(f"bench: the staged build failed:\n{done.stderr}")
            runs.append(json.loads(done.stdout.splitlines()[-1]))
    whole = statistics.median(run["build, all stages"] for run in runs)
    return [[stage, timing.seconds_text(median := statistics.median(run[stage] for run in runs)),
             f"{100 * median / whole:.0f} %" if stage != "start-up and imports" else "-"]
            for stage in runs[0]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--reference-python", metavar="PYTHON",
                        help="a Python whose installed bookmaker builds the same books")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: each book a tenth of its size, built once")
    parser.add_argument("--books", default=",".join(b.split()[1] for b in BOOKS),
                        help="which books, by their second word: graded, Killers, number")
    parser.add_argument("--stages", action="store_true",
                        help="also the graded book's CPU stage by stage, one worker")
    args = parser.parse_args()
    if args.quick:
        args.repeats = 1
    print(f"# bench_books_24{' --quick' if args.quick else ''}: {timing.machine()}")
    pythons = {"this": (sys.executable, True)}
    if args.reference_python:
        pythons["reference"] = (args.reference_python, False)
    compile_checkout()
    table = []
    with tempfile.TemporaryDirectory() as folder:
        for book, (text, _, _) in BOOKS.items():
            if book.split()[1] not in args.books.split(","):
                continue
            spec = Path(folder) / f"{book.split()[0]}.yaml"
            spec.write_text(timing.scaled_counts(text, 10) if args.quick else text,
                            encoding="utf-8")
            table += rows(book, builds(spec, pythons, args.repeats, args.jobs))
            if args.stages and book == "300 graded 9x9":
                stages = stage_rows(spec, args.repeats)
    print(f"\n### Books of issues 24 and 38, {args.jobs} workers, {args.repeats} runs each, "
          "medians\n")
    print(timing.markdown_table(["book", "bookmaker", "build wall", "build CPU, all processes",
                                 "command wall", "command CPU", "reference CPU / this CPU",
                                 "goal"], table, text_columns=2))
    if args.stages:
        print(f"\n### The graded book stage by stage, one worker, CPU, {args.repeats} runs, "
              f"medians\n")
        print(timing.markdown_table(["stage", "CPU", "share of the build"], stages))
    print(f"\nload average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
