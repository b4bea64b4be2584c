"""Killer Sudoku: generation per grade (one core, CPU time), the cages it makes, the cost of
the two proofs (and of Dancing Links, the road not taken), and the generation methods
measured against each other."""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

import timing  # also puts this checkout's bookmaker first on sys.path
from killer_dlx import killer_dlx_solve

from bookmaker.core.cages import Cages
from bookmaker.core.generator import GenerationError, generate, random_solution
from bookmaker.core.grader import GRADES
from bookmaker.core.killercheck import check_killer
from bookmaker.core.killergen import (Layout, acceptance, generate_killer, max_cage_cells,
                                      merge_while)
from bookmaker.core.killergrade import grade_killer_within
from bookmaker.core.killersolver import killer_solutions
from bookmaker.core.grid import Grid
from bookmaker.core.rng import Rng
from bookmaker.core.shape import Shape, shape_of
from bookmaker.core.targeted import attempt_seed

DIFFICULTIES = ("any",) + GRADES
DLX_MAX_NODES = 3_000  # Dancing Links on a Killer: a node costs milliseconds


def cpu(fn):
    """CPU seconds of one call, and its result."""
    start = time.process_time()
    result = fn()
    return time.process_time() - start, result


def made(shape: Shape, difficulty: str, seeds: range) -> tuple[float, list, int]:
    """CPU seconds to make a Killer for each seed, the puzzles, and the failures."""
    puzzles, failures, took = [], 0, 0.0
    for seed in seeds:
        try:
            spent, (puzzle, grading) = cpu(lambda: generate_killer(shape, seed, difficulty))
        except GenerationError as error:
            failures += 1
            took += 0.0
            print(f"  {shape} {difficulty} seed {seed}: {error}")
            continue
        took += spent
        puzzles.append((puzzle, grading))
    return took, puzzles, failures


def cage_text(puzzles) -> tuple[str, str, str]:
    """Mean cages, one-cell cages per puzzle and the cage sizes seen, for a table."""
    if not puzzles:
        return "-", "-", "-"
    counts = [len(p.cages.cages) for p, _ in puzzles]
    ones = sum(len(c.cells) == 1 for p, _ in puzzles for c in p.cages.cages)
    sizes = Counter(len(c.cells) for p, _ in puzzles for c in p.cages.cages)
    spread = " ".join(f"{k}:{sizes[k]}" for k in sorted(sizes))
    return f"{statistics.mean(counts):.1f}", f"{ones / len(puzzles):.2f}", spread


def generation_rows(shape: Shape, count: int, difficulties) -> list[list[str]]:
    """Killers per second (CPU) for each grade, against plain classic generate() measured
    just before on the same seeds."""
    seeds = range(count)
    plain, _ = cpu(lambda: [generate(shape_of(shape.box_rows, shape.box_cols), s) for s in seeds])
    rows = []
    for difficulty in difficulties:
        took, puzzles, failures = made(shape, difficulty, seeds)
        rate = len(puzzles) / took if took else 0.0
        cages, ones, spread = cage_text(puzzles)
        rows.append([str(shape), difficulty, f"{len(puzzles)}/{count}",
                     timing.rate_text(rate), timing.seconds_text(took / max(len(puzzles), 1)),
                     f"{(count / plain) / rate:,.0f}" if rate else "-", cages, ones, spread])
    return rows


def proof_rows(shape: Shape, count: int, difficulties) -> list[list[str]]:
    """Median CPU time and nodes of the Killer solver, the Killer check and Dancing Links
    with a row per cage placement, on generated Killers of each grade."""
    rows = []
    for difficulty in difficulties:
        _, puzzles, _ = made(shape, difficulty, range(count))
        solver, check, dlx, dlx_failed = [], [], [], 0
        for puzzle, _ in puzzles:
            cages, blank = puzzle.cages, puzzle.givens.cells
            pairs = [(c.cells, c.total) for c in cages.cages]
            solver.append(cpu(lambda: killer_solutions(cages, blank, limit=2)))
            check.append(cpu(lambda: check_killer(shape, pairs, blank, limit=2)))
            took, result = cpu(lambda: killer_dlx_solve(shape, pairs, blank, 2, DLX_MAX_NODES))
            dlx.append((took, result))
            dlx_failed += not result.complete
        rows.append([str(shape), difficulty, str(len(puzzles))]
                    + [_median_text(runs) for runs in (solver, check, dlx)]
                    + [f"{dlx_failed}/{len(puzzles)}"])
    return rows


def _median_text(runs) -> str:
    times = statistics.median(t for t, _ in runs)
    nodes = statistics.median(r.nodes for _, r in runs)
    return f"{timing.seconds_text(times)}, {nodes:,.0f} nodes"


# Generation methods measured against the one chosen (core/killergen.py)

