"""The independent second opinion: Dancing Links must agree that a puzzle has its one solution."""

from __future__ import annotations

from .dlx import DlxResult, dlx_solve
from .generator import Puzzle
from .grid import Grid, format_grid


# Generous: a generated puzzle needs far fewer nodes; the cap only keeps a bad case from
# hanging, and running out is itself a failure (never "probably fine").
VERIFY_MAX_NODES = 2_000_000


class VerificationError(RuntimeError):
    """Dancing Links disagrees with the generator: the puzzle must never be printed."""


def verify_puzzle(puzzle: Puzzle) -> None:
    """Raise VerificationError unless DLX finds exactly one solution, equal to puzzle.solution."""
    result = dlx_solve(puzzle.givens, limit=2, max_nodes=VERIFY_MAX_NODES)
    problem = _disagreement(puzzle, result)
    if problem:
        raise VerificationError(
            f"VERIFICATION FAILED: {puzzle.shape} puzzle (box {puzzle.shape.box_text}, "
            f"seed {puzzle.seed}, symmetry {puzzle.symmetry}): {problem}. "
            f"Givens {format_grid(puzzle.givens)}; generator's solution "
            f"{format_grid(puzzle.solution)}. This puzzle must not be printed.")


def _disagreement(puzzle: Puzzle, result: DlxResult) -> str | None:
    """What is wrong with DLX's answer for the puzzle, or None if it agrees."""
    if not result.complete:
        return f"Dancing Links ran out of nodes after {result.nodes} nodes without deciding"
    if result.count == 0:
        return "Dancing Links found no solution"
    if result.count > 1:
        first, second = (_text(puzzle, s) for s in result.solutions[:2])
        return f"Dancing Links found at least {result.count} solutions: {first} and {second}"
    if result.solutions[0] != puzzle.solution.cells:
        return f"Dancing Links' one solution {_text(puzzle, result.solutions[0])} differs"
    return None


def _text(puzzle: Puzzle, cells: tuple[int, ...]) -> str:
    return format_grid(Grid(puzzle.shape, tuple(cells)))
