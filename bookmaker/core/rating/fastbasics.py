"""The SE rater's techniques on the compiled core: the solve loop over the techniques
csrc/ratebasics.c knows (and its neighbours: ratelinks.c, rateloops.c, ratebug.c), with
the same hints as basics.py, wings.py, links.py and uniqueness.py; forcing chains and cycles and
aligned exclusions in C for chains.py and rater.py.

rater.rate hands the C the grid state; the C applies, step after step, the first hint of
the first technique that has one, in the scale's order, and hands back the state where it
meets a technique it does not know with no hint before it (or when the grid is solved, or
a step passed the ceiling): that technique runs in Python, and the C goes on after it.
The C gives each step's numbers; the Hint, with its text and premise, is written here as
the Python writes it. The techniques of the loop spend no work budget, in Python or in C;
the forcing chains and exclusions charge the Python's units in one lump. Boards up to 128
cells, 16 digits and 64 units (a 9x9, its variants, 6x6 to 11x11); the rest, and the
pure core, rate in Python.
"""

from __future__ import annotations

from .. import compiled
from ..bits import bits_of
from ..grade.candidates import Candidates
from . import twins
from .basics import _DIRECT_HIDDEN, _FISH, _HIDDEN, _NAKED, _SET_NAMES, _lock_runs, _lock_text
from .board import LINES, Board, cells_text
from .exclusion import _NAMES as _EXCLUSION_NAMES
from .exclusion import _RATINGS as _EXCLUSION_RATINGS
from .hints import Budget, Hint
from .wings import _WING_NAMES

# The C's technique codes (csrc/ratebasics.c), each with a set size where it has one.
HIDDEN_SINGLE, NAKED_SINGLE, DIRECT_LOCKED, LOCKED, NAKED_SET, HIDDEN_SET, \
    DIRECT_HIDDEN_SET, FISH, XY_WING, ALS_WING, STRONG_LINKS, UNIQUE_LOOPS, BUG = range(13)
_KINDS = {"box": 0, "row": 1, "column": 2}
_BASES = ("column", "row")   # fish base lines, in SE's order


class BasicsRun:
    """The C's techniques of a scale over one board, the others in Python."""

    def __init__(self, board: Board, native, techniques):
        self.board, self.native, self.techniques = board, native, techniques
        self.codes = tuple(t.code for t in techniques)
        floors, floor = [], 0
        for technique in techniques:
            floor = max(floor, technique.floor)
            floors.append(floor)
        self.floors = tuple(floors)   # the budget's floor when each technique is searched
        self.hints: dict = {}   # the Hint of each step met (most steps recur: singles)

    def hints_of(self, found: list) -> list[Hint]:
        """The Hints of the C's steps, each written once (immutable, so shared)."""
        hints, board = self.hints, self.board
        if len(hints) > HINTS_KEPT:
            hints.clear()
        written = []
        for step in found:
            hint = hints.get(step)
            if hint is None:
                hint = hints[step] = hint_of(board, step)
            written.append(hint)
        return written

    def step(self, state: Candidates, steps: list, budget: Budget, er: int, ep: int, ed: int,
             ceiling: int | None) -> tuple[int, int, int, bool, Hint | None]:
        """The rater's next step: (ER, EP, ED, True, None) when the C applied steps of its
        own (to the state and steps, in place: as many as it could, the ceiling passed or
        not); else (.., False, the hint of a technique in Python, or None when no technique
        has one). The C searches its techniques in the scale's order and hands back where
        it meets one it does not know; the Python searches that one, and the C goes on
        after it."""
        start = 0
        while True:
            found, state.open_cells, er, ep, ed, stop = self.native.run(
                self.codes, state.values, state.cell_digits, state.digit_cells,
                state.open_cells, er, ep, ed, -1 if ceiling is None else ceiling, start)
            if found:
                steps.extend(self.hints_of(found))
                return er, ep, ed, True, None
            if stop == len(self.techniques):
                return er, ep, ed, False, None
            technique = self.techniques[stop]
            budget.floor = max(er, self.floors[stop])
            budget.technique = technique.name
            hint = technique.first(state, self.board, budget)
            if hint is not None:
                return er, ep, ed, False, hint
            start = stop + 1


