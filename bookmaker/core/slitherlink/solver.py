"""The first proof of a Slitherlink: its edges decided by the rules a person starts with,
then search, counting loops up to a limit.

Each edge is UNKNOWN, LINE (on the loop) or CROSS (off it). Settling a list of decisions
applies each and what it forces until nothing more is forced, or reports a clash:
- a clue's cell: as many lines as its clue, once enough are lines the rest are crosses,
  once too few are left open the open ones are lines;
- a dot: none or two lines; two lines cross the rest, one line and one open edge make that
  edge a line, no line and one open edge cross it;
- the loop: the ends of each path are kept, so that a line joining a path's two ends
  closes the one loop, allowed only with no other line on the board (every other edge is
  then a cross); and (`loops`) an open edge that would close a path early is crossed.
The search (search.py) then tries an edge at a path's end (or beside the largest clue) as
a line, then as a cross; a board with every edge decided and its loop closed is a
solution.
"""

from __future__ import annotations

from collections.abc import Iterable

from .. import compiled
from .frame import Frame, inside_of

UNKNOWN, LINE, CROSS = 0, 1, 2
NO_CLUE = -1
INTERIOR = -2  # a dot with two lines: no end of a path


class Board:
    """Edges being decided, and the paths their lines make so far."""

    __slots__ = ("frame", "clues", "edges", "partner", "length", "lines", "closed")

    def __init__(self, frame: Frame, clues: tuple[int, ...]) -> None:
        self.frame, self.clues = frame, clues
        self.edges = bytearray(frame.edges)
        self.partner = [-1] * frame.dots  # a path's end: its other end; -1 no line
        self.length = [0] * frame.dots    # a path's end: the path's edges
        self.lines = 0
        self.closed = False

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.frame, other.clues = self.frame, self.clues
        other.edges = self.edges[:]
        other.partner, other.length = self.partner[:], self.length[:]
        other.lines, other.closed = self.lines, self.closed
        return other

    @property
    def solved(self) -> bool:
        return self.closed and UNKNOWN not in self.edges

    def line_set(self) -> frozenset[int]:
        return frozenset(e for e, v in enumerate(self.edges) if v == LINE)

    def cells(self) -> tuple[int, ...]:
        """The solution's cells: 2 inside the loop, 1 outside."""
        return tuple(2 if inside else 1 for inside in inside_of(self.frame, self.line_set()))


def clues_of(cells: Iterable[int]) -> tuple[int, ...]:
    """A givens Grid's cells (clue + 1, 0 none) as clues (NO_CLUE for none)."""
    return tuple(v - 1 if v else NO_CLUE for v in cells)


def settle(board: Board, decisions: list[tuple[int, int]], loops: bool = True,
           cascade: bool = True) -> bool:
    """Apply the decisions and (`cascade`) all they force; False on a clash (the board is
    then spoiled). Without cascade the decisions alone are made, each checked. In C where
    the compiled core has it (csrc/slithersettle.c: the same decisions in the same order)."""
    fast = compiled.slitherlink_settler()
    if fast is not None:
        settled, board.lines, board.closed = fast(
            board.frame.height, board.frame.width, board.clues, board.edges, board.partner,
            board.length, board.lines, board.closed, decisions, loops, cascade)
        return settled
    pending = list(decisions)
    while pending:
        edge, value = pending.pop()
        queue = pending if cascade else []  # what the decision forces, or nowhere
        if not _decide(board, edge, value, queue, loops):
            return False
    return True


def _decide(board: Board, edge: int, value: int, queue: list, loops: bool) -> bool:
    """Set the edge to value (nothing to do if it is already), the paths joined for a
    line, and what that forces queued; False if the edge was the other way or a rule of
    its cells, dots or loop breaks."""
    now = board.edges[edge]
    if now == value:
        return True
    if now:
        return False
    board.edges[edge] = value
    if value == LINE:
        board.lines += 1
        if not _join(board, edge, queue, loops):
            return False
    return _edge_rules(board, edge, queue)


