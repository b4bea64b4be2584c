"""A puzzle's estimated solving time, by the stated model in layouts/solving/times.yaml:
each step of the grader's solving path costs its technique's seconds (scaled for boards
larger than 9x9), plus pencil marks once the first step beyond singles comes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from pydantic import Field

from ..core.grade.candidates import Step, solving_path_of
from ..core.puzzle import Puzzle
from .presets import parse_layout_as, preset_folder
from .problems import SpecError
from .values import Schema

TIMES_FOLDER = "solving"
SINGLES = ("full house", "hidden single", "naked single")
ROUND_FROM = 20  # minutes: from here on a time is given to the nearest 5 minutes


class TimeModel(Schema):
    """The solving-time model: seconds per step by technique, and what scales them."""

    scan_size: int = Field(description="The board size that scans at factor 1.")
    scan_power: float = Field(description="Larger boards scan at (size/scan_size)**power.")
    pencil_seconds: float = Field(description="Per open cell, once, at the first step "
                                              "beyond singles.")
    least_minutes: int = Field(description="No estimate is under this.")
    default_seconds: float = Field(description="A technique the table does not name.")
    unpencilled: list[str] = Field(default_factory=list, description=(
        "Techniques read off the grid without pencil marks, as singles are (a Binairo's "
        "pairs, gaps and balance): they bring no pencil marks on."))
    seconds: dict[str, float] = Field(description="Seconds per step, by technique.")


@cache
def load_time_model(name: str = "times") -> TimeModel:
    """The model in layouts/solving/NAME.yaml."""
    text = (preset_folder() / TIMES_FOLDER / f"{name}.yaml").read_text(encoding="utf-8")
    model, problems = parse_layout_as(TimeModel, lambda model: [], text,
                                      f"layouts/{TIMES_FOLDER}/{name}.yaml", name)
    if model is None:
        raise SpecError(problems)
    return model


def path_seconds(path: Sequence[tuple[str, int]], size: int, open_cells: int,
                 model: TimeModel) -> float:
    """The model's seconds for a solving path of (technique, cells placed) steps
    (Kind.solving_path) on a board `size` a side that starts with `open_cells` empty cells."""
    scale = max(1.0, size / model.scan_size) ** model.scan_power
    seconds, pencilled, placed = 0.0, False, 0
    for technique, cells in path:
        if not pencilled and technique not in SINGLES and technique not in model.unpencilled:
            seconds += model.pencil_seconds * (open_cells - placed)
            pencilled = True
        seconds += model.seconds.get(technique, model.default_seconds) * scale
        placed += cells
    return seconds


def solving_minutes(steps: Sequence[Step], size: int, open_cells: int,
                    model: TimeModel | None = None) -> int:
    """The estimate in whole minutes, to the nearest 5 from ROUND_FROM minutes up."""
    return path_minutes(solving_path_of(steps), size, open_cells, model)


def path_minutes(path: Sequence[tuple[str, int]], size: int, open_cells: int,
                 model: TimeModel | None = None) -> int:
    """solving_minutes() of a path of (technique, cells placed) steps."""
    model = model or load_time_model()
    minutes = path_seconds(path, size, open_cells, model) / 60
    if minutes >= ROUND_FROM:
        return int(5 * round(minutes / 5))
    return max(model.least_minutes, round(minutes))


def puzzle_minutes(puzzle: Puzzle, steps: Sequence[Step]) -> int:
    """The estimate for a puzzle whose grader solves it by `steps` (Kind.grade)."""
    return _minutes_of(puzzle, solving_path_of(steps))


def with_minutes(puzzle: Puzzle) -> Puzzle:
    """The puzzle with its estimate, solved step by step by its kind's grader for it
    (Kind.solving_path: the steps unworded where the kind can): done where the puzzle is
    made (puzzles/produce.py), on a book's workers, so that composing the book need not
    solve every puzzle again."""
    path = puzzle.kind.solving_path(puzzle.givens, puzzle.extras)
    return replace(puzzle, minutes=_minutes_of(puzzle, path))


def _minutes_of(puzzle: Puzzle, path: Sequence[tuple[str, int]]) -> int:
    open_cells = sum(1 for value in puzzle.givens.cells if not value)
    return path_minutes(path, puzzle.shape.size, open_cells)
