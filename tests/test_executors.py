"""Tests for bookmaker.book.executors and produce() on a given executor, without a cluster:
executor names, the message without Dask, batching for executors from outside."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import warnings
from concurrent.futures import ThreadPoolExecutor

import pytest

from bookmaker import PURE_VARIABLE, cli
from bookmaker.core.board.shape import parse_shape
from bookmaker.puzzles import produce as produce_module
from bookmaker.puzzles.executors import (
    ExecutorError,
    Workers,
    check_executor,
    open_workers,
    scheduler_address,
    start_method,
)
from bookmaker.puzzles.produce import generate_jobs, produce

SHAPE_4 = parse_shape("4x4")
SHAPE_9 = parse_shape("9x9")
NO_DASK = "the Dask executors need Dask: pip install 'bookmaker[dask]'"


@pytest.mark.parametrize("text", ["local", "dask-local", "dask://127.0.0.1:8786",
                                  "dask://scheduler.example.org:1", "dask://[::1]:65535"])
def test_check_executor_accepts_the_three_kinds(text):
    assert check_executor(text) == text


@pytest.mark.parametrize("text", ["", "Local", "dask", "dask-cluster", "dask://", "dask://host",
                                  "dask://host:0", "dask://host:65536", "dask://host:port",
                                  "tcp://host:8786", "dask://a b:8786", "dask://host:8786/x"])
def test_check_executor_rejects_anything_else_naming_the_three_kinds(text):
    with pytest.raises(ValueError, match=r"is not an executor \(expected local, dask-local or "
                                         r"dask://HOST:PORT, e\.g\. dask://127\.0\.0\.1:8786\)"):
        check_executor(text)


def test_scheduler_address_is_the_tcp_address_of_a_dask_url():
    assert scheduler_address("dask://10.1.2.3:8786") == "tcp://10.1.2.3:8786"
    assert scheduler_address("dask://[::1]:8786") == "tcp://[::1]:8786"
    assert scheduler_address("dask-local") is None


def test_local_executor_is_produces_own_pool_of_that_many_workers():
    with open_workers("local", 3) as workers:
        assert workers == Workers(3, None)


def test_without_dask_a_dask_executor_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` now fails
    for executor in ("dask-local", "dask://127.0.0.1:8786"):
        with pytest.raises(ExecutorError) as caught:
            with open_workers(executor, 2):
                pass
        assert str(caught.value) == NO_DASK


@pytest.mark.parametrize("command", [["generate", "--seed", "1"], ["build", "book.yaml"]])
def test_without_dask_the_cli_prints_one_line_and_exits_1(runner, monkeypatch, tmp_path,
                                                         command):
    monkeypatch.setitem(sys.modules, "distributed", None)
    (tmp_path / "book.yaml").write_text(
        "book:\n  title: T\n  seed: 1\nsections:\n  - name: S\n    size: 4x4\n    count: 1\n")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli.main, command + ["--executor", "dask-local"])
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"Error: {NO_DASK}\n"
    assert not (tmp_path / "output").exists()


def test_a_bad_executor_is_a_usage_error_naming_the_option(runner):
    result = runner.invoke(cli.main, ["generate", "--seed", "1", "--executor", "dask:/x:1"])
    assert result.exit_code == 2
    assert ("Invalid value for '--executor': 'dask:/x:1' is not an executor (expected local, "
            "dask-local or dask://HOST:PORT") in result.stderr


class RecordingExecutor(ThreadPoolExecutor):
    """A thread pool that remembers the size of every task it was given."""

    def __init__(self) -> None:
        super().__init__(max_workers=2)
        self.task_sizes: list[int] = []

    def submit(self, fn, *args, **kwargs):
        self.task_sizes.append(len(args[0]))
        return super().submit(fn, *args, **kwargs)


def test_produce_on_a_given_executor_matches_this_process_in_job_order():
    jobs = generate_jobs(SHAPE_4, "given", 9) + generate_jobs(parse_shape("12x12"), 1, 1)
    with RecordingExecutor() as executor:
        puzzles = produce(jobs, workers=2, executor=executor)
    assert puzzles == produce(jobs)
    assert executor.task_sizes == [4, 4, 1, 1]  # at least 4 small ones a task; heavy alone


def test_produce_on_an_executor_reports_progress_once_per_puzzle():
    seen = []
    with RecordingExecutor() as executor:
        produce(generate_jobs(SHAPE_4, 3, 5), 2, seen.append, executor)
    assert seen == [1, 2, 3, 4, 5]


def test_remote_chunks_grow_with_the_run_up_to_a_cap_in_cells():
    batches = produce_module._batches(generate_jobs(SHAPE_9, 1, 1000), workers=2, min_chunk=4)
    assert [len(batch) for batch in batches] == [64] * 15 + [40]  # not 1000 // 8 = 125
    small = produce_module._batches(generate_jobs(SHAPE_4, 1, 3000), workers=1)
    assert max(len(batch) for batch in small) == 64 * 81 // 16
    few = produce_module._batches(generate_jobs(SHAPE_9, 1, 20), workers=8, min_chunk=4)
    assert [len(batch) for batch in few] == [4] * 5


FORK_WITH_A_SIGNAL_IN_THE_WAY = """
import os, signal, sys
# Runs in the child before bookmaker's own fork hook (hooks run in the order registered),
# as threading's does: a SIGTERM from the parent's pool can arrive just then.
os.register_at_fork(after_in_child=lambda: os.kill(os.getpid(), signal.SIGTERM))
from bookmaker.puzzles.interrupts import stop_on_signals
stop_on_signals()
child = os.fork()
if child == 0:
    sum(range(1000))  # a chance for a Python-level handler to run, were one in force
    os._exit(0)
