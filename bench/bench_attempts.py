"""Attempts a Latin-family puzzle takes to meet its grade (issue 38): for Futoshiki,
Skyscrapers and the three Calcudoku kinds, per size and grade, how many attempts each
puzzle made before one met its grade, the CPU a puzzle (the generator alone, its first
proof in) and how many were made within a cap of attempts.

An attempt is counted by wrapping the generators' one-try functions (latin/generate.py's
_graded_attempt, a dig and its trade, latin/trade.py, where the kind trades the grade;
calcudoku/generate.py's make_attempt); the puzzles are the generators' own. A
combination the kinds refuse at load is still tried here, to show why it is refused.

    python bench/bench_attempts.py                   # the issue's combinations, 5 seeds
    python bench/bench_attempts.py --kind calcudoku --sizes 6,9 --seeds 10
    python bench/bench_attempts.py --quick           # 5x5 and 6x6, 2 seeds
"""

from __future__ import annotations

import argparse
import statistics
import time

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.core.board.shape import latin_of
from bookmaker.core.calcudoku import generate as calc_generate
from bookmaker.core.calcudoku.cages import AdditionCages, CalcCages, HiddenCages
from bookmaker.core.futoshiki.generate import FUTOSHIKI_FAMILY
from bookmaker.core.grade.grades import GRADES
from bookmaker.core.latin import generate as latin_generate
from bookmaker.core.puzzle import GenerationError
from bookmaker.core.skyscrapers.generate import SKYSCRAPERS_FAMILY

CALCUDOKU = {"calcudoku": CalcCages, "calcudoku-add": AdditionCages,
             "calcudoku-hidden": HiddenCages}
KINDS = ("futoshiki", "skyscrapers", *CALCUDOKU)
DEFAULT_SIZES = {"futoshiki": "5,7", "skyscrapers": "6", "calcudoku": "6,9",
                 "calcudoku-add": "7,9", "calcudoku-hidden": "7,9"}


class Counter:
    """Counts the calls of a module's one-try function while installed."""

    def __init__(self, module, name: str) -> None:
        self.module, self.name, self.calls = module, name, 0
        original = getattr(module, name)

        def counted(*args, **kwargs):
            self.calls += 1
            return original(*args, **kwargs)
        setattr(module, name, counted)


LATIN_TRIES = Counter(latin_generate, "_graded_attempt")
CALCUDOKU_TRIES = Counter(calc_generate, "make_attempt")


def make(kind: str, size: int, seed: int, grade: str, cap: int):
    """(grade made or None, attempts, CPU seconds) of one puzzle."""
    counter = CALCUDOKU_TRIES if kind in CALCUDOKU else LATIN_TRIES
    counter.calls = 0
    start = time.process_time()
    try:
        if kind in CALCUDOKU:
            _, grading = calc_generate.generate_calcudoku(CALCUDOKU[kind], latin_of(size), seed,
                                                          grade, max_attempts=cap)
        else:
            family = FUTOSHIKI_FAMILY if kind == "futoshiki" else SKYSCRAPERS_FAMILY
            _, grading = latin_generate.generate_latin(family, size, seed, grade, cap)
        made = grading.grade
    except GenerationError:
        made = None
    return made, counter.calls, time.process_time() - start


def row(kind: str, size: int, grade: str, seeds: int, cap: int) -> list[str]:
    results = [make(kind, size, seed, grade, cap) for seed in range(seeds)]
    made = [r for r in results if r[0] == grade]
    attempts = [r[1] for r in results]
    cpu = [r[2] for r in results]
    return [kind, f"{size}x{size}", grade, f"{len(made)}/{seeds}",
            f"{statistics.mean(attempts):.1f}", str(max(attempts)),
            timing.seconds_text(statistics.median(cpu)), timing.seconds_text(max(cpu))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", action="append", choices=KINDS, help="only these kinds")
    parser.add_argument("--sizes", help="sizes, e.g. 5,7 (default: per kind)")
    parser.add_argument("--grades", default=",".join(GRADES), help="grades, comma-separated")
    parser.add_argument("--seeds", type=int, default=5, help="seeds a combination (0..N-1)")
    parser.add_argument("--cap", type=int, default=100, help="attempts before giving up")
    parser.add_argument("--quick", action="store_true", help="5x5 and 6x6, 2 seeds")
    args = parser.parse_args()
    if args.quick:
        args.seeds, args.sizes = 2, args.sizes or "5,6"
    print(timing.machine())
    print(f"\n## Attempts a puzzle: seeds 0-{args.seeds - 1}, at most {args.cap} attempts, "
          f"CPU of the generator, one core\n", flush=True)
    header = ["kind", "size", "grade", "made", "attempts (mean)", "attempts (max)",
              "median", "worst"]
    print(timing.markdown_table(header, []), flush=True)
    for kind in args.kind or KINDS:
        for size in map(int, (args.sizes or DEFAULT_SIZES[kind]).split(",")):
            for grade in args.grades.split(","):
                cells = row(kind, size, grade, args.seeds, args.cap)
                print("| " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
