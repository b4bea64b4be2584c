"""Killer cages: groups of cells with a sum, their combination tables, and a caged board.

Glossary: a *cage* is a set of orthogonally connected cells whose symbols differ and add up
to its *total*; a Killer's cages cover the board, each cell in exactly one. A cage is a
"no repeat" group, so its cells are peers of each other, but it is NOT a unit: it need not
hold every symbol, so no hidden single ever looks at it. A *combination* is a set of
distinct values, kept as a digit mask (bit d: value d+1), that a cage of its size and
total may hold. An *area* is one unit or several together (adjacent rows, adjacent
columns, two boxes side by side): it holds n copies of 1+2+...+n per unit, so the cells
of cages crossing its edge that lie inside it (its *innies*) add up to what the cages
wholly inside leave, and those outside it (its *outies*) to what is left of their cages:
the 45 rule of 9x9 Killers.

Cages belong to the puzzle, not to the board: a Killer's board is a classic Shape (or an
X one, for Killer X), and `Cages` carries the cages beside it with the tables the solver
and the grader need (peers widened by cage mates, every cage's combinations, the areas).
"""

from __future__ import annotations

from dataclasses import InitVar, dataclass
from functools import cache, cached_property

from ..bits import mask_of
from ..board.cages import OnBoard, cage_index, connected, cover_problems
from ..board.groups import unit_groups
from ..board.shape import Shape
from ..grade.evidence import Reason, cage_reason
from ..kinds.presentation import Chart
from ..words import number_of

# The sizes Killers are made in: their cage totals stay two-digit, their cages few enough.
KILLER_SIZES = (4, 6, 8, 9, 12)


@dataclass(frozen=True)
class Cage:
    """One cage: its cells (ascending) and the total they add up to."""

    cells: tuple[int, ...]
    total: int


@cache
def combinations(size: int, total: int, symbols: int) -> tuple[int, ...]:
    """The digit masks of every set of `size` distinct values from 1..symbols adding up to
    `total`, in increasing order of mask; () if there is none."""
    found = []

    def extend(mask: int, smallest: int, left: int, remaining: int) -> None:
        if left == 0:
            if remaining == 0:
                found.append(mask)
            return
        for value in range(smallest, symbols + 1):
            if value * left + left * (left - 1) // 2 > remaining:
                break  # even the smallest values from here on overshoot
            extend(mask | 1 << (value - 1), value + 1, left - 1, remaining - value)
    extend(0, 1, size, total)
    return tuple(sorted(found))


def unique_sums(symbols: int, most_cells: int) -> Chart:
    """The totals that one set of distinct values from 1..symbols makes, by the count of
    cells from 2 to most_cells: (cells, ((total, values), ...)) (2 cells of 1..9: 3 = 1+2,
    4 = 1+3, 16 = 7+9, 17 = 8+9), from the combination tables: a Killer's cage chart, a
    Kakuro's unique sums."""
    chart = []
    for cells in range(2, most_cells + 1):
        low, high = sum(range(1, cells + 1)), sum(range(symbols - cells + 1, symbols + 1))
        single = tuple((total, tuple(d + 1 for d in range(symbols) if masks[0] >> d & 1))
                       for total in range(low, high + 1)
                       for masks in [combinations(cells, total, symbols)] if len(masks) == 1)
        chart.append((cells, single))
    return tuple(chart)


def sum_range(size: int, symbols: int) -> tuple[int, int]:
    """The least and greatest totals of `size` distinct values from 1..symbols."""
    return size * (size + 1) // 2, size * (2 * symbols - size + 1) // 2


@dataclass(frozen=True)
class Cages(OnBoard):
    """The cages of a Killer on a board, checked (CageError) to cover every cell once,
    each connected, of at most n cells and a total its size can make; kept in one order
    (cells ascending, cages by first cell). Compared by board and cages; the tables are
    derived.

    It serves as the board of the exact solver's propagation (solver.propagate): the
    board's tables (OnBoard), but the peers, widened by cage mates.

    `checked=False` skips the checks, for layouts made valid by construction (the
    generator merges neighbouring cages of a solution: they are sound by how they are
    made, and the checks cost as much as grading the layout on the compiled core)."""

    shape: Shape
    cages: tuple[Cage, ...]
    checked: InitVar[bool] = True

    def __post_init__(self, checked: bool) -> None:
        problems = layout_problems(self.shape, self.cages) if checked else None
        if problems:
            raise CageError(problems)
        # One order for equal layouts: each cage's cells ascending, cages by first cell.
        object.__setattr__(self, "cages", tuple(sorted(
            (Cage(tuple(sorted(c.cells)), c.total) for c in self.cages),
            key=lambda c: c.cells[0])))

    # The tables, made when first asked for (the compiled core makes its own).
    @cached_property
    def cage_of(self) -> tuple[int, ...]:
        """The index of each cell's cage."""
        return cage_index(self.shape.cell_count, self.cages)

    @cached_property
    def masks(self) -> tuple[int, ...]:
        """Each cage's cells, as a mask."""
        return tuple(mask_of(cage.cells) for cage in self.cages)

    @cached_property
    def peer_masks(self) -> tuple[int, ...]:
        """Each cell's peers: the board's and its cage mates."""
        masks, cage_of = self.masks, self.cage_of
        return tuple((peers | masks[cage_of[c]]) & ~(1 << c)
                     for c, peers in enumerate(self.shape.peer_masks))

    def __reduce__(self):
        # Pickle as the defining fields; the tables are rebuilt on arrival.
        return (Cages, (self.shape, self.cages))

    @cached_property
    def combos(self) -> tuple[tuple[int, ...], ...]:
        """Each cage's combinations (digit masks)."""
        n = self.shape.size
        return tuple(combinations(len(cage.cells), cage.total, n) for cage in self.cages)

    @cached_property
    def areas(self) -> tuple[Area, ...]:
        """What the cages say about every unit, every run of adjacent rows (and columns)
        and every two boxes side by side: see Area (the 45 rule)."""
        return tuple(_area(self, name, masks) for name, masks in unit_groups(self.shape))

    @cached_property
    def sums(self) -> tuple[tuple[int, int], ...]:
        """Every group of cells with a known total, as (cells mask, total): the cages, then
        the innies and the outies of every area, each group once, but those of more than
        n cells (measured: they cost five times the time of the rest and never saved a
        search node on 9x9 Killers)."""
        groups = dict.fromkeys(zip(self.masks, (cage.total for cage in self.cages)))
        for area in self.areas:
            for cells, total in ((area.innies, area.innie_total),
                                 (area.outies, area.outie_total)):
                if cells and cells.bit_count() <= self.shape.size:
                    groups.setdefault((cells, total))
        return tuple(groups)

    def name(self, index: int) -> str:
        """A cage as people point at it: its total and its first cell, 'cage 17 at r1c2'."""
        cage = self.cages[index]
        return f"cage {cage.total} at {self.shape.cell_name(cage.cells[0])}"

    def reason(self, index: int) -> Reason:
        """A cage as a step's evidence: its total and first cell."""
        cage = self.cages[index]
        return cage_reason(str(cage.total), cage.cells[0])


