"""A Slitherlink's lines and dots, numbered: what the solver, the count and the grader
walk.

Edges are numbered across first: the top side of cell (r, c) is edge r*width + c, for r
from 0 to height (row `height` is the bottom border); then down: the left side of (r, c)
is edge across + r*(width + 1) + c, for c from 0 to width. Dot (r, c) is r*(width+1) + c.
OUTSIDE (-1) stands for the cell beyond the grid on a border edge.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

OUTSIDE = -1


@dataclass(frozen=True)
class Frame:
    """The numbered cells, edges and dots of a height x width Slitherlink."""

    height: int
    width: int

    @property
    def cells(self) -> int:
        return self.height * self.width

    @property
    def across(self) -> int:
        """How many edges run across (the first numbers)."""
        return (self.height + 1) * self.width

    @property
    def edges(self) -> int:
        return self.across + self.height * (self.width + 1)

    @property
    def dots(self) -> int:
        return (self.height + 1) * (self.width + 1)

    def top(self, r: int, c: int) -> int:
        return r * self.width + c

    def left(self, r: int, c: int) -> int:
        return self.across + r * (self.width + 1) + c

    @cached_property
    def cell_edges(self) -> tuple[tuple[int, int, int, int], ...]:
        """Each cell's top, bottom, left and right edges."""
        return tuple((self.top(r, c), self.top(r + 1, c), self.left(r, c), self.left(r, c + 1))
                     for r in range(self.height) for c in range(self.width))

    @cached_property
    def edge_cells(self) -> tuple[tuple[int, int], ...]:
        """The two cells each edge parts (OUTSIDE beyond the border): above and below an
        edge across, left and right of one down."""
        h, w = self.height, self.width
        found = [(OUTSIDE, OUTSIDE)] * self.edges
        for r in range(h + 1):
            for c in range(w):
                found[self.top(r, c)] = (r * w - w + c if r else OUTSIDE,
                                         r * w + c if r < h else OUTSIDE)
        for r in range(h):
            for c in range(w + 1):
                found[self.left(r, c)] = (r * w + c - 1 if c else OUTSIDE,
                                          r * w + c if c < w else OUTSIDE)
        return tuple(found)

    @cached_property
    def edge_dots(self) -> tuple[tuple[int, int], ...]:
        """The two dots each edge joins."""
        w1 = self.width + 1
        found = [(r * w1 + c, r * w1 + c + 1) for r in range(self.height + 1)
                 for c in range(self.width)]
        found += [(r * w1 + c, r * w1 + w1 + c) for r in range(self.height) for c in range(w1)]
        return tuple(found)

    @cached_property
    def dot_edges(self) -> tuple[tuple[int, ...], ...]:
        """The two to four edges at each dot."""
        found: list[list[int]] = [[] for _ in range(self.dots)]
        for edge, (a, b) in enumerate(self.edge_dots):
            found[a].append(edge)
            found[b].append(edge)
        return tuple(tuple(edges) for edges in found)

    @cached_property
    def corner_edges(self) -> tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...]:
        """Each cell's four corner dots (top left, top right, bottom left, bottom right),
        each as (the cell's own two edges there, the dot's other edges)."""
        w1 = self.width + 1
        found = []
        for cell, sides in enumerate(self.cell_edges):
            r, c = divmod(cell, self.width)
            dots = (r * w1 + c, r * w1 + c + 1, (r + 1) * w1 + c, (r + 1) * w1 + c + 1)
            found.append(tuple((tuple(e for e in self.dot_edges[dot] if e in sides),
                                tuple(e for e in self.dot_edges[dot] if e not in sides))
                               for dot in dots))
        return tuple(found)

    @cached_property
    def cell_neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Across each of a cell's top, bottom, left and right edges, the cell there."""
        return tuple(tuple(next(x for x in self.edge_cells[e] if x != cell)
                           for e in self.cell_edges[cell]) for cell in range(self.cells))

    def edge_side(self, edge: int) -> tuple[int, str]:
        """An edge as a side of a cell, as people name it: (cell, 'top' or 'left'), or
        'bottom' or 'right' of a cell on the grid's last row or column."""
        if edge < self.across:
            r, c = divmod(edge, self.width)
            return ((r * self.width + c, "top") if r < self.height else
                    ((r - 1) * self.width + c, "bottom"))
        r, c = divmod(edge - self.across, self.width + 1)
        return ((r * self.width + c, "left") if c < self.width else
                (r * self.width + c - 1, "right"))

    def edge_name(self, edge: int) -> str:
        """'r2c3 top', 'r5c1 left', 'r8c4 bottom', ...: a side of a cell, for messages."""
        cell, side = self.edge_side(edge)
        return f"r{cell // self.width + 1}c{cell % self.width + 1} {side}"


@lru_cache(maxsize=64)
def frame_of(height: int, width: int) -> Frame:
    return Frame(height, width)


def edges_of(frame: Frame, inside: tuple[bool, ...] | list[bool]) -> tuple[int, ...]:
    """The loop of an inside/outside colouring: the edges between an inside cell and an
    outside one (or the border)."""
    def side(cell: int) -> bool:
        return cell != OUTSIDE and inside[cell]
    return tuple(e for e, (a, b) in enumerate(frame.edge_cells) if side(a) != side(b))


def inside_of(frame: Frame, lines: set[int] | frozenset[int]) -> tuple[bool, ...]:
    """The inside/outside colouring a loop's edges make: a cell is inside when an odd
    number of the loop's edges lie to its left along its row."""
    found = []
    for r in range(frame.height):
        inside = False
        for c in range(frame.width):
            inside ^= frame.left(r, c) in lines
            found.append(inside)
    return tuple(found)
