"""A Nonogram's clues as its puzzle's extras: what the registry knows the kind by."""

from __future__ import annotations

from dataclasses import dataclass

from .clues import Clue


@dataclass(frozen=True)
class NonogramClues:
    """Each row's runs, top to bottom, and each column's, left to right."""

    rows: tuple[Clue, ...]
    columns: tuple[Clue, ...]


@dataclass(frozen=True)
class ColourClues:
    """A colour Nonogram's clues, each run (length, colour 1..k), and its palette: colour
    c's RGB as six hex digits ('c0392b'), palette[c - 1]."""

    rows: tuple[tuple[tuple[int, int], ...], ...]
    columns: tuple[tuple[tuple[int, int], ...], ...]
    palette: tuple[str, ...]
