"""No repeats in a build: a puzzle equivalent to one already issued, or to an earlier one of
the same build, is made again from its job with the next derived seed.

Puzzles are walked in plan order; the first of two equivalent ones stays. Each repeat is
replaced by its job made with seed derive_seed(job seed, "repeat", k) for k = 1, 2, ...,
all repeats of a round in one batch, until none is left: the result depends only on the
jobs and the keys already issued, never on the order in which puzzles are finished.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..core.puzzle import GenerationError, Puzzle
from ..core.registry import puzzle_key
from ..core.rng import derive_seed
from ..core.words import counted
from .produce import PuzzleJob

# Rounds of remaking before giving up. A 4x4 board has only 36 distinct minimal puzzles
# (13 with rotational symmetry), so small boards run out; 9x9 repeats are rare.
MAX_ROUNDS = 60

ProduceBatch = Callable[[list[PuzzleJob]], list[Puzzle]]


class RepeatsLeft(GenerationError):
    """Some puzzles could not be made different from the others within MAX_ROUNDS."""


@dataclass(frozen=True)
class Distinct:
    """The build's puzzles with no two equivalent (nor equivalent to one issued before),
    each puzzle's equivalence key, and how many of them were made again."""

    puzzles: tuple[Puzzle, ...]
    keys: tuple[str, ...]
    remade: int


def without_repeats(jobs: Sequence[PuzzleJob], puzzles: Sequence[Puzzle],
                    issued: frozenset[str], produce_batch: ProduceBatch,
                    names: Sequence[str] | None = None,
                    max_rounds: int = MAX_ROUNDS,
                    keys_made: Sequence[str] | None = None) -> Distinct:
    """The puzzles (made from jobs, in plan order) with every repeat made again;
    RepeatsLeft if some are still repeats after max_rounds. `names` name the puzzles in
    messages (default: their 1-based positions); `keys_made` are the puzzles' keys where
    they were worked out with them (produce_keyed), else they are worked out here."""
    names = list(names) if names is not None else [str(i + 1) for i in range(len(jobs))]
    made = list(puzzles)
    keys = list(keys_made) if keys_made is not None else [puzzle_key(p) for p in puzzles]
    seen = set(issued)
    pending = _first_of_each(keys, seen)
    remade = len(pending)
    for repeat in range(1, max_rounds + 1):
        if not pending:
            break
        jobs_again = [replace(jobs[i], seed=derive_seed(jobs[i].seed, "repeat", repeat),
                              handed="") for i in pending]
        still = []
        for i, puzzle in zip(pending, produce_batch(jobs_again)):
            key = puzzle_key(puzzle)
            if key in seen:
                still.append(i)
            else:
                seen.add(key)
                made[i], keys[i] = puzzle, key
        pending = still
    if pending:
        raise RepeatsLeft(_repeats_text(jobs, pending, names, max_rounds))
    return Distinct(tuple(made), tuple(keys), remade)


def _first_of_each(keys: list[str], seen: set[str]) -> list[int]:
    """Positions whose key is in seen or came earlier; the others' keys are added."""
    repeats = []
    for i, key in enumerate(keys):
        if key in seen:
            repeats.append(i)
        else:
            seen.add(key)
    return repeats


def _repeats_text(jobs, pending: list[int], names: Sequence[str], rounds: int) -> str:
    first = jobs[pending[0]]
    shown = ", ".join(names[i] for i in pending[:5]) + (" ..." if len(pending) > 5 else "")
    repeat = "repeats an earlier one" if len(pending) == 1 else "repeat earlier ones"
    return (f"{counted(len(pending), 'puzzle')} still {repeat} after being made again "
            f"{rounds} times ({shown}): too few distinct puzzles of this kind are left "
            f"(the first is {first.shape}) for this book and its registry")
