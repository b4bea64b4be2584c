"""The plain path (cli/plain.py): each command line it takes gives, byte for byte, the
stdout, stderr and exit code click's command gives; every other command line goes to
click untouched."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from processes import finished, line_of, wait_paused

from bookmaker.cli import defaults, main
from bookmaker.cli.plain import plain_command, run_plain
from bookmaker.core.registry import find_kind

DATA = Path(__file__).parent / "data"
UNIQUE = "4...........47..639....5...3...867..7..5..1...4.........8.9.62.1.....57...9....1."
EMPTY = "." * 81
NO_SOLUTION = "12345678." + "........9" + "." * 63
CLASH = "11" + "." * 79
# Unique, several solutions, none, a clash, a bad length, a Killer's line, and what is
# skipped (a comment, a blank line).
MIXED = "\n".join([UNIQUE, EMPTY, "# a comment", "", NO_SOLUTION, CLASH, "123",
                   "3,5,7 AABB 12", UNIQUE.replace(".", "0")]) + "\n"
ALL_GOOD = "\n".join([UNIQUE, UNIQUE.replace(".", "0"), *DATA.joinpath(
    "sudoku17-sample.txt").read_text().splitlines()[:20]]) + "\n"
TEXTS = {"good": ALL_GOOD, "mixed": MIXED, "empty": "# nothing\n\n",
         "document": json.dumps({"puzzles": "none"}), "bad start": "x" * 81 + "\n",
         "json list": "[1, 2]\n"}  # JSON, not a puzzle line, on both paths (issue 34 L4)


def through_click(argv: list[str], stdin: bytes) -> tuple[bytes, bytes, int]:
    result = CliRunner().invoke(main, argv, input=stdin)
    return result.stdout_bytes, result.stderr_bytes, result.exit_code


def through_plain(argv: list[str], stdin: bytes) -> tuple[bytes, bytes, int | None]:
    with CliRunner().isolation(input=stdin) as (stdout, stderr, _):
        code = run_plain(argv)
    return stdout.getvalue(), stderr.getvalue(), code


@pytest.mark.parametrize("text", TEXTS, ids=list(TEXTS))
@pytest.mark.parametrize("command", ["check", "solve"])
@pytest.mark.parametrize("where", ["file", "-", "stdin"])
def test_a_plain_command_line_prints_what_click_prints(tmp_path, command, where, text):
    data = TEXTS[text].encode()
    (tmp_path / "p.txt").write_bytes(data)
    argv = {"file": [command, str(tmp_path / "p.txt")], "-": [command, "-"],
            "stdin": [command]}[where]
    assert through_plain(argv, data) == through_click(argv, data)


@pytest.mark.parametrize("command", ["check", "solve"])
def test_a_file_in_utf16_is_refused_as_click_refuses_it(tmp_path, command):
    path = tmp_path / "p.txt"
    path.write_bytes((UNIQUE + "\n").encode("utf-16"))
    argv = [command, str(path)]
    plain, clicked = through_plain(argv, b""), through_click(argv, b"")
    assert plain == clicked
    assert clicked[2] == 1 and b"UTF-16" in clicked[1]


def test_the_version_is_the_same_on_both_paths():
    plain = through_plain(["--version"], b"")
    assert plain == through_click(["--version"], b"")
    assert plain[0].startswith(b"bookmaker, version ")


@pytest.mark.parametrize("argv", [
    [], ["--help"], ["check", "--help"], ["check", "-h"], ["check", "missing.txt"],
    ["check", "."], ["check", "-x"], ["check", "--size", "9x9"], ["check", "a", "b"],
    ["solve", "--variant", "x"], ["check", "--"], ["chekc"], ["--version", "check"],
    ["grade"], ["build", "book.yaml"], ["generate"], ["generate", "--seed"],
    ["generate", "--count", "3"], ["generate", "--seed", "1", "--seed", "2"],
    ["generate", "--seed", "1", "--count", "0"], ["generate", "--seed", "1", "--count", "+3"],
    ["generate", "--seed", " "], ["generate", "--seed", "1", "--size", "4x4"],
    ["generate", "--seed=1"], ["generate", "--seed", "-1"], ["generate", "--seed", "1", "-h"],
    ["generate", "--seed", "1", "--count", "2", "--json"]])
def test_every_other_command_line_goes_to_click(argv, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a").write_text(UNIQUE)
    assert plain_command(argv) is None


@pytest.mark.parametrize("argv", [
    ["generate", "--seed", "1"], ["generate", "--seed", "x y", "--count", "3"],
    ["generate", "--count", "2", "--seed", "007"]])
def test_a_plain_generate_prints_what_click_prints(argv):
    plain = through_plain(argv, b"")
    assert plain == through_click(argv, b"")
    assert plain[2] == 0 and len(plain[0].splitlines()) == int((argv + ["1"])[argv.index(
        "--count") + 1] if "--count" in argv else 1)


def defaults_of(name: str) -> dict:
    """Each option's default, as click gives it to the command (None where there is none;
    --variant's as its kind)."""
    command = main.get_command(None, name)  # type: ignore[arg-type]
    assert command is not None
    context = click.Context(command)
    found = {}
    for param in command.params:
        value = param.get_default(context)
        unset = value is None or type(value).__name__ == "Sentinel"  # click 8.3's UNSET
        found[param.name] = None if unset else param.type_cast_value(context, value)
    return found


