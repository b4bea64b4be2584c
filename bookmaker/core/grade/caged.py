"""What the hand-solving states of caged puzzles (a Killer's, a Calcudoku's) share: a
bulk technique applied to the cages whose cells changed since it last looked."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .candidates import Step


def apply_to_changed_cages(state: Any, step_of: Callable[[int], Step | None]) -> bool:
    """Apply at once the step `step_of` finds in each cage (by index) with an open cell
    and a cell changed since the last call (`state.unsettled`, cleared here): for a
    technique whose step in a cage depends on that cage's own cells alone. Whether any
    step was found. `state` is Candidates with `cages` (their `masks`) and `unsettled`."""
    unsettled, state.unsettled = state.unsettled, 0
    found = False
    for index, mask in enumerate(state.cages.masks):
        if mask & unsettled and mask & state.open_cells:
            step = step_of(index)
            if step is not None:
                state.apply(step)
                found = True
    return found
