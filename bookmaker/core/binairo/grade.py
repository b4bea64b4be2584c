"""Grade a Binairo (or a Tango) by the techniques a person uses, easiest first,
restarting from the easiest after each step; each step applies its technique wherever
it finds it on the grid.

- ``beginner``: pair (two alike side by side: the cells either side take the other
  symbol); sign (across a = or x, a placed cell's partner).
- ``easy``: gap (two alike with one cell between: it takes the other symbol).
- ``medium``: balance (a line holding half its cells of one symbol: the rest take the
  other).
- ``hard``: unique lines (classic: a line two cells short of a full line it matches
  takes the other way round there), line analysis (the cells every completion of a line
  the rules allow agrees on).
- ``expert``: contradiction (a symbol that leads, by pairs, gaps, balance, signs and
  unique lines, to a clash: the cell takes the other); if even this stalls, ``hardest``
  is ``guessing``.

The techniques only place symbols a rule forces, so the grid they reach does not depend
on their order: a puzzle within a ceiling's reach is solved by its techniques alone,
which proves it has one solution.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from ..board.grid import Grid
from ..board.shape import Shape
from ..grade.candidates import Step
from ..grade.evidence import Reason
from ..grade.grader import Grading
from ..grade.laddered import laddered_grading
from .rules import Rules, allowed_lines, board_lines, position_masks
from .solver import partners_placed, propagate
from .text import SYMBOLS

BINAIRO_GRADES = ("beginner", "easy", "medium", "hard", "expert")

Placements = list[tuple[int, int]]


@dataclass(frozen=True)
class Technique:
    """A Binairo technique: its name, grade and weight, and the placements it finds."""

    name: str
    grade: str
    weight: float
    find: Callable[[Rules, list[int]], Placements]


def pairs(rules: Rules, values: list[int]) -> Placements:
    """Beside two alike in a line, the other symbol."""
    found = []
    for line in board_lines(rules.size):
        for i in range(len(line) - 1):
            a, b = values[line[i]], values[line[i + 1]]
            if a and a == b:
                found += [(line[j], 3 - a) for j in (i - 1, i + 2)
                          if 0 <= j < len(line) and not values[line[j]]]
    return found


def signs(rules: Rules, values: list[int]) -> Placements:
    """Across a = or x from a placed cell, its partner's symbol."""
    found = []
    for first, second, sign in (rules.signs.signs if rules.signs else ()):
        for placed, free in ((first, second), (second, first)):
            if values[placed] and not values[free]:
                found.append((free, values[placed] if sign == "=" else 3 - values[placed]))
    return found


def gaps(rules: Rules, values: list[int]) -> Placements:
    """Between two alike one cell apart, the other symbol."""
    found = []
    for line in board_lines(rules.size):
        for i in range(len(line) - 2):
            a, middle, c = values[line[i]], values[line[i + 1]], values[line[i + 2]]
            if a and a == c and not middle:
                found.append((line[i + 1], 3 - a))
    return found


def balance(rules: Rules, values: list[int]) -> Placements:
    """In a line with half its cells of one symbol, the other in the rest."""
    found = []
    for line in board_lines(rules.size):
        seen = [values[c] for c in line]
        for v in (1, 2):
            if seen.count(v) == rules.half and 0 in seen:
                found += [(c, 3 - v) for c, s in zip(line, seen) if not s]
    return found


def unique_lines(rules: Rules, values: list[int]) -> Placements:
    """A line two cells short of matching a full line of its direction: those two cells
    the other way round from it."""
    if not rules.unique_lines:
        return []
    n, found = rules.size, []
    lines = board_lines(n)
    for index, line in enumerate(lines):
        seen = [values[c] for c in line]
        if seen.count(0) != 2:
            continue
        start = 0 if index < n else n
        for other in lines[start:start + n]:
            theirs = [values[c] for c in other]
            if all(theirs) and all(s == t for s, t in zip(seen, theirs) if s):
                found += [(c, 3 - t) for c, s, t in zip(line, seen, theirs) if not s]
                break
    return found


