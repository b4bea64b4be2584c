"""`bookmaker export` and `outputs:`: every kind exported from files, books and dailies, and
read back by `check` and `solve`."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from exchangedata import LINES, kind_name

from bookmaker.cli import main
from bookmaker.core.board.marks import BlockMark, EdgeMark, Marks, SignMark
from bookmaker.core.kinds.ipuzform import ipuz_problem
from bookmaker.core.kinds.registry import kind_named
from bookmaker.export.page import marks_data
from bookmaker.pages.board import sign_chevron
from bookmaker.spec import SpecError, load_spec

WEEK = """daily:
  series: Kinds Daily
  seed: kinds-week
  layout: newspaper-2col
  registry: false
  outputs: [json, ipuz, page, feed]
schedule:
  monday:    {difficulty: beginner}
  friday:    {difficulty: beginner, variant: killer, size: 6x6}
  sunday:    {difficulty: beginner, variant: samurai}
"""


def write_lines(folder: Path) -> dict[Path, str]:
    """One file of one puzzle per kind (and size) of exchangedata.LINES, and its kind."""
    files = {}
    for index, (key, line) in enumerate(LINES.items()):
        path = folder / f"{kind_name(key)}-{index}.txt"
        path.write_text(line + "\n", encoding="utf-8")
        files[path] = kind_name(key)
    return files


@pytest.mark.parametrize("key", LINES)
def test_every_kind_is_exported_and_read_back_by_check_and_solve(runner, tmp_path, key):
    source = tmp_path / "puzzles.txt"
    source.write_text(f"# one puzzle\n{LINES[key]}\n", encoding="utf-8")
    out = tmp_path / "out"
    kind = kind_named(kind_name(key))
    result = runner.invoke(main, ["export", str(source), "-o", str(out), "--variant", kind.name])
    assert result.exit_code == 0, result.output + result.stderr
    suffix = ".ipuz" if kind.ipuz() is not None else ".json"
    assert sorted(p.name for p in out.iterdir()) == sorted(
        ["feed.csv", "feed.json", "page.html", f"puzzles-2{suffix}"])
    solved = runner.invoke(main, ["solve", str(source), "--variant", kind.name])
    for exported in (out / f"puzzles-2{suffix}", out / "feed.json"):
        checked = runner.invoke(main, ["check", str(exported)])
        assert (checked.exit_code, checked.output) == (0, "1: unique\n")
        again = runner.invoke(main, ["solve", str(exported)])
        assert (again.exit_code, again.output) == (0, solved.output)


def test_the_feed_lists_each_puzzle_with_its_grade_and_key(runner, tmp_path):
    files = write_lines(tmp_path)
    out = tmp_path / "out"
    for path, kind in files.items():  # one kind a file: export each, then read every record
        assert runner.invoke(main, ["export", str(path), "-o", str(out / path.stem),
                                    "--variant", kind, "--formats", "feed"]).exit_code == 0
    rows = [row for path in files for row in
            csv.DictReader(io.StringIO((out / path.stem / "feed.csv").read_text()))]
    assert [row["kind"] for row in rows] == [kind_name(key) for key in LINES]
    assert all(row["grade"] and row["key"] and row["line"] and row["solution"] for row in rows)
    assert all(row["seed"] == "" for row in rows)  # read from a file: no seed known


def test_a_stated_solution_that_is_wrong_is_reported(runner, tmp_path):
    source = tmp_path / "p.txt"
    source.write_text(LINES["classic"] + "\n", encoding="utf-8")
    assert runner.invoke(main, ["export", str(source), "-o", str(tmp_path / "o"),
                                "--formats", "ipuz"]).exit_code == 0
    path = tmp_path / "o" / "p-1.ipuz"
    document = json.loads(path.read_text())
    row = document["solution"][0]
    row[1], row[2] = row[2], row[1]
    path.write_text(json.dumps(document))
    result = runner.invoke(main, ["check", str(path)])
    assert (result.exit_code, result.output) == (1, "1: wrong answer: the file's solution "
                                                    "differs from the puzzle's at 2 cells, "
                                                    "first r1c2\n")
    stated = runner.invoke(main, ["check", "--variant", "x", str(path)])
    assert stated.output == "1: invalid: the file's puzzle is a classic, not an x\n"


def test_a_daily_writes_ipuz_pages_and_its_feed(runner, tmp_path):
    spec = tmp_path / "week.yaml"
    spec.write_text(WEEK, encoding="utf-8")
    result = runner.invoke(main, ["daily", str(spec), "--from", "2026-12-07", "--days", "7",
                                  "-o", str(tmp_path), "--jobs", "1"])
    assert result.exit_code == 0, result.output + result.stderr
    series = tmp_path / "kinds-daily"
    assert sorted(p.name for p in (series / "2026-12-11").iterdir()) == \
        ["day.json", "page.html", "puzzle.ipuz"]
    assert sorted(p.name for p in (series / "2026-12-13").iterdir()) == \
        ["day.json", "page.html", "puzzle.json"]  # a Samurai has no ipuz form
    feed = json.loads((series / "feed-2026-12-07-2026-12-13.json").read_text())
    assert [p["date"] for p in feed["puzzles"]] == ["2026-12-07", "2026-12-11", "2026-12-13"]
    page = (series / "2026-12-07" / "page.html").read_text()
    assert '"id":"kinds-daily-2026-12-07"' in page and "2026-12-11" not in page
    exported = tmp_path / "exported"
    again = runner.invoke(main, ["export", str(series), "-o", str(exported)])
    assert again.exit_code == 0, again.output + again.stderr
    assert (exported / "2026-12-11.ipuz").read_bytes() == \
        (series / "2026-12-11" / "puzzle.ipuz").read_bytes()
    assert (exported / "2026-12-13.html").is_file()


BOOK = """book: {title: Kinds Book, seed: 7, layout: a4, registry: false, outputs: %s}
sections:
  - {name: Classic, size: 4x4, count: 2, difficulty: beginner}
  - {name: Samurai, size: 9x9, count: 1, variant: samurai, difficulty: beginner}
