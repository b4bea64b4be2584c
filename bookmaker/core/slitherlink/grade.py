"""Grade a Slitherlink by the techniques a person uses, easiest first, restarting from the
easiest after each step; each step decides one edge, a line or a cross.

- ``beginner``: zero (a 0's four sides are crosses); clue count (a clue with as many lines
  as it says crosses its other sides; one with only as many sides open as it still needs
  draws them); dot (a dot has two lines or none); loop closed (once the loop is closed
  every other edge is a cross).
- ``easy``: corner (a 1 or a 3 at a dot whose two other edges are crosses or beyond the
  grid: its two sides there are crosses for a 1, lines for a 3); adjacent threes (two 3s
  side by side: the side between them and their two far sides are lines); diagonal threes
  (two 3s corner to corner: their far corners' sides are lines).
- ``medium``: no small loop (a path's two ends side by side: the edge between them would
  close it early while other lines are drawn, so it is a cross).
- ``hard``: colouring (cells inside or outside, each line between unlike cells and each
  cross between like ones: two cells found alike or unlike by a chain of edges decide the
  edge between them, and a clue's open sides are decided where every colouring of its
  neighbours that its count allows agrees).
- ``expert``: trial (an edge that, drawn or crossed, leads by the beginner rules and the
  loop to a clash is the other); if even this stalls, ``hardest`` is ``guessing``.

The techniques decide only what the rules force, so a puzzle within a ceiling's reach is
solved by them alone, which proves it has one solution.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial

from ..grade.candidates import Step
from ..grade.evidence import Reason
from ..grade.grader import Grading
from ..grade.laddered import laddered_grading
from .frame import OUTSIDE, Frame
from .solver import CROSS, LINE, Board, clues_of, edge_between, settle, tally

SLITHERLINK_GRADES = ("beginner", "easy", "medium", "hard", "expert")
WORDS = {LINE: "line", CROSS: "cross"}

Found = list[tuple[int, int, int]]  # (edge, LINE or CROSS, the cell it rests on or -1)
# The beginner techniques yield what they find one by one: a step takes only the first,
# and they run at every step of every grading (most of a grading's time, found in full).
Finding = Iterator[tuple[int, int, int]]


@dataclass(frozen=True)
class Technique:
    """A Slitherlink technique: its name, grade and weight, and the edges it decides."""

    name: str
    grade: str
    weight: float
    find: Callable[[Board], Iterable[tuple[int, int, int]]]


def zeros(board: Board) -> Finding:
    """A 0's open sides: crosses."""
    return ((e, CROSS, cell) for cell, clue in enumerate(board.clues) if clue == 0
            for e in board.frame.cell_edges[cell] if not board.edges[e])


def clue_count(board: Board) -> Finding:
    """A clue's open sides once its lines are all drawn (crosses), or once only as many
    are open as it still needs (lines)."""
    edges = board.edges
    for cell, clue in enumerate(board.clues):
        if clue > 0:
            lines, open_ = tally(edges, board.frame.cell_edges[cell])
            if open_ and lines == clue:
                yield from ((e, CROSS, cell) for e in open_)
            elif open_ and lines + len(open_) == clue:
                yield from ((e, LINE, cell) for e in open_)


def dots(board: Board) -> Finding:
    """At a dot with two lines, crosses; with one line and one open edge, a line; with no
    line and one open edge, a cross."""
    edges = board.edges
    for around in board.frame.dot_edges:
        lines, open_ = tally(edges, around)
        if lines == 2:
            yield from ((e, CROSS, -1) for e in open_)
        elif len(open_) == 1 and lines < 2:
            yield open_[0], LINE if lines else CROSS, -1


def loop_closed(board: Board) -> Found:
    """Once the loop is closed, every open edge: a cross."""
    return [(e, CROSS, -1) for e, v in enumerate(board.edges) if not v] if board.closed else []


def corners(board: Board) -> Found:
    """A 1 or a 3 at a dot whose other edges are all crosses (or beyond the grid)."""
    corner_edges, edges, found = board.frame.corner_edges, board.edges, []
    for cell, clue in enumerate(board.clues):
        if clue != 1 and clue != 3:
            continue
        for mine, others in corner_edges[cell]:  # the edges at each corner, kept per frame
            for e in others:  # a loop, not all(): this runs at every step from easy up
                if edges[e] != CROSS:
                    break
            else:
                value = LINE if clue == 3 else CROSS
                found += [(e, value, cell) for e in mine if not edges[e]]
    return found


