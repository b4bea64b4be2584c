"""The second proof of a Skyscrapers puzzle, written apart from the solver: every row and
column as a list of whole orderings.

Each line's possible contents are listed first: every ordering of the heights that keeps
the line's givens and shows the line's clues from both ends. Then, until nothing
changes, a cell keeps only the heights that both its row's and its column's remaining
orderings put there, and each line keeps only the orderings that fit its cells. A line
left without orderings ends the branch; when every line has one, that is a solution;
else the search tries each ordering of the line with fewest left.
"""

from __future__ import annotations

from array import array
from functools import lru_cache, reduce
from itertools import permutations
from operator import or_
from typing import Any

from .. import compiled
from ..checkresult import CheckResult, depth_first
from .clues import EdgeClues, seen

CHECK_MAX_NODES = 20_000
COMPILED_MOST = 7  # the largest square the compiled search takes (its lists stay small)


def check_skyscrapers(clues: EdgeClues, givens, limit: int = 2,
                      max_nodes: int = CHECK_MAX_NODES) -> CheckResult:
    """Count the solutions of the givens under the clues, up to `limit`; the search in C
    where the compiled core runs, up to 7x7 (csrc/skyscraperscheck.c: the same nodes and
    solutions)."""
    n = clues.size
    lines = _lines(n, clues)
    checker = compiled.skyscrapers_checker()
    packed = checker is not None and n <= COMPILED_MOST  # C reads bytes, not an int each
    sources = [_source(n, [givens[c] for c in cells], front, back, packed)
               for cells, front, back in lines]
    if packed:  # C keeps _options' orderings itself
        return CheckResult(*checker(n, [orderings for orderings, _ in sources], limit,
                                    max_nodes, [fit for _, fit in sources]))
    options = [_fitting(*source) for source in sources]
    return _searched(n, lines, options, limit, max_nodes)


def _searched(n: int, lines, options: list[list[int]], limit: int,
              max_nodes: int | None) -> CheckResult:
    """The search from each line's orderings, in Python: the reference."""

    def expand(state: list):
        options = _narrowed(n, lines, state)
        if options is None:
            return None, ()
        open_lines = [i for i, line in enumerate(options) if len(line) > 1]
        if not open_lines:
            return tuple(v for row in options[:n] for v in _heights(n, row[0])), ()
        line = min(open_lines, key=lambda i: len(options[i]))
        return None, [options[:line] + [[ordering]] + options[line + 1:]
                      for ordering in options[line]]
    return depth_first(options, expand, limit, max_nodes)


def _lines(n: int, clues: EdgeClues) -> list[tuple[tuple[int, ...], int, int]]:
    """Rows (from the left) then columns (from the top): cells, front and back clue."""
    fronts, backs = clues.left + clues.top, clues.right + clues.bottom
    return [(cells, fronts[i], backs[i]) for i, cells in enumerate(_cells(n))]


@lru_cache(maxsize=8)
def _cells(n: int) -> tuple[tuple[int, ...], ...]:
    """The rows' cells, then the columns'."""
    return (tuple(tuple(r * n + c for c in range(n)) for r in range(n))
            + tuple(tuple(r * n + c for r in range(n)) for c in range(n)))


# An ordering is kept as one int, a bit per (place, height): bit i * n + h - 1 for height h
# at place i, so that what a line's orderings allow, and whether an ordering fits what its
# cells allow, are an OR and an AND rather than a loop over its places.
def _placed(n: int, heights) -> int:
    """The int of (place, height) pairs."""
    return sum(1 << (i * n + height - 1) for i, height in heights)


def _heights(n: int, placed: int) -> tuple[int, ...]:
    """The ordering of heights an int stands for."""
    every = (1 << n) - 1
    return tuple((placed >> (i * n) & every).bit_length() for i in range(n))


@lru_cache(maxsize=8)
def _orderings(n: int) -> tuple[tuple[int, int, int], ...]:
    """Every ordering of 1..n (as an int) with how many it shows from its front and from
    its back."""
    return tuple((_placed(n, enumerate(o)), seen(o), seen(o[::-1]))
                 for o in permutations(range(1, n + 1)))


