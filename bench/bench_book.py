"""Whole books end to end, 2 workers, each build in its own process: the 300-puzzle book
(250 9x9, 50 16x16, one to a 6x9 page) and a 1,000-puzzle book (9x9, two to a page, some
670 pages), answers at the back of both, as a KDP interior; optionally against another
bookmaker (`--reference-python`), build for build in turns, so both share the machine's load.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.book.plan import plan
from bookmaker.core.generate.removal import generate
from bookmaker.core.registry import verify_puzzle
from bookmaker.spec import load_spec

GOAL_TOTAL_SECONDS = 15.0  # issue 3: the whole 300-puzzle book with 2 workers
GOAL_RENDER_SECONDS = 2.0  # issue 3: drawing 300 pages of puzzles
# Keys every bookmaker since issue 3 reads, so a reference build makes the same book
# (the newer one adds its front matter and Notes pages by default).
HEADER = """\
book:
  title: Bench Book
  author: Bench
  seed: bench-2026
  layout: kdp-6x9
  answers: back
sections:
"""
BOOKS = {
    "300": HEADER + """\
  - name: Classic
    size: 9x9
    count: 250
    symmetry: rotational
    puzzles_per_page: 1
  - name: Giant
    size: 16x16
    count: 50
    puzzles_per_page: 1
""",
    "1000": HEADER + """\
  - name: Classic
    size: 9x9
    count: 1000
    symmetry: rotational
    puzzles_per_page: 2
