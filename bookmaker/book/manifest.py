"""The book's manifest: every puzzle, its solution, seed and pages, as deterministic JSON."""

from __future__ import annotations

import json
from typing import Mapping, Sequence

from .. import __version__
from ..core.generator import Puzzle
from ..core.grid import format_grid
from ..core.rating import rating_json
from ..core.transform import repeat_key
from ..spec import BookSpec
from .compose import ComposedBook, PuzzlePlace
from .plan import PlannedPuzzle


def manifest_text(spec: BookSpec, planned: Sequence[PlannedPuzzle], puzzles: Sequence[Puzzle],
                  book: ComposedBook, keys: Mapping[str, str] | None = None) -> str:
    """The manifest as JSON text: sorted keys and a fixed indent, so the same book always
    gives the same bytes. keys: each puzzle's equivalence key by id (computed if None)."""
    keys = keys if keys is not None else {p.id: repeat_key(puzzle.givens)
                                          for p, puzzle in zip(planned, puzzles)}
    manifest = {
        "bookmaker": __version__,
        "name": spec.name,
        "title": spec.title,
        "seed": spec.seed,
        "series": spec.series,
        "issue": spec.issue,
        "layout": spec.layout.name,
        "answers": spec.answers,
        "files": {document.file_name: len(document.pages) for document in book.documents},
        "puzzles": [puzzle_entry(p, puzzle, place) | {"canonical": keys[p.id]}
                    for p, puzzle, place in zip(planned, puzzles, book.places)],
    }
    return json.dumps(manifest, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def puzzle_entry(planned: PlannedPuzzle, puzzle: Puzzle, place: PuzzlePlace) -> dict:
    """One puzzle's record: enough to find it in the book and to rebuild it from its seed."""
    section = planned.section
    return {
        "id": planned.id,
        "section": section.name,
        "number": planned.number,
        "size": section.size_text,
        "box": section.box_text,
        "symmetry": puzzle.symmetry,
        "clues": puzzle.givens.clue_count,
        "givens": format_grid(puzzle.givens),
        "solution": format_grid(puzzle.solution),
        "seed": puzzle.seed,
        "difficulty": puzzle.difficulty,
        "grade": puzzle.grade,
        "score": puzzle.score,
        "hardest": puzzle.hardest,
        "rating": rating_json(puzzle.rating, puzzle.rater),
        "page": place.page,
        "answer_page": place.answer_page,
        "answer_file": place.answer_file,
    }
