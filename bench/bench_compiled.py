"""The compiled core against the pure one, QQWing and tdoku, in the same run: count to 2,
minimal 9x9 generation, 16x16 and 25x25 with full removal checks, Dancing Links.

QQWing (a C++ command line) and tdoku (a C++ library) are not part of bookmaker: build them
from source outside the repository and name them with BOOKMAKER_QQWING (the qqwing binary)
and BOOKMAKER_TDOKU (a shared library exporting TdokuSolverDpllTriadSimd); a column whose
program is not named is left out with a message (bench/README.md says how to build them).
QQWing runs as a child process on a file of the same puzzles, its CPU time taken from the
operating system's account of children; tdoku is called through ctypes once per puzzle,
as bookmaker's count_solutions is called from Python once per puzzle.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path

import bench_book
import bench_daily
import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.book.build import build
from bookmaker.core import compiled
from bookmaker.core.board.grid import parse_grid
from bookmaker.core.board.shape import shape_for_size
from bookmaker.core.generate.removal import generate
from bookmaker.core.solve.dlx import dlx_solve
from bookmaker.core.solve.solver import count_solutions
from bookmaker.daily.build import make_daily, run_dates
from bookmaker.spec import load_spec
from bookmaker.spec.daily import load_daily_spec

QQWING, TDOKU = "BOOKMAKER_QQWING", timing.TDOKU
COUNT_GOAL, GENERATE_GOAL = 3.0, 2.0         # times QQWing, one core
BIG_GOALS = {16: 0.5, 25: 10.0}              # median seconds with full removal checks
FULL_CHECKS = 10**15                         # a node budget no removal check reaches


def measure(contenders: dict[str, Callable[[], object]], repeats: int) -> dict[str, list]:
    """Each contender run `repeats` times, taking turns (order reversed on odd repeats):
    per contender its CPU seconds per repeat, and its last result. A contender returning
    ("child", result) ran a child process: its CPU time is the children's account."""
    cpus: dict[str, list[float]] = {name: [] for name in contenders}
    results = {}
    names = list(contenders)
    for r in range(repeats):
        for name in (names if r % 2 == 0 else names[::-1]):
            before = children_cpu()
            _, cpu, result = timing.time_once(contenders[name])
            if isinstance(result, tuple) and result and result[0] == "child":
                cpu, result = children_cpu() - before, result[1]
            cpus[name].append(cpu)
            results[name] = result
    return {name: [cpus[name], results[name]] for name in contenders}


def children_cpu() -> float:
    """CPU seconds of the child processes waited for so far (microsecond resolution)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def qqwing_command(*arguments: str) -> Callable[[], object] | None:
    """A contender running QQWing with these arguments (stdin from a file, if the first
    argument is '<FILE'), returning its output lines; None if BOOKMAKER_QQWING is unset."""
    binary = os.environ.get(QQWING)
    if not binary:
        return None
    stdin_path = arguments[0][1:] if arguments and arguments[0].startswith("<") else None
    args = [binary, *(a for a in arguments if not a.startswith("<"))]

    def run():
        with open(stdin_path or os.devnull, "rb") as stdin:
            done = subprocess.run(args, stdin=stdin, capture_output=True, text=True, check=True)
        return "child", done.stdout.splitlines()
    return run


def on_core(use_compiled: bool, work: Callable[[], object]) -> Callable[[], object]:
    """work() run on the compiled or the pure core."""
    def run():
        with compiled.using(use_compiled, "benchmark"):
            return work()
    return run


def rate(cpus: list[float], items: int) -> float:
    return items / statistics.median(cpus)


def quotient(fast: list[float], slow: list[float]) -> float:
    """How many times faster: the median of per-repeat CPU quotients (noise cancels)."""
    return statistics.median(s / max(f, 1e-9) for f, s in zip(fast, slow))


# Count to 2

def bench_count(name: str, lines: list[str], repeats: int) -> list[list[str]]:
    """Rows for one puzzle set: every contender's rate, and its ratio to QQWing and pure."""
    grids = [parse_grid(line) for line in lines]
    count = lambda: sum(count_solutions(g, limit=2).unique for g in grids)  # noqa: E731
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("\n".join(line.replace("0", ".") for line in lines) + "\n")
    contenders = {"bookmaker compiled": on_core(True, count),
                  "bookmaker pure": on_core(False, count),
                  "QQWing --count-solutions": qqwing_command(f"<{handle.name}", "--solve",
                                                             "--count-solutions", "--nosolution",
                                                             "--one-line"),
                  "tdoku": timing.tdoku_counter(lines)}
    found = measure({k: v for k, v in contenders.items() if v is not None}, repeats)
    Path(handle.name).unlink()
    check_unique(name, len(lines), found)
    return [count_row(name, label, len(lines), found) for label in found]


