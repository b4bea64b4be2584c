"""The first proof of a Futoshiki: the Latin search (core/latin/search.py) with the signs'
bounds as its own rule: across a sign, the smaller cell stays below the larger's highest
candidate and the larger above the smaller's lowest."""

from __future__ import annotations

from functools import lru_cache
from itertools import chain

from ..latin.search import DEFAULT_MAX_NODES, RULE_SIGNS, Rule, full_masks, search
from ..solve.search import Search
from .signs import Signs


@lru_cache(maxsize=64)
def sign_data(signs: Signs) -> tuple[int, ...]:
    """The signs as the compiled core takes them: smaller, larger cell, sign after sign."""
    return tuple(chain.from_iterable(signs.pairs))


def compiled_rules(signs: Signs) -> tuple:
    """sign_prune() as the compiled core takes it, for forcing chains and in bulk:
    (code, data, bulk code, bulk data)."""
    data = sign_data(signs)
    return RULE_SIGNS, data, RULE_SIGNS, data


def sign_prune(signs: Signs) -> Rule:
    """The signs' rule as a prune(masks) for the Latin search."""
    pairs = signs.pairs

    def prune(masks: list) -> bool | None:
        changed = False
        for smaller, larger in pairs:
            low, high = masks[smaller], masks[larger]
            below = high and low & ((1 << (high.bit_length() - 1)) - 1)
            above = high & ~((low & -low) * 2 - 1)
            if below != low or above != high:
                if not below or not above:
                    return None
                masks[smaller], masks[larger] = below, above
                changed = True
        return changed
    return Rule(prune, RULE_SIGNS, sign_data(signs))


def futoshiki_solutions(signs: Signs, cells, limit: int = 2,
                        max_nodes: int = DEFAULT_MAX_NODES,
                        prefer: tuple[int, ...] | None = None) -> Search:
    """Solutions of the givens `cells` under the signs, counted up to `limit`."""
    n = signs.size
    return search(n, full_masks(n, cells), sign_prune(signs), limit, max_nodes, prefer)
