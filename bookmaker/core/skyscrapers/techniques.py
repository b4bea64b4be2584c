"""Skyscrapers techniques: how a person uses the edge clues, each a small function finding
one step (the contract of core/grade/techniques.py), on a LatinCandidates whose extras are
the EdgeClues.

- edge clues (1 and N): a 1 sees the tallest building first, so it stands next to the
  clue; an N sees every building, so they rise 1, 2, ..., N from the clue.
- clue bounds: with c buildings seen, the first cell holds at most N-c+1, the next at
  most N-c+2, and so on (c-1 taller ones must still follow).
- visibility: a height goes from a cell if no filling of the line with its candidates
  (all different) shows the line's clues; on lines of up to three open cells (a short
  count) or on longer ones (harder: more fillings to weigh).

The fillings are weighed in C on the compiled core (csrc/latin.c), the same as here.
"""

from __future__ import annotations

from .. import compiled
from ..bits import bits_of
from ..grade.candidates import Step
from ..grade.evidence import Reason
from ..latin.grading import LatinCandidates, eliminating
from .lines import clue_bound, line_supports
from .solver import edge_masks, line_data, static_masks

SHORT_LINE = 3  # open cells a person counts through at a glance


def edge_clues(state: LatinCandidates) -> Step | None:
    """The first line whose 1 or N clue still takes a candidate."""
    n = state.shape.size
    for cells, front, back in state.extras.lines():
        for clue, ordered in ((front, cells), (back, cells[::-1])):
            if clue == 1:
                allowed = [1 << (n - 1)] + [(1 << n) - 1] * (n - 1)
            elif clue == n:
                allowed = [1 << i for i in range(n)]
            else:
                continue
            step = _keeping(state, "edge clues (1 and N)", ordered, allowed,
                            f"a clue of {clue} at {_end(state, ordered)}",
                            (clue_reason(state, ordered, clue),))
            if step is not None:
                return step
    return None


def clue_bounds(state: LatinCandidates) -> Step | None:
    """The first line whose clue's distance bounds still take a candidate."""
    n = state.shape.size
    for cells, front, back in state.extras.lines():
        for clue, ordered in ((front, cells), (back, cells[::-1])):
            if 1 < clue < n:
                allowed = [clue_bound(n, clue, i) for i in range(n)]
                step = _keeping(state, "clue bounds", ordered, allowed,
                                f"{clue} seen from {_end(state, ordered)}: the first cell "
                                f"holds at most {n - clue + 1}, each next one more",
                                (clue_reason(state, ordered, clue),))
                if step is not None:
                    return step
    return None


def visibility_short(state: LatinCandidates) -> Step | None:
    return _visibility(state, "visibility (short lines)", 1, SHORT_LINE)


def visibility_long(state: LatinCandidates) -> Step | None:
    return _visibility(state, "visibility (long lines)", SHORT_LINE + 1, state.shape.size)


def _visibility(state: LatinCandidates, name: str, fewest: int, most: int,
                worded: bool = True) -> Step | None:
    """The first clued line with fewest..most open cells whose fillings rule out a
    candidate (found in C on the compiled core: csrc/latin.c, the same line); `worded`
    False: its step without words, for digging (always worded on the pure core)."""
    fast = compiled.latin_core()
    if fast is None:
        return _visibility_in_python(state, name, fewest, most)
    found = fast.latin_visible_line(state.shape.size, state.values, state.cell_digits,
                                    line_data(state.extras), fewest, most)
    if found is None:
        return None
    index, supports = found
    cells, front, back = state.extras.lines()[index]
    if worded:
        return _visible_step(state, name, cells, supports, front, back)
    digits = state.cell_digits
    return Step(name, (), tuple(sorted((cell, d + 1) for cell, mask in zip(cells, supports)
                                       for d in bits_of(digits[cell] & ~mask))), "")


def unworded_visibility_short(state: LatinCandidates) -> Step | None:
    return _visibility(state, "visibility (short lines)", 1, SHORT_LINE, worded=False)


def unworded_visibility_long(state: LatinCandidates) -> Step | None:
    return _visibility(state, "visibility (long lines)", SHORT_LINE + 1, state.shape.size,
                       worded=False)


def _visibility_in_python(state: LatinCandidates, name: str, fewest: int,
                          most: int) -> Step | None:
    """_visibility() in Python, the reference."""
    for cells, front, back in state.extras.lines():
        open_count = sum(1 for c in cells if not state.values[c])
        if not fewest <= open_count <= most:
            continue
        supports = line_supports(tuple(state.digits(c) for c in cells), front, back)
        if supports is None:
            continue  # never on a puzzle with a solution
        step = _visible_step(state, name, cells, supports, front, back)
        if step is not None:
            return step
    return None


def _visible_step(state: LatinCandidates, name: str, cells, supports, front: int,
                  back: int) -> Step | None:
    return _keeping(state, name, cells, supports,
                    f"no filling of {_line_name(state, cells)} with its candidates "
                    f"shows its clues with these heights", line_clues(state, cells, front, back))


def _keeping(state: LatinCandidates, technique: str, cells, allowed, why: str,
             because: tuple[Reason, ...]) -> Step | None:
    removals = [(cell, d) for cell, mask in zip(cells, allowed)
                for d in range(state.shape.size) if not mask >> d & 1]
    return eliminating(state, technique, removals, why, because, tuple(sorted(cells)))


def clue_reason(state: LatinCandidates, ordered, clue: int) -> Reason:
    """A clue as a step's evidence: its value, the side it stands on, its line's number
    (`ordered`: the line's cells as the clue sees them)."""
    n, (first, second) = state.shape.size, ordered[:2]
    row, col = divmod(first, n)
    if abs(second - first) == 1:
        return Reason("clue", row + 1, str(clue), side="left" if second > first else "right")
    return Reason("clue", col + 1, str(clue), side="top" if second > first else "bottom")


def line_clues(state: LatinCandidates, cells, front: int, back: int) -> tuple[Reason, ...]:
    """The clues of a line (its cells from the front) as evidence: those it has."""
    return tuple(clue_reason(state, ordered, clue)
                 for clue, ordered in ((front, cells), (back, cells[::-1])) if clue)


def _end(state: LatinCandidates, ordered) -> str:
    """Where a line seen from its first cell starts: 'the left of row 3'."""
    n, (first, second) = state.shape.size, ordered[:2]
    row, col = divmod(first, n)
    if second - first == 1:
        return f"the left of row {row + 1}"
    if first - second == 1:
        return f"the right of row {row + 1}"
    return f"the top of column {col + 1}" if second > first else f"the bottom of column {col + 1}"


def _line_name(state: LatinCandidates, cells) -> str:
    n = state.shape.size
    return f"row {cells[0] // n + 1}" if cells[1] - cells[0] == 1 else f"column {cells[0] % n + 1}"


def apply_edge_clues(state: LatinCandidates) -> bool:
    """Edge clues (1 and N) in bulk; whether any candidate went."""
    return _apply_static(state, edge_masks(state.extras))


def apply_clue_bounds(state: LatinCandidates) -> bool:
    """Clue bounds in bulk; whether any candidate went."""
    return _apply_static(state, static_masks(state.extras))


def _apply_static(state: LatinCandidates, allowed: tuple[int, ...]) -> bool:
    found = False
    for cell in range(state.shape.cell_count):
        extra = state.cell_digits[cell] & ~allowed[cell]
        if extra:
            for d in bits_of(extra):
                state.eliminate(cell, d + 1)
            found = True
    return found
