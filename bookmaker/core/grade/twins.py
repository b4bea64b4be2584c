"""The grader's techniques and their compiled twins (csrc/grade.h): the number the C knows
each one by, and the function that words the step the C found as the Python's Step.

The C finds a step as its Python twin does and hands back what the Step holds (its
placements and eliminations) with the numbers its explanation is made of; the Python
function beside each technique words it, the same function the technique itself uses,
so the explanation has one source. The orders here are the C's enums: change both. The
classic techniques are here, numbered first; a Killer's follow them (KILLER_TWINS,
killer/techniques.py).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from . import advanced as a
from . import techniques as t
from .candidates import Candidates, Step

if TYPE_CHECKING:
    from .grader import Ladder, Technique


class TwinTable:
    """The techniques the compiled grader knows, each by its number (its place here):
    (find, the function that words its step) pairs, and the bulk techniques."""

    def __init__(self, twins, bulk) -> None:
        self.twins: tuple[tuple[Callable, Callable[..., Step]], ...] = tuple(twins)
        self.bulk: tuple[Callable, ...] = tuple(bulk)
        self._number = {find: number for number, (find, _) in enumerate(self.twins)}
        self._bulk_number = {apply: number for number, apply in enumerate(self.bulk)}
        self._plans: dict = {}

    def then(self, twins, bulk) -> TwinTable:
        """This table and more techniques numbered after its own."""
        return TwinTable(self.twins + tuple(twins), self.bulk + tuple(bulk))

    def number_of(self, find) -> int | None:
        """The C's number of a technique (its find function), None if it has no twin."""
        return self._number.get(find)

    def compiled_ladder(self, ladder: Ladder, ceiling: str | None,
                        techniques: tuple[Technique, ...]):
        """(technique numbers, bulk numbers, bulk ranks) of a ladder as grade_state_within
        (a ceiling, `techniques` those it tries one step at a time) or grade_state (None)
        runs it, or None if some technique has no twin."""
        key = (ladder, ceiling)
        if key not in self._plans:
            numbers = tuple(self._number.get(tech.find) for tech in techniques)
            bulk = tuple(self._bulk_number.get(apply) for _, apply in ladder.bulk) \
                if ceiling else ()
            ranks = tuple(ladder.rank[name] for name, _ in ladder.bulk) if ceiling else ()
            self._plans[key] = None if None in numbers or None in bulk else \
                (numbers, bulk, ranks)
        return self._plans[key]

    def technique_names(self, ladder: Ladder) -> dict[int, str]:
        """The name of each technique of a ladder, by the C's number of it."""
        return {self._number[tech.find]: tech.name for tech in ladder.techniques
                if tech.find in self._number}

    def worded(self, state: Candidates, found) -> Step:
        """The Step of a step the C found: (technique number, placements, eliminations,
        the numbers of its explanation, length)."""
        number, placements, eliminations, params, _ = found
        return self.twins[number][1](state, placements, eliminations, *params)


CLASSIC_TWINS = TwinTable((
    (t.full_house, t.full_house_step),
    (t.hidden_single, t.hidden_single_step),
    (t.naked_single, t.naked_single_step),
    (t.pointing, t.pointing_step),
    (t.claiming, t.claiming_step),
    (t.naked_pair, partial(t.naked_subset_step, "naked pair")),
    (t.naked_triple, partial(t.naked_subset_step, "naked triple")),
    (t.naked_quad, partial(t.naked_subset_step, "naked quad")),
    (t.hidden_pair, partial(t.hidden_subset_step, "hidden pair")),
    (t.hidden_triple, partial(t.hidden_subset_step, "hidden triple")),
    (t.hidden_quad, partial(t.hidden_subset_step, "hidden quad")),
    (t.x_wing, partial(t.fish_step, "X-Wing")),
    (t.swordfish, partial(t.fish_step, "Swordfish")),
    (t.jellyfish, partial(t.fish_step, "Jellyfish")),
    (t.xy_wing, t.xy_wing_step),
    (t.xyz_wing, t.xyz_wing_step),
    (t.simple_colouring, t.colouring_step),
    (t.x_chain, t.x_chain_step),
    (a.w_wing, a.w_wing_step),
    (a.unique_rectangle, a.rectangle_step),
    (a.bug_plus_one, a.bug_step),
    (a.xy_chain, a.xy_chain_step),
    (a.forcing_chain,
     lambda state, placements, eliminations, shortest:
     a.forcing_step(state, placements, eliminations, a.FORCING_BY_SINGLES, shortest)),
), (t.place_full_houses, t.place_hidden_singles, t.place_naked_single))