def check_unique(name: str, total: int, found: dict) -> None:
    for label, (_, result) in found.items():
        unique = (sum("unique" in line for line in result) if isinstance(result, list)
                  else result)
        if unique != total:
            print(f"WARNING: {label} called {unique} of {total} {name} puzzles unique; all are")


def comparisons(found: dict, label: str, qqwing: str, goal: float) -> list[str]:
    """'times QQWing' and 'times pure' for one contender, and its goal (the compiled core's:
    `goal` times QQWing)."""
    cpus = found[label][0]
    versus = [f"{quotient(cpus, found[other][0]):.2f}" if other in found else "-"
              for other in (qqwing, "bookmaker pure")]
    verdict = "-"
    if label == "bookmaker compiled" and qqwing in found:
        verdict = (f">= {goal:g}x QQWing: "
                   f"{timing.verdict(quotient(cpus, found[qqwing][0]) >= goal)}")
    return versus + [verdict]


def count_row(name: str, label: str, total: int, found: dict) -> list[str]:
    return [name, label, f"{total:,}", timing.rate_text(rate(found[label][0], total)),
            *comparisons(found, label, "QQWing --count-solutions", COUNT_GOAL)]


COUNT_HEADER = ["set", "solver", "puzzles", "puzzles/s (CPU)", "times QQWing",
                "times pure", "goal"]


# Minimal 9x9 generation

def bench_generate(count: int, repeats: int) -> list[list[str]]:
    """Minimal 9x9 puzzles (seeds 0..count-1) on both cores and by QQWing."""
    shape = shape_for_size(9)
    make = lambda: [generate(shape, seed) for seed in range(count)]  # noqa: E731
    contenders = {"bookmaker compiled": on_core(True, make),
                  "bookmaker pure": on_core(False, make),
                  "QQWing --generate": qqwing_command("--generate", str(count), "--one-line")}
    found = measure({k: v for k, v in contenders.items() if v is not None}, repeats)
    rows = []
    for label, (cpus, result) in found.items():
        clues = [p.givens.clue_count for p in result] if label.startswith("bookmaker") else \
            [sum(ch != "." for ch in line) for line in result if len(line) == 81]
        *versus, goal = comparisons(found, label, "QQWing --generate", GENERATE_GOAL)
        rows.append(["9x9", label, f"{len(clues):,}", timing.rate_text(rate(cpus, count)),
                     *versus, f"{statistics.median(clues):g}", goal])
    return rows


GENERATE_HEADER = ["shape", "generator", "puzzles", "puzzles/s (CPU)", "times QQWing",
                   "times pure", "median clues", "goal"]


# 16x16 and 25x25: today's budgeted removal checks against full ones

def _generate_timed(size: int, seed: int, budget: int | None, queue) -> None:
    started = time.process_time()
    puzzle = generate(shape_for_size(size), seed, removal_max_nodes=budget)
    queue.put((time.process_time() - started, puzzle.givens.clue_count))


def timed_generation(size: int, seed: int, budget: int | None, limit: float):
    """(CPU seconds, clues) of one generate() in a child process, or None if it was still
    running after `limit` seconds (a check cannot be interrupted, the process can)."""
    queue: multiprocessing.Queue = multiprocessing.Queue()
    child = multiprocessing.Process(target=_generate_timed, args=(size, seed, budget, queue))
    child.start()
    child.join(limit)
    if child.is_alive():
        child.kill()
        child.join()
        return None
    return queue.get()


