"""Start-up: each command loads only what it uses (issue 24). Speed is measured in
bench/bench_startup.py; what is asserted here is which modules a command imports, which
could fail the moment someone adds an eager import at the top of a shared module."""

from __future__ import annotations

import importlib.metadata
import json
import os
import subprocess
import sys

import pytest

import bookmaker
from bookmaker import PURE_VARIABLE

PUZZLE = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
# What the one-puzzle commands never need: the schema, PDF drawing, worker processes,
# the registry's database and the SE rater's techniques.
HEAVY = ("pydantic", "reportlab", "yaml", "PIL", "multiprocessing", "sqlite3",
         "bookmaker.core.rating.rater", "bookmaker.book", "bookmaker.render")
RUN = """
import sys
from bookmaker.__main__ import run
sys.argv = ["bookmaker", *{args!r}]
try:
    run()
except SystemExit:
    pass
loaded = sorted(sys.modules)
import json  # only now: json loads re
sys.__stderr__.write(json.dumps(loaded))
"""
# The modules Python itself has loaded when a run starts (site's, a .pth file's).
AT_START = """
import sys
loaded = sorted(sys.modules)
import json
sys.__stderr__.write(json.dumps(loaded))
"""


def modules_loaded_by(*args: str, stdin: str = "", cwd=None, code: str = RUN,
                      env=None) -> set[str]:
    """The modules imported by one run of `bookmaker ARGS` (run from cwd: a folder outside
    the checkout imports the installed package, compiled core and all)."""
    found = subprocess.run([sys.executable, "-c", code.format(args=args)], input=stdin,
                           capture_output=True, text=True, check=True, cwd=cwd, env=env)
    return set(json.loads(found.stderr.splitlines()[-1]))


@pytest.mark.parametrize("args", [("--version",), ("check",), ("solve",)])
def test_one_puzzle_commands_load_nothing_heavy(args):
    loaded = modules_loaded_by(*args, stdin=PUZZLE + "\n")
    assert [name for name in HEAVY if name in loaded] == []


@pytest.mark.parametrize("args", [("--version",), ("check",), ("solve",), ("check", "-"),
                                  ("generate", "--seed", "1", "--count", "2")])
def test_the_plain_invocations_load_no_click(args):
    loaded = modules_loaded_by(*args, stdin=PUZZLE + "\n")
    assert sorted(name for name in loaded if name.partition(".")[0] == "click") == []


# What `check` and `solve` of a Sudoku never need beyond HEAVY: the other families' kinds
# (the registry loads them on a miss), the generator and grader, seeds, `derive`'s moves.
SUDOKU_ONLY = ("bookmaker.core.killer", "bookmaker.core.calcudoku", "bookmaker.core.latin",
               "bookmaker.core.futoshiki", "bookmaker.core.skyscrapers", "bookmaker.core.kakuro",
               "bookmaker.core.generate", "bookmaker.core.grade.grader", "hashlib",
               "bookmaker.core.board.transform", "concurrent.futures", "difflib")


@pytest.mark.parametrize("args", [("check",), ("solve",)])
def test_checking_a_sudoku_loads_no_other_family_and_no_generator(args):
    loaded = modules_loaded_by(*args, stdin=PUZZLE + "\n")
    assert [name for name in SUDOKU_ONLY if name in loaded] == []


def test_generate_of_one_puzzle_loads_no_rater_no_schema_and_no_database():
    loaded = modules_loaded_by("generate", "--seed", "1")
    assert [name for name in HEAVY if name in loaded and name != "multiprocessing"] == []


# What `generate` printing lines never needs: the grader (no grade is printed), Dask's
# executors and the process pool's futures (one worker), the Killer engine (a Sudoku),
# OpenSSL (seeds hash by CPython's own SHA-256).
GENERATE_LINES = ("bookmaker.core.grade.grader", "bookmaker.core.generate.graded",
                  "bookmaker.puzzles.daskwork", "concurrent.futures",
                  "bookmaker.core.killer", "hashlib")


def test_generate_printing_lines_grades_nothing_and_starts_no_pool():
    loaded = modules_loaded_by("generate", "--seed", "1")
    assert [name for name in GENERATE_LINES if name in loaded] == []


def test_generate_json_grades_what_it_prints():
    loaded = modules_loaded_by("generate", "--seed", "1", "--json")
    assert "bookmaker.core.grade.grader" in loaded


def test_the_version_is_written_once_and_installed_as_written():
    assert importlib.metadata.version("bookmaker") == bookmaker.__version__


def test_a_book_build_loads_no_barcode_and_no_exports_it_does_not_make():
    """A book without a cover or exports (`build --help` loads what `build` does) needs
    neither reportlab's barcode widgets (its graphics and platypus) nor the exports'
    EPS, SVG and fontTools."""
    loaded = modules_loaded_by("build", "--help")
    assert "bookmaker.book.build" in loaded
    assert [name for name in ("reportlab.graphics", "reportlab.platypus", "fontTools",
                              "bookmaker.export.formats", "bookmaker.spec.daily")
            if name in loaded] == []


# What `check` of a file of classic lines never needs: the compiled core reads and counts
# them in one call (core/kinds/quick.py), so no kind, board, grid or solver module loads,
# nor the standard library's heavier modules (dataclasses pulls in inspect and ast).
QUICK_CHECK = ("dataclasses", "inspect", "typing", "re", "bookmaker.core.board",
               "bookmaker.core.kinds.sudoku", "bookmaker.core.registry",
               "bookmaker.core.solve.search", "bookmaker.puzzles.puzzlefile", "click")


@pytest.mark.compiled_core
@pytest.mark.parametrize("args", [("check",), ("check", "-")])
def test_checking_classic_lines_loads_no_board_code_and_no_heavy_library(tmp_path, args):
    compiled_core = {**os.environ, PURE_VARIABLE: "0"}  # what it runs on, whatever the tests do
    at_start = modules_loaded_by(cwd=tmp_path, code=AT_START)  # an editable install's finder
    loaded = modules_loaded_by(*args, stdin=PUZZLE + "\n" + PUZZLE + "\n", cwd=tmp_path,
                               env=compiled_core)
    assert "bookmaker.core.kinds.quick" in loaded
    assert sorted(name for name in QUICK_CHECK if name in loaded and name not in at_start
                  and not name.startswith("bookmaker.core.board.")) == []


@pytest.mark.compiled_core
def test_a_line_the_quick_check_leaves_loads_the_reader(tmp_path):
    loaded = modules_loaded_by("check", stdin=PUZZLE + "\n" + PUZZLE[:80] + "\n", cwd=tmp_path,
                               env={**os.environ, PURE_VARIABLE: "0"})
    assert "bookmaker.puzzles.puzzlefile" in loaded and "bookmaker.core.kinds.sudoku" in loaded
