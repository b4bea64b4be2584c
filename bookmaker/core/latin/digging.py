"""A phase of digging in one call of the compiled core (csrc/latindig.c): dig.py's
removals, each trial puzzle made from the kept items on C arrays and asked whether it is
within reach as generate._acceptance asks it. Where the compiled core cannot (the pure
core, the grade 'any', a technique or datum it does not take) dig.py runs instead: the
Python is the reference, and both keep the same items. A trade's dig past its grade
(trade._past: each trial asked whether the solver finds one solution) is one call too,
and so is its giving back (trade.give_back_in_python, csrc/latintrade.c)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from math import isqrt
from typing import Any

from .. import compiled
from ..board.shape import latin_of
from ..grade.grader import GRADES
from ..grade.tables import grader_tables
from ..rng import Rng
from .dig import CHUNK
from .grading import SIGN_BOUNDS, LatinGrading, second_solution_nodes

# A phase dug: (its items still kept, the items kept from the other phases, the stream)
# -> the phase's items left.
PhaseDig = Callable[[list, frozenset, Rng], frozenset]
# A trade's giving back: (the items kept, the order to give back) -> (where the puzzle
# stood, the items kept once it has the grade, or None): trade.give_back_in_python's.
GiveBack = Callable[[frozenset, list], tuple[int, "frozenset | None"]]


@dataclass(frozen=True)
class Layout:
    """Where a kind's own items are in the data its compiled rules and techniques read
    (Futoshiki's sign_data, Skyscrapers' clue_sides): that data with every item kept, each
    item's first int, how many ints an item has, and whether an item taken away leaves
    zeros (blank) or is cut out."""

    data: tuple[int, ...]
    starts: dict[Hashable, int]
    width: int
    blank: bool


def compiled_phases(grading: LatinGrading, layout: Layout, givens: list, difficulty: str,
                    solution: tuple[int, ...], every_extras: Any) -> CompiledDig | None:
    """The phases' digging in C for a solution, `givens` its given items cell by cell,
    `every_extras` its extras with every own item; None where it cannot be."""
    core = compiled.latin_core()
    if core is None or difficulty == "any" or grading.rules is None:
        return None
    code, data, bulk_code, bulk_data = grading.rules(every_extras)
    reach = _reach_of(grading, layout, difficulty, every_extras, (data, bulk_data))
    if reach is None:
        return None
    own = sorted(layout.starts, key=layout.starts.__getitem__)
    rest = (CHUNK, layout.data, [layout.starts[item] for item in own], layout.width,
            layout.blank, code, bulk_code, *reach)
    return CompiledDig(core.latin_dig, givens, own, solution, rest)


def compiled_unique(grading: LatinGrading, layout: Layout, givens: list,
                    solution: tuple[int, ...], every_extras: Any, max_nodes: int,
                    chunk: int) -> CompiledDig | None:
    """A phase dug as dig() in groups of `chunk` while the solver finds one solution (with
    the items kept from the other phases), in C for a solution, the solver's rule the
    kind's compiled one (grading.rules) of each trial's data; None where it cannot be."""
    core = compiled.latin_core()
    if core is None or grading.rules is None:
        return None
    code, data, *_ = grading.rules(every_extras)
    if tuple(data) != layout.data:
        return None
    own = sorted(layout.starts, key=layout.starts.__getitem__)
    rest = (chunk, layout.data, [layout.starts[item] for item in own], layout.width,
            layout.blank, code, max_nodes)
    return CompiledDig(core.latin_dig_unique, givens, own, solution, rest)


def compiled_give_back(grading: LatinGrading, layout: Layout, givens: list,
                       difficulty: str, solution: tuple[int, ...],
                       every_extras: Any) -> GiveBack | None:
    """A trade's giving back at `difficulty` in one compiled call for a solution (each
    trial asked within_reach of the grade, then of the one below); None where it cannot
    be."""
    core = compiled.latin_core()
    if core is None or grading.rules is None:
        return None
    easier = GRADES[GRADES.index(difficulty) - 1]
    code, data, bulk_code, bulk_data = grading.rules(every_extras)
    reach = _reach_of(grading, layout, difficulty, every_extras, (data, bulk_data))
    below = _reach_of(grading, layout, easier, every_extras, (data, bulk_data))
    if reach is None or below is None:
        return None
    own = sorted(layout.starts, key=layout.starts.__getitem__)
    number, tables = _numbered(givens, own)
    puzzle = (layout.data, [layout.starts[item] for item in own], layout.width, layout.blank,
              code, bulk_code)

    def give_back(kept: frozenset, order: list) -> tuple[int, frozenset | None]:
        start, flags = core.latin_give_back(
            tables, solution, [int(item in kept) for item in number],
            [number[item] for item in order], reach[0], *puzzle, *reach[1:], *below)
        return start, None if flags is None else \
            kept.union(item for item, back in zip(order, flags) if back)
    return give_back


def _reach_of(grading: LatinGrading, layout: Layout, grade: str, every_extras: Any,
              rule_datas: tuple) -> tuple | None:
    """within_reach's question at a grade as csrc/latindig.c asks it of each trial:
    (first grade, nodes, steps, bulk, datas); None where the compiled core cannot."""
    made = grading.compiled_plan(grading.quiet or grading.ladder, grade, every_extras)
    if made is None or not _reads_the_layout(made, rule_datas, layout.data):
        return None
    return (grade == GRADES[0], second_solution_nodes(grade), *made)


def _numbered(givens: list, own: list) -> tuple[dict, Any]:
    """Each item's number in the compiled calls (the n*n givens, then the kind's own),
    and the square's grader tables."""
    return ({item: index for index, item in enumerate(givens + own)},
            grader_tables(latin_of(isqrt(len(givens)))))


