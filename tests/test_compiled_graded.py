"""Generation to a grade on the compiled core (csrc/graded.c) against the reference Python
(generate/graded.graded_removal_in_python): the same givens, grades and random draws for
any seed, board, symmetry and target, and arguments the C refuses."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bookmaker.core import compiled
from bookmaker.core.board.shape import board_of, jigsaw_of, shape_of
from bookmaker.core.generate import graded
from bookmaker.core.generate.removal import removal_budget, seeded_fill
from bookmaker.core.grade.grades import GRADES
from bookmaker.core.grade.tables import grader_tables
from bookmaker.core.rng import Rng

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)

JIGSAW6 = jigsaw_of(int(ch) for row in ("000111", "002211", "022231", "442333", "445533",
                                        "445555") for ch in row)
# Small boards, where the pure grader is quick, and the 9x9 boards generation grades most.
BOARDS = [shape_of(2, 2), shape_of(2, 3), shape_of(3, 2), shape_of(2, 4), board_of(2, 3, "x"),
          JIGSAW6, shape_of(3, 3), board_of(3, 3, "x")]
TARGETS = GRADES[1:]  # beginner digs by singles, not by graded_removal


def attempt(shape, seed: int, target: str, symmetry: str, core: bool):
    """graded_removal on one core from the attempt's fill, and where its stream ends."""
    with compiled.using(core):
        solution, rng = seeded_fill(shape, seed)
        orbits = rng.shuffled(shape.orbits(symmetry))
        found = graded.graded_removal(shape, solution, orbits, target, rng,
                                      removal_budget(shape))
        return found, rng.state


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BOARDS), st.integers(0, 2**64 - 1), st.sampled_from(TARGETS),
       st.sampled_from(["none", "none", "rotational", "mirror"]))
def test_an_attempt_makes_the_same_puzzle_and_grades_on_both_cores(shape, seed, target,
                                                                   symmetry):
    assert attempt(shape, seed, target, symmetry, True) == \
        attempt(shape, seed, target, symmetry, False)


# 9x9 attempts that go each way: (target, seed, grade of the minimal puzzle if within the
# target, grade of the result): within at once, cut back to the target or below it, added
# back to the target.
WAYS = [("easy", 3, "beginner", "beginner"), ("easy", 6, None, "easy"),
        ("easy", 8, None, "beginner"), ("medium", 6, None, "medium"),
        ("medium", 1, None, "beginner"), ("hard", 6, None, "hard"), ("hard", 1, "hard", "hard"),
        ("expert", 12, None, "expert"), ("expert", 6, "expert", "expert"),
        ("extreme", 6, "expert", "expert")]


@pytest.mark.parametrize("target, seed, first, final", WAYS)
def test_9x9_attempts_agree_on_both_cores_whichever_way_they_go(target, seed, first, final):
    fast = attempt(shape_of(3, 3), seed, target, "none", True)
    assert fast == attempt(shape_of(3, 3), seed, target, "none", False)
    givens, *grades = fast[0]
    assert grades == [first, final]
    assert sum(1 for value in givens if value) >= 17


def grader_of(shape):
    with compiled.using(True):
        return grader_tables(shape)


def call(extension, shape, orbits=None, grader=None, ranks=None):
    """The compiled graded_removal on a 4x4 fill, with arguments replaced as asked."""
    solution, _ = seeded_fill(shape, 1)
    return extension.graded_removal(
        grader_of(shape) if grader is None else grader, solution,
        [(cell,) for cell in range(16)] if orbits is None else orbits,
        (3,), (3,) if ranks is None else ranks, (0, 1, 2), (0, 1, 2), (0, 0, 0, 1, 1), 5, 1,
        False, Rng(1).state, 100)


def test_the_compiled_attempt_refuses_what_it_cannot_take(extension):
    shape = shape_of(2, 2)
    givens, first, final, _ = call(extension, shape)
    assert (first, final) == (0, 0) and 4 <= sum(1 for v in givens if v) < 16
    with pytest.raises(ValueError, match="must not share cells"):
        call(extension, shape, orbits=[(0, 1), (1, 2)] + [(cell,) for cell in range(3, 16)])
    with pytest.raises(ValueError, match="orbits"):
        call(extension, shape, orbits=[(16,)])
    with pytest.raises(TypeError, match="Grader"):
        call(extension, shape, grader=object())
    with pytest.raises(ValueError, match="one rank per technique"):
        call(extension, shape, ranks=())
