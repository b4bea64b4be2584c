"""Sudoku Explainer-compatible ratings (ER/EP/ED) for any board: see rater.py."""

from .hints import Hint, tenths_text
from .rater import (
    DEFAULT_BUDGET,
    DEFAULT_SCALE,
    RATER_VERSION,
    SCALES,
    Rating,
    rate,
    rater_version,
    rating_json,
    step_text,
)
from .target import RatingRange, generate_rated, parse_rating_range

__all__ = ["DEFAULT_BUDGET", "DEFAULT_SCALE", "RATER_VERSION", "SCALES", "Hint", "Rating",
           "RatingRange", "generate_rated", "parse_rating_range", "rate", "rater_version",
           "rating_json", "step_text", "tenths_text"]
