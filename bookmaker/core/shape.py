"""Board geometry for any rectangular box shape: cells, units, peers and symmetry orbits.

Glossary (after Norvig): a *cell* is an index 0..n*n-1 in row-major order; a *unit* is a
row, column or box (n cells that must hold every symbol once); a cell's *peers* are the
other cells sharing a unit with it. Everything here is built once per shape as plain
tables, so no solver or generator code ever mentions rows or boxes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

SYMMETRIES = ("none", "rotational", "mirror", "diagonal")
MAX_SIZE = 25  # the largest size the text format has symbols for


@dataclass(frozen=True)
class Unit:
    """One row, column or box: its kind, 0-based index and cells."""

    kind: str
    index: int
    cells: tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.kind} {self.index + 1}"


@dataclass(frozen=True)
class Shape:
    """A size-n board whose boxes are box_rows x box_cols (n = box_rows * box_cols)."""

    box_rows: int
    box_cols: int
    size: int = field(init=False, compare=False)
    cell_count: int = field(init=False, compare=False, repr=False)
    units: tuple[Unit, ...] = field(init=False, compare=False, repr=False)
    units_of: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    peers: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    unit_masks: tuple[int, ...] = field(init=False, compare=False, repr=False)
    peer_masks: tuple[int, ...] = field(init=False, compare=False, repr=False)
    cell_unit_masks: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    all_cells_mask: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.box_rows < 2 or self.box_cols < 2:
            raise ValueError(f"boxes must be at least 2x2, got {self.box_rows}x{self.box_cols}")
        if self.box_rows * self.box_cols > MAX_SIZE:
            raise ValueError(f"{self.box_rows}x{self.box_cols} boxes make a board larger than "
                             f"{MAX_SIZE}x{MAX_SIZE}")
        n = self.box_rows * self.box_cols
        units = _build_units(n, self.box_rows, self.box_cols)
        units_of = tuple(tuple(i for i, u in enumerate(units) if c in u.cells) for c in range(n * n))
        peers = tuple(
            tuple(sorted({p for i in units_of[c] for p in units[i].cells} - {c}))
            for c in range(n * n)
        )
        setter = object.__setattr__.__get__(self)
        setter("size", n)
        setter("cell_count", n * n)
        setter("units", units)
        setter("units_of", units_of)
        setter("peers", peers)
        setter("peer_masks", tuple(_mask(p) for p in peers))
        unit_masks = tuple(_mask(u.cells) for u in units)
        setter("unit_masks", unit_masks)
        setter("cell_unit_masks", tuple(tuple(unit_masks[i] for i in units_of[c])
                                        for c in range(n * n)))
        setter("all_cells_mask", (1 << (n * n)) - 1)

    def __reduce__(self):
        # Pickle as the two numbers; the tables are rebuilt (and cached) on arrival.
        return (shape_of, (self.box_rows, self.box_cols))

    def __str__(self) -> str:
        return f"{self.size}x{self.size}"

    @property
    def box_text(self) -> str:
        return f"{self.box_rows}x{self.box_cols}"

    def cell_name(self, cell: int) -> str:
        """The 1-based row/column name of a cell, as people write it: r1c5."""
        row, col = divmod(cell, self.size)
        return f"r{row + 1}c{col + 1}"

    @property
    def diagonal_boxes(self) -> tuple[tuple[int, ...], ...]:
        """Boxes that share no row or column with each other (band i, stack i)."""
        bands = self.box_cols  # boxes per column of boxes = n / box_rows
        stacks = self.box_rows
        return tuple(self.units[2 * self.size + i * self.box_rows + i].cells
                     for i in range(min(bands, stacks)))

    def orbits(self, symmetry: str) -> tuple[tuple[int, ...], ...]:
        """The cell groups that the given symmetry keeps together, in order of first cell."""
        return _orbits(self.box_rows, self.box_cols, symmetry)


def _build_units(n: int, box_rows: int, box_cols: int) -> tuple[Unit, ...]:
    rows = [Unit("row", r, tuple(r * n + c for c in range(n))) for r in range(n)]
    cols = [Unit("column", c, tuple(r * n + c for r in range(n))) for c in range(n)]
    boxes = []
    for b in range(n):
        top, left = (b // box_rows) * box_rows, (b % box_rows) * box_cols
        cells = tuple((top + r) * n + left + c for r in range(box_rows) for c in range(box_cols))
        boxes.append(Unit("box", b, cells))
    return tuple(rows + cols + boxes)


def _mask(cells) -> int:
    mask = 0
    for c in cells:
        mask |= 1 << c
    return mask


def _mirror_image(n: int, cell: int, symmetry: str) -> int:
    row, col = divmod(cell, n)
    if symmetry == "rotational":
        return (n - 1 - row) * n + (n - 1 - col)
    if symmetry == "mirror":
        return row * n + (n - 1 - col)
    if symmetry == "diagonal":
        return col * n + row
    return cell


@lru_cache(maxsize=None)
def _orbits(box_rows: int, box_cols: int, symmetry: str) -> tuple[tuple[int, ...], ...]:
    if symmetry not in SYMMETRIES:
        raise ValueError(f"unknown symmetry {symmetry!r}; expected one of: {', '.join(SYMMETRIES)}")
    n = box_rows * box_cols
    seen, orbits = set(), []
    for cell in range(n * n):
        if cell not in seen:
            orbit = tuple(sorted({cell, _mirror_image(n, cell, symmetry)}))
            seen.update(orbit)
            orbits.append(orbit)
    return tuple(orbits)


@lru_cache(maxsize=None)
def shape_of(box_rows: int, box_cols: int) -> Shape:
    """The (cached) shape with boxes of box_rows x box_cols."""
    return Shape(box_rows, box_cols)


def conventional_box(size: int) -> tuple[int, int]:
    """The usual box for a size: as square as possible, wider than tall (6 -> 2x3)."""
    for rows in range(int(size ** 0.5), 1, -1):
        if size % rows == 0 and size // rows >= 2:
            return rows, size // rows
    raise ValueError(f"{size}x{size} has no rectangular box of at least 2x2")


def shape_for_size(size: int) -> Shape:
    """The shape of a size-n board with its conventional box."""
    if not 4 <= size <= MAX_SIZE:
        raise ValueError(f"size must be between 4 and {MAX_SIZE}, got {size}")
    return shape_of(*conventional_box(size))


def parse_shape(size_text: str, box_text: str | None = None) -> Shape:
    """Read '9x9' (and optionally a box '3x2') as a Shape; ValueError says what is wrong."""
    rows, cols = _parse_pair(size_text, "size")
    if rows != cols:
        raise ValueError(f"size must be square, like 9x9; got {size_text!r}")
    if box_text is None:
        return shape_for_size(rows)
    box_rows, box_cols = _parse_pair(box_text, "box")
    if box_rows * box_cols != rows:
        raise ValueError(f"box {box_text} does not tile a {rows}x{rows} board "
                         f"({box_rows}*{box_cols} != {rows})")
    return shape_of(box_rows, box_cols)


def _parse_pair(text: str, what: str) -> tuple[int, int]:
    parts = str(text).lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isdecimal() for p in parts):
        raise ValueError(f"{what} must look like 9x9, got {text!r}")
    return int(parts[0]), int(parts[1])
