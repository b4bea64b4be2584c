"""Tests for the command line: output, determinism, exit codes and error messages."""

from __future__ import annotations

import functools
import io
import json
import os
import re
import resource
import subprocess
import sys

import pytest
from processes import finished, line_of

from bookmaker import cli
from bookmaker.cli import grading, making
from bookmaker.cli.common import DelayedProgressBar
from bookmaker.cli.progress import WorkMeter
from bookmaker.core.board.grid import is_solution_of, parse_grid
from bookmaker.core.board.shape import parse_shape
from bookmaker.core.kinds import sudoku as sudoku_kinds
from bookmaker.core.solve.solver import count_solutions
from bookmaker.puzzles.registry import Registry, entry_of

UNIQUE = "4...........47..639....5...3...867..7..5..1...4.........8.9.62.1.....57...9....1."
UNIQUE_SOLUTION = ("467938251852471963913625487391286745786549132"
                   "245317896578193624134862579629754318")
EMPTY = "." * 81
# r1c9 must be 9 (row 1 holds 1-8) but column 9 already has a 9: no solution, no clash.
NO_SOLUTION = "12345678." + "........9" + "." * 63


def run(runner, *args, input=None):
    return runner.invoke(cli.main, [str(a) for a in args], input=input)


def lines_of(text):
    return text.splitlines()


# generate

def test_generate_gives_the_same_output_for_the_same_arguments(runner):
    first = run(runner, "generate", "--size", "9x9", "--count", 3, "--seed", 1)
    second = run(runner, "generate", "--size", "9x9", "--count", 3, "--seed", 1)
    assert first.exit_code == 0
    assert first.stdout == second.stdout


def test_generate_output_does_not_depend_on_jobs(runner):
    args = ["generate", "--size", "6x6", "--count", 6, "--seed", 9]
    one = run(runner, *args, "--jobs", 1)
    two = run(runner, *args, "--jobs", 2)
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout


def test_generate_prints_count_lines_of_one_puzzle_each(runner):
    result = run(runner, "generate", "--size", "9x9", "--count", 4, "--seed", "lines")
    assert result.exit_code == 0
    puzzles = lines_of(result.stdout)
    assert len(puzzles) == 4
    assert all(len(line) == 81 for line in puzzles)
    assert len(set(puzzles)) == 4


def test_generate_json_prints_each_puzzles_record_with_what_making_it_worked_out(runner):
    lines = run(runner, "generate", "--count", 2, "--seed", 1).stdout.splitlines()
    result = run(runner, "generate", "--count", 2, "--seed", 1, "--json")
    records = [json.loads(text) for text in result.stdout.splitlines()]
    assert result.exit_code == 0 and [r["line"] for r in records] == lines
    first = records[0]
    assert (first["format"], first["kind"], first["grade"], first["hardest"]) == \
        ("bookmaker-puzzle/1", "classic", "beginner", "hidden single")
    assert is_solution_of(parse_grid(first["solution"]), parse_grid(first["line"]))
    assert first["rating"] is None and first["key"] is None  # none was made for a line


def test_generate_json_with_a_registry_gives_each_record_its_key(runner, tmp_path):
    registry = tmp_path / "r.sqlite"
    result = run(runner, "generate", "--count", 2, "--seed", 1, "--json", "--registry", registry)
    records = [json.loads(text) for text in result.stdout.splitlines()]
    assert {r["key"] for r in records} == Registry(registry).keys_issued()
    assert all(r["rating"]["rater"] for r in records)  # rated, as the registry records


def test_every_generated_puzzle_is_unique(runner):
    result = run(runner, "generate", "--size", "9x9", "--count", 5, "--seed", 1)
    for line in lines_of(result.stdout):
        assert count_solutions(parse_grid(line)).unique


def test_generate_smaller_count_is_a_prefix_of_a_larger_one(runner):
    short = run(runner, "generate", "--count", 2, "--seed", 5, "--size", "4x4")
    long = run(runner, "generate", "--count", 5, "--seed", 5, "--size", "4x4")
    assert lines_of(long.stdout)[:2] == lines_of(short.stdout)


