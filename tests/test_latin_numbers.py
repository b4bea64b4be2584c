"""An attempt digs by the items' numbers (latin/generate._dug_by_numbers): each kind's
numbered phases must be its phases' items numbered as the compiled dig numbers them (the
n*n givens by cell, then the kind's own in its layout's order), whatever the solution."""

from __future__ import annotations

import pytest

from bookmaker.core.futoshiki.generate import FUTOSHIKI_FAMILY
from bookmaker.core.grade.grader import GRADES
from bookmaker.core.latin.fill import random_latin_in_python
from bookmaker.core.latin.generate import GIVEN
from bookmaker.core.rng import Rng
from bookmaker.core.skyscrapers.generate import SKYSCRAPERS_FAMILY


@pytest.mark.parametrize("family", [FUTOSHIKI_FAMILY, SKYSCRAPERS_FAMILY])
@pytest.mark.parametrize("n", [4, 5, 7])
def test_numbered_phases_are_the_phases_items_numbered(family, n):
    for seed in range(3):
        solution = random_latin_in_python(n, Rng(seed))
        layout = family.layout(n, solution)
        own = sorted(layout.starts, key=layout.starts.__getitem__)
        number = {item: index for index, item in
                  enumerate([(GIVEN, cell) for cell in range(n * n)] + own)}
        assert family.every_extras(n, solution) == family.extras(
            n, solution, [where for _, where in own])
        for grade in GRADES:
            phases = family.phases(n, solution, grade)
            assert [list(phase) for phase in family.numbered_phases(n, grade)] == [
                [number[item] for item in phase] for phase in phases]
