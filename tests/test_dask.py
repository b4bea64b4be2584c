"""Tests for the Dask executors on a real distributed.LocalCluster on loopback: the same
puzzles and bytes as a local run, clear failures that never hang, and a worker killed
mid-run losing and duplicating nothing."""

from __future__ import annotations

import os
import signal
import socket
import time

import pytest

import bookmaker
from bookmaker import cli
from bookmaker.core import compiled
from bookmaker.core.board.shape import parse_shape
from bookmaker.core.registry import kind_of_puzzle
from bookmaker.puzzles import daskwork
from bookmaker.puzzles.daskwork import local_cluster
from bookmaker.puzzles.executors import ExecutorError, open_workers
from bookmaker.puzzles.produce import PuzzleJob, generate_jobs, produce

VERSION = bookmaker.__version__  # what the workers run
# One xdist worker runs them all (pyproject's --dist loadgroup), so the module's cluster, two
# processes that each import Dask and bookmaker (seconds of CPU), starts once a run, not once
# on each worker that drew one of its tests.
pytestmark = pytest.mark.xdist_group("dask")
SHAPE_4 = parse_shape("4x4")
# How long a killed worker's restart may take (it took over 30 s at load 25).
RESTART_SECONDS = 300
SHAPE_9 = parse_shape("9x9")
SPEC = """\
book:
  title: Cluster Puzzles
  seed: 7
sections:
  - name: Classic
    size: 9x9
    count: 6
  - name: Small
    size: 6x6
    count: 4
    puzzles_per_page: 4
"""


@pytest.fixture(scope="module")
def cluster():
    """A 2-worker cluster shared by the module, and a client for the tests to look in. Dask
    retries a connection for 30 s: to a worker just killed, the kill test would wait that
    long if the scheduler reached for it before noticing its death. A LocalCluster closes
    the nanny of a worker lost for lost-worker-timeout (15 s) unless its restart has joined
    by then: on a loaded machine a restart takes longer (a new process imports dask and
    bookmaker), and the cluster would stay one worker short for good. (Dask is imported
    here, not at the top: every xdist worker collects this module, one runs it.)"""
    import dask
    import distributed

    timeouts = {"distributed.comm.timeouts.connect": "5s",
                "distributed.deploy.lost-worker-timeout": f"{RESTART_SECONDS}s"}
    with dask.config.set(timeouts), \
            local_cluster(2) as shared, distributed.Client(shared, set_as_default=False) as client:
        yield shared, client


@pytest.fixture
def address(cluster):
    """The --executor value for the shared cluster's scheduler: dask://127.0.0.1:PORT."""
    return cluster[0].scheduler_address.replace("tcp://", "dask://")


def run(runner, *args):
    return runner.invoke(cli.main, [str(arg) for arg in args])


def test_produce_on_the_cluster_matches_this_process_in_job_order(address):
    jobs = (generate_jobs(SHAPE_9, "dask", 10) + generate_jobs(parse_shape("12x12"), 1, 1)
            + generate_jobs(SHAPE_4, "dask", 9))
    with open_workers(address, 99) as workers:
        assert workers.count == 2  # the cluster's worker threads, not the count asked for
        assert produce(jobs, workers.count, executor=workers.executor) == produce(jobs)


def test_kakuros_made_on_the_cluster_are_those_made_here(address):
    from bookmaker.core.kakuro.kind import KAKURO
    jobs = [PuzzleJob(KAKURO.frame(size), seed, "rotational", difficulty="easy", kind=KAKURO)
            for size, seed in ((6, 1), (8, 2), (10, 3))]
    with open_workers(address, 2) as workers:
        made = produce(jobs, workers.count, executor=workers.executor)
    assert made == produce(jobs) and all(kind_of_puzzle(puzzle) is KAKURO for puzzle in made)


def test_an_error_in_a_job_reaches_the_caller_as_itself(address):
    with open_workers(address, 1) as workers:
        with pytest.raises(ValueError, match="unknown symmetry 'bogus'"):
            produce([PuzzleJob(SHAPE_4, 1, "bogus")], executor=workers.executor)


