"""Futoshiki techniques: how a person uses the signs, each a small function finding one
step (the contract of core/grade/techniques.py), on a LatinCandidates whose extras are
the Signs.

- inequality bounds: across a sign the smaller cell stays below the larger's highest
  candidate and the larger above the smaller's lowest; followed sign by sign, this reads
  whole chains (a < b < c: a is at most n-2).
- inequality fork: a cell smaller than two cells of one line is smaller than both, which
  differ, so it stays two below the higher of their candidates (and a cell larger than
  two, two above the lower).
"""

from __future__ import annotations

from ..board.grid import SYMBOLS
from ..grade.candidates import Step
from ..latin.grading import LatinCandidates, apply_all, eliminating


def inequality_bounds(state: LatinCandidates) -> Step | None:
    """The first sign that narrows either of its cells."""
    name = state.shape.cell_name
    for smaller, larger in state.extras.pairs:
        low, high = state.digits(smaller), state.digits(larger)
        top, bottom = high.bit_length() - 1, (low & -low).bit_length() - 1
        removals = [(smaller, d) for d in range(top, state.shape.size) if low >> d & 1]
        removals += [(larger, d) for d in range(bottom + 1) if high >> d & 1]
        step = eliminating(state, "inequality bounds", removals,
                           f"{name(smaller)} < {name(larger)}: {name(smaller)} below "
                           f"{SYMBOLS[top]}, {name(larger)} above {SYMBOLS[bottom]}")
        if step is not None:
            return step
    return None


apply_inequality_bounds = apply_all(inequality_bounds)


def inequality_fork(state: LatinCandidates) -> Step | None:
    """A cell smaller (larger) than two cells of one row or column: it stays two below
    the highest (above the lowest) of their candidates."""
    for cell, others, smaller in _forks(state.extras, state.shape.size):
        union = state.digits(others[0]) | state.digits(others[1])
        if smaller:
            bound = union.bit_length() - 2  # the lower of the two is at most this
            removals = [(cell, d) for d in range(max(bound, 0), state.shape.size)]
        else:
            bound = (union & -union).bit_length()  # the higher of the two is at least this
            removals = [(cell, d) for d in range(min(bound, state.shape.size - 1) + 1)]
        step = eliminating(state, "inequality fork", removals, _fork_text(
            state, cell, others, smaller))
        if step is not None:
            return step
    return None


def _fork_text(state: LatinCandidates, cell: int, others, smaller: bool) -> str:
    name = state.shape.cell_name
    relation = "smaller" if smaller else "larger"
    return (f"{name(cell)} is {relation} than both {name(others[0])} and {name(others[1])}, "
            f"which differ")


def _forks(signs, n: int) -> list[tuple[int, tuple[int, int], bool]]:
    """(cell, two cells of one line it is compared with, whether it is the smaller)."""
    above: dict[int, list[int]] = {}
    below: dict[int, list[int]] = {}
    for smaller, larger in signs.pairs:
        above.setdefault(smaller, []).append(larger)
        below.setdefault(larger, []).append(smaller)
    forks = []
    for table, smaller in ((above, True), (below, False)):
        for cell, others in sorted(table.items()):
            for i, one in enumerate(others):
                for two in others[i + 1:]:
                    if one // n == two // n or one % n == two % n:
                        forks.append((cell, (one, two), smaller))
    return forks
