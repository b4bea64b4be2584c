"""Dancing Links (Knuth's Algorithm X) on the exact-cover matrix of a board: the second opinion.

Written apart from search.py and from Shape's derived tables (peers, masks) on purpose, so
that one bug cannot hide in both: the matrix is built here from the board's list of units
alone, whatever they are (rows, columns, boxes, diagonals, windows, regions, the units of
five overlapping grids).

Glossary: a *candidate* is (cell, value), one matrix row with one node in the column
"cell filled" and one in the column "unit has value" of each unit holding the cell (four
nodes on a classic board). Node 0 is the root, nodes 1..columns are the column headers
(cells first, then per unit one column per value), then each candidate's nodes in a row.
Links are plain int lists (left, right, up, down) indexed by node, as in Knuth's paper.

The search runs on compiled.exact_cover's object: in C (csrc/exactcover.c) when the
compiled core runs, a generic exact cover over this matrix's rows with the same branching
rule, so the same solutions and node counts (it shares nothing with the compiled solver
either); else PureExactCover, the reference here.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache

from .. import compiled
from ..board.grid import Grid
from ..board.shape import BOARDS_KEPT, Shape

_ROOT = 0


@dataclass(frozen=True)
class DlxResult:
    """What one exact-cover search found, and whether it got to decide."""

    count: int  # solutions found, capped at the limit asked for
    solutions: tuple[tuple[int, ...], ...]  # up to `limit` full solutions, values 1..n by cell
    complete: bool  # False if max_nodes ran out before the search could decide
    nodes: int  # search nodes visited


@dataclass(frozen=True)
class _Matrix:
    """The untouched links of one board's matrix; each search copies them into fresh lists."""

    size: int
    cell_count: int
    left: tuple[int, ...]
    right: tuple[int, ...]
    up: tuple[int, ...]
    down: tuple[int, ...]
    column: tuple[int, ...]  # the header of each node (a header's own column is itself)
    column_size: tuple[int, ...]  # rows in each column; index 0 (root) unused
    row_start: tuple[int, ...]  # first node of candidate k = cell * n + value - 1, and the end
    peer_headers: tuple[tuple[int, ...], ...]  # per cell column: its peers' cell columns


