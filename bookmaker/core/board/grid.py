"""Grid values and their one-line text form: parse and format round-trip exactly.

A line holds the cells row by row. Symbols are 1-9 then A-P (16x16 uses 1-9 and A-G);
blank is '.' (a '0' is accepted too). Whitespace or comma separated integers, 0 for
blank, are also read. The size follows from the number of cells unless a shape is given.

Boards (the reader is told which geometry; a line alone cannot tell an X from a classic):
- X and Hyper: the same line; the variant adds units, not text.
- Jigsaw: the cells, one space, then the region of every cell as a letter (A, B, ...),
  row by row: `1.3..4.. AABBAABBCCDDCCDD`. Regions are numbered by first appearance,
  so any letters may be used; they are written back as A, B, ... in that order.
- Samurai: its five 9x9 grids one after the other, 81 symbols each, in the order
  top-left, top-right, centre, bottom-left, bottom-right (405 symbols). A cell shared by
  the centre grid and a corner grid is written in both, and the two must agree.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache
from itertools import compress

from .. import compiled
from ..words import with_article
from .shape import MAX_SIZE, REGION_LETTERS, Shape, board_of, jigsaw_of, latin_of, shape_for_size

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
BLANK = "."
_SEPARATED = re.compile(r"[\s,]")
NOT_A_SYMBOL = 255  # in a byte table of symbols' values
# The size of a square line of symbols, by its length.
_SIZE_OF_LENGTH = {size * size: size for size in range(4, MAX_SIZE + 1)}
_VALUE_OF = {ch: i + 1 for i, ch in enumerate(SYMBOLS)} | {
    ch.lower(): i + 1 for i, ch in enumerate(SYMBOLS) if ch.isalpha()}


class GridError(ValueError):
    """A line that is not a valid grid; the message says what is wrong, quoting it."""


@dataclass(frozen=True)
class Grid:
    """A board's values: cells[i] is 0 for blank or a value 1..n."""

    shape: Shape
    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.cells) != self.shape.cell_count:
            raise ValueError(f"{with_article(self.shape)} grid has {self.shape.cell_count} cells, "
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
    """The canonical one-line text of a grid (with a jigsaw's regions, a Samurai's five
    grids: see the module docstring)."""
    shape = grid.shape
    if shape.has_several_grids:
        return "".join(_symbols(grid.cells[c] for c in cells) for _, cells in shape.grids)
    text = _symbols(grid.cells)
    if shape.has_regions:
        text += " " + "".join(REGION_LETTERS[r] for r in shape.regions)
    return text


def _symbols(values) -> str:
    return "".join(SYMBOLS[v - 1] if v else BLANK for v in values)


def parse_grid(text: str, shape: Shape | None = None, geometry: str | None = None) -> Grid:
    """Read one line as a Grid; GridError names what is wrong (length, symbol, conflict).
    The board is `shape` if given (for a jigsaw only its size counts: the regions come
    from the line), else the size follows from the line; `geometry` (by default the
    shape's, else classic: core/board/shape.py's GEOMETRIES) says how to read it."""
    line = text.strip()
    geometry = geometry or (shape.geometry if shape else "classic")
    if not line:
        raise GridError("empty line")
    reader = _LINE_READERS.get(geometry)
    if reader is not None:
        return _checked(*reader(line, shape))
    values = _good_symbols(line, shape.size if shape else _SIZE_OF_LENGTH.get(len(line)))
    if values is not None:  # the usual line: its values are the board's by their symbols
        return _checked(values, shape or _line_board(len(values), geometry), in_range=True)
    if _looks_like_jigsaw(line):
        raise GridError("a grid and a region layout: read it as a jigsaw")
    values = _read_cells(line, shape)
    return _checked(values, shape or _line_board(len(values), geometry))


def _good_symbols(line: str, size: int | None) -> list[int] | None:
    """The values of the usual line, every character a symbol of a size x size grid, read
    at C speed (a byte table); None for any other line (or no size)."""
    if size is None or not line.isascii():
        return None
    values = line.encode().translate(_symbol_bytes(size))
    return None if NOT_A_SYMBOL in values else list(values)


@cache
def _symbol_bytes(size: int) -> bytes:
    """The value (0 for a blank) of each ASCII symbol a size x size line may hold, by its
    byte; NOT_A_SYMBOL for every other byte."""
    values = _symbol_values(size)
    return bytes(values.get(chr(byte), NOT_A_SYMBOL) for byte in range(256))


@cache
def _line_board(length: int, geometry: str) -> Shape:
    """The board a line of `length` cells is read on (GridError if there is none)."""
    return _with_geometry(_infer_shape(length), geometry)


def _read_cells(line: str, shape: Shape | None) -> list[int]:
    if _SEPARATED.search(line):
        return _read_integers(line)
    return _read_symbols(line, shape.size if shape else None)


def _with_geometry(shape: Shape, geometry: str) -> Shape:
    try:
        return board_of(shape.box_rows, shape.box_cols, geometry)
    except ValueError as err:
        raise GridError(f"{with_article(shape)} grid cannot be {geometry}: {err}") from None


def _checked(values: list[int], shape: Shape, in_range: bool = False) -> Grid:
    """The grid of the values on the board, once length, range (unless known in_range)
    and clashes are checked."""
    if len(values) != shape.cell_count:
        raise GridError(f"wrong length: {len(values)} cells, {with_article(shape)} grid has "
                        f"{shape.cell_count}")
    if not in_range:
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


def _read_symbols(line: str, size: int | None) -> list[int]:
    size = size or _size_for_length(len(line))
    try:  # the usual line, every symbol good: one table lookup a cell
        return list(map(_symbol_values(size).__getitem__, line))
    except KeyError:  # a bad symbol: found and named below
        pass
    values = []
    for i, ch in enumerate(line):
        if ch in ".0":
            values.append(0)
            continue
        value = _VALUE_OF.get(ch, 0)
        if not 1 <= value <= size:
            raise GridError(f"bad symbol {line[i]!r} at position {i + 1}; "
                            f"{with_article(f'{size}x{size}')} grid "
                            f"uses {_symbol_range(size)}, and '.' or '0' for blank")
        values.append(value)
    return values


@cache
def _symbol_values(size: int) -> dict[str, int]:
    """Every symbol a size x size line may hold, and its value (0 for a blank)."""
    return {".": 0, "0": 0} | {ch: value for ch, value in _VALUE_OF.items() if value <= size}


def _size_for_length(length: int) -> int:
    size = math.isqrt(length)
    if length == 5 * 81:
        raise GridError(f"wrong length: {length} cells is not a square grid; it is as long "
                        f"as a Samurai's five 9x9 grids: read it as a Samurai")
    if size * size != length or not 4 <= size <= MAX_SIZE:
        raise GridError(f"wrong length: {length} cells is not a square grid from 4x4 to "
                        f"{MAX_SIZE}x{MAX_SIZE} (9x9 needs 81)")
    return size


def latin_givens(cells: str, sizes: range, board: Shape | None = None) -> Grid:
    """Givens on a Latin square (a Futoshiki's, a Skyscrapers'): `board`'s size, else the
    one their count makes, which must be in `sizes`."""
    n = board.size if board is not None else square_size(cells, sizes)
    return parse_grid(cells, latin_of(n))


def square_size(cells: str, sizes: range) -> int:
    """The n of a line of n x n givens whose n must be in `sizes` (a Futoshiki's, a
    Skyscrapers'); GridError naming the sizes otherwise."""
    n = math.isqrt(len(cells))
    if n * n != len(cells) or n not in sizes:
        raise GridError(f"wrong length: {len(cells)} givens is not a square of "
                        f"{sizes[0]}x{sizes[0]} to {sizes[-1]}x{sizes[-1]} cells")
    return n


def line_parts(text: str, title: str, parts: tuple[str, ...]) -> list[str]:
    """The space-separated parts of a `title` puzzle's line, one for each of `parts` (two
    or three, as messages name them); GridError naming them otherwise."""
    found = text.split()
    if len(found) != len(parts):
        named = f"{', '.join(parts[:-1])} and {parts[-1]}"
        between = "a space" if len(parts) == 2 else "spaces"
        raise GridError(f"{with_article(title)} line has {_COUNTED[len(parts)]} parts, {named}, "
                        f"separated by {between}; got {len(found)}")
    return found


_COUNTED = {2: "two", 3: "three"}


def _infer_shape(length: int) -> Shape:
    size = _size_for_length(length)
    try:
        return shape_for_size(size)
    except ValueError as err:
        raise GridError(f"wrong length: {length} cells would be {size}x{size}, but {err}") from None


def _looks_like_jigsaw(line: str) -> bool:
    parts = line.split()
    return len(parts) == 2 and len(parts[0]) == len(parts[1]) and parts[1].isalpha()


def _read_jigsaw(line: str, shape: Shape | None) -> tuple[list[int], Shape]:
    """The cells and board of a jigsaw line: cells, a space, region letters."""
    parts = line.split()
    if len(parts) != 2:
        raise GridError("a jigsaw line is its cells, a space, then a region letter for "
                        "every cell (A, B, ...)")
    cells, letters = parts
    size = shape.size if shape else _size_for_length(len(cells))
    values = _read_symbols(cells, size)
    if len(letters) != len(values):
        raise GridError(f"regions: {len(letters)} letters for {len(values)} cells")
    return values, _jigsaw_board(letters.upper(), size)


def _jigsaw_board(letters: str, size: int) -> Shape:
    bad = next((ch for ch in letters if ch not in REGION_LETTERS[:size]), None)
    if bad is not None:
        raise GridError(f"regions: bad letter {bad!r}; {with_article(f'{size}x{size}')} jigsaw "
                        f"names its "
                        f"regions A-{REGION_LETTERS[size - 1]}")
    number: dict[str, int] = {}
    try:
        return jigsaw_of(number.setdefault(ch, len(number)) for ch in letters)
    except ValueError as err:
        raise GridError(f"regions: {err}") from None


def _read_samurai(line: str, shape: Shape | None = None) -> tuple[list[int], Shape]:
    """The cells of a Samurai line (five grids of 81), shared cells checked to agree."""
    shape = board_of(3, 3, "samurai")
    values = _read_cells(line, board_of(3, 3))
    if len(values) != 5 * 81:
        raise GridError(f"wrong length: {len(values)} cells, a Samurai line has {5 * 81} "
                        f"(five 9x9 grids of 81)")
    cells: list[int | None] = [None] * shape.cell_count
    for g, (name, grid_cells) in enumerate(shape.grids):
        for i, cell in enumerate(grid_cells):
            value = values[g * 81 + i]
            written = cells[cell]
            if written is not None and written != value:
                raise GridError(_disagreement(shape, cell, written, value, name, i))
            cells[cell] = value
    return [v or 0 for v in cells], shape


# Lines that are not one boxed grid's cells, by the geometry whose lines they are.
_LINE_READERS = {"jigsaw": _read_jigsaw, "samurai": _read_samurai}


def _disagreement(shape: Shape, cell: int, first: int, second: int, name: str,
                  index: int) -> str:
    earlier = next(n for n, cells in shape.grids if cell in cells)
    shown = [SYMBOLS[v - 1] if v else BLANK for v in (first, second)]
    return (f"shared cell {shape.cell_name(cell)} disagrees: {shown[0]!r} in the {earlier} "
            f"grid, {shown[1]!r} in the {name} grid (its r{index // 9 + 1}c{index % 9 + 1})")


def _check_range(values: list[int], shape: Shape) -> None:
    if not values or max(values) <= shape.size:  # the usual case, at C speed
        return
    for i, v in enumerate(values):
        if v > shape.size:
            raise GridError(f"bad value {v} at {shape.cell_name(i)}; "
                            f"{with_article(shape)} grid holds "
                            f"1-{shape.size}, 0 for blank")


def _symbol_range(size: int) -> str:
    if size <= 9:
        return f"1-{size}"
    return f"1-9 and A-{SYMBOLS[size - 1]}"


def conflicts(grid: Grid) -> list[str]:
    """Every clue clash: a value given twice in one row, column or box."""
    shape = grid.shape
    # The usual case, told quickly (in C on the compiled core); the clashes are named below.
    if not compiled.clash_finder(any_clash_in_python)(grid.cells, shape.units_of, len(shape.units)):
        return []
    problems = []
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


def any_clash_in_python(cells: tuple[int, ...], units_of: tuple[tuple[int, ...], ...],
                        unit_count: int) -> bool:
    """Whether a value is given twice in a unit (units_of[c]: cell c's units), each clue's
    bit against its units' masks: the reference of the compiled any_clash (csrc/clash.c)."""
    seen = [0] * unit_count
    for cell in compress(range(len(cells)), cells):  # the clues' cells, at C speed
        bit = 1 << cells[cell]
        for unit in units_of[cell]:
            if seen[unit] & bit:
                return True
            seen[unit] |= bit
    return False
