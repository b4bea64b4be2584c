"""Where puzzles are made: the executors `--executor` names, opened and closed in one place.

`local` is this machine (a process pool, or this process for one worker); `dask-local`
starts a Dask LocalCluster on loopback; `dask://HOST:PORT` joins a running Dask scheduler.
Dask is optional: it, and daskwork.py, are imported only when a Dask executor is asked for.
"""

from __future__ import annotations

import contextlib
import gc
import os
import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # concurrent.futures loads logging, its pool multiprocessing: only a run
    #                with workers needs them
    from concurrent.futures import ProcessPoolExecutor

from ..core import compiled
from .interrupts import worker_signals
from .workers import DASK_LOCAL as DASK_LOCAL
from .workers import DASK_SCHEME as DASK_SCHEME
from .workers import EXECUTOR_HELP as EXECUTOR_HELP
from .workers import INSTALL_HINT as INSTALL_HINT
from .workers import LOCAL as LOCAL
from .workers import ExecutorError as ExecutorError
from .workers import Workers as Workers
from .workers import check_executor as check_executor
from .workers import scheduler_address as scheduler_address

# More worker processes than this per CPU only add memory and start-up time (and can run
# out of file descriptors): --jobs is capped here.
MAX_WORKERS_PER_CPU = 4
_PARENT_POLL_SECONDS = 0.25  # how soon a worker notices that its parent has gone
_MANAGER_JOIN_SECONDS = 5.0  # for a pool's thread to finish once its workers have ended


def most_workers() -> int:
    """The most worker processes a run starts on this machine."""
    return MAX_WORKERS_PER_CPU * (os.cpu_count() or 1)


@contextlib.contextmanager
def process_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of `workers` processes that never outlive this one: each exits when its
    parent has gone (SIGKILL gives the parent no time to stop them) and leaves Ctrl-C to
    the parent, and when the body raises (Ctrl-C and SIGTERM included) they are stopped
    at once instead of finishing the work queued. ExecutorError, not a hang, if the
    processes cannot all be started."""
    from concurrent.futures.process import BrokenProcessPool

    pool = _new_pool(workers)
    try:
        with _frozen_for_workers():
            pool.submit(int).result()  # starts the workers now, where a failure is understood
    except (OSError, BrokenProcessPool) as error:
        _stop(pool)
        raise ExecutorError(f"could not start {workers} worker processes "
                            f"({getattr(error, 'strerror', None) or error}); "
                            f"try fewer with --jobs") from None
    except BaseException:
        _stop(pool)
        raise
    try:
        yield pool
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown(wait=True)


def _new_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` processes started as start_method() says, each of which runs
    _worker_started first."""
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    method = start_method()
    context = get_context(method)
    if method == "forkserver":  # the server imports the making once, each worker forks ready
        context.set_forkserver_preload([f"{__package__}.produce"])
    return ProcessPoolExecutor(max_workers=workers, mp_context=context,
                               initializer=_worker_started,
                               initargs=(os.getpid() if method == "fork" else 0,
                                         compiled.in_use()))


def start_method() -> str:
    """How the pool starts its workers, named rather than left to Python's default (3.14
    moves it off fork): 'fork' where this process runs one thread, as the command line
    does, so that the workers share what it has loaded (the modules, the spec, the rater);
    'forkserver' where other threads run (a host application's, pytest-xdist's), since a
    fork copies whatever lock one of them holds, to be waited on forever in the worker
    (Python 3.12 warns of it). Each worker makes the same puzzles either way."""
    return "fork" if _threads_running() == 1 else "forkserver"


def _threads_running() -> int:
    """The threads this process runs, as the system counts them where it says (Linux's
    /proc, as Python's own warning counts them: a thread not started by the threading
    module, such as pytest-xdist's, counts too), else as the threading module does."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return threading.active_count()


@contextlib.contextmanager
def _frozen_for_workers() -> Iterator[None]:
    """This process's objects frozen for the garbage collector while workers are forked
    from it, as Python's gc docs advise: in a worker the collector never goes through what
    it inherited (the modules, the spec; some 0.1 s of a graded book's 1.2 s of making)
    nor writes to the pages the fork shares. This process takes them back once the
    workers have started."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel what is queued and end the workers now, mid-puzzle if need be; return once
    the pool's manager thread has seen them end."""
    # The pool offers no other handle on its processes, thread and result queue than these
    # attributes (shutdown() lets go of them).
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    results = getattr(pool, "_result_queue", None)
    calls = getattr(pool, "_call_queue", None)
    pool.shutdown(wait=False, cancel_futures=True)
    with _cancelled_futures_race_ignored(manager):
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(timeout=1.0)
            if process.is_alive():
                process.kill()
        # A worker ended halfway through writing a result left the thread waiting for the
        # rest forever, and the interpreter's exit waiting for the thread (a run piped to
        # `head` hung now and then): with this end closed too, it reads the end of file.
        if results is not None:
            results._writer.close()
        # The call queue's feeder thread may be stuck writing calls to a pipe no worker
        # will read, and the interpreter's exit joined it forever (a run piped to `head`
        # hung now and then under load, py-spy showed where): the calls are cancelled, so
        # the exit does not wait for it.
        if calls is not None:
            calls.cancel_join_thread()
        # Left running, the thread closed its wake-up pipe while the interpreter's exit
        # wrote to it (Python 3.11: "OSError: Bad file descriptor" on stderr).
        if manager is not None:
            manager.join(timeout=_MANAGER_JOIN_SECONDS)


@contextlib.contextmanager
def _cancelled_futures_race_ignored(manager: threading.Thread | None) -> Iterator[None]:
    """Python 3.11's pool manager, finding its workers ended, sets an exception on each
    future still queued, and fails with InvalidStateError (a traceback on stderr) on one
    that was cancelled meanwhile (3.12 ignores it): ignored here, for that thread only."""
    from concurrent.futures import InvalidStateError

    previous = threading.excepthook

    def hook(args) -> None:
        if args.thread is not manager or not issubclass(args.exc_type, InvalidStateError):
            previous(args)

    threading.excepthook = hook
    try:
        yield
    finally:
        threading.excepthook = previous


def _worker_started(parent: int, compiled_core: bool) -> None:
    """In each new worker: the core this process runs (a fork server started before a
    switch, as a test's, would give it the core of its own start), its signals
    (interrupts.worker_signals), and a thread that watches for the end of its parent (0:
    whichever it has now, a fork server, which ends with the process that started it)."""
    compiled.use(compiled_core, "the process that started this worker runs the pure core")
    worker_signals()
    threading.Thread(target=_exit_with_parent, args=(parent or os.getppid(),),
                     name="exit-with-parent", daemon=True).start()


def _exit_with_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_PARENT_POLL_SECONDS)
    os._exit(1)


@contextlib.contextmanager
def open_workers(executor: str, count: int) -> Iterator[Workers]:
    """The executor named (see check_executor) with `count` workers where it starts them,
    closed again on the way out, whatever happens in between."""
    if executor == LOCAL:
        yield Workers(count)
        return
    from .daskwork import dask_workers  # Dask, and its executor's module, only when asked

    with dask_workers(executor, count) as workers:
        yield workers
