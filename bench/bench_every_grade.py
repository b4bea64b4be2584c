"""Every kind x size x grade the rules allow, made for 20 seeds each (issue 34 H2): how
many were made within a per-puzzle budget, and the median and worst CPU seconds a puzzle,
made as a book makes it (kind.make: proven twice, rated where books rate unasked).

The combinations come from the kinds' own size and grade rules
(registry.made_combinations), the ones the spec, the command line and dailies ask; a
combination whose puzzles are not all made for every seed breaks the product's rule
("a size and grade the kind accepts is made for any seed, or refused at load"). Each
puzzle is made in a worker process, stopped at the budget (wall seconds) and counted as
not made; once a combination has two puzzles over the budget, its other seeds are not
tried (shown as fewer seeds).

    python bench/bench_every_grade.py                  # everything, 20 seeds, 60 s budget
    python bench/bench_every_grade.py --kind futoshiki --largest 7 --seeds 5
    python bench/bench_every_grade.py --quick          # 4x4 to 6x6, 3 seeds, 10 s budget
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.puzzle import GenerationError
from bookmaker.core.registry import kind_named, made_combinations
from bookmaker.core.solve.verify import VerificationError

OVER_BUDGET_LIMIT = 2  # puzzles over the budget before a combination's other seeds are skipped


def make_one(job: tuple[str, int, str, int]) -> tuple[bool, float, str]:
    """(made, CPU seconds, why not) for one puzzle: the job's kind, size, grade and seed."""
    name, size, grade, seed = job
    kind = kind_named(name)
    start = time.process_time()
    try:
        puzzle = kind.make(MakeRequest(kind.frame(size), seed, grade))
    except GenerationError as error:
        return False, time.process_time() - start, str(error)
    except VerificationError as error:  # a proof that could not decide: a book fails too
        return False, time.process_time() - start, str(error)[:160]
    made = puzzle.grade == grade
    return made, time.process_time() - start, "" if made else f"graded {puzzle.grade}"


def _serve(connection) -> None:
    while True:
        job = connection.recv()
        connection.send(make_one(job))


class Worker:
    """One process making puzzles, replaced when a puzzle runs over the budget."""

    def __init__(self) -> None:
        self.process: multiprocessing.Process | None = None

    def start(self) -> None:
        self.connection, child = multiprocessing.Pipe()
        self.process = multiprocessing.Process(target=_serve, args=(child,), daemon=True)
        self.process.start()

    def run(self, job, budget: float) -> tuple[bool, float, str] | None:
        """The job's result, or None if it ran over the budget (the worker is replaced)."""
        if self.process is None:
            self.start()
        self.connection.send(job)
        if self.connection.poll(budget):
            return self.connection.recv()
        self.stop()
        return None

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.join()
            self.process = None


def combination_row(worker: Worker, kind, size: int, grade: str, seeds: int,
                    budget: float) -> list[str]:
    """The table row of one combination: made/tried, median and worst seconds, a note."""
    seconds: list[float] = []
    made = tried = over = 0
    notes: list[str] = []
    for seed in range(seeds):
        if over >= OVER_BUDGET_LIMIT:
            break
        tried += 1
        result = worker.run((kind.name, size, grade, seed), budget)
        if result is None:
            over += 1
            notes.append(f"seed {seed} over {budget:g} s")
            continue
        ok, cpu, why = result
        seconds.append(cpu)
        made += ok
        if not ok:
            notes.append(f"seed {seed}: {why}")
    median = timing.seconds_text(statistics.median(seconds)) if seconds else "-"
    worst = "over budget" if over else timing.seconds_text(max(seconds)) if seconds else "-"
    return [kind.name, f"{size}x{size}", grade, f"{made}/{tried}", median, worst,
            "; ".join(notes[:2])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="seeds a combination")
    parser.add_argument("--budget", type=float, default=60.0,
                        help="wall seconds a puzzle may take")
    parser.add_argument("--kind", action="append", help="only these kinds (repeatable)")
    parser.add_argument("--smallest", type=int, default=0, help="only sizes from this up")
    parser.add_argument("--largest", type=int, default=25, help="only sizes up to this")
    parser.add_argument("--quick", action="store_true", help="4x4 to 6x6, 3 seeds, 10 s")
    args = parser.parse_args()
    if args.quick:
        args.seeds, args.budget, args.largest = 3, 10.0, 6
    print(timing.machine())
    print(f"\n## Every allowed kind x size x grade: {args.seeds} seeds (0-{args.seeds - 1}), "
          f"a budget of {args.budget:g} s a puzzle, one core, CPU seconds\n", flush=True)
    header = ["kind", "size", "grade", "made", "median", "worst", "note"]
    print(timing.markdown_table(header, []), flush=True)
    worker = Worker()
    for kind, size, grade in made_combinations():
        if args.kind and kind.name not in args.kind or \
                not args.smallest <= size <= args.largest:
            continue
        row = combination_row(worker, kind, size, grade, args.seeds, args.budget)
        print("| " + " | ".join(row) + " |", flush=True)
    worker.stop()


if __name__ == "__main__":
    main()