def line_analysis(rules: Rules, values: list[int]) -> Placements:
    """The free cells of a line on which every completion the rules allow agrees."""
    n, found = rules.size, []
    masks = position_masks(n)
    full = _full_line_bits(rules, values)
    for index, line in enumerate(board_lines(n)):
        seen = [values[c] for c in line]
        if 0 not in seen:
            continue
        completions = _completions(rules, index, seen, masks, full[index >= n])
        for i, (cell, s) in enumerate(zip(line, seen)):
            if not s:
                if not completions & masks[i][1]:
                    found.append((cell, 2))
                elif not completions & masks[i][2]:
                    found.append((cell, 1))
    return found


def _full_line_bits(rules: Rules, values: list[int]) -> tuple[int, int]:
    """The bit sets (over allowed_lines) of the full rows and of the full columns: lines
    no other row (column) may copy, where lines must all differ (0 where they need not)."""
    if not rules.unique_lines:
        return 0, 0
    n, index_of = rules.size, _line_index(rules.size)
    lines = board_lines(n)
    rows, columns = (sum(1 << index_of[line] for line in
                         {tuple(values[c] for c in cells) for cells in lines[start:start + n]}
                         if line in index_of) for start in (0, n))
    return rows, columns


@lru_cache(maxsize=16)
def _line_index(n: int) -> dict[tuple[int, ...], int]:
    return {line: i for i, line in enumerate(allowed_lines(n))}


def _completions(rules: Rules, index: int, seen: list[int], masks, taken: int) -> int:
    """The bit set of the lines the rules allow that this line may still become (none of
    the `taken` full lines of its direction; its signs kept)."""
    n = rules.size
    lines = allowed_lines(n)
    mask = ((1 << len(lines)) - 1) & ~taken
    for i, s in enumerate(seen):
        if s:
            mask &= masks[i][s]
    if rules.signs:
        line_cells = board_lines(n)[index]
        at = {cell: i for i, cell in enumerate(line_cells)}
        inside = [(at[a], at[b], s == "=") for a, b, s in rules.signs.signs
                  if a in at and b in at]
        if inside:
            mask = sum(1 << k for k in range(mask.bit_length()) if mask >> k & 1 and all(
                (lines[k][i] == lines[k][j]) == same for i, j, same in inside))
    return mask


def contradiction(rules: Rules, values: list[int], first: bool = False) -> Placements:
    """The cells where one symbol leads, by the simple rules, to a clash: the other (the
    first such cell alone, if `first`). Cells in the fullest lines are tried first, where
    a clash comes soonest; a symbol some trial without a clash placed is not tried (what
    it leads to lies within that trial's grid). Neither changes what is found."""
    found: Placements = []
    harmless: set[tuple[int, int]] = set()
    for cell in _fullest_first(rules.size, values):
        for trial_value in (1, 2):
            if (cell, trial_value) in harmless:
                continue
            trial = values[:]
            if not propagate(rules, trial, [(cell, trial_value)], ()):
                found.append((cell, 3 - trial_value))
                if first:
                    return found
                break
            harmless.update((c, v) for c, v in enumerate(trial) if v and not values[c])
    return found


