"""Techniques past X-Chains: W-Wing, unique rectangle, BUG+1, XY-Chain, forcing chains.

Same contract as techniques.py: each function takes a Candidates state and returns one
Step or None, over Shape's units and peers only, so every box shape is served. Unique
rectangles and BUG+1 reason from the puzzle having one solution, as every puzzle
bookmaker grades does (a person solving a published puzzle may assume it too).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..bits import bits_of
from ..board.grid import SYMBOLS
from ..board.shape import BOARDS_KEPT
from ..solve.solver import rounds_to_contradiction
from .candidates import Candidates, Step, cell_names, removing, symbols_text


def _bivalue_cells(state: Candidates) -> list[int]:
    return [c for c in bits_of(state.open_cells) if state.cell_digits[c].bit_count() == 2]


# --- W-Wing --------------------------------------------------------------------------

def w_wing(state: Candidates) -> Step | None:
    """Two cells holding only x and y, joined by a unit where x has just two places, one
    seen by each: one of the two cells is y, so y leaves every cell seeing both."""
    cell_digits, peer_masks = state.cell_digits, state.shape.peer_masks
    pairs = _bivalue_cells(state)
    for one, two in combinations(pairs, 2):
        xy = cell_digits[one]
        if cell_digits[two] != xy or peer_masks[one] >> two & 1:
            continue
        for x in bits_of(xy):
            y = (xy & ~(1 << x)).bit_length() - 1
            if _strong_link_between(state, x, one, two):
                removed = removing(state, y, peer_masks[one] & peer_masks[two])
                if removed:
                    return w_wing_step(state, (), removed, one, two, xy, x, y)
    return None


def w_wing_step(state: Candidates, placements, eliminations, one: int, two: int, xy: int,
                x: int, y: int) -> Step:
    return Step("W-Wing", placements, eliminations, f"{cell_names(state, [one, two])} hold "
                f"{symbols_text(xy)} and {SYMBOLS[x]} links them: one is {SYMBOLS[y]}",
                cells=(one, two))


def _strong_link_between(state: Candidates, d: int, one: int, two: int) -> bool:
    """Whether some unit has exactly two places for d, one seen by `one`, one by `two`."""
    peer_masks, cells = state.shape.peer_masks, state.digit_cells[d]
    for mask in state.shape.unit_masks:
        here = cells & mask
        if here.bit_count() != 2 or here & (1 << one | 1 << two):
            continue
        a, b = bits_of(here)
        if (peer_masks[one] >> a & 1 and peer_masks[two] >> b & 1
                or peer_masks[one] >> b & 1 and peer_masks[two] >> a & 1):
            return True
    return False


# --- uniqueness ----------------------------------------------------------------------

def unique_rectangle(state: Candidates) -> Step | None:
    """Type 1: four cells at the corners of a rectangle of rows and columns, three holding
    only x and y, placed so that x and y could swap in every unit (each unit holds none
    of the four, or two on one side: on a classic board, two boxes). If the fourth were
    x or y too, x and y could swap: two solutions. So the fourth cell is neither."""
    cell_digits, shape = state.cell_digits, state.shape
    pairs = set(_bivalue_cells(state))
    rows, cols = shape.frame
    cell_at = _cell_at(shape)
    for corner in sorted(pairs):
        row, col = shape.positions[corner]
        for other_col in range(cols):
            across = cell_at.get((row, other_col))
            if (other_col == col or across not in pairs
                    or cell_digits[across] != cell_digits[corner]):
                continue
            step = _rectangle_from(state, corner, across, pairs, rows, cell_at)
            if step is not None:
                return step
    return None


def _rectangle_from(state: Candidates, corner: int, across: int, pairs: set, rows: int,
                    cell_at: dict) -> Step | None:
    """A type-1 rectangle on the row of corner/across (same pair xy), closed on another
    row by one more xy cell and a fourth cell holding more."""
    shape, cell_digits = state.shape, state.cell_digits
    xy = cell_digits[corner]
    (row, col), across_col = shape.positions[corner], shape.positions[across][1]
    for other_row in range(rows):
        below, below_across = cell_at.get((other_row, col)), cell_at.get((other_row, across_col))
        if (other_row == row or below is None or below_across is None
                or not _swappable(shape, (corner, across), (below, below_across))):
            continue
        for bivalue, fourth in ((below, below_across), (below_across, below)):
            if (bivalue in pairs and cell_digits[bivalue] == xy
                    and cell_digits[fourth] & xy == xy and cell_digits[fourth] != xy):
                removed = tuple((fourth, d + 1) for d in bits_of(xy))
                return rectangle_step(state, (), removed, corner, across, bivalue, fourth, xy)
    return None


def rectangle_step(state: Candidates, placements, eliminations, corner: int, across: int,
                   bivalue: int, fourth: int, xy: int) -> Step:
    return Step("unique rectangle", placements, eliminations,
                f"{cell_names(state, [corner, across, bivalue])} hold only "
                f"{symbols_text(xy)}, so {cell_names(state, [fourth])} cannot",
                cells=(corner, across, bivalue, fourth))


def _swappable(shape, top: tuple[int, int], bottom: tuple[int, int]) -> bool:
    """Whether swapping the values of a rectangle (top-left = bottom-right, top-right =
    bottom-left) keeps every unit valid: each unit holds none of its corners, or two
    corners on one side (one row or one column of the rectangle). On a classic board:
    the four cells lie in exactly two boxes."""
    (a, b), (c, d) = top, bottom
    sides = (1 << a | 1 << b, 1 << c | 1 << d, 1 << a | 1 << c, 1 << b | 1 << d)
    corners = sides[0] | sides[1]
    unit_masks = shape.unit_masks
    for corner in (a, b, c, d):
        for unit in shape.units_of[corner]:
            if unit_masks[unit] & corners not in sides:
                return False
    return True


@lru_cache(maxsize=BOARDS_KEPT)
def _cell_at(shape) -> dict:
    """The cell at each (row, column) position of the shape's frame."""
    return {position: cell for cell, position in enumerate(shape.positions)}


