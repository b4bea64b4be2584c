"""Colour Nonogram: a puzzle made from each bundled colour picture at 15x15, 20x20 and 30x30,
and random grids of 3 and 4 colours at 15x15, one core, CPU time: the median a puzzle, its
changes and givens, its grade, and both proofs' time. Tatham has no colour Nonogram.
"""

from __future__ import annotations

import argparse
import statistics

import timing  # also puts this checkout's bookmaker first on sys.path
from bench_nonogram import cpu

from bookmaker.core.nonogram.colourautomata import grids_by_colour_automata
from bookmaker.core.nonogram.colourgrade import grade_colour_nonogram
from bookmaker.core.nonogram.colourmaker import make_from_colour_picture, random_colour_grid
from bookmaker.core.nonogram.coloursolver import count_solutions
from bookmaker.core.rng import Rng, derive_seed
from bookmaker.design.painted import bundled_paintings, painted

PALETTE_SIZES = (3, 4)


def row(name: str, cells, seed: int, repeats: int) -> tuple[list[str], float]:
    """One table row for making a puzzle of cells: the median CPU of `repeats` runs."""
    runs = []
    for _ in range(repeats):
        took, made = cpu(lambda: make_from_colour_picture(cells, Rng(derive_seed(seed, name))))
        runs.append(took)
    puzzle = made.puzzle
    proof_one, _ = cpu(lambda: count_solutions(puzzle))
    proof_two, _ = cpu(lambda: grids_by_colour_automata(puzzle.rows, puzzle.columns,
                                                        puzzle.colours, puzzle.givens))
    median = statistics.median(runs)
    return [name, str(puzzle.colours), str(len(made.changed)), str(len(puzzle.givens)),
            grade_colour_nonogram(puzzle).grade, timing.seconds_text(median),
            timing.seconds_text(proof_one), timing.seconds_text(proof_two)], median


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--random", type=int, default=5, help="random grids of each palette")
    args = parser.parse_args()
    print(timing.machine())
    rows: list[list[str]] = []
    by_size: dict[str, list[float]] = {}
    for size in (15, 20, 30):
        for picture in bundled_paintings():
            cells = painted(str(picture.path), size, size).cells
            line, median = row(f"{picture.name} {size}x{size}", cells, 1, args.repeats)
            rows.append(line)
            by_size.setdefault(f"pictures {size}x{size}", []).append(median)
    for colours in PALETTE_SIZES:
        for seed in range(args.random):
            cells = random_colour_grid(15, 15, colours, Rng(derive_seed(seed, "random")))
            line, median = row(f"random {seed} 15x15", cells, seed, args.repeats)
            rows.append(line)
            by_size.setdefault(f"random 15x15, {colours} colours", []).append(median)
    print(timing.markdown_table(["from", "colours", "changes", "givens", "grade",
                                 "make (median CPU)", "proof one", "proof two"], rows,
                                text_columns=5))
    for name, medians in by_size.items():
        print(f"{name}: median {timing.seconds_text(statistics.median(medians))}, worst "
              f"{timing.seconds_text(max(medians))}")


if __name__ == "__main__":
    main()
