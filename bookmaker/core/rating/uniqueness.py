"""Techniques that rely on the puzzle having one solution: unique rectangles and loops
(types 1 to 4, 4.5 for a rectangle, +0.1 for a loop of 6 cells, +0.2 for 8, +0.5 for 10
or more; type 3 adds 0.1 per digit of its naked or hidden set beyond the first) and the
bivalue universal grave (BUG types 1 to 4: 5.6, 5.7, 5.7 + 0.1 a digit, 5.7).

A loop of cells holding the same two digits, each unit of the loop meeting it twice,
would let the two digits swap: two solutions. So the cells with more candidates (one to
several) must keep one of their extra digits. Likewise a grid where every open cell has
two candidates and every digit two places per unit has two solutions: the cells with a
third candidate hold it.
"""

from __future__ import annotations

from math import comb

from ..bits import bits_of, lowest_bit
from ..grade.candidates import Candidates
from .basics import colex
from .board import Board, cells_text
from .hints import Budget, Hint

# --- unique loops --------------------------------------------------------------------

def unique_loops(state: Candidates, board: Board, sets_from_extra: bool = False,
                 budget: Budget | None = None):
    """Every unique loop hint, easiest first (then by type), as SE sorts them. SE 1.2.1
    (`sets_from_extra`) looks for type 3's hidden sets, like its naked ones, only from
    the size of the extra digits up; Sukaku Explainer from pairs up. With a `budget`, the
    search charges a unit a step of a loop and a unit per 32 sets looked at (the rater
    gives it one on boards past the C's, rater._loops)."""
    found = []
    for cell in range(board.shape.cell_count):
        pair = state.cell_digits[cell]
        if pair.bit_count() != 2:
            continue
        for loop in _loops(state, board, cell, pair, budget):
            if _is_valid_loop(board, loop):
                found.extend(_loop_hints(state, board, loop, pair, sets_from_extra, budget))
    found.sort(key=lambda pair: (pair[1].rating, pair[0]))
    return (hint for _, hint in found)


def _loops(state: Candidates, board: Board, start: int, pair: int, budget: Budget | None):
    """Closed paths from `start` through cells holding both digits, each step through a
    unit of another kind than the last; at most two cells with extra digits, or more if
    they all add the same one digit."""
    cell_digits, units = state.cell_digits, board.shape.units
    loop = [start]

    def walk(cell, extras_left, extra, last_kind):
        if budget is not None:
            budget.spend(1)
        for u in board.cell_chain_units[cell]:
            if board.kinds[u] == last_kind:
                continue
            for nxt in units[u].cells:
                if nxt == start and len(loop) >= 4:
                    yield tuple(loop)
                elif nxt not in loop and cell_digits[nxt] & pair == pair:
                    more = extra | cell_digits[nxt] & ~pair
                    wide = cell_digits[nxt].bit_count() > 2
                    if not wide or more.bit_count() == 1 or extras_left > 0:
                        loop.append(nxt)
                        yield from walk(nxt, extras_left - wide, more, board.kinds[u])
                        loop.pop()

    yield from walk(start, 2, 0, None)


def _is_valid_loop(board: Board, loop: tuple) -> bool:
    """Each unit the loop meets holds two of its cells, one at an odd, one at an even place."""
    seen: tuple[set[int], set[int]] = (set(), set())
    for i, cell in enumerate(loop):
        side = seen[i % 2]
        for u in board.shape.units_of[cell]:
            if u in side:
                return False
            side.add(u)
    return seen[0] == seen[1]


def _loop_rating(loop: tuple) -> int:
    size = len(loop)
    return 45 + (5 if size >= 10 else 2 if size >= 8 else 1 if size >= 6 else 0)


