"""Uniqueness by searching twice, values ascending then descending: a third, tiny opinion.

The method is the classic one: run a simple backtracking search that stops at its first
solution, once trying each cell's values from low to high and once from high to low.
If both runs find the same grid, the puzzle has exactly one solution; if they find
different grids, it has several; if neither finds one, it has none.

Why this is sound, even though the search does not go in a fixed cell order: at every
search node the branching is a deterministic function of the values placed so far. It
takes, in row-major order, the first empty cell with at most one candidate; failing that,
a value that fits only one cell of some unit (first unit, lowest such value) as a forced
one-child step; failing that, the first cell with the fewest candidates. Each child places
one value, and the children of a node split the solutions below it between them. Hence
both runs walk the very same search tree, whose leaves are exactly the puzzle's solutions,
each reached once; they differ only in the order children are visited. The ascending run
returns the leftmost leaf, the descending run the rightmost. These are the same leaf iff
the tree has a single leaf, and two different leaves are different grids, because they
differ at the node where their paths part. (A cell with no candidates ends only a leafless
subtree, and a forced step loses no solution, so neither changes which leaves exist.)
The forced steps are there for speed alone: without them hard 9x9 puzzles need some
100,000 nodes instead of a few hundred.

Written apart from search.py and dlx.py: used values are bit masks per unit, kept from the
board's list of units alone (whatever the variant), nothing shared with Shape's derived
tables (peers, masks). The search is iterative (an explicit stack) so 25x25 grids and
369-cell Samurai boards never meet the recursion limit.
"""

from __future__ import annotations

from ..board.grid import Grid

UNIQUE, MULTIPLE, NONE, UNKNOWN = "unique", "multiple", "none", "unknown"


class BudgetExceeded(Exception):
    """The search visited max_nodes nodes without reaching a solution or exhausting the tree."""


def first_solution(grid: Grid, descending: bool = False,
                   max_nodes: int | None = None) -> tuple[int, ...] | None:
    """The first solution in value order (ascending or descending), or None if there is none.
    Raises BudgetExceeded when more than max_nodes search nodes would be needed."""
    units = [list(unit.cells) for unit in grid.shape.units]
    units_of = _units_of_cells(units, len(grid.cells))
    used = _used_values(grid.cells, grid.shape.size, len(units), units_of)
    if used is None:
        return None
    return _search(grid.cells, grid.shape.size, units, units_of, used, descending, max_nodes)


def _units_of_cells(units: list[list[int]], cell_count: int) -> list[list[int]]:
    """For each cell, the numbers of the units holding it."""
    units_of: list[list[int]] = [[] for _ in range(cell_count)]
    for number, cells in enumerate(units):
        for cell in cells:
            units_of[cell].append(number)
    return units_of


def _used_values(cells: tuple[int, ...], n: int, unit_count: int,
                 units_of: list[list[int]]) -> list[int] | None:
    """Bit masks (bit v-1 = value v) of the values each unit holds; None if two givens
    clash."""
    used = [0] * unit_count
    for cell, value in enumerate(cells):
        if not value:
            continue
        if not 1 <= value <= n:
            raise ValueError(f"cell {cell} holds {value}, outside 1..{n}")
        bit = 1 << (value - 1)
        for unit in units_of[cell]:
            if used[unit] & bit:
                return None
            used[unit] |= bit
    return used


def _hidden_single(units: list[list[int]], candidates: list[int]) -> tuple[int, int] | None:
    """(cell, value bit) for the first value, in the first unit, that fits only one cell."""
    for cells in units:
        once = twice = 0
        for cell in cells:
            mask = candidates[cell]
            twice |= once & mask
            once |= mask
        alone = once & ~twice
        if alone:
            bit = alone & -alone
            for cell in cells:
                if candidates[cell] & bit:
                    return cell, bit
    return None


