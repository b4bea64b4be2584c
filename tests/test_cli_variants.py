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
    solution = parse_grid(solved.stdout.strip(), variant=variant)
    assert solved.exit_code == 0 and is_solution_of(solution, parse_grid(puzzle, variant=variant))
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
     "--variant samurai --size 6x6: a Samurai is made of 9x9 grids with 3x3 boxes"),
    (["--variant", "hyper", "--size", "6x6"],
     "--variant hyper --size 6x6: hyper windows need square boxes, got 2x3"),
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
