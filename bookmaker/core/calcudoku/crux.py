"""A Calcudoku draft's grading with its crux's cells, from one compiled grading of its
tables (the generator's climbs): no cage set built and no step worded.

A climb hardens around the cells of its draft's crux (generate._crux_cells: the last step
of the hardest technique, its pattern's cells, its eliminations' and its placements').
graded_quietly() words that step in Python, which builds the draft's cage set and, for
the area techniques, every area (a 6x6 expert: a fifth of its CPU). Here the compiled
loop grades the draft's tables and hands back the state it found the crux in; the crux's
place is asked of the compiled finder alone (calcudoku_find; an area technique's areas
made in C, csrc/calcareatables.c), or of the classic technique's compiled twin, and only its
cells are kept: the grading's crux step is Step(technique, (), (), "", length, cells=its
cells), all generate._crux_cells() reads. The grade, score and hardest are
grading_of_tables()'s, so the same as graded_quietly()'s.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable

from .. import compiled
from ..bits import bits_of
from ..board.shape import Shape
from ..grade.candidates import Step
from ..grade.grader import Grading, Ladder, grading_of
from . import techniques as c
from .grade import CALCUDOKU_LADDER
from .quiet import CAGE, SOLVED, group_tables, unworded

_AREA_WORDS = 10  # an area in area_tables(): innies (4 words), total, outies, total
_SIDE_WORDS = 5


def crux_graded_of_tables(shape: Shape, board: tuple, tables: bytes, cage_sums: bytes,
                          plan: tuple, cage_cells: list[tuple[int, ...]],
                          ladder: Ladder = CALCUDOKU_LADDER) -> tuple[Grading | None, int]:
    """(graded_quietly()'s grading of the blank state of the cages given as tables, its
    crux step holding its cells alone, 0), or (None, the cells left open) where it
    stalls. `cage_cells`: each cage's cells, in the tables' order (by first cell)."""
    answer, cells = compiled.calcudoku_table_grader()(board[0], shape.size, tables, board[1],
                                                     cage_sums, *plan[:2])
    if cells is not None:  # a cage or area technique's crux, its cells named where found
        return _crux_graded(answer, ladder, lambda rank, crux: cells)
    return crux_graded_of_answer(shape, answer, tables, cage_sums, plan, cage_cells, ladder)


def crux_graded_of_answer(shape: Shape, answer: tuple, tables: bytes, cage_sums: bytes,
                          plan: tuple, cage_cells: list[tuple[int, ...]],
                          ladder: Ladder = CALCUDOKU_LADDER) -> tuple[Grading | None, int]:
    """crux_graded_of_tables() of the compiled grader's answer on those tables (a climb's
    compiled step hands back its answer on the change it keeps)."""
    return _crux_graded(answer, ladder, lambda rank, crux: tuple(sorted(_crux_cells(
        shape, plan, rank, crux, tables, cage_sums, cage_cells, ladder))))


def crux_graded_of_named(answer: tuple, cells: tuple[int, ...],
                         ladder: Ladder = CALCUDOKU_LADDER) -> Grading:
    """crux_graded_of_answer()'s grading of a finished grading whose crux's cells (those
    _crux_cells() finds, ascending) the compiled climb named: a cage or area technique's,
    found where its loop found the step (csrc/calcfind.c), so nothing is found again."""
    grading, _ = _crux_graded(answer, ladder, lambda rank, crux: cells)
    assert grading is not None  # a finished grading
    return grading


def _crux_graded(answer: tuple, ladder: Ladder,
                 cells_of: Callable[[int, tuple], tuple[int, ...]]) -> tuple[Grading | None, int]:
    """crux_graded_of_answer(), the crux's cells asked of cells_of(its rank, its state)."""
    _, rank, found, _, open_cells, _, _, before = answer
    if open_cells:
        return None, open_cells
    steps = [unworded(ladder.techniques[r].name, length) for r, length in found]
    if before is not None and found[before[0]][0] > rank:  # the hardest is a step's
        index = before[0]
        crux_rank, length = found[index]
        steps[index] = Step(ladder.techniques[crux_rank].name, (), (), "", length,
                            cells=cells_of(crux_rank, before[1:]))
    return grading_of(steps, SOLVED, ladder, rank), 0