def bug_plus_one(state: Candidates) -> Step | None:
    """Bivalue universal grave + 1: every open cell holds two values but one holding three.
    Without the extra value the grid would have two solutions, so that cell takes the
    value that appears three times in its units."""
    open_cells = list(bits_of(state.open_cells))
    wide = [c for c in open_cells if state.cell_digits[c].bit_count() != 2]
    if len(wide) != 1 or state.cell_digits[wide[0]].bit_count() != 3:
        return None
    cell = wide[0]
    for d in bits_of(state.cell_digits[cell]):
        if all((state.digit_cells[d] & mask).bit_count() == 3
               for mask in state.shape.cell_unit_masks[cell]):
            return bug_step(state, ((cell, d + 1),), ())
    return None


def bug_step(state: Candidates, placements, eliminations) -> Step:
    (cell, value), = placements
    return Step("BUG+1", placements, eliminations, f"every other open cell holds two "
                f"values; {cell_names(state, [cell])} must be {SYMBOLS[value - 1]}", cells=(cell,))


# --- XY-Chain ------------------------------------------------------------------------

def xy_chain(state: Candidates) -> Step | None:
    """A chain of two-value cells, each seeing the next and sharing a value with it: if
    the first cell is not x, the last one is x, so x leaves every cell seeing both ends."""
    pairs = _bivalue_cells(state)
    for start in pairs:
        for x in bits_of(state.cell_digits[start]):
            step = _xy_chain_from(state, start, x, pairs)
            if step is not None:
                return step
    return None