def test_a_job_runs_on_the_core_of_the_process_that_sent_it(address):
    # The workers were started on the compiled core; a run on the pure one (the reference)
    # has them run it too, and the next run on the compiled one has them back on it.
    with open_workers(address, 2) as workers:
        for wanted in (False, True, False):
            with compiled.using(wanted):
                cores = {workers.executor.submit(compiled.in_use).result() for _ in range(4)}
            assert cores == {wanted and compiled.available()}


def test_generate_on_a_scheduler_prints_what_a_local_run_prints(runner, address):
    args = ("generate", "--size", "6x6", "--count", 12, "--seed", "cluster")
    local = run(runner, *args, "--jobs", 1)
    remote = run(runner, *args, "--executor", address)
    assert (remote.exit_code, remote.stderr) == (0, "")
    assert remote.stdout == local.stdout and len(local.stdout.splitlines()) == 12


def test_build_on_a_scheduler_writes_the_same_bytes_as_a_local_build(runner, address, tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    local = run(runner, "build", spec, "-o", tmp_path / "local", "--jobs", 1)
    remote = run(runner, "build", spec, "-o", tmp_path / "dask", "--executor", address)
    assert local.exit_code == remote.exit_code == 0
    for name in ("cluster-puzzles.pdf", "cluster-puzzles.json"):  # answers at the back
        assert (tmp_path / "dask" / name).read_bytes() == (tmp_path / "local" / name).read_bytes()


LATIN_SPEC = """\
book: {title: Cluster Squares, seed: 7}
sections:
  - {name: Signs, size: 4x4, count: 2, variant: futoshiki, difficulty: beginner}
  - {name: Towers, size: 5x5, count: 2, variant: skyscrapers, difficulty: easy}
"""


def test_a_book_of_latin_kinds_on_a_scheduler_writes_the_same_bytes(runner, address, tmp_path):
    """Futoshiki and Skyscrapers (heavy kinds: a job to a batch) go the same way."""
    spec = tmp_path / "book.yaml"
    spec.write_text(LATIN_SPEC, encoding="utf-8")
    local = run(runner, "build", spec, "-o", tmp_path / "local", "--jobs", 1)
    remote = run(runner, "build", spec, "-o", tmp_path / "dask", "--executor", address)
    assert local.exit_code == remote.exit_code == 0, remote.output
    for name in ("cluster-squares.pdf", "cluster-squares.json"):
        assert (tmp_path / "dask" / name).read_bytes() == (tmp_path / "local" / name).read_bytes()


DAILY_SPEC = """\
daily:
  series: Cluster Daily
  seed: 7
  layout: newspaper-1col
  outputs: [pdf, json]
schedule:
  monday: {size: 6x6, difficulty: beginner}
  tuesday: {size: 6x6, difficulty: hard}
"""


def test_daily_on_a_scheduler_writes_the_same_bytes_as_a_local_run(runner, address, tmp_path):
    spec = tmp_path / "paper.yaml"
    spec.write_text(DAILY_SPEC, encoding="utf-8")
    args = ("daily", spec, "--from", "2026-12-07", "--days", 2)
    local = run(runner, *args, "-o", tmp_path / "local", "--jobs", 1)
    remote = run(runner, *args, "-o", tmp_path / "dask", "--executor", address)
    assert local.exit_code == remote.exit_code == 0
    files = sorted(p.relative_to(tmp_path / "local") for p in (tmp_path / "local").rglob("*.*")
                   if not p.name.endswith(".sqlite"))
    assert len(files) == 6   # two days' puzzle.pdf, answer.pdf and day.json
    for name in files:
        assert (tmp_path / "dask" / name).read_bytes() == (tmp_path / "local" / name).read_bytes()


def test_workers_with_another_bookmaker_version_are_refused(runner, address, monkeypatch):
    monkeypatch.setattr(bookmaker, "__version__", "0.0.1-here")  # the workers keep theirs
    result = run(runner, "generate", "--seed", 1, "--executor", address)
    assert (result.exit_code, result.stdout) == (1, "")
    where = address.removeprefix("dask://")
    assert result.stderr == (f"Error: the workers of the Dask scheduler at {where} run "
                             f"bookmaker {VERSION}, not 0.0.1-here as here; install the "
                             "same version everywhere (another could make other puzzles)\n")


def test_dask_local_starts_its_own_cluster_and_prints_the_same(runner):
    args = ("generate", "--size", "4x4", "--count", 5, "--seed", "own", "--jobs", 1)
    result = run(runner, *args, "--executor", "dask-local")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == run(runner, *args).stdout


def test_an_unreachable_scheduler_is_one_line_after_the_timeout(runner, monkeypatch):
    monkeypatch.setattr(daskwork, "CONNECT_SECONDS", 0.2)
    result = run(runner, "generate", "--seed", 1, "--executor", "dask://127.0.0.1:1")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == ("Error: cannot reach the Dask scheduler at 127.0.0.1:1: Timed out "
                             "trying to connect to tcp://127.0.0.1:1 after 0.2 s\n")


def test_a_server_that_never_answers_is_one_line_after_the_timeout(runner, monkeypatch):
    monkeypatch.setattr(daskwork, "CONNECT_SECONDS", 0.3)
    with socket.create_server(("127.0.0.1", 0)) as silent:  # accepts, then says nothing
        where = f"127.0.0.1:{silent.getsockname()[1]}"
        result = run(runner, "generate", "--seed", 1, "--executor", f"dask://{where}")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (f"Error: the Dask scheduler at {where} did not answer within "
                             "0.3 s (is it a Dask scheduler?)\n")


def test_a_scheduler_without_workers_is_one_line_after_the_timeout(runner, monkeypatch):
    monkeypatch.setattr(daskwork, "CONNECT_SECONDS", 0.5)
    with local_cluster(0) as empty:
        where = empty.scheduler_address.replace("tcp://", "")
        result = run(runner, "generate", "--seed", 1, "--executor", f"dask://{where}")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (f"Error: the Dask scheduler at {where} has no workers (waited "
                             "0.5 s for one to join)\n")


def test_a_worker_killed_mid_run_loses_and_duplicates_no_puzzle(cluster, address):
    _, client = cluster
    jobs = generate_jobs(SHAPE_9, "killed", 48)  # 8 tasks of 6 puzzles on 2 workers
    pids = client.run(os.getpid)
    killed = []

    def kill_a_busy_worker(done: int) -> None:
        """Once the first puzzle is back, SIGKILL the worker running the most of this run's
        tasks (they must be run again), and wait until the scheduler knows it is gone."""
        if killed:
            return
        running = {worker: len(tasks) for worker, tasks in client.processing().items()}
        victim = max(sorted(running), key=lambda worker: running[worker])
        killed.append((victim, running[victim]))
        os.kill(pids[victim], signal.SIGKILL)
        deadline = time.monotonic() + 10
        while victim in client.scheduler_info()["workers"] and time.monotonic() < deadline:
            time.sleep(0.01)

    with open_workers(address, 2) as workers:
        puzzles = produce(jobs, workers.count, kill_a_busy_worker, workers.executor)
    assert puzzles == produce(jobs)
    (victim, tasks_lost), = killed
    assert tasks_lost > 0
    # The nanny starts a new worker process: seconds on a quiet machine, minutes at worst
    # on a shared one (a worker imports dask and bookmaker afresh).
    try:
        client.wait_for_workers(2, timeout=RESTART_SECONDS)
    except TimeoutError:
        pytest.fail(f"the nanny's new worker did not join within {RESTART_SECONDS} s")
    assert pids[victim] not in client.run(os.getpid).values()


def test_a_cluster_that_loses_every_worker_mid_run_says_so_instead_of_waiting(monkeypatch):
    # Dask waits for a worker to come back forever, saying nothing; the run must not.
    import distributed

    monkeypatch.setattr(daskwork, "NO_WORKERS_SECONDS", 0.5)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as alone, \
            distributed.Client(alone, set_as_default=False) as client:

        def lose_every_worker(done: int) -> None:
            if done == 1:
                alone.scale(0)
                while client.nthreads():
                    time.sleep(0.01)

        with pytest.raises(ExecutorError) as caught:
            produce(generate_jobs(SHAPE_9, "alone", 40), 1, lose_every_worker,
                    daskwork.DaskExecutor(client, "the test cluster"))
    assert str(caught.value) == ("the test cluster has had no workers for 0.5 s: they all "
                                 "stopped or were lost")
