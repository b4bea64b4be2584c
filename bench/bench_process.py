"""Whole processes, as a user runs them: `bookmaker generate --count N` against QQWing's
`--generate N`, both at `--difficulty expert`, and `bookmaker check` of the 17-clue
puzzles against `qqwing --count-solutions`, start-up included; tdoku counting the same
puzzles in this process is the limit. Each command runs in its own process on one core
(taskset, where the system has it), its CPU time (user + system) taken from the
operating system's account of waited-for children; commands take turns, medians of the
repeats. The package is byte-compiled first and the children may use their bytecode
caches, as an installed package does (as bench_startup.py: a machine that sets
PYTHONDONTWRITEBYTECODE would otherwise compile every module from source on every run,
about 0.2 s a process).

QQWing 1.3.4 and tdoku are not part of bookmaker: build them from source in a temporary
folder (bench/README.md, "The compiled core") and name them with BOOKMAKER_QQWING and
BOOKMAKER_TDOKU; a row whose contender is not there is left out with a note.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import timing  # also puts this checkout's bookmaker first on sys.path

QQWING, TDOKU = "BOOKMAKER_QQWING", timing.TDOKU
# Issue 24: generate at least 2x QQWing, expert at least 2x, check at least 3x.
GOALS = {"generate": 2.0, "expert": 2.0, "check": 3.0}
TASKS = ("generate", "expert", "check", "start-up")


def child_environment() -> dict[str, str]:
    """The commands' environment: this checkout first on the path, bytecode caches allowed."""
    env = {**os.environ, "PYTHONPATH": str(timing.REPO)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def compile_checkout() -> None:
    """Byte-compile the package as `pip install` does, before anything is timed."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(timing.REPO / "bookmaker")],
                   check=True, capture_output=True)


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_core(command: list[str]) -> list[str]:
    """The command pinned to one CPU, where taskset exists."""
    return (["taskset", "-c", "0"] if shutil.which("taskset") else []) + command


def run(command: list[str], stdin: Path | None) -> tuple[float, float, list[str]]:
    """Wall seconds, CPU seconds and output lines of one whole process."""
    env = child_environment()
    before = children_cpu()
    with open(stdin or os.devnull, "rb") as source:
        wall, _, done = timing.time_once(lambda: subprocess.run(
            one_core(command), stdin=source, capture_output=True, text=True, env=env))
    if done.returncode not in (0, 1):  # check exits 1 when some puzzle is not unique
        sys.exit(f"bench: {' '.join(command)} failed:\n{done.stderr}")
    return wall, children_cpu() - before, done.stdout.splitlines()


def bookmaker(*arguments: str) -> list[str]:
    return [sys.executable, "-m", "bookmaker", *arguments]


def commands(count: int, expert: int, puzzles: Path) -> dict[str, dict[str, tuple]]:
    """Per task, its contenders: (command, stdin file, items)."""
    qqwing = os.environ.get(QQWING)
    tasks: dict[str, dict[str, tuple]] = {
        "generate": {"bookmaker": (bookmaker("generate", "--count", str(count), "--seed", "1"),
                                   None, count)},
        "expert": {"bookmaker": (bookmaker("generate", "--count", str(expert), "--seed", "1",
                                           "--difficulty", "expert"), None, expert)},
        "check": {"bookmaker": (bookmaker("check", str(puzzles)), None, None)},
        "start-up": {"bookmaker": (bookmaker("--version"), None, 1)},
    }
    if qqwing:
        tasks["generate"]["QQWing"] = ([qqwing, "--generate", str(count), "--one-line"],
                                       None, count)
        tasks["expert"]["QQWing"] = ([qqwing, "--generate", str(expert), "--difficulty",
                                      "expert", "--one-line"], None, expert)
        tasks["check"]["QQWing"] = ([qqwing, "--solve", "--count-solutions", "--nosolution",
                                     "--one-line"], puzzles, None)
    return tasks


def measure(tasks: dict, repeats: int) -> dict[str, dict[str, tuple[list, list, list]]]:
    """Every contender's walls, CPUs and last output, the contenders of a task in turns."""
    found: dict[str, dict[str, tuple[list, list, list]]] = {
        task: {name: ([], [], []) for name in contenders}
        for task, contenders in tasks.items()}
    for repeat in range(repeats):
        for task, contenders in tasks.items():
            names = list(contenders) if repeat % 2 == 0 else list(contenders)[::-1]
            for name in names:
                command, stdin, _ = contenders[name]
                wall, cpu, lines = run(command, stdin)
                walls, cpus, output = found[task][name]
                walls.append(wall)
                cpus.append(cpu)
                output[:] = lines
    return found


def tdoku_rate(lines: list[str], repeats: int) -> float | None:
    """Puzzles/s (CPU) of tdoku counting to 2 in this process, through ctypes."""
    count = timing.tdoku_counter(lines)
    if count is None:
        return None
    took, unique = timing.repeated(count, repeats)
    if unique != len(lines):
        print(f"WARNING: tdoku called {unique} of {len(lines)} puzzles unique")
    return len(lines) / took.cpu


def rows(tasks: dict, found: dict, items: dict[str, int]) -> list[list[str]]:
    table = []
    for task, contenders in found.items():
        theirs = contenders.get("QQWing")
        for name, (walls, cpus, _) in contenders.items():
            count = items.get(task) or tasks[task][name][2] or 1
            ratio = goal = "-"
            if name == "bookmaker" and theirs:
                quotient = statistics.median(q / max(b, 1e-9) for b, q in zip(cpus, theirs[1]))
                ratio = f"{quotient:.2f}"
                if task in GOALS:
                    goal = f">= {GOALS[task]:g}x: {timing.verdict(quotient >= GOALS[task])}"
            table.append([task, name, f"{count:,}", timing.seconds_text(statistics.median(walls)),
                          timing.seconds_text(statistics.median(cpus)),
                          timing.rate_text(count / statistics.median(cpus)), ratio, goal])
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--count", type=int, default=1000, help="puzzles to generate")
    parser.add_argument("--expert", type=int, default=200, help="expert puzzles to generate")
    parser.add_argument("--sudoku17", type=int, default=2000, help="17-clue puzzles to check")
    parser.add_argument("--tasks", default=",".join(TASKS),
                        help=f"the tasks to run, comma-separated (default: {','.join(TASKS)})")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: 50 puzzles, 10 expert, the 17-clue sample, once")
    args = parser.parse_args()
    if args.quick:
        args.repeats, args.count, args.expert = 1, 50, 10
    print(f"# bench_process{' --quick' if args.quick else ''}: {timing.machine()}")
    lines = timing.read_puzzles("sudoku17.txt", args.sudoku17, args.quick)
    with tempfile.TemporaryDirectory() as folder:
        puzzles = Path(folder) / "sudoku17.txt"
        puzzles.write_text("\n".join(line.replace("0", ".") for line in lines) + "\n")
        tasks = {task: contenders
                 for task, contenders in commands(args.count, args.expert, puzzles).items()
                 if task in args.tasks.split(",")}
        compile_checkout()
        found = measure(tasks, args.repeats)
    table = rows(tasks, found, {"check": len(lines)})
    print(f"\n### Whole processes, one core ({args.repeats} runs each, medians)\n")
    print(timing.markdown_table(["task", "program", "items", "wall", "CPU", "items/s (CPU)",
                                 "QQWing CPU / bookmaker CPU", "goal"], table, text_columns=2))
    if not os.environ.get(QQWING):
        print(f"\n(no QQWing: set {QQWING} to its binary)")
    limit = tdoku_rate(lines, args.repeats)
    print("\ntdoku, count to 2, in-process (the limit): " +
          (f"{limit:,.0f} puzzles/s (CPU)" if limit else f"not run: set {TDOKU}"))
    print(f"\nload average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
