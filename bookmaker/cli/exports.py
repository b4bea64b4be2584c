"""`bookmaker export`: a book's, a daily series' or a file's puzzles as ipuz documents (or
JSON records), a JSON feed and CSV, a web page to solve them on, and art for layout desks."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..core.puzzle import Puzzle
from ..core.registry import kind_of_puzzle
from ..core.words import counted
from ..design.catalogue import REFERENCE_LANGUAGE, language_names, load_catalogue
from ..export.formats import EXPORTERS, Naming, export_files, joined
from ..export.items import (
    ExportError,
    ExportItem,
    Source,
    daily_items,
    distinct,
    grade_caption,
    item_of,
    manifest_items,
)
from ..puzzles.outputs import OutputError, OutputSet, replace_outputs
from ..puzzles.puzzlefile import PuzzleFile
from .common import main
from .options import (
    board_from_options,
    kind_stated,
    proven_or_exit,
    read_or_exit,
    size_options,
    variant_option,
)

FORMATS = tuple(EXPORTERS)
DEFAULT_FORMATS = ("ipuz", "feed", "page")  # art is asked for: six files a puzzle


def formats_option(ctx: click.Context, param: click.Parameter, text: str) -> tuple[str, ...]:
    """--formats: names from FORMATS, comma separated, by the rule specs' `outputs:` follow
    (design/choices.py); a usage error names a wrong one."""
    from ..design.choices import output_names

    try:
        return output_names([name for name in text.split(",") if name.strip()], FORMATS)
    except ValueError as err:
        raise click.BadParameter(f"{err}; comma separated (got {text!r})",
                                 param_hint="'--formats'") from None


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
                   "the rest), puzzlink (puzzlink.txt: each puzzle's puzz.link URL, one a "
                   "line), art (each grid and its answer alone for a layout desk: PDF, SVG "
                   "and EPS, text as outlines in SVG and EPS, in grey), art-cmyk (PDF and EPS "
                   "on CMYK's black plate).")
@click.option("--lang", "language", default=None, type=click.Choice(language_names()),
              help="The language of the web page's words. [default: the one the manifest "
                   "or the daily's day.json records, else en]")
@size_options
@variant_option
@click.pass_context
def export(ctx, sources, out_dir, formats, language, size, box, kind) -> None:
    """Export puzzles for other desks and players.

    SOURCE is a book's manifest (the <name>.json a build writes), a daily series' folder
    (or one date's folder: the day.json files), or a file of puzzles: lines of --variant's
    kind, or the .ipuz and .json files export writes. Every puzzle is proven unique again
    before it is written; nothing is written if anything is wrong.
    """
    title, items, dated, recorded = "", [], False, None
    for source in sources:
        found, is_daily = source_items(ctx, source, size, box, kind, language)
        title, dated = title or found.title, dated or is_daily
        recorded = recorded or found.language
        items += found.items
    items, renamed = distinct(items)
    naming = Naming(title=title, series=title, language=language or recorded or "en")
    try:
        files = export_files(formats, items, naming) if not dated or "page" not in formats \
            else joined(export_files([f for f in formats if f != "page"], items, naming),
                        daily_pages(items, naming.language))
        written = replace_outputs(OutputSet(Path(out_dir), files))
    except (ExportError, OutputError, OSError) as err:
        raise click.ClickException(str(err)) from None
    if renamed:
        click.echo(f"bookmaker: {counted(len(renamed), 'id')} taken earlier in this "
                   f"export, renamed: "
                   f"{', '.join(f'{old} -> {new}' for old, new in renamed)}", err=True)
    click.echo(f"{counted(len(items), 'puzzle')}, {counted(len(written), 'file')} in {out_dir}")


def daily_pages(items: list[ExportItem], language: str) -> dict[str, bytes]:
    """One page a day, named by its date (a day's page holds no other day's answer)."""
    pages: dict[str, bytes] = {}
    for item in items:
        pages = joined(pages, EXPORTERS["page"]([item], Naming(
            page=f"{item.stem}.html", title=item.heading, language=language)))
    return pages


def source_items(ctx: click.Context, source: str, size, box, kind,
                 language: str | None = None) -> tuple[Source, bool]:
    """(what it holds, whether it is a daily's) of one SOURCE: a daily folder or day.json,
    a manifest, or a puzzle file (whose language is None: it records none), captioned in
    `language` (--lang) or else the one it records. A daily's or a manifest's puzzles name
    their kinds and sizes: --variant, where given, must be theirs; --size and --box are for
    puzzle files."""
    path = Path(source)
    document = _json_object(path) if source != "-" and path.suffix == ".json" else None
    daily = path.is_dir() or path.name == "day.json" or _is_day(document)
    named = daily or _is_manifest(document)
    if named and (size is not None or box is not None):
        raise click.UsageError(f"{source}: --size and --box are for files of puzzle lines; "
                               f"a {'manifest' if _is_manifest(document) else 'daily'} "
                               f"names its puzzles' sizes")
    stated = kind if kind_stated() else None
    try:
        if daily:
            return daily_items(path if path.is_dir() else path.parent, stated, language), True
        if _is_manifest(document):
            return manifest_items(path, stated, language), False
    except ExportError as err:
        raise click.ClickException(str(err)) from None
    puzzle_file = read_or_exit(ctx, source, board_from_options(size, box, kind), kind)
    return Source("", file_items(ctx, puzzle_file, language), language), False


def _json_object(path: Path) -> dict | None:
    """The JSON object a file holds, or None (not JSON, not an object, not readable)."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return document if isinstance(document, dict) else None


def _is_manifest(document: dict | None) -> bool:
    return document is not None and "puzzles" in document and "title" in document


def _is_day(document: dict | None) -> bool:
    """Whether a document is a daily's day.json (its series, date and puzzle line)."""
    return document is not None and {"series", "date", "givens", "answer_folder"} <= set(document)


def file_items(ctx: click.Context, puzzle_file: PuzzleFile,
               language: str | None = None) -> list[ExportItem]:
    """A file's puzzles, proven unique twice and graded, named <file stem>-<number>, with
    the id and symbols the file gives them (an ipuz document's, a record's), if any;
    captioned by grade in `language` (English if None)."""
    words = load_catalogue(language or REFERENCE_LANGUAGE)
    stem = "puzzles" if puzzle_file.source.startswith("<") else Path(puzzle_file.source).stem
    items = []
    for line, puzzle in zip(puzzle_file.lines, proven_or_exit(ctx, puzzle_file)):
        graded = _graded(puzzle)
        name = f"{stem}-{line.number}"
        items.append(item_of(graded, name, f"{kind_of_puzzle(graded).title} {line.number}",
                             grade_caption(graded, words), id=line.id or name, seeded=False,
                             symbols=line.symbols))
    return items


def _graded(puzzle: Puzzle) -> Puzzle:
    grading = kind_of_puzzle(puzzle).grade(puzzle.givens, puzzle.extras)
    return puzzle.graded(grading)
