"""Futoshiki and Skyscrapers: puzzles made per second to each grade and size (one core, CPU
time, each proven twice as a book makes it), the techniques each grade used, and Simon
Tatham's Unequal and Towers generators timed in the same run.

Tatham's programs are not built here (their code stays out of this repository): build a
program from his sources outside it that takes `PARAMS COUNT` and prints the CPU seconds
one puzzle took to make (new_desc COUNT times, in C), and name it with BOOKMAKER_UNEQUAL
and BOOKMAKER_TOWERS. Without them the comparison is left out.

    python bench/bench_latin.py            # 7x7 Futoshiki, 6x6 Skyscrapers: 100 a grade
                                           # (30 expert and extreme: --count, --few)
    python bench/bench_latin.py --sizes    # every size, 5 a grade
    python bench/bench_latin.py --quick    # smoke run: 3 a grade, 1 expert and extreme
    python bench/bench_latin.py --kind skyscrapers --grades easy hard   # some only

Each of our grades is also timed beside the grade of Tatham's it is paired with (PAIRED:
by name and the techniques they ask; his solver is not run on our puzzles), his run
right before ours and right after: the machines are shared, their speed drifts within a
run, and a ratio against his grades timed minutes later charged a slow phase to one side.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import time
from collections import Counter

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.core.board.shape import latin_of
from bookmaker.core.grade.grader import GRADES
from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.latin.kind import LatinKind
from bookmaker.core.puzzle import GenerationError
from bookmaker.core.registry import kind_named
from bookmaker.core.rng import derive_seed

GOALS = {"futoshiki": 7, "skyscrapers": 6}  # issue 23: under 0.1 s a puzzle, any grade
TATHAM = {  # kind: (environment variable, size, grades as Tatham's params name them)
    "futoshiki": ("BOOKMAKER_UNEQUAL", 7, (("Trivial", "t"), ("Easy", "e"), ("Tricky", "k"),
                                           ("Extreme", "x"), ("Recursive", "r"))),
    "skyscrapers": ("BOOKMAKER_TOWERS", 6, (("Easy", "e"), ("Hard", "h"), ("Extreme", "x"),
                                            ("Unreasonable", "u"))),
}
PAIRED = {  # kind: our grade -> Tatham's grade it stands beside (bench/README.md's table)
    "futoshiki": {"beginner": "Trivial", "easy": "Easy", "medium": "Tricky", "hard": "Tricky",
                  "expert": "Extreme", "extreme": "Recursive"},
    "skyscrapers": {"beginner": "Easy", "easy": "Easy", "medium": "Hard", "hard": "Hard",
                    "expert": "Extreme", "extreme": "Unreasonable"},
}


def made(kind, size: int, grade: str, count: int) -> tuple[list[float], Counter, list[str]]:
    """CPU seconds of each of `count` puzzles made to the grade (each proven by the solver
    and by the check), the techniques their gradings used (puzzles using each), and the
    grades asked for that could not be made."""
    seconds: list[float] = []
    used: Counter = Counter()
    failed: list[str] = []
    for index in range(count):
        seed = derive_seed("bench-latin", kind.name, size, grade, index)
        start = time.process_time()
        try:
            puzzle = kind.make(MakeRequest(latin_of(size), seed, grade))
        except GenerationError:
            failed.append(grade)
            continue
        seconds.append(time.process_time() - start)
        assert puzzle.grade == grade
        steps = kind.grade(puzzle.givens, puzzle.extras).steps
        used.update({step.technique for step in steps})
    return seconds, used, failed


def speed_rows(kind, size: int, counts: dict[str, int],
               beside: dict[str, tuple[float, float]]) -> dict[str, tuple[Counter, int]]:
    """Print a table row per grade (of `counts`) as it is measured; the techniques each
    grade used. Where Tatham's paired grade can be timed (at his size), `beside` gets
    (our median, his seconds a puzzle timed right before and right after ours)."""
    usage: dict[str, tuple[Counter, int]] = {}
    for grade in counts:
        if kind.grade_problem(latin_of(size), grade):
            print(f"| {size}x{size} | {grade} | not made | | | | |", flush=True)
            continue
        before = tatham_paired(kind.name, size, grade)
        seconds, used, failed = made(kind, size, grade, counts[grade])
        after = tatham_paired(kind.name, size, grade)
        if seconds and before is not None and after is not None:
            beside[grade] = (statistics.median(seconds), (before + after) / 2)
        usage[grade] = (used, len(seconds))
        if not seconds:
            print(f"| {size}x{size} | {grade} | 0 | | | | {len(failed)} failed |", flush=True)
            continue
        median, mean = statistics.median(seconds), sum(seconds) / len(seconds)
        tenth = statistics.quantiles(seconds, n=10)[-1] if len(seconds) > 1 else seconds[0]
        note = f" ({len(failed)} failed)" if failed else ""
        print(f"| {size}x{size} | {grade} | {len(seconds)} | {median:.5f} | {tenth:.5f} | "
              f"{mean:.5f} | {1 / mean:.1f}{note} |", flush=True)
    return usage


def usage_table(usage: dict[str, tuple[Counter, int]]) -> str:
    """Per grade, how many of its puzzles used each technique (ladder order)."""
    names: list[str] = []
    for used, _ in usage.values():
        names += [name for name in used if name not in names]
    order = {grade: i for i, grade in enumerate(GRADES)}
    grades = sorted(usage, key=lambda grade: order[grade])
    header = ["technique"] + [f"{g} (of {usage[g][1]})" for g in grades]
    rows = [[name] + [str(usage[g][0][name]) for g in grades] for name in names]
    return timing.markdown_table(header, rows)


def tatham_rows(kind_name: str, count: int) -> list[list[str]]:
    variable, size, grades = TATHAM[kind_name]
    if not os.environ.get(variable):
        return [[f"(set {variable} to time Tatham's generator)", "", ""]]
    rows = []
    for title, letter in grades:
        median = statistics.median(tatham_seconds(kind_name, letter, count, seed)
                                   for seed in range(3))
        rows.append([f"{size}x{size}", title, f"{median:.5f}", f"{1 / median:,.0f}"])
    return rows


def tatham_seconds(kind_name: str, letter: str, count: int, seed: int) -> float:
    """CPU seconds a puzzle of Tatham's generator at his grade `letter`, over `count`."""
    variable, size, _ = TATHAM[kind_name]
    ran = subprocess.run([os.environ[variable], f"{size}d{letter}", str(count), str(seed)],
                         capture_output=True, text=True, check=True)
    return float(ran.stdout.split()[-1])