def _search(givens: tuple[int, ...], n: int, units: list[list[int]],
            units_of: list[list[int]], used: list[int], descending: bool,
            max_nodes: int | None) -> tuple[int, ...] | None:
    """Depth-first search with an explicit stack of frames [position, cell, untried values,
    value placed], its state in lists the steps below change in place (the hot path).

    `empty` always lists the empty cells in cell order (a cell is popped when chosen and
    put back at the same position on retreat), so the cell chosen depends only on the
    values placed, never on the path taken: the two runs must walk the same tree."""
    empty = [cell for cell, value in enumerate(givens) if not value]
    candidates = [0] * len(givens)  # of the empty cells as of the last full scan; 0 if filled
    stack: list[list[int]] = []
    nodes = 0
    while True:
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            raise BudgetExceeded(f"no verdict within {max_nodes} search nodes")
        if not empty:
            return _filled(givens, stack)
        pos, mask = _branch(empty, n, units, units_of, used, candidates)
        cell = empty.pop(pos)
        candidates[cell] = 0
        stack.append([pos, cell, mask, 0])
        if not _advance(stack, empty, units_of, used, descending):
            return None


def _branch(empty: list[int], n: int, units: list[list[int]], units_of: list[list[int]],
            used: list[int], candidates: list[int]) -> tuple[int, int]:
    """Where the search branches (the position in `empty`, the values to try): the first
    cell with at most one candidate, else a value with one place left in a unit, else the
    first cell with the fewest; every empty cell's candidates noted on the way."""
    all_values = (1 << n) - 1
    best_pos, best_mask, best_count = 0, 0, n + 1
    for pos, cell in enumerate(empty):
        taken = 0
        for unit in units_of[cell]:
            taken |= used[unit]
        mask = all_values & ~taken
        candidates[cell] = mask
        count = mask.bit_count()
        if count < best_count:
            best_pos, best_mask, best_count = pos, mask, count
            if count <= 1:
                break
    if best_count > 1:
        # A value with one place left in a unit is forced there: a one-child node, which
        # keeps every solution and saves the search from guessing elsewhere first.
        forced = _hidden_single(units, candidates)
        if forced:
            return empty.index(forced[0]), forced[1]
    return best_pos, best_mask


def _advance(stack: list[list[int]], empty: list[int], units_of: list[list[int]],
             used: list[int], descending: bool) -> bool:
    """Place the next untried value at the deepest cell that has one, retreating (its
    cell back in `empty`) from those that have none; False once the stack is empty."""
    while stack:
        frame = stack[-1]
        pos, cell, untried, placed = frame
        if placed:
            for unit in units_of[cell]:
                used[unit] ^= placed
        if untried:
            bit = (1 << (untried.bit_length() - 1)) if descending else untried & -untried
            frame[2], frame[3] = untried ^ bit, bit
            for unit in units_of[cell]:
                used[unit] |= bit
            return True
        empty.insert(pos, cell)
        stack.pop()
    return False


def _filled(givens: tuple[int, ...], stack: list[list[int]]) -> tuple[int, ...]:
    """The givens plus the value placed by every frame of the search stack."""
    values = list(givens)
    for _, cell, _, placed in stack:
        values[cell] = placed.bit_length()
    return tuple(values)


def two_way_verdict(grid: Grid, max_nodes: int | None = None) -> str:
    """'unique', 'multiple', 'none', or 'unknown' when either run needs more than max_nodes
    nodes (the budget applies to each of the two runs separately)."""
    try:
        ascending = first_solution(grid, descending=False, max_nodes=max_nodes)
        if ascending is None:
            return NONE
        descending = first_solution(grid, descending=True, max_nodes=max_nodes)
    except BudgetExceeded:
        return UNKNOWN
    # Both runs walk the same tree, so the second cannot miss what the first found.
    if descending is None:
        raise AssertionError("descending search found no solution where ascending did")
    return UNIQUE if ascending == descending else MULTIPLE
