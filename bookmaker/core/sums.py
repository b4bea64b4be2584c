"""Sums of floats added left to right, the same on every Python.

Python 3.12's sum() compensates float rounding (Neumaier's summation), so the same heights
or widths add up to a last bit apart from Python 3.10-3.11's, and a layout that compares
the total with the room on a page can break a page elsewhere: the same spec would print
different bytes. Whatever sums floats that decide or draw something adds them here.
"""

from __future__ import annotations

from collections.abc import Iterable


def added(values: Iterable[float], start: float = 0) -> float:
    """The values added one after another, left to right, as Python 3.11's sum() adds."""
    total = start
    for value in values:
        total += value
    return total