def _fullest_first(n: int, values: list[int]) -> list[int]:
    """The free cells, those whose row or column has fewest free cells first."""
    free = [sum(1 for c in line if not values[c]) for line in board_lines(n)]
    return sorted((c for c, v in enumerate(values) if not v),
                  key=lambda c: (min(free[c // n], free[n + c % n]), c))


LADDER = (
    Technique("pair", "beginner", 1.0, pairs),
    Technique("sign", "beginner", 1.1, signs),
    Technique("gap", "easy", 1.5, gaps),
    Technique("balance", "medium", 2.0, balance),
    Technique("unique lines", "hard", 3.0, unique_lines),
    Technique("line analysis", "hard", 3.5, line_analysis),
    Technique("contradiction", "expert", 5.0, lambda rules, values: contradiction(rules, values,
                                                                              True)),
)


def grade_binairo(givens: Grid, rules: Rules, ceiling: str = BINAIRO_GRADES[-1]) -> Grading:
    """The grading of the givens by the techniques up to the ceiling's grade."""
    allowed = [t for t in LADDER
               if BINAIRO_GRADES.index(t.grade) <= BINAIRO_GRADES.index(ceiling)]
    values, steps = list(givens.cells), []
    while 0 in values:
        step = _next_step(givens.shape, rules, values, allowed)
        if step is None:
            break
        steps.append(step)
    return _grading(steps, 0 in values)


def within_reach(givens: Grid, rules: Rules, ceiling: str) -> bool:
    """Whether the techniques up to the ceiling's grade solve the givens. From medium up
    the simple techniques run as the solver's propagation, which places what they place
    (unique lines left out below hard): the same grid, reached faster."""
    rank = BINAIRO_GRADES.index(ceiling)
    if rank < BINAIRO_GRADES.index("medium"):
        return _solved_stepwise(givens, rules, ceiling)
    simple = rules if rank >= BINAIRO_GRADES.index("hard") else replace(rules, unique_lines=False)
    harder = [t.find for t in LADDER if BINAIRO_GRADES.index("hard") <= BINAIRO_GRADES.index(
        t.grade) <= rank and t.name != "unique lines"]
    values = list(givens.cells)
    propagate(simple, values, partners_placed(rules, values))
    while 0 in values:
        placements = next((found for find in harder if (found := find(rules, values))), None)
        if not placements:
            return False
        propagate(simple, values, placements, ())
    return True


def _solved_stepwise(givens: Grid, rules: Rules, ceiling: str) -> bool:
    """Whether the techniques up to the ceiling's grade solve the givens, each applied
    wherever it finds a placement at once (the same grid as one at a time, sooner)."""
    allowed = [t.find for t in LADDER
               if BINAIRO_GRADES.index(t.grade) <= BINAIRO_GRADES.index(ceiling)]
    values = list(givens.cells)
    while 0 in values:
        placements = [placement for find in allowed for placement in find(rules, values)]
        if not placements:
            return False
        for cell, value in placements:
            values[cell] = value
    return True


def _next_step(shape: Shape, rules: Rules, values: list[int], allowed) -> Step | None:
    """The easiest technique's first placement, made on the values; None if all stall.
    (One placement a step, as a person writes one symbol at a time: the solving times
    count steps.)"""
    for technique in allowed:
        placements = technique.find(rules, values)
        if placements:
            cell, value = placements[0]
            because = _evidence(technique, rules, values, cell, value)
            values[cell] = value
            return Step(technique.name, ((cell, value),), (),
                        f"{technique.name}: {shape.cell_name(cell)} = {SYMBOLS[value - 1]}",
                        because=because)
    return None


LINE_BOUND = ("pair", "gap", "balance")  # techniques that read one line alone


def _evidence(technique: Technique, rules: Rules, values: list[int], cell: int,
              value: int) -> tuple[Reason, ...]:
    """What a placement rests on, where that is simple to say: the sign across which it is
    copied or turned over; the row or column a pair, gap or balance reads (the first whose
    symbols alone place it). () for the techniques that read several lines."""
    if technique.name == "sign":
        signs = rules.signs.signs if rules.signs else ()
        return tuple(Reason("match", label=sign, cells=(first, second))
                     for first, second, sign in signs
                     if cell in (first, second) and values[first + second - cell])[:1]
    if technique.name not in LINE_BOUND:
        return ()
    n = rules.size
    for index, line in enumerate(board_lines(n)):
        alone = [values[c] if c in line else 0 for c in range(len(values))]
        if cell in line and (cell, value) in technique.find(rules, alone):
            return (Reason("row", index + 1) if index < n else Reason("column", index - n + 1),)
    return ()


_WEIGHTS = {t.name: (t.grade, t.weight) for t in LADDER}


def _grading(steps: list[Step], stalled: bool) -> Grading:
    """Grade, hardest technique and score of the steps taken (stalled: guessing)."""
    return laddered_grading(steps, stalled, _WEIGHTS, BINAIRO_GRADES)
