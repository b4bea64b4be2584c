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

from functools import lru_cache

from .. import compiled
from ..bits import bits_of
from ..board.grid import SYMBOLS
from ..grade.candidates import Step
from ..grade.evidence import Reason
from ..latin.grading import LatinCandidates, eliminating
from .signs import Signs

FORKS_IN_C = 272  # the most forks csrc/latin.c's Rule holds (1,088 ints, four a fork); a 9x9 can
#                   have 324, and those past 272 are looked for in Python, the same search


def inequality_bounds(state: LatinCandidates) -> Step | None:
    """The first sign that narrows either of its cells."""
    for smaller, larger in state.extras.pairs:
        low, high = state.digits(smaller), state.digits(larger)
        kept_low, kept_high = _bounded(low, high)
        if kept_low != low or kept_high != high:
            top, bottom = high.bit_length() - 1, (low & -low).bit_length() - 1
            name = state.shape.cell_name
            removals = [(smaller, d) for d in range(top, state.shape.size) if low >> d & 1]
            removals += [(larger, d) for d in range(bottom + 1) if high >> d & 1]
            return eliminating(state, "inequality bounds", removals,
                               f"{name(smaller)} < {name(larger)}: {name(smaller)} below "
                               f"{SYMBOLS[top]}, {name(larger)} above {SYMBOLS[bottom]}",
                               (sign_reason(smaller, larger),), (smaller, larger))
    return None


def _bounded(low: int, high: int) -> tuple[int, int]:
    """The digits of the smaller and the larger cell across a sign, narrowed."""
    return low & ((1 << (high.bit_length() - 1)) - 1), high & ~((low & -low) * 2 - 1)


def apply_inequality_bounds(state: LatinCandidates) -> bool:
    """Inequality bounds in bulk, sign after sign until none narrows; whether any did."""
    found, sweeping = False, True
    while sweeping:
        sweeping = False
        for smaller, larger in state.extras.pairs:
            low, high = state.digits(smaller), state.digits(larger)
            kept_low, kept_high = _bounded(low, high)
            for cell, before, after in ((smaller, low, kept_low), (larger, high, kept_high)):
                if after != before:
                    for d in range(state.shape.size):
                        if (before & ~after) >> d & 1:
                            state.eliminate(cell, d + 1)
                    found = sweeping = True
    return found


def inequality_fork(state: LatinCandidates) -> Step | None:
    """A cell smaller (larger) than two cells of one row or column: it stays two below
    the highest (above the lowest) of their candidates. The fork is found in C on the
    compiled core (csrc/latin.c), the same one."""
    forks = _forks(state.extras)
    fast = compiled.latin_core()
    find = getattr(fast, "latin_sign_fork", None)  # None: the pure core, or an old build
    if find is None or len(forks) > FORKS_IN_C:
        return _fork_in_python(state, forks)
    index = find(state.shape.size, state.values, state.cell_digits, _fork_data(state.extras))
    return None if index is None else _fork_step(state, *forks[index])


def unworded_inequality_fork(state: LatinCandidates) -> Step | None:
    """inequality_fork()'s step without its words, for digging (worded on the pure
    core)."""
    forks = _forks(state.extras)
    find = getattr(compiled.latin_core(), "latin_sign_fork", None)
    if find is None or len(forks) > FORKS_IN_C:
        return _fork_in_python(state, forks)
    index = find(state.shape.size, state.values, state.cell_digits, _fork_data(state.extras))
    if index is None:
        return None
    cell, others, smaller = forks[index]
    taken = state.cell_digits[cell] & ~_fork_allowed(state, others, smaller)
    return Step("inequality fork", (), tuple((cell, d + 1) for d in bits_of(taken)), "")


def _fork_in_python(state: LatinCandidates, forks) -> Step | None:
    """inequality_fork() in Python, the reference."""
    for cell, others, smaller in forks:
        if state.cell_digits[cell] & ~_fork_allowed(state, others, smaller):
            return _fork_step(state, cell, others, smaller)
    return None


def _fork_allowed(state: LatinCandidates, others, smaller: bool) -> int:
    """The digits a fork leaves its cell."""
    union = state.digits(others[0]) | state.digits(others[1])
    if smaller:  # the lower of the two is at most the highest digit less one
        return (1 << max(union.bit_length() - 2, 0)) - 1
    # the higher of the two is at least the lowest digit plus one
    return ((1 << state.shape.size) - 1) & ~((1 << (union & -union).bit_length() + 1) - 1)


def _fork_step(state: LatinCandidates, cell: int, others, smaller: bool) -> Step | None:
    allowed = _fork_allowed(state, others, smaller)
    removals = [(cell, d) for d in range(state.shape.size) if not allowed >> d & 1]
    pairs = [(cell, other) if smaller else (other, cell) for other in others]
    return eliminating(state, "inequality fork", removals,
                       _fork_text(state, cell, others, smaller),
                       tuple(sign_reason(*pair) for pair in pairs), (cell, *others))


def sign_reason(smaller: int, larger: int) -> Reason:
    """A sign as a step's evidence: its smaller cell, then its larger."""
    return Reason("sign", label="<", cells=(smaller, larger))


def _fork_text(state: LatinCandidates, cell: int, others, smaller: bool) -> str:
    name = state.shape.cell_name
    relation = "smaller" if smaller else "larger"
    return (f"{name(cell)} is {relation} than both {name(others[0])} and {name(others[1])}, "
            f"which differ")


@lru_cache(maxsize=64)
def _fork_data(signs: Signs) -> tuple[int, ...]:
    """The forks as the compiled core takes them: cell, the two others, whether the cell
    is the smaller, fork after fork."""
    return tuple(item for cell, (one, two), smaller in _forks(signs)
                 for item in (cell, one, two, int(smaller)))


@lru_cache(maxsize=64)
def _forks(signs: Signs) -> tuple[tuple[int, tuple[int, int], bool], ...]:
    """(cell, two cells of one line it is compared with, whether it is the smaller)."""
    n = signs.size
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
    return tuple(forks)