def bench_big(size: int, seeds: int, limit: float) -> list[list[str]]:
    """Seeds 0..seeds-1 with the default budget, a 2,000-node one (9x9's) and full checks
    (compiled core)."""
    rows = []
    for label, budget in (("default budget", None), ("2,000 nodes", 2_000),
                          ("full checks", FULL_CHECKS)):
        results = []
        for seed in range(seeds):
            result = timed_generation(size, seed, budget, limit)
            print(f"  {size}x{size} seed {seed} {label}: "
                  f"{'stopped' if result is None else f'{result[0]:.2f} s, {result[1]} clues'}",
                  file=sys.stderr, flush=True)
            results.append(result)
        rows.append(big_row(size, label, results, limit, budget == FULL_CHECKS))
    return rows


def big_row(size: int, label: str, results: list, limit: float, full: bool) -> list[str]:
    done = [r for r in results if r is not None]
    stopped = len(results) - len(done)
    times = [r[0] for r in done] + [float("inf")] * stopped
    median = statistics.median(times)
    spread = "-" if not done else (f"{timing.seconds_text(min(r[0] for r in done))} - "
                                   f"{timing.seconds_text(max(r[0] for r in done))}")
    goal = "-"
    if full:
        goal = f"<= {BIG_GOALS[size]:g} s: {timing.verdict(median <= BIG_GOALS[size])}"
    clues = f"{statistics.median(r[1] for r in done):g}" if done else "-"
    median_text = timing.seconds_text(median) if done and median != float("inf") else \
        f"> {limit:g} s"
    return [f"{size}x{size}", label, f"{len(results)}", f"{stopped}", median_text, spread,
            clues, goal]


BIG_HEADER = ["shape", "removal checks", "puzzles", "stopped", "s/puzzle (CPU) median",
              "min - max (finished)", "median clues", "goal"]


# End to end: a book and a year of dailies, in this process

def bench_end_to_end(repeats: int, days: int, quick: bool) -> list[list[str]]:
    """CPU seconds of bench_book.py's 300-puzzle book (a tenth of it if quick) and of
    bench_daily.py's year of dailies (every output), built in this process (1 worker), on
    each core in turn."""
    book_text = bench_book.BOOKS["300"]
    book_label = "300-puzzle book (bench_book.py)"
    if quick:
        book_text = timing.scaled_counts(book_text, 10)
        book_label = "30-puzzle book (bench_book.py --quick)"
    with tempfile.TemporaryDirectory() as folder:
        book_spec, daily_spec = Path(folder) / "book.yaml", Path(folder) / "daily.yaml"
        book_spec.write_text(book_text, encoding="utf-8")
        daily_spec.write_text(bench_daily.SPEC, encoding="utf-8")

        def book():
            with tempfile.TemporaryDirectory() as out:
                return build(load_spec(book_spec), out, 1).puzzle_count

        def year():
            with tempfile.TemporaryDirectory() as out:
                make_daily(load_daily_spec(daily_spec), run_dates(date(2027, 1, 1), days), out, 1)
                return days

        rows = []
        for label, work in ((book_label, book),
                            (f"{days} dailies, every output (bench_daily.py)", year)):
            found = measure({"compiled": on_core(True, work), "pure": on_core(False, work)},
                            repeats)
            compiled_cpu, pure_cpu = found["compiled"][0], found["pure"][0]
            rows.append([label, timing.seconds_text(statistics.median(compiled_cpu)),
                         timing.seconds_text(statistics.median(pure_cpu)),
                         f"{quotient(compiled_cpu, pure_cpu):.2f}"])
            print(f"  {label}: done", file=sys.stderr, flush=True)
    return rows


END_TO_END_HEADER = ["run (1 worker, CPU)", "compiled", "pure", "speed-up"]


# Dancing Links