class CompiledDig:
    """A PhaseDig by one compiled call (latin_dig or latin_dig_unique) for a solution: the
    items in the order dig() draws them, each kept or not as the call's flags say; or,
    by dig_numbers, the same call on the items' numbers (the n*n givens by cell, then the
    kind's own in `own`'s order), which an attempt digs by without items
    (generate._dug_by_numbers)."""

    __slots__ = ("dig_in_c", "givens", "own", "solution", "rest", "_number")

    def __init__(self, dig_in_c: Callable, givens: list, own: list,
                 solution: tuple[int, ...], rest: tuple) -> None:
        self.dig_in_c, self.givens, self.own = dig_in_c, givens, own
        self.solution, self.rest = solution, rest
        self._number: tuple[dict, Any] | None = None  # made when items are dug

    def __call__(self, phase: list, others: frozenset, rng: Rng) -> frozenset:
        if self._number is None:
            self._number = _numbered(self.givens, self.own)
        number = self._number[0]
        order = rng.shuffled(phase)  # as dig() draws it
        kept = others.union(phase)
        flags = self.dig_numbers([int(item in kept) for item in number],
                                 [number[item] for item in order])
        return frozenset(item for item, stays in zip(order, flags) if stays)

    def dig_numbers(self, kept: list[int], order: list[int]) -> tuple[bool, ...]:
        """The call's flags, one per item of the order (numbers), `kept` a 0/1 flag per
        item number."""
        tables = grader_tables(latin_of(isqrt(len(self.givens))))
        return self.dig_in_c(tables, self.solution, kept, order, *self.rest)


def _reads_the_layout(made: tuple, rule_datas: tuple, data: tuple[int, ...]) -> bool:
    """Whether every datum the plan and the rules read is the kind's data (or none), as
    csrc/latindig.c makes them for each trial: then a trial's data is the layout's."""
    steps, bulk, datas = made
    bulk_fits = all(given == (data if code >= SIGN_BOUNDS else ()) for code, _, given in bulk)
    return bulk_fits and all(given in (data, ()) for given in datas) and \
        all(given == data for given in rule_datas)