def test_generate_accepts_text_seeds_and_reads_integer_text_as_a_number(runner):
    words = run(runner, "generate", "--size", "4x4", "--count", 2, "--seed", "daily 2024-05-01")
    assert words.exit_code == 0 and len(lines_of(words.stdout)) == 2
    padded = run(runner, "generate", "--size", "4x4", "--seed", "007")
    plain = run(runner, "generate", "--size", "4x4", "--seed", "7")
    assert padded.stdout == plain.stdout


def test_generate_box_3x2_on_6x6_gives_puzzles_unique_in_that_shape(runner):
    result = run(runner, "generate", "--size", "6x6", "--box", "3x2", "--count", 3, "--seed", 2)
    assert result.exit_code == 0
    shape = parse_shape("6x6", "3x2")
    for line in lines_of(result.stdout):
        assert len(line) == 36
        assert count_solutions(parse_grid(line, shape)).unique


def test_generate_rotational_symmetry_gives_symmetric_clue_patterns(runner):
    result = run(runner, "generate", "--size", "9x9", "--count", 2, "--seed", 3,
                 "--symmetry", "rotational")
    for line in lines_of(result.stdout):
        clues = [ch != "." for ch in line]
        assert clues == clues[::-1]


def test_generate_clues_stops_removing_at_the_target(runner):
    result = run(runner, "generate", "--size", "9x9", "--count", 3, "--seed", 4, "--clues", 45)
    for line in lines_of(result.stdout):
        assert 45 <= sum(ch != "." for ch in line) < 81


@pytest.mark.parametrize("size, wanted", [
    ("9x8", "size must be square"),
    ("abc", "size must look like 9x9"),
    ("7x7", "no rectangular box"),
    ("30x30", "between 4 and 25"),
])
def test_generate_bad_size_exits_2_with_a_message(runner, size, wanted):
    result = run(runner, "generate", "--size", size, "--seed", 1)
    assert result.exit_code == 2
    assert "Invalid value for '--size'" in result.stderr
    assert wanted in result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.output


def test_generate_bad_box_names_the_box_option(runner):
    result = run(runner, "generate", "--size", "6x6", "--box", "3x3", "--seed", 1)
    assert result.exit_code == 2
    assert "Invalid value for '--box': box 3x3 does not tile a 6x6 board" in result.stderr


def test_generate_bad_symmetry_exits_2(runner):
    result = run(runner, "generate", "--symmetry", "spiral", "--seed", 1)
    assert result.exit_code == 2
    assert "'spiral' is not one of" in result.stderr


def test_generate_needs_a_seed(runner):
    result = run(runner, "generate", "--count", 2)
    assert result.exit_code == 2
    assert "Missing option '--seed'" in result.stderr


@pytest.mark.parametrize("clues", [16, 17])
def test_generate_refuses_clues_by_the_specs_rule_fewer_than_the_cells(runner, clues):
    # --clues 16 used to print a solved grid, which a spec's `clues: 16` is refused for.
    result = run(runner, "generate", "--size", "4x4", "--seed", 1, "--clues", clues)
    assert result.exit_code == 2
    assert result.stderr.endswith(f"Error: Invalid value for '--clues': must be fewer than "
                                  f"the 16 cells of a 4x4 board, got {clues}\n")


@pytest.mark.parametrize("command", [["generate"], ["derive", "-"], ["build", "book.yaml"]])
@pytest.mark.parametrize("seed", ["", "  "])
def test_an_empty_seed_is_refused_as_a_spec_refuses_it(runner, command, seed):
    result = run(runner, *command, "--seed", seed)
    assert result.exit_code == 2
    assert result.stderr.endswith("Error: Invalid value for '--seed': must not be empty\n")


