"""Solving speed, count to 2, on public 9x9 sets: bookmaker against the plain reference."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass

import reference
import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.core.board.grid import Grid, parse_grid
from bookmaker.core.solve.dlx import dlx_solve
from bookmaker.core.solve.solver import count_solutions
from bookmaker.core.solve.twoway import UNIQUE, two_way_verdict

GOALS = {"sudoku17": 3000, "top1465": 600}  # bookmaker puzzles/s, count to 2, one core


@dataclass(frozen=True)
class PuzzleSet:
    """A named list of puzzles, parsed once for each solver so parsing is never timed."""

    name: str
    lines: list[str]
    grids: list[Grid]
    cells: list[list[int]]


def load_set(name: str, file_name: str, count: int | None, quick: bool) -> PuzzleSet:
    """Read and parse the first `count` puzzles of a data file."""
    lines = timing.read_puzzles(file_name, count, quick)
    return PuzzleSet(name, lines, [parse_grid(line) for line in lines],
                     [reference.parse(line) for line in lines])


def bookmaker_solver(puzzles: PuzzleSet) -> Callable[[], int]:
    """A run of bookmaker's count_solutions(limit=2) over the set; returns how many are unique."""
    return lambda: sum(count_solutions(grid, limit=2).unique for grid in puzzles.grids)


def reference_solver(puzzles: PuzzleSet) -> Callable[[], int]:
    """A run of the reference solver over the set; returns how many are unique."""
    geo = reference.geometry()
    return lambda: sum(reference.count_solutions(geo, cells, limit=2) == 1
                       for cells in puzzles.cells)


def dlx_solver(puzzles: PuzzleSet) -> Callable[[], int]:
    """A run of Dancing Links (limit 2) over the set; returns how many are unique."""
    return lambda: sum(dlx_solve(grid, limit=2).count == 1 for grid in puzzles.grids)


def two_way_solver(puzzles: PuzzleSet) -> Callable[[], int]:
    """A run of the two-way check over the set; returns how many are unique."""
    return lambda: sum(two_way_verdict(grid) == UNIQUE for grid in puzzles.grids)


def bench_set(puzzles: PuzzleSet, others: dict, repeats: int) -> list[list[str]]:
    """Table rows for one set: bookmaker's solver, then any other solvers, each against the
    reference timed in the same interleaved run."""
    fns = {"bookmaker": bookmaker_solver(puzzles), "reference": reference_solver(puzzles)}
    fns.update({label: make(puzzles) for label, make in others.items()})
    timings, results = timing.interleaved(fns, repeats)
    for label, unique in results.items():
        if unique != len(puzzles.lines):
            print(f"WARNING: {label} found {unique} of {len(puzzles.lines)} {puzzles.name} "
                  f"puzzles unique; all are")
    base = timings["reference"]
    return [row(puzzles, label, timings[label], base) for label in fns if label != "reference"]


def row(puzzles: PuzzleSet, label: str, measured: timing.Timing, base: timing.Timing) -> list[str]:
    """One table row: rates by wall and CPU time, the reference's, the ratio, the goal."""
    count = len(puzzles.lines)
    wall, cpu = measured.rate(count)
    ref_wall, ref_cpu = base.rate(count)
    goal = GOALS.get(puzzles.name) if label == "bookmaker" else None
    goal_text = f">= {goal:,}/s: {timing.verdict(cpu >= goal)}" if goal else "-"
    return [puzzles.name, label, f"{count:,}", timing.rate_text(wall), timing.rate_text(cpu),
            timing.rate_text(ref_wall), timing.rate_text(ref_cpu),
            f"{timing.speedup(measured, base):.2f}", goal_text]


HEADER = ["set", "solver", "puzzles", "puzzles/s (wall)", "puzzles/s (CPU)",
          "reference/s (wall)", "reference/s (CPU)", "ratio vs reference", "goal (CPU)"]


def parse_args() -> argparse.Namespace:
    """The command line: counts per set, repeats, --quick."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=None,
                        help=f"timed runs per measurement, median reported "
                             f"(default {timing.DEFAULT_REPEATS}, --quick {timing.QUICK_REPEATS})")
    parser.add_argument("--quick", action="store_true", help="small counts: a smoke run")
    parser.add_argument("--sudoku17", type=int, default=None, metavar="N",
                        help="first N 17-clue puzzles (default 2000, --quick 200)")
    parser.add_argument("--top1465", type=int, default=None, metavar="N",
                        help="first N of top1465 (default all 1465, --quick 100)")
    parser.add_argument("--top95", type=int, default=None, metavar="N",
                        help="first N of top95 (default all 95, --quick 20)")
    args = parser.parse_args()
    defaults = ((timing.QUICK_REPEATS, 200, 100, 20) if args.quick
                else (timing.DEFAULT_REPEATS, 2000, 1465, 95))
    for name, value in zip(("repeats", "sudoku17", "top1465", "top95"), defaults):
        if getattr(args, name) is None:
            setattr(args, name, value)
    return args


def main() -> None:
    """Measure every set and print one markdown table."""
    args = parse_args()
    started = time.perf_counter()
    print(f"# bench_solve{' --quick' if args.quick else ''}: {timing.machine()}")
    print(f"count_solutions(limit=2); median of {args.repeats} interleaved repeats; "
          f"ratio = median of per-repeat CPU-time quotients (reference / solver)\n")
    rows = []
    for name, others in (("sudoku17", {}), ("top1465", {}),
                         ("top95", {"DLX": dlx_solver, "two-way": two_way_solver})):
        puzzles = load_set(name, f"{name}.txt", getattr(args, name), args.quick)
        rows += bench_set(puzzles, others, args.repeats)
    print(timing.markdown_table(HEADER, rows, text_columns=2))
    print(f"\n(whole run: {time.perf_counter() - started:.0f} s wall)")


if __name__ == "__main__":
    main()
