"""What a family's second proof (its check, written apart from its solver) found."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CheckResult:
    """What one search found: solutions counted up to the limit, those solutions, whether
    it finished within its node budget, and the nodes it visited."""

    count: int
    solutions: tuple[tuple[int, ...], ...]
    complete: bool
    nodes: int
