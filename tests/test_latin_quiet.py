"""A book's Latin puzzle is graded quietly (LatinKind.make: generate(worded=False)), by
the unworded ladder in one compiled call: it must be the same puzzle, with the same grade,
hardest technique and score, as the worded grading gives."""

from __future__ import annotations

import pytest

from bookmaker.core.futoshiki.generate import generate_futoshiki
from bookmaker.core.futoshiki.grade import FUTOSHIKI_GRADING
from bookmaker.core.futoshiki.kind import FUTOSHIKI
from bookmaker.core.rng import derive_seed
from bookmaker.core.skyscrapers.generate import generate_skyscrapers
from bookmaker.core.skyscrapers.grade import SKYSCRAPERS_GRADING
from bookmaker.core.skyscrapers.kind import SKYSCRAPERS

KINDS = [(generate_futoshiki, FUTOSHIKI_GRADING, FUTOSHIKI),
         (generate_skyscrapers, SKYSCRAPERS_GRADING, SKYSCRAPERS)]
# (size, grade): 5x5 at every grade both kinds make there, and the traded 6x6 hard (the
# pure core's dearer ones on the compiled core only: a few seconds each in Python)
CASES = [(5, "beginner"), (5, "easy"), (5, "hard")]
COMPILED_CASES = [(5, "medium"), (5, "extreme"), (6, "hard")]


def _summary(grading) -> tuple:
    return (grading.grade, grading.hardest, grading.score, grading.guessing,
            [(step.technique, step.length) for step in grading.steps])


@pytest.mark.both_cores
@pytest.mark.parametrize("generate, grading, kind", KINDS)
@pytest.mark.parametrize("size, grade", CASES)
def test_quiet_generation_makes_the_worded_puzzle_and_grading(core, generate, grading, kind,
                                                              size, grade):
    _same_either_way(generate, grading, kind, size, grade)


@pytest.mark.parametrize("generate, grading, kind", KINDS)
@pytest.mark.parametrize("size, grade", COMPILED_CASES)
def test_quiet_generation_is_the_worded_at_the_dearer_grades(generate, grading, kind, size,
                                                             grade):
    _same_either_way(generate, grading, kind, size, grade)


def _same_either_way(generate, grading, kind, size: int, grade: str) -> None:
    """Two seeds' puzzles made worded and quietly: the same puzzle, the same grading but
    for the words, and the quiet grading of the puzzle the same again."""
    for index in range(2):
        seed = derive_seed("quiet", kind.name, size, grade, index)
        worded, words = generate(size, seed, grade)
        quiet, unworded = generate(size, seed, grade, worded=False)
        assert kind.line(quiet) == kind.line(worded)
        assert quiet == worded
        assert _summary(unworded) == _summary(words)
        assert all(step.explanation for step in words.steps)  # the worded one is worded
        # and the quiet grading of the puzzle made is the worded one's, step for step
        assert _summary(grading.quiet_grading(quiet.givens, quiet.extras)) == _summary(words)


@pytest.mark.parametrize("kind", [FUTOSHIKI, SKYSCRAPERS])
def test_a_made_puzzle_keeps_the_worded_gradings_grade_hardest_and_score(kind):
    from bookmaker.core.board.shape import latin_of
    from bookmaker.core.kinds.kind import MakeRequest

    for grade in ("easy", "hard"):
        made = kind.make(MakeRequest(latin_of(5), 11, grade))
        words = kind.grade(made.givens, made.extras)
        assert (made.grade, made.hardest, made.score) == (words.grade, words.hardest,
                                                          words.score) != (None, None, None)
