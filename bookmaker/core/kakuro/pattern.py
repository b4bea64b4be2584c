"""Kakuro patterns made from a seed: black and white squares, symmetric, every white
square in an across and a down run of 2 to `longest` squares, the white squares connected.

The interior (the frame less its first row and column, which hold clues only) starts
white. Runs are cut by black squares, each with its image under the symmetry (an
*orbit*), at places that leave no run of one square: first every run longer than
`longest`, at a random allowed place, then random runs until the black share of the
interior is reached. Adding black never lengthens a run, so this ends. The white squares
must be connected, and a draw that is not is drawn again.
"""

from __future__ import annotations

import re

from ..board.pieces import piece_of
from ..board.shape import Shape, kakuro_of
from ..rng import Rng
from .board import SYMMETRY_MOVES, pattern_text

PATTERN_TRIES = 100


def make_pattern(size: int, rng: Rng, symmetry: str = "rotational", longest: int = 9,
                 black_share: float = 0.3) -> Shape:
    """A Kakuro board of size x size squares; ValueError if none is found in
    PATTERN_TRIES draws (never seen for the sizes and settings the generator uses)."""
    m = size - 1
    move = SYMMETRY_MOVES.get(symmetry, SYMMETRY_MOVES["rotational"])
    for _ in range(PATTERN_TRIES):
        white = _drawn(m, rng, move, longest, black_share)
        if white is not None and _connected(white):
            frame = [[False] * size] + [[False] + row for row in white]
            return kakuro_of(pattern_text(frame))
    raise ValueError(f"no {size}x{size} Kakuro pattern found in {PATTERN_TRIES} draws")


def _drawn(m: int, rng: Rng, move, longest: int, black_share: float):
    """One interior, cut to its longest run and black share; None if stuck."""
    white = [[True] * m for _ in range(m)]
    target = round(black_share * m * m)
    by_line = {(across, line): _line_runs(white, across, line)
               for across in (True, False) for line in range(m)}
    stuck, changed = 0, True
    while stuck < 4 * m:
        if changed:  # the runs change only with a cut, and only in its squares' lines
            runs = [run for line_runs in by_line.values() for run in line_runs]
            long = [run for run in runs if run[2] > longest]
            if not long and m * m - sum(map(sum, white)) >= target:
                return white
        run = long[rng.below(len(long))] if long else runs[rng.below(len(runs))]
        cut = _cut(white, run, rng, m, move)
        for r, c in cut:
            by_line[True, r] = _line_runs(white, True, r)
            by_line[False, c] = _line_runs(white, False, c)
        changed = bool(cut)
        if changed:
            stuck = 0
        else:
            stuck += 1
            if long and stuck >= 4 * m:
                return None
    return white if not any(run[2] > longest for run in _runs(white)) else None


def _runs(white) -> list[tuple[bool, int, int, int]]:
    """Every run as (across, line, length, start): the across runs line by line, then the
    down runs."""
    return [run for across in (True, False) for line in range(len(white))
            for run in _line_runs(white, across, line)]


def _line_runs(white, across: bool, line: int) -> list[tuple[bool, int, int, int]]:
    """A row's (across) or column's runs from their starts, each a match of white squares
    in the line's bytes (a draw asks for them some thirty times a pattern)."""
    squares = white[line] if across else [row[line] for row in white]
    return [(across, line, run.end() - run.start(), run.start())
            for run in _WHITE_RUN.finditer(bytes(squares))]


_WHITE_RUN = re.compile(b"\x01+")


def _cut(white, run, rng: Rng, m: int, move) -> set[tuple[int, int]]:
    """Blacken a square of the run (and its image) where no run of one square is left;
    the squares blackened (none if no place was found)."""
    across, line, length, start = run
    places = [p for p in range(length) if p in (0, length - 1) or 2 <= p <= length - 3]
    for p in rng.shuffled(places):
        square = (line, start + p) if across else (start + p, line)
        orbit = {square, move(*square, m)}
        if all(white[r][c] for r, c in orbit):
            for r, c in orbit:
                white[r][c] = False
            if all(_fine_around(white, r, c, m) for r, c in orbit):
                return orbit
            for r, c in orbit:
                white[r][c] = True
    return set()


def _fine_around(white, row: int, col: int, m: int) -> bool:
    """Whether the white squares beside a blackened square still have runs of two."""
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if 0 <= r < m and 0 <= c < m and white[r][c]:
            across = (c > 0 and white[r][c - 1]) or (c < m - 1 and white[r][c + 1])
            down = (r > 0 and white[r - 1][c]) or (r < m - 1 and white[r + 1][c])
            if not (across and down):
                return False
    return True


def _connected(white) -> bool:
    m = len(white)
    squares = {(r, c) for r in range(m) for c in range(m) if white[r][c]}
    if not squares:
        return False
    return len(piece_of(squares, next(iter(squares)))) == len(squares)
