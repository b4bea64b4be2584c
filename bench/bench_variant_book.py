"""A 200-puzzle mixed-variant book end to end (X, Hyper, Jigsaw, Samurai, Killer, Killer X)
against a 200-puzzle classic 9x9 book of the same layout, in the same run: each build in
its own process (bench_book.one_build), the two taking turns, medians of the repeats, CPU
time of all processes, and render CPU per page.
"""

from __future__ import annotations

import argparse
import os
import sys
import statistics
import tempfile
from pathlib import Path

import timing  # also puts this checkout's bookmaker first on sys.path
from bench_book import HEADER, one_build

# Killers are asked for easy ones: at `any` grade (so extreme ones), the Killer check
# (core/killercheck.py) can run out of nodes on a Killer the generator made, which stops
# the build (VerificationError): see the notes in bench/README.md.
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(timing.machine())
    runs: dict[str, list[dict]] = {"mixed variants": [], "classic 9x9": []}
    with tempfile.TemporaryDirectory() as folder:
        specs = {}
        for name, text in (("mixed variants", MIXED), ("classic 9x9", CLASSIC)):
            specs[name] = Path(folder) / f"{name.split()[0]}.yaml"
            specs[name].write_text(text, encoding="utf-8")
        names = list(runs)
        for repeat in range(args.repeats):
            for name in names if repeat % 2 == 0 else names[::-1]:
                runs[name].append(one_build(sys.executable, specs[name], args.jobs, True))
    print(table(runs))
    ratios = [m["cpu"] / c["cpu"] for m, c in zip(runs["mixed variants"], runs["classic 9x9"])]
    print(f"\nmixed / classic CPU, median of per-repeat quotients: "
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
