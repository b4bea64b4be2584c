"""Killer Sudoku: generation and grading per grade and size (one core, CPU time) against
classic puzzles of the same grade in the same run, the cages it makes, the cost of the two
proofs (and of Dancing Links, the road not taken), and the generation methods measured
against each other."""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import Counter

import timing  # also puts this checkout's bookmaker first on sys.path
from killer_dlx import killer_dlx_solve

from bookmaker.core import compiled
from bookmaker.core.board.grid import Grid
from bookmaker.core.board.shape import Shape, shape_of
from bookmaker.core.generate.graded import attempt_seed, generate_graded
from bookmaker.core.generate.removal import random_solution
from bookmaker.core.grade.grader import grade
from bookmaker.core.grade.grades import GRADES
from bookmaker.core.killer.cages import Cages
from bookmaker.core.killer.check import check_killer
from bookmaker.core.killer.generate import (
    Layout,
    acceptance,
    generate_killer,
    max_cage_cells,
    merge_while,
    pair_up,
)
from bookmaker.core.killer.grade import grade_killer, grade_killer_within
from bookmaker.core.killer.solver import killer_solutions
from bookmaker.core.puzzle import GenerationError
from bookmaker.core.rng import Rng

DIFFICULTIES = ("any",) + GRADES
DLX_MAX_NODES = 3_000  # Dancing Links on a Killer: a node costs milliseconds


def cpu(fn):
    """CPU seconds of one call, and its result."""
    start = time.process_time()
    result = fn()
    return time.process_time() - start, result


def made(shape: Shape, difficulty: str, seeds: range) -> tuple[float, list[float], list]:
    """CPU seconds spent making a Killer for each seed (failures included), each made
    Killer's CPU seconds, and the Killers with their gradings."""
    puzzles, times, took = [], [], 0.0
    for seed in seeds:
        start = time.process_time()
        try:
            puzzles.append(generate_killer(shape, seed, difficulty))
            times.append(time.process_time() - start)
        except GenerationError as error:
            print(f"  {shape} {difficulty} seed {seed}: {error}")
        took += time.process_time() - start
    return took, times, puzzles


def classic_made(shape: Shape, difficulty: str, seeds: range,
                 on_compiled: bool = False) -> tuple[list[float], list]:
    """CPU seconds of each classic puzzle of the grade (generate_graded) on the same seeds,
    on the pure core (the Killer's) or the compiled one, and the puzzles; stops at the
    first seed the grade is out of reach for."""
    times, puzzles = [], []
    for seed in seeds:
        try:
            with compiled.using(on_compiled, "the pure reference"):
                spent, (puzzle, _) = cpu(lambda: generate_graded(shape, seed, difficulty))
        except GenerationError:
            break
        times.append(spent)
        puzzles.append(puzzle)
    return times, puzzles


def cage_text(puzzles) -> tuple[str, str, str]:
    """Mean cages, one-cell cages per puzzle and the cage sizes seen, for a table."""
    if not puzzles:
        return "-", "-", "-"
    counts = [len(p.extras.cages) for p, _ in puzzles]
    ones = sum(len(c.cells) == 1 for p, _ in puzzles for c in p.extras.cages)
    sizes = Counter(len(c.cells) for p, _ in puzzles for c in p.extras.cages)
    spread = " ".join(f"{k}:{sizes[k]}" for k in sorted(sizes))
    return f"{statistics.mean(counts):.1f}", f"{ones / len(puzzles):.2f}", spread


def generation_rows(shape: Shape, count: int, difficulties,
                    repeats: int) -> tuple[list[list[str]], list[list[str]]]:
    """Per grade, one core, CPU time: Killer generation (rate over all the CPU spent,
    failures included, and the median Killer) against classic puzzles of the same grade
    on the same seeds (generate_graded, right after, on the pure core as the Killer runs,
    and on the compiled core if built); then grading those Killers (grade_killer, step by
    step) against grading those classic puzzles on the pure core, in turns, `repeats`
    times. Two tables' rows."""
    classic_shape = shape_of(shape.box_rows, shape.box_cols)
    made_rows, grade_rows = [], []
    for difficulty in difficulties:
        took, times, puzzles = made(shape, difficulty, range(count))
        classic_times, classics = classic_made(classic_shape, difficulty, range(count))
        c_times = classic_made(classic_shape, difficulty, range(count), True)[0] \
            if compiled.available() else []
        cages, ones, spread = cage_text(puzzles)
        made_rows.append([str(shape), difficulty, f"{len(puzzles)}/{count}",
                          timing.rate_text(len(puzzles) / took) if puzzles else "-",
                          _median_seconds(times), _median_seconds(classic_times),
                          _ratio(times, classic_times), _median_seconds(c_times),
                          cages, ones, spread])
        grade_rows.append(grading_row(shape, difficulty, puzzles, classics, repeats))
    return made_rows, grade_rows
