"""`bookmaker registry`: register puzzles published elsewhere, and count what a registry holds."""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

import click

from ..core.grade.grades import GRADES
from ..core.puzzle import Puzzle
from ..core.rating.rater import rate
from ..core.rating.scales import RATER_VERSION
from ..core.rating.target import GENERATION_BUDGET
from ..core.registry import kind_of_puzzle
from ..core.words import counted
from ..puzzles.puzzlefile import STDIN, STDIN_NAME
from ..puzzles.registry import SUFFIX, Entry, Registry, default_registry_path, entry_of
from ..spec import slug_of
from .common import DEFAULT_OUTPUT, INPUT_FILE, DelayedProgressBar, main
from .options import board_from_options, proven_or_exit, read_or_exit, size_options, variant_option
from .registering import registry_or_fail


@main.group()
def registry() -> None:
    """The registry of issued puzzles: a SQLite file (per series, by default
    output/SERIES.registry.sqlite) recording every puzzle a series has published, so
    that no later book repeats one, not even turned, mirrored or relabelled."""


@registry.command(name="import")
@click.argument("file", default="-", type=INPUT_FILE)
@size_options
@variant_option
@click.option("--series", metavar="S", help="The series they were published in.")
@click.option("--issue", metavar="I",
              help="The issue (volume, date) they were published in; default: FILE's name.")
@click.option("--registry", "registry_path", metavar="PATH",
              help=f"The registry file; default: {DEFAULT_OUTPUT}/SERIES{SUFFIX}, where "
                   f"`bookmaker build` keeps the series' registry.")
@click.pass_context
def import_command(ctx, file, size, box, kind, series, issue, registry_path) -> None:
    """Register the puzzles of FILE (or stdin), published elsewhere, so that books of the
    series never repeat them.

    Each puzzle is graded and must have exactly one solution; otherwise nothing is
    registered (FILE:LINE: what is wrong, exit 1). Importing the same series and issue
    again replaces the puzzles imported before.
    """
    if registry_path is None and series is None:
        raise click.UsageError("give --series (the registry is then "
                               f"{DEFAULT_OUTPUT}/SERIES{SUFFIX}) or --registry PATH")
    series = series or "imported"
    issue = issue or (STDIN_NAME if file == STDIN else os.path.basename(file))
    path = registry_path or default_registry_path(DEFAULT_OUTPUT, slug_of(series, "series"))
    puzzle_file = read_or_exit(ctx, file, board_from_options(size, box, kind), kind)
    entries = graded_entries(proven_or_exit(ctx, puzzle_file))
    repeats = registry_or_fail(lambda: register_counting_repeats(Registry(path), series,
                                                                 issue, entries))
    click.echo(f"{counted(len(entries), 'puzzle')} registered in {path} as {series!r}, "
               f"issue {issue!r}"
               + (f"; {repeats} of them repeat puzzles registered before" if repeats else ""))


@registry.command()
@click.option("--registry", "registry_paths", metavar="PATH", multiple=True,
              type=click.Path(exists=True, dir_okay=False),
              help=f"A registry file (may be given more than once); default: every "
                   f"{DEFAULT_OUTPUT}/*{SUFFIX}.")
def stats(registry_paths) -> None:
    """Count the registered puzzles by series and grade."""
    paths = registry_paths or sorted(Path(DEFAULT_OUTPUT).glob(f"*{SUFFIX}"))
    if not paths:
        raise click.ClickException(f"no registry in {DEFAULT_OUTPUT}/; name one with "
                                   f"--registry PATH")
    for number, path in enumerate(paths):
        click.echo(("\n" if number else "") + str(path))
        for line in registry_or_fail(partial(stats_table, Registry(path))):
            click.echo(line)


def graded_entries(puzzles: list[Puzzle]) -> list[Entry]:
    """Registry entries for the puzzles, each graded by its kind and SE-rated where SE
    ratings apply, with a progress bar."""
    entries = []
    with DelayedProgressBar(len(puzzles), "Grading") as progress:
        for puzzle in puzzles:
            kind = kind_of_puzzle(puzzle)
            grade = kind.grade(puzzle.givens, puzzle.extras).grade
            rating = rate(puzzle.givens, GENERATION_BUDGET).er_text if kind.se_rated else ""
            entries.append(entry_of(puzzle.givens, grade, rating=rating,
                                    rater=RATER_VERSION if rating else "",
                                    extras=puzzle.extras))
            progress.update(len(entries))
    return entries


def register_counting_repeats(registry: Registry, series: str, issue: str,
                              entries: list[Entry]) -> int:
    """Register the entries as the issue; how many repeat a puzzle of another issue or an
    earlier one of these."""
    seen = set(registry.keys_issued((series, issue)))
    repeats = 0
    for entry in entries:
        repeats += entry.key in seen
        seen.add(entry.key)
    registry.register(series, issue, entries)
    return repeats


def stats_table(registry: Registry) -> list[str]:
    """The registry's puzzles as a table: one row per series, one column per grade."""
    counts = registry.counts()
    grades = list(GRADES) + sorted({c.grade for c in counts} - set(GRADES))
    header = ["series", "issues", "puzzles"] + grades
    issues = registry.issue_counts()
    rows = []
    for series in sorted({c.series for c in counts}):
        by_grade = {c.grade: c.puzzles for c in counts if c.series == series}
        rows.append([series, str(issues[series]), str(sum(by_grade.values()))]
                    + [str(by_grade.get(grade, 0)) for grade in grades])
    return text_table(header, rows) if rows else ["no puzzles registered"]


def text_table(header: list[str], rows: list[list[str]]) -> list[str]:
    """Columns padded to their widest cell: the first left-aligned, the others right."""
    widths = [max(len(row[i]) for row in [header] + rows) for i in range(len(header))]
    return ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                      for i, (cell, w) in enumerate(zip(row, widths))).rstrip()
            for row in [header] + rows]

