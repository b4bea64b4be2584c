"""The second proof of a Futoshiki, written apart from the solver: a search that keeps
every constraint between two cells arc consistent, over sets of values.

Every constraint is between two cells: different values (same row or column), or one
smaller than the other (a sign). When a cell's values shrink, each cell it is constrained
with keeps only the values that some value of the cell still allows (for 'different':
all but a lone value; for a sign: those above its least, or below its greatest); a cell
left with none ends the branch. The search then tries each value of the undecided cell
with fewest values left.
"""

from __future__ import annotations

from ..checkresult import CheckResult, depth_first
from .signs import Signs

CHECK_MAX_NODES = 200_000


def check_futoshiki(signs: Signs, givens, limit: int = 2,
                    max_nodes: int = CHECK_MAX_NODES) -> CheckResult:
    """Count the solutions of the givens under the signs, up to `limit`."""
    n = signs.size
    constraints = _constraints(n, signs)
    domains = [{value} if value else set(range(1, n + 1)) for value in givens]

    def expand(state: tuple[list[set[int]], list[int]]):
        domains, changed = state
        if not _consistent(domains, changed, constraints):
            return None, ()
        open_cells = [c for c, values in enumerate(domains) if len(values) > 1]
        if not open_cells:
            return tuple(next(iter(values)) for values in domains), ()
        cell = min(open_cells, key=lambda c: len(domains[c]))
        return None, [(domains[:cell] + [{value}] + domains[cell + 1:], [cell])
                      for value in sorted(domains[cell])]  # the least is tried first
    return depth_first((domains, list(range(n * n))), expand, limit, max_nodes)


def _constraints(n: int, signs: Signs) -> list[list[tuple[int, str]]]:
    """Per cell, (other cell, relation of this cell to it): '!=', '<' or '>'."""
    related: list[dict[int, str]] = [{} for _ in range(n * n)]
    for cell in range(n * n):
        row, col = divmod(cell, n)
        for k in range(n):
            for other in (row * n + k, k * n + col):
                if other != cell:
                    related[cell][other] = "!="
    for smaller, larger in signs.pairs:
        related[smaller][larger] = "<"
        related[larger][smaller] = ">"
    return [sorted(r.items()) for r in related]


def _consistent(domains: list[set], changed: list[int], constraints) -> bool:
    """Make every constraint arc consistent again after the `changed` cells shrank (the
    domains are changed in place, each shrunk set replaced); False if a cell runs dry."""
    queue = list(changed)
    while queue:
        cell = queue.pop()
        mine = domains[cell]
        for other, relation in constraints[cell]:
            theirs = domains[other]
            if relation == "!=":
                if len(mine) > 1:
                    continue
                kept = theirs - mine
            elif relation == "<":
                least = min(mine)
                kept = {v for v in theirs if v > least}
            else:
                greatest = max(mine)
                kept = {v for v in theirs if v < greatest}
            if len(kept) != len(theirs):
                if not kept:
                    return False
                domains[other] = kept
                queue.append(other)
    return True
