"""Grading speed on public and generated sets, grade spread, and rank agreement with SE ratings."""

from __future__ import annotations

import argparse
from collections import Counter

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.core.board.grid import Grid, parse_grid
from bookmaker.core.board.shape import Shape, shape_of
from bookmaker.core.generate.graded import generate_graded
from bookmaker.core.generate.removal import generate
from bookmaker.core.grade.grader import grade
from bookmaker.core.grade.grades import GRADES
from bookmaker.core.puzzle import GenerationError


def ranks(values: list[float]) -> list[float]:
    """1-based ranks, ties sharing the mean of the ranks they span."""
    order = sorted(range(len(values)), key=values.__getitem__)
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for i in order[start:end + 1]:
            result[i] = (start + end) / 2 + 1
        start = end + 1
    return result


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation: Pearson's correlation of the (tie-averaged) ranks."""
    rx, ry = ranks(xs), ranks(ys)
    mean = (len(xs) + 1) / 2
    cov = sum((a - mean) * (b - mean) for a, b in zip(rx, ry))
    spread = (sum((a - mean) ** 2 for a in rx) * sum((b - mean) ** 2 for b in ry)) ** 0.5
    return cov / spread if spread else 0.0


def throughput_row(name: str, grids: list[Grid], repeats: int) -> list[str]:
    """Puzzles graded per second over the set (by wall and by CPU time), the CPU time per
    puzzle, and its grade distribution."""
    took, gradings = timing.repeated(lambda: [grade(g) for g in grids], repeats)
    spread = Counter(g.grade for g in gradings)
    wall, cpu = took.rate(len(grids))
    return [name, str(len(grids)), timing.rate_text(wall), timing.rate_text(cpu),
            timing.seconds_text(took.cpu / len(grids)),
            " ".join(f"{k}:{spread[k]}" for k in GRADES if spread[k])]


def targeted_rows(shape: Shape, count: int) -> list[list[str]]:
    """Puzzles per second generated to each grade (seeds 0..count-1), and as a share of
    the rate of plain generate() measured just before (the reference: how much targeting
    costs); a grade the attempt budget cannot reach is reported as such."""
    plain, _ = timing.repeated(lambda: [generate(shape, seed) for seed in range(count)], 1)
    rows = []
    for difficulty in GRADES:
        try:
            took, _ = timing.repeated(lambda: [generate_graded(shape, seed, difficulty)
                                               for seed in range(count)], 1)
        except GenerationError as error:
            rows.append([str(shape), difficulty, str(count), "not reached", "-", str(error)])
            continue
        rows.append([str(shape), difficulty, str(count), timing.rate_text(count / took.cpu),
                     timing.rate_text(count / plain.cpu), f"{plain.cpu / took.cpu:.2f}"])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repeats and puzzles")
    args = parser.parse_args()
    repeats = timing.QUICK_REPEATS if args.quick else timing.DEFAULT_REPEATS
    generated = 100 if args.quick else 1000
    lines = timing.data_file("se_diabolical.txt", args.quick).read_text().splitlines()
    records = [line.split() for line in lines if line.strip()]
    diabolical = [parse_grid(puzzle) for _, puzzle, _ in records]
    sets = [("top95", [parse_grid(p) for p in timing.read_puzzles("top95.txt", None, args.quick)]),
            ("se_diabolical", diabolical),
            (f"generated 9x9 (seeds 0-{generated - 1})",
             [generate(shape_of(3, 3), seed).givens for seed in range(generated)])]
    print(timing.machine())
    rows = [throughput_row(name, grids, repeats) for name, grids in sets]
    print(timing.markdown_table(["set", "puzzles", "puzzles/s (wall)", "puzzles/s (CPU)",
                                      "per puzzle (CPU)", "grades"], rows))
    scores = [grade(g).score for g in diabolical]
    ratings = [float(rating) for _, _, rating in records]
    at_least_hard = sum(grade(g).grade in GRADES[GRADES.index("hard"):] for g in diabolical)
    print(f"\nse_diabolical: Spearman rank correlation of score with SE rating "
          f"{spearman(scores, ratings):.3f} over {len(scores)} puzzles; "
          f"{at_least_hard}/{len(scores)} grade at least hard")
    print("\nGeneration to a difficulty, CPU time (untargeted 9x9 grade spread: the generated "
          "row above)")
    counts = {9: 10, 6: 10, 16: 1} if args.quick else {9: 50, 6: 50, 16: 3}
    rows = [row for box in ((3, 3), (2, 3), (4, 4))
            for row in targeted_rows(shape_of(*box), counts[box[0] * box[1]])]
    print(timing.markdown_table(["shape", "difficulty", "puzzles", "puzzles/s (CPU)",
                                 "plain generate()/s (CPU)", "ratio"], rows))


if __name__ == "__main__":
    main()
