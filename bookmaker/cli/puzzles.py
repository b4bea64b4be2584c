"""Commands on single puzzles: generate, solve, check, grade, rate, derive."""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterator

import click

from ..core.board.grid import Grid, format_grid
from ..core.board.moves import BoardMove
from ..core.board.shape import SYMMETRIES
from ..core.board.transform import Transformation, derived, each_derived
from ..core.generate.graded import DIFFICULTIES
from ..core.kinds.kind import Kind, clues_problem
from ..core.puzzle import Puzzle
from ..core.rating import (
    DEFAULT_BUDGET,
    DEFAULT_SCALE,
    RATER_VERSION,
    SCALES,
    Rating,
    parse_rating_range,
    rate,
    rating_json,
    step_text,
)
from ..core.solve.search import Search
from ..core.solve.verify import verify_puzzle
from ..puzzles.interrupts import signals_held
from ..puzzles.produce import each_generate_job
from ..puzzles.puzzlefile import PuzzleLine
from ..puzzles.registry import Entry, Registry, puzzle_entry
from .common import INPUT_FILE, DelayedProgressBar, main
from .options import (
    board_from_options,
    executor_option,
    frame_from_options,
    producing,
    proven_or_exit,
    read_or_exit,
    read_puzzle_file_or_fail,
    registry_or_fail,
    require_puzzles,
    seed_option,
    size_options,
    variant_option,
    worker_count,
)

GENERATE_SERIES = "generate"  # the series `generate --registry` registers its puzzles in
TRIES_PER_PUZZLE = 10  # generate --registry: jobs tried per puzzle asked before giving up
REGISTER_SECONDS = 1.0  # generate --registry: how long printed puzzles wait to be registered
# derive: a puzzle's copies up to this many are all found before the first is printed,
# so that a small board running out of copies prints none of them; more are streamed.
COPIES_FOUND_FIRST = 10_000

@main.command()
@click.option("--size", metavar="NxN", default="9x9", show_default=True,
              help="Board size, 4x4 to 25x25.")
@click.option("--box", metavar="RxC",
              help="Box shape, rows x columns, when not the usual one (e.g. 3x2 on 6x6).")
