"""What both executors share (the local pool, executors.py; Dask's, daskwork.py): the
names `--executor` takes, the Workers a run gets and the error it reports."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from concurrent.futures import Executor

LOCAL = "local"
DASK_LOCAL = "dask-local"
DASK_SCHEME = "dask://"
EXECUTOR_HELP = "local, dask-local or dask://HOST:PORT"
INSTALL_HINT = "pip install 'bookmaker[dask]'"
_ADDRESS = re.compile(r"(?P<host>[^\s:/]+|\[[0-9A-Fa-f:.]+\]):(?P<port>\d{1,5})")


class ExecutorError(Exception):
    """An executor that cannot be had or that failed: a one-line message for the user."""


@dataclass(frozen=True)
class Workers:
    """What produce() runs on: an executor (None: produce's own process pool, or this
    process for one worker) and how many puzzles it makes at once."""

    count: int
    executor: Executor | None = None


def check_executor(text: str) -> str:
    """The executor name itself if it is one `open_workers` knows; ValueError otherwise."""
    if text in (LOCAL, DASK_LOCAL) or scheduler_address(text):
        return text
    raise ValueError(f"{text!r} is not an executor (expected {EXECUTOR_HELP}, "
                     "e.g. dask://127.0.0.1:8786)")


def scheduler_address(text: str) -> str | None:
    """'tcp://HOST:PORT' for 'dask://HOST:PORT', None for anything else."""
    if not text.startswith(DASK_SCHEME):
        return None
    match = _ADDRESS.fullmatch(text[len(DASK_SCHEME):])
    if match is None or not 0 < int(match["port"]) < 65536:
        return None
    return f"tcp://{match.group(0)}"