def test_the_click_options_default_to_the_plain_paths_defaults():
    for name in ("check", "solve"):
        found = defaults_of(name)
        assert (found["file"], found["kind"]) == (defaults.PUZZLE_FILE, find_kind(defaults.KIND))
    found = defaults_of("generate")
    assert [found[name] for name in ("size", "box", "kind", "count", "symmetry",
                                     "target_clues", "difficulty", "rating_text",
                                     "jobs_option", "executor", "as_json", "registry_path")] \
        == [defaults.SIZE, None, find_kind(defaults.KIND), defaults.COUNT, defaults.SYMMETRY,
            defaults.CLUES, defaults.DIFFICULTY, None, defaults.JOBS, defaults.EXECUTOR,
            False, None]


RUN_CLICK = "import sys; from bookmaker.cli import main; sys.argv[0] = 'bookmaker'; main()"


def test_a_whole_process_prints_the_same_on_both_paths(tmp_path):
    (tmp_path / "p.txt").write_text(MIXED)
    outputs = [subprocess.run([sys.executable, *start, "solve", "p.txt"], cwd=tmp_path,
                              capture_output=True)
               for start in (["-m", "bookmaker"], ["-c", RUN_CLICK])]
    plain, clicked = ((done.stdout, done.stderr, done.returncode) for done in outputs)
    assert plain == clicked
    assert clicked[2] == 2 and clicked[1].startswith(b"p.txt:6: clue conflict")


def test_a_plain_run_stops_quietly_when_its_reader_goes(processes):
    process = processes.start("solve", stdin=subprocess.PIPE)
    process.stdin.write(((UNIQUE + "\n") * 2000).encode())
    process.stdin.close()
    assert len(line_of(process.stdout).strip()) == 81
    process.stdout.close()
    assert finished(process) == (141, "")


@pytest.mark.parametrize("number, said", [(signal.SIGINT, (130, "Interrupted (Ctrl-C)\n")),
                                          (signal.SIGTERM, (143, "Terminated (SIGTERM)\n"))])
def test_a_plain_run_stopped_while_it_reads_is_one_line_and_the_shells_code(processes,
                                                                          number, said):
    process = processes.start("check", pause="starting", stdin=subprocess.PIPE)
    wait_paused(process, "starting")  # the stop signals are handled from here on
    process.send_signal(signal.SIGUSR1)
    time.sleep(0.5)  # on into the plain path, reading stdin; a stop anywhere says the same
    process.send_signal(number)
    assert finished(process) == said