@variant_option
@click.option("--count", metavar="N", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many puzzles.")
@seed_option("Any integer or text. The same options and seed give the same puzzles; "
             "--count 5 gives the first 5 of --count 10.")
@click.option("--symmetry", type=click.Choice(SYMMETRIES), default="none", show_default=True,
              help="Symmetry of the clue pattern.")
@click.option("--clues", "target_clues", metavar="K", type=click.IntRange(min=0), default=0,
              help="Stop removing clues once K remain (a puzzle keeps more if it cannot "
                   "get that low and stay unique). Default: remove while unique.")
@click.option("--difficulty", type=click.Choice(DIFFICULTIES), default="any", show_default=True,
              help="The grade every puzzle must have exactly (see `bookmaker grade`).")
@click.option("--rating", "rating_text", metavar="LO-HI",
              help="The SE rating range every puzzle must be rated in, like 7.0-8.5, or one "
                   "rating, like 7.2 (see `bookmaker rate`); with --difficulty, both hold.")
@click.option("--jobs", "jobs_option", metavar="J", type=click.IntRange(min=0), default=1,
              show_default=True,
              help="Worker processes, 0 for one per CPU (at most 4 per CPU). The output "
                   "never depends on it.")
@executor_option
@click.option("--registry", "registry_path", metavar="FILE",
              help="Skip every puzzle equivalent to one this registry holds (or to one "
                   "printed before), and register those printed: running again with the "
                   "same seed prints new puzzles.")
def generate(size, box, kind, count, seed, symmetry, target_clues, difficulty,
             rating_text, jobs_option,
             executor, registry_path) -> None:
    """Print --count unique puzzles, one per line, each as soon as it is made.

    Every puzzle is proven unique while generating and checked again by an
    independent Dancing Links solver (a Killer: by the independent Killer check)
    before it is printed. A progress bar appears on stderr for long runs in a
    terminal; stdout holds only puzzles.
    """
    shape = frame_from_options(size, box, kind)  # the classic board it is made on
    check_kind_options(kind, symmetry, target_clues, rating_text)
    board = kind.describe(shape)
    clues_wrong = clues_problem(target_clues, board) if target_clues else None
    if clues_wrong:
        raise click.BadParameter(clues_wrong, param_hint="'--clues'")
    if target_clues and difficulty != "any":
        raise click.UsageError("--clues and --difficulty cannot be used together: the grade "
                               "decides how many clues remain")
    if kind.grade_problem(shape, difficulty):
        raise click.BadParameter(kind.grade_problem(shape, difficulty),
                                 param_hint="'--difficulty'")
    rating = _rating_option(rating_text, target_clues)
    # Only `--registry` keeps more than the givens: rate for it alone (issue 24).
    jobs = each_generate_job(shape, seed, symmetry, target_clues, difficulty, rating,
                             kind, record_rating=registry_path is not None)
    workers = worker_count(jobs_option)
    if registry_path is not None:
        named = "".join(f" {word}" for word in kind.seed_words)
        issue = f"{shape} {shape.box_text}{named} {symmetry} {difficulty} seed {seed}" + \
            (f" rated {rating}" if rating else "")
        print_unregistered(Registry(registry_path), issue, jobs, count, workers, executor)
        return
    with producing(itertools.islice(jobs, count), count, workers, executor) as puzzles, \
            DelayedProgressBar(count, "Generating", beside_output=True) as progress:
        for done, puzzle in enumerate(puzzles, 1):
            click.echo(puzzle_text(puzzle))
            progress.update(done)


def check_kind_options(kind: Kind, symmetry: str, target_clues: int,
                       rating_text: str | None) -> None:
    """The options the kind does not take (a Killer: --symmetry, --clues, --rating) are a
    usage error, by the rule the spec follows too."""
    refused = kind.options_problem(symmetry, target_clues or None, rating_text)
    if refused:
        option, why = refused
        raise click.UsageError(f"--{option} does not apply to --variant {kind.name}: {why}")


def puzzle_text(puzzle: Puzzle) -> str:
    """A puzzle's line, as its kind writes it (a Killer's with its cages and sums)."""
    return puzzle.kind.line(puzzle)


def _rating_option(text: str | None, target_clues: int):
    """--rating as a RatingRange (None if not given); a usage error if it is malformed or
    comes with --clues."""
    if text is None:
        return None
    if target_clues:
        raise click.UsageError("--clues and --rating cannot be used together: the rating "
                               "decides how many clues remain")
    try:
        return parse_rating_range(text)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="'--rating'") from None


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
    for line, verdict in zip(puzzle_file.lines, verdicts):
        click.echo(f"{line.number}: {verdict}")
    ctx.exit(0 if all(v == "unique" for v in verdicts) else 1)


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
        report, ok = grade_report(line, verbose, as_json)
        click.echo(report)
        graded = graded and ok
    ctx.exit(0 if graded else 1)


@main.command()
@click.argument("file", default="-", type=INPUT_FILE)
@size_options
@variant_option
@click.option("--count", metavar="N", type=click.IntRange(min=1), default=1, show_default=True,
              help="Copies of each puzzle.")
@seed_option("Any integer or text. The same puzzle and seed give the same copies; "
             "--count 3 gives the first 3 of --count 5.")
@click.pass_context
def derive(ctx, file, size, box, kind, count, seed) -> None:
    """Print --count new puzzles made from each puzzle: its digits relabelled, its bands,
    stacks, and rows and columns within them shuffled (and, with square boxes, maybe
    transposed). To a solver each is the same puzzle, of the same grade; it looks new.
    A variant's copies keep its extra units: X and Hyper use the moves that keep the
    diagonals or windows, Jigsaw (regions and all) and Samurai turns and mirrors.

    Reads FILE, or stdin if FILE is '-' or missing; prints the copies of the first puzzle,
    then those of the next, each as soon as it is made. Copies differ from their puzzle and
    from each other. Each puzzle must have exactly one solution (each copy is checked again
    by Dancing Links): otherwise FILE:LINE: what is wrong, on stderr, nothing printed,
    exit code 1. A puzzle with fewer distinct copies than asked (a small board) is named
    on stderr, exit code 1, and none of its copies is printed (when --count is at most
    10,000; beyond that, copies are printed as they are found).
    """
    if not kind.derives:
        raise click.UsageError(f"derive makes copies of puzzles with givens; it does not "
                               f"take --variant {kind.name} yet")
    puzzle_file = read_or_exit(ctx, file, board_from_options(size, box, kind), kind)
    puzzles = proven_or_exit(ctx, puzzle_file)
    for line, puzzle in zip(puzzle_file.lines, puzzles):
        for copy in copies_or_exit(ctx, line, puzzle, count, seed):
            click.echo(format_grid(copy.givens))


