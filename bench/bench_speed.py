"""Issue 24's core goals in one run, CPU time: grading throughput on the pure and the
compiled core (the same puzzles, graded within each grade's ceiling and step by step),
Killer generation (9x9 by grade, 12x12 at `any`) on both cores, 9x9 Jigsaw against classic
9x9 in turns, and minimal 16x16 and 25x25 (full removal checks, each in a child process
stopped after --limit seconds).

The book goals are measured whole by bench_book.py (the 300-puzzle book) and
bench_variant_book.py --book killer (the 100-Killer book); start-up and QQWing by
bench_process.py.
"""

from __future__ import annotations

import argparse
import os
import statistics

import timing  # also puts this checkout's bookmaker first on sys.path
from bench_compiled import FULL_CHECKS, timed_generation

from bookmaker.core import compiled
from bookmaker.core.board.shape import shape_of
from bookmaker.core.generate.jigsaw import jigsaw_layout
from bookmaker.core.generate.removal import generate
from bookmaker.core.grade.grader import GRADES, grade, grade_within
from bookmaker.core.killer.generate import generate_killer
from bookmaker.core.rng import derive_seed

GOALS = {"12x12 Killer": 30.0, "jigsaw": 3.0, 16: 0.1, 25: 10.0}


def on_core(use_compiled: bool, work):
    def run():
        with compiled.using(use_compiled, "benchmark"):
            return work()
    return run


def grading_rows(count: int, repeats: int) -> list[list[str]]:
    """Puzzles graded per second on each core: generate()'s 9x9 puzzles (seeds 0..count-1,
    every grade from beginner to extreme among them), graded as generation grades them
    (grade_within, ceiling extreme) and step by step (grade, as `bookmaker grade`)."""
    puzzles = [generate(shape_of(3, 3), seed).givens for seed in range(count)]
    rows = []
    for label, work in (("grade_within (extreme)", lambda g: grade_within(g, GRADES[-1])),
                        ("grade (every step)", grade)):
        fns = {core: on_core(core == "compiled", lambda: [work(g) for g in puzzles])
               for core in ("compiled", "pure")}
        took, results = timing.interleaved(fns, repeats)
        assert results["compiled"] == results["pure"]
        ratio = timing.speedup(took["compiled"], took["pure"])
        for core in ("compiled", "pure"):
            rows.append([label, core, f"{count}", timing.rate_text(count / took[core].cpu),
                         f"{ratio:.1f}" if core == "compiled" else "1.0"])
    return rows


def killer_rows(seeds: int, big_seeds: int) -> list[list[str]]:
    """Seconds of CPU per Killer on each core: 9x9 by grade, 12x12 at 'any' (the audit's
    M6: 123 s a puzzle before)."""
    rows = []
    cases = [(shape_of(3, 3), target, seeds) for target in ("easy", "medium", "hard", "any")]
    cases.append((shape_of(3, 4), "any", big_seeds))
    for shape, target, count in cases:
        times = {}
        for core in ("compiled", "pure"):
            if core == "pure" and shape.size > 9:
                continue  # minutes a puzzle: the audit's figure stands for it
            took = []
            for seed in range(count):
                with compiled.using(core == "compiled", "benchmark"):
                    took.append(timing.time_once(
                        lambda: generate_killer(shape, derive_seed(24, seed, target), target))[1])
            times[core] = statistics.median(took)
        goal = "-"
        if shape.size == 12:
            goal = (f"<= {GOALS['12x12 Killer']:g} s: "
                    f"{timing.verdict(times['compiled'] <= GOALS['12x12 Killer'])}")
        rows.append([f"{shape} Killer", target, f"{count}",
                     timing.seconds_text(times["compiled"]),
                     timing.seconds_text(times["pure"]) if "pure" in times else "-",
                     f"{times['pure'] / times['compiled']:.1f}" if "pure" in times else "-",
                     goal])
    return rows


