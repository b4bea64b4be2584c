"""A Kakuro's clues: the total of every run, the tables its solver and grader share.

Glossary: the *board* is a Kakuro Shape (core/board/shape.py, geometry 'kakuro'): a frame
of black and white squares, whose white squares are the cells and whose *runs* (unbroken
rows and columns of white squares, 'across' and 'down') are the units. A run's *clue
square* is the black square just before it (left of an across run, above a down run),
where its *total* is printed. A *combination* is a set of distinct digits of the run's
length adding up to its total, kept as a digit mask (bit d: digit d+1), as a Killer cage's
are: the tables are the Killer engine's (core/killer/cages.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache

from ..bits import mask_of
from ..board.shape import BOARDS_KEPT, KAKURO_DIGITS, Shape
from ..killer.cages import combinations, givens_problem, sum_range


@dataclass(frozen=True)
class Clues:
    """The totals of a Kakuro's runs, one per unit of its board in unit order, checked
    (ClueError) to be one per run and each a total its run's length can make. Compared by
    board and totals; the tables are derived."""

    shape: Shape
    totals: tuple[int, ...]
    masks: tuple[int, ...] = field(init=False, compare=False, repr=False)
    combos: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    runs_of: tuple[tuple[int, int], ...] = field(init=False, compare=False, repr=False)
    _hash: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        problems = total_problems(self.shape, self.totals)
        if problems:
            raise ClueError(problems)
        setter = object.__setattr__.__get__(self)
        units = self.shape.units
        setter("masks", _board_tables(self.shape)[0])
        setter("combos", tuple(run_combinations(len(unit.cells), total)
                               for unit, total in zip(units, self.totals)))
        setter("runs_of", _board_tables(self.shape)[1])
        setter("_hash", hash((self.shape, self.totals)))

    def __hash__(self) -> int:
        # Kept: the grader's tables are cached by Clues, looked up some 30,000 times a
        # generated Kakuro, and a tuple does not keep its hash.
        return self._hash

    def __reduce__(self):
        # Pickle as the defining fields; the tables are rebuilt on arrival.
        return (Clues, (self.shape, self.totals))

    def run_name(self, run: int) -> str:
        """A run as people point at it: 'the across 16 at r2c3' (its total, first cell)."""
        unit = self.shape.units[run]
        return f"the {unit.kind} {self.totals[run]} at {self.shape.cell_name(unit.cells[0])}"


@cache  # a few hundred (length, total) pairs; the generator makes Clues every round
def run_combinations(length: int, total: int) -> tuple[int, ...]:
    """The combinations of a run of `length` adding up to `total` (digit masks)."""
    return combinations(length, total, KAKURO_DIGITS)


@lru_cache(maxsize=BOARDS_KEPT)
def _board_tables(shape: Shape) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """What Clues derive from the board alone: each run's cells as a mask, each cell's
    runs."""
    return (tuple(mask_of(unit.cells) for unit in shape.units),
            tuple(tuple(shape.units_of[cell]) for cell in range(shape.cell_count)))


class ClueError(ValueError):
    """Totals that do not fit a Kakuro board; `problems` lists (run index or -1, message)."""

    def __init__(self, problems: list[tuple[int, str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(message for _, message in problems))


def total_problems(shape: Shape, totals) -> list[tuple[int, str]]:
    """What is wrong with totals for the board's runs: not one per run, or a total no
    set of distinct digits of the run's length makes."""
    units = shape.units
    if len(totals) != len(units):
        return [(-1, f"{len(totals)} totals for {len(units)} runs")]
    problems = []
    for index, (unit, total) in enumerate(zip(units, totals)):
        length = len(unit.cells)
        if not run_combinations(length, total):
            low, high = sum_range(length, KAKURO_DIGITS)
            problems.append((index, f"{length} different digits cannot add up to {total} "
                                    f"(they make {low} to {high})"))
    return problems


def clue_square(shape: Shape, run: int) -> tuple[int, int]:
    """The frame position (row, col) of a run's clue square: just before its first cell."""
    unit = shape.units[run]
    row, col = shape.positions[unit.cells[0]]
    return (row, col - 1) if unit.kind == "across" else (row - 1, col)


def clues_of_solution(shape: Shape, solution) -> Clues:
    """The clues of a complete filling: every run's digits added up."""
    return Clues(shape, tuple(sum(solution[c] for c in unit.cells) for unit in shape.units))


def givens_problems(clues: Clues, givens) -> list[tuple[int, str]]:
    """Where givens contradict the clues: a digit given twice in a run, or given digits no
    combination of the run's total holds."""
    problems = []
    for index, unit in enumerate(clues.shape.units):
        problem = givens_problem([givens[c] for c in unit.cells if givens[c]],
                                 clues.combos[index], clues.totals[index],
                                 f"{len(unit.cells)} squares")
        if problem:
            problems.append((index, problem))
    return problems
