"""Calcudoku cages: groups of cells with a target and an operation, the fillings each cage
allows, and the three types of cage sets (all operations, addition only, hidden).

Glossary: a *cage* is an orthogonally connected group of cells showing a *target* and an
*operation*: its values add up to the target (+), or multiply to it (×), or, in a cage of
two cells, the larger minus the smaller (−) or the larger divided by the smaller (÷) is
it; a one-cell cage shows its value (no operation). Unlike a Killer's, a cage may repeat
a value, in cells that share no row or column. A *filling* is a tuple of values for the
cage's cells (ascending) that meets its target and repeats no value in a row or column.
With hidden operations a cage shows its target alone, and a filling is one that meets
it by any operation the cage's size allows.

Cages belong to the puzzle, beside its Latin square board (core/board: latin_of). The
type of a puzzle's cage set says which kind of Calcudoku it is (core/kinds finds a kind
by it): CalcCages shows the four operations, AdditionCages only +, HiddenCages none; each
type says what its cages are made with and what they show (its methods, not tests of it).
A cage set also serves the exact solver as its board (solver.py), as a Killer's does:
the units and peers are the Latin square's.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import combinations_with_replacement, permutations
from math import prod
from operator import eq, getitem, itemgetter
from typing import ClassVar

from .. import compiled
from ..bits import mask_of
from ..board.cages import OnBoard, cage_index, connected, cover_problems
from ..board.shape import Shape
from ..grade.evidence import Reason, cage_reason

ADD, SUBTRACT, MULTIPLY, DIVIDE = "+", "−", "×", "÷"
HIDDEN = ""  # the operation of a one-cell cage, and of every cage whose operation is hidden
MAX_CAGE_CELLS = 6  # what a line may hold; the generator makes at most four
# Up to this many cells a cage's fillings are its target's multisets ordered (_by_multisets())
MULTISET_CELLS = 4
PATTERN_STATES_KEPT = 4096  # candidate states a Pattern remembers (for speed only)


@dataclass(frozen=True)
class Operation:
    """What one operation means wherever a cage showing it is read, solved, made,
    relabelled or written: each operation's rule in one place (OPERATION)."""

    symbol: str                 # as printed: '+', '−', '×', '÷'
    spellings: tuple[str, ...]  # as a line may write it, the first as lines are written
    pairs_only: bool            # published with two cells only
    made: Callable[[Sequence[int]], int | None]  # what two or more values make (None: nothing)
    partners: Callable[[int, int], tuple[int, ...]]  # (value, target): values making it
    weaker: tuple[str, ...] = ()  # operations that say less of a cage, to make it harder
    # (cells, n, target): the target after v -> n+1-v; None where no target would do
    complement: Callable[[int, int, int], int] | None = None


def _quotient(values: Sequence[int]) -> int | None:
    low, high = min(values), max(values)
    return high // low if high % low == 0 else None


