"""The first proof of a Skyscrapers puzzle: the Latin search (core/latin/search.py) with
the clues as its own rule: each clued line keeps, in each cell, only the heights some
filling of the line agreeing with its clues puts there (lines.py)."""

from __future__ import annotations

from functools import lru_cache

from ..latin.search import (
    DEFAULT_MAX_NODES,
    RULE_BOUNDS,
    RULE_CLUED_BOUNDS,
    RULE_CLUED_LINES,
    RULE_LINES,
    Rule,
    full_masks,
    search,
)
from ..solve.search import Search
from .clues import EdgeClues
from .lines import clue_bound, line_supports


def static_masks(clues: EdgeClues, only_edges: bool = False) -> tuple[int, ...]:
    """Per cell, the heights the clues' fixed bounds leave (edge clues 1 and N, and the
    bound a clue puts on each cell by its distance; only the former if `only_edges`)."""
    return _fixed_masks(clues)[only_edges]


@lru_cache(maxsize=64)
def _fixed_masks(clues: EdgeClues) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """static_masks() of the clues, both kinds in one pass: (every bound, edges only)."""
    n = clues.size
    every, edges = [(1 << n) - 1] * (n * n), [(1 << n) - 1] * (n * n)
    for cells, front, back in clues.lines():
        for clue, ordered in ((front, cells), (back, cells[::-1])):
            if clue:
                masks = (every, edges) if clue in (1, n) else (every,)
                for cell, bound in zip(ordered, _bounds(n, clue)):
                    for kept in masks:
                        kept[cell] &= bound
    return tuple(every), tuple(edges)


@lru_cache(maxsize=128)
def _bounds(n: int, clue: int) -> tuple[int, ...]:
    """The heights a clue allows each cell of its line, from the clue inwards."""
    return tuple(clue_bound(n, clue, distance) for distance in range(n))


def edge_masks(clues: EdgeClues) -> tuple[int, ...]:
    """Per cell, the heights edge clues of 1 and N leave."""
    return static_masks(clues, True)


def bounds_prune(clues: EdgeClues) -> Rule:
    """The fixed bounds as a prune(masks): the beginner's clue techniques in bulk."""
    allowed = static_masks(clues)

    def prune(masks: list) -> bool | None:
        changed = False
        for cell, mask in enumerate(masks):
            kept = mask & allowed[cell]
            if kept != mask:
                if not kept:
                    return None
                masks[cell] = kept
                changed = True
        return changed
    return Rule(prune, RULE_BOUNDS, allowed)


@lru_cache(maxsize=64)
def line_data(clues: EdgeClues) -> tuple[int, ...]:
    """The clued lines as the compiled core takes them (RULE_LINES): per line its cells
    from the front, then its front and back clue."""
    return tuple(item for cells, front, back in clues.lines() for item in (*cells, front, back))


def clue_sides(clues: EdgeClues) -> tuple[int, ...]:
    """The clues as the compiled core makes its lines and masks from them (csrc/
    latinclues.c): top, right, bottom, left."""
    return clues.top + clues.right + clues.bottom + clues.left


def compiled_rules(clues: EdgeClues) -> tuple:
    """visibility_prune() and bounds_prune() as the compiled core takes them: (code,
    data, bulk code, bulk data), made from the sides in C."""
    sides = clue_sides(clues)
    return RULE_CLUED_LINES, sides, RULE_CLUED_BOUNDS, sides


def visibility_prune(clues: EdgeClues) -> Rule:
    """The clues' full rule as a prune(masks): every clued line narrowed to its supports."""
    lines = clues.lines()

    def prune(masks: list) -> bool | None:
        changed = False
        for cells, front, back in lines:
            before = tuple(masks[c] for c in cells)
            after = line_supports(before, front, back)
            if after is None:
                return None
            if after != before:
                changed = True
                for cell, mask in zip(cells, after):
                    masks[cell] = mask
        return changed
    return Rule(prune, RULE_LINES, line_data(clues))


def skyscrapers_solutions(clues: EdgeClues, cells, limit: int = 2,
                          max_nodes: int = DEFAULT_MAX_NODES,
                          prefer: tuple[int, ...] | None = None) -> Search:
    """Solutions of the givens `cells` under the clues, counted up to `limit`."""
    n = clues.size
    return search(n, full_masks(n, cells), visibility_prune(clues), limit, max_nodes, prefer)
