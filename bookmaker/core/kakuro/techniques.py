"""Kakuro techniques: how a person uses the runs, each a small function finding one step
in one run (or one area, or on the whole board).

A technique takes a state and a place to look (a run's index, an area's, or None for the
board) and returns one Step or None. The state is a KakuroState: placed digits and the
candidates of open cells; placing a digit takes it from the cell's run mates. No unit
need hold every digit, so Sudoku's hidden singles and full houses never apply.

- last cell: the one open cell of a run holds what the total leaves.
- unique combination: a total that only one set of digits makes (3 in two squares is
  1+2, 24 in three is 7+8+9): the run's cells keep only those digits.
- naked single: a cell with one candidate left holds it.
- combination intersection: a run's *fitting* combinations hold the digits placed in it
  and otherwise only digits its open cells may take; a digit in none of them leaves the
  run. Done for both runs of a cell, the cell keeps the digits both its runs allow.
- unique digit: a digit every fitting combination of a run needs, with one place left in
  the run, goes there.
- sum bounds: a digit leaves a cell when the run's other open cells, each at its smallest
  (largest) candidate, would still add up to too much (too little) beside it.
- naked pair, naked triple: two (three) cells of a run holding only two (three) digits
  between them: those digits leave the rest of the run.
- run permutations: a digit leaves a cell when no filling of the run's open cells with
  different candidates adding up to what they must puts it there.
- cross sums: the runs of an area add up alike both ways, so the cells outside it of the
  runs through it (its *outies*) add up to the difference (areas.py): one open outie is
  known; two, or three or four, are narrowed as a run of their own (their digits differ
  only where they share a run).
- forcing chain: a candidate whose placement leads, by rounds of the solver's narrowing
  of runs (solver.py), to a contradiction goes; a short one within two rounds.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations

from ..board.grid import SYMBOLS, Grid
from ..grade.caged import fillings
from ..grade.candidates import Step
from ..grade.evidence import run_reason
from ..killer.cages import combinations as sets_adding_up
from ..words import with_article
from .areas import areas_of
from .clues import Clues
from .solver import Tables, rounds_to_contradiction

ALL = (1 << 9) - 1
DIGITS = tuple(tuple(d for d in range(9) if mask >> d & 1) for mask in range(ALL + 1))
SMALL_CROSS_SUM, LARGE_CROSS_SUM = (2, 2), (3, 4)  # open outies narrowed as a run of their own
# Run permutations look at runs of at most this many open cells: a person tries the
# fillings of a few cells, not of eight (and those take the longest to enumerate).
MOST_PERMUTED = 6
# A short forcing chain reaches its contradiction within this many rounds of narrowing
# runs: the candidate breaks one of its runs at once, or one of theirs.
SHORT_CHAIN_ROUNDS = 2


class KakuroState:
    """A Kakuro being solved by hand: each cell's digit (0 open) and an open cell's
    candidates (a digit mask; 0 once placed), and `log`, every cell whose candidates
    changed, in order (so a technique looks again only where something changed)."""

    __slots__ = ("clues", "shape", "values", "cands", "open_count", "log", "explain",
                 "placed", "left", "run_cells")

    def __init__(self, givens: Grid, clues: Clues, explain: bool = True) -> None:
        self.clues, self.shape, self.explain = clues, givens.shape, explain
        self.values = [0] * self.shape.cell_count
        self.cands = [ALL] * self.shape.cell_count
        self.open_count = self.shape.cell_count
        self.log: list[int] = []
        self.run_cells = tuple(unit.cells for unit in self.shape.units)
        self.placed = [0] * len(self.run_cells)   # each run's placed digits (a mask)
        self.left = list(clues.totals)            # what each run's open cells add up to
        for cell, value in enumerate(givens.cells):
            if value:
                self.place(cell, value)

    @property
    def solved(self) -> bool:
        return not self.open_count

    def place(self, cell: int, value: int) -> None:
        """Set a cell; the digit leaves its run mates."""
        bit, cands, log = 1 << (value - 1), self.cands, self.log
        self.values[cell], cands[cell] = value, 0
        self.open_count -= 1
        log.append(cell)
        for run in self.clues.runs_of[cell]:
            self.placed[run] |= bit
            self.left[run] -= value
        for mate in self.shape.peers[cell]:
            if cands[mate] & bit:
                cands[mate] &= ~bit
                log.append(mate)

    def eliminate(self, cell: int, value: int) -> None:
        self.cands[cell] &= ~(1 << (value - 1))
        self.log.append(cell)

    def apply(self, step: Step) -> None:
        for cell, value in step.placements:
            if not self.values[cell]:
                self.place(cell, value)
        for cell, value in step.eliminations:
            self.eliminate(cell, value)


# --- one run at a time ------------------------------------------------------------------

def found(state: KakuroState, technique: str, placements, eliminations,
          explanation: Callable[[], str], length: int = 0, runs: tuple[int, ...] = (),
          cells: tuple[int, ...] = ()) -> Step:
    """A step, explained only if the state asks for explanations (the generator, which
    grades thousands of puzzles it throws away, does not); `runs` make it true, `cells`
    are its pattern's (the first run's open cells where not given)."""
    if not state.explain:
        return Step(technique, placements, eliminations, "", length)
    because = tuple(run_reason(state.shape, run, state.clues.totals[run]) for run in runs)
    if not cells and runs:
        cells = tuple(c for c in state.run_cells[runs[0]] if not state.values[c])
    return Step(technique, placements, eliminations, explanation(), length, because, cells)


def run_view(state: KakuroState, run: int) -> tuple[list[int], int, int]:
    """A run's open cells, the digits placed in it (a mask) and what its open cells must
    still add up to."""
    values = state.values
    return [c for c in state.run_cells[run] if not values[c]], state.placed[run], \
        state.left[run]


def _eliminations(state: KakuroState, cells, keep) -> tuple[tuple[int, int], ...]:
    """(cell, value) of each candidate of the cells outside its mask in `keep`."""
    cands = state.cands
    return tuple((c, d + 1) for c, mask in zip(cells, keep) for d in DIGITS[cands[c] & ~mask])


def last_cell(state: KakuroState, run: int) -> Step | None:
    """The one open cell of a run holds what its total leaves."""
    open_cells, _, remaining = run_view(state, run)
    if len(open_cells) == 1 and 1 <= remaining <= 9 and \
            state.cands[open_cells[0]] >> (remaining - 1) & 1:
        cell = open_cells[0]
        return found(state, "last cell", ((cell, remaining),), (),
                     lambda: f"{state.shape.cell_name(cell)} = {remaining}: the last "
                             f"open cell of {state.clues.run_name(run)}",
                     runs=(run,), cells=(cell,))
    return None


def unique_combination(state: KakuroState, run: int) -> Step | None:
    """A run whose total only one set of digits makes keeps only those digits."""
    combos = state.clues.combos[run]
    if len(combos) != 1:
        return None
    open_cells, _, _ = run_view(state, run)
    removed = _eliminations(state, open_cells, [combos[0]] * len(open_cells))
    if not removed:
        return None
    return found(state, "unique combination", (), removed,
                 lambda: f"{state.clues.run_name(run)} can only be {sum_text(combos[0])}",
                 runs=(run,))


def naked_single(state: KakuroState, run: int) -> Step | None:
    """An open cell of the run with one candidate left holds it."""
    for cell in state.shape.units[run].cells:
        mask = state.cands[cell]
        if mask and not mask & (mask - 1):
            value = mask.bit_length()
            return found(state, "naked single", ((cell, value),), (),
                         lambda: f"{state.shape.cell_name(cell)} = {value}: its only candidate",
                         cells=(cell,))
    return None


def fitting_combinations(state: KakuroState, run: int, open_cells, placed: int) -> list[int]:
    """The run's combinations holding its placed digits and otherwise only digits some
    open cell of it may take."""
    possible = placed
    for cell in open_cells:
        possible |= state.cands[cell]
    return [combo for combo in state.clues.combos[run]
            if combo & placed == placed and not combo & ~possible]


def combination_intersection(state: KakuroState, run: int) -> Step | None:
    """Digits in no fitting combination of a run leave its open cells."""
    open_cells, placed, _ = run_view(state, run)
    combos = fitting_combinations(state, run, open_cells, placed)
    allowed = 0
    for combo in combos:
        allowed |= combo
    removed = _eliminations(state, open_cells, [allowed] * len(open_cells))
    if not removed or not combos:
        return None
    return found(state, "combination intersection", (), removed,
                 lambda: f"{state.clues.run_name(run)} can only hold "
                         f"{', '.join(sum_text(c) for c in combos)}", runs=(run,))


def unique_digit(state: KakuroState, run: int) -> Step | None:
    """A digit every fitting combination of a run needs, with one place left there."""
    open_cells, placed, _ = run_view(state, run)
    combos = fitting_combinations(state, run, open_cells, placed)
    common = ALL if combos else 0
    for combo in combos:
        common &= combo
    for d in DIGITS[common & ~placed]:
        places = [c for c in open_cells if state.cands[c] >> d & 1]
        if len(places) == 1:
            return found(state, "unique digit", ((places[0], d + 1),), (),
                         lambda: f"{state.clues.run_name(run)} needs "
                                 f"{with_article(SYMBOLS[d])}, and only "
                                 f"{state.shape.cell_name(places[0])} can hold it",
                         runs=(run,))
    return None


def sum_bounds(state: KakuroState, run: int) -> Step | None:
    """A digit leaves a cell if the run's other open cells, at their smallest (largest)
    candidates, leave too little (too much) room for it."""
    open_cells, _, remaining = run_view(state, run)
    if len(open_cells) < 2:
        return None
    low = [(state.cands[c] & -state.cands[c]).bit_length() for c in open_cells]
    high = [state.cands[c].bit_length() for c in open_cells]
    all_low, all_high = sum(low), sum(high)
    keep = [range_mask(remaining - (all_high - high[i]), remaining - (all_low - low[i]))
            for i in range(len(open_cells))]
    removed = _eliminations(state, open_cells, keep)
    if not removed:
        return None
    return found(state, "sum bounds", (), removed,
                 lambda: f"the open cells of {state.clues.run_name(run)} add up to "
                         f"{remaining}, too little or too much beside "
                         f"{candidate_text(state, removed)}", runs=(run,))


def range_mask(least: int, most: int) -> int:
    """The digit mask of the values least..most (within 1..9)."""
    least, most = max(least, 1), min(most, 9)
    return 0 if least > most else ((1 << most) - 1) & ~((1 << (least - 1)) - 1)


def _naked_subset(state: KakuroState, run: int, size: int, name: str) -> Step | None:
    """`size` open cells of a run holding only `size` digits between them: those digits
    leave the run's other open cells."""
    cands = state.cands
    open_cells, _, _ = run_view(state, run)
    if len(open_cells) <= size:
        return None
    small = [c for c in open_cells if 2 <= cands[c].bit_count() <= size]
    for group in combinations(small, size):
        union = 0
        for c in group:
            union |= cands[c]
        if union.bit_count() == size:
            removed = tuple((c, d + 1) for c in open_cells if c not in group
                            for d in DIGITS[cands[c] & union])
            if removed:
                return found(state, name, (), removed,
                             lambda: f"{cell_names(state, group)} hold only "
                                     f"{sum_text(union, '/')} in {state.clues.run_name(run)}",
                             runs=(run,), cells=group)
    return None


