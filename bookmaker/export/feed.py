"""A series' feed: its puzzles' JSON records in one document, and the same as CSV, one row
a puzzle (puzzle line, solution, kind, size, grade, SE rating, date, seed, registry key,
puzz.link URL)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from ..core.exchange.record import feed_document, puzzle_record
from .items import ExportItem

CSV_COLUMNS = ("id", "date", "series", "kind", "size", "box", "grade", "score", "se_er",
               "se_ep", "se_ed", "seed", "key", "line", "solution", "puzzlink")


def records(items: Sequence[ExportItem]) -> list[dict[str, Any]]:
    """Each item's JSON record, in order."""
    return [puzzle_record(item.puzzle, item.about) for item in items]


def json_text(document: Any) -> str:
    """JSON as bookmaker writes it: sorted keys, two-space indent, UTF-8 as is, a newline."""
    return json.dumps(document, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def feed_json(items: Sequence[ExportItem], series: str = "") -> str:
    """The feed document of the items."""
    return json_text(feed_document(records(items), series))


def feed_csv(items: Sequence[ExportItem]) -> str:
    """The feed as CSV: a header, then one row a puzzle (empty where a value is unknown)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for record in records(items):
        rating = record["rating"] or {}
        row = {**record, "se_er": rating.get("er"), "se_ep": rating.get("ep"),
               "se_ed": rating.get("ed")}
        writer.writerow("" if row.get(name) is None else row[name] for name in CSV_COLUMNS)
    return out.getvalue()
