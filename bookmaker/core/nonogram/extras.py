"""A Nonogram's clues as its puzzle's extras: what the registry knows the kind by."""

from __future__ import annotations

from dataclasses import dataclass

from .clues import Clue


@dataclass(frozen=True)
class NonogramClues:
    """Each row's runs, top to bottom, and each column's, left to right."""

    rows: tuple[Clue, ...]
    columns: tuple[Clue, ...]
