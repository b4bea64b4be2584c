"""The Dask executors: a cluster started here (dask-local) or a running scheduler's workers
(dask://HOST:PORT), opened as executors.open_workers asks, each failure one line."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from concurrent.futures import CancelledError, Executor, Future
from concurrent.futures import TimeoutError as FutureTimeoutError

import bookmaker

from ..core import compiled
from .workers import (
    DASK_LOCAL,
    DASK_SCHEME,
    INSTALL_HINT,
    ExecutorError,
    Workers,
    scheduler_address,
)

# Long enough for a scheduler across a network to answer, short enough that a typo in the
# address is reported before anyone wonders whether the build hangs.
CONNECT_SECONDS = 10.0
# A cluster without a single worker for this long has lost them all: the run stops, as at
# the start.
NO_WORKERS_SECONDS = CONNECT_SECONDS


@contextlib.contextmanager
def dask_workers(executor: str, count: int) -> Iterator[Workers]:
    """The Dask executor named, with `count` workers where it starts them."""
    distributed = _import_distributed()
    with contextlib.ExitStack() as stack:
        stack.enter_context(_quiet_dask_logs())
        if executor == DASK_LOCAL:
            client = stack.enter_context(_local_cluster_client(distributed, count))
            where = f"the local Dask cluster ({count} workers)"
        else:
            where = f"the Dask scheduler at {executor[len(DASK_SCHEME):]}"
            client = stack.enter_context(_scheduler_client(distributed, executor, where))
        with _dask_failures_explained(distributed, where):
            yield Workers(_thread_count(client), DaskExecutor(client, where))


class DaskExecutor(Executor):
    """A Dask client's executor, which can also tell that the cluster has lost every
    worker: Dask itself would wait for one forever, saying nothing."""

    def __init__(self, client, where: str) -> None:
        self._client, self._where = client, where
        # pure=False: every task its own key, so Dask does not hash the jobs to find one.
        self._executor = client.get_executor(pure=False)
        self._alone_since: float | None = None

    def submit(self, fn, /, *args, **kwargs) -> Future:
        return self._executor.submit(on_core, compiled.in_use(), fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._executor.shutdown(wait=wait)

    def check_workers(self) -> None:
        """ExecutorError once the cluster has had no worker for NO_WORKERS_SECONDS; called
        while waiting for results."""
        if self._client.nthreads():
            self._alone_since = None
            return
        now = time.monotonic()
        if self._alone_since is None:
            self._alone_since = now
        elif now - self._alone_since >= NO_WORKERS_SECONDS:
            raise ExecutorError(f"{self._where} has had no workers for "
                                f"{NO_WORKERS_SECONDS:g} s: they all stopped or were lost")


def on_core(compiled_core: bool, fn, /, *args, **kwargs):
    """fn(*args, **kwargs) on a worker, on the core the submitting process runs, as the
    local pool's workers are told (the puzzles are the same on either; a run asked for on
    the pure core, the reference, should not run on the compiled one unseen). A worker
    without the compiled core runs the pure one whatever is asked."""
    compiled.use(compiled_core, "the process that sent this job runs the pure core")
    return fn(*args, **kwargs)


def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise ExecutorError(f"the Dask executors need Dask: {INSTALL_HINT}") from None
    return distributed


def local_cluster(count: int):
    """A new distributed.LocalCluster: `count` worker processes of one thread each, on
    loopback, with no dashboard."""
    import logging  # as Dask's own modules do: only the Dask executors load it

    distributed = _import_distributed()
    return distributed.LocalCluster(
        n_workers=count, threads_per_worker=1, processes=True, host="127.0.0.1",
        dashboard_address=None, silence_logs=logging.ERROR,
        # The scheduler serves its health checks over HTTP even without a dashboard; on a
        # free port, not on 8787, which another cluster may hold.
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})


@contextlib.contextmanager
def _local_cluster_client(distributed, count: int):
    """A client of a new local_cluster."""
    try:
        cluster = local_cluster(count)
    except (OSError, TimeoutError, RuntimeError) as err:
        raise ExecutorError(f"could not start a local Dask cluster of {count} workers: "
                            f"{err}") from None
    with cluster, distributed.Client(cluster, set_as_default=False) as client:
        yield client


@contextlib.contextmanager
def _scheduler_client(distributed, executor: str, where: str):
    """A client of the running scheduler `executor` names, once it has a worker."""
    address = scheduler_address(executor)
    assert address is not None  # the executor's name was checked when it was given
    with _connect(distributed, address, where) as client:
        try:
            client.wait_for_workers(1, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError):
            raise ExecutorError(f"{where} has no workers (waited {CONNECT_SECONDS:g} s "
                                "for one to join)") from None
        _check_workers_run_this_bookmaker(client, where)
        yield client


def _check_workers_run_this_bookmaker(client, where: str) -> None:
    """ExecutorError unless every worker can import the bookmaker version this process
    runs: another version could make other puzzles from the same seeds."""
    try:
        versions = set(client.run(bookmaker_version).values())
    except Exception as err:  # Dask hands a worker's ImportError over as a bare Exception
        raise ExecutorError(f"the workers of {where} cannot run bookmaker ({err}); "
                            "install this bookmaker on every worker") from None
    if versions != {bookmaker.__version__}:
        raise ExecutorError(f"the workers of {where} run bookmaker {', '.join(sorted(versions))}"
                            f", not {bookmaker.__version__} as here; install the same version "
                            "everywhere (another could make other puzzles)")


def bookmaker_version() -> str:
    """This process's bookmaker version (run on the workers, to compare)."""
    return bookmaker.__version__


