"""Sudoku Explainer-compatible ratings (ER/EP/ED) for any board: see rater.py."""

from .hints import Hint, tenths_text
from .rater import DEFAULT_BUDGET, RATER_VERSION, Rating, rate, rating_json, step_text
from .target import RatingRange, generate_rated, parse_rating_range

__all__ = ["DEFAULT_BUDGET", "RATER_VERSION", "Hint", "Rating", "RatingRange", "generate_rated",
           "parse_rating_range", "rate", "rating_json", "step_text", "tenths_text"]
