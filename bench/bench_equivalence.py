"""Canonical forms per second (public 9x9 sets, generated boards 4x4 to 25x25) against a
brute-force reference and a floor; a 2,000-puzzle 9x9 book checked for repeats; registry
inserts and lookups per second."""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from itertools import permutations, product
from pathlib import Path

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.core.board.grid import Grid, format_grid, parse_grid
from bookmaker.core.board.shape import shape_of
from bookmaker.core.board.transform import FORM_SYMBOLS, canonical_form, transposition
from bookmaker.core.generate.removal import generate
from bookmaker.core.rng import derive_seed
from bookmaker.puzzles.dedupe import without_repeats
from bookmaker.puzzles.produce import PuzzleJob
from bookmaker.puzzles.registry import Entry, Registry

BOARDS = [  # (box rows, box cols, puzzles, quick puzzles)
    ((2, 2), 1000, 100), ((2, 3), 300, 30), ((3, 2), 300, 30), ((2, 4), 100, 10),
    ((3, 3), 200, 20), ((3, 4), 20, 3), ((4, 4), 10, 2), ((5, 5), 3, 1)]


def block_orders(n: int, block: int):
    for starts in permutations(range(0, n, block)):
        for parts in product(*(permutations(range(s, s + block)) for s in starts)):
            yield tuple(x for part in parts for x in part)


def brute_force_form(grid: Grid) -> str:
    """The reference: the least relabelled image over every member of the group."""
    if grid.shape.box_rows > grid.shape.box_cols:
        grid = transposition(grid.shape).apply(grid)
    shape, n = grid.shape, grid.shape.size
    sources = [grid.cells]
    if shape.box_rows == shape.box_cols:
        sources.append(tuple(grid.cells[c * n + r] for r in range(n) for c in range(n)))
    columns = list(block_orders(n, shape.box_cols))
    return min(relabelled([cells[r * n + c] for r in rows for c in cols])
               for cells in sources for rows in block_orders(n, shape.box_rows)
               for cols in columns)


def relabelled(cells) -> str:
    labels: dict[int, int] = {}
    for v in cells:
        if v:
            labels.setdefault(v, len(labels) + 1)
    return "".join(FORM_SYMBOLS[labels.get(v, 0)] for v in cells)


