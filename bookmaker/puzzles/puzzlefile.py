"""Puzzle files, one grid (or Killer) per line: read every line, keep the good ones, name the
bad as FILE:LINE.

A file holds puzzles of one variant (the reader is told which: core/grid.py's formats, and
core/killertext.py's for Killers)."""

from __future__ import annotations

import errno
import sys
from dataclasses import dataclass

from ..core.board.grid import Grid, GridError, format_grid, parse_grid
from ..core.board.shape import Shape
from ..core.killer.cages import Cages
from ..core.killer.text import KILLER_VARIANTS, format_killer, parse_killer
from ..core.puzzle import Puzzle
from ..spec.textfile import encoding_problem

STDIN = "-"
STDIN_NAME = "<stdin>"


@dataclass(frozen=True)
class PuzzleLine:
    """One puzzle line of a file: its grid (a Killer's givens, with its cages), or (grid
    None) the reason it is not one."""

    source: str
    number: int  # 1-based line number in the file, counting blank and comment lines
    grid: Grid | None
    error: str | None = None
    cages: Cages | None = None

    @property
    def where(self) -> str:
        return f"{self.source}:{self.number}"


@dataclass(frozen=True)
class PuzzleFile:
    """Every puzzle line of one file, good and bad, in file order."""

    source: str
    lines: tuple[PuzzleLine, ...]

    @property
    def puzzles(self) -> list[PuzzleLine]:
        return [line for line in self.lines if line.grid is not None]

    @property
    def errors(self) -> list[str]:
        """Each malformed line as 'FILE:LINE: message'."""
        return [f"{line.where}: {line.error}" for line in self.lines if line.grid is None]


def puzzle_line(puzzle: Puzzle) -> str:
    """A puzzle in the text format these files hold and the command line reads: the grid
    line (a jigsaw's with its regions, a Samurai's five grids), a Killer's with its cage
    letters and sums (core/killertext.py)."""
    if puzzle.cages is not None:
        return format_killer(puzzle.givens, puzzle.cages)
    return format_grid(puzzle.givens)


def read_puzzle_file(path: str, shape: Shape | None = None,
                     variant: str | None = None) -> PuzzleFile:
    """Read and parse every line of path ('-' for stdin); OSError if it cannot be read.
    `shape` and `variant` are as for core.grid.parse_grid; with a Killer variant
    ('killer', 'killer-x') each line is a Killer (core/killertext.py)."""
    source = STDIN_NAME if path == STDIN else path
    return parse_puzzle_text(_read_text(path), source, shape, variant)


def parse_puzzle_text(text: str, source: str, shape: Shape | None = None,
                      variant: str | None = None) -> PuzzleFile:
    """Parse each line that is neither blank nor a '#' comment, collecting errors, not stopping."""
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if stripped and not stripped.startswith("#"):
            lines.append(_parse_line(stripped, source, number, shape, variant))
    return PuzzleFile(source, tuple(lines))


def _parse_line(text: str, source: str, number: int, shape: Shape | None,
                variant: str | None) -> PuzzleLine:
    try:
        if variant in KILLER_VARIANTS:
            givens, cages = parse_killer(text, shape, KILLER_VARIANTS[variant])
            return PuzzleLine(source, number, givens, cages=cages)
        return PuzzleLine(source, number, parse_grid(text, shape, variant))
    except GridError as err:
        hint = None if variant in KILLER_VARIANTS else _killer_hint(text)
        return PuzzleLine(source, number, None, hint or str(err))


def _killer_hint(text: str) -> str | None:
    """What to say of a Killer line read as a classic puzzle."""
    parts = text.split()
    if len(parts) == 3 and parts[1].isalnum() and not parts[1].isdigit():
        return ("this looks like a Killer line (givens, cage layout, sums): read it as a "
                "Killer (--variant killer)")
    return None


def _read_text(path: str) -> str:
    # Undecodable bytes become U+FFFD, so they surface as a per-line "bad symbol" error
    # naming the line, rather than one UnicodeDecodeError for the whole file; but a file
    # in UTF-16 or UTF-32 is said to be one (OSError), not read as lines of odd lengths.
    if path == STDIN:
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text-only stand-in for stdin, as some test harnesses use
            return sys.stdin.read()
        data = stream.read()
    else:
        with open(path, "rb") as handle:
            data = handle.read()
    problem = encoding_problem(data)
    if problem:
        raise OSError(errno.EILSEQ, problem)
    return data.decode("utf-8-sig", errors="replace")