def naked_pair(state: KakuroState, run: int) -> Step | None:
    """Two open cells of a run holding only two digits: they leave the rest of the run."""
    return _naked_subset(state, run, 2, "naked pair")


def naked_triple(state: KakuroState, run: int) -> Step | None:
    """Three open cells of a run holding only three digits: they leave the rest of it."""
    return _naked_subset(state, run, 3, "naked triple")


def run_permutations(state: KakuroState, run: int) -> Step | None:
    """A digit leaves a cell when no filling of the run's open cells (at most
    MOST_PERMUTED) with different candidates adding up to what they must puts it there."""
    open_cells, _, remaining = run_view(state, run)
    if len(open_cells) > MOST_PERMUTED:
        return None
    kept = permutation_support(tuple(state.cands[c] for c in open_cells), remaining)
    removed = _eliminations(state, open_cells, kept)
    if not removed:
        return None
    return found(state, "run permutations", (), removed,
                 lambda: f"the open cells of {state.clues.run_name(run)} can add up to "
                         f"{remaining} only without {candidate_text(state, removed)}",
                 runs=(run,))


@lru_cache(maxsize=1 << 16)
def permutation_support(cands: tuple[int, ...], total: int) -> tuple[int, ...]:
    """Per cell, the digits (a mask) it holds in some filling of the cells with different
    digits from their candidates adding up to `total`. For each set of digits adding up
    to it, the fillings are the perfect matchings of cells to its digits: the sets of
    digits the first i cells can take are built forward, then walked back from the
    whole set, keeping each digit on a way through."""
    union = 0
    for mask in cands:
        union |= mask
    kept = [0] * len(cands)
    for combo in sets_adding_up(len(cands), total, 9):
        if not combo & ~union:
            _keep_matchings(cands, combo, kept)
    return tuple(kept)