@dataclass(frozen=True)
class Area:
    """Units together (one or several, disjoint), and what the cages say about them:
    the innies (cells of the area in cages crossing its edge) add up to innie_total, the
    outies (cells of those cages outside the area) to outie_total."""

    name: str
    units: int  # how many units, joined
    innies: int
    innie_total: int
    outies: int
    outie_total: int
    unit_masks: tuple[int, ...] = ()  # the units', as masks


def _area(cages: Cages, name: str, masks: tuple[int, ...]) -> Area:
    n = cages.shape.size
    cells = 0
    for mask in masks:
        cells |= mask
    inside_total = crossing_total = crossing = 0
    for cage, mask in zip(cages.cages, cages.masks):
        if not mask & ~cells:
            inside_total += cage.total
        elif mask & cells:
            crossing_total += cage.total
            crossing |= mask
    innie_total = len(masks) * n * (n + 1) // 2 - inside_total
    return Area(name, len(masks), crossing & cells, innie_total, crossing & ~cells,
                crossing_total - innie_total, tuple(masks))


class CageError(ValueError):
    """Cages that do not make a Killer; `problems` lists (cage index or -1, message)."""

    def __init__(self, problems: list[tuple[int, str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(message for _, message in problems))


def layout_problems(shape: Shape, cages) -> list[tuple[int, str]]:
    """Everything wrong with cages as a Killer's layout on the board, cage by cage: a cell
    in two cages or in none, a cage not connected, too big, or with a total its size
    cannot make."""
    return cover_problems(shape, cages, lambda cage: cage_problems(shape, cage))


def cage_problems(shape: Shape, cage: Cage) -> list[str]:
    """What is wrong with one cage on its own: empty, off the board, not connected, more
    cells than symbols, a total its size cannot make."""
    n, size = shape.size, len(cage.cells)
    if not cage.cells:
        return ["a cage has no cells"]
    if any(not 0 <= c < shape.cell_count for c in cage.cells):
        return ["a cage has a cell off the board"]
    problems = []
    if not connected(shape, cage.cells):
        problems.append("its cells are not connected (a cage is one orthogonally "
                        "connected piece)")
    if size > n:
        problems.append(f"{size} cells, but a cage holds at most {n} (its symbols differ)")
    elif not combinations(size, cage.total, n):
        low, high = sum_range(size, n)
        problems.append(f"{size} different symbols from 1-{n} cannot add up to "
                        f"{cage.total} (they make {low} to {high})")
    return problems


def givens_problems(cages: Cages, givens) -> list[tuple[int, str]]:
    """Where the givens contradict the cages: a symbol given twice in a cage, or given
    symbols that no combination of the cage's total holds."""
    problems = []
    for index, cage in enumerate(cages.cages):
        problem = givens_problem([givens[c] for c in cage.cells if givens[c]],
                                 cages.combos[index], cage.total, f"{len(cage.cells)} cells")
        if problem:
            problems.append((index, problem))
    return problems


def givens_problem(values: list[int], combos, total: int, place: str) -> str | None:
    """What is wrong with the values given in a group of distinct values adding up to
    `total` (a cage, a Kakuro's run), whose combinations are `combos` (digit masks): a
    value given twice, or values no combination holds; None if nothing is. `place` is how
    messages size the group: '3 cells'."""
    repeated = sorted({v for v in values if values.count(v) > 1})
    if repeated:
        return f"the given {repeated[0]} appears twice in it"
    held = mask_of(v - 1 for v in values)
    if values and not any(combo & held == held for combo in combos):
        shown = ", ".join(str(v) for v in values)
        count = len(values)
        return (f"its {number_of(count, 'given')} {shown} {number_of(count, 'fits', 'fit')} "
                f"no way of making {total} in {place}")
    return None
