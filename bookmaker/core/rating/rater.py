"""Rate a puzzle the way Sudoku Explainer does: ER, EP and ED, with the steps that made them.

The solve applies, every time, the first step that SE's techniques find, tried in SE's
order; the rating (ER) is the hardest step's, EP the hardest up to the first placed
value, ED the first step's. The technique tables below are that order: the rating of a
puzzle depends on them, so they change only with RATER_VERSION.

Two scales: "sukaku" (the default), Sukaku Explainer's techniques and weights, which
rate most puzzles published with SE ratings today; and "1.2.1", Sudoku Explainer 1.2.1's,
which rated the forum's and the academic collections (no Turbot Fish, no strong-link
chains, no WXYZ- or VWXYZ-Wing; nested chains up to 11.0 its own way).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..board.grid import SYMBOLS, Grid
from ..grade.candidates import Candidates
from . import basics as b
from . import chains, exclusion, links, multiple, nested, uniqueness, wings
from . import fastbasics as fast
from .board import Board, board_of
from .hints import Budget, Hint, OutOfBudget, tenths_text, work_weight
from .scales import DEFAULT_SCALE, RATER_VERSION, rater_version

DEFAULT_BUDGET = 200_000_000   # rate's: the hardest known fit, ~65 s CPU compiled (docs/ratings.md)
BEYOND = 200   # SE's rating of a puzzle its techniques cannot solve, 20.0


@dataclass(frozen=True)
class Technique:
    """A place in SE's order: the least rating its hints can have, and its finder
    (state, board, budget) -> the first hint, or None; `code`, the (technique, set size)
    of csrc/ratebasics.c that finds the same hints, if it has one (fastbasics.py)."""

    name: str
    floor: int
    first: Callable[[Candidates, Board, Budget], Hint | None]
    code: tuple[int, int] | None = None


def _first(finder, *args) -> Callable:
    def first(state: Candidates, board: Board, budget: Budget) -> Hint | None:
        return next(finder(state, board, *args), None)
    return first


def _chaining(technique) -> Callable:
    def first(state: Candidates, board: Board, budget: Budget) -> Hint | None:
        return multiple.chaining_hint(technique, state, board, budget)
    return first


def _exclusion(size: int) -> Callable:
    def first(state: Candidates, board: Board, budget: Budget) -> Hint | None:
        ran, hint = fast.exclusion_in_c(state, board, size, budget)   # on the compiled core
        return hint if ran else next(exclusion.aligned_exclusions(state, board, size, budget),
                                     None)
    return first


def _loops(sets_from_extra: bool) -> Callable:
    """Unique loops, charging their work on boards past the C's reach: there they run in
    Python on both cores (where the C's loop charges nothing, the pure core must not
    either), and a 25x25's search took a minute before any budget was looked at."""
    def first(state: Candidates, board: Board, budget: Budget) -> Hint | None:
        charged = None if fast.in_reach(board) else budget
        return next(uniqueness.unique_loops(state, board, sets_from_extra, charged), None)
    return first


def _nested(scale: str) -> tuple[Technique, ...]:
    return tuple(Technique(t.name, t.rating, _chaining(t)) for t in nested.levels(scale))


