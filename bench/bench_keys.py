"""Repeat keys per second (core/board/transform.py's repeat_key: what builds, dailies and
registries compare), the pure Python search against its compiled twin (csrc/canonical.c)
in the same run, in turns, on generated puzzles of boards 4x4 to 25x25; the keys are
checked equal on both cores."""

from __future__ import annotations

import argparse
import os
import sys

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.core import compiled
from bookmaker.core.board.shape import shape_of
from bookmaker.core.board.transform import repeat_key
from bookmaker.core.generate.removal import generate

BOARDS = [  # (box, clue target (0: minimal), puzzles, quick puzzles)
    ((2, 2), 0, 1000, 100), ((2, 3), 0, 300, 30), ((3, 3), 0, 300, 30),
    ((3, 3), 30, 300, 30), ((3, 4), 0, 40, 5), ((4, 4), 0, 40, 5), ((4, 4), 140, 20, 3),
    ((5, 5), 0, 5, 1)]


def keys_on(wanted: bool, grids) -> list[str]:
    with compiled.using(wanted):
        return [repeat_key(grid) for grid in grids]


def board_rows(quick: bool, repeats: int) -> list[list[str]]:
    rows = []
    for box, clues, count, quick_count in BOARDS:
        shape = shape_of(*box)
        grids = [generate(shape, seed, target_clues=clues).givens
                 for seed in range(quick_count if quick else count)]
        took, keys = timing.interleaved({"pure": lambda: keys_on(False, grids),
                                         "compiled": lambda: keys_on(True, grids)}, repeats)
        if keys["pure"] != keys["compiled"]:
            sys.exit(f"bench: the cores disagree on a {shape} key")
        pure, fast = (len(grids) / took[name].cpu for name in ("pure", "compiled"))
        rows.append([f"{shape} ({shape.box_text})", str(clues or "minimal"), f"{len(grids):,}",
                     timing.rate_text(pure), timing.rate_text(fast),
                     f"{timing.speedup(took['compiled'], took['pure']):,.0f}"])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer puzzles and repeats")
    args = parser.parse_args()
    if not compiled.available():
        sys.exit("bench: the compiled core is not built here")
    repeats = timing.QUICK_REPEATS if args.quick else timing.DEFAULT_REPEATS
    print(f"# bench_keys{' --quick' if args.quick else ''}: {timing.machine()}\n")
    print(timing.markdown_table(
        ["board", "clues", "puzzles", "keys/s pure (CPU)", "keys/s compiled (CPU)",
         "compiled / pure"], board_rows(args.quick, repeats)))
    print(f"\nload average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
