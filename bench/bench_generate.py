"""Generation speed for every size (9x9 against the plain reference, same run), DLX verify cost."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass

import reference
import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.core.board.shape import Shape, shape_for_size
from bookmaker.core.generate.removal import generate
from bookmaker.core.puzzle import Puzzle
from bookmaker.core.registry import verify_puzzle

RATE_GOALS = {(9, "none"): 300}  # puzzles/s, one core
SECONDS_GOALS = {16: 1.0, 25: 30.0}  # median seconds per puzzle, one core
FULL_COUNTS = {9: 200, 4: 1000, 6: 300, 8: 100, 12: 20, 16: 5, 25: 3}
QUICK_COUNTS = {9: 20, 4: 100, 6: 30, 8: 10, 12: 3, 16: 2, 25: 1}


@dataclass(frozen=True)
class BigResult:
    """Per-puzzle median seconds (wall, CPU) over repeats for one large shape, and the puzzles."""

    shape: Shape
    walls: list[float]
    cpus: list[float]
    puzzles: list[Puzzle]


def generate_all(shape: Shape, count: int, symmetry: str = "none") -> list[Puzzle]:
    """bookmaker's puzzles for seeds 0..count-1."""
    return [generate(shape, seed, symmetry=symmetry) for seed in range(count)]


def reference_all(count: int) -> list[list[int]]:
    """The reference generator's 9x9 puzzles (givens) for seeds 0..count-1."""
    geo = reference.geometry()
    return [reference.generate(geo, seed)[0] for seed in range(count)]


def median_clues(puzzles: list[Puzzle]) -> float:
    """The median number of givens."""
    return statistics.median(p.givens.clue_count for p in puzzles)


def rate_row(shape: Shape, symmetry: str, count: int, measured: timing.Timing, clues: float,
             base: timing.Timing | None = None, base_clues: float | None = None) -> list[str]:
    """One row of the rate table, with the reference's numbers when it ran alongside."""
    wall, cpu = measured.rate(count)
    ref = ["-", "-", "-"]
    if base is not None:
        ref_wall, ref_cpu = base.rate(count)
        ref = [timing.rate_text(ref_wall), timing.rate_text(ref_cpu),
               f"{timing.speedup(measured, base):.2f}"]
    goal = RATE_GOALS.get((shape.size, symmetry))
    goal_text = f">= {goal}/s: {timing.verdict(cpu >= goal)}" if goal else "-"
    clue_text = f"{clues:g}" + (f" (ref {base_clues:g})" if base_clues is not None else "")
    return [f"{shape}", symmetry, f"{count:,}", timing.rate_text(wall), timing.rate_text(cpu),
            *ref, clue_text, goal_text]


RATE_HEADER = ["shape", "symmetry", "puzzles", "puzzles/s (wall)", "puzzles/s (CPU)",
               "reference/s (wall)", "reference/s (CPU)", "ratio vs reference",
               "median clues", "goal (CPU)"]


def bench_minimal_9x9(count: int, repeats: int) -> tuple[list[str], list[Puzzle], timing.Timing]:
    """9x9 minimal puzzles, bookmaker and reference interleaved in the same run."""
    shape = shape_for_size(9)
    timings, results = timing.interleaved(
        {"bookmaker": lambda: generate_all(shape, count),
         "reference": lambda: reference_all(count)}, repeats)
    ref_clues = statistics.median(sum(1 for v in g if v) for g in results["reference"])
    puzzles = results["bookmaker"]
    row = rate_row(shape, "none", count, timings["bookmaker"], median_clues(puzzles),
                   timings["reference"], ref_clues)
    return row, puzzles, timings["bookmaker"]


def bench_rate(size: int, symmetry: str, count: int, repeats: int) -> list[str]:
    """A rate row for bookmaker alone: `count` puzzles of one size, repeated."""
    shape = shape_for_size(size)
    measured, puzzles = timing.repeated(lambda: generate_all(shape, count, symmetry), repeats)
    return rate_row(shape, symmetry, count, measured, median_clues(puzzles))


def bench_big(size: int, count: int, repeats: int) -> BigResult:
    """Each of `count` large puzzles timed `repeats` times; per-puzzle medians."""
    shape = shape_for_size(size)
    walls, cpus, puzzles = [], [], []
    for seed in range(count):
        measured, puzzle = timing.repeated(lambda: generate(shape, seed), repeats)
        print(f"  {shape} seed {seed}: {measured.wall:.2f} s wall, {measured.cpu:.2f} s CPU, "
              f"{puzzle.givens.clue_count} clues", file=sys.stderr, flush=True)
        walls.append(measured.wall)
        cpus.append(measured.cpu)
        puzzles.append(puzzle)
    return BigResult(shape, walls, cpus, puzzles)