def runner(board: Board, techniques) -> BasicsRun | None:
    """The C run for these techniques on this board (kept with the board's tables); None
    on the pure core, on boards the C does not take, or when the C knows none of them."""
    native = _native(board)
    if native is None:
        return None
    runs = _tables[board][1]
    found = runs.get(id(techniques))
    if found is None or found.techniques is not techniques:
        if all(t.code is None for t in techniques):
            return None
        if len(runs) >= 8:   # the scales' lists, and a test's own
            runs.clear()
        found = runs[id(techniques)] = BasicsRun(board, native, techniques)
    return found


CYCLE_NAMES = ("Bidirectional X-Cycle", "Bidirectional Y-Cycle", "Bidirectional Cycle",
               "Forcing X-Chain", "Forcing Chain")   # csrc/ratecycles.c's names, in order


def forcing_chains_in_c(state: Candidates, board: Board,
                        budget: Budget) -> tuple[bool, Hint | None]:
    """chains.forcing_chains_and_cycles in C (csrc/ratecycles.c): (whether the C ran, the
    same hint), the same work units charged in one lump (past the budget, OutOfBudget as
    the Python raises it). The C does not run on the pure core or boards it does not take."""
    native = _native(board)
    if native is None:
        return False, None
    found, units = native.cycles(state.cell_digits, state.digit_cells, state.open_cells,
                                 budget.left, budget.weight)
    if units:
        budget.spend(units)
    if found is None:
        return True, None
    name, rating, complexity, placement, removed = found
    return True, Hint(CYCLE_NAMES[name], rating, removed, placement, complexity)


def exclusion_in_c(state: Candidates, board: Board, size: int,
                   budget: Budget) -> tuple[bool, Hint | None]:
    """exclusion.aligned_exclusions' first hint in C (csrc/rateexclusion.c), as
    forcing_chains_in_c: (whether the C ran, the hint), the units charged in one lump."""
    native = _native(board)
    if native is None:
        return False, None
    found, units = native.exclusions(size, state.cell_digits, state.open_cells, budget.left,
                                     budget.weight)
    if units:
        budget.spend(units)
    if found is None:
        return True, None
    removed, cells = found
    return True, Hint(_EXCLUSION_NAMES[size], _EXCLUSION_RATINGS[size], removed,
                      text=cells_text(board.shape, cells))


def _native(board: Board):
    """The board's compiled tables (the last BOARDS_KEPT boards' kept), or None."""
    shape = board.shape
    maker = twins.rate_basics(shape)
    if maker is None or not in_reach(board):
        return None
    found = _tables.get(board)
    if found is None:
        if len(_tables) >= compiled.BOARDS_KEPT:
            del _tables[next(iter(_tables))]
        found = _tables[board] = (_tables_of(board, maker), {})
    return found[0]


def in_reach(board: Board) -> bool:
    """Whether the C takes the board (up to 128 cells, 16 digits and 64 units), so that
    on the compiled core its loop runs the techniques it knows, charging no work."""
    shape = board.shape
    return shape.cell_count <= 128 and shape.size <= 16 and len(shape.units) <= 64


_tables: dict = {}   # per board, its RateBasics and its runs by technique list
HINTS_KEPT = 100_000


def _tables_of(board: Board, maker):
    shape = board.shape
    runs = tuple(tuple(entries for _, entries in group) for group in _lock_runs(board))
    lines = tuple(board.lines[kind] for kind in _BASES)
    line_of = tuple(board.line_of[kind] for kind in _BASES)
    return maker(shape.size, board.unit_masks, _kind_numbers(board.kinds),
                 board.single_units, [unit.cells for unit in shape.units], shape.peer_masks,
                 runs, *lines, *line_of, board.peer_order, board.cell_chain_units,
                 board.segments, board.chain_units)


def _kind_numbers(kinds) -> list[int]:
    """The units' kinds as the C numbers them: box, row, column, then each other kind its
    own number, in the order met."""
    numbers = dict(_KINDS)
    for kind in kinds:
        numbers.setdefault(kind, len(numbers))
    return [numbers[kind] for kind in kinds]


def hint_of(board: Board, step: tuple) -> Hint:
    """The Hint basics.py writes for the C's step (code, size, rating, placement,
    eliminations, a, b, c)."""
    code, size, rating, placement, removed, a, b, c, d = step
    return _WRITERS[code](board, size, rating, placement, removed, a, b, c, d)