def _options(n: int, givens, front: int, back: int) -> list[int]:
    """The orderings of a line that keep its givens and show its clues."""
    return _fitting(*_source(n, givens, front, back))


def _fitting(orderings: tuple[int, ...], fit: tuple[int, int]) -> list[int]:
    """The orderings o with o & places == heights, (places, heights) the fit."""
    places, heights = fit
    return [o for o in orderings if o & places == heights] if places else list(orderings)


def _source(n: int, givens, front: int, back: int,
            packed: bool = False) -> tuple[Any, tuple[int, int]]:
    """_options() before its last filter: the orderings that show the line's clues and
    keep its first given (made once; `packed`: as bytes, _packed), and (places, heights)
    of its other givens, which _options() keeps the orderings o with o & places ==
    heights of."""
    fixed = [(i, g) for i, g in enumerate(givens) if g]
    if not fixed:  # none for a clue past n
        if packed:
            return _packed_showing(n).get((front, back), b""), (0, 0)
        return _showing(n).get((front, back), ()), (0, 0)
    first, rest = fixed[0], fixed[1:]
    # a sixth of them or less to scan
    showing = (_packed_with if packed else _showing_with)(n, front, back, *first)
    places = sum(((1 << n) - 1) << (i * n) for i, _ in rest)
    return showing, (places, _placed(n, rest))


def _packed(orderings: tuple[int, ...]) -> bytes:
    """Orderings as the compiled check reads them whole: each a native uint64."""
    return array("Q", orderings).tobytes()


@lru_cache(maxsize=4096)
def _packed_with(n: int, front: int, back: int, place: int, height: int) -> bytes:
    """_showing_with(), packed."""
    return _packed(_showing_with(n, front, back, place, height))


@lru_cache(maxsize=8)
def _packed_showing(n: int) -> dict[tuple[int, int], bytes]:
    """_showing(), each list packed."""
    return {key: _packed(orderings) for key, orderings in _showing(n).items()}


@lru_cache(maxsize=4096)
def _showing_with(n: int, front: int, back: int, place: int, height: int) -> tuple[int, ...]:
    """_showing()'s orderings for the clues that put the height at the place (in order)."""
    bit = 1 << (place * n + height - 1)
    return tuple(o for o in _showing(n).get((front, back), ()) if o & bit)


@lru_cache(maxsize=8)
def _showing(n: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """The orderings of 1..n (in _orderings()' order) by the clues they show, front and
    back, 0 for either standing for no clue: every line's list, made once a size."""
    found: dict[tuple[int, int], list[int]] = {}
    for ordering, ahead, behind in _orderings(n):
        for key in ((ahead, behind), (ahead, 0), (0, behind), (0, 0)):
            found.setdefault(key, []).append(ordering)
    return {key: tuple(orderings) for key, orderings in found.items()}


def _narrowed(n: int, lines, options: list[list[int]]) -> list[list[int]] | None:
    """The orderings left once every cell keeps what both its lines allow, again until
    nothing changes; None if a line has none left. A line whose every place already fits
    its cells (what its orderings allow, all allowed) keeps them all unlooked-at."""
    every = (1 << n) - 1
    unions = [reduce(or_, line, 0) for line in options]
    while True:
        allowed = [every] * (n * n)
        for (cells, _, _), either in zip(lines, unions):
            for i, cell in enumerate(cells):
                allowed[cell] &= either >> (i * n)
        narrowed, changed = [], False
        for k, ((cells, _, _), line) in enumerate(zip(lines, options)):
            fits = sum(allowed[cell] << (i * n) for i, cell in enumerate(cells))
            if unions[k] & fits != unions[k]:  # some ordering does not fit
                line = [o for o in line if o & fits == o]
                if not line:
                    return None
                unions[k], changed = reduce(or_, line, 0), True
            narrowed.append(line)
        if not changed:
            return narrowed
        options = narrowed
