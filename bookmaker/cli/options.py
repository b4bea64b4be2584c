"""Options and helpers the commands on puzzles share: sizes, kinds, seeds, reading puzzle
files, proving puzzles."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ..core.board.grid import Grid
from ..core.board.shape import Shape, parse_shape, parse_sides
from ..core.kinds.kind import Kind
from ..core.kinds.sudoku import CLASSIC
from ..core.puzzle import Puzzle
from ..core.registry import all_kinds, find_kind, kind_names, unknown_kind_text, verify_puzzle
from ..core.rng import seed_of_text
from .defaults import KIND
from .verdicts import answer_problem, refuse_empty, refuse_malformed

if TYPE_CHECKING:  # read and proven where a command reads puzzles: not to make one
    from ..puzzles.puzzlefile import PuzzleFile, PuzzleLine


def size_options(command):
    """--size and --box for commands that read puzzles (the size is otherwise inferred)."""
    command = click.option("--box", metavar="RxC",
                           help="Box shape, rows x columns, when not the usual one "
                                "(6x6 boxes are 2x3 unless told 3x2). Needs --size.")(command)
    return click.option("--size", metavar="NxN",
                        help="Board size; inferred from each line's length if not given.")(command)


class KindType(click.ParamType):
    """A kind of puzzle by name or alias, in any case (core/registry.py)."""

    name = "kind"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[" + "|".join(kind_names()) + "]"

    def convert(self, value, param, ctx) -> Kind:
        if isinstance(value, Kind):
            return value
        kind = find_kind(value)
        if kind is None:
            self.fail(unknown_kind_text(value), param, ctx)
        return kind


def variant_option(command):
    """--variant (or --kind) for commands on puzzles: which kind of puzzle they are."""
    return click.option(
        "--variant", "--kind", "kind", type=KindType(), default=KIND, show_default=True,
        cls=KindsHelpOption)(command)


class KindsHelpOption(click.Option):
    """--variant, whose help lists every kind: written when help is shown, since listing
    the kinds loads them all and a command on a Sudoku needs only the Sudoku kinds."""

    def get_help_record(self, ctx: click.Context):
        self.help = kinds_help()
        return super().get_help_record(ctx)


def kinds_help() -> str:
    """--variant's help, from the kinds themselves: each name with its rule in a phrase."""
    listed = "; ".join(f"{kind.name} ({kind.presentation.summary})"
                       if kind.presentation.summary else kind.name for kind in all_kinds())
    return f"The kind of puzzle: {listed}. Any case; aliases such as windoku are read too."


def frame_from_options(size: str, box: str | None, kind: Kind) -> Shape:
    """The classic board of --size/--box that the kind's puzzles are made on (a rectangle,
    rows x columns, where the kind takes one), by the kind's one size rule (which the spec
    follows too); what does not fit is a usage error naming the options."""
    try:
        rows, cols = parse_sides(size)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="'--size'") from None
    if box is not None and not kind.takes_box:
        why = kind.sides_problem(rows, cols, True) or \
            "it has regions, drawn from the seed, not boxes"
        raise click.UsageError(f"--box does not apply to --variant {kind.name}: {why}")
    problem = kind.sides_problem(rows, cols, box is not None)
    if problem:
        raise click.BadParameter(f"{problem} (--variant {kind.name})", param_hint="'--size'")
    frame = shape_from_options(size, box) if box is not None else None
    try:
        return kind.sides_frame(rows, cols,
                                None if frame is None else (frame.box_rows, frame.box_cols))
    except ValueError as err:
        raise click.BadParameter(f"{err} (--variant {kind.name})",
                                 param_hint="'--box'" if box else "'--size'") from None


def board_from_options(size: str | None, box: str | None, kind: Kind) -> Shape | None:
    """The board puzzle lines are read on: None (each line's length says) without
    --size or --box, else the board they ask for (a jigsaw's regions come from the line,
    so only its size counts; a Killer X's board has the X diagonals)."""
    if size is None:
        if box is not None:
            raise click.UsageError("--box needs --size too, e.g. --size 6x6 --box 3x2")
        return None
    return kind.reading_board(frame_from_options(size, box, kind))


