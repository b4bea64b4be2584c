"""The independent second opinion: a solver written apart from the generator's must agree
that a puzzle has its one solution. Each kind names its own (core/kinds); Sudoku's is
Dancing Links."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from ..board.grid import Grid, format_grid
from ..puzzle import Puzzle
from ..rng import derive_seed
from .dlx import dlx_solve

if TYPE_CHECKING:
    from ..grade.grader import Grading

# Generous: a generated puzzle needs far fewer nodes; the cap only keeps a bad case from
# hanging, and running out is itself a failure (never "probably fine").
VERIFY_MAX_NODES = 2_000_000
Made = TypeVar("Made")


class VerificationError(RuntimeError):
    """The second opinion disagrees with the generator: the puzzle must never be printed."""


class Undecided(VerificationError):
    """The second opinion ran out of its node budget: the puzzle is not proven twice, so it
    must not be printed either, but nothing is known to be wrong with the generator."""


def verify_by_dancing_links(puzzle: Puzzle, named: str) -> None:
    """The second opinion on a puzzle with givens only: Dancing Links (`named`: the
    puzzle's board and kind as messages name them, '9x9 X')."""
    result = dlx_solve(puzzle.givens, limit=2, max_nodes=VERIFY_MAX_NODES)
    require_agreement(puzzle, result, "Dancing Links", format_grid(puzzle.givens), named)


def first_decided(seed: int, context: str, tries: int,
                  make: Callable[[int], tuple[Puzzle, Grading]],
                  verify: Callable[[Puzzle], None]) -> Puzzle:
    """The first puzzle `make` makes (from a seed, with its grading) that `verify` proves,
    graded (first_proven)."""
    puzzle, grading = first_proven(seed, context, tries, make, lambda made: verify(made[0]))
    return puzzle.graded(grading)


def first_proven(seed: int, context: str, tries: int, make: Callable[[int], Made],
                 verify: Callable[[Made], None]) -> Made:
    """The first thing `make` makes (a puzzle and what comes with it) that `verify`
    proves: made from `seed`, then from seeds derived from it and `context` (the same
    every run), up to `tries`. One the second proof cannot decide (Undecided) is dropped
    for the next, the last raised; a disagreement stops at once."""
    for attempt in range(tries):
        made = make(seed if attempt == 0 else derive_seed(seed, context, attempt))
        try:
            verify(made)
        except Undecided:
            if attempt == tries - 1:
                raise
            continue
        return made
    raise AssertionError("unreachable")


def require_agreement(puzzle: Puzzle, result, method: str, line: str, named: str,
                      answer: str | None = None) -> None:
    """Raise unless `result` (count, complete, solutions, nodes) of the second opinion
    `method` agrees with the puzzle; `line` is the puzzle's text, `named` its board and
    kind ('9x9 X Killer') and `answer` its solution as the kind writes answers (digits if
    not given), for the message."""
    problem = _disagreement(puzzle, result, method)
    if problem:
        failure = VerificationError if result.complete else Undecided
        box = f"box {puzzle.shape.box_text}, " if puzzle.shape.box_text else ""
        raise failure(
            f"VERIFICATION FAILED: {named} puzzle ({box}"
            f"seed {puzzle.seed}, symmetry {puzzle.symmetry}): {problem}. "
            f"Givens {line}; generator's solution "
            f"{answer or format_grid(puzzle.solution)}. This puzzle must not be printed.")


def agrees(puzzle: Puzzle, result) -> bool:
    """Whether the second opinion's result agrees with the puzzle: then require_agreement
    passes, and its message's parts need not be made."""
    return _disagreement(puzzle, result, "") is None


def _disagreement(puzzle: Puzzle, result, method: str) -> str | None:
    """What is wrong with the second opinion's answer for the puzzle, or None if it agrees."""
    if not result.complete:
        return f"{method} ran out of nodes after {result.nodes} nodes without deciding"
    if result.count == 0:
        return f"{method} found no solution"
    if result.count > 1:
        first, second = (_text(puzzle, s) for s in result.solutions[:2])
        return f"{method} found at least {result.count} solutions: {first} and {second}"
    if result.solutions[0] != puzzle.solution.cells:
        return f"{method}'s one solution {_text(puzzle, result.solutions[0])} differs"
    return None


def _text(puzzle: Puzzle, cells: tuple[int, ...]) -> str:
    return format_grid(Grid(puzzle.shape, tuple(cells)))
