"""Repeats in a build are made again with the next derived seed: deterministically, first
occurrence kept, registered keys avoided, and a clear error when a board runs out."""

from __future__ import annotations

import pytest

from bookmaker.core.board.shape import shape_of
from bookmaker.core.board.transform import equivalence_key
from bookmaker.core.generate.removal import generate
from bookmaker.core.puzzle import GenerationError
from bookmaker.core.rng import derive_seed
from bookmaker.puzzles.dedupe import RepeatsLeft, without_repeats
from bookmaker.puzzles.produce import PuzzleJob, generate_jobs, make_puzzle

SMALL = shape_of(2, 2)  # 36 distinct minimal 4x4 puzzles: repeats are certain


class Recorder:
    """A produce_batch that makes the puzzles in-process and remembers every batch."""

    def __init__(self) -> None:
        self.batches: list[list[PuzzleJob]] = []

    def __call__(self, jobs: list[PuzzleJob]):
        self.batches.append(list(jobs))
        return [make_puzzle(job) for job in jobs]


def made(jobs):
    return [make_puzzle(job) for job in jobs]


def test_a_small_board_book_comes_out_with_no_two_puzzles_equivalent():
    jobs = generate_jobs(SMALL, "dedupe", 20)
    first = made(jobs)
    different = len({equivalence_key(p.givens) for p in first})
    assert different < 20  # the repeats are real
    distinct = without_repeats(jobs, first, frozenset(), Recorder())
    assert len(set(distinct.keys)) == 20
    assert list(distinct.keys) == [equivalence_key(p.givens) for p in distinct.puzzles]
    assert distinct.remade == 20 - different


def test_the_first_of_two_equivalent_puzzles_stays_and_the_later_is_made_again():
    jobs = generate_jobs(SMALL, "dedupe", 20)
    first = made(jobs)
    keys = [equivalence_key(p.givens) for p in first]
    later = next(i for i in range(20) if keys[i] in keys[:i])
    distinct = without_repeats(jobs, first, frozenset(), Recorder())
    earlier = keys.index(keys[later])
    assert distinct.puzzles[earlier] == first[earlier]
    assert distinct.puzzles[later] != first[later]


def test_a_repeat_is_made_from_its_job_with_the_next_derived_seed():
    jobs = generate_jobs(SMALL, "dedupe", 20)
    keys = [equivalence_key(p.givens) for p in made(jobs)]
    repeats = [i for i in range(20) if keys[i] in keys[:i]]
    recorder = Recorder()
    without_repeats(jobs, made(jobs), frozenset(), recorder)
    assert [job.seed for job in recorder.batches[0]] == \
        [derive_seed(jobs[i].seed, "repeat", 1) for i in repeats]
    second = {job.seed for job in recorder.batches[1]}
    assert second <= {derive_seed(jobs[i].seed, "repeat", 2) for i in repeats}


def test_keys_worked_out_where_the_puzzles_were_made_give_the_same_result():
    jobs = generate_jobs(SMALL, "dedupe", 20)
    first = made(jobs)
    keys = [equivalence_key(p.givens) for p in first]
    assert without_repeats(jobs, first, frozenset(), Recorder(), keys_made=keys) == \
        without_repeats(jobs, first, frozenset(), Recorder())


def test_keys_made_are_the_ones_compared():
    jobs = generate_jobs(SMALL, "trusted", 3)
    first = made(jobs)
    recorder = Recorder()
    distinct = without_repeats(jobs, first, frozenset(), recorder, keys_made=["a", "a", "b"])
    assert [len(batch) for batch in recorder.batches] == [1]  # the second was made again
    assert distinct.keys[0] == "a" and distinct.keys[2] == "b"


def test_keys_already_issued_are_avoided():
    jobs = generate_jobs(SMALL, "issued", 6)
    issued = frozenset(equivalence_key(p.givens) for p in made(generate_jobs(SMALL, "x", 20)))
    distinct = without_repeats(jobs, made(jobs), issued, Recorder())
    assert issued.isdisjoint(distinct.keys)


def test_the_result_depends_only_on_the_jobs_and_the_issued_keys():
    jobs = generate_jobs(SMALL, "again", 15)
    issued = frozenset([equivalence_key(make_puzzle(jobs[3]).givens)])
    one = without_repeats(jobs, made(jobs), issued, Recorder())
    two = without_repeats(jobs, made(jobs), issued, Recorder())
    assert one == two


def test_a_board_with_too_few_distinct_puzzles_is_a_clear_generation_error():
    jobs = generate_jobs(SMALL, "many", 40)  # more than the 36 there are
    with pytest.raises(RepeatsLeft, match=r"^\d+ puzzles still repeat earlier ones after being "
                                          r"made again 5 times \(.*\): too few distinct "
                                          r"puzzles of this kind are left \(the first is "
                                          r"4x4\)") as caught:
        without_repeats(jobs, made(jobs), frozenset(), Recorder(), max_rounds=5)
    assert isinstance(caught.value, GenerationError)  # the CLI reports it as such


def test_names_appear_in_the_error():
    jobs = generate_jobs(SMALL, "many", 40)
    names = [f"tiny-{i + 1:03d}" for i in range(40)]
    with pytest.raises(RepeatsLeft, match=r"\(tiny-\d{3}, "):
        without_repeats(jobs, made(jobs), frozenset(), Recorder(), names, max_rounds=2)


def test_two_thousand_9x9_puzzles_have_two_thousand_forms():
    """A 2,000-puzzle 9x9 book's worth, at 34 clues so that the suite stays quick (a few
    seconds); bench/bench_equivalence.py checks 2,000 minimal ones."""
    shape = shape_of(3, 3)
    jobs = [PuzzleJob(shape, derive_seed("book", i), target_clues=34) for i in range(2000)]
    puzzles = [generate(job.shape, job.seed, target_clues=34) for job in jobs]
    distinct = without_repeats(jobs, puzzles, frozenset(), Recorder())
    assert len(set(distinct.keys)) == 2000
    assert distinct.remade == 0
