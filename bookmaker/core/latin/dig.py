"""Digging a puzzle to a grade: clues taken away in a seeded order while the puzzle stays
within reach of the grade's techniques, a few at a time.

The items are whatever a kind's puzzle is made of (givens, signs, edge clues); `accept`
says whether a set of them still makes an acceptable puzzle. Most removals early on are
accepted, so items are tried in groups (of CHUNK): a group accepted at once costs one
check; a refused group is halved and each half tried in turn, down to single items (a
second half is not asked again what its whole group was: the first half gone, it is the
same trial). The result depends only on the items, the stream and `accept`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from ..rng import Rng

CHUNK = 8


def dig(items: list[Hashable], accept: Callable[[frozenset], bool], rng: Rng,
        chunk: int = CHUNK) -> frozenset:
    """The items left once every one of them, in a seeded order, was taken away if the
    rest were still accepted."""
    order = rng.shuffled(items)
    kept = set(items)
    for start in range(0, len(order), chunk):
        _take_away(order[start:start + chunk], kept, accept)
    return frozenset(kept)


def _take_away(group: list, kept: set, accept: Callable[[frozenset], bool],
               refused: bool = False) -> bool:
    """Take the group away from `kept` if what is left is accepted, else each half;
    whether it all went. `refused`: what is left without the group was asked already and
    refused (the same items, so the same answer): only its halves are tried."""
    if not refused and accept(frozenset(kept.difference(group))):
        kept.difference_update(group)
        return True
    if len(group) > 1:
        half = len(group) // 2
        # the first half gone, the second's trial is the whole group's, just refused
        gone = _take_away(group[:half], kept, accept)
        _take_away(group[half:], kept, accept, gone)
    return False