SUKAKU_TECHNIQUES: tuple[Technique, ...] = (
    Technique("Hidden Single", 10, _first(b.hidden_singles), (fast.HIDDEN_SINGLE, 0)),
    Technique("Direct Pointing", 17, _first(b.locked_candidates, True), (fast.DIRECT_LOCKED, 0)),
    Technique("Direct Hidden Pair", 20, _first(b.hidden_sets, 2, True),
              (fast.DIRECT_HIDDEN_SET, 2)),
    Technique("Naked Single", 23, _first(b.naked_singles), (fast.NAKED_SINGLE, 0)),
    Technique("Direct Hidden Triplet", 25, _first(b.hidden_sets, 3, True),
              (fast.DIRECT_HIDDEN_SET, 3)),
    Technique("Pointing and Claiming", 26, _first(b.locked_candidates), (fast.LOCKED, 0)),
    Technique("Naked Pair", 30, _first(b.naked_sets, 2), (fast.NAKED_SET, 2)),
    Technique("X-Wing", 32, _first(b.fish, 2), (fast.FISH, 2)),
    Technique("Hidden Pair", 34, _first(b.hidden_sets, 2), (fast.HIDDEN_SET, 2)),
    Technique("Naked Triplet", 36, _first(b.naked_sets, 3), (fast.NAKED_SET, 3)),
    Technique("Swordfish", 38, _first(b.fish, 3), (fast.FISH, 3)),
    Technique("Hidden Triplet", 40, _first(b.hidden_sets, 3), (fast.HIDDEN_SET, 3)),
    Technique("Turbot Fish", 40, _first(links.strong_link_chains, 2), (fast.STRONG_LINKS, 2)),
    Technique("XY-Wing", 42, _first(wings.xy_wings, False), (fast.XY_WING, 2)),
    Technique("XYZ-Wing", 44, _first(wings.xy_wings, True), (fast.XY_WING, 3)),
    Technique("Unique Rectangles and Loops", 45, _loops(False), (fast.UNIQUE_LOOPS, 0)),
    Technique("Naked Quad", 50, _first(b.naked_sets, 4), (fast.NAKED_SET, 4)),
    Technique("Jellyfish", 52, _first(b.fish, 4), (fast.FISH, 4)),
    Technique("Hidden Quad", 54, _first(b.hidden_sets, 4), (fast.HIDDEN_SET, 4)),
    Technique("Three Strong Links", 54, _first(links.strong_link_chains, 3),
              (fast.STRONG_LINKS, 3)),
    Technique("WXYZ-Wing", 55, _first(wings.als_wings, 3), (fast.ALS_WING, 3)),
    Technique("Bivalue Universal Grave", 56, _first(uniqueness.bug), (fast.BUG, 0)),
    Technique("VWXYZ-Wing", 62, _first(wings.als_wings, 4), (fast.ALS_WING, 4)),
    Technique("Aligned Pair Exclusion", 62, _exclusion(2)),
    Technique("Forcing Chains and Cycles", 65, chains.forcing_chains_and_cycles),
    Technique("Aligned Triplet Exclusion", 75, _exclusion(3)),
    Technique("Nishio Forcing Chains", 75, _chaining(multiple.NISHIO_CHAINS)),
    Technique("Multiple Forcing Chains", 80, _chaining(multiple.MULTIPLE_CHAINS)),
    Technique("Dynamic Forcing Chains", 85, _chaining(multiple.DYNAMIC_CHAINS)),
) + _nested("sukaku")
_NOT_IN_1_2_1 = ("Turbot Fish", "Three Strong Links", "WXYZ-Wing", "VWXYZ-Wing")
_SE121_LOOPS = Technique("Unique Rectangles and Loops", 45, _loops(True),
                         (fast.UNIQUE_LOOPS, 1))
SE121_TECHNIQUES: tuple[Technique, ...] = tuple(
    _SE121_LOOPS if t.name == _SE121_LOOPS.name else t
    for t in SUKAKU_TECHNIQUES[:-len(nested.levels("sukaku"))]
    if t.name not in _NOT_IN_1_2_1) + _nested("1.2.1")
TECHNIQUES = SUKAKU_TECHNIQUES
SCALE_TECHNIQUES = {"sukaku": SUKAKU_TECHNIQUES, "1.2.1": SE121_TECHNIQUES}


@dataclass(frozen=True)
class Rating:
    """ER, EP and ED in tenths, the steps taken, and whether ER is only a lower bound:
    `reason` says why, the technique whose search the work budget ran out in ("work
    budget: <technique>") or the ceiling a step passed ("ceiling"); None when exact."""

    er: int
    ep: int
    ed: int
    steps: tuple[Hint, ...]
    lower_bound: bool = False
    version: str = RATER_VERSION
    reason: str | None = None

    @property
    def texts(self) -> tuple[str, str, str]:
        """ER, EP and ED as printed: 7.2, or >=9.0 for a lower bound."""
        return self.er_text, self.ep_text, self.ed_text

    @property
    def er_text(self) -> str:
        return (">=" if self.lower_bound else "") + tenths_text(self.er)

    @property
    def ep_text(self) -> str:
        return (">=" if self.lower_bound and self.ep == self.er else "") + tenths_text(self.ep)

    @property
    def ed_text(self) -> str:
        return (">=" if self.lower_bound and self.ed == self.er else "") + tenths_text(self.ed)


