"""A Hashi's one-line text form, and its answer's; parse and format round-trip exactly.

GIVENS is n*n symbols row by row: an island's count '1' to '8', or '.' for water. A 7x7:

    .......3.5..4.........2..1.........2.3.2...4...4.

ANSWER is a solution's squares row by row, as long as GIVENS: an island's count '1' to
'8' as there, and each water square's bridges: '.' none, '-' one across, '=' two across,
'|' one down, 'H' two down. It reads alone: its islands are the puzzle's, and its bridges
the answer. The 7x7's:

    .......3-5==4.H.H..H.H2H.1H.HHH.|H.2H3-2H..4===4.
"""

from __future__ import annotations

import math

from ..board.grid import Grid, GridError
from ..board.shape import Shape, hashi_of
from .rules import MOST_BRIDGES, layout_of

SIZES = range(7, 26)
COUNTS = "12345678"   # an island's count
WATER = "."
# A water square's code in an answer (rules.py): none, one and two across, one and two
# down ('H' for two down: its two rails; a quote mark would need escaping in a shell, a
# JSON string or a CSV field).
BRIDGES = ".-=|H"


def format_givens(givens: Grid) -> str:
    """The GIVENS line: each island's count, '.' for water."""
    return "".join(COUNTS[v - 1] if v else WATER for v in givens.cells)


def format_answer(solution: Grid) -> str:
    """The ANSWER line of a solution."""
    return "".join((COUNTS + BRIDGES)[v - 1] for v in solution.cells)


def parse_hashi(text: str, board: Shape | None = None) -> Grid:
    """Read one Hashi line; GridError names what is wrong."""
    parts = text.split()
    if len(parts) != 1:
        raise GridError(f"a Hashi line is one part, its islands and water; got {len(parts)}")
    line = parts[0]
    bad = next((i for i, symbol in enumerate(line) if symbol not in COUNTS + WATER), None)
    if bad is not None:
        raise GridError(f"bad symbol {line[bad]!r} at position {bad + 1}; a Hashi's squares "
                        f"are an island's count 1-8 or '.' for water")
    n = _size(len(line), board)
    givens = Grid(hashi_of(n), tuple(COUNTS.index(s) + 1 if s != WATER else 0 for s in line))
    _check_islands(givens)
    return givens


def parse_answer(text: str, board: Shape) -> Grid:
    """Read an ANSWER line on a Hashi's board; GridError names what is wrong."""
    line = text.strip()
    bad = next((i for i, symbol in enumerate(line) if symbol not in COUNTS + BRIDGES), None)
    if bad is not None:
        raise GridError(f"bad symbol {line[bad]!r} at position {bad + 1}; a Hashi's answer "
                        f"holds an island's count 1-8, or for water {BRIDGES[0]!r} (no "
                        f"bridge), {BRIDGES[1]!r} {BRIDGES[2]!r} (one, two across) or "
                        f"{BRIDGES[3]!r} {BRIDGES[4]!r} (one, two down)")
    n = _size(len(line), board)
    return Grid(hashi_of(n), tuple((COUNTS + BRIDGES).index(s) + 1 for s in line))


def _size(length: int, board: Shape | None) -> int:
    n = board.size if board is not None else math.isqrt(length)
    if length != n * n or n not in SIZES:
        raise GridError(f"wrong length: {length} squares; a Hashi is {SIZES[0]}x{SIZES[0]} to "
                        f"{SIZES[-1]}x{SIZES[-1]}" +
                        (f" (this one {n}x{n}: {n * n} squares)" if board is not None else ""))
    return n


def _check_islands(givens: Grid) -> None:
    """GridError for islands no solution can have: fewer than two, two side by side, a
    count more than its neighbours in line can take."""
    shape, cells = givens.shape, givens.cells
    n = shape.size
    if sum(1 for v in cells if v) < 2:
        raise GridError("a Hashi has at least two islands")
    for cell, v in enumerate(cells):
        if v and cell % n + 1 < n and cells[cell + 1] or v and cell + n < n * n and cells[cell + n]:
            other = cell + 1 if cell % n + 1 < n and cells[cell + 1] else cell + n
            raise GridError(f"the islands at {shape.cell_name(cell)} and "
                            f"{shape.cell_name(other)} touch; bridges run over water")
    layout = layout_of(n, cells)
    for island, count in enumerate(layout.counts):
        most = MOST_BRIDGES * len(layout.links_of[island])
        if count > most:
            raise GridError(f"the island at {shape.cell_name(layout.islands[island])} counts "
                            f"{count} but has {len(layout.links_of[island])} neighbour"
                            f"{'s' if len(layout.links_of[island]) != 1 else ''} in line: at "
                            f"most {most} bridges")
