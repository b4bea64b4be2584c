"""A year of newspaper dailies end to end: 365 9x9 puzzles on the default weekly schedule
(beginner Monday .. expert Saturday, hard Sunday), every output (PDF, print and web PNG,
SVG, day.json, the proof), with 2 workers; and, in the same run, the plain generate() of
365 9x9 puzzles (no grade asked for, nothing drawn) as the yardstick."""

from __future__ import annotations

import argparse
import resource
import statistics
import tempfile
import time
from datetime import date
from pathlib import Path

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.core.board.shape import shape_for_size
from bookmaker.core.generate.removal import generate
from bookmaker.core.rng import derive_seed
from bookmaker.daily.build import DailyResult, make_daily, run_dates
from bookmaker.spec.daily import load_daily_spec

GOAL_SECONDS = 60.0  # issue 5: a year of 9x9 dailies, end to end, on 2 cores
SPEC = """\
daily:
  series: Bench Daily
  seed: bench-2026
"""  # no schedule: the default week; default layout and outputs


def cpu_seconds() -> float:
    """CPU seconds of this process and of its finished children (the worker pools)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def one_year(spec_path: Path, days: int, workers: int) -> tuple[dict[str, float], DailyResult,
                                                                int]:
    """Wall seconds of one run, in all and by stage, its CPU seconds over all processes,
    and the bytes it wrote, into a fresh temporary folder."""
    spec = load_daily_spec(spec_path)
    with tempfile.TemporaryDirectory() as out_dir:
        cpu, started = cpu_seconds(), time.perf_counter()
        result = make_daily(spec, run_dates(date(2027, 1, 1), days), out_dir, workers)
        seconds = {"total": time.perf_counter() - started, "cpu": cpu_seconds() - cpu,
                   **result.stage_seconds}
        written = sum(path.stat().st_size for path in result.files)
    return seconds, result, written


def reference(days: int) -> dict[str, float]:
    """Wall and CPU seconds of generate() for `days` rotational 9x9 puzzles, one process."""
    shape = shape_for_size(9)
    cpu, started = cpu_seconds(), time.perf_counter()
    for index in range(days):
        generate(shape, derive_seed("bench-daily-reference", index), "rotational")
    return {"total": time.perf_counter() - started, "cpu": cpu_seconds() - cpu}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=2, help="runs of each (default 2)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--days", type=int, default=365, help="days in the run (default 365)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 14 days, 1 run")
    args = parser.parse_args()
    if args.quick:
        args.repeats, args.days = 1, 14
    runs, references = [], []
    with tempfile.TemporaryDirectory() as folder:
        spec_path = Path(folder) / "bench.yaml"
        spec_path.write_text(SPEC, encoding="utf-8")
        for repeat in range(args.repeats):  # taking turns, so a noisy spell hits both
            order = [True, False] if repeat % 2 == 0 else [False, True]
            for daily in order:
                if daily:
                    runs.append(one_year(spec_path, args.days, args.jobs))
                else:
                    references.append(reference(args.days))
    print_report(args, runs, references)


def print_report(args, runs, references) -> None:
    seconds = [run for run, _, _ in runs]
    _, result, written = runs[-1]
    rows = [[label] + [timing.seconds_text(f([run[key] for run in seconds]))
                       for f in (statistics.median, min, max)]
            for key, label in (("generate", "generate + grade + DLX verify + no repeats"),
                               ("render", "render every file (PDF, 2 PNG, SVG; proof)"),
                               ("write and register", "write files (each flushed to disk) "
                                                      "and register the days, in one "
                                                      "registry transaction"),
                               ("total", "total, end to end (wall)"),
                               ("cpu", "CPU, all processes"))]
    rows += [[f"reference: generate() x {args.days}, 1 process ({label})"] +
             [timing.seconds_text(f([ref[key] for ref in references]))
              for f in (statistics.median, min, max)]
             for key, label in (("total", "wall"), ("cpu", "CPU"))]
    total = statistics.median(run["total"] for run in seconds)
    ratio = statistics.median(run["cpu"] / ref["cpu"] for run, ref in zip(seconds, references))
    print(f"# bench_daily{' --quick' if args.quick else ''}: {timing.machine()}")
    print(f"{result.days} days, {args.jobs} workers, {args.repeats} runs; "
          f"{len(result.files)} files, {written / 1e6:.1f} MB\n")
    print(timing.markdown_table(["stage", "median", "min", "max"], rows))
    print(f"\nCPU of the run / CPU of the reference: {ratio:.1f}x "
          f"({statistics.median(run['cpu'] for run in seconds) / result.days * 1000:.0f} ms "
          f"CPU a day)")
    if args.quick:  # the goal is for a year
        return
    print(f"goal: a year <= {GOAL_SECONDS:g} s on 2 cores: "
          f"{timing.verdict(total <= GOAL_SECONDS)} ({total:.1f} s)")


if __name__ == "__main__":
    main()
