"""Bit primitives every part of the core shares: a set of cells or digits is an int mask."""

from __future__ import annotations

from collections.abc import Iterable, Iterator


def bits_of(mask: int) -> Iterator[int]:
    """The positions of the set bits, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(positions: Iterable[int]) -> int:
    """The mask with a bit set at each position."""
    mask = 0
    for position in positions:
        mask |= 1 << position
    return mask


def lowest_bit(mask: int) -> int:
    """The position of the lowest set bit (-1 for an empty mask)."""
    return (mask & -mask).bit_length() - 1


def fewest_open(masks: Iterable[int]) -> int:
    """The index of the first mask with the fewest set bits among those with two or more
    (a search's open cell with the fewest candidates); -1 if every mask has one or none."""
    best, fewest = -1, -1
    for index, mask in enumerate(masks):
        if mask & (mask - 1):
            count = mask.bit_count()
            if count < fewest or best < 0:
                best, fewest = index, count
                if count == 2:
                    break
    return best
