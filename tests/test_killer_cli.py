"""The command line with --variant killer: generate, solve, check and grade read and write
Killer lines; bad lines name their cage."""

from __future__ import annotations

import sqlite3

from bookmaker import cli
from bookmaker.core.board.shape import board_of
from bookmaker.core.killer.text import parse_killer

SIX_HARD = "." * 36 + " AABBBCAABDECFFFDECFGHDCCIGHDJJIHHKKK 14,14,16,14,8,18,3,16,5,9,9"
SIX_HARD_SOLUTION = "435612162534643251521463216345354126"
# Two cages moved apart by one: the same cells with other sums, and no solution.
NO_SOLUTION = "." * 36 + " AABBBCAABDECFFFDECFGHDCCIGHDJJIHHKKK 15,13,16,14,8,18,3,16,5,9,9"
NOT_CONNECTED = "." * 36 + " AABBBCAABDECFFFDECFGHDCCIGHDJJIHHKKA 14,14,16,14,8,18,3,16,5,9,9"


def run(runner, *args, input=None):
    return runner.invoke(cli.main, [str(a) for a in args], input=input)


def test_generate_prints_killer_lines_the_same_for_any_number_of_jobs(runner):
    one = run(runner, "generate", "--variant", "killer", "--size", "4x4", "--count", 4,
              "--seed", 7)
    two = run(runner, "generate", "--variant", "killer", "--size", "4x4", "--count", 4,
              "--seed", 7, "--jobs", 2)
    assert one.exit_code == two.exit_code == 0, one.stderr
    assert one.stdout == two.stdout
    lines = one.stdout.splitlines()
    assert len(lines) == len(set(lines)) == 4
    for line in lines:
        givens, cages = parse_killer(line)
        assert givens.clue_count == 0 and len(cages.cages) >= 5


def test_generate_killer_x_puts_the_cages_on_an_x_board(runner):
    made = run(runner, "generate", "--variant", "killer-x", "--size", "6x6", "--seed", 1,
               "--difficulty", "beginner")
    assert made.exit_code == 0, made.stderr
    assert parse_killer(made.stdout.strip(), board_of(2, 3, "x"))
    checked = run(runner, "check", "--variant", "killer-x", "-", input=made.stdout)
    assert (checked.exit_code, checked.stdout) == (0, "1: unique\n")


def test_a_killer_has_no_clue_options_no_rating_and_only_its_sizes(runner):
    symmetric = run(runner, "generate", "--variant", "killer", "--seed", 1, "--symmetry",
                    "rotational")
    assert symmetric.exit_code == 2
    assert "--symmetry does not apply to --variant killer: a Killer is made without " \
        "givens" in symmetric.stderr
    odd = run(runner, "generate", "--variant", "killer", "--seed", 1, "--size", "10x10")
    assert odd.exit_code == 2
    assert "killer puzzles are made in the sizes 4x4, 6x6, 8x8, 9x9, 12x12; got 10x10" \
        in odd.stderr
    rated = run(runner, "generate", "--variant", "killer", "--seed", 1, "--rating", "2.0")
    assert rated.exit_code == 2
    assert "--rating does not apply to --variant killer: SE ratings are for puzzles with " \
        "givens" in rated.stderr


def test_grade_json_rates_classic_lines_only(runner):
    graded = run(runner, "grade", "--variant", "killer", "--json", "-", input=SIX_HARD)
    assert graded.exit_code == 0
    assert '"grade": "hard"' in graded.stdout and '"rating"' not in graded.stdout


def test_solve_check_and_grade_read_killer_lines(runner, tmp_path):
    puzzles = tmp_path / "killers.txt"
    puzzles.write_text(f"# two Killers\n{SIX_HARD}\n{NO_SOLUTION}\n")
    solved = run(runner, "solve", "--variant", "killer", puzzles)
    assert solved.exit_code == 1
    assert solved.stdout.splitlines() == [SIX_HARD_SOLUTION, "# no solution"]
    assert solved.stderr == f"{puzzles}:3: no solution\n"
    checked = run(runner, "check", "--variant", "killer", puzzles)
    assert (checked.exit_code, checked.stdout) == (1, "2: unique\n3: none\n")
    graded = run(runner, "grade", "--variant", "killer", puzzles)
    assert graded.stdout.splitlines()[0] == "2: hard 4.1119 innies and outies"


def test_a_bad_killer_line_is_named_with_its_cage(runner, tmp_path):
    puzzles = tmp_path / "bad.txt"
    puzzles.write_text(f"{SIX_HARD}\n{NOT_CONNECTED}\n")
    solved = run(runner, "solve", "--variant", "killer", puzzles)
    assert (solved.exit_code, solved.stdout) == (2, "")
    assert solved.stderr == (f"{puzzles}:2: cage A (sum 14, from r1c1): its cells are not "
                             "connected (a cage is one orthogonally connected piece)\n")
    checked = run(runner, "check", "--variant", "killer", puzzles)
    assert checked.stdout.splitlines()[1].startswith("2: invalid: cage A (sum 14, from r1c1)")
    classic = run(runner, "check", puzzles)
    assert classic.stdout.splitlines()[0] == (
        "1: invalid: this looks like a Killer line (givens, cage layout, sums): read it as "
        "a Killer (--variant killer)")


def test_generate_with_a_registry_never_prints_a_killer_twice(runner, tmp_path):
    registry = tmp_path / "pool.sqlite"
    args = ("generate", "--variant", "killer", "--size", "6x6", "--difficulty", "beginner",
            "--count", 2, "--seed", 3, "--registry", registry)
    first, second = run(runner, *args), run(runner, *args)
    assert first.exit_code == second.exit_code == 0, first.stderr
    assert not set(first.stdout.splitlines()) & set(second.stdout.splitlines())
    with sqlite3.connect(registry) as connection:
        rows = connection.execute("SELECT size, givens, key FROM puzzles").fetchall()
    assert len(rows) == 4 and {size for size, _, _ in rows} == {"6x6 Killer"}
    assert all(key.startswith("killer 2x3:") for _, _, key in rows)
    assert [givens for _, givens, _ in rows][:2] == first.stdout.splitlines()


def test_rate_and_derive_say_a_killer_is_not_theirs(runner):
    killer = run(runner, "generate", "--variant", "killer", "--size", "4x4", "--seed", 1)
    rated = run(runner, "rate", "--variant", "killer", "-", input=killer.stdout)
    assert (rated.exit_code, rated.stdout) == (
        1, "1: invalid: a Killer has no SE rating: Sudoku Explainer rates Sudoku whose only "
           "clues are givens\n")
    derived = run(runner, "derive", "--variant", "killer", "--seed", 1, "-",
                  input=killer.stdout)
    assert derived.exit_code == 2 and "does not take --variant killer" in derived.stderr
