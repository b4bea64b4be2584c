"""A puzzle's estimated solving time, by the stated model in layouts/solving/times.yaml:
each step of the grader's solving path costs its technique's seconds (scaled for boards
larger than 9x9), plus pencil marks once the first step beyond singles comes; kept
inside the band of minutes its grade has on a board of its cells."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from pydantic import Field

from ..core.grade.candidates import Step, solving_path_of
from ..core.puzzle import Puzzle
from ..core.registry import kind_of_puzzle
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
    band_cells: int = Field(81, description="A board of this many cells takes its grade's "
                                            "band of minutes as it is; others in proportion.")
    grade_minutes: dict[str, tuple[float, float]] = Field(
        default_factory=dict, description="The least and most minutes of each grade.")

    def scan(self, size: int) -> float:
        """How much longer each step takes on a board `size` cells a side."""
        return max(1.0, size / self.scan_size) ** self.scan_power

    def banded(self, minutes: float, grade: str, cells: int, size: int = 9) -> float:
        """The minutes kept inside the grade's band, scaled to a board of `cells` cells,
        `size` a side: by its cells, and as each step is (scan)."""
        if grade not in self.grade_minutes:
            return minutes
        scale = cells / self.band_cells * self.scan(size)
        least, most = (bound * scale for bound in self.grade_minutes[grade])
        return min(max(minutes, least), most)


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
    scale = model.scan(size)
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
                 model: TimeModel | None = None, band: tuple[str, int] | None = None) -> int:
    """solving_minutes() of a path of (technique, cells placed) steps; kept inside the
    band of a (grade, cells on the board), if given."""
    model = model or load_time_model()
    minutes = path_seconds(path, size, open_cells, model) / 60
    if band is not None:
        minutes = model.banded(minutes, *band, size)
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
    path = kind_of_puzzle(puzzle).solving_path(puzzle.givens, puzzle.extras)
    return replace(puzzle, minutes=_minutes_of(puzzle, path))


def _minutes_of(puzzle: Puzzle, path: Sequence[tuple[str, int]]) -> int:
    open_cells = sum(1 for value in puzzle.givens.cells if not value)
    model = load_time_model(kind_of_puzzle(puzzle).presentation.time_model)
    return path_minutes(path, puzzle.shape.size, open_cells, model,
                        band=(puzzle.grade, len(puzzle.givens.cells)))
