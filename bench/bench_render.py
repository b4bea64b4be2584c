"""PDF rendering speed: 300 pages of four 9x9 puzzles, and their answer key, nine to a page."""

from __future__ import annotations

import argparse

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.core.board.shape import shape_for_size
from bookmaker.core.generate.removal import generate
from bookmaker.core.puzzle import Puzzle
from bookmaker.pages.page import PageGeometry, inches
from bookmaker.pages.paginate import GridItem, paginate_puzzles
from bookmaker.render.pdf import Metadata, render_pdf_bytes
from bookmaker.render.style import RenderStyle

GOAL_SECONDS = 2.0  # 300 pages of puzzles (issue 3)
DISTINCT = 20  # puzzles generated, then cycled: drawing costs the same for any puzzle
TRAVEL = PageGeometry(inches(6), inches(9), inches(0.125), margin_inside=inches(0.625),
                      margin_outside=inches(0.5), header_space=18, footer_space=20)


def book_items(puzzles: list[Puzzle], count: int, answers: bool) -> list[GridItem]:
    """`count` labelled items cycling through `puzzles`, as puzzles or as answers."""
    return [GridItem(p.givens, p.solution if answers else None, f"Puzzle {i + 1}",
                     "" if answers else "Medium · 9x9", f"Answer on page {300 + i // 9}")
            for i in range(count) for p in [puzzles[i % len(puzzles)]]]


def measure(name: str, count: int, per_page: int, answers: bool, puzzles: list[Puzzle],
            repeats: int) -> list[str]:
    """One table row: pages, median seconds (wall, CPU), pages/s and the file size."""
    style = RenderStyle(TRAVEL)
    pages = paginate_puzzles(book_items(puzzles, count, answers), TRAVEL, per_page, 1,
                             style.label_height, style.below_height, header="Medium")
    measured, data = timing.repeated(
        lambda: render_pdf_bytes(pages, style, Metadata("Bench")), repeats)
    goal = f"<= {GOAL_SECONDS:g} s: {timing.verdict(measured.cpu <= GOAL_SECONDS)}" \
        if not answers else "-"
    return [name, f"{len(pages)}", timing.seconds_text(measured.wall),
            timing.seconds_text(measured.cpu), f"{len(pages) / measured.cpu:,.0f}",
            f"{len(data) / 1e6:.2f} MB", goal]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=timing.DEFAULT_REPEATS)
    parser.add_argument("--pages", type=int, default=300, help="pages of puzzles")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 30 pages, 1 repeat")
    args = parser.parse_args()
    if args.quick:
        args.repeats, args.pages = 1, 30
    puzzles = [generate(shape_for_size(9), seed) for seed in range(DISTINCT)]
    rows = [measure("puzzles, 4 per page", args.pages * 4, 4, False, puzzles, args.repeats),
            measure("their answers, 9 per page", args.pages * 4, 9, True, puzzles, args.repeats)]
    print(f"# bench_render{' --quick' if args.quick else ''}: {timing.machine()}")
    print(f"median of {args.repeats} repeats; 6x9 in pages with bleed, default fonts\n")
    print(timing.markdown_table(["what", "pages", "wall", "CPU", "pages/s (CPU)", "file",
                                 "goal (CPU)"], rows))


if __name__ == "__main__":
    main()
