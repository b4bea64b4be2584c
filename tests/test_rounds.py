"""Propagation to a contradiction written once (core/solve/rounds.py): the rounds counted
alike for every family, and "no contradiction" said alike (None), the Latin kinds' too."""

from __future__ import annotations

from bookmaker.core.latin.search import full_masks, rounds_to_contradiction, settle
from bookmaker.core.solve import rounds
from bookmaker.core.solve.rounds import Round


def scripted(*done: Round):
    """A family's round that does what it is told, in turn."""
    left = list(done)
    return lambda: left.pop(0)


def no_rule(masks: list) -> bool:
    return False  # a Latin square's own rules alone


def test_rounds_are_counted_to_the_contradiction_and_none_without_one():
    changed, settled = Round.CHANGED, Round.SETTLED
    assert rounds.rounds_to_contradiction(scripted(changed, changed, Round.CONTRADICTION)) == 3
    assert rounds.rounds_to_contradiction(scripted(Round.CONTRADICTION)) == 1
    assert rounds.rounds_to_contradiction(scripted(changed, settled)) is None
    assert rounds.rounds_to_contradiction(scripted(changed, changed, changed), most=2) is None
    assert rounds.rounds_to_contradiction(scripted(changed, Round.CONTRADICTION), most=2) == 2


def test_a_latin_square_without_a_contradiction_says_none_as_every_family_does():
    # Two 1s in the first row of a 3x3: the first round of the Latin rules finds it.
    clash = full_masks(3, (1, 1, 0, 0, 0, 0, 0, 0, 0))
    assert rounds_to_contradiction(3, clash, no_rule) == 1
    open_square = full_masks(3, (1, 2, 0, 0, 0, 0, 0, 0, 0))
    assert rounds_to_contradiction(3, open_square, no_rule) is None  # was 0
    assert open_square[2] == 0b100  # the row's last cell settled on the way
    assert settle(3, full_masks(3, (1, 2, 0, 0, 0, 0, 0, 0, 0)), no_rule)
    assert not settle(3, full_masks(3, (1, 1, 0, 0, 0, 0, 0, 0, 0)), no_rule)