def tatham_paired(kind_name: str, size: int, grade: str, count: int = 100) -> float | None:
    """Tatham's seconds a puzzle at the grade paired with ours, or None where he is not
    timed (no program named, another size)."""
    variable, his_size, grades = TATHAM[kind_name]
    if not os.environ.get(variable) or size != his_size:
        return None
    letter = dict(grades)[PAIRED[kind_name][grade]]
    return tatham_seconds(kind_name, letter, count, 0)


def paired_table(kind_name: str, beside: dict[str, tuple[float, float]]) -> str:
    """Our median and his, timed beside each other, and their ratio (above 1: ours slower)."""
    rows = [[grade, PAIRED[kind_name][grade], f"{ours * 1000:.2f}", f"{his * 1000:.2f}",
             f"**{ours / his:.2f}x**"] for grade, (ours, his) in beside.items()]
    return timing.markdown_table(["grade", "Tatham's grade", "ours median ms",
                                  "his ms, before and after ours", "ours / his"], rows, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100, help="puzzles a grade (100)")
    parser.add_argument("--few", type=int, default=30,
                        help="puzzles a grade for expert and extreme, which take seconds")
    parser.add_argument("--sizes", action="store_true", help="every size, 5 puzzles a grade")
    parser.add_argument("--kind", choices=sorted(GOALS), help="one kind only")
    parser.add_argument("--grades", nargs="+", choices=GRADES, default=GRADES,
                        help="these grades only (Tatham's every grade still)")
    parser.add_argument("--quick", action="store_true",
                        help="smoke run: 3 puzzles a grade, 1 for expert and extreme")
    args = parser.parse_args()
    if args.quick:
        args.count, args.few = 3, 1
    print(timing.machine())
    for name in [args.kind] if args.kind else sorted(GOALS):
        kind: LatinKind = kind_named(name)  # type: ignore[assignment]
        sizes = kind.sizes if args.sizes else [GOALS[name]]
        counts = {grade: 5 if args.sizes else args.few if grade in ("expert", "extreme")
                  else args.count for grade in GRADES if grade in args.grades}
        print(f"\n## {kind.title}: made and proven twice, one core (CPU seconds a puzzle)\n")
        print("| size | grade | puzzles | median s | 90th percentile s | mean s | puzzles/s |")
        print("|---|---|---:|---:|---:|---:|---:|", flush=True)
        beside: dict[str, tuple[float, float]] = {}
        usages = {size: speed_rows(kind, size, counts, beside) for size in sizes}
        if beside:
            print("\n### Beside Tatham's paired grade, timed around each of ours\n")
            print(paired_table(name, beside))
        if not args.sizes:
            size = GOALS[name]
            print(f"\n### {kind.title} {size}x{size}: puzzles of each grade using each "
                  f"technique\n")
            print(usage_table(usages[size]))
            print("\n### Tatham's generator, same run (CPU seconds a puzzle, C)\n")
            print(timing.markdown_table(["size", "Tatham's grade", "median s", "puzzles/s"],
                                        tatham_rows(name, 100), 2))
        print(f"\n(load average now {os.getloadavg()[0]:.2f})", flush=True)


if __name__ == "__main__":
    main()
