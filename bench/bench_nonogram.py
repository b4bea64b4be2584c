"""Nonogram: a 15x15 puzzle made from each bundled picture (scaled to 15x15), one core, CPU
time: the median a puzzle (the goal: under 1 s), with the cells it changed (flips) and
printed (givens) and its grade; a random 15x15 grid beside it, and both proofs' time.

Tatham's Pattern runs beside it when found (Debian's sgt-puzzles puts it at
/usr/games/sgt-pattern; `--tatham PATH` names another build): its `--generate N 15x15`
makes random grids its line solver solves alone, the nearest to our random grids; CPU of
the child process over N puzzles (one start-up shared by all).
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import time

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.core.nonogram.automata import count_by_automata
from bookmaker.core.nonogram.grade import grade
from bookmaker.core.nonogram.maker import make_from_picture, random_grid
from bookmaker.core.nonogram.solver import count_solutions, solve
from bookmaker.core.rng import Rng, derive_seed
from bookmaker.design.pictures import bundled_pictures, scale

SIZE = 15
TATHAM = "/usr/games/sgt-pattern"


def cpu(fn):
    """CPU seconds of one call, and its result."""
    start = time.process_time()
    result = fn()
    return time.process_time() - start, result


def row(name: str, grid, seed: int, repeats: int) -> tuple[list[str], float]:
    """One table row for making a puzzle of grid: the median CPU of `repeats` runs."""
    runs = []
    for _ in range(repeats):
        took, made = cpu(lambda: make_from_picture(grid, Rng(derive_seed(seed, name))))
        runs.append(took)
    puzzle = made.puzzle
    proof_one, _ = cpu(lambda: count_solutions(puzzle))
    proof_two, _ = cpu(lambda: count_by_automata(puzzle.rows, puzzle.columns, puzzle.givens))
    median = statistics.median(runs)
    return [name, str(len(made.flipped)), str(len(puzzle.givens)), grade(solve(puzzle)) or "-",
            timing.seconds_text(median), timing.seconds_text(proof_one),
            timing.seconds_text(proof_two)], median


def tatham_seconds(program: str, count: int, seed: int) -> float:
    """CPU seconds a puzzle of Tatham's Pattern making count 15x15 puzzles in one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([program, "--generate", str(count), f"{SIZE}x{SIZE}#{seed}"],
                   check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--random", type=int, default=5, help="random 15x15 grids beside")
    parser.add_argument("--quick", action="store_true", help="one repeat, two random grids")
    parser.add_argument("--tatham", default=shutil.which(TATHAM) and TATHAM,
                        help="Tatham's Pattern program (default: Debian's, if installed)")
    args = parser.parse_args()
    repeats, randoms = (1, 2) if args.quick else (args.repeats, args.random)
    print(timing.machine())
    rows, pictures, others = [], [], []
    for picture in bundled_pictures():
        line, median = row(picture.name, scale(picture.grid, SIZE, SIZE), 1, repeats)
        rows.append(line)
        pictures.append(median)
    for seed in range(randoms):
        grid = random_grid(SIZE, SIZE, Rng(derive_seed(seed, "random")), 50)
        line, median = row(f"random {seed}", grid, seed, repeats)
        rows.append(line)
        others.append(median)
    print(timing.markdown_table(["15x15 from", "flips", "givens", "grade", "make (median CPU)",
                                 "proof one", "proof two"], rows, text_columns=4))
    best = statistics.median(pictures)
    print(f"\nmedian a picture: {timing.seconds_text(best)} (goal under 1 s: "
          f"{timing.verdict(best < 1)}); random grids: "
          f"{timing.seconds_text(statistics.median(others)) if others else '-'}")
    if args.tatham:
        runs = [tatham_seconds(args.tatham, 50, seed) for seed in range(repeats)]
        print(f"Tatham's Pattern, random 15x15: {timing.seconds_text(statistics.median(runs))} "
              f"a puzzle (mean over 50, median of {repeats} runs)")


if __name__ == "__main__":
    main()
