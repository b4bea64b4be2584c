"""`bookmaker export`: a book's, a daily series' or a file's puzzles as ipuz documents (or
JSON records), a JSON feed and CSV, a web page to solve them on, and art for layout desks."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..core.puzzle import Puzzle
from ..core.words import counted
from ..export.formats import EXPORTERS, Naming, export_files
from ..export.items import ExportError, ExportItem, daily_items, item_of, manifest_items
from ..puzzles.outputs import OutputError, OutputSet, replace_outputs
from ..puzzles.puzzlefile import PuzzleFile
from .common import main
from .options import (
    board_from_options,
    proven_or_exit,
    read_or_exit,
    size_options,
    variant_option,
)

FORMATS = tuple(EXPORTERS)
DEFAULT_FORMATS = ("ipuz", "feed", "page")  # art is asked for: six files a puzzle


def formats_option(ctx: click.Context, param: click.Parameter, text: str) -> tuple[str, ...]:
    """--formats: names from FORMATS, comma separated; a usage error names a wrong one."""
    names = tuple(dict.fromkeys(n.strip() for n in text.split(",") if n.strip()))
    wrong = [name for name in names if name not in FORMATS]
    if wrong or not names:
        raise click.BadParameter(f"expected some of {', '.join(FORMATS)}, comma separated; "
                                 f"got {text!r}", param_hint="'--formats'")
    return names


@main.command()
@click.argument("sources", metavar="SOURCE...", nargs=-1, required=True,
                type=click.Path(exists=True, allow_dash=True))
@click.option("-o", "--output", "out_dir", metavar="DIR", default="output/export",
              show_default=True, help="The folder the files are written to.")
@click.option("--formats", metavar="LIST", default=",".join(DEFAULT_FORMATS), show_default=True,
              callback=formats_option,
              help="What to write: ipuz (a document per puzzle, its answer inside; a JSON "
                   "record for a kind ipuz has no kind for), feed (feed.json and feed.csv), "
                   "page (a web page to solve them on: one a day for a daily series, one for "
                   "the rest), art (each grid and its answer alone for a layout desk: PDF, SVG "
                   "and EPS, text as outlines in SVG and EPS, in grey), art-cmyk (PDF and EPS "
                   "on CMYK's black plate).")
@size_options
@variant_option
@click.pass_context
def export(ctx, sources, out_dir, formats, size, box, kind) -> None:
    """Export puzzles for other desks and players.

    SOURCE is a book's manifest (the <name>.json a build writes), a daily series' folder
    (or one date's folder: the day.json files), or a file of puzzles: lines of --variant's
    kind, or the .ipuz and .json files export writes. Every puzzle is proven unique again
    before it is written; nothing is written if anything is wrong.
    """
    title, items, dated = "", [], False
    for source in sources:
        found_title, found, is_daily = source_items(ctx, source, size, box, kind)
        title, dated = title or found_title, dated or is_daily
        items += found
    naming = Naming(title=title, series=title)
    files = export_files(formats, items, naming) if not dated or "page" not in formats else \
        export_files([f for f in formats if f != "page"], items, naming) | daily_pages(items)
    try:
        written = replace_outputs(OutputSet(Path(out_dir), files))
    except (OutputError, OSError) as err:
        raise click.ClickException(str(err)) from None
    click.echo(f"{counted(len(items), 'puzzle')}, {counted(len(written), 'file')} in {out_dir}")


def daily_pages(items: list[ExportItem]) -> dict[str, bytes]:
    """One page a day, named by its date (a day's page holds no other day's answer)."""
    pages: dict[str, bytes] = {}
    for item in items:
        pages |= EXPORTERS["page"]([item], Naming(page=f"{item.stem}.html", title=item.heading))
    return pages


def source_items(ctx: click.Context, source: str, size, box, kind
                 ) -> tuple[str, list[ExportItem], bool]:
    """(title, items, whether they are a daily's) of one SOURCE."""
    path = Path(source)
    try:
        if source != "-" and path.is_dir():
            series, items = daily_items(path)
            return series, items, True
        if source != "-" and path.suffix == ".json" and _is_manifest(path):
            title, items = manifest_items(path)
            return title, items, False
    except ExportError as err:
        raise click.ClickException(str(err)) from None
    puzzle_file = read_or_exit(ctx, source, board_from_options(size, box, kind), kind)
    return "", file_items(ctx, puzzle_file), False


def _is_manifest(path: Path) -> bool:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(document, dict) and "puzzles" in document and "title" in document


def file_items(ctx: click.Context, puzzle_file: PuzzleFile) -> list[ExportItem]:
    """A file's puzzles, proven unique twice and graded, named <file stem>-<number>."""
    stem = "puzzles" if puzzle_file.source.startswith("<") else Path(puzzle_file.source).stem
    items = []
    for line, puzzle in zip(puzzle_file.lines, proven_or_exit(ctx, puzzle_file)):
        graded = _graded(puzzle)
        name = f"{stem}-{line.number}"
        items.append(item_of(graded, name, f"{graded.kind.title} {line.number}",
                             graded.grade.capitalize(), id=name, seeded=False))
    return items


def _graded(puzzle: Puzzle) -> Puzzle:
    grading = puzzle.kind.grade(puzzle.givens, puzzle.extras)
    return puzzle.graded(grading)
