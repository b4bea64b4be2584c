"""Cover time for a 300-page book, stage by stage and whole (`bookmaker cover`'s work),
for each design, with the interior's drawing of the same book as the yardstick."""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.book.compose import compose
from bookmaker.book.cover import composed_cover, cover_puzzles, make_cover
from bookmaker.book.plan import plan
from bookmaker.design.cover import design_names
from bookmaker.render.cover import preview_png, render_cover_pdf
from bookmaker.render.pdf import render_pdf_bytes
from bookmaker.spec import load_spec

GOAL_SECONDS = 1.0  # issue 13: a 300-page book's cover well under a second
SPEC = """\
book:
  title: Sudoku on the Go
  subtitle: Puzzles for Trains, Planes and Waiting Rooms
  author: Ada Lovelace
  seed: bench-cover
  layout: kdp-6x9
  registry: none
cover:
  design: {design}
  blurb: |
    Brand-new puzzles, made to fit in a coat pocket and to last a long journey.

    Every puzzle has exactly one solution, and the answers are at the back.
sections:
  - {{name: Journey, size: 9x9, count: {count}, difficulty: easy, puzzles_per_page: 2}}
"""


def spec_file(folder: Path, design: str, count: int) -> Path:
    path = folder / f"{design}.yaml"
    path.write_text(SPEC.format(design=design, count=count), encoding="utf-8")
    return path


def measure(folder: Path, design: str, count: int, repeats: int) -> list[str]:
    """One row: pages, and median CPU of each stage and of the whole cover command."""
    path = spec_file(folder, design, count)
    spec = load_spec(path)
    pages = len(spec.page_plan().book)
    puzzles = cover_puzzles(spec)
    pdf = render_cover_pdf(composed_cover(spec, puzzles))
    stages = {
        "load spec": lambda: load_spec(path),
        "make its puzzles": lambda: cover_puzzles(spec),
        "compose + PDF": lambda: render_cover_pdf(composed_cover(spec, puzzles)),
        "preview PNG": lambda: preview_png(pdf),
        "whole": lambda: make_cover(load_spec(path), folder / "out"),
    }
    timings, _ = timing.interleaved(stages, repeats)
    whole = timings["whole"].cpu
    return [design, f"{pages}", f"{len(puzzles)}",
            *(timing.seconds_text(timings[name].cpu) for name in stages),
            timing.seconds_text(timings["whole"].wall),
            f"<= {GOAL_SECONDS:g} s: {timing.verdict(whole <= GOAL_SECONDS)}"]


def interior_render(folder: Path, count: int, repeats: int) -> tuple[int, float]:
    """The yardstick: drawing the same book's interior PDF (its puzzles cycled)."""
    spec = load_spec(spec_file(folder, "classic", count))
    planned = plan(spec)
    made = cover_puzzles(spec)
    puzzles = [made[i % len(made)] for i in range(len(planned))]
    book = compose(spec, planned, puzzles, ())
    document = book.documents[0]
    measured, _ = timing.repeated(lambda: render_pdf_bytes(
        document.pages, document.style, document.metadata, document.outline), repeats)
    return len(document.pages), measured.cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=timing.DEFAULT_REPEATS)
    parser.add_argument("--puzzles", type=int, default=440, help="9x9 puzzles, 2 a page "
                        "(440: about 300 pages with answers at the back)")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: a 40-puzzle book, 1 repeat")
    args = parser.parse_args()
    if args.quick:
        args.repeats, args.puzzles = 1, 40
    print(f"# bench_cover{' --quick' if args.quick else ''}: {timing.machine()}")
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as folder:
        rows = [measure(Path(folder), design, args.puzzles, args.repeats)
                for design in design_names()]
        pages, interior = interior_render(Path(folder), args.puzzles, args.repeats)
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    print(f"median CPU of {args.repeats} repeats, taking turns; 6x9 in book\n")
    print(timing.markdown_table(
        ["design", "pages", "puzzles", "load spec", "make its puzzles", "compose + PDF",
         "preview PNG", "whole (CPU)", "whole (wall)", "goal (CPU)"], rows))
    print(f"\nyardstick, same run: drawing the {pages}-page interior takes "
          f"{timing.seconds_text(interior)} of CPU")


if __name__ == "__main__":
    main()
