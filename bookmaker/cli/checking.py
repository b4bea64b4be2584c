"""`bookmaker solve` and `check`: each puzzle of a file solved, or its solutions counted."""

from __future__ import annotations

import click

from ..core.board.grid import Grid, format_grid
from ..core.solve.search import Search
from ..puzzles.puzzlefile import PuzzleLine
from .common import INPUT_FILE, main
from .options import (
    board_from_options,
    read_or_exit,
    read_puzzle_file_or_fail,
    require_puzzles,
    size_options,
    variant_option,
)


@main.command()
@click.argument("file", default="-", type=INPUT_FILE)
@size_options
@variant_option
@click.pass_context
def solve(ctx, file, size, box, kind) -> None:
    """Print each puzzle's solution, one per line.

    Reads FILE, or stdin if FILE is '-' or missing. Every line is read first: if any is
    malformed, each is reported as FILE:LINE: message on stderr, nothing is printed, and
    the exit code is 2.

    Otherwise stdout gets one line per puzzle, in order. A puzzle with several
    solutions prints the first one found; a puzzle with none prints a
    '# no solution' comment line (so output lines still match puzzles, and the
    output can be read back). Each such puzzle is also named on stderr as
    FILE:LINE: no solution / multiple solutions, and the exit code is 1.
    """
    puzzle_file = read_or_exit(ctx, file, board_from_options(size, box, kind), kind)
    all_unique = True
    for line in puzzle_file.lines:
        printed, problem = solve_line(line)
        click.echo(printed)
        if problem:
            click.echo(f"{line.where}: {problem}", err=True)
            all_unique = False
    ctx.exit(0 if all_unique else 1)


@main.command()
@click.argument("file", default="-", type=INPUT_FILE)
@size_options
@variant_option
@click.pass_context
def check(ctx, file, size, box, kind) -> None:
    """Report whether each puzzle is unique.

    Reads FILE, or stdin if FILE is '-' or missing. Prints LINE: unique, multiple, none,
    unknown (the search budget ran out before deciding) or invalid: what is wrong. A
    malformed line does not stop the others. Exit code 0 only if every puzzle is unique,
    1 otherwise, 2 for usage errors.
    """
    puzzle_file = read_puzzle_file_or_fail(file, board_from_options(size, box, kind), kind)
    require_puzzles(ctx, puzzle_file)
    verdicts = [uniqueness_verdict(line) for line in puzzle_file.lines]
    # One write: a click.echo a line cost more than counting a 17-clue puzzle's solutions.
    click.echo("\n".join(f"{line.number}: {verdict}"
                         for line, verdict in zip(puzzle_file.lines, verdicts)))
    ctx.exit(0 if all(v == "unique" for v in verdicts) else 1)


def solve_line(line: PuzzleLine) -> tuple[str, str | None]:
    """The stdout line for one puzzle, and what is wrong with it (None if it is unique)."""
    found = solutions_of(line)
    if found.solution is None:
        # A comment line keeps one output line per puzzle, and reads back as nothing.
        if found.complete:
            return "# no solution", "no solution"
        return "# unknown", f"search gave up after {found.nodes} nodes without a solution"
    assert line.grid is not None  # a line that was read
    solution = format_grid(Grid(line.grid.shape, found.solution))  # the answer: a full grid
    if found.count >= 2:
        return solution, "multiple solutions (the one shown is the first found)"
    if not found.complete:
        return solution, (f"search gave up after {found.nodes} nodes; "
                          "the solution shown may not be the only one")
    return solution, answer_problem(line, found.solution)


def solutions_of(line: PuzzleLine) -> Search:
    """A puzzle line's solutions, counted to two by its kind's solver."""
    assert line.grid is not None  # a line that was read
    return line.kind.solutions(line.grid, line.extras, limit=2)


def uniqueness_verdict(line: PuzzleLine) -> str:
    """unique / multiple / none / unknown / invalid: message, for one puzzle line."""
    if line.grid is None:
        return f"invalid: {line.error}"
    found = solutions_of(line)
    if found.count >= 2:  # two solutions decide it, even if the budget then ran out
        return "multiple"
    if not found.complete:
        return f"unknown (search gave up after {found.nodes} nodes)"
    if found.count == 1 and found.solution is not None and line.answer is not None:
        wrong = answer_problem(line, found.solution)
        if wrong:
            return f"wrong answer: {wrong}"
    return "unique" if found.count == 1 else "none"


def answer_problem(line: PuzzleLine, found: tuple[int, ...]) -> str | None:
    """How the solution a file states (ipuz, JSON) differs from the one found, or None."""
    if line.answer is None or line.answer.cells == tuple(found):
        return None
    wrong = [c for c, (v, w) in enumerate(zip(line.answer.cells, found)) if v != w]
    return (f"the file's solution differs from the puzzle's at {len(wrong)} cell(s), first "
            f"{line.answer.shape.cell_name(wrong[0])}")
