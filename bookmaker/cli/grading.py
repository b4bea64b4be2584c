"""`bookmaker grade` and `rate`: each puzzle of a file graded by the techniques a person
needs, or rated on Sudoku Explainer's scale."""

from __future__ import annotations

import json

import click

from ..core.rating.rater import DEFAULT_BUDGET, Rating, rate, step_text
from ..core.rating.scales import DEFAULT_SCALE, RATER_VERSION, SCALES, rating_json
from ..core.words import with_article
from ..puzzles.puzzlefile import PuzzleLine
from .common import INPUT_FILE, main
from .options import (
    board_from_options,
    read_puzzle_file_or_fail,
    require_puzzles,
    size_options,
    variant_option,
)
from .progress import Watch, WorkMeter
from .verdicts import uniqueness_verdict


@main.command(name="grade")
@click.argument("file", default="-", type=INPUT_FILE)
@size_options
@variant_option
@click.option("-v", "--verbose", is_flag=True,
              help="Also print every step, indented, then the SE rating and its steps "
                   "(not for a Killer).")
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object per line: grade, score, hardest, steps, guessing, and "
                   "the SE rating (er, ep, ed, rater).")
@click.pass_context
def grade_command(ctx, file, size, box, kind, verbose, as_json) -> None:
    """Grade each puzzle by the techniques a person needs.

    Reads FILE, or stdin if FILE is '-' or missing. Prints LINE: grade score hardest;
    for a puzzle without exactly one solution LINE: none, multiple or unknown, as `check`
    says (a grade is for puzzles); or LINE: invalid: what is wrong. A bad line does not
    stop the others. Grades are beginner, easy, medium, hard, expert, extreme. Exit code
    0 only if every line was graded, 1 otherwise, 2 for usage errors. With -v or --json
    each puzzle is also rated on Sudoku Explainer's scale (see `bookmaker rate`).
    """
    puzzle_file = read_puzzle_file_or_fail(file, board_from_options(size, box, kind), kind)
    require_puzzles(ctx, puzzle_file)
    graded = True
    for line in puzzle_file.lines:
        with rating_meter(line) as meter:
            report, ok = grade_report(line, verbose, as_json, meter.update)
        click.echo(report)
        graded = graded and ok
    ctx.exit(0 if graded else 1)


def grade_report(line: PuzzleLine, verbose: bool, as_json: bool,
                 watch: Watch | None = None) -> tuple[str, bool]:
    """The output for one puzzle line of `bookmaker grade`, and whether it was graded;
    `watch` hears how the SE rating's work goes."""
    if line.grid is None:
        if as_json:
            return json.dumps({"line": line.number, "error": line.error},
                              ensure_ascii=False), False
        return f"{line.number}: invalid: {line.error}", False
    verdict = uniqueness_verdict(line)
    if verdict != "unique":
        if as_json:
            return json.dumps({"line": line.number, "verdict": verdict}), False
        return f"{line.number}: {verdict}", False
    rated = line.kind.se_rated  # SE rates puzzles with givens: a Killer has no rating
    grading = line.kind.grade(line.grid, line.extras)
    if as_json:
        report = {
            "line": line.number, "grade": grading.grade, "score": grading.score,
            "hardest": grading.hardest, "guessing": grading.guessing,
            "steps": [{"technique": step.technique, "explanation": step.explanation}
                      for step in grading.steps]}
        if rated:
            report["rating"] = rating_json(rate(line.grid, watch=watch).texts, RATER_VERSION)
        return json.dumps(report, ensure_ascii=False), True
    text = f"{line.number}: {grading.grade} {grading.score:g} {grading.hardest}"
    if verbose:
        text += "".join(f"\n  {step.technique}: {step.explanation}" for step in grading.steps)
    if verbose and rated:
        rating = rate(line.grid, watch=watch)
        text += f"\n  SE rating {'/'.join(rating.texts)} (rater {RATER_VERSION}):"
        text += "".join(f"\n  {step_text(line.grid.shape, step)}" for step in rating.steps)
    return text, True


@main.command(name="rate")
@click.argument("file", default="-", type=INPUT_FILE)
@size_options
@variant_option
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object per line: er, ep, ed (numbers; a lower bound is text "
                   "like \">=9.0\"), rater, hardest.")
