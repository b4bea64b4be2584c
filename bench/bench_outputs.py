"""What replacing outputs as a set costs (puzzles/outputs.py): a book's three files and a year
of daily folders put in place over an older set, with their registry entries, against the
yardstick of writing each file to a temporary file and renaming it over the old one (what
builds did before sets), in the same run."""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.puzzles.outputs import OutputSet, replace_outputs
from bookmaker.puzzles.registry import Entry, Registry

# Sizes close to what builds write: a 300-puzzle book and its answer book, its manifest;
# a daily folder's two PDFs, four PNGs, two SVGs and day.json.
BOOK_FILES = {"book.pdf": 420_000, "book-answers.pdf": 180_000, "book.json": 230_000}
DAY_FILES = {"puzzle.pdf": 40_000, "answer.pdf": 40_000, "puzzle-print.png": 25_000,
             "answer-print.png": 25_000, "puzzle-web.png": 9_000, "answer-web.png": 9_000,
             "puzzle.svg": 30_000, "answer.svg": 30_000, "day.json": 500}


def book_set(generation: int) -> dict[str, bytes]:
    return {name: bytes([generation % 256]) * size for name, size in BOOK_FILES.items()}


def daily_set(days: int, generation: int) -> dict[str, bytes]:
    return {f"2027-{1 + day // 28:02d}-{1 + day % 28:02d}/{name}": bytes([generation % 256]) * size
            for day in range(days) for name, size in DAY_FILES.items()}


def entries(issue: int, count: int, generation: int) -> list[Entry]:
    return [Entry(f"key-{generation}-{issue}-{i}", "9x9", "3x3", "." * 81, "easy")
            for i in range(count)]


def plain_replace(root: Path, files: dict[str, bytes]) -> None:
    """The yardstick: each file to a temporary file beside it (flushed to disk), then
    renamed over the old one; eight files at a time, as daily runs did."""
    def one(item):
        name, data = item
        target = root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f".{target.name}.tmp")
        with open(temporary, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)

    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(one, files.items()))


class Scenario:
    """A folder holding an older set, replaced on every call by the next generation."""

    def __init__(self, root: Path, make_files, issues: int, as_set: bool) -> None:
        self.root, self.make_files, self.issues, self.as_set = root, make_files, issues, as_set
        self.generation = 0
        self.registry = Registry(root / "bench.registry.sqlite")
        self.step()  # the older set, and a registry holding it

    def step(self) -> None:
        self.generation += 1
        files = self.make_files(self.generation)
        pending = self.registry.pending(
            "bench", {f"issue-{i}": entries(i, max(1, 300 // self.issues), self.generation)
                      for i in range(self.issues)})
        if self.as_set:
            replace_outputs(OutputSet(self.root, files), pending)
        else:
            plain_replace(self.root, files)
            pending.prepare()
            pending.commit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=timing.DEFAULT_REPEATS)
    parser.add_argument("--days", type=int, default=365, help="days of daily folders")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 14 days, 1 repeat")
    args = parser.parse_args()
    if args.quick:
        args.repeats, args.days = 1, 14
    print(f"# bench_outputs{' --quick' if args.quick else ''}: {timing.machine()}")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for what, make_files, issues in (
                ("book: 3 files, 0.8 MB, 300 entries", book_set, 1),
                (f"daily: {args.days} folders, {9 * args.days} files, "
                 f"{sum(DAY_FILES.values()) * args.days / 1e6:.0f} MB, {args.days} issues",
                 lambda g: daily_set(args.days, g), args.days)):
            scenarios = {name: Scenario(Path(folder) / what[:5] / name, make_files, issues,
                                        name == "as a set") for name in ("as a set", "plain")}
            timings, _ = timing.interleaved({name: s.step for name, s in scenarios.items()},
                                            args.repeats)
            for scenario in scenarios.values():
                shutil.rmtree(scenario.root)
            ours, plain = timings["as a set"], timings["plain"]
            rows.append([what, timing.seconds_text(ours.wall), timing.seconds_text(plain.wall),
                         f"{ours.wall / plain.wall:.2f}", timing.seconds_text(ours.cpu),
                         timing.seconds_text(plain.cpu)])
    print(timing.markdown_table(["replacement", "as a set (wall)", "plain renames (wall)",
                                 "ratio", "as a set (CPU)", "plain (CPU)"], rows))


if __name__ == "__main__":
    main()
