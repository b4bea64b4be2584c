"""`bookmaker explain`: each puzzle of a file solved step by step as a person would, every
step with what makes it true (its units, cages, runs, signs or clues), in a catalogue's
language, as numbered sentences or (--json) as data."""

from __future__ import annotations

import json

import click

from ..core.board.grid import SYMBOLS
from ..design.breaks import NO_BREAK
from ..design.catalogue import Catalogue, language_names, load_catalogue
from ..design.explain import group_text, path_groups, step_record, technique_name, value_text
from ..puzzles.puzzlefile import PuzzleLine
from .common import INPUT_FILE, main
from .options import (
    board_from_options,
    read_or_exit,
    require_puzzles,
    size_options,
    variant_option,
)
from .running import echo
from .verdicts import uniqueness_verdict


@main.command(name="explain")
@click.argument("file", default="-", type=INPUT_FILE)
@size_options
@variant_option
@click.option("--lang", "language", default="en", show_default=True,
              type=click.Choice(language_names()),
              help="The language of the sentences and of what each step rests on.")
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object per puzzle line: line, grade, hardest, guessing and its "
                   "steps, each {technique, places, removes, because, cells, text}.")
@click.pass_context
def explain_command(ctx, file, size, box, kind, language, as_json) -> None:
    """Explain each puzzle's solution step by step.

    Reads FILE, or stdin if FILE is '-' or missing. Every line is read first: if any is
    malformed, each is reported as FILE:LINE: message on stderr, nothing is printed, and
    the exit code is 2. Each puzzle is solved by its kind's grader, easiest technique
    first; its steps are numbered, a run of one single told as one step (its placements
    grouped by the unit each rests on). A step names what makes it true (box 1; cage 12+
    at r1c1; run 17 across at r3c2) and what it does; cells are r1c3 (row 1, column 3) in
    the frame `solve` prints. A puzzle without exactly one solution is named on stderr as
    FILE:LINE: verdict and the exit code is 1.
    """
    puzzle_file = read_or_exit(ctx, file, board_from_options(size, box, kind), kind)
    require_puzzles(ctx, puzzle_file)
    explained = True
    for line in puzzle_file.lines:
        verdict = uniqueness_verdict(line)
        if verdict != "unique":
            echo(f"{line.where}: {verdict} (a puzzle is explained when it has one "
                 f"solution)", err=True)
            explained = False
            continue
        words = load_catalogue(language).for_kinds([line.kind])
        echo(explanation_json(line, words) if as_json else explanation_text(line, words))
    ctx.exit(0 if explained else 1)


def printed_as(line: PuzzleLine) -> tuple[str, ...]:
    """The glyphs the line's values are said in: its kind's own (Binairo's 0 and 1), else
    the symbols the file gives, else the text format's."""
    return line.kind.answer.glyphs or tuple(line.symbols or SYMBOLS)


def palette_of(line: PuzzleLine) -> tuple[str, ...]:
    """The line's colours (a colour Nonogram's palette, which its steps name), else ()."""
    assert line.grid is not None
    return line.kind.marks(line.grid, line.extras).palette


def explanation_json(line: PuzzleLine, words: Catalogue) -> str:
    """One puzzle's explanation as one line of JSON."""
    assert line.grid is not None  # read_or_exit leaves only lines that were read
    grading = line.kind.grade(line.grid, line.extras)
    value = value_text(printed_as(line), palette_of(line), words, line.kind.answer.said)
    return json.dumps({"line": line.number, "grade": grading.grade,
                       "hardest": grading.hardest, "guessing": grading.guessing,
                       "steps": [step_record(step, line.grid.shape, words, value)
                                 for step in grading.steps]}, ensure_ascii=False)


def explanation_text(line: PuzzleLine, words: Catalogue) -> str:
    """One puzzle's explanation: a heading, then its numbered steps."""
    assert line.grid is not None
    grading = line.kind.grade(line.grid, line.extras)
    value = value_text(printed_as(line), palette_of(line), words, line.kind.answer.said)
    groups = path_groups(grading.steps, line.kind.singles)
    width = len(str(len(groups)))
    hardest = technique_name(grading.hardest, words)
    lines = [f"{line.where}: {words.grade(grading.grade)} · {hardest}"]
    singles = line.kind.singles
    lines += [f"{number:>{width}}. "
              f"{group_text(run, line.grid.shape, words, value, run[0].technique in singles)}"
              for number, run in enumerate(groups, 1)]
    if grading.guessing:
        lines.append(f"{' ' * (width + 2)}{words.text('path_stalls')}")
    return "\n".join(lines).replace(NO_BREAK, " ")  # a terminal wraps as it will