@click.option("-v", "--verbose", is_flag=True, help="Also print every rated step, indented.")
@click.option("--budget", metavar="UNITS", type=click.IntRange(min=1), default=DEFAULT_BUDGET,
              show_default=True, help="Work units per puzzle (docs/ratings.md: up to about 65 s "
                                      "on the compiled core, minutes on the pure one); past "
                                      "them the rating is a lower bound, printed >= with the "
                                      "technique searched.")
@click.option("--scale", type=click.Choice(SCALES), default=DEFAULT_SCALE, show_default=True,
              help="Whose ratings: Sukaku Explainer's, or Sudoku Explainer 1.2.1's (the "
                   "forum's and academic collections').")
@click.pass_context
def rate_command(ctx, file, size, box, kind, as_json, verbose, budget, scale) -> None:
    """Rate each puzzle on Sudoku Explainer's scale: ER/EP/ED.

    ER is the hardest step of a solve that always takes the easiest step SE knows, EP
    the hardest before the first placed value, ED the first step's; each to 0.1. Reads
    FILE, or stdin if FILE is '-' or missing; prints LINE: ER/EP/ED and the hardest
    technique, or LINE: invalid: what is wrong. Only a puzzle with one solution can be
    rated. Exit code 0 only if every line was rated, 1 otherwise, 2 for usage errors.
    With --scale 1.2.1 every line says so.
    """
    puzzle_file = read_puzzle_file_or_fail(file, board_from_options(size, box, kind), kind)
    require_puzzles(ctx, puzzle_file)
    rated = True
    for line in puzzle_file.lines:
        with rating_meter(line, budget) as meter:
            report, ok = rate_report(line, as_json, verbose, budget, scale, meter.update)
        click.echo(report)
        rated = rated and ok
    ctx.exit(0 if rated else 1)


def rate_report(line: PuzzleLine, as_json: bool, verbose: bool, budget: int,
                scale: str = DEFAULT_SCALE, watch: Watch | None = None) -> tuple[str, bool]:
    """The output for one puzzle line of `bookmaker rate`, and whether it was rated;
    `watch` hears how the rating's work goes."""
    problem = line.error if line.grid is None else _not_unique(line)
    if problem is None and not line.kind.se_rated:
        problem = (f"{with_article(line.kind.title)} has no SE rating: Sudoku Explainer rates "
                   f"Sudoku whose only clues are givens")
    if problem:
        if as_json:
            return json.dumps({"line": line.number, "error": problem}, ensure_ascii=False), False
        return f"{line.number}: invalid: {problem}", False
    assert line.grid is not None  # (no problem: the line was read)
    rating = rate(line.grid, budget, scale=scale, watch=watch)
    hardest = _hardest(rating)
    if as_json:
        return json.dumps({"line": line.number, **rating_json(rating.texts, rating.version),
                           "hardest": hardest}, ensure_ascii=False), True
    on_scale = "" if scale == DEFAULT_SCALE else f" [SE {scale} scale]"
    text = f"{line.number}: {'/'.join(rating.texts)} {hardest}{on_scale}"
    if verbose:
        text += "".join(f"\n  {step_text(line.grid.shape, step)}" for step in rating.steps)
    return text, True


def rating_meter(line: PuzzleLine, budget: int = DEFAULT_BUDGET) -> WorkMeter:
    """How a line's SE rating goes, on stderr while it takes long (a hardest puzzle may
    take a minute of the compiled core's work, many on the pure one)."""
    return WorkMeter(f"Rating line {line.number}", budget)


def _hardest(rating: Rating) -> str:
    """The technique of the first step rated ER; for a lower bound, also why it is one
    ('Dynamic Forcing Chains (+); work budget spent searching Dynamic Forcing Chains (+
    Forcing Chains)'); for 20.0, that no technique of SE's solves it."""
    found = next((step.name for step in rating.steps if step.rating == rating.er), None)
    if rating.reason and rating.reason.startswith("work budget: "):
        why = f"work budget spent searching {rating.reason.removeprefix('work budget: ')}"
        return why if found is None else f"{found}; {why}"
    if found is not None:
        return found
    return "beyond SE's techniques" if not rating.lower_bound else "past the ceiling"


def _not_unique(line: PuzzleLine) -> str | None:
    """Why a puzzle cannot be rated (no or several solutions), or None."""
    verdict = uniqueness_verdict(line)
    return None if verdict == "unique" else f"{verdict}: only a puzzle with one solution " \
                                             f"can be rated"
