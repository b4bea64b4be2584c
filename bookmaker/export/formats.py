"""The export formats, by the name specs (`outputs:`) and `bookmaker export --formats` use:
each turns a run's items into files (name -> bytes). A format is one entry here.

- ipuz: one `<stem>.ipuz` per puzzle (ipuz's Sudoku, its answer inside unless the run's
  answers are kept back), or `<stem>.json`, its JSON record, for a kind ipuz has no kind
  for (the record says why); and the answered items' with their answers (`answer`);
- feed: the run's records as `<feed>.json` and `<feed>.csv`;
- page: a self-contained web page to solve them on (page.py), `<page>.html`;
- puzzlink: each puzzle's puzz.link (pzprjs) URL, one a line, as `<links>` (a '#' line
  for a puzzle whose kind or size pzprjs has not, saying so: `check` reads it back);
- art, art-cmyk: each puzzle's grid and answer alone for a layout desk (art.py): PDF, SVG
  and EPS in grey, or PDF and EPS on CMYK's black plate.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .. import __version__
from ..core.exchange.ipuz import ipuz_document
from ..core.exchange.record import puzzle_record
from ..core.registry import kind_of_puzzle
from .art import art_files
from .feed import feed_csv, feed_json, json_text
from .items import ExportError, ExportItem
from .page import PageOptions, page_html

ORIGIN = f"bookmaker {__version__}"


@dataclass(frozen=True)
class Naming:
    """Where a run's files go, relative to its output folder: `{stem}` is an item's stem."""

    puzzle: str = "{stem}"       # an ipuz document or record, without its extension
    feed: str = "feed"           # the feed, without .json / .csv
    links: str = "puzzlink.txt"  # the puzz.link URLs
    page: str = "page.html"      # the web page of all the items
    title: str = ""              # the run's title (a book's, a series')
    series: str = ""
    language: str = "en"         # the language of its words (the web page's rules)
    web: PageOptions = field(default_factory=PageOptions)  # the page's; answers kept back?
    answered: tuple[ExportItem, ...] = ()  # earlier puzzles whose answers come now
    answer: str = "{stem}-answer"  # an answered item's ipuz, without its extension


def puzzle_files(items: Sequence[ExportItem], naming: Naming) -> dict[str, bytes]:
    """Each puzzle's ipuz document, or its JSON record where its kind has no ipuz form,
    without its solution where the run's answers are kept back; each answered item's with
    its solution."""
    files: dict[str, bytes] = {}
    for item in items:
        files = joined(files, puzzle_file(item, naming.puzzle.format(stem=item.stem),
                                          naming.web.answers))
    for item in naming.answered:
        files = joined(files, puzzle_file(item, naming.answer.format(stem=item.stem), True))
    return files


def puzzle_file(item: ExportItem, name: str, answer: bool) -> dict[str, bytes]:
    """The item's ipuz document or JSON record, named `name` (and its extension)."""
    puzzle = item.puzzle
    kind = kind_of_puzzle(puzzle)
    if kind.exchange.ipuz_problem(puzzle.shape, kind.marks(puzzle.givens, puzzle.extras)) is None:
        document, extension = ipuz_document(puzzle, item.about, ORIGIN), "ipuz"
    else:
        document, extension = puzzle_record(puzzle, item.about), "json"
    if not answer:
        document = {key: value for key, value in document.items() if key != "solution"}
    return {f"{name}.{extension}": json_text(document).encode("utf-8")}


def feed_files(items: Sequence[ExportItem], naming: Naming) -> dict[str, bytes]:
    return {f"{naming.feed}.json": feed_json(items, naming.series).encode("utf-8"),
            f"{naming.feed}.csv": feed_csv(items).encode("utf-8")}


def link_files(items: Sequence[ExportItem], naming: Naming) -> dict[str, bytes]:
    lines = []
    for item in items:
        kind = kind_of_puzzle(item.puzzle)
        url, absent = kind.exchange.puzzlink_url(item.puzzle.givens, kind.line(item.puzzle))
        lines.append(url or f"# {item.stem}: no puzz.link URL: {absent}")
    return {naming.links: "".join(f"{line}\n" for line in lines).encode("utf-8")}


def page_files(items: Sequence[ExportItem], naming: Naming) -> dict[str, bytes]:
    return {naming.page: page_html(items, naming.title, naming.language, naming.web,
                                   naming.answered).encode("utf-8")}


def art_files_of(colour: str) -> Exporter:
    def art(items: Sequence[ExportItem], naming: Naming) -> dict[str, bytes]:
        files: dict[str, bytes] = {}
        for item in items:
            files = joined(files, art_files(item, naming.puzzle.format(stem=item.stem), colour))
        return files
    return art


ART_COLOURS = {"art": "grey", "art-cmyk": "cmyk"}  # the art formats, by their colour
Exporter = Callable[[Sequence[ExportItem], Naming], dict[str, bytes]]
EXPORTERS: dict[str, Exporter] = {"ipuz": puzzle_files, "feed": feed_files, "page": page_files,
                                  "puzzlink": link_files,
                                  **{name: art_files_of(colour)
                                     for name, colour in ART_COLOURS.items()}}


def export_files(formats: Sequence[str], items: Sequence[ExportItem],
                 naming: Naming) -> dict[str, bytes]:
    """Every file the formats make of the items (formats by name, in EXPORTERS); ExportError
    where two would have the same name (none is written over another)."""
    files: dict[str, bytes] = {}
    for name in formats:
        files = joined(files, EXPORTERS[name](items, naming))
    return files


def joined(files: dict[str, bytes], more: dict[str, bytes]) -> dict[str, bytes]:
    """Two sets of files as one; ExportError naming a file both would write."""
    both = sorted(set(files) & set(more))
    if both:
        raise ExportError(f"{both[0]}: two puzzles or formats of this export would write "
                          f"it; give their sources different names")
    return files | more
