"""Shared benchmark plumbing: repeated, interleaved timings (wall and CPU), medians, tables."""

from __future__ import annotations

import datetime
import gc
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

REPO = Path(__file__).resolve().parents[1]
TEST_DATA = REPO / "tests" / "data"  # the repository's own copies and samples
DATA_VARIABLE = "BOOKMAKER_BENCH_DATA"  # names the folder of the full public sets, if set
# What a quick run reads instead of a full set that tests/data holds only a sample of.
SAMPLES = {"sudoku17.txt": "sudoku17-sample.txt", "se_rated.txt": "se_rated-sample.txt"}
Result = TypeVar("Result")
DEFAULT_REPEATS = 5
QUICK_REPEATS = 3
TDOKU = "BOOKMAKER_TDOKU"  # names a tdoku shared library (TdokuSolverDpllTriadSimd), if set

if str(REPO) not in sys.path:  # measure this checkout's bookmaker, not an installed copy
    sys.path.insert(0, str(REPO))


@dataclass(frozen=True)
class Timing:
    """The medians over repeats of one measurement, in seconds, and every repeat's CPU time."""

    wall: float
    cpu: float
    cpus: tuple[float, ...]

    def rate(self, items: int) -> tuple[float, float]:
        """Items per second, by median wall time and by median CPU time."""
        return items / self.wall, items / self.cpu


def time_once(fn: Callable[[], Result]) -> tuple[float, float, Result]:
    """Wall and CPU seconds of one call (garbage collector off, as timeit does), and its result."""
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        wall0, cpu0 = time.perf_counter(), time.process_time()
        result = fn()
        wall1, cpu1 = time.perf_counter(), time.process_time()
    finally:
        if was_enabled:
            gc.enable()
    return wall1 - wall0, cpu1 - cpu0, result


def interleaved(fns: Mapping[str, Callable[[], Any]],
                repeats: int) -> tuple[dict[str, Timing], dict[str, Any]]:
    """Time every function `repeats` times, taking turns (order reversed on odd repeats) so a
    noisy spell hits all of them alike; the medians, and each function's last result."""
    walls: dict[str, list[float]] = {name: [] for name in fns}
    cpus: dict[str, list[float]] = {name: [] for name in fns}
    results: dict[str, Any] = {}
    names = list(fns)
    for r in range(repeats):
        for name in (names if r % 2 == 0 else names[::-1]):
            wall, cpu, results[name] = time_once(fns[name])
            walls[name].append(wall)
            cpus[name].append(cpu)
    timings = {name: Timing(statistics.median(walls[name]), statistics.median(cpus[name]),
                            tuple(cpus[name])) for name in fns}
    return timings, results


def speedup(fast: Timing, base: Timing) -> float:
    """How many times faster `fast` ran than `base`: the median over repeats of the CPU-time
    quotient within the same repeat (pairs share the machine's mood, so noise cancels)."""
    return statistics.median(b / max(f, 1e-9) for f, b in zip(fast.cpus, base.cpus))


def repeated(fn: Callable[[], Result], repeats: int) -> tuple[Timing, Result]:
    """One function timed `repeats` times: its medians and its last result."""
    timings, results = interleaved({"only": fn}, repeats)
    return timings["only"], results["only"]


def shared_data() -> Path | None:
    """The folder of the full public sets: the one $BOOKMAKER_BENCH_DATA names, else
    shared/data beside the checkout (../shared/data) or beside a folder above it (so a git
    worktree in a subfolder finds it too); None if there is none."""
    if os.environ.get(DATA_VARIABLE):
        return Path(os.environ[DATA_VARIABLE])
    return next((folder / "shared" / "data" for folder in REPO.parents
                 if (folder / "shared" / "data").is_dir()), None)


def data_file(name: str, quick: bool = False) -> Path:
    """A public puzzle set. A quick run reads the repository's copy or sample in tests/data;
    a full run the whole set in the shared data folder, or in tests/data where the
    repository holds all of it (top95, top1465, se_diabolical). Exits saying what is missing
    and where it looked."""
    if quick:
        path = TEST_DATA / SAMPLES.get(name, name)
        if not path.is_file():
            sys.exit(f"bench: {path.relative_to(REPO)} is missing from this checkout")
        return path
    folder = shared_data()
    if folder is not None and (folder / name).is_file():
        return folder / name
    if (TEST_DATA / name).is_file():
        return TEST_DATA / name
    where = (f"in {folder}" if folder is not None
             else "anywhere: there is no shared/data folder beside this checkout or above it")
    sys.exit(f"bench: a full run reads the public set {name}, not found {where}. Put the full "
             f"sets in ../shared/data (sources: tests/data/README.md) or name their folder "
             f"in {DATA_VARIABLE}; or run with --quick, which reads the samples in tests/data.")


