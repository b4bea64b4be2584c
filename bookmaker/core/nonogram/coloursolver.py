"""The colour Nonogram's line solver: the black-and-white solver's shape (solver.py) on
cells that are sets of values: the clue-only techniques, then line techniques cheapest
first, then contradictions (a value of a cell that makes the lines contradict is struck);
with search it counts solutions (proof one).

A step records the cells a technique settled (narrowed to one value); a technique that
only narrows cells is progress all the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from . import colourlines as lines
from .colourlines import BLANK
from .colourpuzzle import ColourClue, ColourNonogram
from .solver import propagate as line_propagate

Line = tuple[str, int]
Masks = list[list[int]]
LineTechnique = Callable[[ColourClue, list[int]], "lines.Found | None"]

CLUE_ONLY = (("simple boxes", lines.simple_boxes), ("simple spaces", lines.simple_spaces))
WITH_CELLS: tuple[tuple[str, LineTechnique], ...] = (
    ("overlaps", lines.overlaps), ("edge forcing", lines.edge_forcing))
CONTRADICTIONS = "contradictions"


class Contradiction(Exception):
    """The known cells fit no placement of some line's clue."""


@dataclass(frozen=True)
class Step:
    """One deduction: the technique, where (a line, or the probed cell), the cells settled
    (row, column, value: 0 blank, c a colour)."""

    technique: str
    where: tuple[str, int] | tuple[str, int, int]
    cells: tuple[tuple[int, int, int], ...]


def value_of(mask: int) -> int | None:
    """The one value a cell's set holds, or None while it holds more."""
    return mask.bit_length() - 1 if mask and mask & (mask - 1) == 0 else None


def _colours_of(clue: ColourClue) -> int:
    bits = BLANK
    for _, colour in clue:
        bits |= 1 << colour
    return bits


class ColourSolver:
    """A grid of open cells worked by line techniques and, if asked, by probing."""

    def __init__(self, puzzle: ColourNonogram, probing: bool = True) -> None:
        self.clues = {("row", i): clue for i, clue in enumerate(puzzle.rows)}
        self.clues.update((("column", j), clue) for j, clue in enumerate(puzzle.columns))
        self.height, self.width = puzzle.height, puzzle.width
        self.cells: Masks = [[_colours_of(row) & _colours_of(column)
                              for column in puzzle.columns] for row in puzzle.rows]
        self.probing = probing
        self.steps: list[Step] = []
        self.pending = {name: dict.fromkeys(self.clues) for name, _ in WITH_CELLS}
        for row, column, value in puzzle.givens:
            self.give(row, column, value)
        for name, technique in CLUE_ONLY:
            for line, clue in self.clues.items():
                self._record(name, line, technique(clue, self.line_cells(line)))

    @property
    def unknown(self) -> int:
        return sum(value_of(mask) is None for row in self.cells for mask in row)

    @property
    def solved(self) -> bool:
        return self.unknown == 0

    def line_cells(self, line: Line) -> list[int]:
        kind, index = line
        return list(self.cells[index]) if kind == "row" else [row[index] for row in self.cells]

    def give(self, row: int, column: int, value: int) -> None:
        """Print one more cell as a given (the maker's last resort)."""
        self._set_all([(row, column, 1 << value)])

    def run(self) -> bool:
        """Deduce until solved or stuck; whether solved."""
        while self._line_step() or (self.probing and self.probe_step()):
            pass
        return self.solved

    def _line_step(self) -> bool:
        for name, technique in WITH_CELLS:
            pending = self.pending[name]
            while pending:
                line = next(iter(pending))
                del pending[line]
                found = technique(self.clues[line], self.line_cells(line))
                if found is None or 0 in found.values():
                    raise Contradiction(line)
                if found:
                    self._record(name, line, found)
                    return True
        return False

    def _record(self, name: str, line: Line, found: dict[int, int]) -> None:
        if not found:
            return
        kind, index = line
        cells = [(index, i, mask) if kind == "row" else (i, index, mask)
                 for i, mask in found.items()]
        settled = tuple(sorted((r, c, value) for r, c, mask in cells
                               if (value := value_of(mask)) is not None))
        if settled:
            self.steps.append(Step(name, line, settled))
        self._set_all(cells)

    def _set_all(self, cells) -> None:
        for row, column, mask in cells:
            self.cells[row][column] = mask
            for pending in self.pending.values():
                pending[("row", row)] = pending[("column", column)] = None

    def probe_step(self) -> bool:
        """Contradictions: a value of a cell that makes the lines contradict is struck."""
        for row, column in self.unknown_cells():
            mask = self.cells[row][column]
            struck = [value for value in _values(mask) if not settles(self, row, column, value)]
            if struck:
                left = mask & ~sum(1 << value for value in struck)
                self._strike(row, column, left)
                return True
        return False

    def _strike(self, row: int, column: int, left: int) -> None:
        value = value_of(left)
        self.steps.append(Step(CONTRADICTIONS, ("cell", row, column),
                               ((row, column, value),) if value is not None else ()))
        self._set_all([(row, column, left)])

    def unknown_cells(self) -> Iterator[tuple[int, int]]:
        return ((r, c) for r in range(self.height) for c in range(self.width)
                if value_of(self.cells[r][c]) is None)

    def copy_cells(self) -> Masks:
        return [list(row) for row in self.cells]

    def unknown_after(self, row: int, column: int, value: int) -> int:
        """The cells left open were this one given value (the maker's trial of a given)."""
        cells = self.copy_cells()
        cells[row][column] = 1 << value
        propagate(self, cells, {("row", row): None, ("column", column): None})
        return sum(value_of(mask) is None for line in cells for mask in line)


