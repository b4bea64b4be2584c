"""SE-compatible ratings against Sudoku Explainer's own: agreement, confusion, speed.

Rates se_rated (1,280 puzzles, SE 2.5-9.3) and se_diabolical (480, SE 5.4-9.1) and prints
the exact and within-0.5 shares, Spearman's rank correlation, the confusion by SE rating
step, every disagreement, CPU time per puzzle (median, 95th percentile, max, with the
grader's time on the same puzzles as the reference) and how many ratings are lower
bounds; then the cost of rating extreme puzzles made by exact-grade generation.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor

import timing  # also puts this checkout's bookmaker first on sys.path
from bench_grade import spearman

from bookmaker.core.board.grid import parse_grid
from bookmaker.core.board.shape import shape_of
from bookmaker.core.generate.graded import generate_graded
from bookmaker.core.grade.grader import grade
from bookmaker.core.rating.hints import tenths_text
from bookmaker.core.rating.rater import rate
from bookmaker.core.rating.scales import RATER_VERSION


def rate_record(record: tuple[str, int]) -> tuple[str, int, int, bool, str, float, float]:
    """(puzzle, SE rating, ours, lower bound?, our hardest technique, our CPU s, grader CPU s)."""
    puzzle, se = record
    grid = parse_grid(puzzle)
    start = time.process_time()
    rating = rate(grid)
    ours = time.process_time() - start
    start = time.process_time()
    grade(grid)
    graded = time.process_time() - start
    hardest = next((s.name for s in rating.steps if s.rating == rating.er), "-")
    return puzzle, se, rating.er, rating.lower_bound, hardest, ours, graded


def read_set(name: str, limit: int | None, quick: bool) -> list[tuple[str, int]]:
    records = []
    for line in timing.data_file(name, quick).read_text().splitlines():
        if line.strip():
            _, puzzle, rating = line.split()
            records.append((puzzle, round(float(rating) * 10)))
    if limit is None or limit >= len(records):
        return records
    step = len(records) / limit  # evenly spaced, so every rating step stays represented
    return [records[int(i * step)] for i in range(limit)]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary_row(name: str, results: list) -> list[str]:
    exact = sum(se == ours for _, se, ours, *_ in results)
    near = sum(abs(se - ours) <= 5 for _, se, ours, *_ in results)
    bounds = sum(bound for _, _, _, bound, *_ in results)
    times = [r[5] for r in results]
    graded = [r[6] for r in results]
    rho = spearman([float(r[2]) for r in results], [float(r[1]) for r in results])
    return [name, str(len(results)), f"{exact / len(results):.1%}", f"{near / len(results):.1%}",
            f"{rho:.3f}", timing.seconds_text(statistics.median(times)),
            timing.seconds_text(percentile(times, 0.95)), timing.seconds_text(max(times)),
            timing.seconds_text(statistics.median(graded)), str(bounds)]


def confusion_rows(results: list) -> list[list[str]]:
    """Per SE rating step: how many puzzles, how many we rate the same, lower, higher."""
    by_step = defaultdict(list)
    for _, se, ours, *_ in results:
        by_step[se].append(ours - se)
    rows = []
    for step in sorted(by_step):
        deltas = by_step[step]
        off = Counter(d for d in deltas if d)
        rows.append([tenths_text(step), str(len(deltas)), str(deltas.count(0)),
                     " ".join(f"{'+' if d > 0 else ''}{d / 10:.1f}:{k}"
                              for d, k in sorted(off.items())) or "-"])
    return rows


def generation_rows(count: int) -> list[list[str]]:
    """Exact-grade generation of extreme 9x9 puzzles, then rating each: the added cost."""
    shape = shape_of(3, 3)
    start = time.process_time()
    puzzles = [generate_graded(shape, seed, "extreme")[0] for seed in range(count)]
    made = time.process_time() - start
    start = time.process_time()
    ratings = [rate(p.givens) for p in puzzles]
    rated = time.process_time() - start
    spread = Counter(r.er_text for r in ratings)
    return [["9x9 extreme", str(count), timing.seconds_text(made / count),
             timing.seconds_text(rated / count), f"{(made + rated) / made:.2f}",
             " ".join(f"{k}:{spread[k]}" for k in sorted(spread))]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true",
                        help="96 evenly spaced puzzles of each set, 10 generated")
    parser.add_argument("--limit", type=int, help="puzzles per set (evenly spaced)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes (each puzzle is timed on its own core)")
    parser.add_argument("--generated", type=int, default=50, help="extreme puzzles to generate")
    args = parser.parse_args()
    limit = 96 if args.quick and args.limit is None else args.limit
    print(timing.machine(), f"rater {RATER_VERSION}")
    summaries, disagreements = [], []
    for name in ("se_rated.txt", "se_diabolical.txt"):
        records = read_set(name, limit, args.quick)
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(rate_record, records, chunksize=4))
        summaries.append(summary_row(name.removesuffix(".txt"), results))
        print(f"\n{name}: ER against SE by rating step (ours minus SE: count)")
        print(timing.markdown_table(["SE", "puzzles", "same", "different"],
                                    confusion_rows(results)))
        disagreements += [(name, *r) for r in results if r[1] != r[2]]
    print("\n" + timing.markdown_table(
        ["set", "puzzles", "exact ER", "within 0.5", "Spearman", "median", "95th pct", "max",
         "grader median", "lower bounds"], summaries))
    print("\nDisagreements (set, puzzle, SE, ours, our hardest step):")
    for name, puzzle, se, ours, bound, hardest, *_ in disagreements:
        print(f"  {name} {puzzle} {tenths_text(se)} {'>=' if bound else ''}{tenths_text(ours)} "
              f"{hardest}")
    count = 10 if args.quick else args.generated
    if not count:
        return
    print("\nExact-grade generation (extreme) and rating what it made, CPU per puzzle:")
    print(timing.markdown_table(["puzzles", "count", "generate", "rate", "(generate + rate) / "
                                 "generate", "ER spread"], generation_rows(count)))


if __name__ == "__main__":
    main()
