"""Variant boards: generation and grading rates of X, Hyper, Jigsaw and Samurai against
classic 9x9 in the same run, Samurai seconds per puzzle, and the grades each variant
reaches by exact-grade generation."""

from __future__ import annotations

import argparse
import statistics

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.core.generate.balance import grid_counts, is_balanced
from bookmaker.core.generate.graded import generate_graded
from bookmaker.core.generate.removal import generate
from bookmaker.core.grade.grader import grade
from bookmaker.core.grade.grades import GRADES
from bookmaker.core.puzzle import GenerationError
from bookmaker.core.registry import kind_named, verify_puzzle

NINE = ("classic", "x", "hyper", "jigsaw")  # the 9x9 boards compared with classic
GOAL_RATIO = 3.0  # 9x9 X, Hyper and Jigsaw: within 3x of classic 9x9
SAMURAI_GOAL = 5.0  # seconds per Samurai puzzle (median)


def made(variant: str, size: int, seed: int):
    """generate() on the variant's board for the seed, the board drawn as a job draws it."""
    return generate(kind_named(variant).board(kind_named(variant).frame(size), seed), seed)


def rate_rows(count: int, repeats: int) -> list[list[str]]:
    """Each 9x9 board's generation rate (board making included: a jigsaw's layout) over
    seeds 0..count-1, timed in turns with classic, and its ratio to classic."""
    fns = {v: (lambda v=v: [made(v, 9, seed) for seed in range(count)]) for v in NINE}
    timings, results = timing.interleaved(fns, repeats)
    rows = []
    for variant in NINE:
        took = timings[variant]
        ratio = timing.speedup(timings["classic"], took)  # how many times classic's time
        clues = statistics.median(p.givens.clue_count for p in results[variant])
        goal = "-" if variant == "classic" else timing.verdict(ratio <= GOAL_RATIO)
        rows.append([f"9x9 {variant}", str(count), timing.rate_text(count / took.wall),
                     timing.rate_text(count / took.cpu), f"{ratio:.2f}", f"{clues:g}", goal])
    return rows


def samurai_rows(count: int) -> list[list[str]]:
    """Samurai seconds per puzzle (generate, then Dancing Links' check), its clues and
    the balance of its grids."""
    times, clues, spreads, verify = [], [], [], []
    board = kind_named("samurai").board(kind_named("samurai").frame(9), 0)
    for seed in range(count):
        took, _, puzzle = timing.time_once(lambda: generate(board, seed))
        checked, _, _ = timing.time_once(lambda: verify_puzzle(puzzle))
        times.append(took)
        verify.append(checked)
        clues.append(puzzle.givens.clue_count)
        counts = grid_counts(board, puzzle.givens.cells)
        mean = sum(counts) / len(counts)
        spreads.append(max(abs(c - mean) / mean for c in counts))
        assert is_balanced(board, puzzle.givens.cells)
    median = statistics.median(times)
    return [["Samurai", str(count), f"{median:.2f} s ({min(times):.2f} - {max(times):.2f})",
             f"{statistics.median(verify) * 1000:.0f} ms", f"{statistics.median(clues):g}",
             f"{max(spreads):.0%}", timing.verdict(median <= SAMURAI_GOAL)]]


def grading_rows(count: int, repeats: int) -> list[list[str]]:
    """Puzzles graded per second on each board (generated puzzles, seeds 0..count-1)."""
    rows = []
    for variant, size, n in (("classic", 9, count), ("x", 9, count), ("hyper", 9, count),
                             ("jigsaw", 9, count), ("samurai", 9, max(2, count // 5))):
        grids = [made(variant, size, seed).givens for seed in range(n)]
        took, gradings = timing.repeated(lambda: [grade(g) for g in grids], repeats)
        spread = " ".join(f"{k}:{sum(g.grade == k for g in gradings)}" for k in GRADES
                          if any(g.grade == k for g in gradings))
        rows.append([f"{grids[0].shape}", str(n), timing.rate_text(n / took.cpu),
                     timing.seconds_text(took.cpu / n), spread])
    return rows


def targeted_rows(count: int) -> list[list[str]]:
    """Seconds per puzzle generated to each grade (seeds 0..count-1) on each variant, or
    what stopped it."""
    rows = []
    for variant in ("x", "hyper", "jigsaw", "samurai"):
        cells = []
        for difficulty in GRADES:
            try:
                kind = kind_named(variant)
                took, _, _ = timing.time_once(lambda: [
                    generate_graded(kind.board(kind.frame(9), seed), seed, difficulty)
                    for seed in range(count)])
                cells.append(timing.seconds_text(took / count))
            except GenerationError:
                cells.append("unreached")
        rows.append([f"9x9 {variant}" if variant != "samurai" else "Samurai"] + cells)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=40, help="9x9 puzzles per board")
    parser.add_argument("--samurai", type=int, default=20, help="Samurai puzzles")
    parser.add_argument("--graded", type=int, default=3, help="puzzles per grade and board")
    parser.add_argument("--repeats", type=int, default=timing.DEFAULT_REPEATS)
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    args = parser.parse_args()
    if args.quick:
        args.count, args.samurai, args.graded, args.repeats = 10, 3, 1, timing.QUICK_REPEATS
    print(timing.machine())
    print()
    print(timing.markdown_table(
        ["board", "puzzles", "puzzles/s (wall)", "puzzles/s (CPU)", "time vs classic",
         "median clues", f"within {GOAL_RATIO:g}x"], rate_rows(args.count, args.repeats)))
    print()
    print(timing.markdown_table(
        ["board", "puzzles", "s/puzzle (CPU) median (min - max)", "DLX check", "median clues",
         "widest grid spread", f"<= {SAMURAI_GOAL:g} s"], samurai_rows(args.samurai)))
    print()
    print(timing.markdown_table(["board", "puzzles", "graded/s (CPU)", "s/puzzle", "grades"],
                                grading_rows(args.count, args.repeats)))
    print()
    print(timing.markdown_table(["board"] + list(GRADES), targeted_rows(args.graded)))


if __name__ == "__main__":
    main()
