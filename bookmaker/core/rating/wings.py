"""Wings: XY-Wing (4.2), XYZ-Wing (4.4), and Sukaku Explainer's bigger wings, where a set
of 3 to 6 cells seeing each other holds one digit more than its cells (an almost locked
set) and a two-value cell is linked to it: WXYZ-Wing (3 cells, 5.5-5.6), VWXYZ-Wing (4,
6.2-6.4), UVWXYZ-Wing (5, 6.6), TUVWXYZ-Wing (6, 7.5).

In such a wing the two-value cell holds x or z; every cell of the set holding x sees it
(x is their restricted common digit). If the two-value cell is not z it is x, so the set
loses x and becomes locked, holding z somewhere: z goes from cells that see the two-value
cell and every z of the set. If z is restricted too (doubly linked), each other digit of
the set is locked in it as well, and x goes like z.
"""

from __future__ import annotations

from ..bits import bits_of
from ..grade.candidates import Candidates
from .board import Board, cells_text
from .hints import Hint

_WING_NAMES = {3: "WXYZ-Wing", 4: "VWXYZ-Wing", 5: "UVWXYZ-Wing", 6: "TUVWXYZ-Wing"}


def xy_wings(state: Candidates, board: Board, xyz: bool):
    """A pivot holding xy (XYZ: xyz) seeing two pincers xz and yz: z leaves the cells
    seeing both pincers (XYZ: and the pivot)."""
    cell_digits, peers, peer_masks = state.cell_digits, board.shape.peers, board.shape.peer_masks
    width = 3 if xyz else 2
    for pivot in range(board.shape.cell_count):
        xy = cell_digits[pivot]
        if xy.bit_count() != width:
            continue
        for one in peers[pivot]:
            xz = cell_digits[one]
            if xz.bit_count() != 2 or (xy & ~xz).bit_count() != 1:
                continue
            for two in peers[pivot]:
                yz = cell_digits[two]
                common = xy & xz & yz
                if yz.bit_count() != 2 or (xy | xz | yz).bit_count() != 3 \
                        or common.bit_count() != (1 if xyz else 0):
                    continue
                z = (xz & yz).bit_length() - 1
                seen = peer_masks[one] & peer_masks[two] & ~(1 << pivot)
                if xyz:
                    seen &= peer_masks[pivot]
                removed = tuple((c, z) for c in bits_of(seen & state.digit_cells[z]))
                if removed:
                    yield Hint("XYZ-Wing" if xyz else "XY-Wing", 44 if xyz else 42, removed,
                               text=f"{cells_text(board.shape, 1 << pivot | 1 << one | 1 << two)}"
                                    f" on {z + 1}")


def als_wings(state: Candidates, board: Board, size: int):
    """The wings of `size` set cells, best first: lowest rating, then most removals."""
    found = []
    for cells, digits, widest in _locked_sets(state, board, size):
        for hint in _wings_of(state, board, cells, digits, widest):
            found.append(hint)
    found.sort(key=lambda h: (h.rating, -len(h.eliminations)))
    yield from found


def _locked_sets(state: Candidates, board: Board, size: int):
    """Sets of `size` cells seeing each other (lowest cell first, as SE builds them),
    each with two candidates or more, holding size + 1 digits between them."""
    cell_digits, peer_masks = state.cell_digits, board.shape.peer_masks

    def extend(cells, mask, reach, digits, widest):
        if len(cells) == size:
            if digits.bit_count() == size + 1:
                yield mask, digits, widest
            return
        for other in bits_of(reach & ~((1 << (cells[-1] + 1)) - 1)):
            more = cell_digits[other]
            if more.bit_count() >= 2 and (digits | more).bit_count() <= size + 1:
                yield from extend(cells + [other], mask | 1 << other, reach & peer_masks[other],
                                  digits | more, max(widest, more.bit_count()))

    for first in bits_of(state.open_cells):
        digits = cell_digits[first]
        if 2 <= digits.bit_count() <= size + 1:
            yield from extend([first], 1 << first, peer_masks[first], digits, digits.bit_count())


def _wings_of(state: Candidates, board: Board, cells: int, digits: int, widest: int):
    """The wings of one almost locked set: each two-value cell seeing it whose digits
    are both the set's and one of them restricted."""
    peer_masks, cell_digits = board.shape.peer_masks, state.cell_digits
    near = 0
    for c in bits_of(cells):
        near |= peer_masks[c]
    for pincer in bits_of(near & ~cells):
        pair = cell_digits[pincer]
        if pair.bit_count() != 2 or pair & ~digits:
            continue
        x, z = bits_of(pair)
        restricted = [a for a in (x, z) if _restricted(state, board, cells, pincer, a)]
        if not restricted:
            continue
        keep = restricted[0]
        drop = z if keep == x else x
        removed = _wing_removals(state, board, cells, pincer, keep, drop, len(restricted) == 2,
                                 digits)
        if removed:
            yield Hint(_WING_NAMES[cells.bit_count()], _wing_rating(cells.bit_count(), widest),
                       removed, text=f"{cells_text(board.shape, cells)} with "
                                     f"{board.shape.cell_name(pincer)} on {drop + 1}")


def _restricted(state: Candidates, board: Board, cells: int, pincer: int, d: int) -> bool:
    """Whether every cell of the set holding d sees the pincer."""
    return not state.digit_cells[d] & cells & ~board.shape.peer_masks[pincer]


def _seeing(board: Board, cells: int) -> int:
    seen = board.shape.all_cells_mask
    for c in bits_of(cells):
        seen &= board.shape.peer_masks[c]
    return seen


def _wing_removals(state: Candidates, board: Board, cells: int, pincer: int, keep: int,
                   drop: int, double: bool, digits: int) -> tuple:
    """z from cells seeing the pincer and the set's z cells; doubly linked, also the set's
    other digits from cells seeing all of theirs, and x like z."""
    digit_cells, outside = state.digit_cells, ~(cells | 1 << pincer)
    removed: dict = {}
    targets = [drop, keep] if double else [drop]
    for d in targets:
        seen = _seeing(board, digit_cells[d] & cells) & board.shape.peer_masks[pincer]
        for c in bits_of(seen & outside & digit_cells[d]):
            removed[(c, d)] = True
    if double:
        for d in bits_of(digits & ~(1 << keep | 1 << drop)):
            seen = _seeing(board, digit_cells[d] & cells)
            for c in bits_of(seen & outside & digit_cells[d]):
                removed[(c, d)] = True
    return tuple(sorted(removed))


def _wing_rating(size: int, widest: int) -> int:
    """SE's ratings: the middle widest cell is the hardest to see (WXYZ 5.5-5.6, VWXYZ
    6.2-6.4); the bigger wings have one rating each."""
    if size == 3:
        return 55 + 1 - abs(3 - widest)
    if size == 4:
        return 62 + 2 - abs(3 - widest)
    return {5: 66, 6: 75}[size]
