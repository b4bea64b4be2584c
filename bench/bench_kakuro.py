"""Kakuro: generation to each grade per size (one core, CPU time), the techniques each
grade used, both uniqueness proofs against Dancing Links (the road not taken), and the
grader's speed.

There is no Kakuro in Simon Tatham's collection to time in the same run, and the one
open-source Kakuro generator found (ChrisMoutsos/kakuro, C++) is a Qt program whose
generator cannot be run without Qt; the numbers here stand alone.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

import timing  # also puts this checkout's bookmaker first on sys.path
from kakuro_dlx import dlx_kakuro

from bookmaker.core.generate.graded import attempt_seed
from bookmaker.core.kakuro import generate as kakuro_generate
from bookmaker.core.kakuro.check import check_kakuro
from bookmaker.core.kakuro.generate import generate_kakuro
from bookmaker.core.kakuro.grade import grade_kakuro
from bookmaker.core.kakuro.kind import KAKURO
from bookmaker.core.kakuro.solver import kakuro_solutions
from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.puzzle import GenerationError

GRADES = ("any", "beginner", "easy", "medium", "hard", "expert", "extreme")
SIZES = (6, 8, 10, 12, 15, 20, 25)
DLX_MAX_NODES = 200_000


def cpu(fn):
    """CPU seconds of one call, and its result."""
    start = time.process_time()
    result = fn()
    return time.process_time() - start, result


def generation(size: int, grade: str, seeds: range, repeats: int):
    """Per seed the median CPU seconds of making the Kakuro (over `repeats`), the
    attempts it took, and the puzzles with their gradings; failures are counted apart."""
    times, attempts, puzzles, failures = [], [], [], 0
    for seed in seeds:
        runs = []
        for _ in range(repeats):
            took, result = cpu(lambda: _made(size, seed, grade))
            runs.append(took)
        if result is None:
            failures += 1
            continue
        times.append(statistics.median(runs))
        attempts.append(_attempts(size, seed, grade))
        puzzles.append(result)
    return times, attempts, puzzles, failures


def _made(size: int, seed: int, grade: str):
    try:
        return generate_kakuro(size, seed, grade, "rotational")
    except GenerationError:
        return None


def _attempts(size: int, seed: int, grade: str) -> int:
    """How many attempts the seed's Kakuro took (the first that succeeds)."""
    for attempt in range(kakuro_generate.attempt_budget(size)):
        if kakuro_generate._attempt(size, attempt_seed(seed, attempt), grade,
                                    "rotational") is not None:
            return attempt + 1
    return 0


def generation_table(sizes, grades, count: int, repeats: int) -> dict:
    """Print per size and grade: median and mean CPU seconds per puzzle (a failure's
    time counts in the mean), puzzles per second, attempts; return the puzzles made."""
    print(f"\n### Generation to a grade: {count} seeds per cell, median of {repeats} "
          f"runs each, one core, CPU s per puzzle\n")
    print("| size | grade | median s | mean s | max s | puzzles/s | attempts (mean, max) | "
          "failed |")
    print("|---|---|---|---|---|---|---|---|")
    made = {}
    for size in sizes:
        for grade in grades:
            if grade != "any" and KAKURO.grade_problem(KAKURO.frame(size), grade):
                print(f"| {size}x{size} | {grade} | refused: "
                      f"{KAKURO.grade_problem(KAKURO.frame(size), grade)} |||||||")
                continue
            times, attempts, puzzles, failed = generation(size, grade, range(count), repeats)
            made[size, grade] = puzzles
            if not times:
                print(f"| {size}x{size} | {grade} | - | - | - | - | - | {failed} |")
                continue
            mean = statistics.mean(times)
            print(f"| {size}x{size} | {grade} | {statistics.median(times):.3f} | {mean:.3f} "
                  f"| {max(times):.3f} | {1 / mean:.1f} | {statistics.mean(attempts):.1f}, "
                  f"{max(attempts)} | {failed} |", flush=True)
    return made


def technique_table(made: dict, size: int) -> None:
    """Per grade, the share of puzzles that used each technique at least once."""
    print(f"\n### Techniques used, {size}x{size}: share of puzzles using each at least "
          f"once (hardest technique counted apart)\n")
    for grade in GRADES[1:]:
        puzzles = made.get((size, grade), [])
        if not puzzles:
            continue
        used: Counter[str] = Counter()
        hardest: Counter[str] = Counter()
        for puzzle, grading in puzzles:  # the generator keeps no steps: graded again
            steps = grade_kakuro(puzzle.givens, puzzle.extras, explain=False).steps
            used.update({step.technique for step in steps})
            hardest[grading.hardest] += 1
        n = len(puzzles)
        cells = ", ".join(f"{name} {100 * k / n:.0f}%" for name, k in used.most_common())
        top = ", ".join(f"{name} {k}" for name, k in hardest.most_common())
        print(f"- **{grade}** ({n} puzzles): {cells}; hardest: {top}")