def jigsaw_rows(count: int, repeats: int) -> list[list[str]]:
    """9x9 Jigsaw (its layout drawn from each seed) against classic 9x9, in turns."""
    fns = {"classic": lambda: [generate(shape_of(3, 3), seed) for seed in range(count)],
           "jigsaw": lambda: [generate(jigsaw_layout(9, seed), seed) for seed in range(count)]}
    took, _ = timing.interleaved(fns, repeats)
    ratio = timing.speedup(took["classic"], took["jigsaw"])
    return [[board, f"{count}", timing.rate_text(count / took[board].cpu),
             f"{ratio:.2f}" if board == "jigsaw" else "1.00",
             f"<= {GOALS['jigsaw']:g}x: {timing.verdict(ratio <= GOALS['jigsaw'])}"
             if board == "jigsaw" else "-"] for board in ("classic", "jigsaw")]


def minimal_rows(seeds: dict[int, int], limit: float) -> list[list[str]]:
    """Minimal 16x16 and 25x25: generate() with full removal checks, seeds 0.., each in a
    child process stopped after `limit` seconds."""
    rows = []
    for size, count in seeds.items():
        if not count:
            continue
        results = [timed_generation(size, seed, FULL_CHECKS, limit) for seed in range(count)]
        done = [r for r in results if r is not None]
        times = sorted([r[0] for r in done] + [float("inf")] * (count - len(done)))
        median = statistics.median(times)
        rows.append([f"{size}x{size}", f"{count}", f"{count - len(done)}",
                     timing.seconds_text(median) if median != float("inf") else f"> {limit:g} s",
                     f"{statistics.median(r[1] for r in done):g}" if done else "-",
                     f"<= {GOALS[size]:g} s: {timing.verdict(median <= GOALS[size])}"])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--grade", type=int, default=100, help="9x9 puzzles graded")
    parser.add_argument("--killers", type=int, default=5, help="9x9 Killers a grade")
    parser.add_argument("--big-killers", type=int, default=3, help="12x12 Killers")
    parser.add_argument("--jigsaws", type=int, default=200)
    parser.add_argument("--sixteen", type=int, default=5, help="minimal 16x16 seeds")
    parser.add_argument("--twenty-five", type=int, default=3, help="25x25 seeds")
    parser.add_argument("--limit", type=float, default=120.0,
                        help="seconds before a 16x16/25x25 generation is stopped")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: a few of each, once, no 25x25")
    args = parser.parse_args()
    if args.quick:
        args.repeats, args.grade, args.killers, args.big_killers = 1, 10, 1, 1
        args.jigsaws, args.sixteen, args.twenty_five, args.limit = 20, 1, 0, 30.0
    print(f"# bench_speed{' --quick' if args.quick else ''}: {timing.machine()}")
    print("\n### Grading throughput, pure and compiled (9x9, CPU)\n")
    print(timing.markdown_table(["grading", "core", "puzzles", "puzzles/s", "times pure"],
                                grading_rows(args.grade, args.repeats), text_columns=2))
    print("\n### Killer generation, CPU seconds a puzzle (medians)\n")
    print(timing.markdown_table(["board", "grade", "seeds", "compiled", "pure", "times pure",
                                 "goal"], killer_rows(args.killers, args.big_killers),
                                text_columns=2))
    print("\n### 9x9 Jigsaw against classic (compiled core, CPU, in turns)\n")
    print(timing.markdown_table(["board", "puzzles", "puzzles/s", "time vs classic", "goal"],
                                jigsaw_rows(args.jigsaws, args.repeats)))
    print("\n### Minimal 16x16 and 25x25, full removal checks (compiled core, CPU)\n")
    print(timing.markdown_table(["board", "seeds", "stopped", "median", "median clues",
                                 "goal"], minimal_rows({16: args.sixteen,
                                                        25: args.twenty_five}, args.limit)))
    print(f"\nload average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
