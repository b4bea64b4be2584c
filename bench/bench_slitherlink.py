"""Slitherlink: puzzles made to each grade and size (one core, CPU time, each proven twice
as a book makes it), and Simon Tatham's Loopy generator timed in the same run.

His program is Debian's `sgt-loopy` (package sgt-puzzles), run whole: `--generate N
10x10t0d<level>` on the square grid (t0), his levels e, n, t, h; a run's CPU time (its
children's rusage) less a one-puzzle run's (its start-up), over N. Set BOOKMAKER_LOOPY to
its path if it is not /usr/games/sgt-loopy; without it the comparison is left out.

    python bench/bench_slitherlink.py                 # 10x10: 20 a grade
    python bench/bench_slitherlink.py --sizes 5,7,10,12 --count 10
    python bench/bench_slitherlink.py --sizes 7 --count 20 --sides 16x16,20x20,15x20,20x30
    python bench/bench_slitherlink.py --quick         # smoke run: 5x5, 2 a grade
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import time

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.registry import kind_named
from bookmaker.core.rng import derive_seed

# Tatham's Loopy levels beside ours, the nearest by the techniques each needs (his ladder
# is his own): Easy (0s, 3s, dots), Normal (loops), Tricky (colouring), Hard (trial).
TATHAM_LEVELS = (("Easy", "e", "easy"), ("Normal", "n", "medium"), ("Tricky", "t", "hard"),
                 ("Hard", "h", "expert"))
LOOPY = os.environ.get("BOOKMAKER_LOOPY", "/usr/games/sgt-loopy")


def made(kind, size: int, grade: str, count: int) -> list[float]:
    """CPU seconds of each of `count` puzzles made to the grade (each proven by the
    techniques and search, and by the count)."""
    seconds = []
    for index in range(count):
        seed = derive_seed("bench-slitherlink", size, grade, index)
        start = time.process_time()
        puzzle = kind.make(MakeRequest(kind.frame(size), seed, grade))
        seconds.append(time.process_time() - start)
        assert puzzle.grade == grade
    return seconds


def _children_cpu(args: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def tatham_seconds(size: int, letter: str, count: int) -> float:
    """CPU seconds a puzzle of Tatham's Loopy takes, start-up taken off (median of 3)."""
    params = f"{size}x{size}t0d{letter}"
    runs = []
    for _ in range(3):  # his generator seeds itself from the clock: runs differ
        whole = _children_cpu([LOOPY, "--generate", str(count), params])
        start = _children_cpu([LOOPY, "--generate", "1", params])
        runs.append(max(whole - start, 0.0) / (count - 1))
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20, help="puzzles a grade (20)")
    parser.add_argument("--sizes", default="10", help="sizes, comma-separated (10)")
    parser.add_argument("--tatham-count", type=int, default=50, help="his puzzles a run (50)")
    parser.add_argument("--sides", default="", help="also these sizes, rows x columns, "
                        "from seeds 0 to count - 1 (e.g. 16x16,20x30)")
    parser.add_argument("--quick", action="store_true", help="smoke run: 2 a grade, 5x5")
    args = parser.parse_args()
    if args.quick:
        args.count, args.sizes, args.tatham_count = 2, "5", 5
    print(timing.machine())
    kind = kind_named("slitherlink")
    sizes = [int(size) for size in args.sizes.split(",")]
    medians: dict[tuple[int, str], float] = {}
    print("\n## Slitherlink: made and proven twice, one core (CPU seconds a puzzle)\n")
    print("| size | grade | puzzles | median s | mean s | max s |")
    print("|---|---|---:|---:|---:|---:|", flush=True)
    for size in sizes:
        for grade in kind.grades:
            seconds = made(kind, size, grade, args.count)
            medians[size, grade] = statistics.median(seconds)
            print(f"| {size}x{size} | {grade} | {len(seconds)} | {medians[size, grade]:.3f} | "
                  f"{statistics.mean(seconds):.3f} | {max(seconds):.3f} |", flush=True)
    if not os.path.exists(LOOPY):
        print(f"\n({LOOPY} not found: set BOOKMAKER_LOOPY to time Tatham's Loopy)")
        return
    for size in sizes:
        print(f"\n### Tatham's Loopy, same run (CPU seconds a puzzle, C, {size}x{size})\n")
        rows = []
        for title, letter, ours in TATHAM_LEVELS:
            theirs = tatham_seconds(size, letter, args.tatham_count)
            ratio = medians[size, ours] / theirs if theirs else float("inf")
            rows.append([f"{size}x{size}", title, f"{theirs:.4f}", ours,
                         f"{medians[size, ours]:.3f}", f"{ratio:,.0f}x"])
        print(timing.markdown_table(["size", "Tatham's level", "his median s", "our grade",
                                     "our median s", "ours / his"], rows, 2))
    if args.sides:
        timing.sides_table("slitherlink", args.sides, args.count)
    print(f"\n(load average now {os.getloadavg()[0]:.2f})", flush=True)


if __name__ == "__main__":
    main()
