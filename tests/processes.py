"""Shared test helpers for real `bookmaker` processes: started in a process group of their
own, read with a deadline, and killed with every process of their group when a test is
done, so that a test that fails (on code that hangs, or leaves workers behind) fails
instead of hanging, and leaves nothing running."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys

from bookmaker.puzzles.interrupts import PAUSE_VARIABLE

WAIT_SECONDS = 60  # for a process to print or end (a loaded CI machine)


class Processes:
    """The bookmaker processes a test (or a module) started."""

    def __init__(self) -> None:
        self.started: list[subprocess.Popen] = []

    def start(self, *args, cwd=None, pause: str | None = None, **popen) -> subprocess.Popen:
        """`python -m bookmaker ARGS`, pausing at `pause` (BOOKMAKER_TEST_PAUSE) if given."""
        env = dict(os.environ, **({PAUSE_VARIABLE: pause} if pause else {}))
        process = subprocess.Popen([sys.executable, "-m", "bookmaker", *map(str, args)],
                                   cwd=cwd, env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, start_new_session=True, **popen)
        self.started.append(process)
        return process

    def kill_all(self) -> None:
        for process in self.started:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass  # the group is gone: every process of it has ended
            process.wait()
            _close_pipes(process)


def _close_pipes(process: subprocess.Popen) -> None:
    """Close the pipes to and from a process that a test left open (each would otherwise
    be an unclosed file for the garbage collector)."""
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            with contextlib.suppress(OSError):  # unwritten input to a process now gone
                stream.close()


def line_of(stream) -> str:
    """The next line of a process's stdout or stderr, or '' after WAIT_SECONDS."""
    ready, _, _ = select.select([stream], [], [], WAIT_SECONDS)
    return stream.readline().decode() if ready else ""


def wait_paused(process: subprocess.Popen, point: str) -> None:
    """Until the process says it has paused at point (failing, not hanging, if never)."""
    line = line_of(process.stderr)
    assert line == f"bookmaker: paused at {point}\n", line or "(nothing said)"


def finished(process: subprocess.Popen) -> tuple[int, str]:
    """The exit code and stderr of a process, once it has ended (its stdin and stdout
    read to the end, unless the test has closed them)."""
    for name in ("stdin", "stdout"):
        stream = getattr(process, name)
        if stream is not None and stream.closed:
            setattr(process, name, None)
    _, stderr = process.communicate(timeout=WAIT_SECONDS)
    return process.returncode, stderr.decode()
