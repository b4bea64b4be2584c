"""Tests for bookmaker.puzzles.produce and bookmaker.core.solve.verify: order, seeds, the
second opinion."""

from __future__ import annotations

import dataclasses

import pytest

from bookmaker.core.board.grid import Grid
from bookmaker.core.board.shape import parse_shape
from bookmaker.core.generate import removal as removal_module
from bookmaker.core.rating.ranges import parse_rating_range
from bookmaker.core.rating.scales import RATER_VERSION
from bookmaker.core.registry import kind_of_puzzle, puzzle_key, verify_puzzle
from bookmaker.core.rng import derive_seed
from bookmaker.core.solve.solver import count_solutions
from bookmaker.core.solve.verify import VerificationError
from bookmaker.puzzles import produce as produce_module
from bookmaker.puzzles.produce import (
    PuzzleJob,
    generate_jobs,
    make_puzzle,
    produce,
    produce_keyed,
    recorded_ratings,
)

SHAPE_4 = parse_shape("4x4")
SHAPE_6 = parse_shape("6x6")


def test_produce_gives_the_same_puzzles_for_one_and_two_workers():
    jobs = generate_jobs(SHAPE_6, 11, 6) + generate_jobs(SHAPE_4, 11, 2)
    assert produce(jobs, workers=1) == produce(jobs, workers=2)


def test_produce_keyed_gives_the_same_puzzles_with_their_repeat_keys():
    jobs = generate_jobs(SHAPE_6, 12, 5) + generate_jobs(SHAPE_4, 12, 2)
    puzzles = produce(jobs)
    for workers in (1, 2):
        made = produce_keyed(jobs, workers=workers)
        assert [puzzle for puzzle, _ in made] == puzzles
        assert [key for _, key in made] == [puzzle_key(puzzle) for puzzle in puzzles]


def test_the_local_pool_cuts_smaller_chunks_than_a_remote_executor():
    jobs = generate_jobs(SHAPE_6, 1, 320)
    local = produce_module._batches(jobs, 2, 1, produce_module._LOCAL_CHUNKS_PER_WORKER)
    remote = produce_module._batches(jobs, 2, 4)
    assert [len(batch) for batch in local] == [10] * 32  # 16 a worker: the tail evens out
    assert [len(batch) for batch in remote] == [40] * 8


def test_produce_returns_puzzles_in_job_order():
    jobs = generate_jobs(SHAPE_4, "order", 5)
    puzzles = produce(jobs, workers=2)
    assert [p.seed for p in puzzles] == [job.seed for job in jobs]


def test_pool_batches_keep_job_order_and_send_each_heavy_puzzle_alone():
    jobs = (generate_jobs(SHAPE_6, 1, 20) + generate_jobs(parse_shape("16x16"), 1, 3)
            + generate_jobs(SHAPE_4, 1, 5))
    batches = produce_module._batches(jobs, workers=2)
    assert [job for batch in batches for job in batch] == jobs
    assert [len(b) for b in batches if b[0].shape.size == 16] == [1, 1, 1]
    assert max(len(b) for b in batches) == 25 // (2 * 4)  # small ones chunked as before


def test_produce_reports_progress_once_per_puzzle():
    seen = []
    produce(generate_jobs(SHAPE_4, 3, 4), on_progress=seen.append)
    assert seen == [1, 2, 3, 4]


def test_produce_of_no_jobs_is_empty():
    assert produce([], workers=2) == []


def test_produce_rejects_zero_workers():
    with pytest.raises(ValueError, match="workers"):
        produce(generate_jobs(SHAPE_4, 1, 1), workers=0)


def test_job_seed_depends_on_seed_shape_box_symmetry_and_index():
    job = generate_jobs(SHAPE_6, 5, 3, "mirror")[2]
    assert job.seed == derive_seed(5, "generate", "6x6", "2x3", "mirror", 2)
    other_box = generate_jobs(parse_shape("6x6", "3x2"), 5, 3, "mirror")[2]
    assert other_box.seed != job.seed


def test_shorter_run_is_a_prefix_of_a_longer_one():
    assert generate_jobs(SHAPE_6, "x", 3) == generate_jobs(SHAPE_6, "x", 7)[:3]


def test_job_carries_symmetry_and_target_clues():
    job = generate_jobs(SHAPE_6, 1, 1, "rotational", 20)[0]
    assert (job.symmetry, job.target_clues) == ("rotational", 20)


def test_verify_puzzle_accepts_a_generated_puzzle():
    verify_puzzle(make_puzzle(PuzzleJob(parse_shape("9x9"), 1)))


def _with_givens(puzzle, cells):
    return dataclasses.replace(puzzle, givens=Grid(puzzle.shape, tuple(cells)))


