"""How a run is stopped: SIGINT and SIGTERM raise exceptions that every clean-up sees, they
are held over the few steps that must not be cut in two, and (for tests only) a run can
be paused at a named point.

SIGTERM (what `timeout`, CI runners and service managers send) raises `Terminated`, a
KeyboardInterrupt, so a run stops for it exactly as for Ctrl-C: worker processes are
stopped, half-made outputs are rolled back, and the command line exits 143 (130 for
Ctrl-C) with one line on stderr.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
# Test-only: a run whose environment names a point here pauses there (see pause_at).
PAUSE_VARIABLE = "BOOKMAKER_TEST_PAUSE"
_PAUSE_POLL_SECONDS = 0.01


class Terminated(KeyboardInterrupt):
    """The run was sent SIGTERM."""


def stop_on_signals() -> None:
    """From now on Ctrl-C raises KeyboardInterrupt and SIGTERM raises Terminated, in the
    main thread. SIGINT is taken over even when the parent left it ignored (a shell does
    that to `cmd &` in a script), so that `kill -INT` stops a run instead of being lost.
    A process forked from this one (a pool's worker) starts as a worker should."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _raise_terminated)
    # A stop signal reaching a new child before its hooks have run used to run the
    # parent's handler there, printing a traceback from inside threading's fork hook:
    # the stop signals are blocked across the fork and unblocked once the child is a
    # worker (a signal sent meanwhile is then delivered to the worker's own handlers).
    os.register_at_fork(before=_block_stop_signals, after_in_parent=_unblock_stop_signals,
                        after_in_child=_become_worker)


def _block_stop_signals() -> None:
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)


def _unblock_stop_signals() -> None:
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


def _become_worker() -> None:
    worker_signals()
    _unblock_stop_signals()


def worker_signals() -> None:
    """A worker's signals: Ctrl-C reaches the whole process group, but the parent decides
    what stops (and stops its workers); SIGTERM, from the parent or anyone, ends a worker
    plainly, even one not yet running Python code of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _raise_terminated(signum, frame) -> None:
    raise Terminated()


def exit_code(stop: KeyboardInterrupt) -> int:
    """The shell's code for a run stopped by a signal: 128 + the signal's number."""
    return 128 + (signal.SIGTERM if isinstance(stop, Terminated) else signal.SIGINT)


def stop_message(stop: KeyboardInterrupt) -> str:
    return "Terminated (SIGTERM)" if isinstance(stop, Terminated) else "Interrupted (Ctrl-C)"


def signal_stop(number: int) -> KeyboardInterrupt:
    """The exception a stop signal raises, for its message and exit code."""
    return Terminated() if number == signal.SIGTERM else KeyboardInterrupt()


class RunEnd:
    """Whether the command's outputs are complete (committed as a set), and the stop
    signals that came after that: they can undo nothing, so they no longer stop the run,
    and the command line says the run finished instead of reporting a failure."""

    def __init__(self) -> None:
        self.finished = False
        self.late: list[int] = []

    def start(self) -> None:
        """A new command begins: nothing finished, no late signal."""
        self.finished, self.late = False, []

    def finish(self, held: HeldSignals) -> None:
        """The outputs are committed: the signals held so far are late ones, not stops."""
        self.finished = True
        self.late += held.caught
        held.caught.clear()


run_end = RunEnd()


class SignalPending(KeyboardInterrupt):
    """Raised inside a hold to unwind it, once a held signal says the run must stop; the
    signal itself is delivered when the hold ends."""


class HeldSignals:
    """The stop signals that arrived during a hold, in order."""

    def __init__(self) -> None:
        self.caught: list[int] = []

    def catch(self, signum, frame) -> None:
        self.caught.append(signum)

    def stop_if_caught(self) -> None:
        """SignalPending if a stop signal has arrived: called just before a step that
        cannot be undone, so that a run told to stop does not take it."""
        if self.caught:
            raise SignalPending()


_holding: list[HeldSignals] = []  # the holds in force, innermost last


@contextmanager
def signals_held() -> Iterator[HeldSignals]:
    """A block that SIGINT and SIGTERM do not cut short: a signal arriving in it is
    recorded, and delivered to the handler in force before (raising KeyboardInterrupt,
    say) as soon as the block ends, however it ends. Outside the main thread, where
    Python runs no signal handler, nothing is held."""
    import threading  # here, not at the top: a run that holds no signal never needs it

    held = HeldSignals()
    if threading.current_thread() is not threading.main_thread():
        yield held
        return
    previous = {number: signal.getsignal(number) for number in STOP_SIGNALS}
    kept = [number for number, handler in previous.items() if handler != signal.SIG_IGN]
    for number in kept:
        signal.signal(number, held.catch)
    _holding.append(held)
    try:
        yield held
    finally:
        _holding.remove(held)
        for number in kept:
            signal.signal(number, previous[number])
        if held.caught:
            signal.raise_signal(held.caught[0])  # runs the restored handler now


def pause_at(point: str) -> None:
    """TEST-ONLY, inert unless the environment variable BOOKMAKER_TEST_PAUSE names this
    point: then print 'bookmaker: paused at POINT' on stderr and wait, so that a test can
    kill or signal the run at a moment of its choosing. SIGUSR1 resumes the run; a stop
    signal ends the pause too (at once if it is held, else by its exception)."""
    if os.environ.get(PAUSE_VARIABLE) != point:
        return
    import threading  # only where a test pauses the run

    if threading.current_thread() is not threading.main_thread():
        return
    resumed = threading.Event()
    previous = signal.signal(signal.SIGUSR1, lambda signum, frame: resumed.set())
    print(f"bookmaker: paused at {point}", file=sys.stderr, flush=True)
    try:
        while not resumed.is_set() and not any(held.caught for held in _holding):
            time.sleep(_PAUSE_POLL_SECONDS)
    finally:
        signal.signal(signal.SIGUSR1, previous)
