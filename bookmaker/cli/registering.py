"""`bookmaker generate --registry` and the registry commands' shared help: print only puzzles
the registry has not issued, register each as it is printed, and fail in one line."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator

import click

from ..core.puzzle import Puzzle
from ..puzzles.interrupts import signals_held
from ..puzzles.registry import Entry, Registry, RegistryError, puzzle_entry
from .common import DelayedProgressBar
from .workers import producing

GENERATE_SERIES = "generate"  # the series `generate --registry` registers its puzzles in


TRIES_PER_PUZZLE = 10  # generate --registry: jobs tried per puzzle asked before giving up


REGISTER_SECONDS = 1.0  # generate --registry: how long printed puzzles wait to be registered


def print_unregistered(registry_path: str, issue: str, jobs: Iterator, count: int,
                       workers: int, executor: str, show: Callable[[Puzzle, str], str]) -> None:
    """Print count puzzles, each as show(puzzle, its registry key) writes it, none of which
    is equivalent to one registered or printed before, and register each as it is printed
    (so that a run stopped early, or whose reader went away, has registered exactly what
    it delivered). Gives up after TRIES_PER_PUZZLE jobs per puzzle asked."""
    registry = Registry(registry_path)
    registry_or_fail(registry.check_usable)
    taken = set(registry_or_fail(registry.keys_issued))
    tries, printed = TRIES_PER_PUZZLE * count + 100, 0
    with Delivered(registry, issue) as delivered, \
            producing(itertools.islice(jobs, tries), count, workers, executor) as puzzles, \
            DelayedProgressBar(count, "Generating", beside_output=True) as progress:
        for puzzle in puzzles:
            entry = puzzle_entry(puzzle)
            if entry.key in taken:
                continue
            taken.add(entry.key)
            click.echo(show(puzzle, entry.key))
            delivered.add(entry)
            printed += 1
            progress.update(printed)
            if printed == count:
                return
    raise click.ClickException(f"only {printed} of {count} puzzles were new after {tries} "
                               f"tries: the registry holds most puzzles of this kind")


class Delivered:
    """Registry entries of the puzzles printed: registered in batches (at most
    REGISTER_SECONDS apart) as they come, and what is left when the block ends, however
    it ends; a stop signal waits until that is done."""

    def __init__(self, registry: Registry, issue: str) -> None:
        self.registry, self.issue = registry, issue
        self.waiting: list[Entry] = []
        self.registered_at = time.monotonic()

    def __enter__(self) -> Delivered:
        return self

    def __exit__(self, *exc_info) -> None:
        self.register()

    def add(self, entry: Entry) -> None:
        self.waiting.append(entry)
        if time.monotonic() - self.registered_at >= REGISTER_SECONDS:
            self.register()

    def register(self) -> None:
        with signals_held():
            if self.waiting:
                registry_or_fail(lambda: self.registry.register(
                    GENERATE_SERIES, self.issue, self.waiting, replace=False))
            self.waiting, self.registered_at = [], time.monotonic()


def registry_or_fail(action):
    """action()'s result; a registry that cannot be used is a one-line error, exit 1."""
    try:
        return action()
    except RegistryError as err:
        raise click.ClickException(str(err)) from None
