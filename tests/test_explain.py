"""`bookmaker explain` (issue 36): every step of every kind's explained solution is true of
the puzzle's solution and its placements fill every blank, on a fixed set of puzzles of
every kind and grade (tests/data/explained.txt); steps name what makes them true; bad
input is refused as `solve` refuses it."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from bookmaker.cli import main
from bookmaker.cli.explaining import explanation_json
from bookmaker.core import compiled
from bookmaker.core.board.grid import SYMBOLS
from bookmaker.core.registry import kind_named
from bookmaker.design.catalogue import load_catalogue
from bookmaker.puzzles.puzzlefile import PuzzleLine, parse_line

DATA = Path(__file__).parent / "data" / "explained.txt"
ENGLISH = load_catalogue("en")


@cache
def puzzles() -> dict[str, list[tuple[str, PuzzleLine]]]:
    """The set's puzzle lines by kind, each with its stated grade."""
    found: dict[str, list[tuple[str, PuzzleLine]]] = {}
    for number, text in enumerate(DATA.read_text(encoding="utf-8").splitlines(), 1):
        if not text or text.startswith("#"):
            continue
        name, grade, line = text.split("\t")
        read = parse_line(line, str(DATA), number, None, kind_named(name))
        assert read.grid is not None, read.error
        found.setdefault(name, []).append((grade, read))
    return found


def untrue_steps(line: PuzzleLine) -> tuple[str, list[str]]:
    """The puzzle's grade as `explain --json` gives it, and what is wrong with its
    explanation: a step that places a value not the solution's or removes the solution's,
    a blank left unfilled or filled twice, a step pointing at no cell."""
    assert line.grid is not None
    shape = line.grid.shape
    solution = line.kind.solutions(line.grid, line.extras, limit=1).solution
    assert solution is not None
    at = {shape.cell_name(cell): cell for cell in range(shape.cell_count)}
    record = json.loads(explanation_json(line, ENGLISH))
    wrong, filled = [], []
    for number, step in enumerate(record["steps"], 1):
        for name, value in step["places"]:
            filled.append(at[name])
            if solution[at[name]] != SYMBOLS.index(value) + 1:
                wrong.append(f"step {number} places {value} in {name}: {step['text']}")
        for name, value in step["removes"]:
            if solution[at[name]] == SYMBOLS.index(value) + 1:
                wrong.append(f"step {number} removes {value} from {name}: {step['text']}")
        if not step["cells"] or not step["text"]:
            wrong.append(f"step {number} names no cell: {step}")
    blanks = [cell for cell, value in enumerate(line.grid.cells) if not value]
    if sorted(filled) != blanks:
        wrong.append(f"placements fill {len(filled)} cells, {len(set(filled))} of them "
                     f"once, of {len(blanks)} blanks")
    return record["grade"], wrong


ALL_GRADES = {"beginner", "easy", "medium", "hard", "expert", "extreme"}
# The grades a kind makes at the set's size within 40 s: no 6x6 Calcudoku came out expert
# or extreme, no 9x9 Kakuro extreme.
FEWER_GRADES = {"calcudoku": ALL_GRADES - {"expert", "extreme"},
                "calcudoku-add": ALL_GRADES - {"expert", "extreme"},
                "calcudoku-hidden": ALL_GRADES - {"expert", "extreme"},
                "kakuro": ALL_GRADES - {"extreme"}}


@pytest.mark.parametrize("name", ["classic", "x", "hyper", "jigsaw", "samurai", "killer",
                                  "killer-x", "calcudoku", "calcudoku-add",
                                  "calcudoku-hidden", "futoshiki", "skyscrapers", "kakuro"])
def test_every_explained_step_is_true_and_the_placements_fill_every_blank(name):
    lines = puzzles()[name]
    assert len(lines) == 50
    assert {grade for grade, _ in lines} == FEWER_GRADES.get(name, ALL_GRADES)
    for grade, line in lines:
        assert untrue_steps(line) == (grade, []), line.where


# An expert classic (seed 3): a pointing as its 9th step, a BUG+1 at the end.
EXPERT = "......4.13..78.....9.3...8.4.1.6......2..4..5..5.97......9...6.8.....5.2......1.."


def explain(*args: str, lines: str = EXPERT) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["explain", *args, "-"], input=lines + "\n")
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout, result.stderr


