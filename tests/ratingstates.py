"""Shared by the rater's identity tests: candidate states that whole solves rarely reach."""

from __future__ import annotations

import random

from bookmaker.core.bits import bits_of
from bookmaker.core.grade.candidates import Candidates


def struck(state: Candidates, seed: int, share: float = 0.2) -> Candidates:
    """The state with a share of its open candidates struck (each cell keeps one): states
    where sets, fish and chains turn up that whole solves rarely reach."""
    rng, state = random.Random(seed), state.copy()
    for cell in bits_of(state.open_cells):
        for d in bits_of(state.cell_digits[cell]):
            if state.cell_digits[cell].bit_count() > 1 and rng.random() < share:
                state.eliminate(cell, d + 1)
    return state
