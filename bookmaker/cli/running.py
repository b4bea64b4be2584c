"""How a command runs, whichever parser read its line (click, or the plain path of
plain.py): a stop signal or a closed stdout turned into one line and an exit code, lines
written as click writes them, the version. No click here: the plain path shares it."""

from __future__ import annotations

import os
import sys

from .. import __version__
from ..puzzles.interrupts import exit_code, run_end, signal_stop, stop_message

TYPE_CHECKING = False  # not typing's: the plain path loads no typing (issue 24)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeVar

    Result = TypeVar("Result")

EXIT_OUTPUT_CLOSED = 141  # as for a program killed by SIGPIPE: the reader has gone


def guarded(body: Callable[[], Result]) -> tuple[Result | None, int | None]:
    """Run a command's body: its result and None, or (stopped by Ctrl-C or SIGTERM, or
    its stdout closed) None and the exit code, its one line written on stderr. A stop
    that came once the outputs were complete ends with 0; its clean-ups have run."""
    run_end.start()
    try:
        result = body()
    except KeyboardInterrupt as stop:
        if run_end.finished:  # after the commit: the new set is complete, nothing failed
            echo(finished_message(stop), err=True)
            return None, 0
        echo(stop_message(stop), err=True)
        return None, exit_code(stop)
    except BrokenPipeError:
        _quiet_stdout()
        return None, EXIT_OUTPUT_CLOSED
    if run_end.late:
        echo(finished_message(signal_stop(run_end.late[0])), err=True)
    return result, None


def finished_message(stop: KeyboardInterrupt) -> str:
    """What a stop signal that came once the outputs were complete says."""
    return f"{stop_message(stop)} after the files were complete: the run had finished"


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so that flushing it on the way out cannot fail again."""
    try:
        descriptor = os.open(os.devnull, os.O_WRONLY)
        os.dup2(descriptor, sys.stdout.fileno())
        os.close(descriptor)
    except (OSError, ValueError, AttributeError):  # not a real file (a test's capture)
        pass


def echo(text: str, err: bool = False) -> None:
    """Write a line on stdout (or stderr) and flush it, as click.echo does."""
    stream = sys.stderr if err else sys.stdout
    if "\x1b" in text or stream is None:  # click strips escape codes off a terminal
        import click

        click.echo(text, err=err)
        return
    stream.write(text + "\n")
    stream.flush()


def version_text() -> str:
    """--version's lines: the version, and which core runs (compiled, or pure and why)."""
    from ..core import compiled

    return f"bookmaker, version {__version__}\ncore: {compiled.description()}"