def test_explain_numbers_the_steps_and_says_what_makes_each_true():
    code, out, _ = explain()
    lines = out.splitlines()
    assert code == 0 and len(lines) == 43  # a heading and 42 steps (69, singles together)
    assert lines[:3] == [
        "<stdin>:1: Expert · BUG+1",
        " 1. Hidden single: r3c5 = 4 (box 2), r1c8 = 3, r2c8 = 5 (box 3), r5c1 = 9 (box 4), "
        "r1c6 = 9 (row 1), r1c3 = 8 (column 3)",
        " 2. Naked single: r6c1 = 6"]
    assert lines[4] == " 4. Locked candidates (pointing), box 2 and column 6: no 1 in r7c6 and r8c6"
    _, german, _ = explain("--lang", "de")
    assert german.splitlines()[4] == \
        " 4. Reihe im Block (Pointing), Block 2 und Spalte 6: keine 1 in Z7S6 und Z8S6"


def test_explain_json_gives_each_step_as_data():
    code, out, _ = explain("--json")
    record = json.loads(out)
    assert code == 0 and (record["line"], record["grade"], record["hardest"]) == \
        (1, "expert", "BUG+1")
    assert len(record["steps"]) == 69
    assert record["steps"][8] == {
        "technique": "locked candidates (pointing)", "places": [],
        "removes": [["r7c6", "1"], ["r8c6", "1"]], "because": ["box 2", "column 6"],
        "cells": ["r1c6", "r2c6", "r3c6"],
        "text": "Locked candidates (pointing), box 2 and column 6: no 1 in r7c6 and r8c6"}


def test_explain_names_cages_runs_signs_and_clues():
    said = {}
    for name in ("killer", "calcudoku", "kakuro", "futoshiki", "skyscrapers", "samurai"):
        line = puzzles()[name][-1][1]
        steps = json.loads(explanation_json(line, ENGLISH))["steps"]
        said[name] = next(step["because"] for step in steps if step["because"] and
                          step["technique"] not in ("hidden single", "full house"))
    assert said == {"killer": ["cage 8 at r1c1"], "calcudoku": ["cage 2 at r2c4"],
                    "kakuro": ["run 42 across at r3c2"], "futoshiki": ["r2c2 < r1c2"],
                    "skyscrapers": ["clue 1 left of row 5"],
                    "samurai": ["box 2 of the top-left grid", "column 5 of the top-left grid"]}
    # In a sentence, a Samurai's grid is named once for the units of one grid.
    line = puzzles()["samurai"][19][1]
    steps = json.loads(explanation_json(line, ENGLISH))["steps"]
    assert "Locked candidates (pointing), box 4 and row 6 of the top-right grid: no 7 in " \
        "r6c19 and r6c20" in [step["text"] for step in steps]


def test_explain_refuses_a_bad_file_naming_its_line_and_prints_nothing():
    code, out, err = explain(lines=EXPERT + "\n12x")
    assert (code, out) == (2, "")
    assert err.startswith("<stdin>:2: wrong length")
    code, out, err = explain(lines="." * 81)
    assert (code, out) == (1, "")
    assert err == "<stdin>:1: multiple (a puzzle is explained when it has one solution)\n"


def test_both_cores_explain_alike():
    # The compiled grader finds a step, the pure core's wording function says it (and
    # gives its because and cells): the same data on both cores.
    for name in ("classic", "x", "jigsaw", "samurai", "killer", "killer-x"):
        for _, line in puzzles()[name][::12]:
            fast = explanation_json(line, ENGLISH)
            with compiled.using(False):
                assert explanation_json(line, ENGLISH) == fast, line.where


def test_explain_says_binairo_and_tango_in_their_own_symbols_and_names_the_line_or_sign():
    # Their answer is the symbols 0 and 1 (core/kinds/answer.py), not the values 1 and 2;
    # a pair, gap or balance rests on its row or column, a Tango's sign on its = or x.
    binairo = CliRunner().invoke(main, ["explain", "--variant", "binairo", "-"],
                                 input="11..001....0.0.1....1....0...100..11\n")
    assert binairo.stdout.splitlines()[:3] == [
        "<stdin>:1: Easy · Gap", " 1. Pair, row 1: 0 in r1c3", " 2. Pair, row 1: 1 in r1c4"]
    tango = CliRunner().invoke(main, ["explain", "--variant", "tango", "--json", "-"], input=(
        "1.0...........0........11..1.....1.1 ..=.x.=............xx......... "
        ".....=..................x=....\n"))
    steps = json.loads(tango.stdout)["steps"]
    assert [(step["because"], step["places"]) for step in steps[:2]] == [
        (["column 4"], [["r4c4", "0"]]), (["r1c3 = r1c4"], [["r1c4", "0"]])]
