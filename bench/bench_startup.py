"""Start-up of whole commands: `bookmaker --version`, `check`, `solve` and `generate` of one
puzzle, as separate processes (issue 24: each under 0.15 s), against `python -c pass` and
`python -c "import click"` measured in the same run.

Run: python bench/bench_startup.py [--repeats N] [--quick] [--python PATH]

--python runs the commands on another interpreter (with bookmaker's dependencies
installed, e.g. a fresh virtualenv's python), the checkout still first on its path: an
interpreter whose site packages run start-up hooks (this machine's global Python loads
certifi from a .pth file, ~40 ms) says more about the machine than about bookmaker.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

import timing

PUZZLE = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def commands(python: str) -> dict[str, tuple[list[str], str | None]]:
    """Each command timed, as (argv, stdin), on the interpreter `python`."""
    return {
        "python -c pass": ([python, "-c", "pass"], None),
        "python -c 'import click'": ([python, "-c", "import click"], None),
        "bookmaker --version": ([python, "-m", "bookmaker", "--version"], None),
        "bookmaker check (1 puzzle)": ([python, "-m", "bookmaker", "check"], PUZZLE),
        "bookmaker solve (1 puzzle)": ([python, "-m", "bookmaker", "solve"], PUZZLE),
        "bookmaker generate (1 puzzle)": ([python, "-m", "bookmaker", "generate",
                                           "--seed", "1"], None),
    }


def run_once(argv: list[str], stdin: str | None) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one whole process (its exit checked). On a
    shared machine the CPU seconds say more: the wall ones include waiting for a core."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, input=stdin, text=True, capture_output=True, check=True,
                   cwd=timing.REPO, env=child_environment())
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def child_environment() -> dict[str, str]:
    """The commands' environment: the checkout first on the path, and bytecode caches
    used as an installed package uses them (a machine that sets PYTHONDONTWRITEBYTECODE
    would otherwise compile every changed module from source on every run)."""
    env = {**os.environ, "PYTHONPATH": str(timing.REPO)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def compile_checkout(python: str) -> None:
    """Byte-compile the package as `pip install` does, before anything is timed."""
    subprocess.run([python, "-m", "compileall", "-q", str(timing.REPO / "bookmaker")],
                   check=True, capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--quick", action="store_true", help="3 repeats")
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter that runs the commands (default: this one)")
    args = parser.parse_args()
    if args.quick:
        args.repeats = 3
    compile_checkout(args.python)
    timed = commands(args.python)
    walls: dict[str, list[float]] = {name: [] for name in timed}
    cpus: dict[str, list[float]] = {name: [] for name in timed}
    for repeat in range(args.repeats):  # interleaved: a noisy spell hits every command
        names = list(timed) if repeat % 2 == 0 else list(timed)[::-1]
        for name in names:
            wall, cpu = run_once(*timed[name])
            walls[name].append(wall)
            cpus[name].append(cpu)
    print(timing.machine())
    # Named, not by its path (a results file names no machine paths): this one, or --python's.
    print("interpreter: " + ("this one" if args.python == sys.executable else "--python's"))
    base = statistics.median(cpus["python -c pass"])
    rows = [[name, f"{statistics.median(walls[name]) * 1000:.0f}",
             f"{min(walls[name]) * 1000:.0f}", f"{statistics.median(cpus[name]) * 1000:.0f}",
             f"{statistics.median(cpus[name]) / base:.1f}x"] for name in timed]
    print(timing.markdown_table(["command", "median wall ms", "best wall ms",
                                 "median CPU ms", "CPU vs python -c pass"], rows))


if __name__ == "__main__":
    main()
