"""A Killer's techniques and their compiled twins (csrc/grade.h), numbered after the
classic ones (grade/twins.py): the table a Killer's state is graded by in C."""

from __future__ import annotations

from ..grade.twins import CLASSIC_TWINS
from . import techniques as k

KILLER_TWINS = CLASSIC_TWINS.then((
    (k.cage_combinations, k.combination_step),
    (k.rule_of_45, k.forty_five_step),
    (k.rule_of_45_units, k.forty_five_units_step),
    (k.cage_unit_intersection, k.cage_unit_step),
    (k.cage_min_max, k.min_max_step),
    (k.cage_permutations, k.permutations_step),
    (k.innies_and_outies, k.innies_step),
    (k.large_innies_and_outies, k.large_innies_step),
    (k.killer_forcing_chain, k.killer_forcing_step),
), (k.apply_cage_combinations,))
