"""Scaling out: 9x9 puzzles per second on 1 and 2 local workers and on a 2-worker Dask
LocalCluster, in the same run, and the per-task overhead Dask adds.

Wall time throughout: the work happens in other processes, whose CPU time this one cannot
see. Each repeat times every executor in turn (order reversed on odd repeats); ratios are
medians of the per-repeat quotients. The Dask cluster and the process pool for the no-op
round trips are started once, outside the timings (the startup is reported on its own).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import cast

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.core.board.shape import parse_shape
from bookmaker.puzzles.executors import open_workers
from bookmaker.puzzles.produce import _REMOTE_MIN_CHUNK, _batches, generate_jobs, produce

WORKERS = 2


def timed_walls(runs: dict[str, Callable[[], list]],
                repeats: int) -> tuple[dict[str, list[float]], dict[str, list]]:
    """Every run's wall seconds in each repeat, taking turns; and each run's last result."""
    walls: dict[str, list[float]] = {name: [] for name in runs}
    results: dict[str, list] = {}
    names = list(runs)
    for repeat in range(repeats):
        for name in (names if repeat % 2 == 0 else names[::-1]):
            wall, _, results[name] = timing.time_once(runs[name])
            walls[name].append(wall)
    return walls, results


def round_trips(executor: Executor, tasks: int) -> tuple[float, float]:
    """Seconds per no-op task: many in flight at once (map), and one at a time."""
    started = time.perf_counter()
    list(executor.map(abs, range(tasks)))
    pipelined = (time.perf_counter() - started) / tasks
    started = time.perf_counter()
    for value in range(tasks // 10):
        executor.submit(abs, value).result()
    return pipelined, (time.perf_counter() - started) / (tasks // 10)


def throughput_rows(walls: dict[str, list[float]], puzzles: int) -> list[list[str]]:
    """Puzzles per second for each executor, and its speed relative to one local worker."""
    base = walls["1 local worker"]
    return [[name, timing.seconds_text(statistics.median(times)),
             timing.rate_text(puzzles / statistics.median(times)),
             f"{statistics.median(b / t for b, t in zip(base, times)):.2f}"]
            for name, times in walls.items()]


def overhead_rows(trips: dict[str, tuple[float, float]], per_puzzle: float,
                  chunks: dict[str, int]) -> list[list[str]]:
    """Each executor's no-op round trips, and the pipelined one as a share of a chunk."""
    rows = []
    for name, (pipelined, serial) in trips.items():
        shares = [f"{pipelined / (size * per_puzzle):.1%} of {size}"
                  for size in chunks.values()]
        rows.append([name, f"{pipelined * 1000:.2f} ms", f"{serial * 1000:.2f} ms",
                     " / ".join(shares)])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzles", type=int, default=400, help="9x9 puzzles per run")
    parser.add_argument("--repeats", type=int, default=timing.DEFAULT_REPEATS)
    parser.add_argument("--noops", type=int, default=500, help="no-op tasks per round trip")
    parser.add_argument("--quick", action="store_true", help="100 puzzles, 3 repeats")
    args = parser.parse_args()
    if args.quick:
        args.puzzles, args.repeats, args.noops = 100, timing.QUICK_REPEATS, 200
    jobs = generate_jobs(parse_shape("9x9"), "bench-scale", args.puzzles)
    started = time.perf_counter()
    with open_workers("dask-local", WORKERS) as dask, \
            ProcessPoolExecutor(WORKERS) as pool:
        startup = time.perf_counter() - started
        walls, results = timed_walls({
            "1 local worker": lambda: produce(jobs, 1),
            f"{WORKERS} local workers": lambda: produce(jobs, WORKERS),
            f"Dask LocalCluster, {WORKERS} workers":
                lambda: produce(jobs, dask.count, executor=dask.executor),
        }, args.repeats)
        trips = {"local process pool": round_trips(pool, args.noops),
                 "Dask LocalCluster": round_trips(cast(Executor, dask.executor), args.noops)}
    same = len({tuple(puzzles) for puzzles in results.values()}) == 1
    per_puzzle = statistics.median(walls["1 local worker"]) / args.puzzles
    chunks = {"this run": max(map(len, _batches(jobs, WORKERS, _REMOTE_MIN_CHUNK))),
              "smallest": _REMOTE_MIN_CHUNK}
    print(timing.machine())
    print(f"{args.puzzles} 9x9 puzzles (seed bench-scale, no symmetry, graded), "
          f"{args.repeats} repeats, wall time; every executor gave the same puzzles: {same}\n")
    print(timing.markdown_table(["executor", "median wall", "puzzles/s", "vs 1 worker"],
                                throughput_rows(walls, args.puzzles)))
    pool_wall, dask_wall = (statistics.median(walls[name]) for name in list(walls)[1:])
    print(f"\nDask's whole-run cost over the local pool: {dask_wall / pool_wall - 1:+.1%}; "
          f"cluster startup {startup:.2f} s (not in the runs); one 9x9 puzzle "
          f"{per_puzzle * 1000:.1f} ms\n")
    print(timing.markdown_table(
        ["executor", "no-op task, pipelined", "no-op task, one at a time",
         "pipelined trip as a share of a chunk (this run's / smallest, puzzles)"],
        overhead_rows(trips, per_puzzle, chunks)))


if __name__ == "__main__":
    main()
