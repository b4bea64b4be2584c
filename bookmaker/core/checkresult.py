"""What a family's second proof (its check, written apart from its solver) found, and the
depth-first search the checks run (none of the first solvers does)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

Solution = tuple[int, ...]
# A state of a check's search, settled: (its solution, None) when every cell is decided,
# (None, the states branching from it, in the order to try) when not, (None, ()) on a
# contradiction.
Expand = Callable[[Any], tuple["Solution | None", Sequence[Any]]]


@dataclass(frozen=True)
class CheckResult:
    """What one search found: solutions counted up to the limit, those solutions, whether
    it finished within its node budget, and the nodes it visited."""

    count: int
    solutions: tuple[tuple[int, ...], ...]
    complete: bool
    nodes: int


def depth_first(start: Any, expand: Expand, limit: int, max_nodes: int | None) -> CheckResult:
    """Up to `limit` solutions, depth first from the start state: each state visited is a
    node, stopping incomplete once `max_nodes` nodes are spent (None: no budget)."""
    solutions: list[Solution] = []
    stack, nodes = [start], 0
    while stack and len(solutions) < limit:
        if max_nodes is not None and nodes >= max_nodes:
            return CheckResult(len(solutions), tuple(solutions), False, nodes)
        nodes += 1
        solution, branches = expand(stack.pop())
        if solution is not None:
            solutions.append(solution)
        else:
            stack.extend(reversed(branches))  # the first branch on top: tried first
    return CheckResult(len(solutions), tuple(solutions), True, nodes)