def test_generate_reports_a_failed_verification_without_a_traceback(runner, monkeypatch):
    from bookmaker.core.solve.verify import VerificationError

    def failing_produce(*args, **kwargs):
        raise VerificationError("VERIFICATION FAILED: seed 1: Dancing Links found no solution")

    monkeypatch.setattr(making, "produce_each", failing_produce)
    result = run(runner, "generate", "--seed", 1)
    assert result.exit_code == 1
    assert "VERIFICATION FAILED" in result.stderr
    assert "Traceback" not in result.output


def test_jobs_beyond_what_the_machine_can_use_are_capped_with_a_word(runner, monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    result = run(runner, "generate", "--size", "4x4", "--count", 3, "--seed", 1,
                 "--jobs", 1000)
    assert result.exit_code == 0 and len(lines_of(result.stdout)) == 3
    assert result.stderr == "bookmaker: --jobs 1000 is more than this machine can use; " \
                            "using 8 (4 per CPU)\n"


def read_then_close(process: subprocess.Popen, lines: int) -> list[str]:
    """Read some lines of the process's stdout, then close it, as `| head` does."""
    assert process.stdout is not None
    read = [line_of(process.stdout).strip() for _ in range(lines)]
    process.stdout.close()
    return read


@pytest.mark.parametrize("command", [
    ["generate", "--size", "4x4", "--count", 10 ** 8, "--seed", 1, "--jobs", 2],
    ["derive", "-", "--count", 10 ** 8, "--seed", 1]])
def test_a_huge_run_prints_as_it_goes_and_stops_quietly_when_its_reader_goes(command,
                                                                             processes):
    # Nothing used to be printed before all 10^8 were made (8.7 GB and counting).
    process = processes.start(*command, stdin=subprocess.PIPE)
    process.stdin.write((UNIQUE + "\n").encode())
    process.stdin.close()
    assert all(len(line) in (16, 81) for line in read_then_close(process, 2))
    assert finished(process) == (141, "")


def test_generate_registers_exactly_what_it_delivered_to_a_reader_that_left(
        runner, tmp_path, processes):
    # `generate --registry ... | head -3` used to register nothing it printed. 3,000 lines
    # are more than a pipe holds, so the run cannot end before its reader leaves.
    registry = tmp_path / "r.sqlite"
    args = ["generate", "--size", "6x6", "--count", 3000, "--seed", 3, "--registry", registry]
    printed = read_then_close(processes.start(*args), 3)
    assert finished(processes.started[0]) == (141, "")
    registered = Registry(registry).keys_issued()
    assert {entry_of(parse_grid(line), "").key for line in printed} <= registered
    assert len(registered) < 3000
    written = run(runner, *args[:4], len(registered), *args[5:7]).stdout.splitlines()
    assert {entry_of(parse_grid(line), "").key for line in written} == registered  # the same


def test_worker_processes_that_cannot_start_are_an_error_not_a_hang(processes):
    # 16 file descriptors cannot hold four workers' pipes: the pool used to hang.
    process = processes.start("generate", "--count", 20, "--seed", 1, "--jobs", 4,
                              preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE,
                                                                    (16, 16)))
    assert finished(process) == (1, "Error: could not start 4 worker processes (Too many "
                                    "open files); try fewer with --jobs\n")


# solve

def test_solve_prints_each_solution_on_its_own_line(runner, tmp_path):
    puzzles = tmp_path / "puzzles.txt"
    generated = run(runner, "generate", "--size", "6x6", "--count", 3, "--seed", 8).stdout
    puzzles.write_text("# three puzzles\n\n" + generated)
    result = run(runner, "solve", puzzles)
    assert result.exit_code == 0
    assert result.stderr == ""
    solutions = lines_of(result.stdout)
    assert len(solutions) == 3
    for puzzle, solution in zip(lines_of(generated), solutions):
        assert is_solution_of(parse_grid(solution), parse_grid(puzzle))


def test_solve_reads_stdin(runner):
    result = run(runner, "solve", "-", input=UNIQUE + "\n")
    assert result.exit_code == 0
    assert result.stdout == UNIQUE_SOLUTION + "\n"


