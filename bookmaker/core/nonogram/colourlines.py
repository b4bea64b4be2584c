"""What one line of a colour Nonogram forces, given its clue and what is known of its
cells: the line techniques a person uses, cheapest first, each answering {index: values}
for the cells it narrows, or None when no placement of the clue fits (a contradiction).

A cell is a set of values as bits: bit 0 blank, bit c colour c. A placement puts each block
at a start, in order, a blank between two blocks of one colour, none needed between two
of different colours; cells no block covers are blank.
"""

from __future__ import annotations

from collections.abc import Sequence

from .colourpuzzle import ColourClue

BLANK = 1
Found = dict[int, int]


def _runs_allowing(masks: Sequence[int], colour: int) -> list[int]:
    """runs[j]: how many cells from j on may each take colour."""
    runs = [0] * (len(masks) + 1)
    for at in range(len(masks) - 1, -1, -1):
        runs[at] = runs[at + 1] + 1 if masks[at] >> colour & 1 else 0
    return runs


class Placements:
    """Every placement of a clue on a line's known cells at once, as two tables built from
    the line's end: fits[at][b] says blocks b.. fit in cells at.. (the cell before at
    settled); after[at][b] is where block b + 1 may start if block b starts at at (-1:
    block b cannot start there)."""

    def __init__(self, clue: ColourClue, masks: Sequence[int]) -> None:
        self.clue, self.masks, self.length = clue, masks, len(masks)
        length, count = len(masks), len(clue)
        runs = {colour: _runs_allowing(masks, colour) for _, colour in clue}
        blocks = [(run, runs[colour], block + 1 < count and clue[block + 1][1] == colour)
                  for block, (run, colour) in enumerate(clue)]
        blank = [bool(mask & BLANK) for mask in masks] + [False]
        self.fits = fits = [[False] * (count + 1) for _ in range(length + 1)]
        self.after = after = [[-1] * (count + 1) for _ in range(length)]
        fits[length][count] = True
        for at in range(length - 1, -1, -1):
            here, ahead, starts = fits[at], fits[at + 1], after[at]
            free = blank[at]
            here[count] = free and ahead[count]
            for block in range(count - 1, -1, -1):
                run, allowing, apart = blocks[block]
                if allowing[at] >= run:
                    end = at + run
                    if apart:
                        end = end + 1 if blank[end] else -1
                    if end >= 0 and fits[end][block + 1]:
                        starts[block] = end
                here[block] = (free and ahead[block]) or starts[block] >= 0

    def blank_at(self, at: int, block: int) -> bool:
        """Whether cell at may be blank with blocks block.. after it."""
        return bool(self.masks[at] & BLANK) and self.fits[at + 1][block]

    @property
    def any(self) -> bool:
        return self.fits[0][0]

    def leftmost(self) -> list[int]:
        """Each block's start in the leftmost placement (the table promises one)."""
        starts: list[int] = []
        at = 0
        for block in range(len(self.clue)):
            while self.after[at][block] < 0:
                at += 1  # fits[at][block] held: cell at may be blank
            starts.append(at)
            at = self.after[at][block]
        return starts

    def values(self) -> list[int]:
        """Each cell's values that some placement gives it."""
        count = len(self.clue)
        can = [0] * self.length
        cover = {colour: [0] * (self.length + 1) for _, colour in self.clue}
        reach = [[False] * (count + 1) for _ in range(self.length + 1)]
        reach[0][0] = True
        for at in range(self.length):
            for block in range(count + 1):
                if not (reach[at][block] and self.fits[at][block]):
                    continue
                if self.blank_at(at, block):
                    can[at] |= BLANK
                    reach[at + 1][block] = True
                next_start = self.after[at][block]
                if next_start >= 0:
                    run, colour = self.clue[block]
                    cover[colour][at] += 1
                    cover[colour][at + run] -= 1
                    if next_start > at + run:
                        can[at + run] |= BLANK
                    reach[next_start][block + 1] = True
        for colour, marks in cover.items():
            depth = 0
            for at in range(self.length):
                depth += marks[at]
                if depth:
                    can[at] |= 1 << colour
        return can


def _narrowed(masks: Sequence[int], values: dict[int, int]) -> Found:
    return {i: masks[i] & v for i, v in values.items() if masks[i] & v != masks[i]}


def _ends(clue: ColourClue, masks: Sequence[int]) -> tuple[list[int], list[int]] | None:
    """The leftmost and rightmost placements' starts (None: no placement fits)."""
    ahead = Placements(clue, masks)
    behind = Placements(clue[::-1], masks[::-1])
    if not ahead.any or not behind.any:
        return None
    mirrored = behind.leftmost()
    right = [len(masks) - start - length
             for start, (length, _) in zip(mirrored[::-1], clue)]
    return ahead.leftmost(), right


def _overlap(clue: ColourClue, masks: Sequence[int]) -> Found | None:
    """A block's leftmost and rightmost places overlap in its colour; cells no block
    reaches between them are blank."""
    ends = _ends(clue, masks)
    if ends is None:
        return None
    values: dict[int, int] = {}
    reached: set[int] = set()
    for (length, colour), lo, hi in zip(clue, *ends):
        values.update((i, 1 << colour) for i in range(hi, lo + length))
        reached.update(range(lo, hi + length))
    values.update((i, BLANK) for i in range(len(masks)) if i not in reached)
    return _narrowed(masks, values)


def simple_boxes(clue: ColourClue, masks: Sequence[int]) -> Found:
    """Cells a block covers however far it is pushed (the clue alone)."""
    found = _overlap(clue, [~0] * len(masks)) or {}
    return _narrowed(masks, {i: v for i, v in found.items() if v != BLANK})


def simple_spaces(clue: ColourClue, masks: Sequence[int]) -> Found:
    """Cells no block reaches however it is pushed (the clue alone): blank."""
    found = _overlap(clue, [~0] * len(masks)) or {}
    return _narrowed(masks, {i: v for i, v in found.items() if v == BLANK})


def overlaps(clue: ColourClue, masks: Sequence[int]) -> Found | None:
    """The leftmost and rightmost placements the known cells allow, overlapped."""
    return _overlap(clue, masks)


def edge_forcing(clue: ColourClue, masks: Sequence[int]) -> Found | None:
    """Every placement at once: a cell keeps only the values some placement gives it
    (None: no placement fits)."""
    placements = Placements(clue, masks)
    if not placements.any:
        return None
    return _narrowed(masks, dict(enumerate(placements.values())))
