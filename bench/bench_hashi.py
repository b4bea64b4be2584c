"""Hashi: puzzles made to each grade (one core, CPU time, each proven twice as a book
makes it), and Simon Tatham's Bridges generator (Debian's sgt-bridges) timed in the same
run at his three grades.

His program runs as a whole process (`--generate N PARAMS`), so a puzzle's time is the
difference of the CPU seconds of N puzzles and of one, over N - 1: his start-up left out.
Without /usr/games/sgt-bridges the comparison is left out.

    python bench/bench_hashi.py                 # 15x15: 30 a grade
    python bench/bench_hashi.py --sizes 10,20 --count 10
    python bench/bench_hashi.py --sizes 7 --count 20 --sides 10x15,15x25
    python bench/bench_hashi.py --quick         # smoke run: 7x7, 2 a grade
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import time

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.registry import kind_named
from bookmaker.core.rng import derive_seed

BRIDGES = "/usr/games/sgt-bridges"
# His parameters: i islands (% of squares), e expansion (%), m most bridges on a link,
# d difficulty 0 (easy) to 2 (hard); 30/10/2 are his defaults.
TATHAM_GRADES = (("easy (d0)", "d0"), ("medium (d1)", "d1"), ("hard (d2)", "d2"))


def made(size: int, grade: str, count: int) -> list[float]:
    """CPU seconds of each of `count` puzzles made to the grade (each proven by the solver
    and by the count)."""
    kind = kind_named("hashi")
    seconds = []
    for index in range(count):
        seed = derive_seed("bench-hashi", size, grade, index)
        start = time.process_time()
        puzzle = kind.make(MakeRequest(kind.frame(size), seed, grade))
        seconds.append(time.process_time() - start)
        assert puzzle.grade == grade
    return seconds


def tatham_seconds(params: str, count: int) -> float:
    """CPU seconds one of his puzzles takes, start-up left out."""
    def run(n: int) -> float:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([BRIDGES, "--generate", str(n), params], capture_output=True,
                       check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return max(0.0, (run(count) - run(1)) / (count - 1))


def tatham_rows(size: int, count: int) -> list[list[str]]:
    if not shutil.which(BRIDGES):
        return [["(install sgt-puzzles to time Tatham's Bridges)", "", "", ""]]
    rows = []
    for title, letter in TATHAM_GRADES:
        median = statistics.median(tatham_seconds(f"{size}x{size}i30e10m2{letter}", count)
                                   for _ in range(3))
        rows.append([f"{size}x{size}", title, f"{median:.4f}",
                     f"{1 / median:,.0f}" if median else "-"])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=30, help="puzzles a grade (30)")
    parser.add_argument("--sizes", default="15", help="sizes, comma-separated (15)")
    parser.add_argument("--sides", default="", help="also these sizes, rows x columns, "
                        "from seeds 0 to count - 1 (e.g. 10x15,15x25)")
    parser.add_argument("--quick", action="store_true", help="smoke run: 2 a grade, 7x7")
    args = parser.parse_args()
    if args.quick:
        args.count, args.sizes = 2, "7"
    print(timing.machine())
    sizes = [int(size) for size in args.sizes.split(",")]
    print("\n## Hashi: made and proven twice, one core (CPU seconds a puzzle)\n")
    print("| size | grade | puzzles | median s | mean s | max s |")
    print("|---|---|---:|---:|---:|---:|", flush=True)
    for size in sizes:
        for grade in kind_named("hashi").grades:
            seconds = made(size, grade, args.count)
            print(f"| {size}x{size} | {grade} | {len(seconds)} | "
                  f"{statistics.median(seconds):.3f} | {statistics.mean(seconds):.3f} | "
                  f"{max(seconds):.3f} |", flush=True)
    for size in sizes:
        print(f"\n### Tatham's Bridges, same run (CPU seconds a puzzle, C, {size}x{size})\n")
        print(timing.markdown_table(["size", "his grade", "median s", "puzzles/s"],
                                    tatham_rows(size, 100 if args.quick else 200), 2))
    if args.sides:
        timing.sides_table("hashi", args.sides, args.count)
    print(f"\n(load average now {os.getloadavg()[0]:.2f})", flush=True)


if __name__ == "__main__":
    main()