def test_solve_names_puzzles_with_no_or_several_solutions_and_exits_1(runner, tmp_path):
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(f"{UNIQUE}\n{NO_SOLUTION}\n{EMPTY}\n")
    result = run(runner, "solve", puzzles)
    assert result.exit_code == 1
    printed = lines_of(result.stdout)
    assert printed[:2] == [UNIQUE_SOLUTION, "# no solution"]
    assert is_solution_of(parse_grid(printed[2]), parse_grid(EMPTY))
    assert lines_of(result.stderr) == [
        f"{puzzles}:2: no solution",
        f"{puzzles}:3: multiple solutions (the one shown is the first found)",
    ]


def test_solve_malformed_lines_are_all_named_and_nothing_is_solved(runner, tmp_path):
    puzzles = tmp_path / "bad.txt"
    puzzles.write_text(f"# header\n{UNIQUE}\n12345678\n{UNIQUE[:-1]}X\n")
    result = run(runner, "solve", puzzles)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert lines_of(result.stderr) == [
        f"{puzzles}:3: wrong length: 8 cells is not a square grid from 4x4 to 25x25 "
        f"(9x9 needs 81)",
        f"{puzzles}:4: bad symbol 'X' at position 81; a 9x9 grid uses 1-9, "
        f"and '.' or '0' for blank",
    ]
    assert "Traceback" not in result.output


def test_solve_names_stdin_as_such(runner):
    result = run(runner, "solve", input="11" + "." * 79 + "\n")
    assert result.exit_code == 2
    assert result.stderr.startswith("<stdin>:1: clue conflict: 1 appears twice in row 1")


def test_solve_with_size_and_box_reads_that_shape(runner):
    generated = run(runner, "generate", "--size", "6x6", "--box", "3x2", "--seed", 6).stdout
    result = run(runner, "solve", "--size", "6x6", "--box", "3x2", input=generated)
    assert result.exit_code == 0
    shape = parse_shape("6x6", "3x2")
    assert is_solution_of(parse_grid(result.stdout, shape), parse_grid(generated, shape))


def test_box_without_size_is_a_usage_error(runner):
    result = run(runner, "solve", "--box", "3x2", input=UNIQUE)
    assert result.exit_code == 2
    assert "--box needs --size" in result.stderr


def test_missing_input_file_is_clicks_error(runner, tmp_path):
    result = run(runner, "solve", tmp_path / "nope.txt")
    assert result.exit_code == 2
    assert "does not exist" in result.stderr


@pytest.mark.parametrize("encoding, said", [
    ("utf-16", "UTF-16 text (little-endian, byte order mark FF FE)"),
    ("utf-16-be", "UTF-16 text (big-endian, no byte order mark)"),
    ("utf-32", "UTF-32 text (little-endian, byte order mark FF FE 00 00)")])
def test_a_utf16_or_utf32_puzzle_file_is_named_as_such_not_as_wrong_lengths(
        runner, tmp_path, encoding, said):
    path = tmp_path / "puzzles.txt"
    path.write_bytes(f"{UNIQUE}\n".encode(encoding))
    result = run(runner, "check", path)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (f"Error: Could not open file '{path}': the file is {said}; "
                             f"bookmaker reads UTF-8: save it as UTF-8\n")


def test_input_without_puzzles_exits_1(runner):
    result = run(runner, "check", input="# only a comment\n\n")
    assert result.exit_code == 1
    assert "<stdin>: no puzzles found" in result.stderr


# check

def test_check_reports_every_line_and_exits_1_unless_all_unique(runner, tmp_path):
    puzzles = tmp_path / "mixed.txt"
    puzzles.write_text(f"{UNIQUE}\n# comment\n{EMPTY}\n{NO_SOLUTION}\n\n12345\n{UNIQUE}\n")
    result = run(runner, "check", puzzles)
    assert result.exit_code == 1
    assert lines_of(result.stdout) == [
        "1: unique",
        "3: multiple",
        "4: none",
        "6: invalid: wrong length: 5 cells is not a square grid from 4x4 to 25x25 "
        "(9x9 needs 81)",
        "7: unique",
    ]


