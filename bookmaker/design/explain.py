"""The grader's steps in the book's language, each from its data (Step.because: what makes
it true; Step.cells: its pattern): a step ('Hidden single, box 1: 7 in r3c5'), a hint
(where a puzzle gets hard, and a first step), a solving path (every step, a run of one
single grouped by unit), a technique's name and note for the glossary. Cells are
named by row and column as solvers write them (r3c5), values as the book prints them;
techniques by the message catalogues' `techniques` and `technique_notes` (a technique a
catalogue lacks keeps the grader's own English name)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import replace
from itertools import groupby
from typing import TypeVar

from ..core.board.shape import Shape
from ..core.grade.candidates import Step
from ..core.grade.evidence import Reason
from .breaks import unbroken
from .catalogue import Catalogue
from .colournames import colour_value_text, grey_value_text, named_value_text

ValueText = Callable[[int], str]  # a value 1..n as printed
T = TypeVar("T")


def printed_value(value: int) -> str:
    """A value as a book prints it by default: its number (a 16x16's 10 to 16)."""
    return str(value)


def value_text(glyphs: tuple[str, ...], palette: tuple[str, ...] = (),
               words: Catalogue | None = None, said: tuple[str, ...] = (),
               greys: bool = False) -> ValueText:
    """How values print with these glyphs (a section's symbols; () numbers); a puzzle's
    with a palette (its marks': a colour Nonogram's) by its colours' names in `words`, or
    (`greys`: printed in a black-and-white interior) by the greys they print as; one whose
    answer says its values (Answer.said: a Nonogram's 'black') by those words."""
    if palette and words is not None:
        return (grey_value_text if greys else colour_value_text)(palette, words)
    if said and words is not None:
        return named_value_text(said, words)
    if not glyphs:
        return printed_value
    return lambda value: glyphs[value - 1]


def technique_key(technique: str) -> str:
    """A technique's catalogue key: 'locked candidates (pointing)' ->
    'locked_candidates_pointing', 'X-Wing' -> 'x_wing', 'BUG+1' -> 'bug_1'."""
    return re.sub(r"[^a-z0-9]+", "_", technique.lower()).strip("_")


def technique_text(technique: str, words: Catalogue) -> str:
    """A technique's name in the catalogue's language (the grader's own name where the
    catalogue has none)."""
    return words.texts.get(f"techniques.{technique_key(technique)}", technique)


def technique_name(technique: str, words: Catalogue) -> str:
    """A technique's name in the book's language, capitalised as a heading."""
    name = technique_text(technique, words)
    return name[:1].upper() + name[1:]


def technique_note(technique: str, words: Catalogue) -> str:
    """What the technique is, in a sentence or two ('' where the catalogue has none)."""
    return words.texts.get(f"technique_notes.{technique_key(technique)}", "")


def cell_text(shape: Shape, cell: int, words: Catalogue) -> str:
    """A cell by its row and column in the book's language: 'r3c5', 'Z3S5'."""
    row, col = shape.positions[cell]
    return words.text("cell", row=row + 1, col=col + 1)


def reason_text(reason: Reason, shape: Shape, words: Catalogue) -> str:
    """What a step rests on in the book's language: 'box 1', 'cage 12+ at r1c1', 'run 17
    across at r3c2', 'r1c1 < r1c2', 'clue 3 left of row 2', 'row 4 of the centre grid'."""
    cells = [cell_text(shape, cell, words) for cell in reason.cells] + ["", ""]
    side = words.text(f"reasons.sides.{reason.side}") if reason.side else ""
    text = words.text(f"reasons.{reason.what}", number=reason.number, label=reason.label,
                      cell=cells[0], other=cells[1], side=side)
    return grid_text(reason.grid, [text], words)


def grid_text(grid: str, units: list[str], words: Catalogue) -> str:
    """Units of one grid listed, the grid named once where the board has several (a
    Samurai's): 'box 2 and column 5 of the top-left grid'."""
    if not grid:
        return listed(units, words)
    return words.text("reasons.in_grid", unit=listed(units, words),
                      grid=words.text(f"reasons.grids.{grid}"))


def reasons_text(step: Step, shape: Shape, words: Catalogue) -> str:
    """Everything a step rests on, listed: 'row 4, cage 12+ at r4c1 and cage 9+ at r4c5';
    a step that rests on no unit, cage or clue (a wing, a chain) names its pattern's
    cells; '' for one whose cells are those it fills (a naked single)."""
    if step.because:
        return listed([grid_text(grid, [reason_text(replace(reason, grid=""), shape, words)
                                        for reason in same], words)
                       for grid, same in groupby(step.because, key=lambda r: r.grid)], words)
    if set(step.cells) <= {cell for cell, _ in step.placements}:
        return ""
    return listed([cell_text(shape, cell, words) for cell in step.cells], words)


def pattern_cells(step: Step) -> tuple[int, ...]:
    """The cells a reader is pointed at: the step's pattern, else those it changes."""
    return step.cells or tuple(dict.fromkeys([c for c, _ in step.placements] +
                                             [c for c, _ in step.eliminations]))


def actions_text(step: Step, shape: Shape, words: Catalogue,
                 value: ValueText = printed_value) -> str:
    """What a step does: '7 in r3c5', 'black in r5c1, r5c3 and r5c9', 'no 4 or 7 in r3c1
    and r3c9', 'line above r1c1 and r1c2' (cells that take, or lose, the same values named
    together)."""
    def cells(group: Sequence[int]) -> str:
        return listed([cell_text(shape, cell, words) for cell in group], words)
    parts = [words.text("step_place", value=value(v), cell=cells(group))
             for v, group in gathered(step.placements)]
    parts += [words.text("step_remove", values=listed([value(v) for v in values], words,
                                                      "list_or"), cells=cells(group))
              for values, group in removals(step)]
    parts += [words.text(f"step_edge.{edge[1]}.{edge[0]}", cell=cells(group))
              for edge, group in gathered([(c, (side, v)) for c, side, v in step.edges])]
    return "; ".join(parts)


def step_text(step: Step, shape: Shape, words: Catalogue,
              value: ValueText = printed_value) -> str:
    """One step with what makes it true: 'Hidden single, box 1: 7 in r3c5', 'Naked pair,
    row 3: no 4 or 7 in r3c1 and r3c9'; 'Naked single: 5 in r2c2' where it rests on no
    unit, cage or clue."""
    return headed(technique_name(step.technique, words), reasons_text(step, shape, words),
                  actions_text(step, shape, words, value), words)


def headed(technique: str, reasons: str, actions: str, words: Catalogue) -> str:
    """A step's sentence from its technique's name, what it rests on and what it does."""
    if not reasons:
        return f"{technique}: {actions}"
    return words.text("step_because", technique=technique, reasons=reasons, step=actions)


def gathered(changes: Iterable[tuple[int, T]]) -> list[tuple[T, list[int]]]:
    """(cell, what it takes) pairs as (what, the cells that take it), in the order each
    first appears."""
    groups: dict[T, list[int]] = {}
    for cell, what in changes:
        groups.setdefault(what, []).append(cell)
    return list(groups.items())


def removals(step: Step) -> list[tuple[tuple[int, ...], list[int]]]:
    """A step's eliminations as (values, cells that lose exactly them), in the order the
    cells first appear."""
    lost: dict[int, list[int]] = {}
    for cell, value in step.eliminations:
        lost.setdefault(cell, []).append(value)
    return gathered((cell, tuple(sorted(values))) for cell, values in lost.items())


def listed(items: Sequence[str], words: Catalogue, key: str = "list") -> str:
    """'a', 'a and b', 'a, b and c' (or 'or', by the catalogue's key)."""
    if len(items) == 1:
        return items[0]
    return words.text(key, items=", ".join(items[:-1]), last=items[-1])


def path_text(steps: Sequence[Step], shape: Shape, words: Catalogue,
              value: ValueText = printed_value, *, singles: Collection[str]) -> list[str]:
    """The solving path as sentences: a run of one of the `singles` (the kind's: its
    techniques that place one value and nothing else, Kind.singles) in one sentence, its
    placements grouped by the unit they rest on ('Hidden single: r1c3 = 5, r2c1 = 4 (box
    1), r4c4 = 2 (row 4)'), every other step in its own."""
    return [group_text(run, shape, words, value, run[0].technique in singles)
            for run in path_groups(steps, singles)]


def path_groups(steps: Sequence[Step], singles: Collection[str]) -> list[list[Step]]:
    """The steps as a solving path numbers them: a run of one single together, every
    other step alone."""
    groups: list[list[Step]] = []
    for technique, grouped in groupby(steps, key=lambda step: step.technique):
        run = list(grouped)
        groups += [run] if technique in singles else [[step] for step in run]
    return groups


def group_text(run: Sequence[Step], shape: Shape, words: Catalogue,
               value: ValueText = printed_value, singles: bool = False) -> str:
    """One numbered step of a solving path: a step, or (`singles`) a run of singles with
    their placements as equations, those resting on one unit together and the unit named
    after them ('r1c6 = 5, r2c3 = 4 (box 1), r5c5 = 1 (row 5)')."""
    if not singles:
        return step_text(run[0], shape, words, value)
    parts = []
    for _, same in groupby(run, key=lambda step: step.because):
        steps = list(same)
        placed = ", ".join(equation(c, v, shape, words, value)
                           for step in steps for c, v in step.placements)
        reasons = unbroken(reasons_text(steps[0], shape, words))  # '(box 2)' on one line
        parts.append(words.text("placed_in", placed=placed, reasons=reasons) if reasons
                     else placed)
    return f"{technique_name(run[0].technique, words)}: {', '.join(parts)}"


def equation(cell: int, placed: int, shape: Shape, words: Catalogue,
             value: ValueText = printed_value) -> str:
    """'r3c6 = 4', its spaces no-break ones: a line never splits an equation."""
    return unbroken(words.text("placed", cell=cell_text(shape, cell, words),
                               value=value(placed)))


def minutes_text(minutes: int, words: Catalogue) -> str:
    """'about 12 min', as the label line prints it."""
    return words.text("about_minutes", minutes=minutes)


def step_record(step: Step, shape: Shape, words: Catalogue,
                value: ValueText = printed_value) -> dict[str, object]:
    """A step as data a reader's app can use (`bookmaker explain --json`): its technique,
    places and removes as [cell, value], what it rests on in the book's language, its
    pattern's cells, and its sentence; cells as 'r1c3' in the frame `solve` prints."""
    def cell(index: int) -> str:
        return shape.cell_name(index)
    return {"technique": step.technique,
            "places": [[cell(c), value(v)] for c, v in step.placements],
            "removes": [[cell(c), value(v)] for c, v in step.eliminations],
            "because": [reason_text(reason, shape, words) for reason in step.because],
            "cells": [cell(c) for c in pattern_cells(step)],
            "text": step_text(step, shape, words, value)}


def hint_text(crux: Step, start: Step | None, shape: Shape, words: Catalogue,
              value: ValueText = printed_value) -> str:
    """A hint: where the step a reader gets stuck at is (the crux) and the technique it
    takes ('Look at box 1 and column 3: locked candidates (pointing).'), then the easy
    first step to start with, if it comes before; a crux that only places a value (a
    beginner's puzzle) is told whole."""
    if crux.placements and not crux.eliminations and start is crux:
        return step_text(crux, shape, words, value)
    where = reasons_text(crux, shape, words) or listed(
        [cell_text(shape, cell, words) for cell in pattern_cells(crux)], words)
    name = technique_text(crux.technique, words)
    look = words.text("hint_crux", where=where, technique=name)
    if start is None or start is crux:
        return look
    return f"{look} {words.text('hint_start', step=start_text(start, shape, words, value))}"


def start_text(step: Step, shape: Shape, words: Catalogue,
               value: ValueText = printed_value) -> str:
    """A hint's first step, short: what it does and (in brackets) what it rests on,
    'r1c4 = 8 (box 2)'; the technique is an easy one."""
    done = ", ".join(equation(c, v, shape, words, value)
                     for c, v in step.placements) or actions_text(step, shape, words, value)
    reasons = reasons_text(step, shape, words)
    return f"{done} ({reasons})" if reasons else done
