"""A whole book end to end: 300 puzzles (250 9x9, 50 16x16), one to a 6x9 page, 2 workers."""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.book.plan import plan
from bookmaker.book.build import BuildResult, build
from bookmaker.core.generator import generate
from bookmaker.core.verify import verify_puzzle
from bookmaker.spec import load_spec

GOAL_TOTAL_SECONDS = 15.0  # issue 3: the whole 300-puzzle book with 2 workers
GOAL_RENDER_SECONDS = 2.0  # issue 3: drawing 300 pages of puzzles
SPEC = """\
book:
  title: Bench Book
  author: Bench
  seed: bench-2026
  layout: kdp-6x9
  answers: separate
sections:
  - name: Classic
    size: 9x9
    count: {n9}
    symmetry: rotational
    puzzles_per_page: 1
  - name: Giant
    size: 16x16
    count: {n16}
    puzzles_per_page: 1
"""


def one_build(spec_path: Path, workers: int) -> tuple[dict[str, float], BuildResult]:
    """Wall seconds of one build, in all and by stage, into a fresh temporary folder."""
    spec = load_spec(spec_path)
    with tempfile.TemporaryDirectory() as out_dir:
        started = time.perf_counter()
        result = build(spec, out_dir, workers)
        total = time.perf_counter() - started
    return {"total": total, **result.stage_seconds}, result


def table_rows(runs: list[dict[str, float]], result: BuildResult) -> list[list[str]]:
    """One row per stage: median, least and most wall seconds over the runs."""
    names = {"generate": "generate + DLX verify", "compose": "layout (compose pages)"}
    for file_name, pages in result.page_counts.items():
        names[f"render {file_name}"] = f"render {file_name} ({pages} pages)"
    names |= {"write": "write files", "total": "total, end to end"}
    return [[label] + [timing.seconds_text(f([run[stage] for run in runs]))
                       for f in (statistics.median, min, max)]
            for stage, label in names.items()]


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--n9", type=int, default=250, help="9x9 puzzles")
    parser.add_argument("--n16", type=int, default=50, help="16x16 puzzles")
    parser.add_argument("--split", type=int, default=5,
                        help="puzzles of each size timed alone for generate vs verify "
                             "(default 5)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        spec_path = Path(folder) / "bench.yaml"
        spec_path.write_text(SPEC.format(n9=args.n9, n16=args.n16), encoding="utf-8")
        measured = [one_build(spec_path, args.jobs) for _ in range(args.repeats)]
        split = split_rows(spec_path, args.split)
    runs, result = [run for run, _ in measured], measured[-1][1]
    book = next(iter(result.page_counts))
    render = statistics.median(run[f"render {book}"] for run in runs)
    total = statistics.median(run["total"] for run in runs)
    print(timing.machine())
    print(f"{result.puzzle_count} puzzles ({args.n9} 9x9, {args.n16} 16x16), {args.jobs} "
          f"workers, {args.repeats} runs; wall seconds\n")
    print(timing.markdown_table(["stage", "median", "min", "max"], table_rows(runs, result)))
    print("\nOne puzzle at a time in this process (the mean is what the total pays):\n")
    print(timing.markdown_table(["size", "generate median", "mean", "DLX verify median",
                                 "mean"], split))
    print(f"\ngoal: whole book <= {GOAL_TOTAL_SECONDS:g} s: "
          f"{timing.verdict(total <= GOAL_TOTAL_SECONDS)} ({total:.2f} s)")
    print(f"goal: rendering the {result.page_counts[book]}-page book <= "
          f"{GOAL_RENDER_SECONDS:g} s: {timing.verdict(render <= GOAL_RENDER_SECONDS)} "
          f"({render:.2f} s, {result.page_counts[book] / render:,.0f} pages/s)")


if __name__ == "__main__":
    main()
