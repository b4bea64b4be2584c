"""Ranges of SE ratings, as a spec's `rating: 7.0-8.5` or the command line's --rating
write them: on Sukaku Explainer's scale unless they name SE 1.2.1's, `7.0-8.5 (1.2.1)`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .hints import tenths_text
from .scales import DEFAULT_SCALE, SCALES

if TYPE_CHECKING:
    from .rater import Rating

HIGHEST = 200                 # SE's rating of a puzzle beyond its techniques, 20.0
_RANGE = re.compile(r"\s*(\d+(?:\.\d)?)\s*(?:-\s*(\d+(?:\.\d)?)\s*)?"
                    r"(?:\(\s*(?:SE\s+)?([\w.]+)\s*\)\s*)?$", re.IGNORECASE)


@dataclass(frozen=True)
class RatingRange:
    """SE ratings from `low` to `high` tenths, both included, on a scale of SCALES."""

    low: int
    high: int
    scale: str = DEFAULT_SCALE

    def __contains__(self, rating: Rating) -> bool:
        return not rating.lower_bound and self.low <= rating.er <= self.high

    def __str__(self) -> str:
        text = tenths_text(self.low)
        if self.low != self.high:
            text += f"-{tenths_text(self.high)}"
        return text if self.scale == DEFAULT_SCALE else f"{text} ({self.scale})"


def parse_rating_range(text: str) -> RatingRange:
    """'7.0-8.5', '7.2' or '7.0-8.5 (1.2.1)' as a RatingRange; ValueError says what is
    wrong."""
    found = _RANGE.match(str(text))
    if not found:
        raise ValueError(f"a rating range looks like 7.0-8.5 (or one rating, like 7.2; "
                         f"on SE 1.2.1's scale 7.0-8.5 (1.2.1)), got {text!r}")
    scale = (found.group(3) or DEFAULT_SCALE).lower()
    if scale not in SCALES:
        raise ValueError(f"the rating scale is one of {', '.join(SCALES)}, got {scale!r} in "
                         f"{text!r}")
    low = round(float(found.group(1)) * 10)
    high = round(float(found.group(2) or found.group(1)) * 10)
    if low > high:
        raise ValueError(f"the range {text!r} runs backwards; write the lower rating first")
    if not 10 <= low or high > HIGHEST:
        raise ValueError(f"SE ratings run from 1.0 to {tenths_text(HIGHEST)}, got {text!r}")
    return RatingRange(low, high, scale)
