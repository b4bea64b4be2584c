"""The grader's techniques and their compiled twins (csrc/grade.h): the number the C knows
each one by, and the function that words the step the C found as the Python's Step.

The C finds a step as its Python twin does and hands back what the Step holds (its
placements and eliminations) with the numbers its explanation is made of; the Python
function beside each technique words it, the same function the technique itself uses,
so the explanation has one source. The orders here are the C's enums: change both.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial

from ..grade import advanced as a
from ..grade import grader as g
from ..grade import techniques as t
from ..grade.candidates import Candidates, Step
from . import techniques as k

TWINS: tuple[tuple[Callable, Callable[..., Step]], ...] = (
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
    (k.cage_combinations, k.combination_step),
    (k.rule_of_45, k.forty_five_step),
    (k.rule_of_45_units, k.forty_five_units_step),
    (k.cage_unit_intersection, k.cage_unit_step),
    (k.cage_min_max, k.min_max_step),
    (k.cage_permutations, k.permutations_step),
    (k.innies_and_outies, k.innies_step),
    (k.large_innies_and_outies, k.large_innies_step),
    (k.killer_forcing_chain, k.killer_forcing_step),
)
BULK_TWINS = (t.place_full_houses, t.place_hidden_singles, g.place_naked_single,
              k.apply_cage_combinations)

_NUMBER: dict[Callable, int] = {find: number for number, (find, _) in enumerate(TWINS)}
_BULK_NUMBER: dict[Callable, int] = {apply: number for number, apply in enumerate(BULK_TWINS)}


def number_of(find) -> int | None:
    """The C's number of a technique (its find function), None if it has no twin."""
    return _NUMBER.get(find)


@cache
def compiled_ladder(ladder: g.Ladder, ceiling: str | None):
    """(technique numbers, bulk numbers, bulk ranks) of a ladder as grade_state_within
    (a ceiling) or grade_state (None) runs it, or None if some technique has no twin."""
    techniques = g.techniques_within(ceiling, ladder) if ceiling else ladder.techniques
    numbers = tuple(_NUMBER.get(tech.find) for tech in techniques)
    bulk = tuple(_BULK_NUMBER.get(apply) for _, apply in ladder.bulk) if ceiling else ()
    if None in numbers or None in bulk:
        return None
    ranks = tuple(ladder.rank[name] for name, _ in ladder.bulk) if ceiling else ()
    return numbers, bulk, ranks


@cache
def technique_names(ladder: g.Ladder) -> dict[int, str]:
    """The name of each technique of a ladder, by the C's number of it."""
    return {_NUMBER[tech.find]: tech.name for tech in ladder.techniques if tech.find in _NUMBER}


def worded(state: Candidates, found) -> Step:
    """The Step of a step the C found: (technique number, placements, eliminations, the
    numbers of its explanation, length)."""
    number, placements, eliminations, params, _ = found
    return TWINS[number][1](state, placements, eliminations, *params)