def _keep_matchings(cands: tuple[int, ...], combo: int, kept: list[int]) -> None:
    """Add to kept the (cell, digit) pairs on a perfect matching of cells to combo."""
    layers = [{0}]
    for mask in cands:
        reached = {used | 1 << d for used in layers[-1] for d in DIGITS[mask & combo & ~used]}
        if not reached:
            return
        layers.append(reached)
    good = {combo}
    for i in range(len(cands) - 1, -1, -1):
        before = set()
        for used in layers[i]:
            for d in DIGITS[cands[i] & combo & ~used]:
                if used | 1 << d in good:
                    kept[i] |= 1 << d
                    before.add(used)
        good = before


# --- cross sums ---------------------------------------------------------------------------

def _open_outies(state: KakuroState, index: int) -> tuple[list[int], int]:
    """An area's open outies and what they add up to."""
    area = areas_of(state.clues)[index]
    open_cells, remaining = [], area.outie_total
    for cell in area.outies:
        if state.values[cell]:
            remaining -= state.values[cell]
        else:
            open_cells.append(cell)
    return open_cells, remaining


def cross_sum(state: KakuroState, index: int) -> Step | None:
    """The one open outie of an area is what the difference of its totals leaves."""
    open_cells, remaining = _open_outies(state, index)
    if len(open_cells) == 1 and 1 <= remaining <= 9 and \
            state.cands[open_cells[0]] >> (remaining - 1) & 1:
        cell = open_cells[0]
        return found(state, "cross sum", ((cell, remaining),), (),
                     lambda: f"{state.shape.cell_name(cell)} = {remaining}: "
                             f"{areas_of(state.clues)[index].name}",
                     runs=areas_of(state.clues)[index].runs, cells=(cell,))
    return None


