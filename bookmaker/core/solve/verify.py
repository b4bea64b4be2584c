"""The independent second opinion: Dancing Links (for a Killer, the Killer check) must agree
that a puzzle has its one solution."""

from __future__ import annotations

from ..board.grid import Grid, format_grid
from ..killer.check import CheckResult, check_killer
from ..killer.text import format_killer
from ..puzzle import Puzzle
from .dlx import DlxResult, dlx_solve

# Generous: a generated puzzle needs far fewer nodes; the cap only keeps a bad case from
# hanging, and running out is itself a failure (never "probably fine").
VERIFY_MAX_NODES = 2_000_000
# A Killer check's node costs a few milliseconds (a Dancing Links node some microseconds);
# generated Killers need at most a few hundred (bench/results/epyc-2cpu/2026-11-22-killer.md).
KILLER_VERIFY_MAX_NODES = 20_000


class VerificationError(RuntimeError):
    """The second opinion disagrees with the generator: the puzzle must never be printed."""


class Undecided(VerificationError):
    """The second opinion ran out of its node budget: the puzzle is not proven twice, so it
    must not be printed either, but nothing is known to be wrong with the generator."""


def verify_puzzle(puzzle: Puzzle) -> None:
    """Raise VerificationError unless the second opinion finds exactly one solution, equal
    to puzzle.solution: Dancing Links, or for a Killer the Killer check (killer/check.py)."""
    result: DlxResult | CheckResult
    if puzzle.cages is None:
        method = "Dancing Links"
        result = dlx_solve(puzzle.givens, limit=2, max_nodes=VERIFY_MAX_NODES)
        givens = format_grid(puzzle.givens)
    else:
        method = "The Killer check"
        result = check_killer(puzzle.shape, [(c.cells, c.total) for c in puzzle.cages.cages],
                              puzzle.givens.cells, limit=2, max_nodes=KILLER_VERIFY_MAX_NODES)
        givens = format_killer(puzzle.givens, puzzle.cages)
    problem = _disagreement(puzzle, result, method)
    if problem:
        kind = f"{puzzle.shape}" + (" Killer" if puzzle.cages is not None else "")
        failure = VerificationError if result.complete else Undecided
        raise failure(
            f"VERIFICATION FAILED: {kind} puzzle (box {puzzle.shape.box_text}, "
            f"seed {puzzle.seed}, symmetry {puzzle.symmetry}): {problem}. "
            f"Givens {givens}; generator's solution "
            f"{format_grid(puzzle.solution)}. This puzzle must not be printed.")


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
