"""Where expert Calcudoku's gradings go: each targeted climb by the grade it starts at
and the grade it ends at, with the new gradings it made; attempts made and failed.

    python bench/bench_calcudoku_climbs.py [--size 6] [--seeds 0-19]

Counts, not times, so it repeats exactly under any load. A grading counts once, when
DraftCages.grade() grades a draft it has not met (a cached one is free). The climbs are
the generator's own (generate._climbed), watched from outside: the puzzles made are those
the kind makes for seeds 0, 1, ... at 'expert'.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from typing import Any

import timing  # noqa: F401  (puts this checkout's bookmaker first on sys.path)

from bookmaker.core.calcudoku import generate
from bookmaker.core.calcudoku.cages import CalcCages
from bookmaker.core.calcudoku.kind import CALCUDOKU


class Tally:
    """New gradings, climbs by (from, to) grade and their gradings, attempts by outcome."""

    def __init__(self) -> None:
        self.gradings = 0
        self.climbs: Counter[tuple[str, str]] = Counter()
        self.climb_gradings: Counter[tuple[str, str]] = Counter()
        self.attempts: Counter[str] = Counter()

    def watch(self) -> None:
        """Wrap the generator's grading, climb and attempt to count them."""
        grade, climbed, attempt = (generate.DraftCages.grade, generate._climbed,
                                   generate.make_attempt)

        def counted_grade(made: Any, draft: Any, ceiling: str) -> Any:
            before = len(made._grades)
            found = grade(made, draft, ceiling)
            self.gradings += len(made._grades) - before
            return found

        def counted_climb(draft: Any, grading: Any, *rest: Any) -> Any:
            before = self.gradings
            found = climbed(draft, grading, *rest)
            key = (grading.grade, "none" if found is None else found[1].grade)
            self.climbs[key] += 1
            self.climb_gradings[key] += self.gradings - before
            return found

        def counted_attempt(*args: Any) -> Any:
            found = attempt(*args)
            self.attempts["made" if found is not None else "failed"] += 1
            return found

        # setattr: the wrappers take what the originals take, typed loosely
        setattr(generate.DraftCages, "grade", counted_grade)  # noqa: B010
        setattr(generate, "_climbed", counted_climb)  # noqa: B010
        setattr(generate, "make_attempt", counted_attempt)  # noqa: B010


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=6)
    parser.add_argument("--seeds", default="0-19", help="first-last, inclusive")
    args = parser.parse_args()
    first, last = (int(part) for part in args.seeds.split("-"))
    tally = Tally()
    tally.watch()
    shape = CALCUDOKU.board(CALCUDOKU.frame(args.size))
    per_puzzle, one_cell = [], 0
    for seed in range(first, last + 1):
        before = tally.gradings
        puzzle, _ = generate.generate_calcudoku(CalcCages, shape, seed, "expert")
        per_puzzle.append(tally.gradings - before)
        one_cell += sum(len(cage.cells) == 1 for cage in puzzle.extras.cages)
    print(f"{args.size}x{args.size} expert, seeds {args.seeds}: gradings a puzzle median "
          f"{statistics.median(per_puzzle)}, mean {statistics.mean(per_puzzle):.0f}, "
          f"max {max(per_puzzle)}; attempts {dict(tally.attempts)}; "
          f"one-cell cages a puzzle {one_cell / len(per_puzzle):.1f}")
    print("| climb from | to | climbs | gradings | a climb | share |")
    print("|---|---|---|---|---|---|")
    for key, count in sorted(tally.climbs.items(), key=lambda item: -tally.climb_gradings[item[0]]):
        spent = tally.climb_gradings[key]
        print(f"| {key[0]} | {key[1]} | {count} | {spent} | {spent / count:.1f} | "
              f"{spent / tally.gradings:.0%} |")


if __name__ == "__main__":
    main()
