"""Validity-preserving transformations of grids, and the canonical form of a puzzle.

The group of a shape with r x c boxes (n = r*c): relabel the symbols; permute the bands
(blocks of r rows), the rows within each band, the stacks (blocks of c columns) and the
columns within each stack; and, when r == c, transpose. Rotations and mirrors are
compositions of these: a half turn reverses rows and columns, a quarter turn is a
transpose then reversed columns, a mirror reverses rows or columns or transposes. With
r != c a transpose (or a quarter turn) turns an r x c board into a c x r one: it is offered
as a transformation between the two shapes, not as a member of either group.

Variant boards (X, Hyper, Jigsaw, Samurai) have their own, smaller groups: those moves
are in board/moves.py, and random_transformation, derived, canonical_form and the
keys below hand them over there, so callers need not ask which board they hold.

The canonical form is the least image of a puzzle under its group, written with blanks
as 0 and the digits relabelled in order of first appearance (reading row by row), so the
relabelling never needs enumerating: it is fixed by the other choices. A puzzle whose
boxes are taller than wide is transposed first, so a 3x2 puzzle and its 2x3 transpose
(the same puzzle, turned a quarter) share a form; `equivalence_key` adds the box the form
is written in, for registries that hold several box shapes.

How the search is pruned: the image is built one output row at a time (transpose, band
and row for row 0; then the other rows of that band; then the next band, and its rows).
For each partial choice of rows, only the column arrangements giving the least prefix so
far are kept, and they are kept compactly: a column blank in every row chosen so far is
interchangeable with the other such columns of its stack, and a stack blank so far with
the other such stacks, so these stay unordered sets at the left (a 0 is the least
value). Only columns holding a clue get a place, and the places of a new row's clues
follow from it: blanks first, then known digits by label, then new digits, whose order
is branched on only because it decides their labels. At each row every candidate whose
row is not the least is dropped, and identical candidates are merged. Interchangeable
empty rows and bands are tried once. A budget bounds the work on highly symmetric
grids (nearly full 16x16 grids, say): when it runs out, CanonicalFormError is raised,
never an approximate form.

On the compiled core the same search runs in C (csrc/canonical.c, chosen by
compiled/__init__.py's least_image_finder): step for step, so it finds the same form and
runs out of the same budget on the same grids; keys stored in registries never depend on
the core. _Search here is the reference and the fallback.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import permutations

from .. import compiled
from ..rng import Rng, derive_seed
from ..words import with_article
from . import moves as boardmoves
from .grid import SYMBOLS, Grid, format_grid
from .shape import Shape, shape_of

# Candidate rows tried (and arrangements branched on) before giving up; a 9x9 minimal
# puzzle needs a few hundred, a 16x16 puzzle a few thousand.
CANONICAL_BUDGET = 200_000
DRAWS_PER_COPY = 20  # derived(): draws allowed per copy before a board is deemed too small
FORM_SYMBOLS = "0" + SYMBOLS  # value 0 (blank) and labels 1..n, in increasing order
_FORM_BYTES = bytes.maketrans(bytes(range(len(FORM_SYMBOLS))), FORM_SYMBOLS.encode("ascii"))
MIRROR_AXES = ("vertical", "horizontal", "diagonal", "antidiagonal")


class CanonicalFormError(RuntimeError):
    """The canonical form could not be found within the budget."""


@dataclass(frozen=True)
class Transformation:
    """A map between grids: cell (i, j) of the image holds symbols[v - 1], where v is the
    value at cell (rows[i], columns[j]) of the source, or of its transpose if `transpose`.

    box_rows x box_cols is the box of the source; the image has the transposed box when
    `transpose` is set. Rows must keep bands together and columns stacks (of the image)."""

    box_rows: int
    box_cols: int
    transpose: bool
    rows: tuple[int, ...]
    columns: tuple[int, ...]
    symbols: tuple[int, ...]

    def __post_init__(self) -> None:
        target = self.target_shape
        n = target.size
        if sorted(self.symbols) != list(range(1, n + 1)):
            raise ValueError(f"symbols must be a permutation of 1..{n}")
        _check_blocks(self.rows, n, target.box_rows, "rows", "band")
        _check_blocks(self.columns, n, target.box_cols, "columns", "stack")

    @property
    def source_shape(self) -> Shape:
        return shape_of(self.box_rows, self.box_cols)

    @property
    def target_shape(self) -> Shape:
        if self.transpose:
            return shape_of(self.box_cols, self.box_rows)
        return shape_of(self.box_rows, self.box_cols)

    def apply(self, grid: Grid) -> Grid:
        """The image of a grid (givens or solution alike) of the source shape."""
        if grid.shape != self.source_shape:
            raise ValueError(f"this transformation applies to {self.source_shape} grids with "
                             f"{self.source_shape.box_text} boxes, not {grid.shape.box_text}")
        values, cells = (0,) + self.symbols, grid.cells
        return Grid(self.target_shape, tuple(values[cells[i]] for i in self._sources()))

    def _sources(self) -> list[int]:
        """For each cell of the image, the source cell it is read from."""
        n = len(self.rows)
        if self.transpose:
            return [c * n + r for r in self.rows for c in self.columns]
        return [r * n + c for r in self.rows for c in self.columns]

    def then(self, other: Transformation) -> Transformation:
        """This transformation followed by other (which applies to this one's images)."""
        if other.source_shape != self.target_shape:
            raise ValueError("the second transformation applies to another box shape")
        if other.transpose:
            rows = tuple(self.columns[x] for x in other.rows)
            columns = tuple(self.rows[x] for x in other.columns)
        else:
            rows = tuple(self.rows[x] for x in other.rows)
            columns = tuple(self.columns[x] for x in other.columns)
        symbols = tuple(other.symbols[v - 1] for v in self.symbols)
        return Transformation(self.box_rows, self.box_cols, self.transpose != other.transpose,
                              rows, columns, symbols)

    def inverse(self) -> Transformation:
        """The transformation that undoes this one."""
        rows, columns = _inverse(self.rows), _inverse(self.columns)
        if self.transpose:
            rows, columns = columns, rows
        target = self.target_shape
        return Transformation(target.box_rows, target.box_cols, self.transpose, rows, columns,
                              _inverse_symbols(self.symbols))


def _check_blocks(order: tuple[int, ...], n: int, block: int, what: str, unit: str) -> None:
    if sorted(order) != list(range(n)):
        raise ValueError(f"{what} must be a permutation of 0..{n - 1}")
    for start in range(0, n, block):
        if len({x // block for x in order[start:start + block]}) != 1:
            raise ValueError(f"{what} {start}..{start + block - 1} do not come from one {unit}")


def _inverse(order: tuple[int, ...]) -> tuple[int, ...]:
    inverse = [0] * len(order)
    for i, x in enumerate(order):
        inverse[x] = i
    return tuple(inverse)


def _inverse_symbols(symbols: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(i + 1 for i in _inverse(tuple(v - 1 for v in symbols)))


def identity(shape: Shape) -> Transformation:
    """The transformation that changes nothing."""
    n = shape.size
    return Transformation(shape.box_rows, shape.box_cols, False, tuple(range(n)),
                          tuple(range(n)), tuple(range(1, n + 1)))


def transposition(shape: Shape) -> Transformation:
    """Rows become columns: within the group when boxes are square, otherwise a map from
    r x c boxes to c x r boxes."""
    return _geometric(shape, True, False, False)


def rotation(shape: Shape, quarter_turns: int = 1) -> Transformation:
    """A clockwise rotation; an odd number of quarter turns swaps the box's rows and
    columns (a 2x3-box 6x6 becomes a 3x2-box one)."""
    turns = quarter_turns % 4
    # (transpose, reverse rows, reverse columns) for 0, 1, 2 and 3 quarter turns
    return _geometric(shape, *((False, False, False), (True, False, True),
                               (False, True, True), (True, True, False))[turns])


def mirror(shape: Shape, axis: str) -> Transformation:
    """A reflection in the vertical or horizontal middle line, or in a diagonal."""
    if axis not in MIRROR_AXES:
        raise ValueError(f"unknown axis {axis!r}; expected one of: {', '.join(MIRROR_AXES)}")
    return _geometric(shape, *{"vertical": (False, False, True),
                               "horizontal": (False, True, False),
                               "diagonal": (True, False, False),
                               "antidiagonal": (True, True, True)}[axis])


def _geometric(shape: Shape, transpose: bool, reverse_rows: bool,
               reverse_columns: bool) -> Transformation:
    n = shape.size
    rows = tuple(range(n))[::-1] if reverse_rows else tuple(range(n))
    columns = tuple(range(n))[::-1] if reverse_columns else tuple(range(n))
    return Transformation(shape.box_rows, shape.box_cols, transpose, rows, columns,
                          tuple(range(1, n + 1)))


def random_transformation(shape: Shape, rng: Rng) -> Transformation | boardmoves.BoardMove:
    """A member of the shape's group drawn from rng (uniformly; the same stream always
    gives the same transformation). Transposes only when the boxes are square. For a
    variant board, a move of its own group (board/moves.py)."""
    if not shape.is_classic:
        return boardmoves.random_move(shape, rng)
    transpose = rng.below(2) == 1 and shape.box_rows == shape.box_cols
    rows = _block_order(rng, shape.size, shape.box_rows)
    columns = _block_order(rng, shape.size, shape.box_cols)
    symbols = tuple(rng.shuffled(range(1, shape.size + 1)))
    return Transformation(shape.box_rows, shape.box_cols, transpose, rows, columns, symbols)


def _block_order(rng: Rng, n: int, block: int) -> tuple[int, ...]:
    """A random order of 0..n-1 that keeps each run of `block` together."""
    order: list[int] = []
    for start in rng.shuffled(range(0, n, block)):
        order.extend(rng.shuffled(range(start, start + block)))
    return tuple(order)


def derived(grid: Grid, count: int, seed: int | str) -> list:
    """`count` members of the grid's group whose images differ from the grid and from
    each other, drawn from a stream seeded by (seed, grid): the same puzzle and seed give
    the same copies wherever it stands in a file, and the first k of count n are those of
    count k. ValueError if the draws run out first (a 4x4 puzzle has a few thousand
    distinct copies at most)."""
    return list(each_derived(grid, count, seed))


def each_derived(grid: Grid, count: int,
                 seed: int | str) -> Iterator[Transformation | boardmoves.BoardMove]:
    """derived(), one transformation at a time as it is found (ValueError after the last
    one found, if the draws run out)."""
    rng = Rng(derive_seed(seed, "derive", format_grid(grid)))
    images, found = {grid}, 0
    draws = DRAWS_PER_COPY * count + 100
    for _ in range(draws):
        if found == count:
            return
        transformation = random_transformation(grid.shape, rng)
        image = transformation.apply(grid)  # a jigsaw's image has its own regions
        if image not in images:
            images.add(image)
            found += 1
            yield transformation
    if found < count:
        raise ValueError(f"only {found} distinct copies of this {grid.shape} puzzle "
                         f"turned up in {draws} draws, {count} were asked for")


# The canonical form

def canonical_shape(shape: Shape) -> Shape:
    """The shape canonical forms of shape's puzzles are written in: boxes no taller than
    wide."""
    return shape_of(min(shape.box_rows, shape.box_cols), max(shape.box_rows, shape.box_cols))


def equivalence_key(grid: Grid) -> str:
    """The canonical form with the board it is written on, '3x3:000...' ('x 3x3:...',
    'jigsaw 9x9:AAB...:000...', 'samurai:...' for variants): two puzzles have the same
    key exactly when one is a transformation of the other, whatever their boxes (a form
    alone cannot tell a 2x6-box 12x12 from a 3x4 one)."""
    return f"{group_name(grid.shape)}:{canonical_form(grid)}"


def group_name(shape: Shape) -> str:
    """The board a key's form is written on: the box of a classic board (as its
    canonical form writes it, '2x3' for 3x2 too), the variant and its box, a jigsaw's
    size, 'samurai'."""
    if shape.is_classic:
        return canonical_shape(shape).box_text
    if shape.has_regions:
        return f"jigsaw {shape.size}x{shape.size}"
    return shape.geometry if shape.has_several_grids else f"{shape.geometry} {shape.box_text}"


def repeat_key(grid: Grid) -> str:
    """What builds, dailies and registries compare to find repeats: equivalence_key(grid),
    or for a grid whose canonical form is not found within the budget (a 16x16 with 250
    clues, a 25x25 with 390; about one 24x24 of 2x12 boxes in 40 even at a fifth of its
    cells), its exact givens after '=' instead of ':'.
    Such a puzzle is then caught repeating only unturned and unrelabelled; among the
    astronomically many dense puzzles of a large board a transformed repeat is no
    practical risk, and a valid book must not fail for it. The same holds for X and
    Hyper boards above 12x12, whose groups are too large to search (board/moves.py):
    'x 4x4=...'."""
    try:
        return equivalence_key(grid)
    except CanonicalFormError:
        board = grid.shape.box_text if grid.shape.is_classic else group_name(grid.shape)
        return f"{board}={format_grid(grid)}"


def canonical_form(grid: Grid, budget: int | None = None) -> str:
    """The least image of grid under its group, as text: blanks '0', digits relabelled
    1, 2, ... (then A-P) in order of first appearance. Equivalent puzzles get the same
    form, others different ones. CanonicalFormError if the budget runs out; ValueError if
    a symbol repeats in a row or column (the search relies on rows of distinct symbols)."""
    shape = grid.shape
    if not shape.is_classic:
        return _variant_form(grid)
    budget = CANONICAL_BUDGET if budget is None else budget
    find = compiled.least_image_finder()
    if find is None:
        return "".join(FORM_SYMBOLS[v] for v in pure_search(grid, budget).least_image())
    # the same search in C (csrc/canonical.c), step for step: the same form, the same budget
    image = find(shape.box_rows, shape.box_cols, bytes(grid.cells), budget)
    if image is None:
        raise _out_of_budget(shape.size, budget)
    return image.translate(_FORM_BYTES).decode("ascii")


def pure_search(grid: Grid, budget: int) -> _Search:
    """The Python search for a classic grid's form (the reference of csrc/canonical.c):
    the grid turned as its form is written, checked for repeated symbols."""
    shape = grid.shape
    written = canonical_shape(shape)
    rows = _rows(grid)
    if shape.box_rows > shape.box_cols:
        rows = _transposed(rows)
    _check_distinct(rows)
    orientations = [rows, _transposed(rows)] if shape.box_rows == shape.box_cols else [rows]
    return _Search(_table(written.box_rows, written.box_cols), orientations, budget)


def _variant_form(grid: Grid) -> str:
    try:
        return boardmoves.variant_form(grid)
    except boardmoves.TooManyMoves:
        raise CanonicalFormError(f"{with_article(grid.shape)} board has too many moves for its "
                                 f"canonical form to be searched") from None


def _rows(grid: Grid) -> tuple[tuple[int, ...], ...]:
    n = grid.shape.size
    return tuple(grid.cells[r * n:(r + 1) * n] for r in range(n))


def _transposed(rows):
    return tuple(zip(*rows))


def _check_distinct(rows) -> None:
    for lines, what in ((rows, "row"), (_transposed(rows), "column")):
        for index, line in enumerate(lines):
            clues = [v for v in line if v]
            if len(set(clues)) != len(clues):
                raise ValueError(f"a symbol repeats in {what} {index + 1}: not a puzzle")


@dataclass(frozen=True)
class _Table:
    """The block structure of a canonical shape: rows of each band, columns of each stack."""

    box_rows: int
    box_cols: int
    band_rows: tuple[tuple[int, ...], ...]
    stack_cols: tuple[tuple[int, ...], ...]


@cache
def _table(r: int, c: int) -> _Table:
    n = r * c
    return _Table(r, c, tuple(tuple(range(b, b + r)) for b in range(0, n, r)),
                  tuple(tuple(range(s, s + c)) for s in range(0, n, c)))


@dataclass(frozen=True)
class _State:
    """One way of choosing the image so far, among those giving the least prefix.

    Rows: which remain in the current band, and which bands are unused. Columns: stacks
    blank so far (unordered, leftmost), then the other stacks in slot order, each as
    (columns blank so far, unordered and leftmost; the other columns in order). Labels:
    the label of each source symbol (0: not met yet)."""

    orientation: int
    band_left: tuple[int, ...]
    bands_left: tuple[int, ...]
    free_stacks: tuple[int, ...]
    slots: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    labels: tuple[int, ...]


@dataclass(frozen=True)
class _Region:
    """A run of places in the image row whose columns may still be ordered freely:
    blanks first, then known symbols by label, then new ones (ordered any way)."""

    stack: int | None  # the stack, when the region is a whole stack blank so far
    blanks: tuple[int, ...]
    known: tuple[int, ...]
    new: tuple[int, ...]
    placed: tuple[int, ...]  # columns already placed after the region, in order
    key: tuple[int, ...]  # how the region reads, new symbols counted as above every label


def _out_of_budget(n: int, budget: int) -> CanonicalFormError:
    return CanonicalFormError(
        f"gave up on the canonical form of this {n}x{n} grid after {budget} steps: too "
        f"many arrangements tie (complete or nearly complete grids of 12x12 and more are "
        f"beyond it)")


class _Search:
    """The row-by-row least-image search of one grid (see the module docstring)."""

    def __init__(self, table: _Table, orientations, budget: int) -> None:
        self.table, self.orientations = table, orientations
        self.budget = self.left = budget
        self.n = table.box_rows * table.box_cols
        self.empty_rows = [tuple(not any(row) for row in rows) for rows in orientations]
        self.empty_bands = [tuple(all(empty[r] for r in rows) for rows in table.band_rows)
                            for empty in self.empty_rows]

    def least_image(self) -> list[int]:
        n, table = self.n, self.table
        start = [_State(o, (), tuple(range(len(table.band_rows))),
                        tuple(range(len(table.stack_cols))), (), (0,) * (n + 1))
                 for o in range(len(self.orientations))]
        image: list[int] = []
        states = start
        for index in range(n):
            best, winners = self._least_rows(states, index)
            image.extend(best)
            states = list(dict.fromkeys(s for w in winners for s in self._successors(*w)))
        return image

    def _spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise _out_of_budget(self.n, self.budget)

    def _least_rows(self, states, index: int):
        """The least image row over every state and row choice, and each way to get it."""
        best = None
        winners: list = []
        for state in states:
            rows = self.orientations[state.orientation]
            for row, band_left, bands_left in self._row_choices(state, index):
                self._spend()
                image, regions = self._row_image(rows[row], state)
                if best is None or image < best:
                    best, winners = image, []
                if image == best:
                    winners.append((state, rows[row], band_left, bands_left, regions))
        return best, winners

    def _row_choices(self, state: _State, index: int):
        """(source row, rows left in its band, bands left) for output row `index`."""
        empty, table = self.empty_rows[state.orientation], self.table
        if index % table.box_rows:
            for row in _once_if_empty(state.band_left, empty):
                yield row, tuple(r for r in state.band_left if r != row), state.bands_left
            return
        for band in _once_if_empty(state.bands_left, self.empty_bands[state.orientation]):
            rows = table.band_rows[band]
            bands_left = tuple(b for b in state.bands_left if b != band)
            for row in _once_if_empty(rows, empty):
                yield row, tuple(r for r in rows if r != row), bands_left

    def _row_image(self, values, state: _State):
        """The least image of one source row under the state's column choices, with the
        regions whose order is still open."""
        labels, stack_cols = state.labels, self.table.stack_cols
        regions = []
        blank_width = 0
        for stack in state.free_stacks:
            region = _region(stack, stack_cols[stack], (), values, labels, self.n + 1)
            if region.known or region.new:
                regions.append(region)
            else:
                blank_width += len(region.blanks)
        regions.sort(key=lambda region: region.key)
        for free, placed in state.slots:
            regions.append(_region(None, free, placed, values, labels, self.n + 1))
        return _read(regions, values, labels, blank_width), regions

    def _successors(self, state: _State, values, band_left, bands_left, regions):
        """Every state the least row leads to: one per order of the new symbols in each
        region, and per order of whole stacks that tie."""
        ties = _tied_stack_runs(regions)
        pools = [*ties, *(region.new for region in regions)]
        free_stacks = tuple(sorted(set(state.free_stacks) -
                                   {r.stack for r in regions if r.stack is not None}))
        for choice in _each_arrangement(pools):
            self._spend()
            stack_order, new_orders = choice[:len(ties)], choice[len(ties):]
            ordered = _apply_stack_order(list(zip(regions, new_orders)), ties, stack_order)
            yield self._successor(state, values, band_left, bands_left, free_stacks, ordered)

    def _successor(self, state, values, band_left, bands_left, free_stacks, ordered):
        labels = list(state.labels)
        next_label = max(labels) + 1
        slots = []
        for region, new in ordered:
            placed = region.known + new + region.placed
            for c in new + region.placed:
                v = values[c]
                if v and not labels[v]:
                    labels[v] = next_label
                    next_label += 1
            slots.append((region.blanks, placed))
        return _State(state.orientation, band_left, bands_left, free_stacks, tuple(slots),
                      tuple(labels))


def _read(regions, values, labels, blank_width: int) -> list[int]:
    """The image row the regions give, each in its least order, after blank_width 0s."""
    image = [0] * blank_width
    next_label = max(labels) + 1
    for region in regions:
        image.extend([0] * len(region.blanks))
        image.extend(labels[values[c]] for c in region.known)
        image.extend(range(next_label, next_label + len(region.new)))
        next_label += len(region.new)
        for c in region.placed:
            v = values[c]
            if v and not labels[v]:
                image.append(next_label)
                next_label += 1
            else:
                image.append(labels[v])
    return image


def _once_if_empty(items, empty):
    """The items, but only the first of those that are empty: empty rows (or bands) are
    interchangeable, so trying one tries them all."""
    seen_empty = False
    for item in items:
        if empty[item]:
            if seen_empty:
                continue
            seen_empty = True
        yield item


def _region(stack, columns, placed, values, labels, unknown: int) -> _Region:
    blanks = tuple(c for c in columns if not values[c])
    known = tuple(sorted((c for c in columns if values[c] and labels[values[c]]),
                         key=lambda c: labels[values[c]]))
    new = tuple(c for c in columns if values[c] and not labels[values[c]])
    key = (0,) * len(blanks) + tuple(labels[values[c]] for c in known) + (unknown,) * len(new)
    return _Region(stack, blanks, known, new, placed, key)


def _tied_stack_runs(regions) -> list[tuple[int, ...]]:
    """Runs (by position in regions) of whole stacks that read alike and hold new
    symbols: putting them in another order gives the same row but other labels. Equal
    keys without new symbols cannot happen: a row holds each symbol once."""
    runs, start = [], 0
    while start < len(regions) and regions[start].stack is not None:
        end = start + 1
        while end < len(regions) and regions[end].stack is not None \
                and regions[end].key == regions[start].key:
            end += 1
        if end - start > 1:
            runs.append(tuple(range(start, end)))
        start = end
    return runs


def _each_arrangement(pools):
    """itertools.product of the permutations of each pool, in the same order, made as it is
    read: product() lists every permutation first (12! of a 2x12 box's stack), and a dense
    24x24 grid then took minutes to run out of its budget."""
    if not pools:
        yield ()
        return
    for first in permutations(pools[0]):
        for rest in _each_arrangement(pools[1:]):
            yield (first, *rest)


def _apply_stack_order(items: list, ties, orders) -> list:
    """The items with each tied run put in the order chosen for it."""
    ordered = list(items)
    for run, order in zip(ties, orders):
        for position, source in zip(run, order):
            ordered[position] = items[source]
    return ordered