""",
}
# One build, run by whichever Python is benchmarked: it prints what it measured as JSON.
# It runs in an empty folder, so that the interpreter's own bookmaker is the one imported.
ONE_BUILD = """\
import json, resource, sys, tempfile, time
import bookmaker.book.build as stages
from bookmaker.spec import load_spec
def cpu():  # this process and its finished workers, user and system
    return sum(getattr(resource.getrusage(who), field) for who in
               (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
               for field in ("ru_utime", "ru_stime"))
drawing, render = [], stages.render_pdf_bytes
def timed_render(*args, **kwargs):  # the CPU time of drawing, which a loaded machine
    started = time.process_time()   # stretches less than its wall time
    data = render(*args, **kwargs)
    drawing.append(time.process_time() - started)
    return data
stages.render_pdf_bytes = timed_render
spec = load_spec(sys.argv[1])
with tempfile.TemporaryDirectory() as out:
    started, cpu_started = time.perf_counter(), cpu()
    result = stages.build(spec, out, int(sys.argv[2]))
    total, cpu_total = time.perf_counter() - started, cpu() - cpu_started
print(json.dumps({"total": total, "cpu": cpu_total, "render_cpu": drawing,
                  "stages": result.stage_seconds, "pages": result.page_counts}))
"""


def one_build(python: str, spec_path: Path, workers: int, this_checkout: bool) -> dict:
    """One build in a fresh process of `python`: seconds in all and by stage, pages."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if this_checkout:
        env["PYTHONPATH"] = str(timing.REPO)
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run([python, "-c", ONE_BUILD, str(spec_path), str(workers)],
                              cwd=folder, env=env, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"bench: the build with {python} failed:\n{done.stderr}")
    measured = json.loads(done.stdout.splitlines()[-1])
    files = list(measured["pages"])
    return {"total": measured["total"], "cpu": measured["cpu"], **measured["stages"],
            "pages": measured["pages"],
            **{f"render CPU {file}": seconds for file, seconds in zip(files,
                                                                    measured["render_cpu"])}}


def builds_in_turns(spec_path: Path, args) -> dict[str, list[dict]]:
    """Every repeat of this checkout's build and the reference's, taking turns (the order
    reversed on odd repeats, as timing.interleaved does)."""
    pythons = {"this": (sys.executable, True)}
    if args.reference_python:
        pythons["reference"] = (args.reference_python, False)
    runs: dict[str, list[dict]] = {name: [] for name in pythons}
    names = list(pythons)
    for repeat in range(args.repeats):
        for name in names if repeat % 2 == 0 else names[::-1]:
            python, this_checkout = pythons[name]
            runs[name].append(one_build(python, spec_path, args.jobs, this_checkout))
    return runs


def stage_rows(runs: dict[str, list[dict]]) -> list[list[str]]:
    """One row per stage: this checkout's median, least and most; the reference's median
    and the median of the per-repeat quotients (this / reference)."""
    ours = runs["this"]
    names = {"generate": "generate + grade + DLX verify + no repeats",
             "compose": "layout (compose pages)"}
    names |= {f"render {file}": f"render {file}" for file in ours[-1]["pages"]}
    # Since the ratings are made while the book is drawn: what was left of them to wait for
    # (a reference without the stage rated as it generated).
    names |= {"rate": "SE ratings for the manifest, left to wait for"}
    names |= {"write": "write files and register", "total": "total, end to end",
              "cpu": "CPU, all processes"}
    rows = []
    for stage, label in names.items():
        if not all(stage in run for run in ours):
            continue
        row = [label] + [timing.seconds_text(f([run[stage] for run in ours]))
                         for f in (statistics.median, min, max)]
        if "reference" in runs:
            row += reference_cells(stage, ours, runs["reference"])
        rows.append(row)
    return rows


def reference_cells(stage: str, ours: list[dict], theirs: list[dict]) -> list[str]:
    """The reference's median for a stage and this checkout's time per the reference's
    (the median of the quotients within each repeat); '-' where it has no such stage."""
    if not all(stage in run for run in theirs):
        return ["-", "-"]
    ratio = statistics.median(a[stage] / max(b[stage], 1e-9) for a, b in zip(ours, theirs))
    return [timing.seconds_text(statistics.median(run[stage] for run in theirs)),
            f"{ratio:.2f}"]


def per_page_rows(runs: dict[str, list[dict]]) -> list[list[str]]:
    """Render time per page of each PDF, by median, wall and CPU, for each Python."""
    rows = []
    for name, measured in runs.items():
        for file, pages in measured[-1]["pages"].items():
            wall, cpu = (statistics.median(run[f"{what} {file}"] for run in measured)
                         for what in ("render", "render CPU"))
            rows.append([name, file, str(pages), timing.seconds_text(wall),
                         timing.seconds_text(cpu), f"{cpu / pages * 1000:.2f} ms",
                         f"{pages / cpu:,.0f}"])
    return rows


def split_rows(spec_path: Path, per_size: int) -> list[list[str]]:
    """In this process, for the book's first puzzles of each size: median and mean time to
    generate one and to verify it by Dancing Links (the pool does both, so the build's
    table cannot tell them apart)."""
    spec, rows = load_spec(spec_path), []
    planned = plan(spec)
    for index, section in enumerate(spec.sections):
        jobs = [p.job for p in planned if p.section_index == index][:per_size]
        generating, verifying = [], []
        for job in jobs:
            wall, _, puzzle = timing.time_once(
                lambda: generate(job.shape, job.seed, job.symmetry, job.target_clues))
            generating.append(wall)
            verifying.append(timing.time_once(lambda: verify_puzzle(puzzle))[0])
        rows.append([f"{section.size_text} ({len(jobs)} puzzles)"]
                    + [timing.seconds_text(f(times)) for times in (generating, verifying)
                       for f in (statistics.median, statistics.mean)])
    return rows


def report(book: str, spec_path: Path, runs: dict[str, list[dict]], args) -> None:
    """The tables of one book, and its goals."""
    ours = runs["this"]
    pages = ", ".join(f"{name}: {' + '.join(map(str, measured[-1]['pages'].values()))} pages"
                      for name, measured in runs.items())
    scale = ", a tenth of it (--quick)" if args.quick else ""
    print(f"\n### The {book}-puzzle book{scale} ({pages}); {args.jobs} workers, {args.repeats} "
          f"runs each, wall seconds\n")
    header = ["stage", "median", "min", "max"]
    if "reference" in runs:
        header += ["reference median", "this / reference"]
    print(timing.markdown_table(header, stage_rows(runs)))
    print()
    print(timing.markdown_table(["bookmaker", "file", "pages", "render (wall)", "render (CPU)",
                                 "CPU per page", "pages/s (CPU)"], per_page_rows(runs),
                                text_columns=2))
    if book != "300":
        return
    print("\nOne puzzle at a time in this process (the mean is what the total pays):\n")
    print(timing.markdown_table(["size", "generate median", "mean", "DLX verify median",
                                 "mean"], split_rows(spec_path, args.split)))
    if args.quick:
        return
    total = statistics.median(run["total"] for run in ours)
    file, count = next(iter(ours[-1]["pages"].items()))
    render = statistics.median(run[f"render CPU {file}"] for run in ours)
    print(f"\ngoal: whole book <= {GOAL_TOTAL_SECONDS:g} s: "
          f"{timing.verdict(total <= GOAL_TOTAL_SECONDS)} ({total:.2f} s)")
    print(f"goal: rendering the {count}-page book <= {GOAL_RENDER_SECONDS:g} s (CPU): "
          f"{timing.verdict(render <= GOAL_RENDER_SECONDS)} ({render:.2f} s, "
          f"{count / render:,.0f} pages/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--books", nargs="+", choices=sorted(BOOKS), default=sorted(BOOKS),
                        help="which books to build (default: both)")
    parser.add_argument("--reference-python", metavar="PYTHON",
                        help="a Python whose installed bookmaker builds the same books in "
                             "turns with this checkout's (e.g. a venv with main installed)")
    parser.add_argument("--split", type=int, default=5,
                        help="puzzles of each size timed alone for generate vs verify "
                             "(default 5)")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: each book a tenth of its size, built once, "
                             "goals not judged")
    args = parser.parse_args()
    if args.quick:
        args.repeats, args.split = 1, 1
    print(f"# bench_book{' --quick' if args.quick else ''}: {timing.machine()}")
    with tempfile.TemporaryDirectory() as folder:
        for book in args.books:
            spec_path = Path(folder) / f"bench-{book}.yaml"
            text = timing.scaled_counts(BOOKS[book], 10) if args.quick else BOOKS[book]
            spec_path.write_text(text, encoding="utf-8")
            report(book, spec_path, builds_in_turns(spec_path, args), args)
    print(f"\nload average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