def _factors(value: int, target: int) -> tuple[int, ...]:
    return (target // value,) if target % value == 0 else ()


def _divided(value: int, target: int) -> tuple[int, ...]:
    if not target:
        return ()
    return (value * target,) + ((value // target,) if value % target == 0 else ())


OPERATION = {op.symbol: op for op in (
    Operation(ADD, ("+",), False, sum, lambda value, target: (target - value,),
              complement=lambda cells, n, target: cells * (n + 1) - target),
    Operation(SUBTRACT, ("-", "−"), True, lambda values: max(values) - min(values),
              lambda value, target: (value - target, value + target),
              complement=lambda cells, n, target: target),
    Operation(MULTIPLY, ("x", "X", "*", "×"), False, prod, _factors, weaker=(SUBTRACT, ADD)),
    Operation(DIVIDE, ("/", "÷"), True, _quotient, _divided, weaker=(SUBTRACT, ADD)),
)}
OPERATIONS = tuple(OPERATION)
SPREAD_OPERATIONS = tuple(s for s, op in OPERATION.items() if not op.pairs_only)  # any size


@dataclass(frozen=True)
class MathCage:
    """One cage: its cells (ascending), its target and its operation ('' for one cell or
    hidden)."""

    cells: tuple[int, ...]
    target: int
    operation: str = HIDDEN


def operations_for(size: int, operation: str) -> tuple[str, ...]:
    """The operations a cage of `size` cells showing `operation` may use: its own, or with
    the operation hidden every one a cage of that size may have."""
    if operation != HIDDEN:
        return (operation,)
    return OPERATIONS if size == 2 else SPREAD_OPERATIONS


def fillings(positions: tuple[tuple[int, int], ...], operation: str, target: int,
             n: int) -> tuple[tuple[int, ...], ...]:
    """Every filling of cells at `positions` (row, column) with values 1..n meeting the
    target by the operation (hidden: by any), no value twice in a row or column; in
    increasing order."""
    return packed_fillings(positions, operation, target, n)[0]


@lru_cache(maxsize=4096)
def packed_fillings(positions: tuple[tuple[int, int], ...], operation: str, target: int,
                    n: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """fillings() and each of them packed (pack()). In C where the compiled core runs
    (csrc/calcfill.c: a generator meets a few new cages a draft, and ordering and packing
    their fillings in Python was a tenth of a 6x6 medium's CPU), else
    packed_fillings_in_python()."""
    find = compiled.calcudoku_fillings_finder(packed_fillings_in_python)
    found = find(positions, operation, target, n)  # None: a cage past what C holds
    return packed_fillings_in_python(positions, operation, target, n) if found is None \
        else found


def packed_fillings_in_python(positions: tuple[tuple[int, int], ...], operation: str,
                              target: int, n: int
                              ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """packed_fillings() in Python: the pure twin of csrc/calcfill.c."""
    found = fillings_in_python(positions, operation, target, n)
    bits = _value_bits(n, len(positions))  # pack() by lookups
    return found, tuple(sum(map(getitem, bits, f)) for f in found)


def fillings_in_python(positions: tuple[tuple[int, int], ...], operation: str, target: int,
                       n: int) -> tuple[tuple[int, ...], ...]:
    """fillings() in Python."""
    if len(positions) == 1:
        return ((target,),) if 1 <= target <= n else ()
    operations = operations_for(len(positions), operation)
    if len(positions) == 2:  # two connected cells share a line: their values differ
        return tuple(sorted({pair for pair in _pairs(target, n, operations)
                             if pair[0] != pair[1]}))
    if len(positions) <= MULTISET_CELLS:
        return _by_multisets(positions, operations, target, n)
    by_result = _by_result(positions, n)
    found: set[tuple[int, ...]] = set()
    for op in operations:
        found.update(by_result[op].get(target, ()))
    return tuple(sorted(found))


def _by_multisets(positions: tuple[tuple[int, int], ...], operations, target: int,
                  n: int) -> tuple[tuple[int, ...], ...]:
    """fillings() of a few cells: the orderings, repeating no value in a line, of the
    multisets of values that make the target (_multisets()). What a filling makes by an
    operation that adds or multiplies is its multiset's, so only the target's are ordered,
    not every filling of the shape (_by_result(): milliseconds a 6x6 four-cell shape, met
    cold by a generator for each new shape; 9x9, ten times that)."""
    count = len(positions)
    apart = tuple((i, j) for i in range(count) for j in range(i)
                  if positions[i][0] == positions[j][0] or positions[i][1] == positions[j][1])
    firsts, seconds = _pair_getters(apart)
    made = _multisets(count, n)
    found: set[tuple[int, ...]] = set()
    for op in operations:
        for values in made[op].get(target, ()):
            if len(set(values)) == count:  # no value twice: every order repeats none
                found.update(_orders(values))
            else:
                found.update(order for order in _orders(values)
                             if not any(map(eq, firsts(order), seconds(order))))
    return tuple(sorted(found))


def _pair_getters(apart: tuple[tuple[int, int], ...]) -> tuple[Callable, Callable]:
    """Getters of an order's values at the first and at the second places of the pairs,
    each a tuple (itemgetters, the quickest check measured: a lone pair is asked twice)."""
    if not apart:
        return (lambda order: ()), (lambda order: ())
    pairs = apart * 2 if len(apart) == 1 else apart
    return itemgetter(*(i for i, _ in pairs)), itemgetter(*(j for _, j in pairs))


@lru_cache(maxsize=64)
def _multisets(count: int, n: int) -> dict[str, dict[int | None, list[tuple[int, ...]]]]:
    """Per operation a cage of `count` cells (three or more) may have, per what they make,
    the multisets of values 1..n (ascending tuples) that make it."""
    by_result: dict[str, dict[int | None, list[tuple[int, ...]]]] = {
        op: {} for op in SPREAD_OPERATIONS}
    for values in combinations_with_replacement(range(1, n + 1), count):
        for op, found in by_result.items():
            found.setdefault(OPERATION[op].made(values), []).append(values)
    return by_result


@lru_cache(maxsize=1 << 12)
def _orders(values: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    """The distinct orderings of a multiset of values."""
    return frozenset(permutations(values))


def _pairs(target: int, n: int, operations):
    """Ordered pairs of values 1..n meeting the target by one of the operations."""
    for first in range(1, n + 1):
        for op in operations:
            for second in OPERATION[op].partners(first, target):
                if 1 <= second <= n:
                    yield first, second


@lru_cache(maxsize=256)
def _by_result(positions: tuple[tuple[int, int], ...], n: int) -> dict[str, dict]:
    """Every filling of cells at `positions` with values 1..n repeating none in a line,
    by what it makes with each operation a cage of three or more cells may have: such a
    cage looks its target up here (one enumeration per cage shape, not per target)."""
    differ = [[j for j in range(i) if positions[j][0] == positions[i][0]
               or positions[j][1] == positions[i][1]] for i in range(len(positions))]
    tuples: list[tuple[int, ...]] = [()]
    for i in range(len(positions)):
        tuples = [t + (v,) for t in tuples for v in range(1, n + 1)
                  if all(t[j] != v for j in differ[i])]
    by_result: dict[str, dict] = {op: {} for op in SPREAD_OPERATIONS}
    for values in tuples:
        for op, found in by_result.items():
            found.setdefault(OPERATION[op].made(values), []).append(values)
    return by_result


class Pattern:
    """A cage as its fillings see it: its cells' places relative to its top-left corner,
    its operation and target, on n values. Cages alike (the same shape and clue anywhere,
    in any puzzle) share one, with what was worked out for each state of candidates:
    which fillings are alive, what they keep in each cell, what they put in each line.
    Fillings are packed (see pack()), a digit mask per cell in one int."""

    def __init__(self, positions, operation: str, target: int, n: int) -> None:
        self.n, self.count = n, len(positions)
        self.fillings, self.packed = packed_fillings(positions, operation, target, n)
        self._alive: dict = {}
        self._kept: dict = {}
        self._lines: dict = {}

    def alive(self, allowed: tuple[int, ...]) -> tuple[int, ...]:
        """The packed fillings whose every value is allowed (a digit mask per cell)."""
        found = self._alive.get(allowed)
        if found is None:
            _bound(self._alive)
            wanted = pack(self.n, allowed)
            found = self._alive[allowed] = tuple(f for f in self.packed if f & wanted == f)
        return found

    def kept(self, allowed: tuple[int, ...]) -> tuple[int, ...]:
        """Per cell, the digits (mask) some alive filling puts there."""
        found = self._kept.get(allowed)
        if found is None:
            _bound(self._kept)
            found = self._kept[allowed] = unpack(self.n, self.count, union(self.alive(allowed)))
        return found

    def line_digits(self, allowed: tuple[int, ...], inside: tuple[int, ...]) -> int:
        """The digits every alive filling puts in the cells at positions `inside`."""
        key = (allowed, inside)
        found = self._lines.get(key)
        if found is None:
            _bound(self._lines)
            full = (1 << self.n) - 1
            alive = self.alive(allowed)
            found = full if alive else 0
            for filling in alive:
                here = 0
                for i in inside:
                    here |= filling >> (i * self.n)
                found &= here
            found = self._lines[key] = found & full
        return found


@lru_cache(maxsize=64)
def _value_bits(n: int, count: int) -> tuple[tuple[int, ...], ...]:
    """Per cell of a cage of `count` cells, per value (0 unused), the value's bit as pack()
    places it."""
    return tuple((0, *(1 << (i * n + v) for v in range(n))) for i in range(count))


def _bound(cache: dict, most: int = PATTERN_STATES_KEPT) -> None:
    """Forget what a cache holds once it is `most` (what is kept is only for speed): a
    pattern's states, by default."""
    if len(cache) >= most:
        cache.clear()


@lru_cache(maxsize=8192)
def _pattern(positions, operation: str, target: int, n: int) -> Pattern:
    return Pattern(positions, operation, target, n)


def _relative(shape: Shape, cells) -> tuple[tuple[int, int], ...]:
    places = [shape.positions[c] for c in cells]
    top, left = min(places)[0], min([column for _, column in places])
    return tuple([(row - top, column - left) for row, column in places])


@dataclass(frozen=True)
class CalcCages(OnBoard):
    """The cages of a Calcudoku on a Latin square, checked (CalcudokuError) to cover every
    cell once, each connected and with at least one filling; kept in one order (cells
    ascending, cages by first cell). Compared by type, board and cages; tables derived.

    The type says what the cages show: this one any of the four operations."""

    shape: Shape
    cages: tuple[MathCage, ...]
    cage_of: tuple[int, ...] = field(init=False, compare=False, repr=False)
    masks: tuple[int, ...] = field(init=False, compare=False, repr=False)
    # each cage's part of narrowing_tables (None: a filling needs more than 64 bits)
    cage_words: tuple[bytes | None, ...] = field(init=False, compare=False, repr=False)

    shown_operations: ClassVar[tuple[str, ...]] = OPERATIONS  # what two or more cells may show
    made_with: ClassVar[tuple[str, ...]] = OPERATIONS  # what the generator draws from
    mode = "all four operations"    # as messages name it

    def __post_init__(self) -> None:
        ordered = tuple(sorted((MathCage(tuple(sorted(c.cells)), c.target, c.operation)
                                for c in self.cages), key=lambda c: c.cells[0] if c.cells else -1))
        problems = layout_problems(self.shape, ordered, self)
        if problems:
            raise CalcudokuError(problems)
        self._derive(tuple(cage_part(self.shape, cage) for cage in ordered))

    @classmethod
    def unchecked(cls, shape: Shape, parts) -> CalcCages:
        """The cage set of cages that cannot fail its checks, which are skipped: a
        generator's draft, each cage's target made by its cells' values in a solution, its
        groups connected and covering the board (the draft it keeps is checked once).
        `parts`: per cage (cells ascending) its cage_part()."""
        made = object.__new__(cls)
        object.__setattr__(made, "shape", shape)
        made._derive(tuple(sorted(parts, key=lambda part: part[0].cells[0])))
        return made

    def checked(self) -> CalcCages:
        """The cage set, once it passes the checks unchecked() skipped (CalcudokuError):
        a generator's kept draft, its tables kept."""
        problems = layout_problems(self.shape, self.cages, self)
        if problems:
            raise CalcudokuError(problems)
        return self

    def _derive(self, parts: tuple[CagePart, ...]) -> None:
        """Keep the cages (ordered) and their tables, from each one's cage_part()."""
        ordered, masks, words = zip(*parts) if parts else ((),) * 3
        setter = object.__setattr__.__get__(self)
        setter("cages", ordered)
        setter("cage_of", cage_index(self.shape.cell_count, ordered))
        setter("masks", masks)
        setter("cage_words", words)

    @cached_property
    def patterns(self) -> tuple[Pattern, ...]:
        """Each cage's Pattern, made when first asked: a generator's drafts are solved and
        graded from their words alone (cage_words) where the compiled core runs."""
        return tuple(cage_pattern(self.shape, cage) for cage in self.cages)

    @property
    def cage_fillings(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Each cage's fillings."""
        return tuple(p.fillings for p in self.patterns)

    @cached_property
    def lines(self) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
        """Per cage, the lines it meets: (unit index, positions of its cells there)."""
        units = self.shape.unit_masks
        return tuple(tuple((u, tuple(i for i, c in enumerate(cage.cells) if mask >> c & 1))
                           for u, mask in enumerate(units) if mask & self.masks[k])
                     for k, cage in enumerate(self.cages))

    @cached_property
    def narrowing_tables(self) -> bytes | None:
        """The cages as the compiled cage narrowing reads them (csrc/calcnarrow.c): 64-bit
        words in native order, n, cells, cages, then per cage its cell count, filling
        count, cells and packed fillings; None where a filling needs more than 64 bits."""
        if None in self.cage_words:
            return None
        head = array("Q", [self.shape.size, self.shape.cell_count, len(self.cages)])
        return b"".join([head.tobytes(), *self.cage_words])  # type: ignore[list-item]

    def __reduce__(self):
        # Pickle as the defining fields; the tables are rebuilt on arrival.
        return (type(self), (self.shape, self.cages))

    def operation_problem(self, cage: MathCage) -> str | None:
        """Why the cage's operation is not one this type of cage set shows, or None."""
        size, operation = len(cage.cells), cage.operation
        if size == 1:
            return None if operation == HIDDEN else \
                f"a one-cell cage shows its value alone, not {operation!r}"
        if operation not in self.shown_operations:
            shown = " ".join(self.shown_operations)
            return (f"a cage of {size} cells shows one of {shown}" if operation == HIDDEN
                    else f"{operation!r} is not shown here ({self.mode}: {shown})")
        if OPERATION[operation].pairs_only and size != 2:
            return f"{operation!r} is for cages of two cells, this one has {size}"
        return None

    def label(self, cage: MathCage) -> str:
        """The cage's clue as printed: '12+', '2÷', '6' for one cell."""
        return f"{cage.target}{cage.operation}"

    @classmethod
    def operations_over(cls, values: Sequence[int]) -> tuple[str, ...]:
        """The operations a cage over these values may be made with (before a hidden type
        hides them); a one-cell cage's is HIDDEN."""
        return _operations_over(cls.made_with, tuple(values))

    @classmethod
    def shown(cls, operation: str) -> str:
        """What a cage made with `operation` shows."""
        return operation

    def complementable(self) -> bool:
        """Whether v -> n+1-v keeps the puzzle a puzzle: every cage of two or more cells
        shows an operation whose target stays one (+ and −)."""
        return all(len(cage.cells) == 1 or OPERATION[cage.operation].complement is not None
                   for cage in self.cages)

    def name(self, index: int) -> str:
        """A cage as people point at it: 'cage 12+ at r1c2'."""
        cage = self.cages[index]
        return f"cage {self.label(cage)} at {self.shape.cell_name(cage.cells[0])}"

    def reason(self, index: int) -> Reason:
        """A cage as a step's evidence: its printed clue and first cell."""
        cage = self.cages[index]
        return cage_reason(self.label(cage), cage.cells[0])


class AdditionCages(CalcCages):
    """Cages showing + only: the Calcudoku for children."""

    shown_operations = made_with = (ADD,)
    mode = "addition only"


class HiddenCages(CalcCages):
    """Cages showing their targets alone: the solver finds the operations too."""

    shown_operations = (HIDDEN,)
    mode = "operations hidden"

    def operation_problem(self, cage: MathCage) -> str | None:
        if cage.operation != HIDDEN:
            return f"the operations are hidden, but it shows {cage.operation!r}"
        return None

    def label(self, cage: MathCage) -> str:
        return str(cage.target)

    @classmethod
    def shown(cls, operation: str) -> str:
        return HIDDEN

    def complementable(self) -> bool:
        return False  # what relabels a cage depends on the operation it hides


CAGE_SETS = (CalcCages, AdditionCages, HiddenCages)


CagePart = tuple[MathCage, int, "bytes | None"]


def cage_part(shape: Shape, cage: MathCage) -> CagePart:
    """What a cage set keeps of a cage (cells ascending): the cage, its cells' mask and
    its part of narrowing_tables (None where a filling needs more than 64 bits: n bits a
    cell)."""
    if shape.size * len(cage.cells) > 64:
        return cage, mask_of(cage.cells), None
    packed = cage_pattern(shape, cage).packed
    words = array("Q", [len(cage.cells), len(packed), *cage.cells, *packed]).tobytes()
    return cage, mask_of(cage.cells), words


def cage_pattern(shape: Shape, cage: MathCage) -> Pattern:
    """The cage's Pattern (cages alike anywhere share one)."""
    return _pattern(_relative(shape, cage.cells), cage.operation, cage.target, shape.size)


@lru_cache(maxsize=1 << 14)
def _operations_over(made_with: tuple[str, ...], values: tuple[int, ...]) -> tuple[str, ...]:
    """CalcCages.operations_over() for a type making cages with `made_with` (kept: a
    generator asks it of every cage of every draft)."""
    if len(values) == 1:
        return (HIDDEN,)
    return tuple(s for s in made_with if OPERATION[s].made(values) is not None
                 and (len(values) == 2 or not OPERATION[s].pairs_only))


def pack(n: int, masks) -> int:
    """Digit masks of a cage's cells side by side in one int, n bits each: a filling
    packed so is possible where it lies within the packed candidates."""
    packed = 0
    for i, mask in enumerate(masks):
        packed |= mask << (i * n)
    return packed


def unpack(n: int, count: int, packed: int) -> tuple[int, ...]:
    """The digit masks of `count` cells packed side by side."""
    full = (1 << n) - 1
    return tuple(packed >> (i * n) & full for i in range(count))


def union(packed) -> int:
    """The packed fillings or-ed together."""
    found = 0
    for filling in packed:
        found |= filling
    return found


def cage_fillings(shape: Shape, cage: MathCage) -> tuple[tuple[int, ...], ...]:
    """The fillings of a cage on its board."""
    return fillings(_relative(shape, cage.cells), cage.operation, cage.target, shape.size)


class CalcudokuError(ValueError):
    """Cages that do not make a Calcudoku; `problems` lists (cage index or -1, message)."""

    def __init__(self, problems: list[tuple[int, str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(message for _, message in problems))


def layout_problems(shape: Shape, cages, cage_set: CalcCages) -> list[tuple[int, str]]:
    """Everything wrong with cages as a Calcudoku of `cage_set`'s type on the board, cage
    by cage: a cell in two cages or none, a cage not connected, too big, with an operation
    the type does not show, or a target no filling meets."""
    kept = _kept_problems(shape, type(cage_set))
    return cover_problems(shape, cages, lambda cage: _problems(shape, cage, cage_set, kept))


PROBLEMS_KEPT = 1 << 14


_PROBLEMS: dict[tuple[Shape, type], dict[tuple, list[str]]] = {}


def _kept_problems(shape: Shape, cages_type: type[CalcCages]) -> dict[tuple, list[str]]:
    """cage_problems() per cage, kept per board and type of cage set (all they depend on:
    the cage set lends only its type's words), by the cage's plain (cells, target,
    operation), quicker to look up than its dataclass hash: a generator's kept drafts
    are checked whole, most of their cages met before."""
    key = (shape, cages_type)
    found = _PROBLEMS.get(key)
    if found is None:
        _bound(_PROBLEMS, 16)
        found = _PROBLEMS[key] = {}
    return found


def _problems(shape: Shape, cage: MathCage, cage_set: CalcCages,
              kept: dict[tuple, list[str]]) -> list[str]:
    """cage_problems(), kept (`kept`: _kept_problems(shape, type(cage_set)))."""
    key = (cage.cells, cage.target, cage.operation)
    found = kept.get(key)
    if found is None:
        _bound(kept, PROBLEMS_KEPT)
        found = kept[key] = cage_problems(shape, cage, cage_set)
    return list(found)


def cage_problems(shape: Shape, cage: MathCage, cage_set: CalcCages) -> list[str]:
    """What is wrong with one cage on its own."""
    if not cage.cells:
        return ["a cage has no cells"]
    if min(cage.cells) < 0 or max(cage.cells) >= shape.cell_count or \
            len(set(cage.cells)) != len(cage.cells):
        return ["a cage has a cell off the board or twice"]
    if not connected(shape, cage.cells):
        return ["its cells are not connected (a cage is one orthogonally connected piece)"]
    if len(cage.cells) > MAX_CAGE_CELLS:
        return [f"{len(cage.cells)} cells, but a cage holds at most {MAX_CAGE_CELLS}"]
    problem = cage_set.operation_problem(cage)
    if problem:
        return [problem]
    if not cage_fillings(shape, cage):
        return [f"no {len(cage.cells)} values from 1-{shape.size} make {cage_set.label(cage)}"
                + ("" if len(cage.cells) == 1 else " in these cells")]
    return []


def cages_of_solution(cages_type: type[CalcCages], shape: Shape, groups,
                      solution) -> CalcCages:
    """A cage set of `cages_type` over (cells, operation) groups, each target worked out
    from a complete grid (a hidden set keeps the targets and hides the operations)."""
    return SolutionCages(cages_type, shape, solution).cage_set(groups)


class SolutionCages:
    """Cage sets of one type over one complete grid, as a generator's drafts make them:
    over (cells, operation) groups connected and covering the board, operations the
    values allow (operations_over()), so not checked (CalcCages.unchecked()); each cage,
    its target and pattern worked out once however many drafts hold it."""

    def __init__(self, cages_type: type[CalcCages], shape: Shape, solution) -> None:
        self.cages_type, self.shape, self.solution = cages_type, shape, solution
        self._parts: dict[tuple, CagePart] = {}
        self._kept = _kept_parts(shape)

    def cage_set(self, groups) -> CalcCages:
        """The cage set over the groups."""
        return self.cages_type.unchecked(self.shape, [self._part(group) for group in groups])

    def _part(self, group) -> CagePart:
        found = self._parts.get(group)
        if found is None:
            cells, operation = group
            cells = tuple(sorted(cells))
            target = target_of(operation, [self.solution[c] for c in cells])
            key = (cells, target, self.cages_type.shown(operation))
            found = self._kept.get(key)
            if found is None:
                _bound(self._kept, PARTS_KEPT)
                found = self._kept[key] = cage_part(self.shape, MathCage(*key))
            self._parts[group] = found
        return found


PARTS_KEPT = 1 << 15


@lru_cache(maxsize=16)
def _kept_parts(shape: Shape) -> dict[tuple, CagePart]:
    """The cage parts made over any solution on the board, by (cells, target, operation):
    a generator's solutions share many cages, and a plain key is quicker to look up than
    the cage's and the board's dataclass hashes (for speed only)."""
    return {}


def target_of(operation: str, values: Sequence[int]) -> int:
    """What the values make by the operation (a one-cell cage: its value)."""
    if len(values) == 1:
        return values[0]
    made = OPERATION[operation].made(values)
    if made is None:
        raise ValueError(f"{list(values)} make nothing by {operation!r}")
    return made