def adjacent_threes(board: Board) -> Found:
    """Two 3s side by side: the side between them and their far sides are lines."""
    frame, clues, found = board.frame, board.clues, []
    h, w = frame.height, frame.width
    for r in range(h):
        for c in range(w):
            if clues[r * w + c] != 3:
                continue
            if c + 1 < w and clues[r * w + c + 1] == 3:
                found += [(frame.left(r, c + k), LINE, r * w + c) for k in range(3)]
            if r + 1 < h and clues[(r + 1) * w + c] == 3:
                found += [(frame.top(r + k, c), LINE, r * w + c) for k in range(3)]
    return [f for f in found if not board.edges[f[0]]]


def diagonal_threes(board: Board) -> Found:
    """Two 3s corner to corner: the two sides at each one's far corner are lines."""
    frame, clues, found = board.frame, board.clues, []
    h, w = frame.height, frame.width
    for r in range(h - 1):
        for c in range(w):
            if clues[r * w + c] != 3:
                continue
            if c + 1 < w and clues[(r + 1) * w + c + 1] == 3:
                found += [(e, LINE, r * w + c) for e in (
                    frame.top(r, c), frame.left(r, c), frame.top(r + 2, c + 1),
                    frame.left(r + 1, c + 2))]
            if c and clues[(r + 1) * w + c - 1] == 3:
                found += [(e, LINE, r * w + c) for e in (
                    frame.top(r, c), frame.left(r, c + 1), frame.top(r + 2, c - 1),
                    frame.left(r + 1, c - 1))]
    return [f for f in found if not board.edges[f[0]]]


def small_loops(board: Board) -> Found:
    """The open edge between a path's two ends, while other lines are drawn: a cross."""
    found = []
    for dot, other in enumerate(board.partner):
        if other > dot and board.lines != board.length[dot]:
            edge = edge_between(board.frame, dot, other)
            if edge is not None and not board.edges[edge]:
                found.append((edge, CROSS, -1))
    return found


def colouring(board: Board) -> Found:
    """Edges decided by cells found alike or unlike (inside or outside) through chains of
    decided edges, and clues' sides decided by every colouring their count allows."""
    frame, edges = board.frame, board.edges
    parent, flip = list(range(frame.cells + 1)), [0] * (frame.cells + 1)

    def root(node: int) -> tuple[int, int]:
        """The node's chain's root and whether it is coloured unlike it; the path walked
        is pointed at the root (the same roots, found without walking long chains again)."""
        path = []
        while parent[node] != node:
            path.append(node)
            node = parent[node]
        odd = 0
        for on in reversed(path):  # nearest the root first: each one's parity to the root
            odd ^= flip[on]
            parent[on], flip[on] = node, odd
        return node, odd
    for edge, (a, b) in enumerate(frame.edge_cells):
        if edges[edge]:
            (ra, pa), (rb, pb) = root(a), root(b)  # OUTSIDE (-1) is the last node
            if ra != rb:
                parent[ra], flip[ra] = rb, pa ^ pb ^ (edges[edge] == LINE)
    found = []
    for edge, (a, b) in enumerate(frame.edge_cells):
        if edges[edge]:
            continue
        (ra, pa), (rb, pb) = root(a), root(b)
        if ra == rb:
            found.append((edge, LINE if pa != pb else CROSS, -1))  # a chain, not a clue
    return found or _clue_colourings(board, root)


def _clue_colourings(board: Board, root) -> Found:
    """A clue's open sides on which every colouring of it and its neighbours (as their
    chains relate them) that gives it its count agrees."""
    frame, edges, found = board.frame, board.edges, []
    for cell, clue in enumerate(board.clues):
        if clue < 0:
            continue
        sides = frame.cell_edges[cell]
        open_ = [(e, frame.cell_neighbours[cell][i]) for i, e in enumerate(sides)
                 if not edges[e]]
        if len(open_) < 2:
            continue
        need = clue - sum(1 for e in sides if edges[e] == LINE)
        agreed = _agreed(root(cell), [root(other) for _, other in open_], need)
        found += [(e, value, cell) for (e, _), value in zip(open_, agreed) if value]
    return found


def _agreed(mine: tuple[int, int], theirs: list[tuple[int, int]], need: int) -> list[int]:
    """Each open side's edge where every colouring of the chains' roots that gives the
    clue `need` more lines agrees (LINE or CROSS), else 0. The clue's own root is held
    outside: a colouring and its opposite draw the same lines."""
    roots = {mine[0]} | {r for r, _ in theirs}
    bit = {r: 1 << i for i, r in enumerate(sorted(roots))}
    sides = [(bit[r], p ^ mine[1]) for r, p in theirs]
    held, seen = bit[mine[0]], [0] * len(theirs)  # seen: 1 a line, 2 a cross
    for colours in range(1 << len(roots)):
        if colours & held:
            continue
        lines = [(colours & b != 0) ^ p for b, p in sides]
        if sum(lines) == need:
            for i, line in enumerate(lines):
                seen[i] |= 1 if line else 2
    return [LINE if s == 1 else CROSS if s == 2 else 0 for s in seen]


