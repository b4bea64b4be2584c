"""Calcudoku through the pipeline: the command line (generate, solve, check, grade), a book
section and a daily of each kind, and the rules they print."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from bookmaker import cli
from bookmaker.book.build import build
from bookmaker.core.registry import kind_named
from bookmaker.daily.build import make_daily
from bookmaker.design.catalogue import load_catalogue
from bookmaker.design.howtoplay import rules_paragraphs
from bookmaker.spec import load_spec
from bookmaker.spec.daily import load_daily_spec

REPO = Path(__file__).resolve().parents[1]
SIX_HARD = "AABCCCDBBBCEDFGGEEFFFGHHIIIJHHKKKJLL 5-,18+,120x,6+,6x,14+,11+,14+,11+,1-,6x,2-"
SIX_HARD_SOLUTION = "615243146352524631453126362415231564"
# The same cages with one target changed: no solution.
NO_SOLUTION = "AABCCCDBBBCEDFGGEEFFFGHHIIIJHHKKKJLL 5-,18+,120x,6+,6x,14+,11+,14+,11+,1-,6x,3-"
# Dominoes of 3+ and 7+ on a 4x4: the rows may swap their pairs, so many solutions.
TWO_SOLUTIONS = "AABBCCDDEEFFGGHH 3+,7+,7+,3+,3+,7+,7+,3+"


def run(runner, *args, input=None):
    return runner.invoke(cli.main, [str(a) for a in args], input=input)


def test_generate_prints_lines_of_each_kind_the_same_for_any_number_of_jobs(runner):
    for kind in ("calcudoku", "calcudoku-add", "calcudoku-hidden"):
        one = run(runner, "generate", "--variant", kind, "--size", "5x5", "--count", 3,
                  "--seed", 7, "--difficulty", "easy")
        two = run(runner, "generate", "--variant", kind, "--size", "5x5", "--count", 3,
                  "--seed", 7, "--difficulty", "easy", "--jobs", 2)
        assert one.exit_code == two.exit_code == 0, one.stderr
        assert one.stdout == two.stdout
        lines = one.stdout.splitlines()
        assert len(set(lines)) == 3
        assert all(kind_named(kind).read(line)[1] for line in lines)


def test_solve_check_and_grade_read_calcudoku_lines(runner, tmp_path):
    puzzles = tmp_path / "calcudoku.txt"
    puzzles.write_text(f"# three\n{SIX_HARD}\n{NO_SOLUTION}\n{TWO_SOLUTIONS}\n")
    solved = run(runner, "solve", "--variant", "calcudoku", puzzles)
    assert solved.stdout.splitlines()[:2] == [SIX_HARD_SOLUTION, "# no solution"]
    checked = run(runner, "check", "--variant", "calcudoku", puzzles)
    assert checked.stdout.splitlines() == ["2: unique", "3: none", "4: multiple"]
    graded = run(runner, "grade", "--variant", "calcudoku", "-", input=SIX_HARD)
    assert graded.exit_code == 0
    assert graded.stdout.startswith("1: hard ") and "innies and outies (4-5 cells)" in \
        graded.stdout


def test_a_calcudoku_takes_no_clue_options_and_only_its_sizes_and_grades(runner):
    symmetric = run(runner, "generate", "--variant", "calcudoku", "--seed", 1, "--size",
                    "6x6", "--symmetry", "rotational")
    assert symmetric.exit_code == 2
    assert "--symmetry does not apply to --variant calcudoku" in symmetric.stderr
    big = run(runner, "generate", "--variant", "calcudoku", "--seed", 1, "--size", "10x10")
    assert big.exit_code == 2 and "made in the sizes 3x3 to 9x9; got 10x10" in big.stderr
    boxed = run(runner, "generate", "--variant", "calcudoku", "--seed", 1, "--size", "6x6",
                "--box", "2x3")
    assert boxed.exit_code == 2
    hard = run(runner, "generate", "--variant", "calcudoku", "--seed", 1, "--size", "4x4",
               "--difficulty", "hard")
    assert hard.exit_code == 2 and "made up to 'medium'" in hard.stderr


def test_a_book_of_the_three_kinds_builds_with_their_rules_and_no_sudoku_example(tmp_path):
    spec = load_spec(REPO / "examples" / "calcudoku.yaml")
    spec = spec.model_copy(update={"sections": [s.model_copy(update={"count": 2})
                                                for s in spec.sections[:2]]
                                   + [spec.sections[3].model_copy(update={"count": 1})]})
    result = build(spec, tmp_path, workers=1)
    manifest = json.loads((tmp_path / f"{spec.name}.json").read_text())
    puzzles = manifest["puzzles"]
    assert [(p["variant"], p["size"], p["grade"]) for p in puzzles] == [
        ("calcudoku-add", "4x4", "beginner")] * 2 + [("calcudoku", "6x6", "medium")] * 2 + [
        ("calcudoku-hidden", "5x5", "easy")]
    assert result.puzzle_count == 5
    words = load_catalogue("en")
    paragraphs = rules_paragraphs([(4, kind_named("calcudoku-add"), ()),
                                   (6, kind_named("calcudoku"), ())], "back", words)
    # The rule the two share said once, then each one's own part (it was said twice).
    assert paragraphs[0].startswith("All Calcudoku: the grid has no boxes.")
    assert paragraphs[1].startswith("Addition Calcudoku: the numbers in each outlined cage")
    assert paragraphs[2].startswith("Calcudoku: the numbers in each outlined cage")


def test_the_example_daily_ramps_through_the_week(tmp_path):
    spec = load_daily_spec(REPO / "examples" / "daily-calcudoku.yaml")
    spec = spec.model_copy(update={"outputs": ("json",)})
    make_daily(spec, [date(2026, 12, 12), date(2026, 12, 13)], tmp_path)
    folder = tmp_path / "the-morning-cage"
    days = [json.loads((folder / day / "day.json").read_text())
            for day in ("2026-12-12", "2026-12-13")]
    assert [(d["weekday"], d["variant"], d["size"], d["grade"]) for d in days] == [
        ("saturday", "calcudoku", "6x6", "hard"), ("sunday", "calcudoku-hidden", "6x6", "easy")]
    assert all(part.isdigit() for part in days[1]["givens"].split()[1].split(","))
