"""A picture's cells reduced to a few colours and a background: the colour Nonogram's
picture (colourpuzzle.PaintedPicture) from each cell's pixels.

The colours kept are the picture's most common ones (a drawing's flat fills; a photo's
pixels pooled in coarse buckets first), each covering at least MIN_SHARE of the pixels and
far enough from white and from each other to tell apart. Each cell then takes the colour
(or white, the background) that most of its pixels are nearest: a cell half covered by a
fill's edge does not turn into a blend.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .colourpuzzle import MOST_COLOURS, PaintedPicture

RGB = tuple[int, int, int]
WHITE: RGB = (255, 255, 255)
MIN_SHARE = 0.015  # a colour covering fewer of the pixels is a blend or a speck
APART = 64 ** 2  # squared RGB distance under which two colours are one
BUCKET = 5  # bits dropped from each channel when pooling pixels


def _distance(one: RGB, other: RGB) -> int:
    return sum((a - b) ** 2 for a, b in zip(one, other))


def _bucket(colour: RGB) -> RGB:
    return (colour[0] >> BUCKET, colour[1] >> BUCKET, colour[2] >> BUCKET)


def _kept(pixels: Counter, most: int) -> list[RGB]:
    """The common colours, most common first, apart from white and each other: each the
    most common exact colour of its bucket."""
    buckets: Counter = Counter()
    best: dict[RGB, tuple[int, RGB]] = {}
    for colour, count in pixels.items():
        bucket = _bucket(colour)
        buckets[bucket] += count
        best[bucket] = max(best.get(bucket, (0, colour)), (count, colour))
    total = sum(buckets.values())
    kept: list[RGB] = []
    for bucket, count in sorted(buckets.items(), key=lambda item: (-item[1], item[0])):
        colour = best[bucket][1]
        if len(kept) == most or count < MIN_SHARE * total:
            break
        if all(_distance(colour, other) >= APART for other in (WHITE, *kept)):
            kept.append(colour)
    return kept


def reduce_colours(cells: Sequence[Sequence[Counter]], most: int = MOST_COLOURS
                   ) -> PaintedPicture:
    """Rows of cells, each a Counter of its pixels' RGB, as a painted picture of at most
    `most` colours (ValueError if the picture has no colour but white)."""
    pixels: Counter = Counter()
    for row in cells:
        for cell in row:
            pixels.update(cell)
    kept = _kept(pixels, min(most, MOST_COLOURS))
    if not kept:
        raise ValueError("no colour but white covers enough of the picture")
    centres = [WHITE, *kept]
    nearest = {colour: min(range(len(centres)), key=lambda c: (_distance(colour, centres[c]), c))
               for colour in pixels}
    values = [[_vote(cell, nearest) for cell in row] for row in cells]
    counts = Counter(value for row in values for value in row if value)
    used = sorted(counts, key=lambda c: (-counts[c], c))
    order = {old: new for new, old in enumerate(used, 1)} | {0: 0}
    return PaintedPicture(tuple(tuple(order[v] for v in row) for row in values),
                          tuple("".join(f"{channel:02x}" for channel in centres[c]) for c in used))


def _vote(cell: Counter, nearest: dict[RGB, int]) -> int:
    """The value most of a cell's pixels are nearest (the lower on a tie)."""
    votes: Counter = Counter()
    for colour, count in cell.items():
        votes[nearest[colour]] += count
    return min(votes, key=lambda value: (-votes[value], value))
