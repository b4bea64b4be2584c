"""From a colour picture to a colour Nonogram the line solver solves alone, with one
solution only: the black-and-white maker's way (maker.py): a few changes of cells on the
picture's outline to a neighbour's colour where they settle the most, then cells printed as
givens where the solver is stuck; proof two must agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rng import Rng
from .colourautomata import grids_by_colour_automata
from .colourpuzzle import ColourNonogram, as_picture
from .coloursolver import ColourSolver, count_solutions
from .maker import PROBE_BELOW, TRIALS, givens_for, printed_within


@dataclass(frozen=True)
class ColourMade:
    """The puzzle made from a picture, and the cells changed from it."""

    puzzle: ColourNonogram
    changed: tuple[tuple[int, int], ...]

    @property
    def changes(self) -> int:
        return len(self.changed) + len(self.puzzle.givens)


def colours_in(picture: Sequence[Sequence[int]]) -> int:
    return max(max(row) for row in picture)


def make_from_colour_picture(picture: Sequence[Sequence[int]], rng: Rng,
                             max_changes: int | None = None) -> ColourMade:
    """The puzzle for picture (0 blank, 1..k colours): changes (at most max_changes, by
    default a fiftieth of the cells) where one clears more open cells than it costs,
    then givens."""
    grid = [list(row) for row in as_picture(picture)]
    colours = max(colours_in(grid), 1)
    budget = len(grid) * len(grid[0]) // 50 if max_changes is None else max_changes
    changed: list[tuple[int, int]] = []
    stuck = _solve(grid, colours)
    while not stuck.solved and len(changed) < budget:
        change = _best_change(grid, colours, stuck, rng)
        if change is None:
            break
        (row, column, value), stuck = change
        grid[row][column] = value
        changed.append((row, column))
    bare = ColourNonogram.of_picture(grid, colours)
    puzzle = ColourNonogram.of_picture(grid, colours, givens_for(
        ColourSolver(bare, probing=False), bare.solution, rng))
    prove(puzzle)
    return ColourMade(puzzle, tuple(changed))


def colour_at_most(puzzle: ColourNonogram, grade: str) -> ColourNonogram | None:
    """maker.printed_within() of a colour Nonogram (a random 20x20 needs one or two turns,
    0.1-0.3 s, where drawing another grid takes 3 s); None where a step that strikes a
    colour settles no cell."""
    from .colourgrade import grade_colour_nonogram

    return printed_within(puzzle, grade, lambda made: grade_colour_nonogram(made).steps,
                          lambda made, givens: ColourNonogram.of_picture(
                              made.solution, made.colours, made.givens + givens))


def _solve(grid: list[list[int]], colours: int) -> ColourSolver:
    solver = ColourSolver(ColourNonogram.of_picture(grid, colours), probing=False)
    solver.run()
    if solver.unknown < PROBE_BELOW:
        solver.probing = True
        solver.run()
    return solver


def _neighbours(grid: list[list[int]], row: int, column: int) -> list[int]:
    """The values beside a cell that differ from its own (it is on an outline if any)."""
    here = grid[row][column]
    return sorted({grid[r][c] for r, c in ((row - 1, column), (row + 1, column),
                                           (row, column - 1), (row, column + 1))
                   if 0 <= r < len(grid) and 0 <= c < len(grid[0]) and grid[r][c] != here})


def _best_change(grid: list[list[int]], colours: int, stuck: ColourSolver, rng: Rng):
    """The outline cell and value among a sample that leaves fewest open cells, if any
    helps."""
    trials = [(row, column, value) for row, column in stuck.unknown_cells()
              for value in _neighbours(grid, row, column)]
    best = None
    for row, column, value in rng.shuffled(trials)[:TRIALS]:
        was = grid[row][column]
        grid[row][column] = value
        trial = _solve(grid, colours)
        grid[row][column] = was
        if trial.unknown < (best[1].unknown if best else stuck.unknown - 1):
            best = ((row, column, value), trial)
    return best


def prove(puzzle: ColourNonogram) -> None:
    """Both proofs must find exactly one solution, the picture's."""
    by_lines = count_solutions(puzzle)
    by_automata = grids_by_colour_automata(puzzle.rows, puzzle.columns, puzzle.colours,
                                           puzzle.givens)[0]
    if by_lines != 1 or by_automata != 1:
        raise AssertionError(f"proofs disagree: lines {by_lines}, automata {by_automata}")


def random_colour_grid(height: int, width: int, colours: int, rng: Rng,
                       blank_percent: int = 35) -> tuple[tuple[int, ...], ...]:
    """A random grid of colours (only on request: it draws no picture)."""
    return tuple(tuple(0 if rng.below(100) < blank_percent else 1 + rng.below(colours)
                       for _ in range(width)) for _ in range(height))