def _values(mask: int) -> list[int]:
    return [value for value in range(mask.bit_length()) if mask >> value & 1]


def propagate(solver: ColourSolver, cells: Masks, dirty: dict) -> bool:
    """Edge forcing on dirty lines of cells until nothing moves; False on a contradiction
    (the black-and-white solver's loop, with the colour line's edge forcing)."""
    return line_propagate(solver, cells, dirty, lines.edge_forcing)


def settles(solver: ColourSolver, row: int, column: int, value: int) -> bool:
    """Whether the lines still fit with cell (row, column) set to value."""
    cells = solver.copy_cells()
    cells[row][column] = 1 << value
    return propagate(solver, cells, {("row", row): None, ("column", column): None})


def count_solutions(puzzle: ColourNonogram, limit: int = 2, found: list | None = None) -> int:
    """Solutions, up to limit: line logic, then a guess on the first open cell, and on
    (each solution's rows of values appended to found, if given)."""
    solver = ColourSolver(puzzle, probing=False)
    try:
        solver.run()
    except Contradiction:
        return 0
    return _count(solver, solver.copy_cells(), limit, [] if found is None else found)


def _count(solver: ColourSolver, cells: Masks, limit: int, solutions: list) -> int:
    open_cell = next(((r, c) for r, row in enumerate(cells) for c, mask in enumerate(row)
                      if value_of(mask) is None), None)
    if open_cell is None:
        solutions.append(tuple(tuple(value_of(mask) for mask in row) for row in cells))
        return 1
    found = 0
    row, column = open_cell
    for value in reversed(_values(cells[row][column])):
        guess = [list(line) for line in cells]
        guess[row][column] = 1 << value
        if propagate(solver, guess, {("row", row): None, ("column", column): None}):
            found += _count(solver, guess, limit - found, solutions)
            if found >= limit:
                break
    return found


def solve(puzzle: ColourNonogram, probing: bool = True) -> ColourSolver:
    """The line solver run to the end on puzzle (solved or stuck)."""
    solver = ColourSolver(puzzle, probing)
    solver.run()
    return solver
