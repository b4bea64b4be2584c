"""`bookmaker solve` and `check`: each puzzle of a file solved, or its solutions counted
(the work itself, shared with the plain path, is verdicts.py's)."""

from __future__ import annotations

import click

from .common import INPUT_FILE, main
from .defaults import PUZZLE_FILE
from .options import board_from_options, read_puzzle_file_or_fail, size_options, variant_option
from .verdicts import check_file, solve_file


@main.command()
@click.argument("file", default=PUZZLE_FILE, type=INPUT_FILE)
@size_options
@variant_option
@click.pass_context
def solve(ctx, file, size, box, kind) -> None:
    """Print each puzzle's solution, one per line.

    Reads FILE, or stdin if FILE is '-' or missing (a line may be a puzz.link URL, read as
    the kind it names). Every line is read first: if any is malformed, each is reported
    as FILE:LINE: message on stderr, nothing is printed, and the exit code is 2.

    Otherwise stdout gets one line per puzzle, in order. A puzzle with several
    solutions prints the first one found; a puzzle with none prints a
    '# no solution' comment line (so output lines still match puzzles, and the
    output can be read back). Each such puzzle is also named on stderr as
    FILE:LINE: no solution / multiple solutions, and the exit code is 1.
    """
    ctx.exit(solve_file(read_puzzle_file_or_fail(file, board_from_options(size, box, kind),
                                                 kind)))


@main.command()
@click.argument("file", default=PUZZLE_FILE, type=INPUT_FILE)
@size_options
@variant_option
@click.pass_context
def check(ctx, file, size, box, kind) -> None:
    """Report whether each puzzle is unique.

    Reads FILE, or stdin if FILE is '-' or missing (a line may be a puzz.link URL, read as
    the kind it names). Prints LINE: unique, multiple, none,
    unknown (the search budget ran out before deciding) or invalid: what is wrong. A
    malformed line does not stop the others. Exit code 0 only if every puzzle is unique,
    1 otherwise, 2 for usage errors.
    """
    ctx.exit(check_file(read_puzzle_file_or_fail(file, board_from_options(size, box, kind),
                                                 kind)))