def trial(board: Board, first: bool = True) -> Found:
    """The open edges that, drawn or crossed, lead by the beginner rules and the loop to a
    clash: the other (the first such edge alone, if `first`)."""
    found: Found = []
    for edge, value in enumerate(board.edges):
        if value:
            continue
        for guess in (LINE, CROSS):
            if not settle(board.copy(), [(edge, guess)]):
                found.append((edge, LINE + CROSS - guess, -1))
                if first:
                    return found
                break
    return found


LADDER = (
    Technique("zero", "beginner", 1.0, zeros),
    Technique("clue count", "beginner", 1.05, clue_count),
    Technique("dot", "beginner", 1.1, dots),
    Technique("loop closed", "beginner", 1.0, loop_closed),
    Technique("corner", "easy", 1.5, corners),
    Technique("adjacent threes", "easy", 1.6, adjacent_threes),
    Technique("diagonal threes", "easy", 1.6, diagonal_threes),
    Technique("no small loop", "medium", 2.0, small_loops),
    Technique("colouring", "hard", 3.0, colouring),
    Technique("trial", "expert", 5.0, trial),
)
BASIC = ("zero", "clue count", "dot", "loop closed")  # what settle's cascade decides


def _allowed(ceiling: str) -> list[Technique]:
    rank = SLITHERLINK_GRADES.index(ceiling)
    return [t for t in LADDER if SLITHERLINK_GRADES.index(t.grade) <= rank]


def within_reach(frame: Frame, cells, ceiling: str) -> bool:
    """Whether the techniques up to the ceiling's grade solve the givens."""
    board = Board(frame, clues_of(cells))
    return deduce(board, ceiling) and board.solved


def deduce(board: Board, ceiling: str) -> bool:
    """Decide on the board what the techniques up to the ceiling's grade decide; False on
    a clash (givens with no loop). The beginner ones (and from medium up the small loops)
    run as the solver's cascade, which decides what they decide: the same edges, reached
    faster."""
    loops = SLITHERLINK_GRADES.index(ceiling) >= SLITHERLINK_GRADES.index("medium")
    harder = [t.find if t.name != "trial" else partial(trial, first=False)
              for t in _allowed(ceiling) if t.name not in BASIC]
    start = [*zeros(board), *clue_count(board), *dots(board)]
    if not settle(board, [(e, v) for e, v, _ in start], loops):
        return False
    while not board.solved:
        found = next((found for find in harder if (found := find(board))), None)
        if not found:
            return True
        if not settle(board, [(e, v) for e, v, _ in found], loops):
            return False
    return True


def grade_slitherlink(frame: Frame, cells, ceiling: str = SLITHERLINK_GRADES[-1]) -> Grading:
    """The grading of the givens by the techniques up to the ceiling's grade."""
    allowed = _allowed(ceiling)
    board, steps = Board(frame, clues_of(cells)), []
    while not board.solved:
        step = _next_step(board, allowed)
        if step is None:
            break
        steps.append(step)
    return _grading(steps, not board.solved)


def _next_step(board: Board, allowed: list[Technique]) -> Step | None:
    """The easiest technique's first edge, decided on the board; None if all stall (or the
    board clashes, which a puzzle with a solution never does)."""
    for technique in allowed:
        first = next(iter(technique.find(board)), None)
        if first is not None:
            edge, value, cell = first
            if not settle(board, [(edge, value)], loops=False, cascade=False):
                return None
            clued = cell != OUTSIDE and board.clues[cell] >= 0
            because = (Reason("clue_in", label=str(board.clues[cell]), cells=(cell,)),) \
                if clued else ()
            return Step(technique.name, (), (),
                        f"{technique.name}: {board.frame.edge_name(edge)} {WORDS[value]}",
                        because=because, cells=(cell,) if clued else (),
                        edges=((*board.frame.edge_side(edge), WORDS[value]),))
    return None


_WEIGHTS = {t.name: (t.grade, t.weight) for t in LADDER}


def _grading(steps: list[Step], stalled: bool) -> Grading:
    """Grade, hardest technique and score of the steps taken (stalled: guessing)."""
    return laddered_grading(steps, stalled, _WEIGHTS, SLITHERLINK_GRADES)