def test_verify_puzzle_rejects_a_puzzle_with_two_solutions():
    puzzle = make_puzzle(PuzzleJob(SHAPE_4, 42))
    for cell, value in enumerate(puzzle.givens.cells):
        if value:  # the puzzle is minimal, so blanking any clue leaves several solutions
            cells = list(puzzle.givens.cells)
            cells[cell] = 0
            tampered = _with_givens(puzzle, cells)
            break
    assert count_solutions(tampered.givens).count == 2
    with pytest.raises(VerificationError, match=r"seed \d+.*at least 2 solutions"):
        verify_puzzle(tampered)


def test_verify_puzzle_rejects_a_wrong_solution():
    puzzle = make_puzzle(PuzzleJob(SHAPE_4, 1))
    other = next(p for p in produce(generate_jobs(SHAPE_4, 2, 10))
                 if p.solution != puzzle.solution)
    tampered = dataclasses.replace(puzzle, solution=other.solution)
    with pytest.raises(VerificationError, match="differs"):
        verify_puzzle(tampered)


def test_verify_puzzle_rejects_a_puzzle_with_no_solution():
    puzzle = make_puzzle(PuzzleJob(SHAPE_4, 1))
    # Row 1 holds 1, 2, 3; column 4 holds a 4 lower down, so r1c4 can hold nothing.
    cells = [1, 2, 3, 0] + [0, 0, 0, 4] + [0] * 8
    with pytest.raises(VerificationError, match="no solution"):
        verify_puzzle(_with_givens(puzzle, cells))


def test_produce_fails_loudly_when_verification_fails(monkeypatch):
    real_generate = removal_module.generate

    def generate_with_solution_tampered(*args, **kwargs):
        puzzle = real_generate(*args, **kwargs)
        # Relabelled digits: still a valid grid, but never the puzzle's solution.
        wrong = tuple(v % puzzle.shape.size + 1 for v in puzzle.solution.cells)
        return dataclasses.replace(puzzle, solution=Grid(puzzle.shape, wrong))

    monkeypatch.setattr(removal_module, "generate", generate_with_solution_tampered)
    with pytest.raises(VerificationError, match="VERIFICATION FAILED"):
        produce(generate_jobs(SHAPE_4, 1, 2), workers=1)


def test_only_81_cell_puzzles_are_rated_unasked_and_any_board_when_asked():
    # A 16x16's rating cost up to 0.6 s each (30 s of a 300-puzzle book) for a number no
    # one compares with SE's; 9x9 puzzles keep theirs, and a rating: range rates any board.
    nine, six = (make_puzzle(generate_jobs(parse_shape(size), 3, 1)[0])
                 for size in ("9x9", "6x6"))
    asked = make_puzzle(generate_jobs(parse_shape("6x6"), 3, 1,
                                      rating=parse_rating_range("1.0-9.9"))[0])
    assert (len(nine.rating), nine.rater) == (3, RATER_VERSION)
    assert (six.rating, six.rater) == ((), "")
    assert (len(asked.rating), asked.rater) == (3, RATER_VERSION)


def test_a_rating_recorded_later_is_the_one_make_records():
    # Books rate their puzzles while they draw them (build.py): the puzzle must come out
    # as make() with record_rating gives it, whatever the grade or the board.
    jobs = [*generate_jobs(parse_shape("9x9"), 5, 2), *generate_jobs(
        parse_shape("9x9"), 5, 1, difficulty="hard"), *generate_jobs(SHAPE_6, 5, 1)]
    for job in jobs:
        bare = make_puzzle(dataclasses.replace(job, record_rating=False))
        assert kind_of_puzzle(bare).records_rating(bare) == (bare.shape.cell_count == 81)
        assert kind_of_puzzle(bare).with_recorded_rating(bare) == make_puzzle(job)
        assert not kind_of_puzzle(bare).records_rating(make_puzzle(job))


@pytest.mark.parametrize("nines", [5, 1])  # one: rated here, no workers started
def test_recorded_ratings_on_workers_are_the_ones_made_in_process(nines):
    jobs = generate_jobs(parse_shape("9x9"), 6, nines) + generate_jobs(SHAPE_4, 6, 2)
    bare = produce([dataclasses.replace(job, record_rating=False) for job in jobs])
    for workers in (1, 2):
        with recorded_ratings(bare, workers) as rated:
            assert rated() == produce(jobs)


def test_leaving_the_body_early_stops_the_rating():
    bare = produce([dataclasses.replace(job, record_rating=False)
                    for job in generate_jobs(parse_shape("9x9"), 7, 40)])
    with pytest.raises(KeyError), recorded_ratings(bare, 2):
        raise KeyError("a failed compose")
