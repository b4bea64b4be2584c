"""Sudoku Explainer-compatible ratings (ER/EP/ED) for any board: see rater.py."""

from .hints import Hint, tenths_text
from .rater import DEFAULT_BUDGET, RATER_VERSION, Rating, rate

__all__ = ["DEFAULT_BUDGET", "RATER_VERSION", "Hint", "Rating", "rate", "tenths_text"]
