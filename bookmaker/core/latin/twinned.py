"""The classic techniques on a Latin-square state, found by their compiled twins where the
compiled grader runs (csrc/grade*.c on the square's rows and columns): the same step as
the Python's, which stays the reference and the pure core's path."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..grade.candidates import Candidates, Step
from ..grade.twins import CLASSIC_TWINS

if TYPE_CHECKING:
    from .grading import LatinCandidates


class Twinned:
    """A classic technique's find for a Latin state (the kind's own techniques in the
    ladder keep the whole ladder off the compiled grader, so each classic one is asked of
    it alone)."""

    __slots__ = ("find", "number")

    def __init__(self, find: Callable[[Candidates], Step | None]) -> None:
        number = CLASSIC_TWINS.number_of(find)
        if number is None:
            raise ValueError(f"{find.__name__} has no compiled twin")
        self.find, self.number = find, number

    def __call__(self, state: LatinCandidates) -> Step | None:
        tables = state.grader_tables()
        if tables is None:  # the pure core
            return self.find(state)
        found = tables.find(self.number, state.values, state.cell_digits, state.digit_cells,
                            state.open_cells, None, 0)
        return None if found is None else CLASSIC_TWINS.worded(state, found)
