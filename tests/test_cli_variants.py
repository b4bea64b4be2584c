"""The command line on variant boards: generate, solve, check, grade and derive with
--variant, their output and their usage errors."""

from __future__ import annotations

import re

import pytest

from bookmaker import cli
from bookmaker.core.board.grid import is_solution_of, parse_grid

# `bookmaker generate --variant jigsaw --count 2 --seed 1`
JIGSAW_SEED_1 = [
    "1.6...2........4..3.42.9...............8....4.6.....9...7...8.1....4..7.5..1..... "
    "AABBBBBBBAAAAAAABBCCCCDDEEECCCCDDEEEFFGCDEEHHFFGDDEHHHFGGGDIHHHFFGGDIIIHFFGGIIIII",
    "6....7.....895..3.5....62..1.......9.......7..6.......9..1..........934....3..4.. "
    "AAAABBBBBAACAABDBBECCCABDDDECCCCDDDDEFCGGGHHDEFFGGHHHIEFFFGHHHIEFFFGGGHIEEEIIIIII",
]


def run(runner, *args, input=None):
    return runner.invoke(cli.main, [str(a) for a in args], input=input)


def test_generate_jigsaw_prints_each_puzzle_with_its_regions(runner):
    result = run(runner, "generate", "--variant", "jigsaw", "--count", 2, "--seed", 1)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == JIGSAW_SEED_1


@pytest.mark.parametrize("variant, size, length", [("x", "6x6", 36), ("hyper", "9x9", 81),
                                                   ("jigsaw", "5x5", 25 + 1 + 25),
                                                   ("samurai", "9x9", 405)])
def test_every_command_reads_what_generate_writes(runner, variant, size, length):
    made = run(runner, "generate", "--variant", variant, "--size", size, "--seed", 4)
    assert made.exit_code == 0, made.output
    puzzle = made.stdout.splitlines()[0]
    assert len(puzzle) == length
    checked = run(runner, "check", "--variant", variant, "-", input=made.stdout)
    assert (checked.exit_code, checked.stdout) == (0, "1: unique\n")
    solved = run(runner, "solve", "--variant", variant, "-", input=made.stdout)
    solution = parse_grid(solved.stdout.strip(), geometry=variant)
    assert solved.exit_code == 0 and is_solution_of(solution, parse_grid(puzzle, geometry=variant))
    graded = run(runner, "grade", "--variant", variant, "-", input=made.stdout)
    assert graded.exit_code == 0
    assert re.fullmatch(r"1: (beginner|easy|medium|hard|expert|extreme) [\d.]+ .+\n",
                        graded.stdout), graded.stdout
    copies = run(runner, "derive", "--variant", variant, "--count", 2, "--seed", 1, "-",
                 input=made.stdout)
    assert copies.exit_code == 0, copies.output
    lines = copies.stdout.splitlines()
    assert len(set(lines + [puzzle])) == 3 and all(len(line) == length for line in lines)
    again = run(runner, "check", "--variant", variant, "-", input=copies.stdout)
    assert again.stdout == "1: unique\n2: unique\n"


@pytest.mark.parametrize("args, message", [
    (["--variant", "jigsaw", "--box", "3x3"], "--box does not apply to --variant jigsaw"),
    (["--variant", "samurai", "--size", "6x6"],
     "Invalid value for '--size': a samurai is five 9x9 grids: its size is 9x9, got 6x6 "
     "(--variant samurai)"),
    (["--variant", "hyper", "--size", "16x16"],
     "Invalid value for '--size': hyper (four extra 3x3 windows) is 9x9 only, got 16x16 "
     "(--variant hyper)"),
    (["--variant", "Hyper", "--size", "6x6", "--box", "2x3"],
     "Invalid value for '--size': hyper (four extra 3x3 windows) is 9x9 only, got 6x6 "
     "(--variant hyper)"),
    (["--variant", "samurai", "--clues", 400], "must be fewer than the 369 cells of a "
                                               "Samurai board, got 400"),
])
def test_generate_refuses_a_board_the_variant_cannot_be(runner, args, message):
    result = run(runner, "generate", "--seed", 1, *args)
    assert result.exit_code == 2
    assert message in " ".join(result.stderr.split())