def proofs_table(made: dict) -> None:
    """Per size and grade: the solver's, the check's and Dancing Links' nodes and CPU."""
    print(f"\n### Both proofs, and Dancing Links (bench/kakuro_dlx.py, at most "
          f"{DLX_MAX_NODES:,} nodes), on the puzzles made: median CPU ms (max), nodes "
          f"(max)\n")
    print("| size | grade | solver ms | solver nodes | check ms | check nodes | DLX ms | "
          "DLX nodes | grade ms |")
    print("|---|---|---|---|---|---|---|---|---|")
    for (size, grade), puzzles in sorted(made.items(), key=lambda item: (item[0][0],
                                                                          GRADES.index(item[0][1]))):
        if not puzzles:
            continue
        rows = [_proofs(puzzle) for puzzle, _ in puzzles]
        print(f"| {size}x{size} | {grade} | " + " | ".join(
            f"{statistics.median(r[i] for r in rows):.{0 if i % 2 else 1}f} "
            f"({max(r[i] for r in rows):.{0 if i % 2 else 1}f})" for i in range(6))
            + f" | {statistics.median(r[6] for r in rows):.1f} |", flush=True)


def _proofs(puzzle) -> tuple:
    zeros, clues = puzzle.givens.cells, puzzle.extras
    solver_s, solved = cpu(lambda: kakuro_solutions(clues, zeros, limit=2))
    check_s, checked = cpu(lambda: check_kakuro(puzzle.shape, clues.totals, zeros, limit=2))
    dlx_s, dlx = cpu(lambda: dlx_kakuro(puzzle.shape, clues.totals, zeros, limit=2,
                                        max_nodes=DLX_MAX_NODES))
    grade_s, _ = cpu(lambda: grade_kakuro(puzzle.givens, clues))
    assert solved.unique and checked.count == 1 and checked.complete
    return (solver_s * 1000, solved.nodes, check_s * 1000, checked.nodes, dlx_s * 1000,
            dlx.nodes, grade_s * 1000)


def goal_table(count: int) -> None:
    """Issue 38's goal: 15x15 made as a book makes it (Kind.make, both proofs), seeds
    0..count-1 a grade, CPU seconds a puzzle: under 150 ms median, 500 ms worst."""
    rows = []
    for grade in GRADES[1:]:
        times = sorted(cpu(lambda: KAKURO.make(MakeRequest(KAKURO.frame(15), seed, grade)))[0]
                       for seed in range(count))
        median, worst = statistics.median(times), times[-1]
        shown = (median, statistics.mean(times), times[min(count - 1, int(0.9 * count))], worst)
        rows.append([grade, str(count), *(f"{value * 1000:.0f}" for value in shown),
                     timing.verdict(median < 0.150 and worst < 0.500)])
    print(timing.markdown_table(["15x15 grade", "puzzles", "median ms", "mean ms", "p90 ms",
                                 "worst ms", "goal met"], rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=10, help="seeds per size and grade")
    parser.add_argument("--repeats", type=int, default=3, help="runs per seed (median)")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--techniques", type=int, default=100,
                        help="15x15 puzzles per grade whose techniques are counted")
    parser.add_argument("--quick", action="store_true", help="3 seeds, 1 run, 6-15 only")
    parser.add_argument("--goal", type=int, default=0, metavar="N",
                        help="only issue 38's goal: 15x15 by Kind.make, N seeds a grade")
    args = parser.parse_args()
    if args.goal:
        print(timing.machine())
        goal_table(args.goal)
        return
    if args.quick:
        args.count, args.repeats, args.sizes, args.techniques = 3, 1, "6,10,15", 10
    sizes = tuple(int(s) for s in args.sizes.split(","))
    print(timing.machine())
    made = generation_table(sizes, GRADES, args.count, args.repeats)
    proofs_table(made)
    if args.techniques:
        counted = {(15, grade): generation(15, grade, range(1000, 1000 + args.techniques),
                                           1)[2] for grade in GRADES[1:]}
        technique_table(counted, 15)


if __name__ == "__main__":
    main()
