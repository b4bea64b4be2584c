"""Locked candidates for the counting search: where a symbol's places in one unit all lie
in a second unit, the rest of the second unit loses it.

Singles cannot see such a confinement, and a search that counts can commit to a dead
state it refutes only by branching for the whole node budget (sparse Hyper grids, a
rare classic one); this sees most of them at once. The pairs of units are read from the
unit masks alone (a box and a line, a Hyper window and a line or a box, a jigsaw region
and a line...), so no board is named. Only the counts use it (search.count_from_clues and
avoiding_from_clues): fills and removal checks keep singles alone, so no puzzle made
changes. csrc/solver.c (locked_pass) and csrc/quick9.c (lock) are its twins.
"""

from __future__ import annotations

from functools import lru_cache

from ..compiled.budget import BOARDS_KEPT

# Per unit that meets another in two cells or more: its mask, the most cells it shares
# with one such unit, then per such unit (in unit order) the unit's cells outside it and
# its cells outside the unit.
LockedPairs = tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]


@lru_cache(maxsize=BOARDS_KEPT)
def locked_pairs(unit_masks: tuple[int, ...]) -> LockedPairs:
    """The ordered pairs of units sharing two cells or more, grouped by the first unit, in
    unit order. A pair sharing one cell adds nothing: a symbol confined to it is a hidden
    single; one sharing every cell neither (no unit is listed twice)."""
    pairs = []
    for a in unit_masks:
        meeting = [b for b in unit_masks if (a & b).bit_count() >= 2 and b & ~a]
        if meeting:
            most = max((a & b).bit_count() for b in meeting)
            pairs.append((a, most, tuple((a & ~b, b & ~a) for b in meeting)))
    return tuple(pairs)


def lock(boards: list, pairs: LockedPairs, reference: list | None) -> bool:
    """One pass of locked candidates over every symbol's board, in place; whether any
    candidate went. Only units where the symbol lost places since `reference` (boards at
    which no pair could remove anything; None for none) are looked at: a pair's
    confinement can only begin where the first unit loses places."""
    changed = False
    for d, b in enumerate(boards):
        lost = -1 if reference is None else reference[d] & ~b
        if not lost:
            continue
        for unit, most, others in pairs:
            here = b & unit
            # No place is a contradiction for singles to see; more places than another
            # unit shares cannot all lie in it.
            if not unit & lost or not 1 <= here.bit_count() <= most:
                continue
            for outside, rest in others:
                if not here & outside and b & rest:
                    b &= ~rest
                    changed = True
        boards[d] = b
    return changed
