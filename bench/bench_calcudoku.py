"""Calcudoku generation speed per size and grade, one core, and the techniques each grade
used; against Simon Tatham's Keen where a timing program for it is given.

    python bench/bench_calcudoku.py [--count N] [--sizes 4,6,9] [--grades G,...] [--keen PROGRAM]

Each puzzle is made as the kind makes it (generated, proven by the solver, verified by
the exact cover) and timed alone in CPU seconds (time.process_time), so the load of
other processes on the machine counts less; the table shows the median and the mean
per puzzle and puzzles per second (1 / mean). PROGRAM, if given, is run as
`PROGRAM PARAMS COUNT SEED` and must print one line per puzzle, its CPU seconds first
(a driver around Keen's own new_desc, built from its source outside this repository:
bookmaker holds none of Keen's code). Keen's levels (e easy, n normal, h hard, x extreme)
are its own ladder, not ours: the columns sit side by side for scale only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections import Counter

from bookmaker.core.calcudoku.kind import CALCUDOKU
from bookmaker.core.grade.grader import GRADES
from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.rng import derive_seed

KEEN_LEVELS = {"beginner": "e", "easy": "n", "medium": "h", "hard": "x"}


def grades_at(size: int) -> list[str]:
    unmade = CALCUDOKU.unmade.get(size, ())
    return [grade for grade in GRADES if grade not in unmade] + ["any"]


def ours(size: int, grade: str, count: int):
    """CPU seconds per puzzle, and the techniques the puzzles used (hardest, all)."""
    times: list[float] = []
    hardest: Counter[str] = Counter()
    used: Counter[str] = Counter()
    # Untimed first: the engines' import and first tables, which Keen's timer (new_desc
    # alone, in a running program) does not count either.
    CALCUDOKU.make(MakeRequest(CALCUDOKU.frame(size), derive_seed("bench-warm", size), grade))
    for index in range(count):
        seed = derive_seed("bench-calcudoku", size, grade, index)
        start = time.process_time()
        puzzle = CALCUDOKU.make(MakeRequest(CALCUDOKU.frame(size), seed, grade))
        times.append(time.process_time() - start)
        hardest[puzzle.hardest] += 1
        steps = CALCUDOKU.grade(puzzle.givens, puzzle.extras).steps
        used.update({step.technique for step in steps})
    return times, hardest, used


def keen(program: str, size: int, grade: str, count: int) -> list[float] | None:
    level = KEEN_LEVELS.get(grade)
    if level is None:
        return None
    out = subprocess.run([program, f"{size}d{level}", str(count), "bench"], check=True,
                         capture_output=True, text=True).stdout
    return [float(line.split()[0]) for line in out.splitlines()]


def row(size: int, grade: str, times: list[float], keen_times: list[float] | None) -> str:
    mean = statistics.fmean(times)
    p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0]
    text = (f"| {size}x{size} | {grade} | {statistics.median(times) * 1000:.1f} | "
            f"{p90 * 1000:.0f} | {mean * 1000:.1f} | {max(times) * 1000:.0f} | "
            f"{1 / mean:.1f} |")
    if keen_times:
        keen_mean = statistics.fmean(keen_times)
        text += (f" {statistics.median(keen_times) * 1000:.2f} | {1 / keen_mean:.0f} | "
                 f"{mean / keen_mean:.1f}x |")
    else:
        text += " | | |"
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--sizes", default="4,6,9")
    parser.add_argument("--grades", help="only these grades (default: every one the kind "
                        "makes at each size; 'expert' at 6x6 is not reached yet)")
    parser.add_argument("--keen", default=os.environ.get("KEEN_TIMER"))
    args = parser.parse_args()
    print(f"# load: {os.getloadavg()}, python {sys.version.split()[0]}, count {args.count}")
    print("| size | grade | median ms | 90th pct ms | mean ms | max ms | puzzles/s | "
          "Keen median ms | Keen puzzles/s | ours / Keen |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    techniques = []
    for size in (int(s) for s in args.sizes.split(",")):
        for grade in grades_at(size):
            if args.grades and grade not in args.grades.split(","):
                continue
            times, hardest, used = ours(size, grade, args.count)
            keen_times = keen(args.keen, size, grade, args.count) if args.keen else None
            print(row(size, grade, times, keen_times), flush=True)
            techniques.append((size, grade, hardest, used))
    print("\n| size | grade | hardest technique (puzzles) | techniques used (puzzles) |")
    print("|---|---|---|---|")
    for size, grade, hardest, used in techniques:
        print(f"| {size}x{size} | {grade} | "
              + ", ".join(f"{name} {n}" for name, n in hardest.most_common()) + " | "
              + ", ".join(f"{name} {n}" for name, n in used.most_common()) + " |")


if __name__ == "__main__":
    main()