def group_size(box_rows: int, box_cols: int) -> int:
    """Row and column arrangements (times 2 with square boxes) the brute force visits."""
    n = box_rows * box_cols
    rows = _factorial(n // box_rows) * _factorial(box_rows) ** (n // box_rows)
    cols = _factorial(n // box_cols) * _factorial(box_cols) ** (n // box_cols)
    return rows * cols * (2 if box_rows == box_cols else 1)


def _factorial(k: int) -> int:
    return 1 if k < 2 else k * _factorial(k - 1)


def public_rows(sets, repeats: int) -> list[list[str]]:
    """Canonical forms per second on each set, with format_grid (a floor: reading the
    grid once) and the brute force's estimated time per puzzle measured in the same run."""
    rows = []
    per_image = image_seconds(sets[0][1][0])
    for name, grids in sets:
        took = timing.interleaved({"form": lambda: [canonical_form(g) for g in grids],
                                   "floor": lambda: [format_grid(g) for g in grids]}, repeats)[0]
        form, floor = took["form"], took["floor"]
        naive = per_image * group_size(3, 3)
        rows.append([name, f"{len(grids):,}", timing.rate_text(len(grids) / form.wall),
                     timing.rate_text(len(grids) / form.cpu),
                     timing.seconds_text(form.cpu / len(grids)),
                     f"{timing.speedup(floor, form):,.0f}", timing.seconds_text(naive),
                     f"{naive / (form.cpu / len(grids)):,.0f}",
                     timing.verdict(len(grids) / form.cpu >= 500)])
    return rows


def image_seconds(grid: Grid) -> float:
    """CPU seconds the brute force spends per image of a 9x9 grid (on 20,000 images)."""
    n = grid.shape.size
    orders = list(block_orders(n, 3))[:20_000 // 20]
    took, _ = timing.repeated(lambda: [relabelled([grid.cells[r * n + c] for r in rows
                                                   for c in cols])
                                       for rows in orders[:20] for cols in orders], 3)
    return took.cpu / (20 * len(orders))


def board_rows(quick: bool, repeats: int) -> list[list[str]]:
    """Canonical forms per second of generated minimal puzzles and of their solutions, by
    board; the brute force measured on the same puzzles where it takes seconds, not days."""
    rows = []
    for (box_rows, box_cols), count, quick_count in BOARDS:
        shape = shape_of(box_rows, box_cols)
        puzzles = [generate(shape, seed) for seed in range(quick_count if quick else count)]
        givens = [p.givens for p in puzzles]
        fns = {"form": lambda: [canonical_form(g) for g in givens]}
        brute = group_size(box_rows, box_cols) <= 5_000
        if brute:
            sample = givens[:max(1, len(givens) // 10)]
            fns["brute"] = lambda: [brute_force_form(g) for g in sample]
        took, results = timing.interleaved(fns, 1 if shape.size >= 12 else repeats)
        if brute:
            assert results["brute"] == results["form"][:len(sample)], "brute force disagrees"
        rate = len(givens) / took["form"].cpu
        ratio = (took["brute"].cpu / len(sample)) * rate if brute else None
        rows.append([f"{shape} ({shape.box_text})", f"{len(givens):,}",
                     f"{statistics.median(g.clue_count for g in givens):g}",
                     timing.rate_text(rate), timing.seconds_text(1 / rate),
                     f"{ratio:,.0f}" if ratio else "-", solution_rate(puzzles)])
    return rows


def solution_rate(puzzles) -> str:
    """Forms per second of complete grids (the hard case: every arrangement ties at first),
    or what happens when the search budget runs out."""
    from bookmaker.core.board.transform import CanonicalFormError
    solutions = [p.solution for p in puzzles[:3]]
    try:
        took, _ = timing.repeated(lambda: [canonical_form(s) for s in solutions], 1)
    except CanonicalFormError:
        return "over budget (error)"
    return timing.rate_text(len(solutions) / took.cpu) + "/s"


def book_rows(count: int, clues: int) -> list[list[str]]:
    """A count-puzzle 9x9 book's jobs (seeds as a book section derives them) made and
    checked for repeats: how long the check takes next to making the puzzles."""
    shape = shape_of(3, 3)
    jobs = [PuzzleJob(shape, derive_seed("bench-book", "book", "Main", "9x9", "3x3", "none", i),
                      target_clues=clues) for i in range(count)]
    made, puzzles = timing.repeated(lambda: [generate(j.shape, j.seed, target_clues=clues)
                                             for j in jobs], 1)
    checked, distinct = timing.repeated(
        lambda: without_repeats(jobs, puzzles, frozenset(), lambda more: [
            generate(j.shape, j.seed, target_clues=clues) for j in more]), 1)
    return [[f"{count:,}", str(clues or "minimal"), str(len(set(distinct.keys))),
             str(distinct.remade), timing.seconds_text(made.cpu),
             timing.seconds_text(checked.cpu), f"{checked.cpu / made.cpu:.0%}"]]


def registry_rows(sizes: list[int], repeats: int) -> list[list[str]]:
    """Registry inserts (one issue in one transaction; and one issue of 20 per
    transaction) and lookups (all keys of other issues; and the snapshot a build reads
    once, every row with its series and issue) per second, against a Python set as the
    floor."""
    rows = []
    for size in sizes:
        entries = [Entry(f"3x3:{i:081d}", "9x9", "3x3", "." * 81, "easy") for i in range(size)]
        with tempfile.TemporaryDirectory() as folder:
            registry = Registry(Path(folder) / "bench.registry.sqlite")
            one, _ = timing.repeated(lambda: registry.register("s", "big", entries), repeats)
            small = [[Entry(f"small-{k}-{i}", "9x9", "3x3", "." * 81, "easy")
                      for i in range(20)] for k in range(100)]

            def register_small() -> None:
                for k, part in enumerate(small):
                    registry.register("s", f"i{k}", part)

            many, _ = timing.repeated(register_small, 1)
            read, keys = timing.repeated(lambda: registry.keys_issued(("s", "none")), repeats)
            floor, _ = timing.repeated(lambda: frozenset(e.key for e in entries), repeats)
            check, _ = timing.repeated(registry.read, repeats)
        rows.append([f"{size:,}", timing.rate_text(size / one.wall),
                     timing.rate_text(len(small) / many.wall),
                     timing.rate_text(len(keys) / read.wall),
                     f"{read.cpu / floor.cpu:.1f}", timing.seconds_text(check.wall)])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer puzzles and repeats")
    parser.add_argument("--book", type=int, default=2000, help="puzzles in the 9x9 book")
    parser.add_argument("--book-clues", type=int, default=0,
                        help="clue target of the book's puzzles (0: minimal)")
    args = parser.parse_args()
    repeats = timing.QUICK_REPEATS if args.quick else timing.DEFAULT_REPEATS
    top, seventeen = (100, 200) if args.quick else (None, 2000)
    print(timing.machine(), file=sys.stderr)
    sets = [(name, [parse_grid(p) for p in timing.read_puzzles(f"{name}.txt", count, args.quick)])
            for name, count in (("top1465", top), ("sudoku17", seventeen))]
    print(timing.markdown_table(
        ["set", "puzzles", "forms/s (wall)", "forms/s (CPU)", "CPU per form",
         "form / format_grid (CPU)", "brute force per form (est.)", "times faster",
         "goal >= 500/s (CPU)"], public_rows(sets, repeats)))
    print()
    print(timing.markdown_table(
        ["board", "puzzles", "median clues", "forms/s (CPU)", "CPU per form",
         "times faster than brute force", "complete grids"], board_rows(args.quick, repeats)))
    print()
    print(timing.markdown_table(
        ["book puzzles", "clues", "distinct forms", "made again", "making (CPU)",
         "repeat check (CPU)", "check / making"],
        book_rows(200 if args.quick else args.book, args.book_clues)))
    print()
    print(timing.markdown_table(
        ["registry rows", "inserts/s (one transaction)", "transactions/s (20 rows)",
         "keys read/s", "read / Python set (CPU)", "snapshot of every row"],
        registry_rows([10_000] if args.quick else [10_000, 100_000], repeats)))


if __name__ == "__main__":
    main()