def small_cross_sums(state: KakuroState, index: int) -> Step | None:
    """Two open outies of an area add up to a known total: each keeps the digits some
    filling of them puts there."""
    return _virtual_run(state, index, SMALL_CROSS_SUM, "cross sums (2 cells)")


def large_cross_sums(state: KakuroState, index: int) -> Step | None:
    """small_cross_sums() over three or four open outies: harder to see and to fill."""
    return _virtual_run(state, index, LARGE_CROSS_SUM, "cross sums (3-4 cells)")


def _virtual_run(state: KakuroState, index: int, counts: tuple[int, int],
                 name: str) -> Step | None:
    cells, remaining = _open_outies(state, index)
    if not counts[0] <= len(cells) <= counts[1]:
        return None
    peer_masks = state.shape.peer_masks
    differ = tuple(tuple(j for j in range(i) if peer_masks[cells[i]] >> cells[j] & 1)
                   for i in range(len(cells)))
    kept = fillings(tuple(state.cands[c] for c in cells), remaining, differ)
    removed = _eliminations(state, cells, kept)
    if not removed:
        return None
    return found(state, name, (), removed,
                 lambda: f"{cell_names(state, cells)} add up to {remaining}: "
                         f"{areas_of(state.clues)[index].name}",
                 runs=areas_of(state.clues)[index].runs, cells=tuple(cells))


# --- forcing chains ---------------------------------------------------------------------

def short_forcing_chain(state: KakuroState, _: None = None) -> Step | None:
    """forcing_chain() whose contradictions come within SHORT_CHAIN_ROUNDS rounds: a
    placement that breaks a run at once, or once its runs have been narrowed."""
    return _forcing_chain(state, SHORT_CHAIN_ROUNDS, "short forcing chain")


def forcing_chain(state: KakuroState, _: None = None) -> Step | None:
    """Candidates whose placement leads, by rounds of the solver's narrowing of runs, to
    a contradiction go (those of the cells with the fewest candidates first); the step's
    length is the rounds of the shortest."""
    return _forcing_chain(state, 0, "forcing chain")


def _forcing_chain(state: KakuroState, most_rounds: int, name: str) -> Step | None:
    tables = Tables(state.clues)
    cands = [mask or 1 << (value - 1) for mask, value in zip(state.cands, state.values)]
    by_count: dict[int, list[int]] = {}
    for cell, mask in enumerate(state.cands):
        if mask:
            by_count.setdefault(mask.bit_count(), []).append(cell)
    for count in sorted(by_count):
        hits = []
        for cell in by_count[count]:
            for d in DIGITS[state.cands[cell]]:
                trial = cands[:]
                trial[cell] = 1 << d
                length = rounds_to_contradiction(tables, trial, tables.runs_of[cell],
                                                 most_rounds)
                if length is not None:
                    hits.append((cell, d + 1, length))
        if hits:
            removed = tuple((cell, value) for cell, value, _ in hits)
            shortest = min(length for *_, length in hits)
            return found(state, name, (), removed,
                         lambda: f"placing any of {candidate_text(state, removed)} leads "
                                 f"to a contradiction (the shortest in {shortest} "
                                 f"round{'s' if shortest > 1 else ''} of narrowing runs)",
                         shortest, cells=(removed[0][0],))  # the cell to try first
    return None


def cell_names(state: KakuroState, cells) -> str:
    return ",".join(state.shape.cell_name(c) for c in cells)


def sum_text(combo: int, between: str = "+") -> str:
    return between.join(SYMBOLS[d] for d in DIGITS[combo])


def candidate_text(state: KakuroState, candidates) -> str:
    return ", ".join(f"{state.shape.cell_name(c)}={SYMBOLS[v - 1]}" for c, v in candidates)
