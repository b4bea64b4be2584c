"""A grid being solved by hand (placed values and pencil marks), and a Step: one deduction.

Glossary: a *value* is 1..n as printed; a *digit* is its 0-based index d = value - 1. The
state keeps candidates twice, kept in step: `cell_digits[c]` (bit d: value d+1 still
possible in cell c) for techniques that look at cells, and `digit_cells[d]` (bit c: cell c
may still hold d+1; open cells only) for techniques that look at where a value can go.
A *Step* is what a person would write down: placements, eliminations and why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..bits import bits_of
from ..board.grid import SYMBOLS, Grid
from ..board.shape import Shape
from .evidence import Reason
from .tables import grader_tables


@dataclass(frozen=True)
class Step:
    """One deduction: cells set to values, (cell, value) candidates removed, and why.
    `length` is how long the reasoning is where that varies (forcing chains: rounds of
    singles to the contradiction), for scoring; 0 elsewhere. `because` is what makes it
    true as data (the units, cages, runs, signs or clues), `cells` the pattern's cells (a
    subset's, a wing's, a chain's): what a reader is pointed at, in any language. `edges`
    are what a Slitherlink's step decides instead of values."""

    technique: str
    placements: tuple[tuple[int, int], ...]
    eliminations: tuple[tuple[int, int], ...]
    explanation: str
    length: int = 0
    because: tuple[Reason, ...] = ()
    cells: tuple[int, ...] = ()
    edges: tuple[tuple[int, str, str], ...] = ()  # a loop's edges decided: (cell, its side
    #                                               'top'..'right', 'line' or 'cross')


def solving_path_of(steps: Sequence[Step]) -> list[tuple[str, int]]:
    """A solving path as a time estimate reads it (design/solvetime.py): each step's technique
    and the cells it places."""
    return [(step.technique, len(step.placements)) for step in steps]


State = TypeVar("State", bound="Candidates")


class Candidates:
    """A grid being solved by hand: placed values and pencil marks for the open cells."""

    __slots__ = ("shape", "values", "cell_digits", "digit_cells", "open_cells")

    def __init__(self, shape: Shape, values, cell_digits, digit_cells, open_cells: int):
        self.shape, self.values = shape, list(values)
        self.cell_digits, self.digit_cells = list(cell_digits), list(digit_cells)
        self.open_cells = open_cells

    @classmethod
    def from_grid(cls, grid: Grid) -> Candidates:
        """Full pencil marks: every value not already given in a peer (the givens placed
        in cell order, on the board's engine)."""
        tables = grader_tables(grid.shape)
        if tables is None:
            return cls(grid.shape, *Candidates.marks_in_python(grid.shape, grid.cells))
        values, cell_digits, digit_cells, open_cells, _ = tables.from_givens(grid.cells, None)
        return cls(grid.shape, list(values), list(cell_digits), digit_cells, open_cells)

    def compiled_twin(self, classic):
        """The table of techniques the compiled grader grades this state by: `classic`,
        the classic one (grade/twins.py), or None if it has none: a subclass's state
        (Calcudoku's, the Latin kinds') is graded in Python unless it says otherwise (a
        Killer's)."""
        return classic if type(self) is Candidates else None

    def settled_in_bulk(self, ladder) -> int | None:
        """grader.settle() done by the compiled core where it knows the state and the
        ladder's bulk techniques (a Latin kind's state: latin/grading.py): the rank of the
        hardest used; None where the Python settles (here, and on the pure core)."""
        return None

    def compiled_cages(self) -> tuple[object, int]:
        """What the compiled grader takes of the state's cages: their tables and the cells
        not yet settled by them; (None, 0) for a state without cages."""
        return None, 0

    @classmethod
    def marks_in_python(cls, shape: Shape, cells) -> tuple:
        """from_grid()'s (values, cell_digits, digit_cells, open_cells), in Python: the
        reference."""
        state = cls.blank(shape)
        state.place_givens(cells)
        return state.values, state.cell_digits, state.digit_cells, state.open_cells

    @classmethod
    def blank(cls: type[State], shape: Shape) -> State:
        """Nothing placed, every value a candidate of every cell."""
        return cls(shape, [0] * shape.cell_count, [(1 << shape.size) - 1] * shape.cell_count,
                   [shape.all_cells_mask] * shape.size, shape.all_cells_mask)

    @classmethod
    def from_marks(cls, shape: Shape, marks) -> Candidates:
        """A state from per cell either a set of candidate values (open) or an int (placed);
        builds hand-made positions for tests."""
        state = cls(shape, [0] * shape.cell_count, [0] * shape.cell_count,
                    [0] * shape.size, shape.all_cells_mask)
        for cell, mark in enumerate(marks):
            if isinstance(mark, int):
                state.values[cell] = mark
                state.open_cells &= ~(1 << cell)
                continue
            for value in mark:
                state.cell_digits[cell] |= 1 << (value - 1)
                state.digit_cells[value - 1] |= 1 << cell
        return state

    def copy(self) -> Candidates:
        return Candidates(self.shape, self.values, self.cell_digits, self.digit_cells,
                          self.open_cells)

    def place(self, cell: int, value: int) -> None:
        """Set a cell; the value leaves the pencil marks of every peer."""
        bit, d = 1 << cell, value - 1
        for other in bits_of(self.cell_digits[cell]):
            self.digit_cells[other] &= ~bit
        self.cell_digits[cell] = 0
        self.values[cell] = value
        self.open_cells &= ~bit
        for peer in bits_of(self.digit_cells[d] & self.shape.peer_masks[cell]):
            self.cell_digits[peer] &= ~(1 << d)
        self.digit_cells[d] &= ~self.shape.peer_masks[cell]

    def place_givens(self, cells) -> None:
        """place() every given (0 for blank), in cell order."""
        for cell, value in enumerate(cells):
            if value:
                self.place(cell, value)

    def eliminate(self, cell: int, value: int) -> None:
        self.cell_digits[cell] &= ~(1 << (value - 1))
        self.digit_cells[value - 1] &= ~(1 << cell)

    def apply(self, step: Step) -> None:
        for cell, value in step.placements:
            self.place(cell, value)
        for cell, value in step.eliminations:
            self.eliminate(cell, value)

    @property
    def solved(self) -> bool:
        return not self.open_cells


def cell_names(state: Candidates, cells) -> str:
    return ",".join(state.shape.cell_name(c) for c in cells)


def symbols_text(digit_mask: int) -> str:
    return "/".join(SYMBOLS[d] for d in bits_of(digit_mask))


def removing(state: Candidates, digit: int, cells_mask: int):
    """The eliminations of one digit from a set of cells."""
    return tuple((c, digit + 1) for c in bits_of(cells_mask & state.digit_cells[digit]))
