"""What `solve` and `check` do once their options are read: each puzzle of a file solved,
or its solutions counted, the lines printed and the exit code. No click here: the plain
path (plain.py) runs these very functions for the plain invocations."""

from __future__ import annotations

from .running import echo

TYPE_CHECKING = False  # not typing's: `check` of classic lines loads no typing (issue 24)
if TYPE_CHECKING:  # the commands that make puzzles (options.py) load no reader
    from ..core.solve.search import Search
    from ..puzzles.puzzlefile import PuzzleFile, PuzzleLine


def check_file(puzzle_file: PuzzleFile) -> int:
    """Print LINE: verdict for each puzzle; the exit code: 0 if every one is unique."""
    if not puzzle_file.lines:
        return refuse_empty(puzzle_file)
    verdicts = [uniqueness_verdict(line) for line in puzzle_file.lines]
    return print_verdicts([line.number for line in puzzle_file.lines], verdicts)


def print_verdicts(numbers: list[int], verdicts: list[str]) -> int:
    """check's output, LINE: verdict a puzzle, and its exit code."""
    # One write: a write a line cost more than counting a 17-clue puzzle's solutions.
    echo("\n".join(f"{number}: {verdict}" for number, verdict in zip(numbers, verdicts)))
    return 0 if all(v == "unique" for v in verdicts) else 1


def check_quickly(data: bytes, source: str, kind_word: str) -> int | None:
    """check_file's output and exit code for the bytes of a file of `kind_word`'s puzzles,
    counted in one compiled call (core/kinds/quick.py), the kind reading only the lines
    that call leaves to it; None (nothing printed) where it does not apply, or for a file
    without a puzzle."""
    from ..core.kinds.quick import quick_counts

    counted = quick_counts(kind_word, data)
    if not counted:
        return None
    verdicts = [count_verdict(*item[1:]) if len(item) == 4
                else _read_verdict(item[1], source, item[0], kind_word) for item in counted]
    return print_verdicts([item[0] for item in counted], verdicts)


def _read_verdict(text: str, source: str, number: int, kind_word: str) -> str:
    """The verdict on line `number`, read by the kind's own reader."""
    from ..core.registry import find_kind
    from ..puzzles.puzzlefile import parse_line

    kind = find_kind(kind_word)
    assert kind is not None  # quick_counts answers only for a kind's name
    return uniqueness_verdict(parse_line(text, source, number, None, kind))


def solve_file(puzzle_file: PuzzleFile) -> int:
    """Print each puzzle's solution, naming on stderr each that has none or several; the
    exit code: 0 if every one is unique, 1 if not, 2 (nothing solved) for a bad line."""
    refused = refuse_malformed(puzzle_file)
    if refused is not None:
        return refused
    all_unique = True
    for line in puzzle_file.lines:
        printed, problem = solve_line(line)
        echo(printed)
        if problem:
            echo(f"{line.where}: {problem}", err=True)
            all_unique = False
    return 0 if all_unique else 1


def refuse_malformed(puzzle_file: PuzzleFile) -> int | None:
    """For a file with a malformed line, each on stderr and exit code 2; for one without a
    puzzle, 1 (refuse_empty); None for a file to work on."""
    if puzzle_file.errors:
        for error in puzzle_file.errors:
            echo(error, err=True)
        return 2
    return None if puzzle_file.lines else refuse_empty(puzzle_file)


def refuse_empty(puzzle_file: PuzzleFile) -> int:
    """A file without a single puzzle line, said on stderr: almost always a mistake
    upstream; exit code 1."""
    echo(f"{puzzle_file.source}: no puzzles found (blank and '#' lines are skipped)",
         err=True)
    return 1


def solve_line(line: PuzzleLine) -> tuple[str, str | None]:
    """The stdout line for one puzzle, and what is wrong with it (None if it is unique)."""
    found = solutions_of(line)
    if found.solution is None:
        # A comment line keeps one output line per puzzle, and reads back as nothing.
        if found.complete:
            return "# no solution", "no solution"
        return "# unknown", f"search gave up after {found.nodes} nodes without a solution"
    assert line.grid is not None  # a line that was read
    from ..core.board.grid import Grid

    solution = line.kind.answer_line(Grid(line.grid.shape, found.solution))  # a full grid
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
    if found.complete and found.count == 1 and found.solution is not None and \
            line.answer is not None:
        wrong = answer_problem(line, found.solution)
        if wrong:
            return f"wrong answer: {wrong}"
    return count_verdict(found.count, found.complete, found.nodes)


def count_verdict(count: int, complete: bool, nodes: int) -> str:
    """unique / multiple / none / unknown: what a count to two says."""
    if count >= 2:  # two solutions decide it, even if the budget then ran out
        return "multiple"
    if not complete:
        return f"unknown (search gave up after {nodes} nodes)"
    return "unique" if count == 1 else "none"


def answer_problem(line: PuzzleLine, found: tuple[int, ...]) -> str | None:
    """How the solution a file states (ipuz, JSON) differs from the one found, or None."""
    if line.answer is None or line.answer.cells == tuple(found):
        return None
    from ..core.words import counted  # read only for a file that states a solution

    wrong = [c for c, (v, w) in enumerate(zip(line.answer.cells, found)) if v != w]
    return (f"the file's solution differs from the puzzle's at {counted(len(wrong), 'cell')}, "
            f"first "
            f"{line.answer.shape.cell_name(wrong[0])}")
