"""`bookmaker derive`, `bookmaker registry import|stats` and `generate --registry`: output,
exit codes and messages."""

from __future__ import annotations

import test_cli

from bookmaker.core.board import transform
from bookmaker.core.board.grid import Grid, is_solution_of, parse_grid
from bookmaker.core.board.shape import shape_of
from bookmaker.core.board.transform import equivalence_key
from bookmaker.core.grade.grader import grade
from bookmaker.core.solve.solver import count_solutions
from bookmaker.puzzles.registry import Registry, SeriesCount

run = test_cli.run  # the same helper as the CLI tests (the runner fixture: conftest.py)

PUZZLES = [  # two 9x9 puzzles with one solution each (tests/test_cli.py, tests/test_golden.py)
    "4...........47..639....5...3...867..7..5..1...4.........8.9.62.1.....57...9....1.",
    ".7....4....153.....6........851.....9...7..167..8....4.....75...23..9.676....8...",
]


# derive

def test_derive_prints_count_new_copies_of_each_puzzle_in_order(runner):
    result = run(runner, "derive", "--count", 3, "--seed", 1, input="\n".join(PUZZLES))
    assert result.exit_code == 0, result.stderr
    copies = result.stdout.splitlines()
    assert len(copies) == 6 and len(set(copies) | set(PUZZLES)) == 8
    for puzzle, copy in zip([PUZZLES[0]] * 3 + [PUZZLES[1]] * 3, copies):
        assert equivalence_key(parse_grid(copy)) == equivalence_key(parse_grid(puzzle))


def test_derived_copies_are_unique_with_the_same_grade(runner):
    result = run(runner, "derive", "--count", 4, "--seed", "grades", input=PUZZLES[1])
    original = grade(parse_grid(PUZZLES[1]))
    for line in result.stdout.splitlines():
        copy = parse_grid(line)
        found = count_solutions(copy, limit=2)
        assert found.unique and is_solution_of(Grid(copy.shape, found.solution), copy)
        assert (grade(copy).grade, grade(copy).hardest) == (original.grade, original.hardest)


def test_derive_depends_on_the_puzzle_and_seed_and_a_smaller_count_is_a_prefix(runner):
    short = run(runner, "derive", "--count", 2, "--seed", 5, input=PUZZLES[0]).stdout
    both = run(runner, "derive", "--count", 4, "--seed", 5, input="\n".join(PUZZLES[::-1]))
    assert short.splitlines() == both.stdout.splitlines()[4:6]
    other = run(runner, "derive", "--count", 2, "--seed", 6, input=PUZZLES[0]).stdout
    assert other != short


def test_derive_keeps_a_rectangular_box_and_reads_it_with_size_and_box(runner):
    puzzle = "45.....3.6........5....22.3..4...4.."  # 3x2 boxes (tests/test_golden.py)
    result = run(runner, "derive", "--size", "6x6", "--box", "3x2", "--count", 2, "--seed", 1,
                 input=puzzle)
    assert result.exit_code == 0, result.stderr
    for line in result.stdout.splitlines():
        assert count_solutions(parse_grid(line, shape_of(3, 2))).unique


def test_derive_refuses_a_puzzle_without_one_solution_and_prints_nothing(runner):
    result = run(runner, "derive", "--seed", 1, input=PUZZLES[0] + "\n" + "." * 81 + "\n")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == ("<stdin>:2: not a puzzle with one solution: it has more than one "
                             "solution\n")


def test_derive_reports_a_malformed_line_with_exit_code_2(runner):
    result = run(runner, "derive", "--seed", 1, input="12\n")
    assert result.exit_code == 2
    assert result.stderr.startswith("<stdin>:1: wrong length")


def test_derive_says_when_a_small_board_has_fewer_copies_than_asked(runner, monkeypatch):
    monkeypatch.setattr(transform, "DRAWS_PER_COPY", 1)  # a 4x4 has 3,072 copies at most
    result = run(runner, "derive", "--seed", 1, "--count", 4000, input="..3..4..1....2..")
    assert result.exit_code == 1
    assert result.stderr.startswith("<stdin>:1: only ")
    assert "distinct copies of this 4x4 puzzle turned up in 4100 draws, 4000 were asked " \
           "for" in result.stderr


# registry import and stats