def _hidden_single(board, size, rating, placement, removed, unit, b, c, d) -> Hint:
    return Hint("Hidden Single", rating, placement=placement, text=f"in {board.unit_name(unit)}")


def _naked_single(board, size, rating, placement, removed, a, b, c, d) -> Hint:
    return Hint("Naked Single", rating, placement=placement)


def _direct_locked(board, size, rating, placement, removed, digit, inside, c, other) -> Hint:
    name = "Direct Pointing" if board.kinds[inside] == "box" else "Direct Claiming"
    return Hint(name, rating, placement=placement, text=_lock_text(board, digit, inside, other))


def _locked(board, size, rating, placement, removed, digit, inside, c, other) -> Hint:
    masks = board.unit_masks
    name = "Pointing" if board.kinds[other] in LINES else "Claiming"
    return Hint(name, rating, removed, premise=((digit, masks[inside] & ~masks[other]),),
                text=_lock_text(board, digit, inside, other))


def _naked_set(board, size, rating, placement, removed, unit, digits, chosen, d) -> Hint:
    premise = tuple((d, chosen) for d in range(board.shape.size) if not digits >> d & 1)
    return Hint(f"Naked {_SET_NAMES[size]}", _NAKED[size], removed, premise=premise,
                text=f"{cells_text(board.shape, chosen)} in {board.unit_name(unit)}")


def _hidden_set(board, size, rating, placement, removed, unit, keep, cells, d) -> Hint:
    pick = tuple(bits_of(keep))
    premise = tuple((d, board.unit_masks[unit] & ~cells) for d in pick)
    return Hint(f"Hidden {_SET_NAMES[size]}", _HIDDEN[size], removed, premise=premise,
                text=_digits_text(board, pick, unit))


def _direct_hidden_set(board, size, rating, placement, removed, unit, keep, c, d) -> Hint:
    return Hint(f"Direct Hidden {_SET_NAMES[size]}", _DIRECT_HIDDEN[size], placement=placement,
                text=_digits_text(board, tuple(bits_of(keep)), unit))


def _digits_text(board: Board, pick: tuple, unit: int) -> str:
    return f"{'/'.join(str(d + 1) for d in pick)} in {board.unit_name(unit)}"


def _fish(board, size, rating, placement, removed, digit, base, premise, indexes) -> Hint:
    name, rating = _FISH[size]
    lines = ",".join(str(i + 1) for i in bits_of(indexes))
    return Hint(name, rating, removed, premise=((digit, premise),),
                text=f"{digit + 1} in {_BASES[base]}s {lines}")


def _xy_wing(board, size, rating, placement, removed, z, b, cells, d) -> Hint:
    return Hint("XYZ-Wing" if size == 3 else "XY-Wing", rating, removed,
                text=f"{cells_text(board.shape, cells)} on {z + 1}")


def _als_wing(board, size, rating, placement, removed, pincer, drop, cells, d) -> Hint:
    return Hint(_WING_NAMES[size], rating, removed,
                text=f"{cells_text(board.shape, cells)} with "
                     f"{board.shape.cell_name(pincer)} on {drop + 1}")


def _strong_links(board, size, rating, placement, removed, digit, b, links, d) -> Hint:
    shape = board.shape
    text = " - ".join(f"{cells_text(shape, one)}={cells_text(shape, two)}" for one, two in links)
    name = "Turbot Fish" if size == 2 else f"{size} Strong Links"
    return Hint(name, rating, removed, text=f"{digit + 1}: {text}")


def _unique_loop(board, size, rating, placement, removed, length, kind, cells, d) -> Hint:
    name = "Unique Rectangle" if length == 4 else f"Unique Loop {length}"
    return Hint(f"{name} type {kind}", rating, removed, text=cells_text(board.shape, cells))


def _bug(board, size, rating, placement, removed, a, kind, cells, d) -> Hint:
    return Hint(f"BUG type {kind}", rating, removed, text=cells_text(board.shape, cells))


_WRITERS = (_hidden_single, _naked_single, _direct_locked, _locked, _naked_set, _hidden_set,
            _direct_hidden_set, _fish, _xy_wing, _als_wing, _strong_links,
            _unique_loop, _bug)
