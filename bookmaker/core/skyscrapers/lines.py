"""What a clued line allows: the heights each of its cells can hold in some filling of the
line that agrees with its clues, and the fixed bounds the clues put on each cell.

Glossary: a line's *masks* are its cells' candidate masks from the front (bit d: height
d+1); `front` and `back` are its clues seen from the front and from the back (0: none).
"""

from __future__ import annotations

from functools import lru_cache

from .. import compiled

SUPPORTS_KEPT = 1 << 15


def line_supports(masks: tuple[int, ...], front: int, back: int) -> tuple[int, ...] | None:
    """Per cell, the heights some filling of the line (all heights different, each from
    its cell's mask, the clues seen) puts there; None if no filling does. In C on the
    compiled core (csrc/latin.c, the same fillings)."""
    fast = compiled.latin_core()
    if fast is not None:
        return fast.latin_line_supports(masks, front, back)
    return line_supports_in_python(masks, front, back)


@lru_cache(maxsize=SUPPORTS_KEPT)
def line_supports_in_python(masks: tuple[int, ...], front: int,
                            back: int) -> tuple[int, ...] | None:
    """line_supports in Python, the reference."""
    n = len(masks)
    full = (1 << n) - 1
    support = [0] * n
    chosen = [0] * n

    def fill(i: int, used: int, count: int, tallest: int) -> None:
        if i == n:
            if back and _seen_from_back(chosen) != back:
                return
            for j, bit in enumerate(chosen):
                support[j] |= bit
            return
        # heights still unused above the tallest so far: at most that many more are seen
        if front and count + (full & ~used & ~(((tallest << 1) or 1) - 1)).bit_count() < front:
            return
        free = masks[i] & ~used
        while free:
            bit = free & -free
            free ^= bit
            if bit > tallest:
                if front and count + 1 > front:
                    continue
                chosen[i] = bit
                fill(i + 1, used | bit, count + 1, bit)
            else:
                chosen[i] = bit
                fill(i + 1, used | bit, count, tallest)

    fill(0, 0, 0, 0)
    return None if not all(support) else tuple(support)


def _seen_from_back(bits: list[int]) -> int:
    count = tallest = 0
    for bit in reversed(bits):
        if bit > tallest:
            count, tallest = count + 1, bit
    return count


def clue_bound(n: int, clue: int, distance: int) -> int:
    """The heights a cell `distance` cells in from a clue may hold: with `clue` buildings
    seen, the first is at most n - clue + 1, and each further cell one more (a clue of 1:
    the first cell holds n)."""
    if clue == 1:
        return (1 << n) - 1 if distance else 1 << (n - 1)
    return (1 << min(n, n - clue + 1 + distance)) - 1