def copies_or_exit(ctx: click.Context, line: PuzzleLine, puzzle: Puzzle, count: int,
                   seed: int | str) -> Iterator[Puzzle]:
    """count transformed copies of the puzzle, each verified by Dancing Links; or (too few
    distinct copies) the problem on stderr and exit 1."""
    try:
        transformations = derived(puzzle.givens, count, seed) \
            if count <= COPIES_FOUND_FIRST else each_derived(puzzle.givens, count, seed)
        for transformation in transformations:
            yield verified_copy(puzzle, transformation)
    except ValueError as err:
        click.echo(f"{line.where}: {err}", err=True)
        ctx.exit(1)


def verified_copy(puzzle: Puzzle, transformation: Transformation | BoardMove) -> Puzzle:
    copy = Puzzle(transformation.apply(puzzle.givens), transformation.apply(puzzle.solution),
                  seed=0)
    verify_puzzle(copy)  # the group keeps uniqueness; this proves it once more
    return copy


def print_unregistered(registry: Registry, issue: str, jobs: Iterator, count: int,
                       workers: int, executor: str) -> None:
    """Print count puzzles none of which is equivalent to one registered or printed
    before, and register each as it is printed (so that a run stopped early, or whose
    reader went away, has registered exactly what it delivered). Gives up after
    TRIES_PER_PUZZLE jobs per puzzle asked."""
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
            click.echo(entry.givens)
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
    return solution, None


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
    return "unique" if found.count == 1 else "none"


def grade_report(line: PuzzleLine, verbose: bool, as_json: bool) -> tuple[str, bool]:
    """The output for one puzzle line of `bookmaker grade`, and whether it was graded."""
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
            report["rating"] = rating_json(rate(line.grid).texts, RATER_VERSION)
        return json.dumps(report, ensure_ascii=False), True
    text = f"{line.number}: {grading.grade} {grading.score:g} {grading.hardest}"
    if verbose:
        text += "".join(f"\n  {step.technique}: {step.explanation}" for step in grading.steps)
    if verbose and rated:
        rating = rate(line.grid)
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
              show_default=True, help="Work units per puzzle (see README: about a minute "
                                      "at most on this budget); past them the rating is a "
                                      "lower bound, printed >= with the technique searched.")
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
        report, ok = rate_report(line, as_json, verbose, budget, scale)
        click.echo(report)
        rated = rated and ok
    ctx.exit(0 if rated else 1)


def rate_report(line: PuzzleLine, as_json: bool, verbose: bool, budget: int,
                scale: str = DEFAULT_SCALE) -> tuple[str, bool]:
    """The output for one puzzle line of `bookmaker rate`, and whether it was rated."""
    problem = line.error if line.grid is None else _not_unique(line)
    if problem is None and not line.kind.se_rated:
        problem = (f"a {line.kind.title} has no SE rating: Sudoku Explainer rates puzzles "
                   f"with givens")
    if problem:
        if as_json:
            return json.dumps({"line": line.number, "error": problem}, ensure_ascii=False), False
        return f"{line.number}: invalid: {problem}", False
    assert line.grid is not None  # (no problem: the line was read)
    rating = rate(line.grid, budget, scale=scale)
    hardest = _hardest(rating)
    if as_json:
        return json.dumps({"line": line.number, **rating_json(rating.texts, rating.version),
                           "hardest": hardest}, ensure_ascii=False), True
    on_scale = "" if scale == DEFAULT_SCALE else f" [SE {scale} scale]"
    text = f"{line.number}: {'/'.join(rating.texts)} {hardest}{on_scale}"
    if verbose:
        text += "".join(f"\n  {step_text(line.grid.shape, step)}" for step in rating.steps)
    return text, True


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

