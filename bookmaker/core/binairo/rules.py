"""What a Binairo puzzle is to its solvers: the size, the two rules' switches and the
signs, as plain tables (each proof reads them its own way)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from .signs import TangoSigns


@dataclass(frozen=True)
class Rules:
    """An n x n board's rules: whether its lines must all differ (classic Binairo) and its
    signs (a Tango's; None for none)."""

    size: int
    unique_lines: bool = True
    signs: TangoSigns | None = None

    @property
    def half(self) -> int:
        return self.size // 2

    @cached_property
    def partners(self) -> tuple[tuple[tuple[int, bool], ...], ...]:
        """Per cell, (other cell, whether they match) for each sign it has."""
        if self.signs is None:
            return ((),) * (self.size ** 2)
        return self.signs.partners()


@lru_cache(maxsize=16)
def board_lines(n: int) -> tuple[tuple[int, ...], ...]:
    """The rows, then the columns, of an n x n board: each its cells in order."""
    rows = tuple(tuple(r * n + c for c in range(n)) for r in range(n))
    return rows + tuple(tuple(r * n + c for r in range(n)) for c in range(n))


def rules_of(size: int, signs: TangoSigns | None) -> Rules:
    """A classic Binairo's rules (no signs), or a Tango's (its signs, lines may repeat)."""
    return Rules(size, signs is None, signs)


@lru_cache(maxsize=16)
def allowed_lines(n: int) -> tuple[tuple[int, ...], ...]:
    """Every line of n cells the rule allows: n/2 of each symbol, no three alike, in
    order."""
    lines: list[tuple[int, ...]] = []

    def extend(line: tuple[int, ...]) -> None:
        if len(line) == n:
            lines.append(line)
            return
        for v in (1, 2):
            if line.count(v) < n // 2 and not line[-2:] == (v, v):
                extend(line + (v,))
    extend(())
    return tuple(lines)


@lru_cache(maxsize=16)
def position_masks(n: int) -> tuple[dict[int, int], ...]:
    """Per position r and symbol v, the bit set of listed lines with v at r."""
    lines = allowed_lines(n)
    return tuple({v: sum(1 << i for i, line in enumerate(lines) if line[r] == v)
                  for v in (1, 2)} for r in range(n))