def test_a_line_read_as_the_wrong_variant_is_named_with_what_to_do(runner):
    jigsaw = JIGSAW_SEED_1[0]
    result = run(runner, "solve", "-", input=jigsaw + "\n")
    assert result.exit_code == 2
    assert result.stderr == "<stdin>:1: a grid and a region layout: read it as a jigsaw\n"
    result = run(runner, "check", "--variant", "jigsaw", "-", input=jigsaw[:81] + "\n")
    assert result.stdout.startswith("1: invalid: a jigsaw line is its cells, a space")


def test_rate_reads_a_variant_line_as_the_other_commands_do(runner):
    made = run(runner, "generate", "--variant", "jigsaw", "--size", "5x5", "--seed", 4)
    rated = run(runner, "rate", "--variant", "jigsaw", "-", input=made.stdout)
    assert rated.exit_code == 0, rated.output
    assert re.fullmatch(r"1: [\d.]+/[\d.]+/[\d.]+ .+\n", rated.stdout), rated.stdout
    refused = run(runner, "rate", "-", input=made.stdout)
    assert refused.stdout.startswith("1: invalid: a grid and a region layout")


def test_registry_import_reads_the_kind_it_is_told(runner, tmp_path):
    # Issue 27 M9: `registry import` had no --variant; X puzzles were refused as having
    # more than one solution, and a Killer line's message named an option it lacked.
    made = run(runner, "generate", "--variant", "x", "--count", 2, "--seed", 4)
    registry = tmp_path / "r.sqlite"
    imported = run(runner, "registry", "import", "--variant", "x", "--registry", registry,
                   "--series", "S", "-", input=made.stdout)
    assert imported.exit_code == 0, imported.stderr
    assert imported.stdout.startswith(f"2 puzzles registered in {registry}")
    killers = run(runner, "generate", "--variant", "killer", "--size", "4x4", "--seed", 1)
    as_killers = run(runner, "registry", "import", "--variant", "killer", "--registry",
                     registry, "--series", "S", "--issue", "k", "-", input=killers.stdout)
    assert as_killers.exit_code == 0, as_killers.stderr


def test_a_grade_a_4x4_killer_never_has_is_refused_before_any_attempt(runner):
    # Issue 27 L15: a 4x4 Killer 'extreme' failed after generating (exit 1).
    refused = run(runner, "generate", "--variant", "killer", "--size", "4x4", "--seed", 1,
                  "--difficulty", "easy")
    assert refused.exit_code == 2
    assert "4x4 Killer puzzles are never harder than 'beginner', so none is 'easy'" \
        in " ".join(refused.stderr.split())


def test_rate_rates_the_audits_x_puzzle_by_its_solutions_steps(runner):
    # Issue 34 H1: its third step placed a 5 where the solution has 2 (a claiming from
    # diagonal 1 into box 5 took the 5 from the centre, which diagonal 1 keeps), and the
    # solve ended "20.0/1.2/1.2 beyond SE's techniques".
    made = run(runner, "generate", "--variant", "x", "--count", 2, "--seed", 1)
    second = made.stdout.splitlines()[1] + "\n"
    rated = run(runner, "rate", "--variant", "x", "-v", "-", input=second)
    assert rated.stdout.splitlines()[:4] == [
        "1: 9.0/1.2/1.2 Dynamic Cell Forcing Chains",
        "  1.2 Hidden Single: r9c4=1 (in box 8)", "  1.2 Hidden Single: r8c1=1 (in box 7)",
        "  2.8 Claiming: r2c3<>1, r3c2<>1 (1 of diagonal 1 lies in box 1)"]
    graded = run(runner, "grade", "--variant", "x", "--json", "-", input=second)
    assert '"rating": {"er": 9.0, "ep": 1.2, "ed": 1.2' in graded.stdout