def _edge_rules(board: Board, edge: int, queue: list) -> bool:
    """The rules of the clued cells and the dots beside a newly decided edge: False if
    one breaks, what they force queued."""
    frame, clues, edges = board.frame, board.clues, board.edges
    for cell in frame.edge_cells[edge]:
        if cell >= 0 and clues[cell] >= 0 and \
                not _cell_rule(edges, frame.cell_edges[cell], clues[cell], queue):
            return False
    return all(_dot_rule(edges, frame.dot_edges[dot], queue) for dot in frame.edge_dots[edge])


def tally(edges: bytearray, group) -> tuple[int, list[int]]:
    """The lines among a group of edges (a cell's sides, a dot's edges), and the open ones
    in order (a loop rather than sum and a list made apart: this runs in every settle)."""
    lines, open_ = 0, []
    for e in group:
        value = edges[e]
        if value == LINE:
            lines += 1
        elif not value:
            open_.append(e)
    return lines, open_


def _cell_rule(edges: bytearray, sides, clue: int, queue: list) -> bool:
    lines, open_ = tally(edges, sides)
    if lines > clue or lines + len(open_) < clue:
        return False
    if open_ and lines == clue:
        queue.extend((e, CROSS) for e in open_)
    elif open_ and lines + len(open_) == clue:
        queue.extend((e, LINE) for e in open_)
    return True


def _dot_rule(edges: bytearray, around, queue: list) -> bool:
    lines, open_ = tally(edges, around)
    if lines > 2 or (lines == 1 and not open_):
        return False
    if lines == 2:
        queue.extend((e, CROSS) for e in open_)
    elif len(open_) == 1:
        queue.append((open_[0], LINE if lines else CROSS))
    return True


def _join(board: Board, edge: int, queue: list, loops: bool) -> bool:
    """Join the paths at the new line's two dots; close the loop if they are one path's
    ends (then no other line may exist, and every open edge is crossed)."""
    a, b = board.frame.edge_dots[edge]
    partner, length = board.partner, board.length
    end_a = partner[a] if partner[a] >= 0 else a
    end_b = partner[b] if partner[b] >= 0 else b
    if end_a == b:
        if board.lines != length[a] + 1:
            return False
        board.closed = True
        partner[a] = partner[b] = INTERIOR
        queue.extend((e, CROSS) for e, v in enumerate(board.edges) if not v)
        return True
    joined = (length[a] if partner[a] >= 0 else 0) + (length[b] if partner[b] >= 0 else 0) + 1
    for dot in (a, b):
        if partner[dot] >= 0:
            partner[dot] = INTERIOR
    partner[end_a], partner[end_b] = end_b, end_a
    length[end_a] = length[end_b] = joined
    if loops:
        early = edge_between(board.frame, end_a, end_b)
        if early is not None and not board.edges[early] and board.lines != joined:
            queue.append((early, CROSS))
    return True


def edge_between(frame: Frame, a: int, b: int) -> int | None:
    """The edge joining two dots, None if they are not neighbours."""
    return _edge_index(frame).get((min(a, b), max(a, b)))


_INDEXES: dict[Frame, dict[tuple[int, int], int]] = {}


def _edge_index(frame: Frame) -> dict[tuple[int, int], int]:
    index = _INDEXES.get(frame)
    if index is None:
        index = _INDEXES[frame] = {dots: e for e, dots in enumerate(frame.edge_dots)}
    return index


def branch_edge(board: Board) -> int:
    """An open edge at a path's end (the end with fewest open edges), else beside the
    largest clue, else the first open edge."""
    frame, edges = board.frame, board.edges
    best, fewest = -1, 9
    for dot, other in enumerate(board.partner):
        if other >= 0:
            open_ = [e for e in frame.dot_edges[dot] if not edges[e]]
            if open_ and len(open_) < fewest:
                best, fewest = open_[0], len(open_)
    if best >= 0:
        return best
    clued = [(clue, cell) for cell, clue in enumerate(board.clues)
             if any(not edges[e] for e in frame.cell_edges[cell])]
    if clued:
        _, cell = max(clued, key=lambda pair: (pair[0], -pair[1]))
        return next(e for e in frame.cell_edges[cell] if not edges[e])
    return edges.index(UNKNOWN)