def _loop_hints(state: Candidates, board: Board, loop: tuple, pair: int,
                sets_from_extra: bool = False, budget: Budget | None = None):
    """(type, hint) for each way the loop's extra cells remove something."""
    extra_cells = [c for c in loop if state.cell_digits[c].bit_count() > 2]
    name = "Unique Rectangle" if len(loop) == 4 else f"Unique Loop {len(loop)}"
    text = cells_text(board.shape, sum(1 << c for c in loop))
    rating = _loop_rating(loop)
    if len(extra_cells) == 1:
        removed = tuple((extra_cells[0], d) for d in bits_of(pair))
        yield 1, Hint(f"{name} type 1", rating, removed, text=text)
        return
    extra = 0
    for c in extra_cells:
        extra |= state.cell_digits[c] & ~pair
    if len(extra_cells) > 2 or len(extra_cells) == 2 and extra.bit_count() == 1:
        hint = _type2(state, board, extra_cells, extra, f"{name} type 2", rating, text)
        if hint:
            yield 2, hint
    if len(extra_cells) != 2:
        return
    if extra.bit_count() >= 2:
        for hint in _type3(state, board, extra_cells, pair, extra, rating, sets_from_extra,
                           budget):
            yield 3, Hint(f"{name} type 3", hint.rating, hint.eliminations, text=text)
    hint = _type4(state, board, extra_cells, pair, f"{name} type 4", rating, text)
    if hint:
        yield 4, hint


def _seeing(board: Board, cells) -> int:
    seen = board.shape.all_cells_mask
    for c in cells:
        seen &= board.shape.peer_masks[c]
    return seen


def _type2(state: Candidates, board: Board, extra_cells: list, extra: int, name: str,
           rating: int, text: str) -> Hint | None:
    """The extra cells share one extra digit: it leaves the cells seeing them all."""
    d = lowest_bit(state.cell_digits[extra_cells[0]] & extra)
    seen = _seeing(board, extra_cells) & ~sum(1 << c for c in extra_cells)
    removed = tuple((c, d) for c in bits_of(seen & state.digit_cells[d]))
    return Hint(name, rating, removed, text=text) if removed else None


def _shared_units(board: Board, one: int, two: int):
    return [u for u in board.cell_chain_units[one] if board.unit_masks[u] >> two & 1]


def _type3(state: Candidates, board: Board, extra_cells: list, pair: int, extra: int,
           rating: int, sets_from_extra: bool = False, budget: Budget | None = None):
    """The two extra cells, taken as one cell holding their extra digits, form a naked
    set with other cells of a unit they share (its digits leave the unit's other cells),
    or a hidden set with the loop's digits (the set's cells lose their other digits)."""
    one, two = extra_cells
    n = board.shape.size
    for size in range(2, 8):
        for u in _shared_units(board, one, two):
            empty = (board.unit_masks[u] & state.open_cells).bit_count()
            if 2 * size <= empty and size >= extra.bit_count():
                yield from _type3_naked(state, board, u, one, two, extra, size, rating,
                                        budget)
            if 2 * size < empty and size - 2 <= n - 2 - extra.bit_count() and (
                    not sets_from_extra or size >= extra.bit_count()):
                yield from _type3_hidden(state, board, u, one, two, pair, extra, size, rating,
                                         budget)


