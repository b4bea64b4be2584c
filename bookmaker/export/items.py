"""What an export is made of: each puzzle with what is known of where it appears (its
ExportItem), gathered from a book build, a daily run, a book's manifest, a daily folder, or
a file of puzzles."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..core.board.grid import Grid, parse_grid
from ..core.board.shape import Shape
from ..core.exchange.record import About
from ..core.kinds.kind import puzzle_key
from ..core.kinds.registry import kind_named
from ..core.puzzle import Puzzle
from ..core.solve.verify import VerificationError, verify_puzzle


class ExportError(ValueError):
    """A source that cannot be exported: the message names the file and what is wrong."""


@dataclass(frozen=True)
class ExportItem:
    """One puzzle to export: the puzzle, what is known of it (About: id, date, series,
    key), the stem of its own files, and the heading and caption a page shows."""

    puzzle: Puzzle
    about: About
    stem: str
    heading: str
    caption: str = ""


def item_of(puzzle: Puzzle, stem: str, heading: str, caption: str = "", **about) -> ExportItem:
    """An item whose registry key is the puzzle kind's repeat key (as registries keep it)."""
    return ExportItem(puzzle, About(key=puzzle_key(puzzle), **about), stem, heading, caption)


def proven(kind_name: str, line: str, solution: str | None, where: str, seed: int = 0,
           board: Shape | None = None, **made) -> Puzzle:
    """The puzzle a line of a kind names (on `board`, if given: else as its length says),
    proven as every printed puzzle is: its kind's solver finds exactly one solution (the
    stated one, if any) and its second proof agrees; ExportError naming `where` otherwise."""
    try:
        kind = kind_named(kind_name)
        givens, extras = kind.read(line, board)
    except ValueError as err:
        raise ExportError(f"{where}: {err}") from None
    found = kind.solutions(givens, extras, limit=2)
    if found.count != 1 or not found.complete or found.solution is None:
        raise ExportError(f"{where}: not a puzzle with one solution")
    answer = Grid(givens.shape, found.solution)
    if solution is not None and parse_grid(solution, givens.shape) != answer:
        raise ExportError(f"{where}: the stated solution is not the puzzle's")
    puzzle = Puzzle(givens, answer, seed=seed, extras=extras, **made)
    try:
        verify_puzzle(puzzle)
    except VerificationError as err:
        raise ExportError(f"{where}: {err}") from None
    return puzzle


def manifest_items(path: Path) -> tuple[str, list[ExportItem]]:
    """A built book's puzzles from its manifest (`<name>.json`), each proven again; the
    book's title too."""
    manifest = _json(path)
    if not isinstance(manifest, dict) or "puzzles" not in manifest or "title" not in manifest:
        raise ExportError(f"{path}: not a book manifest (no title and puzzles)")
    items = []
    for entry in manifest["puzzles"]:
        where = f"{path}: puzzle {entry.get('id', '?')}"
        puzzle = proven(entry["variant"], entry["givens"], entry["solution"], where,
                        **made_of(entry))
        items.append(ExportItem(puzzle, About(
            id=entry["id"], series=str(manifest.get("series", "")),
            title=f"{manifest['title']} · {entry['number']}", key=entry.get("canonical", ""),
            seeded=True), entry["id"], f"{entry['section']} · {entry['number']}",
            _grade_caption(puzzle)))
    return str(manifest["title"]), items


def daily_items(folder: Path) -> tuple[str, list[ExportItem]]:
    """A daily series' puzzles from its date folders' day.json (the series folder, or one
    date's folder), in date order, each proven again; the series' name too."""
    days = sorted(folder.glob("*/day.json")) or sorted(folder.glob("day.json"))
    if not days:
        raise ExportError(f"{folder}: no day.json here or in its date folders (a daily "
                          f"series' folder, written with the json output)")
    items, series = [], ""
    for path in days:
        day = _json(path)
        series = day["series"]
        puzzle = proven(day["variant"], day["givens"], day["solution"], str(path),
                        **made_of(day))
        title = f"{series} · {day['title']}" if day.get("title") else series
        items.append(item_of(puzzle, day["date"], title, _grade_caption(puzzle),
                             id=f"{_slug(series)}-{day['date']}", series=series,
                             title=title, date=day["date"],
                             symbols=str(day.get("symbols", ""))))
    return series, items


def made_of(entry: dict) -> dict:
    """How a manifest or day record says its puzzle was made: seed, grade, rating."""
    rating = entry.get("rating")
    texts = tuple(str(rating[k]) if isinstance(rating[k], str) else f"{rating[k]:.1f}"
                  for k in ("er", "ep", "ed")) if rating else ()
    return {"seed": entry.get("seed", 0), "symmetry": entry.get("symmetry", "none"),
            "difficulty": entry.get("difficulty", "any"), "grade": entry.get("grade", ""),
            "score": entry.get("score", 0.0), "hardest": entry.get("hardest", ""),
            "rating": texts, "rater": rating["rater"] if rating else ""}


def _grade_caption(puzzle: Puzzle) -> str:
    return puzzle.grade.capitalize() if puzzle.grade else ""


def _slug(text: str) -> str:
    return "-".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split())


def _json(path: Path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise ExportError(f"{path}: {err}") from None
