"""Binairo and Tango: puzzles made to each grade and size (one core, CPU time, each
proven twice as a book makes it), and Simon Tatham's Unruly generator timed in the same run.

Tatham's program is not built here (his code stays out of this repository): build a
program from his sources outside it that takes `PARAMS COUNT SEED` and prints the CPU
seconds one puzzle took to make (new_desc COUNT times, in C), and name it with
BOOKMAKER_UNRULY. Without it the comparison is left out.

    python bench/bench_binairo.py --kinds binairo  # 12x12: 30 a grade (a Tango stops at 10x10)
    python bench/bench_binairo.py --sizes 6,8,10 --count 10
    python bench/bench_binairo.py --quick            # smoke run: 6x6, 2 a grade
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import time

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.registry import kind_named
from bookmaker.core.rng import derive_seed

# Tatham's Unruly levels beside ours, for scale only (his ladder is his own): 'u' asks
# for unique rows and columns, classic Binairo's third rule.
TATHAM_LEVELS = (("Easy", "e"), ("Normal", "n"))


def made(kind, size: int, grade: str, count: int) -> list[float]:
    """CPU seconds of each of `count` puzzles made to the grade (each proven by the solver
    and by the count)."""
    seconds = []
    for index in range(count):
        seed = derive_seed("bench-binairo", kind.name, size, grade, index)
        start = time.process_time()
        puzzle = kind.make(MakeRequest(kind.frame(size), seed, grade))
        seconds.append(time.process_time() - start)
        assert puzzle.grade == grade
    return seconds


def tatham_rows(size: int, count: int) -> list[list[str]]:
    program = os.environ.get("BOOKMAKER_UNRULY")
    if not program:
        return [["(set BOOKMAKER_UNRULY to time Tatham's generator)", "", ""]]
    rows = []
    for title, letter in TATHAM_LEVELS:
        runs = [float(subprocess.run([program, f"{size}x{size}ud{letter}", str(count),
                                      str(seed)], capture_output=True, text=True,
                                     check=True).stdout.split()[-1]) for seed in range(3)]
        median = statistics.median(runs)
        rows.append([f"{size}x{size}", title, f"{median:.4f}", f"{1 / median:,.0f}"])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=30, help="puzzles a grade (30)")
    parser.add_argument("--sizes", default="12", help="sizes, comma-separated (12)")
    parser.add_argument("--kinds", default="binairo,tango")
    parser.add_argument("--quick", action="store_true", help="smoke run: 2 a grade, 6x6")
    args = parser.parse_args()
    if args.quick:
        args.count, args.sizes = 2, "6"
    print(timing.machine())
    sizes = [int(size) for size in args.sizes.split(",")]
    for name in args.kinds.split(","):
        kind = kind_named(name)
        print(f"\n## {kind.title}: made and proven twice, one core (CPU seconds a puzzle)\n")
        print("| size | grade | puzzles | median s | mean s | max s |")
        print("|---|---|---:|---:|---:|---:|", flush=True)
        for size in (size for size in sizes if kind.size_problem(size, False) is None):
            for grade in kind.grades:
                seconds = made(kind, size, grade, args.count)
                print(f"| {size}x{size} | {grade} | {len(seconds)} | "
                      f"{statistics.median(seconds):.3f} | {statistics.mean(seconds):.3f} | "
                      f"{max(seconds):.3f} |", flush=True)
    for size in sizes:
        print(f"\n### Tatham's Unruly, same run (CPU seconds a puzzle, C, {size}x{size})\n")
        print(timing.markdown_table(["size", "Tatham's level", "median s", "puzzles/s"],
                                    tatham_rows(size, 100), 2))
    print(f"\n(load average now {os.getloadavg()[0]:.2f})", flush=True)


if __name__ == "__main__":
    main()