def _xy_chain_from(state: Candidates, start: int, x: int, pairs: list[int]) -> Step | None:
    """Follow chains from `start` assumed not x (so it is its other value), breadth first;
    a cell reached as x ends a chain."""
    cell_digits, peer_masks = state.cell_digits, state.shape.peer_masks
    first_true = (cell_digits[start] & ~(1 << x)).bit_length() - 1
    chains = {(start, first_true): [start]}
    frontier = [(start, first_true)]
    while frontier:
        cell, true_value = frontier.pop(0)
        for nxt in pairs:
            if not peer_masks[cell] >> nxt & 1 or not cell_digits[nxt] >> true_value & 1:
                continue
            value = (cell_digits[nxt] & ~(1 << true_value)).bit_length() - 1
            if (nxt, value) in chains:
                continue
            chains[(nxt, value)] = chains[(cell, true_value)] + [nxt]
            if value == x:
                removed = removing(state, x, peer_masks[start] & peer_masks[nxt])
                if removed:
                    return xy_chain_step(state, (), removed, x, *chains[(nxt, value)])
            frontier.append((nxt, value))
    return None


def xy_chain_step(state: Candidates, placements, eliminations, x: int, *chain: int) -> Step:
    return Step("XY-Chain", placements, eliminations, f"{SYMBOLS[x]} is in "
                f"{cell_names(state, [chain[0]])} or {cell_names(state, [chain[-1]])} "
                f"(chain {cell_names(state, chain)})", cells=chain)


# --- forcing chains ------------------------------------------------------------------

def forcing_chain(state: Candidates) -> Step | None:
    """Contradiction forcing chains: a candidate whose placement leads, by singles alone,
    to a cell or unit left without a value is removed. The cells are swept by how many
    candidates they hold, two first, as a person starts from the tightest cells; one step
    removes every candidate found so among the cells of the first count that gives any
    (each is a chain a person would follow on paper). Its length is the shortest of
    those chains, in rounds of singles."""
    return contradiction_chains(state, state.shape, rounds_to_contradiction, FORCING_BY_SINGLES)


def contradiction_chains(state: Candidates, board, rounds, how: str,
                         start: tuple[list[int], int] | None = None) -> Step | None:
    """forcing_chain() with another way to follow a placement: rounds(board, boards,
    placed) gives the rounds to a contradiction (or None) from the solver's boards, the
    state's or `start`'s (boards and placed mask); `how` says in the explanation what it
    follows (a Killer's: singles and cages)."""
    boards, placed = start or solver_boards(state)
    by_count: dict[int, list[int]] = {}
    for cell in bits_of(state.open_cells):
        by_count.setdefault(state.cell_digits[cell].bit_count(), []).append(cell)
    for count in sorted(by_count):
        found = [(cell, d, length) for cell in by_count[count]
                 for d in bits_of(state.cell_digits[cell])
                 if (length := rounds(board, _placing(boards, cell, d),
                                      placed & ~(1 << cell)))]
        if found:
            removed = tuple((cell, d + 1) for cell, d, _ in found)
            shortest = min(length for *_, length in found)
            return forcing_step(state, (), removed, how, shortest)
    return None


FORCING_BY_SINGLES = "by singles"


def forcing_step(state: Candidates, placements, eliminations, how: str, shortest: int) -> Step:
    return Step("forcing chain", placements, eliminations, f"placing any of "
                f"{_candidate_names(state, eliminations)} leads {how} to a "
                f"contradiction (the shortest in {shortest} rounds)", shortest,
                cells=tuple(cell for cell, _ in eliminations[:1]))  # the cell to try first


def _candidate_names(state: Candidates, candidates) -> str:
    return ", ".join(f"{state.shape.cell_name(c)}={SYMBOLS[v - 1]}" for c, v in candidates)


def solver_boards(state: Candidates) -> tuple[list[int], int]:
    """The state as the exact solver's per-symbol boards (placed cells included)."""
    boards = list(state.digit_cells)
    for cell, value in enumerate(state.values):
        if value:
            boards[value - 1] |= 1 << cell
    return boards, state.shape.all_cells_mask & ~state.open_cells


def _placing(boards: list[int], cell: int, d: int) -> list[int]:
    """New boards with cell = d+1."""
    bit = 1 << cell
    trial = [b & ~bit for b in boards]
    trial[d] |= bit
    return trial
