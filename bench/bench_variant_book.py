"""Variant books end to end against classic 9x9 books of the same size and layout, in the
same run: `--book mixed` (default), 200 puzzles of X, Hyper, Jigsaw, Samurai, Killer and
Killer X; `--book killer`, 100 9x9 Killers (40 easy, 40 medium, 20 hard) against 100
classic puzzles of the same grades. Each build in its own process (bench_book.one_build),
the two taking turns, medians of the repeats, CPU time of all processes, and render CPU
per page.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

import timing  # also puts this checkout's bookmaker first on sys.path
from bench_book import HEADER, one_build

# The mixed book's Killers are easy ones, as first measured (at grade `any` a 9x9 Killer
# can take a minute; one the Killer check cannot decide is now remade from a derived seed).
MIXED = HEADER + """\
  - {name: Diagonals, size: 9x9, count: 50, variant: x, symmetry: rotational}
  - {name: Windows, size: 9x9, count: 40, variant: hyper, symmetry: rotational}
  - {name: Shapes, size: 9x9, count: 50, variant: jigsaw}
  - {name: Samurai, size: 9x9, count: 10, variant: samurai, symmetry: rotational}
  - {name: Cages, size: 9x9, count: 30, variant: killer, difficulty: easy}
  - {name: Cages and Diagonals, size: 9x9, count: 20, variant: killer-x, difficulty: easy}
"""
CLASSIC = HEADER + """\
  - {name: Classic, size: 9x9, count: 200, symmetry: rotational}
"""
KILLER = HEADER + """\
  - {name: Easy, size: 9x9, count: 40, variant: killer, difficulty: easy}
  - {name: Medium, size: 9x9, count: 40, variant: killer, difficulty: medium}
  - {name: Hard, size: 9x9, count: 20, variant: killer, difficulty: hard}
"""
CLASSIC_GRADED = HEADER + """\
  - {name: Easy, size: 9x9, count: 40, difficulty: easy}
  - {name: Medium, size: 9x9, count: 40, difficulty: medium}
  - {name: Hard, size: 9x9, count: 20, difficulty: hard}
"""
BOOKS = {"mixed": {"mixed variants": MIXED, "classic 9x9": CLASSIC},
         "killer": {"killer 9x9": KILLER, "classic 9x9": CLASSIC_GRADED}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--book", choices=sorted(BOOKS), default="mixed")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: each book a tenth of its size, built once")
    args = parser.parse_args()
    if args.quick:
        args.repeats = 1
    print(f"# bench_variant_book{' --quick' if args.quick else ''}: {timing.machine()}",
          f"book: {args.book}")
    books = BOOKS[args.book]
    runs: dict[str, list[dict]] = {name: [] for name in books}
    with tempfile.TemporaryDirectory() as folder:
        specs = {}
        for name, text in books.items():
            specs[name] = Path(folder) / f"{name.split()[0]}.yaml"
            specs[name].write_text(timing.scaled_counts(text, 10) if args.quick else text,
                                   encoding="utf-8")
        names = list(runs)
        for repeat in range(args.repeats):
            for name in names if repeat % 2 == 0 else names[::-1]:
                runs[name].append(one_build(sys.executable, specs[name], args.jobs, True))
    print(table(runs))
    variant, classic = names
    ratios = [m["cpu"] / c["cpu"] for m, c in zip(runs[variant], runs[classic])]
    print(f"\n{variant} / {classic} CPU, median of per-repeat quotients: "
          f"{statistics.median(ratios):.1f}x; load average at the end "
          f"{os.getloadavg()[0]:.2f}")


def table(runs: dict[str, list[dict]]) -> str:
    """Median (least-most) of each stage per book; render CPU per page."""
    stages = [("generate", "generate + grade + verify + no repeats"),
              ("compose", "layout"), ("total", "total, wall"), ("cpu", "CPU, all processes")]
    rows = []
    for key, label in stages:
        rows.append([label] + [_spread([run[key] for run in book]) for book in runs.values()])
    per_page = []
    for book in runs.values():
        pages = sum(book[-1]["pages"].values())
        drawing = [sum(v for k, v in run.items() if k.startswith("render CPU")) for run in book]
        per_page.append(f"{statistics.median(drawing) / pages * 1000:.1f} ms ({pages} pages)")
    rows.append(["render CPU per page"] + per_page)
    return timing.markdown_table(["stage"] + list(runs), rows)


def _spread(values: list[float]) -> str:
    return (f"{timing.seconds_text(statistics.median(values))} "
            f"({timing.seconds_text(min(values))}-{timing.seconds_text(max(values))})")


if __name__ == "__main__":
    main()
