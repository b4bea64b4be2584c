"""The grader's steps in the book's language: a hint (a puzzle's first step), a solving
path (every step, singles of one kind in a row grouped), a technique's name and note for
the glossary. Cells are named by row and column as solvers write them (r3c5), values as
the book prints them; techniques by the message catalogues' `techniques` and
`technique_notes` (a technique a catalogue lacks keeps the grader's own English name)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from itertools import groupby

from ..core.board.shape import Shape
from ..core.grade.candidates import Step
from .catalogue import Catalogue

ValueText = Callable[[int], str]  # a value 1..n as printed


def printed_value(value: int) -> str:
    """A value as a book prints it by default: its number (a 16x16's 10 to 16)."""
    return str(value)


def value_text(glyphs: tuple[str, ...]) -> ValueText:
    """How values print with these glyphs (a section's symbols; () numbers)."""
    if not glyphs:
        return printed_value
    return lambda value: glyphs[value - 1]


def technique_key(technique: str) -> str:
    """A technique's catalogue key: 'locked candidates (pointing)' ->
    'locked_candidates_pointing', 'X-Wing' -> 'x_wing', 'BUG+1' -> 'bug_1'."""
    return re.sub(r"[^a-z0-9]+", "_", technique.lower()).strip("_")


def technique_name(technique: str, words: Catalogue) -> str:
    """A technique's name in the book's language, capitalised as a heading."""
    name = words.texts.get(f"techniques.{technique_key(technique)}", technique)
    return name[:1].upper() + name[1:]


def technique_note(technique: str, words: Catalogue) -> str:
    """What the technique is, in a sentence or two ('' where the catalogue has none)."""
    return words.texts.get(f"technique_notes.{technique_key(technique)}", "")


def cell_text(shape: Shape, cell: int, words: Catalogue) -> str:
    """A cell by its row and column in the book's language: 'r3c5', 'Z3S5'."""
    row, col = shape.positions[cell]
    return words.text("cell", row=row + 1, col=col + 1)


def step_text(step: Step, shape: Shape, words: Catalogue,
              value: ValueText = printed_value) -> str:
    """One step: 'Hidden single: 7 in r3c5', or 'Naked pair: no 4 or 7 in r3c1 and
    r3c9' (cells that lose the same values named together)."""
    name = technique_name(step.technique, words)
    parts = [words.text("step_place", value=value(v), cell=cell_text(shape, c, words))
             for c, v in step.placements]
    parts += [words.text("step_remove", values=listed([value(v) for v in values], words,
                                                      "list_or"),
                         cells=listed([cell_text(shape, c, words) for c in cells], words))
              for values, cells in removals(step)]
    return f"{name}: {'; '.join(parts)}"


def removals(step: Step) -> list[tuple[tuple[int, ...], list[int]]]:
    """A step's eliminations as (values, cells that lose exactly them), in the order the
    cells first appear."""
    lost: dict[int, list[int]] = {}
    for cell, value in step.eliminations:
        lost.setdefault(cell, []).append(value)
    groups: dict[tuple[int, ...], list[int]] = {}
    for cell, values in lost.items():
        groups.setdefault(tuple(sorted(values)), []).append(cell)
    return list(groups.items())


def listed(items: Sequence[str], words: Catalogue, key: str = "list") -> str:
    """'a', 'a and b', 'a, b and c' (or 'or', by the catalogue's key)."""
    if len(items) == 1:
        return items[0]
    return words.text(key, items=", ".join(items[:-1]), last=items[-1])


def path_text(steps: Sequence[Step], shape: Shape, words: Catalogue,
              value: ValueText = printed_value, *, singles: Collection[str]) -> list[str]:
    """The solving path as sentences: a run of one of the `singles` (the kind's: its
    techniques that place one value and nothing else, Kind.singles) in one sentence
    ('Hidden single: r1c6 = 5, r2c3 = 4'), every other step in its own."""
    sentences = []
    for technique, grouped in groupby(steps, key=lambda step: step.technique):
        run = list(grouped)
        if technique in singles:
            placed = ", ".join(words.text("placed", cell=cell_text(shape, c, words),
                                          value=value(v))
                               for step in run for c, v in step.placements)
            sentences.append(f"{technique_name(technique, words)}: {placed}")
        else:
            sentences += [step_text(step, shape, words, value) for step in run]
    return sentences


def minutes_text(minutes: int, words: Catalogue) -> str:
    """'about 12 min', as the label line prints it."""
    return words.text("about_minutes", minutes=minutes)
