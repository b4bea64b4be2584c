"""The book's manifest: every puzzle, its solution, seed and pages, as deterministic JSON."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from .. import __version__
from ..core.puzzle import Puzzle
from ..core.rating.scales import rating_json
from ..core.registry import kind_of_puzzle, puzzle_key
from ..puzzles.puzzlefile import puzzle_line
from ..spec import BookSpec
from .compose import ComposedBook, PuzzlePlace
from .plan import PlannedPuzzle


def manifest_text(spec: BookSpec, planned: Sequence[PlannedPuzzle], puzzles: Sequence[Puzzle],
                  book: ComposedBook, keys: Mapping[str, str] | None = None,
                  cover: dict | None = None, exports: Sequence[str] = ()) -> str:
    """The manifest as JSON text: sorted keys and a fixed indent, so the same book always
    gives the same bytes. keys: each puzzle's equivalence key by id (computed if None);
    exports: the export files beside the book (its feed, its page), which the next build
    removes if it no longer makes them."""
    keys = keys if keys is not None else {p.id: puzzle_key(puzzle)
                                          for p, puzzle in zip(planned, puzzles)}
    manifest: dict[str, object] = {
        "bookmaker": __version__,
        "name": spec.name,
        "title": spec.title,
        "language": spec.language,  # the words its exports say (bookmaker export's page)
        "seed": spec.seed,
        "series": spec.series,
        "issue": spec.issue,
        "layout": spec.layout.name,
        "answers": spec.answers,
        "files": {document.file_name: len(document.pages) for document in book.documents},
        "puzzles": [puzzle_entry(p, puzzle, place) | {"canonical": keys[p.id]}
                    for p, puzzle, place in zip(planned, puzzles, book.places)],
    }
    if cover:
        manifest["cover"] = cover
    if exports:
        manifest["exports"] = list(exports)
    return json.dumps(manifest, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def puzzle_entry(planned: PlannedPuzzle, puzzle: Puzzle, place: PuzzlePlace) -> dict:
    """One puzzle's record: enough to find it in the book and to rebuild it from its seed
    (and, for a section printed in other symbols than numbers, those symbols)."""
    section = planned.section
    printed = {"symbols": "".join(section.glyphs)} if section.glyphs else {}  # not numbers
    return printed | {
        "id": planned.id,
        "section": section.name,
        "number": planned.number,
        "variant": section.variant,
        "size": section.size_text,
        "box": section.printed_box,
        "symmetry": puzzle.symmetry,
        "clues": puzzle.givens.clue_count,
        "givens": puzzle_line(puzzle),
        "solution": kind_of_puzzle(puzzle).answer_line(puzzle.solution),
        "seed": puzzle.seed,
        "difficulty": puzzle.difficulty,
        "grade": puzzle.grade,
        "score": puzzle.score,
        "hardest": puzzle.hardest,
        "rating": rating_json(puzzle.rating, puzzle.rater) if puzzle.rating else None,
        "page": place.page,
        "answer_page": place.answer_page,
        "answer_file": place.answer_file,
    }


def manifest_path(out_dir: Path, spec: BookSpec) -> Path:
    return out_dir / f"{spec.name}.json"


def other_book_named_alike(spec: BookSpec, out_dir: Path) -> str | None:
    """Why the book may not be written to out_dir: the manifest under its name there is
    another book's (another title, series or issue), whose files and registry entries
    this build would silently take over; None if it is free or this book's own."""
    path = manifest_path(out_dir, spec)
    try:
        theirs = json.loads(path.read_text(encoding="utf-8"))
        owner = tuple(theirs[key] for key in ("title", "series", "issue"))
    except (OSError, ValueError, KeyError, TypeError):
        return None  # no earlier build of that name here, or not a manifest of ours
    ours = (spec.title, spec.series, spec.issue)
    if owner == ours:
        return None
    return (f"{path} is the manifest of another book, {book_text(owner, ours)}, whose files "
            f"this book, {book_text(ours, owner)}, would replace: give this book a name of "
            f"its own with `name:` under `book:` in {spec.source.name}, or build it into "
            f"another folder")


def book_text(book: tuple, other: tuple) -> str:
    """'Title' and, where they differ from the other book's, its series and issue."""
    title, series, issue = book
    text = repr(title)
    if series != other[1]:
        text += f" (series {series!r})"
    if issue != other[2]:
        text += f" (issue {issue!r})"
    return text