def _crux_cells(shape: Shape, plan: tuple, rank: int, crux: tuple, tables: bytes,
                cage_sums: bytes, cage_cells: list[tuple[int, ...]], ladder: Ladder) -> set[int]:
    """The cells of the crux step (its pattern's, eliminations', placements') that the
    technique of `rank` finds in the crux state (values, digits, unsettled, unpermuted)."""
    kind, number = next((kind, number) for kind, r, number in plan[0] if r == rank)
    values, digits, _, unpermuted = crux
    if kind != CAGE:
        step = ladder.techniques[rank].find(_state(shape, values, digits))
        assert step is not None  # the compiled loop found it there
        return {*step.cells, *(cell for cell, _ in step.eliminations),
                *(cell for cell, _ in step.placements)}
    if number >= c.LINE_TOTAL:
        return _area_cells(shape, number, values, digits, tables, cage_sums)
    return _cage_cells(shape, number, values, digits, unpermuted, tables, cage_cells)


def _cage_cells(shape: Shape, code: int, values, digits, unpermuted: int, tables: bytes,
                cage_cells: list[tuple[int, ...]]) -> set[int]:
    """The crux cells of a cage technique's step (calcudoku_find `code`): the cage's
    (techniques.cage_evidence), and for cage-line intersection the rest of the line
    that loses the value."""
    find, size = compiled.calcudoku_finder(), shape.size
    if code == c.PERMUTATIONS:  # its eliminations are in the cage
        return set(cage_cells[find(code, size, tables, list(values), list(digits),
                                   unpermuted)[0]])
    if code == c.CAGE_LINE:
        cage, unit, d = find(code, size, tables, list(values), list(digits), None)
        line = shape.unit_masks[unit] & ~_mask(cage_cells[cage])
        return {*cage_cells[cage], *(cell for cell in bits_of(line) if digits[cell] >> d & 1)}
    unit, d = find(code, size, tables, list(values), list(digits), None)  # line-cage
    places = [cell for cell in bits_of(shape.unit_masks[unit]) if digits[cell] >> d & 1]
    return set(next(cells for cells in cage_cells if places[-1] in cells))


def _area_cells(shape: Shape, code: int, values, digits, tables: bytes,
                cage_sums: bytes) -> set[int]:
    """The crux cells of an area technique's step (techniques.area_evidence): a line
    total's side, the open cells of an innies-and-outies side (its eliminations')."""
    size = shape.size
    areas = compiled.calcudoku_area_tabler()(size, tables, list(values), list(digits),
                                             group_tables(shape), cage_sums)
    area, side = compiled.calcudoku_finder()(code, size, tables, list(values), list(digits),
                                             areas)
    cells = _side_cells(areas, area, side)
    return set(cells if code == c.LINE_TOTAL else (cell for cell in cells if not values[cell]))


def _side_cells(areas: bytes, area: int, side: int) -> list[int]:
    """The cells of the side (0 innies, 1 outies) of an area in area_tables()."""
    words = array("Q", areas)
    start = 1 + area * _AREA_WORDS + side * _SIDE_WORDS
    cells = sum(words[start + i] << (64 * i) for i in range(4))
    return list(bits_of(cells))


def _mask(cells) -> int:
    return sum(1 << cell for cell in cells)


def _state(shape: Shape, values, digits) -> c.CalcCandidates:
    """The crux state as a classic technique's compiled twin reads it (no cages)."""
    digit_cells, open_cells = [0] * shape.size, 0
    for cell, value in enumerate(values):
        if not value:
            open_cells |= 1 << cell
        for d in bits_of(digits[cell]):
            digit_cells[d] |= 1 << cell
    state = c.CalcCandidates(shape, values, digits, digit_cells, open_cells)
    state.tables = None
    return state