def domino_start(layout: Layout, rng: Rng, accept, limit: int) -> None:
    """Solo's start: cells paired into dominoes at random in reading order (a cell with no
    free neighbour stays alone), taken whole, without checking; then random merges."""
    n = layout.shape.size
    for cell in range(n * n):
        if len(layout.cells.get(cell, ())) != 1 or layout.owner[cell] != cell:
            continue
        free = [o for o in layout.neighbours[cell] if len(layout.cells.get(o, ())) == 1
                and layout.owner[o] == o and not layout.values[o] & layout.values[cell]]
        if free:
            layout.merge((cell, free[rng.below(len(free))]))
    if accept(layout.cages()):
        random_merges(layout, rng, accept, limit)


def random_merges(layout: Layout, rng: Rng, accept, limit: int) -> None:
    """Solo's merging: any neighbouring pair at random, not the smallest first."""
    refused = set()
    while True:
        pairs = [p for p in layout.merges(limit)
                 if (tuple(layout.cells[p[0]]), tuple(layout.cells[p[1]])) not in refused]
        if not pairs:
            return
        pair = pairs[rng.below(len(pairs))]
        if accept(layout.cages(pair)):
            layout.merge(pair)
        else:
            refused.add((tuple(layout.cells[pair[0]]), tuple(layout.cells[pair[1]])))


def with_method(shape: Shape, seed: int, difficulty: str, merge, limit: int,
                attempts: int = 40):
    """generate_killer's attempts with another merging method or cage limit; the cages
    and the number of attempts, or None."""
    for attempt in range(attempts):
        rng = Rng(attempt_seed(seed, attempt))
        solution = random_solution(shape, rng)
        layout = Layout(shape, solution)
        accept = acceptance(shape, solution, difficulty)
        merge(layout, rng, accept, limit)
        cages = layout.cages()
        blank = Grid(shape, (0,) * shape.cell_count)
        grading = grade_killer_within(blank, cages, GRADES[-1])
        unique = killer_solutions(cages, blank.cells, limit=2).unique
        if unique and not grading.guessing and difficulty in ("any", grading.grade):
            return cages, attempt + 1
    return None


def method_rows(shape: Shape, count: int, difficulties) -> list[list[str]]:
    limit = max_cage_cells(shape)
    methods = [("chosen: one-cell start, smallest merges first", merge_while, limit),
               ("the same, cages up to 6 cells", merge_while, 6),
               ("one-cell start, random merges", random_merges, limit),
               ("Solo: domino start, random merges", domino_start, limit)]
    rows = []
    for difficulty in difficulties:
        for name, merge, cells in methods:
            took, results = cpu(lambda: [with_method(shape, s, difficulty, merge, cells)
                                         for s in range(count)])
            found = [r for r in results if r is not None]
            cages: list[Cages] = [c for c, _ in found]
            ones = sum(len(c.cells) == 1 for layout in cages for c in layout.cages)
            rows.append([difficulty, name, f"{len(found)}/{count}",
                         timing.rate_text(len(found) / took) if found else "-",
                         f"{statistics.mean(a for _, a in found):.1f}" if found else "-",
                         f"{statistics.mean(len(c.cages) for c in cages):.1f}" if found else "-",
                         f"{ones / max(len(found), 1):.2f}",
                         str(max((len(c.cells) for lay in cages for c in lay.cages), default=0))])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer puzzles")
    parser.add_argument("--n9", type=int, help="9x9 Killers per grade (default 20; quick 4)")
    parser.add_argument("--no-methods", action="store_true", help="skip the method comparison")
    args = parser.parse_args()
    n9 = args.n9 or (4 if args.quick else 20)
    small = 3 if args.quick else 10
    print(timing.machine())
    print("\n9x9 Killer generation per grade, one core, CPU time; x classic: how many "
          "plain classic generate() 9x9 puzzles the same CPU time makes")
    header = ["board", "grade", "made", "Killers/s", "per Killer", "x classic", "cages",
              "1-cell cages", "cage sizes (cells: count)"]
    print(timing.markdown_table(header, generation_rows(shape_of(3, 3), n9, DIFFICULTIES)))
    print("\nOther sizes")
    rows = []
    for box, grades in (((2, 2), ("any", "beginner")), ((2, 3), DIFFICULTIES),
                        ((2, 4), ("any", "beginner", "medium", "hard")),
                        ((3, 4), ("beginner", "medium"))):
        rows += generation_rows(shape_of(*box), small if box != (3, 4) else 2, grades)
    print(timing.markdown_table(header, rows))
    print("\nThe two proofs, and Dancing Links with a row per cage placement (stopped at "
          f"{DLX_MAX_NODES:,} nodes), median CPU time per 9x9 Killer")
    print(timing.markdown_table(["board", "grade", "Killers", "Killer solver", "Killer check",
                                 "Dancing Links", "DLX stopped"],
                                proof_rows(shape_of(3, 3), small, ("beginner", "medium",
                                                                   "hard", "any"))))
    if not args.no_methods:
        print("\nGeneration methods, 9x9, CPU time")
        print(timing.markdown_table(["grade", "method", "made", "Killers/s", "attempts",
                                     "cages", "1-cell cages", "largest cage"],
                                    method_rows(shape_of(3, 3), small, ("beginner", "hard")),
                                    text_columns=2))


if __name__ == "__main__":
    main()