def _type3_naked(state: Candidates, board: Board, u: int, one: int, two: int, extra: int,
                 size: int, rating: int, budget: Budget | None):
    """`one` (standing for both extra cells, with their extra digits) and size - 1 other
    cells of the unit holding `size` digits between them. Only cells of 2..size candidates
    can be in the set: SE's order (size-subsets of the unit's cells holding `one`, not
    `two`) is theirs, and leaving the others out keeps it, where a 25x25's unit had C(25,7)
    subsets to look at for each loop."""
    cell_digits = state.cell_digits
    others = [c for c in board.shape.units[u].cells
              if c != one and c != two and 2 <= cell_digits[c].bit_count() <= size]
    if budget is not None:
        budget.spend(1 + comb(len(others), size - 1) // 32)
    for pick in colex(len(others), size - 1):
        union, common, chosen = extra, extra & cell_digits[one] & cell_digits[two], 0
        for i in pick:
            union |= cell_digits[others[i]]
            common |= cell_digits[others[i]]
            chosen |= 1 << others[i]
        if common.bit_count() != size or union.bit_count() != size:
            continue
        rest = board.unit_masks[u] & ~chosen & ~(1 << one | 1 << two)
        removed = tuple((c, d) for c in bits_of(rest) for d in bits_of(cell_digits[c] & union))
        if removed:
            yield Hint("", rating + size - 1, removed)


def _type3_hidden(state: Candidates, board: Board, u: int, one: int, two: int, pair: int,
                  extra: int, size: int, rating: int, budget: Budget | None):
    """size - 2 digits beside the loop's two, with `size` places between them in the unit
    (`two` left out). A digit with no place, or more than `size`, is in no such set: SE's
    order (digits ascending) is that of the others."""
    mask, n = board.unit_masks[u], board.shape.size
    places = [state.digit_cells[d] & mask & ~(1 << two) for d in range(n)]
    if any(not places[d] for d in bits_of(pair)):
        return
    rest = [d for d in range(n) if not (pair | extra) >> d & 1
            and 0 < places[d].bit_count() <= size]
    if budget is not None:
        budget.spend(1 + comb(len(rest), size - 2) // 32)
    for pick in colex(len(rest), size - 2):
        digits = [rest[i] for i in pick] + list(bits_of(pair))
        union = 0
        for d in digits:
            union |= places[d]
        if union.bit_count() != size:
            continue
        keep = sum(1 << d for d in digits)
        hidden = union & ~(1 << one | 1 << two)
        removed = tuple((c, d) for c in bits_of(hidden)
                        for d in bits_of(state.cell_digits[c] & ~keep))
        if removed:
            yield Hint("", rating + hidden.bit_count() - 1, removed)


def _type4(state: Candidates, board: Board, extra_cells: list, pair: int, name: str,
           rating: int, text: str) -> Hint | None:
    """In a unit the two extra cells share, one loop digit has no other place: they
    hold it, so they lose the other loop digit."""
    one, two = extra_cells
    locked: dict[int, int] = {}
    for u in _shared_units(board, one, two):
        rest = board.unit_masks[u] & ~(1 << one | 1 << two)
        for d in bits_of(pair):
            if not state.digit_cells[d] & rest:
                locked.setdefault(d, u)
    for d in bits_of(pair):
        if d in locked:
            other = lowest_bit(pair & ~(1 << d))
            return Hint(name, rating, ((one, other), (two, other)), text=text)
    return None


# --- bivalue universal grave ---------------------------------------------------------

def bug(state: Candidates, board: Board):
    """BUG types 1 to 4, SE's way (with lkSudoku's fix): find the cells holding a third
    candidate, check that without them the grid is a BUG, then use them."""
    found = _bug_cells(state, board)
    if found is None:
        return
    cells, extras, common = found
    if not _is_grave(state, board, cells, extras):
        return
    all_extra = 0
    for value in extras.values():
        all_extra |= value
    text = cells_text(board.shape, sum(1 << c for c in cells))
    if len(cells) == 1:
        cell = cells[0]
        removed = tuple((cell, d) for d in bits_of(state.cell_digits[cell] & ~all_extra))
        yield Hint("BUG type 1", 56, removed, text=text)
        return
    if all_extra.bit_count() == 1:
        d = lowest_bit(all_extra)
        removed = tuple((c, d) for c in bits_of(common & state.digit_cells[d]))
        if removed:
            yield Hint("BUG type 2", 57, removed, text=text)
        if len(cells) == 2:
            yield from _bug4(state, board, cells, extras, all_extra, text)
    elif common:
        if len(cells) == 2:
            yield from _bug4(state, board, cells, extras, all_extra, text)
        yield from _bug3(state, board, cells, all_extra, common, text)


def _bug_cells(state: Candidates, board: Board):
    """The BUG cells (in the order met), their extra digits and the cells seeing them
    all; None when the candidates cannot be a BUG plus extras."""
    cells: list[int] = []
    extras: dict[int, int] = {}
    common = None
    every_extra, only, one_value = None, -1, True
    for u in board.chain_units:
        mask = board.unit_masks[u]
        for d in range(board.shape.size):
            here = state.digit_cells[d] & mask
            if here.bit_count() in (0, 2):
                continue
            wide = [c for c in bits_of(here) if state.cell_digits[c].bit_count() >= 3]
            if every_extra is None:
                every_extra, only = set(wide), d
            elif one_value:
                if only == d:
                    every_extra.update(wide)
                else:
                    one_value = False
            if len(wide) == 1:
                common = _add_bug_cell(board, cells, extras, common, wide[0], d)
                if common is None:
                    return None
            if not wide:
                return None
    if one_value and every_extra is not None and len(every_extra) > len(cells):
        for cell in sorted(every_extra - set(cells)):
            common = _add_bug_cell(board, cells, extras, common, cell, only)
            if common is None:
                return None
    return cells, extras, common or 0


def _add_bug_cell(board: Board, cells: list, extras: dict, common, cell: int, d: int):
    """Record a BUG cell's extra digit; the cells seeing every BUG cell, or None when
    there are several cells and digits and no cell sees them all."""
    if cell not in cells:
        cells.append(cell)
    extras[cell] = extras.get(cell, 0) | 1 << d
    seen = board.shape.peer_masks[cell] if common is None else common & board.shape.peer_masks[cell]
    seen &= ~sum(1 << c for c in cells)
    all_extra = 0
    for value in extras.values():
        all_extra |= value
    if len(cells) > 1 and all_extra.bit_count() > 1 and not seen:
        return None
    return seen


def _is_grave(state: Candidates, board: Board, cells: list, extras: dict) -> bool:
    """Without the extra digits every open cell holds two candidates and every digit two
    places (or none) in each unit."""
    cell_digits = list(state.cell_digits)
    digit_cells = list(state.digit_cells)
    for cell, value in extras.items():
        cell_digits[cell] &= ~value
        for d in bits_of(value):
            digit_cells[d] &= ~(1 << cell)
    if any(cell_digits[c].bit_count() != 2 for c in bits_of(state.open_cells)):
        return False
    return all((digit_cells[d] & mask).bit_count() in (0, 2)
               for mask in board.unit_masks for d in range(board.shape.size))


def _bug3(state: Candidates, board: Board, cells: list, all_extra: int, common: int,
          text: str):
    """The BUG cells, taken as one cell holding the extra digits, form a naked set with
    cells of a unit they all share."""
    cell_digits = state.cell_digits
    for size in range(2, 7):
        for u in board.chain_units:
            if any(not board.unit_masks[u] >> c & 1 for c in cells):
                continue
            near = [c for c in bits_of(common) if board.unit_masks[u] >> c & 1]
            if len(near) < size:
                continue
            for pick in colex(len(near), size - 1):
                union = 0
                for i in pick:
                    union |= cell_digits[near[i]]
                if union.bit_count() != size or any(
                        cell_digits[near[i]].bit_count() <= 1 for i in pick):
                    continue
                naked = union | all_extra
                if naked.bit_count() != size:
                    continue
                chosen = {near[i] for i in pick}
                removed = tuple((c, d) for c in near if c not in chosen
                                for d in bits_of(cell_digits[c] & naked))
                if removed:
                    yield Hint("BUG type 3", 57 + size - 1, removed, text=text)


def _bug4(state: Candidates, board: Board, cells: list, extras: dict, all_extra: int,
          text: str):
    """Two BUG cells in one unit sharing one non-extra digit: it is theirs (one of them
    holds it), so each loses its other non-extra digit."""
    one, two = cells
    common = state.cell_digits[one] & state.cell_digits[two] & ~all_extra
    if common.bit_count() != 1:
        return
    for u in board.chain_units:
        mask = board.unit_masks[u]
        if mask >> one & 1 and mask >> two & 1:
            removed = tuple((c, d) for c in (one, two)
                            for d in bits_of(state.cell_digits[c] & ~extras[c] & ~common))
            yield Hint("BUG type 4", 57, removed, text=text)
