"""Issue 24's book goals, this checkout against a reference bookmaker (main in its own
venv: --reference-python), build for build in turns, each build in its own process with
2 workers (bench_book.one_build): a 300-puzzle graded 9x9 book (100 easy, 100 medium, 60
hard, 40 expert, one a page; goal: under 3 s wall) and the 100-Killer book of
bench_variant_book.py (40 easy, 40 medium, 20 hard 9x9 Killers; goal: under 10 s of CPU,
all processes). Medians of the repeats; wall time stretches with the machine's load, CPU
time much less.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
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
BOOKS = {"300 graded 9x9": (GRADED, "total", 3.0), "100 Killers": (KILLER, "cpu", 10.0)}


def builds(spec: Path, pythons: dict[str, tuple[str, bool]], repeats: int, jobs: int):
    """Every repeat of each Python's build of the spec, in turns (reversed on odd repeats)."""
    runs: dict[str, list[dict]] = {name: [] for name in pythons}
    names = list(pythons)
    for repeat in range(repeats):
        for name in names if repeat % 2 == 0 else names[::-1]:
            python, this_checkout = pythons[name]
            runs[name].append(one_build(python, spec, jobs, this_checkout))
    return runs


def rows(book: str, runs: dict[str, list[dict]]) -> list[list[str]]:
    _, goal_key, goal = BOOKS[book]
    table = []
    for name, measured in runs.items():
        wall, cpu = (statistics.median(run[key] for run in measured) for key in ("total", "cpu"))
        ratio = "-"
        if name == "this" and "reference" in runs:
            quotients = [r["cpu"] / t["cpu"] for t, r in zip(measured, runs["reference"])]
            ratio = f"{statistics.median(quotients):.1f}"
        met = statistics.median(run[goal_key] for run in measured) <= goal
        what = "wall" if goal_key == "total" else "CPU"
        table.append([book, name, timing.seconds_text(wall), timing.seconds_text(cpu), ratio,
                      f"<= {goal:g} s {what}: {timing.verdict(met)}"])
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--reference-python", metavar="PYTHON",
                        help="a Python whose installed bookmaker builds the same books")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: each book a tenth of its size, built once")
    args = parser.parse_args()
    if args.quick:
        args.repeats = 1
    print(f"# bench_books_24{' --quick' if args.quick else ''}: {timing.machine()}")
    pythons = {"this": (sys.executable, True)}
    if args.reference_python:
        pythons["reference"] = (args.reference_python, False)
    table = []
    with tempfile.TemporaryDirectory() as folder:
        for book, (text, _, _) in BOOKS.items():
            spec = Path(folder) / f"{book.split()[0]}.yaml"
            spec.write_text(timing.scaled_counts(text, 10) if args.quick else text,
                            encoding="utf-8")
            table += rows(book, builds(spec, pythons, args.repeats, args.jobs))
    print(f"\n### Issue 24's books, {args.jobs} workers, {args.repeats} runs each, medians\n")
    print(timing.markdown_table(["book", "bookmaker", "wall", "CPU, all processes",
                                 "reference CPU / this CPU", "goal"], table, text_columns=2))
    print(f"\nload average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
