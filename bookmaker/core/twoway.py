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

Written apart from solver.py and dlx.py: used values are per-row, per-column and per-box
bit masks computed from coordinates and the box size, nothing shared with Shape's tables.
The search is iterative (an explicit stack) so 25x25 grids never meet the recursion limit.
"""

from __future__ import annotations

from .grid import Grid

UNIQUE, MULTIPLE, NONE, UNKNOWN = "unique", "multiple", "none", "unknown"


class BudgetExceeded(Exception):
    """The search visited max_nodes nodes without reaching a solution or exhausting the tree."""


def _units_of_cells(box_rows: int, box_cols: int) -> tuple[list[int], list[int], list[int]]:
    """Row, column and box number of every cell, from coordinates (a band holds box_rows boxes)."""
    n = box_rows * box_cols
    cells = range(n * n)
    rows = [cell // n for cell in cells]
    cols = [cell % n for cell in cells]
    boxes = [(cell // n // box_rows) * box_rows + cell % n // box_cols for cell in cells]
    return rows, cols, boxes


def first_solution(grid: Grid, descending: bool = False,
                   max_nodes: int | None = None) -> tuple[int, ...] | None:
    """The first solution in value order (ascending or descending), or None if there is none.
    Raises BudgetExceeded when more than max_nodes search nodes would be needed."""
    n = grid.shape.size
    unit_of = _units_of_cells(grid.shape.box_rows, grid.shape.box_cols)
    used = _used_values(grid.cells, n, unit_of)
    if used is None:
        return None
    return _search(grid.cells, n, unit_of, used, descending, max_nodes)


def _used_values(cells: tuple[int, ...], n: int, unit_of) -> tuple[list[int], ...] | None:
    """Bit masks (bit v-1 = value v) of the values each row, column and box holds; None if
    two givens clash."""
    used = ([0] * n, [0] * n, [0] * n)
    for cell, value in enumerate(cells):
        if not value:
            continue
        if not 1 <= value <= n:
            raise ValueError(f"cell {cell} holds {value}, outside 1..{n}")
        bit = 1 << (value - 1)
        for masks, units in zip(used, unit_of):
            if masks[units[cell]] & bit:
                return None
            masks[units[cell]] |= bit
    return used


def _unit_cells(unit_of) -> list[list[int]]:
    """The cells of every row, column and box, grouped from each cell's unit numbers."""
    groups: list[list[int]] = []
    for numbers in unit_of:
        kind = [[] for _ in range(max(numbers) + 1)]
        for cell, number in enumerate(numbers):
            kind[number].append(cell)
        groups.extend(kind)
    return groups


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


def _search(givens: tuple[int, ...], n: int, unit_of, used, descending: bool,
            max_nodes: int | None) -> tuple[int, ...] | None:
    """Depth-first search with an explicit stack of frames [position, cell, untried values,
    value placed]. Written as one loop with everything in locals because it is the hot path.

    `empty` always lists the empty cells in row-major order (a cell is popped when chosen
    and put back at the same position on retreat), so the cell chosen depends only on the
    values placed, never on the path taken: the two runs must walk the same tree."""
    row_of, col_of, box_of = unit_of
    row_used, col_used, box_used = used
    units = _unit_cells(unit_of)
    all_values = (1 << n) - 1
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
        # Branch on the first cell with at most one candidate, else the first with fewest.
        best_pos, best_mask, best_count = 0, 0, n + 1
        for pos, cell in enumerate(empty):
            mask = all_values & ~(row_used[row_of[cell]] | col_used[col_of[cell]]
                                  | box_used[box_of[cell]])
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
                best_pos, best_mask = empty.index(forced[0]), forced[1]
        cell = empty.pop(best_pos)
        candidates[cell] = 0
        stack.append([best_pos, cell, best_mask, 0])
        # Place the next untried value at the deepest cell that has one, retreating as needed.
        while stack:
            frame = stack[-1]
            pos, cell, untried, placed = frame
            row, col, box = row_of[cell], col_of[cell], box_of[cell]
            if placed:
                row_used[row] ^= placed
                col_used[col] ^= placed
                box_used[box] ^= placed
            if untried:
                bit = (1 << (untried.bit_length() - 1)) if descending else untried & -untried
                frame[2], frame[3] = untried ^ bit, bit
                row_used[row] |= bit
                col_used[col] |= bit
                box_used[box] |= bit
                break
            empty.insert(pos, cell)
            stack.pop()
        else:
            return None


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
