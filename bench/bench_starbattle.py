"""Star Battle generation: CPU seconds a puzzle per size and grade asked for (one core,
medians over seeds of each seed's median over repeats), and the grades made.

`--checkout PATH` measures the bookmaker package under PATH instead of this checkout's
(for a before/after table in the same run: `git archive round4 bookmaker | tar -x -C DIR`).
A puzzle not made within `--limit` CPU seconds counts as the limit and is marked '>'.
Tatham's collection has no Star Battle, so there is nothing of his to time beside it.

    taskset -c 0 python bench/bench_starbattle.py                   # 5x5 to 11x11
    taskset -c 0 python bench/bench_starbattle.py --sizes 14:3 --seeds 5 --limit 60
    taskset -c 0 python bench/bench_starbattle.py --quick           # smoke run
"""

from __future__ import annotations

import argparse
import collections
import signal
import statistics
import sys
import time

import timing  # also puts this checkout's bookmaker first on sys.path


class _TooLong(Exception):
    """A puzzle that took more than the limit."""


def _stop(signum, frame) -> None:
    raise _TooLong


def seconds(generate, n: int, k: int, seed: int, grade: str, limit: int
            ) -> tuple[float, str]:
    """CPU seconds one puzzle took (the limit if it took longer) and its grade ('>' if
    it was not made in time, 'failed' if the generator gave up)."""
    signal.signal(signal.SIGVTALRM, _stop)  # CPU seconds: a loaded machine's wall lies
    signal.setitimer(signal.ITIMER_VIRTUAL, limit)
    start = time.process_time()
    try:
        made = generate(n, k, seed, grade)[2].grade
    except _TooLong:
        return float(limit), ">"
    except Exception:  # the generator's GenerationError: report it, keep measuring
        made = "failed"
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
    return time.process_time() - start, made


def row(generate, n: int, k: int, grade: str, args) -> str:
    """One table row: the median over seeds of each seed's median over repeats."""
    medians: list[float] = []
    grades: collections.Counter[str] = collections.Counter()
    for seed in range(args.seeds):
        runs = [seconds(generate, n, k, seed, grade, args.limit) for _ in range(args.repeats)]
        medians.append(statistics.median(spent for spent, _ in runs))
        if args.each:
            print(f"seed {seed}: {medians[-1]:.3f} s {runs[0][1]}", file=sys.stderr, flush=True)
        grades[runs[0][1]] += 1
    made = ", ".join(f"{name} {count}" for name, count in sorted(grades.items()))
    p90 = statistics.quantiles(medians, n=10)[-1] if len(medians) > 1 else medians[0]
    return (f"| {n}x{n} | {k} | {grade} | {args.seeds} | {statistics.median(medians):.3f} | "
            f"{p90:.3f} | {statistics.mean(medians):.3f} | {max(medians):.3f} | {made} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="5:1,8:1,10:2,11:2",
                        help="size:stars, comma-separated")
    parser.add_argument("--grades", default="any", help="grades asked for, comma-separated")
    parser.add_argument("--seeds", type=int, default=20, help="seeds a row (20)")
    parser.add_argument("--repeats", type=int, default=3, help="repeats a seed (3)")
    parser.add_argument("--limit", type=int, default=120, help="seconds a puzzle at most")
    parser.add_argument("--checkout", help="measure the bookmaker package under this path")
    parser.add_argument("--each", action="store_true", help="each seed's time to stderr")
    parser.add_argument("--quick", action="store_true", help="smoke run: 5x5, 2 seeds")
    args = parser.parse_args()
    if args.quick:
        args.sizes, args.seeds, args.repeats = "5:1", 2, 1
    if args.checkout:
        sys.path.insert(0, args.checkout)
    from bookmaker.core.starbattle.generate import generate_starbattle
    print(timing.machine())
    print(f"\n## Star Battle made ({args.checkout or 'this checkout'}), one core, CPU s\n")
    print("| size | stars | grade asked | seeds | median s | p90 s | mean s | max s | "
          "grades made |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---|", flush=True)
    for size in args.sizes.split(","):
        n, k = (int(part) for part in size.split(":"))
        for grade in args.grades.split(","):
            print(row(generate_starbattle, n, k, grade, args), flush=True)


if __name__ == "__main__":
    main()