def grading_row(shape: Shape, difficulty: str, killers, classics,
                repeats: int) -> list[str]:
    """Killers graded a second (CPU, median of the repeats) by grade_killer(), classic
    puzzles of the grade by grade(), and how many times a classic grading is faster."""
    if not killers:
        return [str(shape), difficulty, "0", "-", "-", "-"]
    fns = {"killer": lambda: [grade_killer(p.givens, p.extras) for p, _ in killers]}
    if classics:
        fns["classic"] = lambda: _pure(lambda: [grade(p.givens) for p in classics])
    timings, _ = timing.interleaved(fns, repeats)
    killer_rate = len(killers) / timings["killer"].cpu
    if not classics:
        return [str(shape), difficulty, str(len(killers)), timing.rate_text(killer_rate),
                "not reached", "-"]
    classic_rate = len(classics) / timings["classic"].cpu
    return [str(shape), difficulty, str(len(killers)), timing.rate_text(killer_rate),
            timing.rate_text(classic_rate), f"{classic_rate / killer_rate:,.1f}"]


def _pure(fn):
    with compiled.using(False, "the pure reference"):
        return fn()


def _median_seconds(times: list[float]) -> str:
    return timing.seconds_text(statistics.median(times)) if times else "not reached"


def _ratio(times: list[float], classic_times: list[float]) -> str:
    """How many times a classic puzzle's median CPU time a Killer's median takes."""
    if not times or not classic_times:
        return "-"
    ratio = statistics.median(times) / statistics.median(classic_times)
    return f"{ratio:,.1f}" if ratio < 10 else f"{ratio:,.0f}"


def proof_rows(shape: Shape, count: int, difficulties) -> list[list[str]]:
    """Median CPU time and nodes of the Killer solver, the Killer check and Dancing Links
    with a row per cage placement, on generated Killers of each grade."""
    rows = []
    for difficulty in difficulties:
        _, _, puzzles = made(shape, difficulty, range(count))
        solver, check, dlx, dlx_failed = [], [], [], 0
        for puzzle, _ in puzzles:
            cages, blank = puzzle.extras, puzzle.givens.cells
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


# Generation methods measured against the one chosen (core/killer/generate.py)

def paired_start(layout: Layout, rng: Rng, accept, limit: int) -> None:
    """The chosen method, as generate_killer() runs it: one-cell cages paired into dominoes
    unchecked (kept if the grader accepts them all, else dropped), then merge_while()."""
    paired = layout.copy()
    pair_up(paired, rng)
    if accept(paired.cages()):
        layout.cells, layout.owner, layout.values = paired.cells, paired.owner, paired.values
    merge_while(layout, rng, accept, limit)


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
        assert grading is not None  # nothing is above the hardest grade
        unique = killer_solutions(cages, blank.cells, limit=2).unique
        if unique and not grading.guessing and difficulty in ("any", grading.grade):
            return cages, attempt + 1
    return None


def method_rows(shape: Shape, count: int, difficulties) -> list[list[str]]:
    limit = max_cage_cells(shape)
    methods = [("chosen: dominoes unchecked, smallest merges first", paired_start, limit),
               ("the same, cages up to 6 cells", paired_start, 6),
               ("one-cell start, smallest merges first", merge_while, limit),
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


SIZES = (((3, 3), DIFFICULTIES), ((2, 2), ("any", "beginner")), ((2, 3), DIFFICULTIES),
         ((2, 4), ("any", "beginner", "medium", "hard")), ((3, 4), ("beginner", "medium")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer puzzles")
    parser.add_argument("--n9", type=int, help="9x9 Killers per grade (default 20; quick 4)")
    parser.add_argument("--small", type=int, help="Killers per grade of the other sizes "
                        "(default 10; quick 3; 12x12: 2)")
    parser.add_argument("--repeats", type=int, help="gradings timed, taking turns (default "
                        f"{timing.DEFAULT_REPEATS}; quick {timing.QUICK_REPEATS})")
    parser.add_argument("--no-methods", action="store_true", help="skip the method comparison")
    args = parser.parse_args()
    n9 = args.n9 or (4 if args.quick else 20)
    small = args.small or (3 if args.quick else 10)
    repeats = args.repeats or (timing.QUICK_REPEATS if args.quick else timing.DEFAULT_REPEATS)
    print(timing.machine())
    made_rows, grade_rows = [], []
    for box, grades in SIZES:
        count = n9 if box == (3, 3) else 2 if box == (3, 4) else small
        rows = generation_rows(shape_of(*box), count, grades, repeats)
        made_rows += rows[0]
        grade_rows += rows[1]
    print("\nKiller generation per grade and size, one core, CPU time. Killers/s: all the CPU "
          "spent (failed seeds too) over the Killers made; classic: generate_graded() to the "
          "same grade on the same seeds, right after, on the pure core (as Killers run) and "
          "on the compiled one; x classic: median Killer / median pure classic")
    print(timing.markdown_table(["board", "grade", "made", "Killers/s", "median Killer",
                                 "median classic", "x classic", "median classic (C)",
                                 "cages", "1-cell cages", "cage sizes (cells: count)"],
                                made_rows))
    print(f"\nGrading those puzzles step by step, one core, CPU time, median of {repeats} "
          "repeats taking turns; x: how many times faster a classic puzzle of the grade is "
          "graded")
    print(timing.markdown_table(["board", "grade", "Killers", "Killers graded/s",
                                 "classic graded/s", "x"], grade_rows))
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
    print(f"\nload average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