def bench_dlx(lines: list[str], repeats: int) -> list[list[str]]:
    """dlx_solve(limit=2) on both cores: the verification every printed puzzle gets."""
    grids = [parse_grid(line) for line in lines]
    big = [generate(shape_for_size(16), seed).givens for seed in range(3)]
    rows = []
    for name, puzzles in (("top95", grids), ("16x16 generated", big)):
        solve = lambda ps=puzzles: [dlx_solve(g, limit=2) for g in ps]  # noqa: E731
        found = measure({"compiled": on_core(True, solve), "pure": on_core(False, solve)},
                        repeats)
        for label in found:
            cpus = found[label][0]
            rows.append([name, label, f"{len(puzzles)}",
                         timing.seconds_text(statistics.median(cpus) / len(puzzles)),
                         f"{quotient(cpus, found['pure'][0]):.2f}"])
    return rows


DLX_HEADER = ["set", "Dancing Links", "puzzles", "CPU per puzzle", "times pure"]


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=timing.DEFAULT_REPEATS)
    parser.add_argument("--quick", action="store_true", help="small counts: a smoke run")
    parser.add_argument("--sudoku17", type=int, default=2000, metavar="N")
    parser.add_argument("--top1465", type=int, default=1465, metavar="N")
    parser.add_argument("--n9", type=int, default=200, metavar="N", help="9x9 puzzles generated")
    parser.add_argument("--big", type=int, default=5, metavar="N",
                        help="16x16 and 25x25 seeds (default 5)")
    parser.add_argument("--big-limit", type=float, default=120.0, metavar="S",
                        help="seconds before a 16x16/25x25 generation is stopped (default 120)")
    parser.add_argument("--end-to-end", type=int, default=2, metavar="N",
                        help="repeats of the book and the year of dailies on each core "
                             "(default 2; 0 leaves them out)")
    parser.add_argument("--days", type=int, default=365, help="days of dailies (default 365)")
    args = parser.parse_args()
    if args.quick:
        args.repeats, args.sudoku17, args.top1465, args.n9, args.big, args.big_limit = \
            timing.QUICK_REPEATS, 200, 100, 20, 1, 20.0
        args.end_to_end, args.days = 1, 14
    return args


def main() -> None:
    args = parse_args()
    if not compiled.available():
        sys.exit("bench_compiled: the compiled core is not built in this checkout "
                 "(pip install -e . builds it in place)")
    started = time.perf_counter()
    print(f"# bench_compiled{' --quick' if args.quick else ''}: {timing.machine()}")
    for variable, what in ((QQWING, "QQWing"), (TDOKU, "tdoku")):
        if not os.environ.get(variable):
            print(f"({what} left out: set {variable}, see bench/README.md)")
    print(f"median of {args.repeats} interleaved repeats, CPU time; 'times X' = median of "
          f"per-repeat CPU-time quotients (X / this)\n")
    rows = bench_count("sudoku17", timing.read_puzzles("sudoku17.txt", args.sudoku17, args.quick),
                       args.repeats)
    rows += bench_count("top1465", timing.read_puzzles("top1465.txt", args.top1465, args.quick),
                        args.repeats)
    print(timing.markdown_table(COUNT_HEADER, rows, text_columns=2), end="\n\n", flush=True)
    print(timing.markdown_table(GENERATE_HEADER, bench_generate(args.n9, args.repeats),
                                text_columns=2), end="\n\n", flush=True)
    top95 = timing.read_puzzles("top95.txt", None, args.quick)
    print(timing.markdown_table(DLX_HEADER, bench_dlx(top95, args.repeats), text_columns=2),
          end="\n\n", flush=True)
    bigs = bench_big(16, args.big, args.big_limit) + bench_big(25, args.big, args.big_limit)
    print(timing.markdown_table(BIG_HEADER, bigs, text_columns=2), end="\n\n", flush=True)
    if args.end_to_end:
        print(timing.markdown_table(END_TO_END_HEADER,
                                    bench_end_to_end(args.end_to_end, args.days, args.quick)))
    print(f"\n(whole run: {time.perf_counter() - started:.0f} s wall)")


if __name__ == "__main__":
    main()
