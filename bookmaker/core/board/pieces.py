"""Orthogonally connected pieces of a frame's squares: a cage must be one, and so must a
Kakuro's white squares."""

from __future__ import annotations

Square = tuple[int, int]  # (row, column) in the frame


def piece_of(squares: set[Square] | dict[Square, int], start: Square) -> set[Square]:
    """The squares orthogonally connected to `start` (one of `squares`) within `squares`."""
    todo, seen = [start], {start}
    while todo:
        row, col = todo.pop()
        for step in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if step in squares and step not in seen:
                seen.add(step)
                todo.append(step)
    return seen
