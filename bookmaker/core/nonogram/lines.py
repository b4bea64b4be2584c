"""What one line's clue, and the cells known along it, force: the line techniques a person
uses, cheapest first, each answering {index: shaded} for the cells it settles, or None when
the known cells fit no placement of the clue (a contradiction).

A line's cells are None (unknown), True (shaded) or False (empty). Every technique works by
placing the clue's runs (blocks): the leftmost and rightmost placements, and for edge
forcing every placement at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from .clues import Clue

Cells = Sequence[bool | None]
Found = dict[int, bool]


def _packed_starts(clue: Clue, length: int) -> tuple[list[int], list[int]]:
    """Each block's start when all blocks are pushed left, and when pushed right."""
    left, right, at = [], [], 0
    for block in clue:
        left.append(at)
        at += block + 1
    at = length
    for block in reversed(clue):
        at -= block
        right.append(at)
        at -= 1
    return left, right[::-1]


def _new(cells: Cells, found: Found) -> Found:
    return {index: value for index, value in found.items() if cells[index] is None}


def simple_boxes(clue: Clue, cells: Cells) -> Found:
    """Cells a block covers however far left or right it is pushed (the clue alone)."""
    left, right = _packed_starts(clue, len(cells))
    found = {i: True for block, lo, hi in zip(clue, left, right) for i in range(hi, lo + block)}
    return _new(cells, found)


def simple_spaces(clue: Clue, cells: Cells) -> Found:
    """Cells no block reaches however it is pushed (the clue alone): empty."""
    left, right = _packed_starts(clue, len(cells))
    reached = {i for block, lo, hi in zip(clue, left, right) for i in range(lo, hi + block)}
    return _new(cells, {i: False for i in range(len(cells)) if i not in reached})


def _fits(cells: Cells, start: int, block: int) -> bool:
    """Whether a block may stand at start: no empty cell under it, no shaded cell beside."""
    end = start + block
    # `in` scans the slice in C (it compares with ==, the same as `is` on True, False
    # and None): this check is most of a line solver's time
    if end > len(cells) or False in cells[start:end]:
        return False
    return (start == 0 or cells[start - 1] is not True) and (
        end == len(cells) or cells[end] is not True)


def leftmost(clue: Clue, cells: Cells) -> list[int] | None:
    """Each block's start in the leftmost placement the known cells allow (None: none):
    each block at the first start from which the rest still fit (no backtracking)."""
    fits = _suffix_fits(clue, cells)
    if not fits[0][0]:
        return None
    starts: list[int] = []
    at = 0
    for block, run in enumerate(clue):
        start = at
        while not (_fits(cells, start, run) and _rest_fit(fits, cells, start + run, block + 1)):
            start += 1  # fits[at][block] promises a start before any shaded cell is passed
        starts.append(start)
        at = start + run + 1
    return starts


def _rest_fit(fits: list[list[bool]], cells: Cells, end: int, block: int) -> bool:
    """Whether blocks block.. fit after a block ending at end (its wall cell after it)."""
    if end >= len(cells):
        return block == len(fits[0]) - 1
    return fits[end + 1][block]


def rightmost(clue: Clue, cells: Cells) -> list[int] | None:
    """Each block's start in the rightmost placement the known cells allow."""
    mirrored = leftmost(clue[::-1], cells[::-1])
    if mirrored is None:
        return None
    return [len(cells) - start - block for start, block in zip(mirrored[::-1], clue)]


def overlaps(clue: Clue, cells: Cells) -> Found | None:
    """The leftmost and rightmost placements the known cells allow: a block's two places
    overlap in shaded cells, and cells between one block's last reach and the next's
    first are empty."""
    left, right = leftmost(clue, cells), rightmost(clue, cells)
    if left is None or right is None:
        return None
    found: Found = {}
    reached: set[int] = set()
    for block, lo, hi in zip(clue, left, right):
        found.update((i, True) for i in range(hi, lo + block))
        reached.update(range(lo, hi + block))
    found.update((i, False) for i in range(len(cells)) if i not in reached)
    return _new(cells, found)


def edge_forcing(clue: Clue, cells: Cells) -> Found | None:
    """Every placement at once: a cell shaded in all of them, or in none, is settled (this
    is what glues a block to a shaded cell near an edge or a wall)."""
    length, count = len(cells), len(clue)
    fits = _suffix_fits(clue, cells)
    if not fits[0][0]:
        return None
    can_fill, can_empty = [False] * length, [False] * length
    reach = [[False] * (count + 1) for _ in range(length + 1)]
    reach[0][0] = True
    for at in range(length + 1):
        for block in range(count + 1):
            if not (reach[at][block] and fits[at][block]) or at == length:
                continue
            if cells[at] is not True and fits[at + 1][block]:
                can_empty[at] = True
                reach[at + 1][block] = True
            if block < count and _fits(cells, at, clue[block]):
                end = at + clue[block]
                after = min(end + 1, length)
                if fits[after][block + 1] and (end < length or block + 1 == count):
                    for i in range(at, end):
                        can_fill[i] = True
                    if end < length:
                        can_empty[end] = True
                    reach[after][block + 1] = True
    found = {i: can_fill[i] for i in range(length) if can_fill[i] != can_empty[i]}
    return _new(cells, found)


def _suffix_fits(clue: Clue, cells: Cells) -> list[list[bool]]:
    """fits[at][block]: blocks block.. can be placed in cells at.. (cell at-1 settled).
    A block fits at a start as _fits() says, read here from where the next empty cell is
    (this table is most of a line solver's time)."""
    length, count = len(cells), len(clue)
    fits = [[False] * (count + 1) for _ in range(length + 2)]
    fits[length][count] = fits[length + 1][count] = True
    next_empty = length  # the first empty cell at or after `at`
    for at in range(length - 1, -1, -1):
        if cells[at] is False:
            next_empty = at
        row, after = fits[at], fits[at + 1]
        open_here = cells[at] is not True
        row[count] = open_here and after[count]
        walled = at == 0 or cells[at - 1] is not True
        for block in range(count - 1, -1, -1):
            if open_here and after[block]:
                row[block] = True
                continue
            end = at + clue[block]
            if end > length or next_empty < end or not walled:
                continue
            if end == length:
                row[block] = block + 1 == count
            elif cells[end] is not True:
                row[block] = fits[end + 1][block + 1]
    return fits
