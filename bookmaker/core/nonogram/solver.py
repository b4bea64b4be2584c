"""The line solver: a person's techniques, cheapest first, line by line, then contradictions
(probing a cell); it records each step, and with search counts solutions (proof one).

Lines are named ("row", i) or ("column", j). A step settles cells by one technique on one
line, or (contradictions) one cell whose other value made the lines contradict.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from . import lines
from .clues import Clue
from .puzzle import Nonogram

Line = tuple[str, int]
LineTechnique = Callable[[Clue, list], "lines.Found | None"]

CLUE_ONLY = (("simple boxes", lines.simple_boxes), ("simple spaces", lines.simple_spaces))
WITH_CELLS: tuple[tuple[str, LineTechnique], ...] = (
    ("overlaps", lines.overlaps), ("edge forcing", lines.edge_forcing))
CONTRADICTIONS = "contradictions"
TECHNIQUES = tuple(name for name, _ in CLUE_ONLY + WITH_CELLS) + (CONTRADICTIONS,)


class Contradiction(Exception):
    """The known cells fit no placement of some line's clue."""


@dataclass(frozen=True)
class Step:
    """One deduction: the technique, where (a line, or the probed cell) and what it settled."""

    technique: str
    where: tuple[str, int] | tuple[str, int, int]
    cells: tuple[tuple[int, int, bool], ...]


class LineSolver:
    """A grid of unknown cells worked by line techniques and, if asked, by probing."""

    def __init__(self, puzzle: Nonogram, probing: bool = True,
                 with_cells: tuple[tuple[str, LineTechnique], ...] = WITH_CELLS) -> None:
        self.clues = {("row", i): clue for i, clue in enumerate(puzzle.rows)}
        self.clues.update((("column", j), clue) for j, clue in enumerate(puzzle.columns))
        self.height, self.width = puzzle.height, puzzle.width
        self.cells: list[list[bool | None]] = [[None] * self.width for _ in range(self.height)]
        self.probing = probing
        self.steps: list[Step] = []
        self.with_cells = with_cells  # the line techniques it uses beyond the clue alone
        self.pending = {name: dict.fromkeys(self.clues) for name, _ in with_cells}
        self._set_all(((r, c, shaded) for r, c, shaded in puzzle.givens))
        self._clue_only()

    @property
    def unknown(self) -> int:
        return sum(row.count(None) for row in self.cells)

    @property
    def solved(self) -> bool:
        return self.unknown == 0

    def line_cells(self, line: Line) -> list[bool | None]:
        kind, index = line
        if kind == "row":
            return list(self.cells[index])
        return [row[index] for row in self.cells]

    def give(self, row: int, column: int, shaded: bool) -> None:
        """Print one more cell as a given (the maker's last resort)."""
        self._set_all([(row, column, shaded)])

    def run(self) -> bool:
        """Deduce until solved or stuck; whether solved."""
        while self._line_step() or (self.probing and self.probe_step()):
            pass
        return self.solved

    def _clue_only(self) -> None:
        for name, technique in CLUE_ONLY:
            for line, clue in self.clues.items():
                self._record(name, line, technique(clue, self.line_cells(line)))

    def _line_step(self) -> bool:
        """One step by the cheapest line technique that settles anything."""
        for name, technique in self.with_cells:
            pending = self.pending[name]
            while pending:
                line = next(iter(pending))
                del pending[line]
                found = technique(self.clues[line], self.line_cells(line))
                if found is None:
                    raise Contradiction(line)
                if found:
                    self._record(name, line, found)
                    return True
        return False

    def _record(self, name: str, line: Line, found: dict[int, bool]) -> None:
        if not found:
            return
        kind, index = line
        cells = tuple(sorted((index, i, v) if kind == "row" else (i, index, v)
                             for i, v in found.items()))
        self.steps.append(Step(name, line, cells))
        self._set_all(cells)

    def _set_all(self, cells) -> None:
        for row, column, shaded in cells:
            self.cells[row][column] = shaded
            for pending in self.pending.values():
                pending[("row", row)] = pending[("column", column)] = None

    def probe_step(self) -> bool:
        """Contradictions: a cell whose one value makes the lines contradict has the other."""
        for row, column in self.unknown_cells():
            for shaded in (True, False):
                if not settles(self, row, column, shaded):
                    cell = ((row, column, not shaded),)
                    self.steps.append(Step(CONTRADICTIONS, ("cell", row, column), cell))
                    self._set_all(cell)
                    return True
        return False

    def unknown_cells(self) -> Iterator[tuple[int, int]]:
        return ((r, c) for r in range(self.height) for c in range(self.width)
                if self.cells[r][c] is None)

    def copy_cells(self) -> list[list[bool | None]]:
        return [list(row) for row in self.cells]

    def unknown_after(self, row: int, column: int, shaded: bool) -> int:
        """The cells left unknown were this one given (the maker's trial of a given)."""
        cells = self.copy_cells()
        cells[row][column] = shaded
        propagate(self, cells, {("row", row): None, ("column", column): None})
        return sum(line.count(None) for line in cells)


def propagate(solver, cells: list[list], dirty: dict,
              technique: Callable = lines.edge_forcing) -> bool:
    """Edge forcing (the technique given: a colour Nonogram's too) on dirty lines of cells
    until nothing moves; False on a contradiction."""
    while dirty:
        line = next(iter(dirty))
        del dirty[line]
        kind, index = line
        along = cells[index] if kind == "row" else [row[index] for row in cells]
        found = technique(solver.clues[line], along)
        if found is None:
            return False
        for i, value in found.items():
            row, column = (index, i) if kind == "row" else (i, index)
            cells[row][column] = value
            dirty[("column", column) if kind == "row" else ("row", row)] = None
    return True


def settles(solver: LineSolver, row: int, column: int, shaded: bool) -> bool:
    """Whether the lines still fit with cell (row, column) set to shaded."""
    cells = solver.copy_cells()
    cells[row][column] = shaded
    return propagate(solver, cells, {("row", row): None, ("column", column): None})


def solve(puzzle: Nonogram, probing: bool = True) -> LineSolver:
    """The line solver run to the end on puzzle (solved or stuck)."""
    solver = LineSolver(puzzle, probing)
    solver.run()
    return solver


def count_solutions(puzzle: Nonogram, limit: int = 2, found: list | None = None) -> int:
    """Solutions, up to limit: line logic, then a guess on the first unknown cell, and on
    (each solution's rows appended to found, if given)."""
    solver = LineSolver(puzzle, probing=False)
    try:
        solver.run()
    except Contradiction:
        return 0
    return _count(solver, solver.copy_cells(), limit, [] if found is None else found)


def _count(solver: LineSolver, cells: list[list[bool | None]], limit: int,
           solutions: list) -> int:
    unknown = next(((r, c) for r, row in enumerate(cells) for c, v in enumerate(row)
                    if v is None), None)
    if unknown is None:
        solutions.append(tuple(tuple(row) for row in cells))
        return 1
    found = 0
    row, column = unknown
    for shaded in (True, False):
        guess = [list(line) for line in cells]
        guess[row][column] = shaded
        if propagate(solver, guess, {("row", row): None, ("column", column): None}):
            found += _count(solver, guess, limit - found, solutions)
            if found >= limit:
                break
    return found
