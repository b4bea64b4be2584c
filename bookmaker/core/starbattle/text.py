"""A Star Battle's one-line text form; parse and format round-trip exactly.

    STARS REGIONS

STARS is the star count of every row, column and region; REGIONS is n*n letters row by
row, region A first, each region lettered in the order its first cell is met (so a
layout has one text). A 5x5 one-star:

    1 AABBBACCCBDDCCBDDEEBDDEEE
"""

from __future__ import annotations

import math

from .layout import SIZES, Layout, LayoutError, in_reading_order, layout_problem

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class StarTextError(ValueError):
    """A Star Battle line that cannot be read; its message says why."""


def format_layout(layout: Layout) -> str:
    """The one-line text of a layout (its regions relettered in reading order)."""
    ordered = in_reading_order(layout)
    return f"{layout.stars} " + "".join(LETTERS[r] for r in ordered.regions)


def parse_layout(text: str) -> Layout:
    """Read one Star Battle line; StarTextError names what is wrong."""
    parts = text.split()
    if len(parts) != 2:
        raise StarTextError(f"a Star Battle line is two parts, the star count and the "
                            f"regions; got {len(parts)}")
    stars, regions = parts
    if not stars.isdigit():
        raise StarTextError(f"the star count must be a whole number; got {stars!r}")
    bad = next((i for i, s in enumerate(regions) if s not in LETTERS), None)
    if bad is not None:
        raise StarTextError(f"bad symbol {regions[bad]!r} at position {bad + 1}; regions "
                            "are capital letters A-Z")
    n = math.isqrt(len(regions))
    if n * n != len(regions) or n not in SIZES:
        raise StarTextError(f"wrong length: {len(regions)} cells; a Star Battle is "
                            f"{min(SIZES)}x{min(SIZES)} to {max(SIZES)}x{max(SIZES)}")
    cells = tuple(LETTERS.index(s) for s in regions)
    problem = layout_problem(n, int(stars), cells)
    if problem:
        raise StarTextError(problem)
    layout = Layout(n, int(stars), cells)
    if format_layout(layout) != text.strip():
        raise StarTextError("regions must be lettered A, B, C... in the order their first "
                            f"cells are met: {format_layout(layout).split()[1]}")
    return layout


def repeat_key(layout: Layout) -> str:
    """'starbattle NxN:' and the least text of the layout's eight turns and mirrors (the
    square's moves keep every rule, so they make one puzzle)."""
    n = layout.size
    images = []
    for turn in range(4):
        for mirror in (False, True):
            images.append(format_layout(Layout(n, layout.stars, tuple(
                layout.regions[_moved(n, cell, turn, mirror)] for cell in range(n * n)))))
    return f"starbattle {n}x{n}:" + min(images)


def _moved(n: int, cell: int, turn: int, mirror: bool) -> int:
    """The cell an image's `cell` comes from."""
    r, c = divmod(cell, n)
    if mirror:
        c = n - 1 - c
    for _ in range(turn):
        r, c = c, n - 1 - r
    return r * n + c


__all__ = ["LayoutError", "StarTextError", "format_layout", "parse_layout", "repeat_key"]
