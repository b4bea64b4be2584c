"""The eight turns and mirrors of an n x n square, as cell maps; the kinds' repeat keys map
their clues along (a sign between two cells, a clue beside a row or column)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ..board.grid import Grid
from ..board.shape import Shape

# Each move sends (row, col) to its image, for an n x n square (m = n - 1).
_MOVES = (
    lambda r, c, m: (r, c),          # as it is
    lambda r, c, m: (c, m - r),      # a quarter turn clockwise
    lambda r, c, m: (m - r, m - c),  # a half turn
    lambda r, c, m: (m - c, r),      # three quarter turns
    lambda r, c, m: (r, m - c),      # mirrored left to right
    lambda r, c, m: (m - r, c),      # mirrored top to bottom
    lambda r, c, m: (c, r),          # mirrored in the main diagonal
    lambda r, c, m: (m - c, m - r),  # mirrored in the other diagonal
)


@lru_cache(maxsize=16)
def square_moves(n: int) -> tuple[tuple[int, ...], ...]:
    """The eight moves of the square as maps cell -> image cell (row-major cells)."""
    return tuple(tuple(_image(move, n, cell) for cell in range(n * n)) for move in _MOVES)


def _image(move, n: int, cell: int) -> int:
    row, col = move(*divmod(cell, n), n - 1)
    return row * n + col


def moved_values(values: tuple[int, ...], move: tuple[int, ...]) -> tuple[int, ...]:
    """The cells' values after a move: the value of cell c lands on move[c]."""
    moved = [0] * len(values)
    for cell, value in enumerate(values):
        moved[move[cell]] = value
    return tuple(moved)


def rectangle_images(cells: tuple[int, ...], height: int,
                     width: int) -> list[list[tuple[int, ...]]]:
    """The rows of a height x width grid's cells under the eight turns and mirrors: the
    four flips and half turn keep its sides, and on a rectangle the other four swap them
    (the same puzzle turned)."""
    rows = [cells[r * width:(r + 1) * width] for r in range(height)]
    images = []
    for turned in (rows, [tuple(column) for column in zip(*rows)]):
        for across in (False, True):
            for down in (False, True):
                images.append([row[::-1] if across else row for row in
                               (turned[::-1] if down else turned)])
    return images


def least_rectangle_key(name: str, givens: Grid, shape_of: Callable[[int, int], Shape],
                        text: Callable[[Grid], str]) -> str:
    """'NAME HxW:' (the smaller side first) and the least text of a rectangle's givens
    under the eight turns and mirrors (rectangle_images), each image read as a grid of
    `shape_of(height, width)` and written by `text`: a Hashi's and a Slitherlink's key."""
    def image_text(rows: list) -> str:
        shape = shape_of(len(rows), len(rows[0]))
        return text(Grid(shape, tuple(v for row in rows for v in row)))
    low, high = sorted(givens.shape.frame)
    return f"{name} {low}x{high}:" + min(map(image_text, rectangle_images(
        givens.cells, *givens.shape.frame)))
