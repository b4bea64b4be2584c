"""The plain path: the plain invocations of the commands run most often, read without
click (whose import is a third of such a process's start-up, issue 24) and run by the
very functions the click commands call, with the defaults the click options have
(defaults.py).

Plain is `bookmaker --version`, `bookmaker check [FILE]` and `bookmaker solve [FILE]`,
FILE a readable file (not one starting with '-') or '-' for stdin, and `bookmaker
generate --seed S [--count N]` (either order, N a positive whole number in digits, S a
seed not starting with '-'): nothing else. Every other command line (options, --help, a
missing file, a typo) goes to click, which reads it and says what is wrong;
tests/test_plain.py runs each plain shape through both and compares stdout, stderr and the
exit code byte for byte."""

from __future__ import annotations

import os

from . import defaults
from .defaults import KIND, PUZZLE_FILE
from .running import echo, guarded, version_text

TYPE_CHECKING = False  # not typing's: `check` of classic lines loads no typing (issue 24)
if TYPE_CHECKING:
    from collections.abc import Callable

    from ..puzzles.puzzlefile import PuzzleFile


def run_plain(argv: list[str]) -> int | None:
    """Run argv if it is a plain invocation and give its exit code; None (nothing done,
    nothing read) for click to read it."""
    command = plain_command(argv)
    if command is None:
        return None
    result, code = guarded(command)
    return code if code is not None else result


def plain_command(argv: list[str]) -> Callable[[], int] | None:
    """What a plain command line runs (its exit code the result), or None if it is not
    one."""
    if argv == ["--version"]:
        return print_version
    if argv[:1] == ["generate"]:
        return _generate_command(argv[1:])
    if not argv or argv[0] not in FILE_COMMANDS or len(argv) > 2:
        return None
    path = argv[1] if len(argv) == 2 else PUZZLE_FILE
    if path != PUZZLE_FILE and not _readable_file(path):
        return None  # click's argument check says what is wrong with it
    work = FILE_COMMANDS[argv[0]]
    return lambda: work(path)


def print_version() -> int:
    echo(version_text())
    return 0


def _readable_file(path: str) -> bool:
    """A path click's FILE argument takes as it is: a readable file, not an option."""
    return not path.startswith("-") and os.path.isfile(path) and os.access(path, os.R_OK)


def _check(path: str) -> int:
    from .verdicts import check_file, check_quickly

    return _on_file(path, check_file, check_quickly)


def _solve(path: str) -> int:
    from .verdicts import solve_file

    return _on_file(path, solve_file)


def _on_file(path: str, work: Callable[[PuzzleFile], int],
             quickly: Callable[[bytes, str, str], int | None] | None = None) -> int:
    """Run a command's work on the puzzle file at path, read as --variant's default kind
    on no stated board; or its `quickly` twin on the file's bytes, where that answers
    (check: a file of classic lines, before any kind loads)."""
    from ..puzzles.filebytes import read_bytes, source_name, text_of

    try:
        data = read_bytes(path)
    except OSError as err:  # a file in UTF-16, say: said as click says it
        from .options import file_error

        error = file_error(path, err)
        error.show()
        return error.exit_code
    done = quickly(data, source_name(path), KIND) if quickly else None
    if done is not None:
        return done
    from ..core.registry import find_kind
    from ..puzzles.puzzlefile import parse_puzzle_text

    kind = find_kind(KIND)
    assert kind is not None  # the default names a kind
    return work(parse_puzzle_text(text_of(data), source_name(path), None, kind))


def _generate_command(options: list[str]) -> Callable[[], int] | None:
    """A plain `generate`: --seed S and perhaps --count N, each once, in either order."""
    given = dict(zip(options[::2], options[1::2]))
    if len(options) % 2 or len(given) * 2 != len(options) or \
            not set(given) <= {"--seed", "--count"} or "--seed" not in given or \
            any(value.startswith("-") for value in given.values()):
        return None
    count_text = given.get("--count", str(defaults.COUNT))
    if not (count_text.isascii() and count_text.isdigit() and int(count_text) >= 1):
        return None  # click's --count says what is wrong with it
    from ..core.rng import seed_of_text

    try:
        seed = seed_of_text(given["--seed"])
    except ValueError:
        return None  # and --seed's check, with it
    return lambda: _generate(seed, int(count_text))


def _generate(seed: int | str, count: int) -> int:
    """`generate`'s work with its options' defaults but for the seed and count."""
    from ..core.board.shape import parse_size
    from ..core.kinds.kind import MakeRequest
    from ..core.registry import find_kind
    from ..puzzles.produce import RUN_SEED
    from .making import PRODUCING_ERRORS, print_puzzles

    kind = find_kind(KIND)
    assert kind is not None  # the default names a kind
    shape = kind.frame(parse_size(defaults.SIZE), None)  # the default size fits the default
    try:
        request = MakeRequest(shape, RUN_SEED, defaults.DIFFICULTY, defaults.SYMMETRY,
                              defaults.CLUES)
        print_puzzles(kind, request, seed, count, defaults.JOBS, defaults.EXECUTOR, False)
    except PRODUCING_ERRORS as err:  # said as click says it
        import click

        error = click.ClickException(str(err))
        error.show()
        return error.exit_code
    return 0


# The commands that work on one puzzle file, by name.
FILE_COMMANDS: dict[str, Callable[[str], int]] = {"check": _check, "solve": _solve}