def dlx_solve(grid: Grid, limit: int = 2, max_nodes: int | None = None) -> DlxResult:
    """Up to `limit` solutions of grid by exact cover; stops early when max_nodes runs out."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    # The compiled search takes the rows and peers as tables: the linked matrix is the
    # pure search's alone (building it cost a one-puzzle command ~10 ms).
    cover = compiled.exact_cover(grid.shape, lambda: _exact_cover_tables(grid.shape),
                                 lambda: PureExactCover(_matrix(grid.shape)))
    n, given_rows = grid.shape.size, []
    for cell, value in enumerate(grid.cells):
        if value:
            if not 1 <= value <= n:
                raise ValueError(f"cell {cell} holds {value}, outside 1..{n}")
            given_rows.append(cell * n + value - 1)
    found = cover.solve(given_rows, limit, max_nodes)
    if found is None:  # two givens clash
        return DlxResult(0, (), True, 0)
    chosen_rows, complete, nodes = found
    solutions = tuple(_decode_candidates(n, grid.cells, rows) for rows in chosen_rows)
    return DlxResult(len(solutions), solutions, complete, nodes)


class PureExactCover:
    """The exact-cover search over one matrix in Python, answering solve() as the
    compiled ExactCover does: the reference."""

    def __init__(self, matrix: _Matrix) -> None:
        self.matrix = matrix

    def solve(self, given_rows, limit: int, max_nodes: int | None):
        """(each solution's chosen rows, whether the search decided, nodes) with the given
        rows chosen first; None if two of them share a column."""
        links = _Links(self.matrix)
        if not links.place_rows(given_rows):
            return None
        chosen_rows, complete, nodes = _search(links, limit, max_nodes)
        rows = tuple(tuple(_row_index(self.matrix, node) for node in chosen)
                     for chosen in chosen_rows)
        return rows, complete, nodes


def exact_covers(matrix: _Matrix, limit: int,
                 max_nodes: int | None) -> tuple[tuple[tuple[int, ...], ...], bool, int]:
    """Up to `limit` exact covers of a cover_matrix(), each as the indices of its rows in
    ascending order; whether the search decided; the nodes visited."""
    chosen_rows, complete, nodes = _search(_Links(matrix), limit, max_nodes)
    covers = tuple(tuple(sorted(_row_index(matrix, node) for node in rows))
                   for rows in chosen_rows)
    return covers, complete, nodes


def _exact_cover_tables(shape: Shape) -> tuple[int, list[list[int]], list[list[int]]]:
    """The board's matrix as the compiled search takes it: the column count, each
    candidate's columns (0-based, in node order), and each cell column's peer columns:
    the columns and peers of _matrix(shape), less one (its header 0 is the root)."""
    holding = _units_holding(shape)
    rows = [[header - 1 for header in headers] for headers in _candidate_rows(shape, holding)]
    peers = [[header - 1 for header in cell_peers]
             for cell_peers in _peer_headers(shape, holding)[1:]]
    return shape.cell_count + shape.size * len(shape.units), rows, peers


def _units_holding(shape: Shape) -> list[list[int]]:
    """For each cell, the indices of the units that hold it, from the units' cell lists."""
    holding: list[list[int]] = [[] for _ in range(shape.cell_count)]
    for u, unit in enumerate(shape.units):
        for cell in unit.cells:
            holding[cell].append(u)
    return holding


@lru_cache(maxsize=BOARDS_KEPT)
def _matrix(shape: Shape) -> _Matrix:
    """Build the full candidate matrix once per board; candidate k = cell * n + value - 1."""
    n, cells = shape.size, shape.cell_count
    holding = _units_holding(shape)
    return cover_matrix(n, cells, cells + n * len(shape.units), _candidate_rows(shape, holding),
                        _peer_headers(shape, holding))


def _candidate_rows(shape: Shape, holding: list[list[int]]) -> list[list[int]]:
    """Each candidate's headers, candidate k = cell * n + value - 1: its cell's column,
    then its value's column in each unit holding the cell."""
    n, cells = shape.size, shape.cell_count
    return [[1 + cell] + [1 + cells + u * n + digit for u in holding[cell]]
            for cell in range(cells) for digit in range(n)]


def cover_matrix(size: int, cell_count: int, header_count: int, rows,
                 peer_headers: tuple[tuple[int, ...], ...]) -> _Matrix:
    """The links of an exact-cover matrix whose headers 1..header_count are columns (the
    first cell_count of them one per cell: peer_headers are theirs) and whose rows, none
    empty, list their headers. (dlx_solve's rows are the candidates, row k = cell * size +
    value - 1.)"""
    total = header_count + 1 + sum(len(headers) for headers in rows)
    # Headers form the circular root list; every header starts as an empty vertical loop.
    left = [i - 1 for i in range(total)]
    right = [i + 1 for i in range(total)]
    left[_ROOT], right[header_count] = header_count, _ROOT
    up, down = list(range(total)), list(range(total))
    column = list(range(total))
    column_size = [0] * (header_count + 1)
    row_start, node = [], header_count + 1
    for headers in rows:
        row_start.append(node)
        for offset, header in enumerate(headers):
            _append_to_column(up, down, header, node + offset)
            column[node + offset] = header
            column_size[header] += 1
        # The row's nodes are a circular left-right list of their own.
        left[node], right[node + len(headers) - 1] = node + len(headers) - 1, node
        node += len(headers)
    row_start.append(node)
    return _Matrix(size, cell_count, tuple(left), tuple(right), tuple(up), tuple(down),
                   tuple(column), tuple(column_size), tuple(row_start), peer_headers)


def _peer_headers(shape: Shape, holding: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    """For each cell column header (index 0 is the root), the cell columns of its peers:
    the other cells of the units holding it."""
    peers: list[tuple[int, ...]] = [()]
    for cell in range(shape.cell_count):
        others = {other for u in holding[cell] for other in shape.units[u].cells} - {cell}
        peers.append(tuple(1 + other for other in sorted(others)))
    return tuple(peers)


def _append_to_column(up: list[int], down: list[int], header: int, node: int) -> None:
    bottom = up[header]
    up[node], down[node] = bottom, header
    down[bottom] = up[header] = node


class _Links:
    """Fresh mutable copies of one matrix's links, with Knuth's cover and uncover."""

    def __init__(self, matrix: _Matrix) -> None:
        self.matrix = matrix
        self.left, self.right = list(matrix.left), list(matrix.right)
        self.up, self.down = list(matrix.up), list(matrix.down)
        self.column = matrix.column  # never changes, so no copy is needed
        self.column_size = list(matrix.column_size)

    def cover(self, header: int) -> None:
        """Take a column out of the header list and its rows out of every other column."""
        left, right, up, down = self.left, self.right, self.up, self.down
        column, column_size = self.column, self.column_size
        left[right[header]], right[left[header]] = left[header], right[header]
        row = down[header]
        while row != header:
            node = right[row]
            while node != row:
                below, above = down[node], up[node]
                up[below] = above
                down[above] = below
                column_size[column[node]] -= 1
                node = right[node]
            row = down[row]

    def uncover(self, header: int) -> None:
        """Undo cover(header) exactly, walking in the reverse order."""
        left, right, up, down = self.left, self.right, self.up, self.down
        column, column_size = self.column, self.column_size
        row = up[header]
        while row != header:
            node = left[row]
            while node != row:
                column_size[column[node]] += 1
                up[down[node]] = down[up[node]] = node
                node = left[node]
            row = up[row]
        left[right[header]] = right[left[header]] = header

    def place_rows(self, rows) -> bool:
        """Select the given rows; False if two of them need the same column (a clash)."""
        covered = [False] * len(self.column_size)
        for row in rows:
            for node in range(self.matrix.row_start[row], self.matrix.row_start[row + 1]):
                header = self.column[node]
                if covered[header]:
                    return False
                covered[header] = True
                self.cover(header)
        return True


def _search(links: _Links, limit: int, max_nodes: int | None):
    """Algorithm X with an explicit stack (Knuth's steps X2-X8), so depth never meets the
    recursion limit. Kept as one loop because it is the hot path; returns the chosen rows of
    each solution, whether the search decided, and the nodes visited."""
    right, down, column, column_size = links.right, links.down, links.column, links.column_size
    chosen: list[int] = []  # the row node picked at each level
    solutions: list[tuple[int, ...]] = []
    nodes = 0
    while True:
        # X2: a new search node; visit a solution when every column is covered.
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            return solutions, False, nodes - 1
        if right[_ROOT] == _ROOT:
            solutions.append(tuple(chosen))
            if len(solutions) >= limit:
                return solutions, True, nodes
        else:
            header = _branch_column(links)
            if column_size[header]:
                # X3-X5: cover the column, then try its first row.
                links.cover(header)
                row = down[header]
                _cover_rest_of_row(links, row)
                chosen.append(row)
                continue
        # X6-X8: backtrack to the deepest level with an untried row left.
        while chosen:
            row = chosen.pop()
            _uncover_rest_of_row(links, row)
            header, row = column[row], down[row]
            if row != header:
                _cover_rest_of_row(links, row)
                chosen.append(row)
                break
            links.uncover(header)
        else:
            return solutions, True, nodes


def _branch_column(links: _Links) -> int:
    """Knuth's S heuristic: a column with the fewest rows (stopping early at 0 or 1). When
    several tie at two or more, prefer the cell column whose cell has the most open peers:
    taking simply the first had a heavy tail (133,000 nodes on a 16x16 puzzle that this
    rule settles in about 3,000)."""
    right, column_size = links.right, links.column_size
    first = right[_ROOT]
    best_size, ties = column_size[first], [first]
    header = right[first]
    while header != _ROOT and best_size > 1:
        size = column_size[header]
        if size < best_size:
            best_size, ties = size, [header]
        elif size == best_size:
            ties.append(header)
        header = right[header]
    if best_size <= 1:
        return ties[-1]
    return _most_connected_cell(links, ties)


def _most_connected_cell(links: _Links, ties: list[int]) -> int:
    """Among tied columns, the cell column with most still-open peer cells (else the first)."""
    right, left, cell_columns = links.right, links.left, links.matrix.cell_count
    peer_headers = links.matrix.peer_headers
    best, best_degree = ties[0], -1
    for header in ties:
        if header > cell_columns:
            break  # headers are in order: cell columns come first
        degree = sum(1 for peer in peer_headers[header] if right[left[peer]] == peer)
        if degree > best_degree:
            best, best_degree = header, degree
    return best


def _cover_rest_of_row(links: _Links, row: int) -> None:
    right, column = links.right, links.column
    node = right[row]
    while node != row:
        links.cover(column[node])
        node = right[node]


def _uncover_rest_of_row(links: _Links, row: int) -> None:
    left, column = links.left, links.column
    node = left[row]
    while node != row:
        links.uncover(column[node])
        node = left[node]


def _decode_candidates(n: int, givens: tuple[int, ...], candidates) -> tuple[int, ...]:
    """The full grid: the givens plus the (cell, value) of every chosen candidate."""
    values = list(givens)
    for candidate in candidates:
        cell, digit = divmod(candidate, n)
        values[cell] = digit + 1
    return tuple(values)


def _row_index(matrix: _Matrix, node: int) -> int:
    """The index of the row a node belongs to."""
    return bisect_right(matrix.row_start, node) - 1
