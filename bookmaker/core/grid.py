"""Grid values and their one-line text form: parse and format round-trip exactly.

A line holds the cells row by row. Symbols are 1-9 then A-P (16x16 uses 1-9 and A-G);
blank is '.' (a '0' is accepted too). Whitespace or comma separated integers, 0 for
blank, are also read. The size follows from the number of cells unless a shape is given.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from .shape import MAX_SIZE, Shape, shape_for_size

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
BLANK = "."
_SEPARATED = re.compile(r"[\s,]")
_VALUE_OF = {ch: i + 1 for i, ch in enumerate(SYMBOLS)} | {
    ch.lower(): i + 1 for i, ch in enumerate(SYMBOLS) if ch.isalpha()}


class GridError(ValueError):
    """A line that is not a valid grid; the message says what is wrong, quoting it."""


@dataclass(frozen=True)
class Grid:
    """A board: cells[i] is 0 for blank or a value 1..n."""

    shape: Shape
    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.cells) != self.shape.cell_count:
            raise ValueError(f"a {self.shape} grid has {self.shape.cell_count} cells, "
                             f"got {len(self.cells)}")

    @property
    def clue_count(self) -> int:
        return sum(1 for v in self.cells if v)

    @property
    def is_complete(self) -> bool:
        return all(self.cells)

    def __str__(self) -> str:
        return format_grid(self)


def format_grid(grid: Grid) -> str:
    """The canonical one-line text of a grid."""
    return "".join(SYMBOLS[v - 1] if v else BLANK for v in grid.cells)


def parse_grid(text: str, shape: Shape | None = None) -> Grid:
    """Read one line as a Grid; GridError names what is wrong (length, symbol, conflict)."""
    line = text.strip()
    if not line:
        raise GridError("empty line")
    if _SEPARATED.search(line):
        values = _read_integers(line)
    else:
        values = _read_symbols(line, shape)
    shape = shape or _infer_shape(len(values))
    if len(values) != shape.cell_count:
        raise GridError(f"wrong length: {len(values)} cells, a {shape} grid has {shape.cell_count}")
    _check_range(values, shape)
    grid = Grid(shape, tuple(values))
    problems = conflicts(grid)
    if problems:
        raise GridError(problems[0])
    return grid


def _read_integers(line: str) -> list[int]:
    tokens = [t for t in re.split(r"[\s,]+", line) if t]
    values = []
    for i, token in enumerate(tokens):
        # ASCII digits only, and short: int() refuses '²' and very long numbers.
        if not (token.isascii() and token.isdigit() and len(token) <= 3):
            shown = token if len(token) <= 10 else token[:10] + "..."
            raise GridError(f"bad number {shown!r} at cell {i + 1}; expected integers "
                            f"0 (blank) to {MAX_SIZE}")
        values.append(int(token))
    return values


def _read_symbols(line: str, shape: Shape | None) -> list[int]:
    size = shape.size if shape else _size_for_length(len(line))
    values = []
    for i, ch in enumerate(line):
        if ch in ".0":
            values.append(0)
            continue
        value = _VALUE_OF.get(ch, 0)
        if not 1 <= value <= size:
            raise GridError(f"bad symbol {line[i]!r} at position {i + 1}; a {size}x{size} grid "
                            f"uses {_symbol_range(size)}, and '.' or '0' for blank")
        values.append(value)
    return values


def _size_for_length(length: int) -> int:
    size = math.isqrt(length)
    if size * size != length or not 4 <= size <= MAX_SIZE:
        raise GridError(f"wrong length: {length} cells is not a square grid from 4x4 to "
                        f"{MAX_SIZE}x{MAX_SIZE} (9x9 needs 81)")
    return size


def _infer_shape(length: int) -> Shape:
    size = _size_for_length(length)
    try:
        return shape_for_size(size)
    except ValueError as err:
        raise GridError(f"wrong length: {length} cells would be {size}x{size}, but {err}") from None


def _check_range(values: list[int], shape: Shape) -> None:
    for i, v in enumerate(values):
        if v > shape.size:
            raise GridError(f"bad value {v} at {shape.cell_name(i)}; a {shape} grid holds "
                            f"1-{shape.size}, 0 for blank")


def _symbol_range(size: int) -> str:
    if size <= 9:
        return f"1-{size}"
    return f"1-9 and A-{SYMBOLS[size - 1]}"


def conflicts(grid: Grid) -> list[str]:
    """Every clue clash: a value given twice in one row, column or box."""
    problems = []
    shape = grid.shape
    for unit in shape.units:
        first_seen: dict[int, int] = {}
        for cell in unit.cells:
            value = grid.cells[cell]
            if not value:
                continue
            if value in first_seen:
                problems.append(
                    f"clue conflict: {SYMBOLS[value - 1]} appears twice in {unit} "
                    f"({shape.cell_name(first_seen[value])} and {shape.cell_name(cell)})")
            else:
                first_seen[value] = cell
    return problems


def is_solution_of(solution: Grid, puzzle: Grid) -> bool:
    """True if solution is a complete valid grid that keeps every clue of puzzle."""
    if solution.shape != puzzle.shape or not solution.is_complete:
        return False
    if any(p and p != s for p, s in zip(puzzle.cells, solution.cells)):
        return False
    return not conflicts(solution)
