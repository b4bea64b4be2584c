"""A Killer's one-line text form: the givens, the cage layout and the sums; parse and
format round-trip exactly.

    GIVENS LAYOUT SUMS

GIVENS is the usual grid text (board/grid.py; all '.' for a pure Killer). LAYOUT holds a cage
letter per cell, row by row (A-Z, then a-z, then 0-9: 62 cages at most, board/cages.py),
one letter per cage. SUMS lists the cage totals, comma separated, in the order the cages
first appear reading row by row. Written out, cages are lettered in that same order (A,
B, C, ...), so every Killer has one text. A 4x4 example (cages A: r1c1-r1c2, B: r1c3-r2c3, ...):

    ................ AABCDDBCEFGGEFHH 7,5,5,3,4,7,3,6
"""

from __future__ import annotations

import re

from ..board.cages import format_layout, layout_cages, read_layout
from ..board.grid import Grid, GridError, format_grid, line_parts, parse_grid
from ..board.shape import Shape, board_of
from .cages import Cage, CageError, Cages, givens_problems


def format_killer(givens: Grid, cages: Cages) -> str:
    """The one-line text of a Killer; ValueError if it has more cages than letters."""
    layout = format_layout(cages.cage_of, len(cages.cages))
    sums = ",".join(str(cage.total) for cage in cages.cages)
    return f"{format_grid(givens)} {layout} {sums}"


def parse_killer(text: str, shape: Shape | None = None,
                 geometry: str = "classic") -> tuple[Grid, Cages]:
    """Read one Killer line as its givens and cages, on `shape` or else on the board of
    that geometry and the size the givens' length gives; GridError names what is wrong,
    and which cage (by its letter on the line, its sum and its first cell)."""
    parts = line_parts(text, "Killer", ("givens", "cage layout", "sums"))
    if shape is None:
        inferred = parse_grid(parts[0]).shape
        shape = board_of(inferred.box_rows, inferred.box_cols, geometry)
    givens = parse_grid(parts[0], shape)
    letters = read_layout(parts[1], givens.shape, "Killer")
    totals = _read_sums(parts[2])
    order, groups = layout_cages(letters, len(totals), "sums")
    cages = [Cage(cells, total) for cells, total in zip(groups, totals)]
    return givens, _checked(givens, cages, order)


def _read_sums(text: str) -> list[int]:
    tokens = text.split(",")
    for i, token in enumerate(tokens):
        if not re.fullmatch(r"\d{1,3}", token):
            shown = token if len(token) <= 10 else token[:10] + "..."
            raise GridError(f"bad sum {shown!r} (number {i + 1} of the sums); sums are "
                            f"whole numbers separated by commas, no spaces")
    return [int(token) for token in tokens]


def _checked(givens: Grid, cages: list[Cage], letters: list[str]) -> Cages:
    """The Cages, or GridError naming the first problem's cage."""
    shape = givens.shape
    try:
        checked = Cages(shape, tuple(cages))
    except CageError as err:
        raise GridError(_problem_text(shape, cages, letters, *err.problems[0])) from None
    by_first_cell = {cage.cells[0]: i for i, cage in enumerate(cages)}
    problems = givens_problems(checked, givens.cells)
    if problems:
        index, message = problems[0]
        raise GridError(_problem_text(shape, cages, letters,
                                      by_first_cell[checked.cages[index].cells[0]], message))
    return checked


def _problem_text(shape: Shape, cages: list[Cage], letters: list[str], index: int,
                  message: str) -> str:
    if index < 0:
        return f"cage layout: {message}"
    cage = cages[index]
    return (f"cage {letters[index]} (sum {cage.total}, from "
            f"{shape.cell_name(cage.cells[0])}): {message}")