def next_hint(state: Candidates, board: Board, budget: Budget,
              techniques=TECHNIQUES) -> Hint | None:
    """The first hint of the first technique that has one, in SE's order."""
    for technique in techniques:
        budget.floor = max(budget.floor, technique.floor)
        budget.technique = technique.name
        hint = technique.first(state, board, budget)
        if hint is not None:
            return hint
    return None


def apply(state: Candidates, hint: Hint) -> None:
    for cell, digit in hint.eliminations:
        state.eliminate(cell, digit + 1)
    if hint.placement is not None:
        cell, digit = hint.placement
        state.place(cell, digit + 1)


def rate(grid: Grid, budget: int = DEFAULT_BUDGET, ceiling: int | None = None,
         techniques=None, scale: str = DEFAULT_SCALE,
         watch: Callable[[int], None] | None = None) -> Rating:
    """SE's ER/EP/ED for a puzzle with one solution, on a scale of SCALES. Past `budget`
    work units the result is a lower bound: the hardest step so far, or the least rating
    of the technique being searched. With a `ceiling` (tenths), the solve stops as soon
    as a step is rated above it, and the result is that lower bound (for generation to a
    range: the rest cannot matter). A puzzle no technique solves is rated 20.0, as SE
    does. `watch` hears the units spent now and then (Budget)."""
    try:
        return _rated(grid, budget, ceiling, techniques, scale, watch)
    finally:
        nested.drop_record()


def _rated(grid: Grid, budget: int, ceiling: int | None, techniques, scale: str,
           watch: Callable[[int], None] | None) -> Rating:
    """rate()'s work."""
    if techniques is None:
        techniques = SCALE_TECHNIQUES[scale]
    version = rater_version(scale)
    state = Candidates.from_grid(grid)
    board = board_of(grid.shape)
    spending = Budget(budget, work_weight(grid.shape.cell_count * grid.shape.size), watch)
    er = ep = ed = 0
    steps: list[Hint] = []
    in_c = fast.runner(board, techniques)   # the techniques the C knows, in C
    while not state.solved:
        if ceiling is not None and er > ceiling:
            return _lower_bound(er, ep, ed, er, steps, version, "ceiling")
        spending.floor = er
        try:
            if in_c is None:
                hint = next_hint(state, board, spending, techniques)
            else:
                er, ep, ed, moved, hint = in_c.step(state, steps, spending, er, ep, ed, ceiling)
                if moved:
                    continue
        except OutOfBudget as out:
            return _lower_bound(er, ep, ed, out.floor, steps, version,
                                f"work budget: {spending.technique}")
        if hint is None:
            er = BEYOND
            return Rating(er, ep or er, ed or er, tuple(steps), version=version)
        er = max(er, hint.rating)
        ed = ed or er
        if not ep and hint.placement is not None:
            ep = er
        apply(state, hint)
        steps.append(hint)
    return Rating(er, ep, ed, tuple(steps), version=version)


def _lower_bound(er: int, ep: int, ed: int, floor: int, steps: list, version: str,
                 reason: str) -> Rating:
    er = max(er, floor)
    return Rating(er, ep or er, ed or er, tuple(steps), lower_bound=True, version=version,
                  reason=reason)


def step_text(shape, hint: Hint) -> str:
    """One rated step as people write it: '2.6 Pointing: r1c2<>4 (4 of box 1 lies in
    row 1)', or with the value it places, 'r5c4=3'."""
    done = []
    if hint.placement is not None:
        cell, d = hint.placement
        done.append(f"{shape.cell_name(cell)}={SYMBOLS[d]}")
    done += [f"{shape.cell_name(cell)}<>{SYMBOLS[d]}" for cell, d in hint.eliminations]
    where = f" ({hint.text})" if hint.text else ""
    return f"{tenths_text(hint.rating)} {hint.name}: {', '.join(done)}{where}"