_, status = os.waitpid(child, 0)
print(os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGTERM)
"""


def test_a_stop_signal_reaching_a_new_worker_early_ends_it_plainly():
    # Seen in CI: the parent's SIGTERM handler ran in a child still inside threading's
    # fork hook and printed a traceback ("Exception ignored in: <function _after_fork").
    run = subprocess.run([sys.executable, "-c", FORK_WITH_A_SIGNAL_IN_THE_WAY],
                         capture_output=True, text=True, timeout=60)
    assert (run.returncode, run.stdout, run.stderr) == (0, "True\n", "")


FROZEN_FOR_FORKED_WORKERS = """
import gc
from bookmaker.puzzles.executors import process_pool, start_method
method = start_method()
with process_pool(1) as pool:
    print(method, pool.submit(gc.get_freeze_count).result() > 1000, gc.get_freeze_count())
"""


def test_workers_inherit_this_process_s_objects_frozen_and_it_takes_them_back():
    """The pool's workers, forked from a process of one thread as the command line is,
    leave what they inherit to the collector's permanent generation
    (executors._frozen_for_workers); this process collects its own objects again. (In a
    process of its own: pytest-xdist's worker runs a thread of its own.)"""
    run = subprocess.run([sys.executable, "-c", FROZEN_FOR_FORKED_WORKERS],
                         capture_output=True, text=True, timeout=60)
    assert (run.stdout, run.stderr) == ("fork True 0\n", "")


def test_a_process_running_other_threads_starts_its_workers_from_a_fork_server():
    """Forking a process that runs other threads copies any lock they hold (Python 3.12
    warns of it): the workers come from a fork server, and make the same puzzles."""
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            assert start_method() == "forkserver"
            jobs = generate_jobs(SHAPE_4, "server", 6)
            assert produce(jobs, workers=2) == produce(jobs)
    finally:
        release.set()
        other.join()


CORE_IN_SERVED_WORKERS = """
import threading
from bookmaker.core import compiled
from bookmaker.puzzles.executors import process_pool, start_method
release = threading.Event()
other = threading.Thread(target=release.wait)
other.start()
seen = [start_method()]
for wanted in (True, False, True):
    with compiled.using(wanted), process_pool(1) as pool:
        seen.append(pool.submit(compiled.in_use).result() == compiled.in_use())
release.set()
print(*seen)
"""


def test_workers_from_a_fork_server_run_the_core_their_parent_runs():
    """A fork server keeps the core it started with (BOOKMAKER_PURE is read once, at
    import); its workers are told the parent's core, so that a pure run tests the pure
    core in every worker. (In a process of its own, started without BOOKMAKER_PURE.)"""
    env = {name: value for name, value in os.environ.items() if name != PURE_VARIABLE}
    run = subprocess.run([sys.executable, "-c", CORE_IN_SERVED_WORKERS], env=env,
                         capture_output=True, text=True, timeout=120)
    assert (run.stdout, run.stderr) == ("forkserver True True True\n", "")