def shape_from_options(size: str | None, box: str | None, optional: bool = False) -> Shape | None:
    """The Shape the --size/--box options ask for (None if optional and neither is given);
    a bad value is a usage error naming the option at fault."""
    if size is None:
        if box is not None:
            raise click.UsageError("--box needs --size too, e.g. --size 6x6 --box 3x2")
        if optional:
            return None
    assert size is not None  # where --size is not optional it has a default
    try:
        shape = parse_shape(size)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="'--size'") from None
    if box is None:
        return shape
    try:
        return parse_shape(size, box)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="'--box'") from None


def seed_option(help_text: str, required: bool = True):
    """--seed, read by the rule a spec's seed follows (spec/values.seed_of_text): an
    integer if the text is one (so '007' and '7' agree), else the text; never empty."""
    def checked(ctx: click.Context, param: click.Parameter, text: str | None):
        if text is None:
            return None
        try:
            return seed_of_text(text)
        except ValueError as err:
            raise click.BadParameter(str(err), param_hint="'--seed'") from None

    return click.option("--seed", metavar="S", required=required, callback=checked,
                        help=help_text)


def read_puzzle_file_or_fail(path: str, board: Shape | None,
                             kind: Kind = CLASSIC) -> PuzzleFile:
    from ..puzzles.puzzlefile import read_puzzle_file
    try:
        return read_puzzle_file(path, board, kind, kind_stated())
    except OSError as err:
        raise file_error(path, err) from None


def file_error(path: str, err: OSError) -> click.FileError:
    """What a puzzle file that cannot be read says (the plain path's too)."""
    return click.FileError(path, hint=err.strerror or str(err))


def kind_stated() -> bool:
    """Whether the running command was given --variant (a JSON file's puzzles name their
    own kind: one stated on the command line must agree with it)."""
    ctx = click.get_current_context(silent=True)
    source = ctx.get_parameter_source("kind") if ctx is not None else None
    return source not in (None, click.core.ParameterSource.DEFAULT)


def require_puzzles(ctx: click.Context, puzzle_file: PuzzleFile) -> None:
    """Exit 1 on a file without a single puzzle line: almost always a mistake upstream."""
    if not puzzle_file.lines:
        ctx.exit(refuse_empty(puzzle_file))


def read_or_exit(ctx: click.Context, path: str, board: Shape | None,
                 kind: Kind = CLASSIC) -> PuzzleFile:
    """All of a file's puzzles, or (any line malformed) every error on stderr and exit 2."""
    puzzle_file = read_puzzle_file_or_fail(path, board, kind)
    refused = refuse_malformed(puzzle_file)
    if refused is not None:
        ctx.exit(refused)
    return puzzle_file


def proven_puzzle(line: PuzzleLine) -> tuple[Puzzle | None, str | None]:
    """The line's puzzle with its one solution, proven by its kind's solver and again by
    its second opinion (and the solution the file states, if any, that one); or None and
    what is wrong."""
    assert line.grid is not None  # a line that was read (its error is None)
    found = line.kind.solutions(line.grid, line.extras, limit=2)
    if found.count != 1 or not found.complete:
        verdict = ("has more than one solution" if found.count >= 2 else
                   "has no solution" if found.complete else
                   f"is undecided: the search gave up after {found.nodes} nodes")
        return None, f"not a puzzle with one solution: it {verdict}"
    assert found.solution is not None  # one solution found, and kept
    wrong = answer_problem(line, found.solution)
    if wrong:
        return None, f"wrong answer: {wrong}"
    puzzle = Puzzle(line.grid, Grid(line.grid.shape, found.solution), seed=0,
                    extras=line.extras)
    from ..core.solve.verify import VerificationError
    try:
        verify_puzzle(puzzle)
    except VerificationError as err:
        return None, str(err)
    return puzzle, None


def proven_or_exit(ctx: click.Context, puzzle_file: PuzzleFile) -> list[Puzzle]:
    """Every puzzle of the file, proven unique; or each problem on stderr and exit 1."""
    proven = [(line, *proven_puzzle(line)) for line in puzzle_file.lines]
    problems = [f"{line.where}: {problem}" for line, _, problem in proven if problem]
    if problems:
        for problem in problems:
            click.echo(problem, err=True)
        ctx.exit(1)
    return [puzzle for _, puzzle, _ in proven if puzzle is not None]  # (all, by now)