"""


def test_a_book_writes_the_outputs_it_lists(runner, tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK % "[pdf, ipuz, feed, page, art-cmyk]", encoding="utf-8")
    result = runner.invoke(main, ["build", str(spec), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output + result.stderr
    out = tmp_path / "out"
    art = [f"{stem}-{part}-cmyk.{ext}" for stem in ("classic-001", "classic-002", "samurai-001")
           for part in ("answer-art", "art") for ext in ("eps", "pdf")]
    assert sorted(p.name for p in (out / "kinds-book-puzzles").iterdir()) == sorted(
        ["classic-001.ipuz", "classic-002.ipuz", "samurai-001.json"] + art)
    assert {"kinds-book-feed.json", "kinds-book-feed.csv", "kinds-book.html"} <= \
        {p.name for p in out.iterdir()}
    exported = runner.invoke(main, ["export", str(out / "kinds-book.json"), "-o",
                                    str(tmp_path / "again"), "--formats", "ipuz"])
    assert exported.exit_code == 0, exported.output + exported.stderr
    assert (tmp_path / "again" / "classic-002.ipuz").read_bytes() != b""


@pytest.mark.parametrize(("outputs", "message"), [
    ("[ipuz]", "a book is its PDF: list pdf"),
    ("[pdf, web]", "unknown output 'web'; expected some of: pdf, ipuz, feed, page, art, "
                   "art-cmyk"),
    ("pdf", "expected a list of outputs"),
])
def test_book_outputs_are_checked_at_load(tmp_path, outputs, message):
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK % outputs, encoding="utf-8")
    with pytest.raises(SpecError, match=r"book\.yaml:1:\d+: book\.outputs: " + message):
        load_spec(spec)


def test_export_refuses_what_is_not_a_puzzle_source(runner, tmp_path):
    bad = tmp_path / "notes.json"
    bad.write_text('{"title": "x", "puzzles": [{"id": "a", "variant": "classic", '
                   '"givens": "12", "solution": null}]}', encoding="utf-8")
    result = runner.invoke(main, ["export", str(bad), "-o", str(tmp_path / "o")])
    assert result.exit_code == 1 and "notes.json: puzzle a: " in result.stderr
    assert not (tmp_path / "o").exists()
    wrong = runner.invoke(main, ["export", str(bad), "--formats", "ipuz,eps"])
    assert wrong.exit_code == 2 and "expected some of ipuz, feed, page, art" in wrong.stderr


def test_marks_ipuz_has_no_field_for_send_a_kind_to_its_record():
    board = kind_named("classic").board(kind_named("classic").frame(6))
    marks = Marks(signs=(SignMark(0, 1, "<"),))
    assert ipuz_problem(kind_named("classic"), board, Marks()) is None
    assert ipuz_problem(kind_named("classic"), board, marks) == \
        "ipuz's Sudoku has no field for signs, clues outside the grid or clue blocks"
    assert "five overlapping grids" in ipuz_problem(
        kind_named("samurai"), kind_named("samurai").board(kind_named("samurai").frame(9)),
        Marks())


def test_the_page_places_any_kinds_marks_as_print_does():
    board = kind_named("classic").board(kind_named("classic").frame(6))
    marks = Marks(signs=(SignMark(0, 6, ">"),), edges=(EdgeMark("right", 1, "4"),),
                  blocks=(BlockMark(2, 3, "", "9"),))
    data = marks_data(marks, board)
    assert data["signs"] == [{"points": [list(p) for p in sign_chevron(board, marks.signs[0])],
                              "cells": [0, 6], "sign": ">"}]
    assert data["edges"] == [{"text": "4", "at": [6.5, 1.5], "side": "right", "index": 1}]
    assert data["ring"] == 1
    assert data["blocks"] == [{"at": [2, 3], "clues": [{"text": "9", "at": [3.31, 2.69]}]}]
    assert data["loops"] == data["borders"] == data["labels"] == []
