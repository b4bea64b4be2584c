"""A Calcudoku's one-line text form: the cage layout and the clues; parse and format
round-trip exactly.

    LAYOUT CLUES

LAYOUT holds a cage letter per cell, row by row (A-Z, then a-z, then 0-9: 62 cages at
most), one letter per cage; its length gives the size (9 cells: 3x3, up to 81: 9x9).
CLUES lists each cage's clue, comma separated, in the order the cages first appear
reading row by row: the target, then its operation written + - x / (the printed
× ÷ − and * are read too), and a one-cell cage's value alone. Addition-only lines show
+ on every cage of two or more cells; hidden-operation lines show the targets alone.
Written out, cages are lettered in order of first appearance (A, B, C, ...), so every
Calcudoku has one text. A 4x4 example:

    AABCDEBCDEFFGHHF 3-,7+,2/,1-,12x,6+,4,2/
"""

from __future__ import annotations

import re

from ..board.cages import format_layout, layout_cages, read_layout
from ..board.grid import GridError, line_parts
from ..board.shape import Shape, latin_of
from .cages import HIDDEN, OPERATION, CalcCages, CalcudokuError, MathCage

SIZES = range(3, 10)
WRITTEN = {HIDDEN: "", **{s: op.spellings[0] for s, op in OPERATION.items()}}
READ = {"": HIDDEN, **{spelled: s for s, op in OPERATION.items()
                       for spelled in (*op.spellings, s)}}
_CLUE = re.compile(r"(\d{1,6})(.?)")


def format_calcudoku(cages: CalcCages) -> str:
    """The one-line text of a Calcudoku; ValueError if it has more cages than letters."""
    layout = format_layout(cages.cage_of, len(cages.cages))
    clues = ",".join(f"{cage.target}{WRITTEN[cage.operation]}" for cage in cages.cages)
    return f"{layout} {clues}"


def parse_calcudoku(text: str, cages_type: type[CalcCages] = CalcCages,
                    shape: Shape | None = None) -> CalcCages:
    """Read one line as cages of `cages_type` on `shape` (else the Latin square its layout's
    length gives); GridError names what is wrong, and which cage (by its letter on the
    line, its clue and its first cell)."""
    parts = line_parts(text, "Calcudoku", ("the cage layout", "the clues"))
    shape = shape or latin_of(_size_of(len(parts[0])))
    letters = read_layout(parts[0], shape, "Calcudoku")
    clues = _read_clues(parts[1])
    order, groups = layout_cages(letters, len(clues), "clues")
    cages = [MathCage(cells, target, operation)
             for cells, (target, operation) in zip(groups, clues)]
    return _checked(shape, cages_type, cages, order)


def _size_of(length: int) -> int:
    for n in SIZES:
        if n * n == length:
            return n
    raise GridError(f"the cage layout has {length} letters: a Calcudoku from "
                    f"{SIZES[0]}x{SIZES[0]} to {SIZES[-1]}x{SIZES[-1]} has a square number "
                    f"of cells, {SIZES[0] ** 2} to {SIZES[-1] ** 2}")


def _read_clues(text: str) -> list[tuple[int, str]]:
    clues = []
    for i, token in enumerate(text.split(",")):
        match = _CLUE.fullmatch(token)
        if not match or match.group(2) not in READ:
            shown = token if len(token) <= 10 else token[:10] + "..."
            raise GridError(f"bad clue {shown!r} (number {i + 1} of the clues); a clue is a "
                            f"target and its operation (+ - x /), like 12+ or 2/, or a "
                            f"number alone, separated by commas without spaces")
        clues.append((int(match.group(1)), READ[match.group(2)]))
    return clues


def _checked(shape: Shape, cages_type: type[CalcCages], cages: list[MathCage],
             letters: list[str]) -> CalcCages:
    """The cage set, or GridError naming the first problem's cage."""
    try:
        return cages_type(shape, tuple(cages))
    except CalcudokuError as err:
        index, message = err.problems[0]
    if index < 0:
        raise GridError(f"cage layout: {message}")
    ordered = sorted(range(len(cages)), key=lambda i: cages[i].cells[0])
    cage = cages[ordered[index]]
    raise GridError(f"cage {letters[ordered[index]]} (clue {cage.target}"
                    f"{WRITTEN[cage.operation]}, from {shape.cell_name(cage.cells[0])}): "
                    f"{message}")