def spread_text(values: list[float]) -> str:
    """Median (min-max) of some durations."""
    return (f"{timing.seconds_text(statistics.median(values))} "
            f"({timing.seconds_text(min(values))} - {timing.seconds_text(max(values))})")


def big_row(result: BigResult, repeats: int) -> list[str]:
    """One row of the seconds-per-puzzle table."""
    goal = SECONDS_GOALS[result.shape.size]
    met = statistics.median(result.cpus) <= goal
    return [f"{result.shape}", f"{len(result.puzzles)}", f"{repeats}", spread_text(result.walls),
            spread_text(result.cpus), f"{median_clues(result.puzzles):g}",
            f"<= {goal:g} s: {timing.verdict(met)}"]


BIG_HEADER = ["shape", "puzzles", "repeats", "s/puzzle (wall) median (min - max)",
              "s/puzzle (CPU) median (min - max)", "median clues", "goal (CPU median)"]


def verify_row(label: str, puzzles: list[Puzzle], generation_cpu: float, repeats: int) -> list[str]:
    """DLX verification cost per puzzle, and as a share of generating the same puzzles."""
    measured, _ = timing.repeated(lambda: list(map(verify_puzzle, puzzles)), repeats)
    count = len(puzzles)
    share = 100 * measured.cpu / generation_cpu
    return [label, f"{count}", timing.seconds_text(measured.wall / count),
            timing.seconds_text(measured.cpu / count), f"{share:.1f}%"]


VERIFY_HEADER = ["shape", "puzzles", "verify/puzzle (wall)", "verify/puzzle (CPU)",
                 "share of generation CPU"]


def parse_args() -> argparse.Namespace:
    """The command line: repeats, counts, --quick, --no-25."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=None,
                        help=f"timed runs per measurement, median reported "
                             f"(default {timing.DEFAULT_REPEATS}, --quick {timing.QUICK_REPEATS})")
    parser.add_argument("--big-repeats", type=int, default=None,
                        help="timed runs of each 16x16 and 25x25 puzzle (default: --repeats; "
                             "--quick 1)")
    parser.add_argument("--quick", action="store_true", help="small counts: a smoke run")
    parser.add_argument("--no-25", action="store_true", help="skip 25x25")
    for size in FULL_COUNTS:
        parser.add_argument(f"--n{size}", type=int, default=None, metavar="N",
                            help=f"{size}x{size} puzzles (default {FULL_COUNTS[size]}, "
                                 f"--quick {QUICK_COUNTS[size]})")
    args = parser.parse_args()
    counts = QUICK_COUNTS if args.quick else FULL_COUNTS
    for size, count in counts.items():
        if getattr(args, f"n{size}") is None:
            setattr(args, f"n{size}", count)
    if args.repeats is None:
        args.repeats = timing.QUICK_REPEATS if args.quick else timing.DEFAULT_REPEATS
    if args.big_repeats is None:
        args.big_repeats = 1 if args.quick else args.repeats
    return args


def main() -> None:
    """Measure every size and print the three markdown tables."""
    args = parse_args()
    started = time.perf_counter()
    print(f"# bench_generate{' --quick' if args.quick else ''}: {timing.machine()}")
    print(f"generate(shape, seed) for seeds 0..N-1, default target_clues; median of "
          f"{args.repeats} repeats ({args.big_repeats} for 16x16/25x25); ratio = median of "
          f"per-repeat CPU-time quotients (reference / bookmaker)\n")
    row9, puzzles9, timing9 = bench_minimal_9x9(args.n9, args.repeats)
    rates = [row9, bench_rate(9, "rotational", args.n9, args.repeats)]
    rates += [bench_rate(size, "none", getattr(args, f"n{size}"), args.repeats)
              for size in (4, 6, 8, 12)]
    print(timing.markdown_table(RATE_HEADER, rates, text_columns=2), flush=True)
    bigs = [bench_big(16, args.n16, args.big_repeats)]
    if not args.no_25:
        bigs.append(bench_big(25, args.n25, args.big_repeats))
    print()
    print(timing.markdown_table(BIG_HEADER, [big_row(b, args.big_repeats) for b in bigs]))
    verifies = [verify_row("9x9 minimal", puzzles9, timing9.cpu, args.repeats),
                verify_row("16x16", bigs[0].puzzles, sum(bigs[0].cpus), args.repeats)]
    print()
    print(timing.markdown_table(VERIFY_HEADER, verifies))
    print(f"\n(whole run: {time.perf_counter() - started:.0f} s wall)")


if __name__ == "__main__":
    main()
