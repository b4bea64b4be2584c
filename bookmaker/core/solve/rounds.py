"""Propagation in rounds to a contradiction, written once: each family plugs in its round
(Sudoku's singles, a Killer's and a Calcudoku's settling, a Kakuro's runs, the Latin rules
and the kind's) and this counts the rounds. The length of a forcing chain, for grading;
whether a board settles without a contradiction, for solving."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum


class Round(Enum):
    """What one round of a family's propagation did."""

    CONTRADICTION = "contradiction"  # some cell, line or cage can no longer be filled
    CHANGED = "changed"              # it took candidates or placed values: another round
    SETTLED = "settled"              # nothing changed: a fixed point, no contradiction


def rounds_to_contradiction(one_round: Callable[[], Round], most: int | None = None
                            ) -> int | None:
    """In how many rounds (each a call of `one_round`) propagation reaches a
    contradiction; None if a round settles without one, or `most` rounds (None: no
    limit) pass first."""
    rounds = 0
    while most is None or rounds < most:
        rounds += 1
        done = one_round()
        if done is Round.CONTRADICTION:
            return rounds
        if done is Round.SETTLED:
            return None
    return None