def test_check_exits_0_when_every_puzzle_is_unique(runner):
    generated = run(runner, "generate", "--size", "9x9", "--count", 3, "--seed", 1).stdout
    result = run(runner, "check", "-", input=generated)
    assert result.exit_code == 0
    assert lines_of(result.stdout) == ["1: unique", "2: unique", "3: unique"]


def test_check_says_unknown_when_the_search_budget_runs_out(runner, monkeypatch):
    real_count = sudoku_kinds.count_solutions
    monkeypatch.setattr(sudoku_kinds, "count_solutions",
                        lambda grid, limit=2: real_count(grid, limit, max_nodes=1))
    result = run(runner, "check", input=EMPTY)
    assert result.exit_code == 1
    assert result.stdout.startswith("1: unknown")


def test_check_with_box_option_checks_that_shape(runner):
    generated = run(runner, "generate", "--size", "6x6", "--box", "3x2", "--count", 2,
                    "--seed", 1).stdout
    result = run(runner, "check", "--size", "6x6", "--box", "3x2", input=generated)
    assert result.exit_code == 0
    assert lines_of(result.stdout) == ["1: unique", "2: unique"]


# entry points

def test_python_dash_m_bookmaker_runs_the_cli():
    result = subprocess.run([sys.executable, "-m", "bookmaker", "--version"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0
    assert "bookmaker, version" in result.stdout


# rate

SE_PUZZLE = "002000900060070020803000507008000100200050004010040070500010003006090700000284000"
SE_CHAINS = "007000200010705030000040000270090048001000600340000057000030000020809060650000081"


def test_rate_prints_er_ep_ed_and_the_hardest_technique_per_line(runner):
    result = run(runner, "rate", "-", input=f"{SE_PUZZLE}\n{EMPTY}\nbad\n")
    assert result.exit_code == 1
    assert lines_of(result.stdout) == [
        "1: 4.7/2.3/2.3 Unique Rectangle type 3",
        "2: invalid: multiple: only a puzzle with one solution can be rated",
        "3: invalid: wrong length: 3 cells is not a square grid from 4x4 to 25x25 (9x9 needs 81)"]


def test_rate_json_carries_the_rater_version_and_a_bound_as_text(runner):
    result = run(runner, "rate", "--json", "--budget", 1, "-", input=f"{SE_CHAINS}\n")
    record = json.loads(result.stdout)
    assert result.exit_code == 0 and (record["rater"], record["scale"]) == ("se-3", "sukaku")
    assert isinstance(record["er"], str) and record["er"].startswith(">=")
    assert "work budget spent searching " in record["hardest"]
    exact = json.loads(run(runner, "rate", "--json", "-", input=f"{SE_PUZZLE}\n").stdout)
    assert (exact["er"], exact["ep"], exact["ed"]) == (4.7, 2.3, 2.3)


def test_generate_to_a_rating_range_prints_puzzles_rated_in_it(runner):
    result = run(runner, "generate", "--count", 2, "--seed", 3, "--rating", "3.0-4.0")
    rated = run(runner, "rate", "--json", "-", input=result.stdout)
    assert all(3.0 <= json.loads(line)["er"] <= 4.0 for line in lines_of(rated.stdout))
    bad = run(runner, "generate", "--seed", 3, "--rating", "4-3")
    assert bad.exit_code == 2 and "the range '4-3' runs backwards" in bad.output


def test_progress_where_stderr_is_no_terminal_is_a_line_now_and_then(capsys):
    # The audit's M6: a 12x12 Killer section ran 26 minutes with nothing in its log.
    with DelayedProgressBar(20, "Generating", line_every=0) as progress:
        for done in (1, 2, 3, 20):  # timed from the first; nothing for the last
            progress.update(done)
    assert capsys.readouterr().err == "Generating: 2 of 20 (0 s)\nGenerating: 3 of 20 (0 s)\n"
    with DelayedProgressBar(20, "Generating") as progress:  # a short run: no line
        progress.update(20)
    assert capsys.readouterr().err == ""


# A 9.1 of se_diabolical: its rating spends a few hundred thousand work units.
LONG_RATING = "006401500300509001000030000205000703030040020670000058060907080000050000002304900"


def test_a_work_meter_where_stderr_is_no_terminal_is_a_line_now_and_then(capsys):
    with WorkMeter("Rating line 4", 2_000_000, line_every=0) as meter:
        meter.update(100_000)
        meter.update(1_250_000)
    assert capsys.readouterr().err == (
        "Rating line 4: 100,000 of 2,000,000 work units (0 s)\n"
        "Rating line 4: 1,250,000 of 2,000,000 work units (0 s)\n")
    with WorkMeter("Rating line 4", 2_000_000) as meter:  # quick work: no line
        meter.update(100_000)
    assert capsys.readouterr().err == ""


class TerminalErr(io.StringIO):
    def isatty(self):
        return True


def test_a_work_meter_on_a_terminal_redraws_one_status_line_and_wipes_it(monkeypatch):
    err = TerminalErr()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setenv("COLUMNS", "80")
    with WorkMeter("Rating line 1", 2_000_000, delay=0, redraw_every=0) as meter:
        meter.update(100_000)
        meter.update(1_250_000)
    status = "Rating line 1: 1,250,000 of 2,000,000 work units (0 s)"
    assert err.getvalue() == ("\rRating line 1: 100,000 of 2,000,000 work units (0 s)"
                              "\r" + status + "\r" + " " * len(status) + "\r")
    assert "\n" not in err.getvalue()  # nothing left between the results on stdout


def test_a_work_meter_redraws_its_status_line_at_most_every_redraw_interval(monkeypatch):
    err = TerminalErr()
    monkeypatch.setattr(sys, "stderr", err)
    with WorkMeter("Rating line 1", 2_000_000, delay=0, redraw_every=3600) as meter:
        for spent in range(100_000, 1_000_001, 100_000):
            meter.update(spent)
    assert err.getvalue().count("work units") == 1  # the first update only
    assert "100,000 of" in err.getvalue()


def test_a_work_meters_status_line_fits_a_narrow_terminal(monkeypatch):
    # Issue 34 L3: on a 40-column terminal each redraw of a longer line wrapped, leaving
    # a row behind (14 of them for one rating).
    err = TerminalErr()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setenv("COLUMNS", "40")
    with WorkMeter("Rating line 1", 200_000_000, delay=0, redraw_every=0) as meter:
        for spent in (100_000, 41_200_000, 199_900_000):
            meter.update(spent)
    drawn = err.getvalue().split("\r")
    assert drawn == ["", "Rating line 1: 0% of budget (0 s)",
                     "Rating line 1: 20% of budget (0 s)", "Rating line 1: 99% of budget (0 s)",
                     " " * 34, ""]
    monkeypatch.setenv("COLUMNS", "20")
    with WorkMeter("Rating line 1", 200_000_000, delay=0, redraw_every=0) as meter:
        meter.update(41_200_000)
    assert err.getvalue().split("\r")[-3] == "Rating line 1: 20% "


def test_rate_meters_a_long_rating_on_stderr_and_prints_the_same(runner, tmp_path,
                                                                  monkeypatch):
    path = tmp_path / "p.txt"
    path.write_text(LONG_RATING + "\n")
    quiet = run(runner, "rate", path)
    monkeypatch.setattr(grading, "WorkMeter", functools.partial(WorkMeter, line_every=0))
    metered = run(runner, "rate", path)
    assert metered.exit_code == quiet.exit_code == 0
    assert metered.stdout == quiet.stdout == "1: 9.1/1.2/1.2 Dynamic Region Forcing Chains\n"
    progress = metered.stderr.splitlines()
    assert progress and all(re.fullmatch(r"Rating line 1: [\d,]+ of 200,000,000 work units "
                                         r"\(\d+ s\)", line) for line in progress)
