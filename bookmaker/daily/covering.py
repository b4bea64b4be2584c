"""The proofs and feeds of earlier runs that a run's days fall in, and what they become.

A proof (proof-A-B.pdf) or feed (feed-A-B.json, .csv) in the series' folder shows every
day from A to B as that run made it. A later run that makes one of those days again
(another grade, another seed) would leave it showing the old puzzle; so the run rewrites
it with the new day and the other days' puzzles as their folders' day.json records them.
Where a day of the range has no readable day.json (the json output not asked for, a
folder removed), the proof or feed cannot be made true again and goes with the run's set.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from ..export.items import ExportError, proven_entry
from ..spec.daily import DailySpec
from .sheets import DailyPuzzle

_RANGE_FILE = re.compile(r"^(proof|feed)-(\d{4}-\d{2}-\d{2})-(\d{4}-\d{2}-\d{2})\.(pdf|json|csv)$")


@dataclass(frozen=True)
class Covering:
    """An earlier run's proof or feed (`output`) over the dates first to last."""

    output: str  # 'proof' or 'feed'
    first: date
    last: date
    files: tuple[str, ...]  # its files in the series' folder


def coverings(series: Path, run: list[date]) -> list[Covering]:
    """The proofs and feeds in the series' folder over a range holding a date of the run,
    other than the run's own range (which the run writes anyway)."""
    found: dict[tuple[str, str, str], list[str]] = {}
    try:
        names = sorted(entry.name for entry in series.iterdir() if entry.is_file())
    except OSError:
        return []  # no series folder yet: no earlier run
    for name in names:
        match = _RANGE_FILE.match(name)
        if match:
            found.setdefault((match[1], match[2], match[3]), []).append(name)
    result = []
    for (output, first, last), files in found.items():
        try:
            covering = Covering(output, date.fromisoformat(first), date.fromisoformat(last),
                                tuple(files))
        except ValueError:
            continue  # not a date: not a file a run wrote
        if (covering.first, covering.last) != (run[0], run[-1]) and \
                any(covering.first <= day <= covering.last for day in run):
            result.append(covering)
    return result


def recorded_day(spec: DailySpec, series: Path, day: date) -> DailyPuzzle | None:
    """The day's puzzle as its folder's day.json records it (proven again), or None if
    it cannot be read."""
    path = series / day.isoformat() / "day.json"
    entry = spec.day_of(day)
    if entry is None:
        return None  # no longer scheduled: the range's days are the schedule's
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        puzzle = proven_entry(record, str(path), None)
        repeats = int(record.get("repeats_skipped", 0))
    except (OSError, ValueError, KeyError, TypeError, AttributeError, ExportError):
        return None
    return DailyPuzzle(day, entry, puzzle, repeats)

