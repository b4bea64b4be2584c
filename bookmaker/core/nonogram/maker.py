"""From a picture to a Nonogram the line solver solves alone and with one solution only:
first a few flips of cells on the picture's outline where they settle the most, then cells
printed as givens where the solver is stuck, until it solves; proof two must agree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ..rng import Rng
from .automata import count_by_automata
from .puzzle import Given, Grid, Nonogram, as_grid
from .solver import LineSolver, count_solutions

TRIALS = 8  # cells tried for each flip or given (a sample keeps a 40x40 quick)
PROBE_BELOW = 40  # probing costs two propagations an unknown cell: tried when few are left
Pictured = TypeVar("Pictured", bound=Any)  # a Nonogram or a colour one: solution, givens, width


@dataclass(frozen=True)
class Made:
    """The puzzle made from a picture, and how far it strays from it."""

    puzzle: Nonogram
    flipped: tuple[tuple[int, int], ...]  # cells changed from the picture

    @property
    def changes(self) -> int:
        return len(self.flipped) + len(self.puzzle.givens)


def make_from_picture(picture: Sequence[Sequence[bool]], rng: Rng,
                      max_flips: int | None = None) -> Made:
    """The puzzle for picture: flips (at most max_flips, by default a fiftieth of the
    cells) where one clears more unknowns than it costs, then givens."""
    grid = [list(row) for row in as_grid(picture)]
    budget = len(grid) * len(grid[0]) // 50 if max_flips is None else max_flips
    flipped: list[tuple[int, int]] = []
    stuck = _solve(grid)
    while not stuck.solved and len(flipped) < budget:
        flip = _best_flip(grid, stuck, rng)
        if flip is None:
            break
        stuck = flip[1]
        grid[flip[0][0]][flip[0][1]] ^= True
        flipped.append(flip[0])
    bare = Nonogram.of_picture(grid)
    puzzle = Nonogram.of_picture(grid, givens_for(LineSolver(bare, probing=False),
                                                  bare.solution, rng))
    _prove(puzzle)
    return Made(puzzle, tuple(flipped))


def at_most(puzzle: Nonogram, grade: str) -> Nonogram:
    """printed_within() of a Nonogram: a black-and-white step always settles a cell."""
    from .ladder import grade_nonogram

    eased = printed_within(puzzle, grade, lambda made: grade_nonogram(made).steps,
                           lambda made, givens: Nonogram.of_picture(made.solution,
                                                                    made.givens + givens))
    assert eased is not None
    return eased


def printed_within(puzzle: Pictured, grade: str, steps_of: Callable[[Pictured], Sequence],
                   with_givens: Callable[[Pictured, tuple], Pictured]) -> Pictured | None:
    """The puzzle with cells printed as givens until it needs no technique harder than
    the grade: each time the cells the first harder step settles (one at a time took a
    15x15 9 s); None where that step settles none (a colour struck). It ends: each turn
    prints a cell more, and a puzzle of givens alone needs no technique."""
    from .ladder import techniques_within

    allowed = techniques_within(grade)
    while True:
        harder = next((step for step in steps_of(puzzle) if step.technique not in allowed),
                      None)
        if harder is None:
            return puzzle
        if not harder.placements:
            return None
        cells = (divmod(cell, puzzle.width) for cell, _ in harder.placements)
        puzzle = with_givens(puzzle, tuple((row, column, puzzle.solution[row][column])
                                           for row, column in cells))


def random_grid(height: int, width: int, rng: Rng, shaded_percent: int = 55) -> Grid:
    """A random grid (only on request: it draws no picture)."""
    return tuple(tuple(rng.below(100) < shaded_percent for _ in range(width))
                 for _ in range(height))


def _solve(grid: list[list[bool]]) -> LineSolver:
    """The line solver run on grid's clues, probing once few cells are left unknown."""
    solver = LineSolver(Nonogram.of_picture(grid), probing=False)
    solver.run()
    if solver.unknown < PROBE_BELOW:
        solver.probing = True
        solver.run()
    return solver


def _outline(grid: list[list[bool]], row: int, column: int) -> bool:
    """Whether a cell lies on the picture's outline (a neighbour of the other colour)."""
    here = grid[row][column]
    return any(0 <= r < len(grid) and 0 <= c < len(grid[0]) and grid[r][c] != here
               for r, c in ((row - 1, column), (row + 1, column),
                            (row, column - 1), (row, column + 1)))


def _best_flip(grid: list[list[bool]], stuck: LineSolver, rng: Rng):
    """The outline cell among a sample whose flip leaves fewest unknowns, if any helps."""
    cells = [cell for cell in stuck.unknown_cells() if _outline(grid, *cell)]
    best = None
    for row, column in rng.shuffled(cells)[:TRIALS]:
        grid[row][column] ^= True
        trial = _solve(grid)
        grid[row][column] ^= True
        if trial.unknown < (best[1].unknown if best else stuck.unknown - 1):
            best = ((row, column), trial)
    return best


def givens_for(solver, solution, rng: Rng) -> tuple[Given, ...]:
    """Cells of solution to print until the line solver (either kind's, not probing) solves
    alone: each the one among a sample that leaves fewest unknown when given; probing
    first once few cells are unknown."""
    givens: list = []
    while not solver.run():
        if solver.unknown < PROBE_BELOW and solver.probe_step():
            continue
        row, column = _best_given(solver, solution, rng)
        givens.append((row, column, solution[row][column]))
        solver.give(*givens[-1])
    return tuple(givens)


def _best_given(solver, solution, rng: Rng) -> tuple[int, int]:
    best, most = None, -1
    for row, column in rng.shuffled(list(solver.unknown_cells()))[:TRIALS]:
        left = solver.unknown_after(row, column, solution[row][column])
        if most < 0 or left < most:
            best, most = (row, column), left
    assert best is not None
    return best


def _prove(puzzle: Nonogram) -> None:
    """Both proofs must find exactly one solution, the picture's."""
    by_lines = count_solutions(puzzle)
    by_automata = count_by_automata(puzzle.rows, puzzle.columns, puzzle.givens)
    if by_lines != 1 or by_automata != 1:
        raise AssertionError(f"proofs disagree: lines {by_lines}, automata {by_automata}")