def read_puzzles(name: str, count: int | None = None, quick: bool = False) -> list[str]:
    """The first `count` (all if None) puzzle lines of a data file, first 81 characters each
    (data_file says which file a quick or a full run reads)."""
    lines = data_file(name, quick).read_text().split("\n")
    puzzles = [line.strip()[:81] for line in lines if line.strip() and not line.startswith("#")]
    return puzzles if count is None else puzzles[:count]


def scaled_counts(spec_text: str, divisor: int) -> str:
    """A book spec's text with every section's `count: N` divided by `divisor` (at least 1):
    the same book in small, for a quick run."""
    return re.sub(r"count: (\d+)", lambda m: f"count: {max(1, int(m[1]) // divisor)}",
                  spec_text)


def machine() -> str:
    """One line naming the machine (CPUs, CPU model, Python, date, load) and the revision."""
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = f", load average {os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else ""
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    from bookmaker.core import compiled
    return (f"{cpus} CPUs (nproc), {model}, Python {platform.python_version()}, "
            f"{datetime.date.today().isoformat()}{load}, bookmaker {revision()}, "
            f"core: {compiled.description()}")


def revision() -> str:
    """The checkout's commit, marked dirty when the working tree has changes."""
    try:
        return subprocess.run(["git", "describe", "--always", "--dirty"], cwd=REPO, text=True,
                              capture_output=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown revision"


def markdown_table(header: list[str], rows: list[list[str]], text_columns: int = 1) -> str:
    """A GitHub markdown table: the first text_columns left-aligned, the numbers right."""
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join(["---"] * text_columns + ["---:"] * (len(header) - text_columns)) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def rate_text(value: float) -> str:
    """A rate for a table: thousands separated, one decimal below 100."""
    return f"{value:,.1f}" if value < 100 else f"{value:,.0f}"


def seconds_text(value: float) -> str:
    """A duration for a table: milliseconds below one second."""
    return f"{value * 1000:,.1f} ms" if value < 1 else f"{value:,.2f} s"


def verdict(met: bool) -> str:
    """How a goal column reads."""
    return "yes" if met else "**no**"


def sides_table(kind_name: str, sizes: str, count: int) -> None:
    """Print a kind's puzzles made to each grade its rules allow on each of `sizes`
    ('16x16,10x15', rows x columns), from seeds 0 to count - 1, each made and proven twice
    as a book makes it: CPU seconds, median, mean and worst."""
    from bookmaker.core.kinds.kind import MakeRequest
    from bookmaker.core.registry import kind_named

    kind = kind_named(kind_name)
    print(f"\n## {kind.title} on these sides, seeds 0-{count - 1} (CPU seconds a puzzle)\n")
    print("| size | grade | puzzles | median s | mean s | max s |")
    print("|---|---|---:|---:|---:|---:|", flush=True)
    for size in sizes.split(","):
        rows, cols = (int(side) for side in size.split("x"))
        frame = kind.sides_frame(rows, cols)
        for grade in (grade for grade in kind.grades if not kind.grade_problem(frame, grade)):
            seconds = []
            for seed in range(count):
                start = time.process_time()
                puzzle = kind.make(MakeRequest(frame, seed, grade))
                seconds.append(time.process_time() - start)
                assert puzzle.grade == grade
            print(f"| {size} | {grade} | {count} | {statistics.median(seconds):.3f} | "
                  f"{statistics.mean(seconds):.3f} | {max(seconds):.3f} |", flush=True)


def tdoku_counter(lines: list[str]) -> Callable[[], int] | None:
    """tdoku counting each line's solutions to 2 through ctypes, as a function that says
    how many are unique; None if BOOKMAKER_TDOKU is unset."""
    import ctypes

    library = os.environ.get(TDOKU)
    if not library:
        return None
    solve = ctypes.CDLL(library).TdokuSolverDpllTriadSimd
    solve.restype = ctypes.c_size_t
    solve.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_uint32, ctypes.c_char_p,
                      ctypes.POINTER(ctypes.c_size_t)]
    puzzles = [line.replace("0", ".").encode() for line in lines]
    solution, guesses = ctypes.create_string_buffer(82), ctypes.c_size_t()
    return lambda: sum(solve(p, 2, 0, solution, ctypes.byref(guesses)) == 1 for p in puzzles)