def test_import_grades_and_registers_then_stats_counts_by_series_and_grade(runner, tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(PUZZLES) + "\n")
    registry = tmp_path / "r.sqlite"
    result = run(runner, "registry", "import", path, "--series", "Old Times", "--registry",
                 registry)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == (f"2 puzzles registered in {registry} as 'Old Times', issue "
                             f"'puzzles.txt'\n")
    again = run(runner, "registry", "import", path, "--series", "Old Times", "--issue", "2",
                "--registry", registry)
    assert again.stdout.endswith("; 2 of them repeat puzzles registered before\n")
    grades = [grade(parse_grid(p)).grade for p in PUZZLES]
    assert Registry(registry).counts() == sorted(
        [SeriesCount("Old Times", g, 2 * grades.count(g)) for g in set(grades)],
        key=lambda c: ["beginner", "easy", "medium", "hard", "expert", "extreme"].index(c.grade))
    stats = run(runner, "registry", "stats", "--registry", registry)
    assert stats.exit_code == 0
    lines = stats.stdout.splitlines()
    assert lines[0] == str(registry)
    assert lines[1].split() == ["series", "issues", "puzzles", "beginner", "easy", "medium",
                                "hard", "expert", "extreme"]
    assert lines[2].split()[:4] == ["Old", "Times", "2", "4"]


def test_importing_the_same_issue_again_replaces_it(runner, tmp_path):
    registry = tmp_path / "r.sqlite"
    for _ in range(2):
        run(runner, "registry", "import", "-", "--series", "S", "--registry", registry,
            input=PUZZLES[0])
    assert Registry(registry).counts()[0].puzzles == 1


def test_import_registers_nothing_if_one_puzzle_is_not_unique(runner, tmp_path):
    registry = tmp_path / "r.sqlite"
    result = run(runner, "registry", "import", "-", "--registry", registry,
                 input=PUZZLES[0] + "\n" + "." * 81)
    assert result.exit_code == 1
    assert "<stdin>:2: not a puzzle with one solution" in result.stderr
    assert not registry.exists()


def test_import_needs_a_series_or_a_registry(runner):
    result = run(runner, "registry", "import", "-", input=PUZZLES[0])
    assert result.exit_code == 2
    assert "give --series (the registry is then output/SERIES.registry.sqlite) or " \
           "--registry PATH" in result.stderr


def test_import_without_registry_uses_the_series_file_in_output(runner, tmp_path,
                                                               monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(runner, "registry", "import", "-", "--series", "Sudoku Weekly",
                 input=PUZZLES[0])
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "output" / "sudoku-weekly.registry.sqlite").exists()
    stats = run(runner, "registry", "stats")
    assert stats.stdout.splitlines()[0] == "output/sudoku-weekly.registry.sqlite"


def test_stats_without_any_registry_says_so(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(runner, "registry", "stats")
    assert result.exit_code == 1
    assert "no registry in output/; name one with --registry PATH" in result.stderr


def test_a_registry_that_is_not_one_is_a_one_line_error(runner, tmp_path):
    bad = tmp_path / "bad.sqlite"
    bad.write_text("not a database at all" * 50)
    result = run(runner, "registry", "stats", "--registry", bad)
    assert result.exit_code == 1
    assert result.stderr.strip().endswith("not a bookmaker registry (file is not a database)")


# generate --registry

def test_generate_with_a_registry_skips_what_it_holds_so_a_rerun_continues(runner, tmp_path):
    registry = tmp_path / "r.sqlite"
    args = ["generate", "--size", "4x4", "--count", 10, "--seed", 1, "--registry", registry]
    first = run(runner, *args).stdout.splitlines()
    second = run(runner, *args).stdout.splitlines()
    keys = [equivalence_key(parse_grid(line)) for line in first + second]
    assert len(first) == len(second) == 10
    assert len(set(keys)) == 20
    assert len(Registry(registry).keys_issued()) == 20
    plain = run(runner, "generate", "--size", "4x4", "--count", 10, "--seed", 1).stdout
    assert plain.splitlines()[0] == first[0]


def test_generate_with_a_registry_that_holds_nearly_all_says_how_far_it_got(runner, tmp_path):
    registry = tmp_path / "r.sqlite"
    args = ["generate", "--size", "4x4", "--count", 30, "--seed", 2, "--symmetry",
            "rotational", "--registry", registry]  # only 13 exist
    result = run(runner, *args)
    assert result.exit_code == 1
    assert len(result.stdout.splitlines()) == 13
    assert result.stderr.strip() == ("Error: only 13 of 30 puzzles were new after 400 tries: "
                                     "the registry holds most puzzles of this kind")