def _connect(distributed, address: str, where: str):
    """distributed.Client(address), or ExecutorError within about CONNECT_SECONDS. Dask's
    own timeout covers making the connection, not a server that accepts it and never
    answers (not a Dask scheduler): Dask would wait for that forever, so it waits in a
    thread of its own, which a daemon may leave behind."""
    outcome: Future = Future()

    def connect() -> None:
        try:
            outcome.set_result(distributed.Client(address, timeout=CONNECT_SECONDS,
                                                  set_as_default=False))
        except BaseException as err:  # handed over to the waiting caller
            outcome.set_exception(err)

    threading.Thread(target=connect, name="dask-connect", daemon=True).start()
    try:
        return outcome.result(timeout=CONNECT_SECONDS * 1.5)  # Dask's own message first
    except FutureTimeoutError:
        raise ExecutorError(f"{where} did not answer within {CONNECT_SECONDS:g} s "
                            "(is it a Dask scheduler?)") from None
    except (OSError, TimeoutError) as err:
        raise ExecutorError(f"cannot reach {where}: {err}") from None


@contextlib.contextmanager
def _quiet_dask_logs():
    """Dask logs what it recovers from (a worker lost, its tasks run again) and, before it
    gives up, tracebacks: the user gets our one line instead, so only its criticals show."""
    import logging

    # Dask gives some of its loggers (distributed.client) levels of their own.
    loggers = [logging.getLogger(name) for name in list(logging.root.manager.loggerDict)
               if name.split(".")[0] == "distributed"]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


def _thread_count(client) -> int:
    """How many tasks the cluster runs at once: one per worker thread."""
    return max(1, sum(client.nthreads().values()))


@contextlib.contextmanager
def _dask_failures_explained(distributed, where: str):
    """Dask's own failures (a task that kept killing workers, a scheduler gone) as one line
    naming the cluster; errors raised by the puzzle work itself pass through unchanged."""
    try:
        yield
    except distributed.KilledWorker as err:
        raise ExecutorError(f"{where}: a task kept losing its worker ({err})") from None
    except CancelledError:
        raise ExecutorError(f"{where}: the work was cancelled (lost the scheduler?)") from None
    except distributed.comm.CommClosedError as err:
        raise ExecutorError(f"{where}: lost the connection ({err})") from None
