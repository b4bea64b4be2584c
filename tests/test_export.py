"""`bookmaker export` and `outputs:`: every kind exported from files, books and dailies, and
read back by `check` and `solve`."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from pathlib import Path

import pytest
from exchangedata import LINES, kind_name, puzzle_of

from bookmaker.cli import main
from bookmaker.core.board.marks import BlockMark, EdgeMark, Marks, SignMark
from bookmaker.core.exchange.record import About, puzzle_record
from bookmaker.core.registry import kind_named
from bookmaker.export.items import item_of
from bookmaker.export.page import marks_data, page_html, puzzle_data
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
    suffix = ".ipuz" if kind.exchange.ipuz is not None else ".json"
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



LOGIC = """daily: {series: Logic, seed: logic, layout: newspaper-2col, registry: false,
        outputs: [json, page]}
schedule:
  monday: {variant: binairo, difficulty: easy, size: 6x6}
  tuesday: {variant: tango, difficulty: easy, size: 6x6}
"""


def test_a_binairo_and_a_tango_day_are_exported_again_and_their_pages_play_them(runner,
                                                                                tmp_path):
    """A day keeps a Binairo's answer in its own 0 and 1, as its givens are, and export
    reads it back (it read the answer as digits, and '01' as a 6x6's symbols)."""
    spec = tmp_path / "logic.yaml"
    spec.write_text(LOGIC, encoding="utf-8")
    result = runner.invoke(main, ["daily", str(spec), "--from", "2026-12-07", "--days", "2",
                                  "-o", str(tmp_path), "--jobs", "1"])
    assert result.exit_code == 0, result.output + result.stderr
    day = json.loads((tmp_path / "logic" / "2026-12-07" / "day.json").read_text())
    assert set(day["solution"]) == {"0", "1"} and day["symbols"] == "01"
    again = runner.invoke(main, ["export", str(tmp_path / "logic"), "--formats", "page",
                                 "-o", str(tmp_path / "exported")])
    assert again.exit_code == 0, again.output + again.stderr
    page = (tmp_path / "exported" / "2026-12-08.html").read_text(encoding="utf-8")
    assert '"kind":"Tango"' in page and '"symbols":["0","1"]' in page


BOOK = """book: {title: Kinds Book, seed: 7, layout: a4, registry: false, outputs: %s}
sections:
  - {name: Classic, size: 4x4, count: 2, difficulty: beginner}
  - {name: Samurai, size: 9x9, count: 1, variant: samurai, difficulty: beginner}
"""


def test_a_book_writes_the_outputs_it_lists(runner, tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK % "[pdf, ipuz, feed, page, puzzlink, art-cmyk]", encoding="utf-8")
    result = runner.invoke(main, ["build", str(spec), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output + result.stderr
    out = tmp_path / "out"
    art = [f"{stem}-{part}-cmyk.{ext}" for stem in ("classic-001", "classic-002", "samurai-001")
           for part in ("answer-art", "art") for ext in ("eps", "pdf")]
    assert sorted(p.name for p in (out / "kinds-book-puzzles").iterdir()) == sorted(
        ["classic-001.ipuz", "classic-002.ipuz", "samurai-001.json"] + art)
    assert {"kinds-book-feed.json", "kinds-book-feed.csv", "kinds-book.html"} <= \
        {p.name for p in out.iterdir()}
    links = (out / "kinds-book-puzzlink.txt").read_text().splitlines()
    assert [link[:len("https://puzz.link/p?sudoku/4/4/")] for link in links[:2]] == \
        ["https://puzz.link/p?sudoku/4/4/"] * 2
    assert links[2].startswith("# samurai-001: no puzz.link URL: puzz.link's (pzprjs's) Sudoku")
    exported = runner.invoke(main, ["export", str(out / "kinds-book.json"), "-o",
                                    str(tmp_path / "again"), "--formats", "ipuz"])
    assert exported.exit_code == 0, exported.output + exported.stderr
    assert (tmp_path / "again" / "classic-002.ipuz").read_bytes() != b""


POLISH_BOOK = """book: {title: Kinds Book, seed: 7, layout: a4, registry: false, language: pl,
       outputs: [pdf, page]}
sections:
  - {name: Classic, size: 4x4, count: 2, difficulty: beginner}
"""


def test_a_manifest_exported_again_makes_the_page_in_the_books_language(runner, tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(POLISH_BOOK, encoding="utf-8")
    assert runner.invoke(main, ["build", str(spec), "-o", str(tmp_path)]).exit_code == 0
    manifest = tmp_path / "kinds-book.json"
    assert json.loads(manifest.read_text(encoding="utf-8"))["language"] == "pl"
    result = runner.invoke(main, ["export", str(manifest), "-o", str(tmp_path / "again"),
                                  "--formats", "page"])
    assert result.exit_code == 0, result.output + result.stderr
    page = (tmp_path / "again" / "page.html").read_text(encoding="utf-8")
    assert '<html lang="pl">' in page and "Poprzednia łamigłówka" in page
    assert '"caption":"Początkujący"' in page and "Beginner" not in page  # the grade too
    assert page == (tmp_path / "kinds-book.html").read_text(encoding="utf-8")  # as built
    german = runner.invoke(main, ["export", str(manifest), "-o", str(tmp_path / "de"),
                                  "--formats", "page", "--lang", "de"])
    assert german.exit_code == 0, german.output + german.stderr
    page = (tmp_path / "de" / "page.html").read_text(encoding="utf-8")
    assert "Voriges Rätsel" in page and '"caption":"Einsteiger"' in page


def test_a_days_page_is_in_the_language_its_day_json_records(runner, tmp_path):
    _day(tmp_path, language="de")
    result = runner.invoke(main, ["export", str(tmp_path / "morning"), "-o", str(tmp_path / "o"),
                                  "--formats", "page"])
    assert result.exit_code == 0, result.output + result.stderr
    page = (tmp_path / "o" / "2026-12-07.html").read_text(encoding="utf-8")
    assert '<html lang="de">' in page and "Voriges Rätsel" in page
    assert '"caption":"Leicht"' in page  # its grade (easy) in German too


def test_a_rebuild_leaves_only_the_files_it_made(runner, tmp_path):
    """Issue 34 H3: a rebuild without art, with another seed and fewer puzzles, removes
    the old puzzles' art and records (an answer art showing another solution), and the
    feed and page no longer asked for; the folder it owns goes once empty, and what the
    user keeps beside the book stays."""
    spec, out = tmp_path / "book.yaml", tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    small = BOOK.split("  - {name: Samurai")[0]
    spec.write_text(small % "[pdf, ipuz, feed, page, art]", encoding="utf-8")
    assert runner.invoke(main, ["build", str(spec), "-o", str(out)]).exit_code == 0
    assert len(list((out / "kinds-book-puzzles").iterdir())) == 14
    (out / "kinds-book-puzzles" / "mine").mkdir()  # not a file: left alone
    fewer = small.replace("seed: 7", "seed: 8").replace("count: 2", "count: 1")
    spec.write_text(fewer % "[pdf, ipuz]", encoding="utf-8")
    result = runner.invoke(main, ["build", str(spec), "-o", str(out)])
    assert result.exit_code == 0, result.output + result.stderr
    assert sorted(p.name for p in (out / "kinds-book-puzzles").iterdir()) == \
        ["classic-001.ipuz", "mine"]
    assert sorted(p.name for p in out.iterdir()) == \
        ["kinds-book-answers.pdf", "kinds-book-puzzles", "kinds-book.json", "kinds-book.pdf",
         "notes.txt"]
    (out / "kinds-book-puzzles" / "mine").rmdir()
    spec.write_text(fewer % "[pdf]", encoding="utf-8")
    assert runner.invoke(main, ["build", str(spec), "-o", str(out)]).exit_code == 0
    assert sorted(p.name for p in out.iterdir()) == \
        ["kinds-book-answers.pdf", "kinds-book.json", "kinds-book.pdf", "notes.txt"]


@pytest.mark.parametrize(("outputs", "message"), [
    ("[ipuz]", "a book is its PDF: list pdf"),
    ("[pdf, web]", "unknown output 'web'; expected some of: pdf, ipuz, feed, page, puzzlink, "
                   "art, art-cmyk"),
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
    assert wrong.exit_code == 2 and "unknown output 'eps'; expected some of: ipuz, feed, page, " \
        "puzzlink, art, art-cmyk; comma separated (got 'ipuz,eps')" in wrong.stderr


def test_marks_ipuz_has_no_field_for_send_a_kind_to_its_record():
    board = kind_named("classic").board(kind_named("classic").frame(6))
    marks = Marks(signs=(SignMark(0, 1, "<"),))
    classic, samurai = kind_named("classic"), kind_named("samurai")
    assert classic.exchange.ipuz_problem(board, Marks()) is None
    assert classic.exchange.ipuz_problem(board, marks) == \
        "ipuz's Sudoku has no field for signs, clues outside the grid or clue blocks"
    assert "five overlapping grids" in samurai.exchange.ipuz_problem(
        samurai.board(samurai.frame(9)), Marks())


def test_the_page_places_any_kinds_marks_as_print_does():
    board = kind_named("classic").board(kind_named("classic").frame(6))
    marks = Marks(signs=(SignMark(0, 6, ">"),), edges=(EdgeMark("right", 1, "4"),),
                  blocks=(BlockMark(2, 3, "", "9"),))
    data = marks_data(marks, board)
    chevron = [[round(x, 4), round(y, 4)] for x, y in sign_chevron(board, marks.signs[0])]
    assert data["signs"] == [{"strokes": [chevron],
                              "cells": [0, 6], "sign": ">",
                              "words": ["greater than {cell}", "less than {cell}"]}]
    assert data["edges"] == [{"text": "4", "at": [6.5, 1.5], "side": "right", "index": 1,
                             "ring": 0}]
    assert data["ring"] == 1 and data["leading"] is False  # a ring right of the grid too
    assert data["blocks"] == [{"at": [2, 3], "clues": [{"text": "9", "at": [3.31, 2.69]}]}]
    assert data["loops"] == data["borders"] == data["labels"] == []


def test_the_page_plays_a_tango_with_its_own_symbols_limits_and_signs_as_print_strokes_them():
    """Binairo and Tango on the page (issue 37, 39): 0 and 1, tapped through; the limits
    its lines keep (no three alike, half and half); = and x as print strokes them, each
    heard from both cells; a Killer's cages never repeat, a Calcudoku's may."""
    tango = puzzle_data(item_of(puzzle_of("tango"), "t", "Tango"))
    assert (tango["symbols"], tango["cycle"]) == (["0", "1"], True)
    assert tango["limits"] == {"shared": True, "run": 2, "cages": False, "distinct": False,
                               "most": 0, "apart": False, "counted": False, "meeting": 0}
    assert tango["rules"].startswith("Tango: fill every cell with 0 or 1.")
    same, unlike = tango["signs"][:2]
    assert (same["sign"], same["cells"], same["words"]) == ("=", [2, 3], ["the same as {cell}"] * 2)
    assert same["strokes"] == [[[2.881, 0.42], [3.119, 0.42]], [[2.881, 0.58], [3.119, 0.58]]]
    assert (unlike["sign"], unlike["words"]) == ("x", ["unlike {cell}"] * 2)
    assert len(unlike["strokes"]) == 2  # two crossing bars
    assert puzzle_data(item_of(puzzle_of("binairo"), "b", "B"))["limits"] == \
        {"shared": True, "run": 2, "cages": False, "distinct": True, "most": 0,
         "apart": False, "counted": False, "meeting": 0}  # no two lines alike
    page = page_html([item_of(puzzle_of(key), key, key) for key in ("binairo", "classic")])
    assert '"kind":"Binairo"' in page and '"kind":"Sudoku"' in page
    killer, calcudoku = (puzzle_data(item_of(puzzle_of(key), "k", "K"))["limits"]
                         for key in ("killer", "calcudoku"))
    assert (killer["cages"], calcudoku["cages"], killer["shared"]) == (True, False, False)


def test_the_page_is_told_a_star_battles_count_a_unit_and_that_its_stars_stand_apart():
    """A Star Battle's limits as the page reads them (issue 39): `most` the board's stars a
    unit (its Shape's box_rows), `apart` no two touching; any other kind's most is 0."""
    from bookmaker.core.board.shape import starbattle_of
    from bookmaker.core.kinds.answer import Limits
    from bookmaker.export.page import limits_data

    stars = puzzle_data(item_of(puzzle_of("starbattle"), "s", "S"))["limits"]
    assert (stars["most"], stars["apart"], stars["shared"]) == (1, True, False)
    two = starbattle_of([cell // 10 for cell in range(100)], 2)  # a 10x10 two-star board
    assert limits_data(Limits(most=True, apart=True), two) == {
        "shared": False, "run": 0, "cages": False, "distinct": False, "most": 2, "apart": True,
        "counted": False, "meeting": 0}
    assert limits_data(Limits(), two)["most"] == 0


# --- ids, sources and reading back (issue 34) -------------------------------------------

def test_ids_are_unique_within_an_export_and_no_file_is_written_over(runner, tmp_path):
    for folder in ("x", "y"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "p.txt").write_text(LINES["calcudoku"] + "\n", encoding="utf-8")
    out = tmp_path / "out"
    result = runner.invoke(main, ["export", "--variant", "calcudoku", str(tmp_path / "x/p.txt"),
                                  str(tmp_path / "y/p.txt"), "-o", str(out)])
    assert (result.exit_code, result.stdout) == (0, f"2 puzzles, 5 files in {out}\n")
    assert result.stderr == "bookmaker: 1 id taken earlier in this export, renamed: " \
                            "p-1 -> p-1-2\n"
    assert sorted(p.name for p in out.iterdir()) == \
        ["feed.csv", "feed.json", "p-1-2.ipuz", "p-1.ipuz", "page.html"]
    feed = json.loads((out / "feed.json").read_text())
    assert [record["id"] for record in feed["puzzles"]] == ["p-1", "p-1-2"]
    assert json.loads((out / "p-1-2.ipuz").read_text())["uniqueid"] == "p-1-2"
    page = (out / "page.html").read_text()  # the page keeps progress by id: one each
    assert page.count('"id":"p-1"') == page.count('"id":"p-1-2"') == 1


def test_two_books_exported_together_keep_their_own_ids_as_their_builds_give_them(
        runner, tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK % "[pdf, ipuz]", encoding="utf-8")
    assert runner.invoke(main, ["build", str(spec), "-o", str(tmp_path / "v1")]).exit_code == 0
    manifest = json.loads((tmp_path / "v1" / "kinds-book.json").read_text())
    (tmp_path / "v2").mkdir()
    (tmp_path / "v2" / "volume-2.json").write_text(json.dumps(manifest | {"name": "volume-2"}))
    out = tmp_path / "out"
    result = runner.invoke(main, ["export", str(tmp_path / "v1" / "kinds-book.json"),
                                  str(tmp_path / "v2" / "volume-2.json"), "-o", str(out),
                                  "--formats", "ipuz,feed"])
    assert (result.exit_code, result.output) == (0, f"6 puzzles, 8 files in {out}\n")
    feed = json.loads((out / "feed.json").read_text())
    assert [record["id"] for record in feed["puzzles"]] == [
        "kinds-book-classic-001", "kinds-book-classic-002", "kinds-book-samurai-001",
        "volume-2-classic-001", "volume-2-classic-002", "volume-2-samurai-001"]
    assert sorted(p.name for p in out.iterdir()) == [
        "classic-001.ipuz", "classic-002.ipuz", "feed.csv", "feed.json", "samurai-001.json",
        "volume-2-classic-001.ipuz", "volume-2-classic-002.ipuz", "volume-2-samurai-001.json"]
    built = json.loads((tmp_path / "v1" / "kinds-book-puzzles" / "classic-002.ipuz").read_text())
    assert json.loads((out / "classic-002.ipuz").read_text())["uniqueid"] == \
        built["uniqueid"] == "kinds-book-classic-002"  # the book's id is the export's


BOXED = """book: {title: Boxed, seed: 7, layout: a4, registry: false,
       outputs: [pdf, ipuz, feed, page, art]}
sections:
  - {name: Letters, size: 6x6, box: 3x2, count: 1, difficulty: beginner, symbols: letters}
"""


def test_a_book_in_letters_with_3x2_boxes_is_exported_in_its_letters_and_read_back(
        runner, tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text(BOXED, encoding="utf-8")
    result = runner.invoke(main, ["build", str(spec), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output + result.stderr
    manifest = json.loads((tmp_path / "boxed.json").read_text())
    assert [(p["box"], p["symbols"]) for p in manifest["puzzles"]] == [("3x2", "ABCDEF")]
    ipuz = json.loads((tmp_path / "boxed-puzzles" / "letters-001.ipuz").read_text())
    feed = json.loads((tmp_path / "boxed-feed.json").read_text())
    assert ipuz["charset"] == feed["puzzles"][0]["symbols"] == "ABCDEF"
    assert '"symbols":["A","B","C","D","E","F"]' in (tmp_path / "boxed.html").read_text()
    art = (tmp_path / "boxed-puzzles" / "letters-001-answer-art.svg").read_text()
    assert 'aria-label="A"' in art and 'aria-label="1"' not in art
    for path in (tmp_path / "boxed-feed.json", tmp_path / "boxed-puzzles" / "letters-001.ipuz"):
        checked = runner.invoke(main, ["check", str(path)])
        assert (checked.exit_code, checked.output) == (0, "1: unique\n")
    again = runner.invoke(main, ["export", str(tmp_path / "boxed.json"), "-o",
                                 str(tmp_path / "again")])
    assert again.exit_code == 0, again.output + again.stderr
    assert json.loads((tmp_path / "again" / "letters-001.ipuz").read_text())["charset"] == \
        "ABCDEF"
    files = runner.invoke(main, ["export", str(tmp_path / "boxed-puzzles" / "letters-001.ipuz"),
                                 str(tmp_path / "boxed-feed.json"), "-o", str(tmp_path / "f")])
    assert files.exit_code == 0, files.output
    feed = json.loads((tmp_path / "f" / "feed.json").read_text())  # their ids and symbols
    assert [(r["id"], r["symbols"]) for r in feed["puzzles"]] == [
        ("boxed-letters-001", "ABCDEF"), ("boxed-letters-001-2", "ABCDEF")]
    assert sorted(p.name for p in (tmp_path / "f").iterdir()) == [
        "boxed-feed-1.ipuz", "feed.csv", "feed.json", "letters-001-1.ipuz", "page.html"]


def test_generate_json_lines_are_read_back_with_their_box(runner, tmp_path):
    made = runner.invoke(main, ["generate", "--size", "6x6", "--box", "3x2", "--count", "2",
                                "--seed", "1", "--json"])
    lines = tmp_path / "made.jsonl"
    lines.write_text(made.output, encoding="utf-8")
    checked = runner.invoke(main, ["check", str(lines)])
    assert (checked.exit_code, checked.output) == (0, "1: unique\n2: unique\n")
    exported = runner.invoke(main, ["export", str(lines), "-o", str(tmp_path / "o")])
    assert exported.output == f"2 puzzles, 5 files in {tmp_path / 'o'}\n"
    broken = tmp_path / "broken.jsonl"
    broken.write_text(made.output.splitlines()[0] + "\n\n{oops\n", encoding="utf-8")
    result = runner.invoke(main, ["check", str(broken)])
    assert result.output == "3: invalid: not a puzzle document: line 3 of JSON Lines: " \
                            "Expecting property name enclosed in double quotes: line 1 " \
                            "column 2 (char 1)\n"


def test_a_kakuro_record_says_the_size_of_its_frame():
    record = puzzle_record(puzzle_of("kakuro 8x8"), About())
    assert (record["size"], record["box"], record["board"]["frame"]) == ("8x8", "", [8, 8])


def test_export_refuses_a_file_whose_stated_solution_is_wrong_and_writes_nothing(
        runner, tmp_path):
    source = tmp_path / "good.txt"
    source.write_text(LINES["classic"] + "\n", encoding="utf-8")
    assert runner.invoke(main, ["export", str(source), "-o", str(tmp_path),
                                "--formats", "ipuz"]).exit_code == 0
    document = json.loads((tmp_path / "good-1.ipuz").read_text())
    row = document["solution"][0]
    row[1], row[2] = row[2], row[1]
    (tmp_path / "wrong.ipuz").write_text(json.dumps(document))
    out = tmp_path / "out"
    result = runner.invoke(main, ["export", str(tmp_path / "good-1.ipuz"),
                                  str(tmp_path / "wrong.ipuz"), "-o", str(out)])
    assert (result.exit_code, result.stderr) == (1, f"{tmp_path / 'wrong.ipuz'}:1: wrong answer: "
                                                    "the file's solution differs from the "
                                                    "puzzle's at 2 cells, first r1c2\n")
    assert not out.exists()


def _day(tmp_path: Path, **fields) -> Path:
    """A series folder with one day.json of the classic line (fields replace its own)."""
    puzzle = puzzle_of("classic")
    day = {"series": "Morning", "date": "2026-12-07", "title": "", "variant": "classic",
           "size": "9x9", "box": "3x3", "givens": LINES["classic"],
           "solution": "".join(map(str, puzzle.solution.cells)), "seed": 5, "grade": "easy",
           "score": 2.0, "hardest": "hidden single", "rating": None,
           "answer_folder": "2026-12-07"} | fields
    folder = tmp_path / "morning" / "2026-12-07"
    folder.mkdir(parents=True)
    (folder / "day.json").write_text(json.dumps({k: v for k, v in day.items() if v != "-"}))
    return folder / "day.json"


@pytest.mark.parametrize(("fields", "message"), [
    ({"givens": "-"}, "givens: expected text, got nothing"),
    ({"series": 7}, "series: expected text, got 7"),
    ({"solution": "12"}, "solution: wrong length: 2 cells, a 9x9 grid has 81"),
    ({"box": "2x2"}, "size 9x9, box 2x2: box 2x2 does not tile a 9x9 board"),
    ({"score": "hard"}, "score: expected int or float, got 'hard'"),
    ({"rating": 7.5}, "rating: expected null or {er, ep, ed, rater}, got 7.5"),
    ({"variant": "chess"}, "variant: expected one of"),
    ({"givens": "1234"}, "givens: wrong length: 4 cells, a 9x9 grid has 81"),
    ({"symbols": "AB"}, "symbols: expected 9 different characters, got 'AB'"),
    ({"symbols": 9}, "symbols: expected 9 different characters, got 9"),
    ({"language": "xx"}, "language: expected one of de, en, es, fr, it, nl, pl, pt, got 'xx'"),
])
def test_a_damaged_day_json_is_named_by_file_and_key(runner, tmp_path, fields, message):
    path = _day(tmp_path, **fields)
    result = runner.invoke(main, ["export", str(tmp_path / "morning"), "-o", str(tmp_path / "o")])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {path}: {message}")
    assert not (tmp_path / "o").exists()


def test_a_day_json_is_a_source_and_its_id_is_the_dailys(runner, tmp_path):
    path = _day(tmp_path)
    result = runner.invoke(main, ["export", str(path), "-o", str(tmp_path / "o"),
                                  "--formats", "ipuz"])
    assert (result.exit_code, result.output) == (0, f"1 puzzle, 1 file in {tmp_path / 'o'}\n")
    assert json.loads((tmp_path / "o" / "2026-12-07.ipuz").read_text())["uniqueid"] == \
        "morning-2026-12-07"


def test_variant_size_and_box_are_checked_against_a_manifest(runner, tmp_path):
    path = _day(tmp_path)
    wrong = runner.invoke(main, ["export", "--variant", "x", str(path), "-o", str(tmp_path)])
    assert (wrong.exit_code, wrong.stderr) == (1, f"Error: {path}: a classic, not a x "
                                                  f"(--variant)\n")
    sized = runner.invoke(main, ["export", "--size", "9x9", str(path), "-o", str(tmp_path)])
    assert sized.exit_code == 2 and f"Error: {path}: --size and --box are for files of " \
        "puzzle lines; a daily names its puzzles' sizes" in sized.stderr


@pytest.mark.parametrize(("formats", "message"), [
    ("IPUZ,Feed", None),
    ("ipuz,ipuz", "lists 'ipuz' twice"),
    ("ipz", "unknown output 'ipz' (did you mean 'ipuz'?); expected some of: ipuz, feed, "
            "page, puzzlink, art, art-cmyk"),
])
def test_output_names_follow_one_rule_on_the_command_line_and_in_specs(
        runner, tmp_path, formats, message):
    source = tmp_path / "p.txt"
    source.write_text(LINES["classic"] + "\n", encoding="utf-8")
    result = runner.invoke(main, ["export", str(source), "--formats", formats, "-o",
                                  str(tmp_path / "o")])
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK % f"[pdf, {formats}]", encoding="utf-8")
    if message is None:
        assert result.exit_code == 0 and load_spec(spec).outputs == ("pdf", "ipuz", "feed")
        return
    assert result.exit_code == 2 and f"'--formats': {message}; comma separated" in result.stderr
    with pytest.raises(SpecError, match=r"book\.outputs: " + re.escape(message.split(";")[0])):
        load_spec(spec)


def test_a_killer_ipuz_of_another_program_is_checked_with_its_cages(runner, tmp_path):
    source = tmp_path / "k.txt"
    source.write_text(LINES["killer"] + "\n", encoding="utf-8")
    assert runner.invoke(main, ["export", str(source), "--variant", "killer", "-o",
                                str(tmp_path), "--formats", "ipuz"]).exit_code == 0
    document = json.loads((tmp_path / "k-1.ipuz").read_text())
    del document["bookmaker:puzzle"]  # ipuz's own fields alone, as another program writes
    (tmp_path / "k-1.ipuz").write_text(json.dumps(document))
    checked = runner.invoke(main, ["check", str(tmp_path / "k-1.ipuz")])
    assert (checked.exit_code, checked.output) == (0, "1: unique\n")
    solved = runner.invoke(main, ["solve", str(tmp_path / "k-1.ipuz")])
    assert solved.output == runner.invoke(main, ["solve", "--variant", "killer",
                                                 str(source)]).output


def test_a_record_whose_symbols_are_damaged_is_named_not_printed_in_numbers(runner, tmp_path):
    # A record's symbols are read by the one rule a manifest's and a day's are: before, a
    # record's damaged field was dropped and its puzzle exported in numbers, unsaid.
    record = puzzle_record(puzzle_of("classic"), About(symbols="ABCDEFGHJ"))
    path = tmp_path / "letters.json"
    path.write_text(json.dumps(record | {"symbols": "ABCDEFGH"}), encoding="utf-8")
    result = runner.invoke(main, ["check", str(path)])
    assert result.output == "1: invalid: symbols: expected 9 different characters, got " \
                            "'ABCDEFGH'\n"
    path.write_text(json.dumps(record | {"symbols": list("ABCDEFGHJ")}), encoding="utf-8")
    result = runner.invoke(main, ["export", str(path), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output + result.stderr
    assert json.loads((tmp_path / "out" / "letters-1.ipuz").read_text())["charset"] == "ABCDEFGHJ"


def test_a_json_list_is_not_read_as_a_puzzle_line(runner, tmp_path):
    path = tmp_path / "list.json"
    path.write_text("[1, 2]\n", encoding="utf-8")
    result = runner.invoke(main, ["check", str(path)])
    assert result.output == "1: invalid: not a puzzle document: a JSON list; expected a " \
                            "puzzle record, a feed or an ipuz document (an object)\n"


LETTERS_DAILY = """daily:
  series: Letter Grid
  seed: letters
  layout: newspaper-2col
  registry: false
  outputs: [ipuz, page, feed, art]
schedule:
  monday: {difficulty: beginner, size: 6x6, box: 3x2, symbols: letters}
"""


def test_a_dailys_exports_are_in_its_days_symbols(runner, tmp_path):
    spec = tmp_path / "daily.yaml"
    spec.write_text(LETTERS_DAILY, encoding="utf-8")
    result = runner.invoke(main, ["daily", str(spec), "--from", "2026-12-07", "-o",
                                  str(tmp_path), "--jobs", "1"])
    assert result.exit_code == 0, result.output + result.stderr
    day = tmp_path / "letter-grid" / "2026-12-07"
    feed = json.loads((tmp_path / "letter-grid" / "feed-2026-12-07-2026-12-07.json").read_text())
    assert json.loads((day / "puzzle.ipuz").read_text())["charset"] == \
        feed["puzzles"][0]["symbols"] == "ABCDEF"
    assert '"symbols":["A","B","C","D","E","F"]' in (day / "page.html").read_text()
    assert 'aria-label="A"' in (day / "puzzle-answer-art.svg").read_text()


def test_a_next_day_daily_publishes_its_page_and_ipuz_without_the_answer(runner, tmp_path):
    spec = tmp_path / "week.yaml"
    spec.write_text(WEEK.replace("  registry: false\n", "  registry: false\n  answer: "
                                 "next-day\n"), encoding="utf-8")
    result = runner.invoke(main, ["daily", str(spec), "--from", "2026-12-07", "--days", "7",
                                  "-o", str(tmp_path), "--jobs", "1"])
    assert result.exit_code == 0, result.output + result.stderr
    friday = tmp_path / "kinds-daily" / "2026-12-11"
    day = json.loads((friday / "day.json").read_text())
    monday = json.loads((tmp_path / "kinds-daily" / "2026-12-07" / "day.json").read_text())
    assert sorted(p.name for p in friday.iterdir()) == \
        ["answer.ipuz", "day.json", "page.html", "puzzle.ipuz"]
    assert "solution" not in json.loads((friday / "puzzle.ipuz").read_text())
    answer = json.loads((friday / "answer.ipuz").read_text())  # Monday's, with its answer
    assert "".join(str(v) for row in answer["solution"] for v in row) == monday["solution"]
    data = page_data((friday / "page.html").read_text())
    today, before = data["puzzles"]
    assert [today["id"], before["id"]] == ["kinds-daily-2026-12-11", "kinds-daily-2026-12-07"]
    assert "solution" not in today and before["solution"] == [int(v) for v in
                                                              monday["solution"]]
    assert len(today["salt"]) == 32 and today["digest"] == hashlib.sha256(
        f"{today['salt']}:{','.join(day['solution'])}".encode()).hexdigest()


def test_a_daily_page_takes_its_options_and_colours_from_the_spec(runner, tmp_path):
    spec = tmp_path / "week.yaml"
    spec.write_text(WEEK.replace("  registry: false\n", "  registry: false\n  page: {answers: "
                                 "false, timer: false, colours: {entry: '#c00000', block_ink: "
                                 "'#ffee00'}}\n"), encoding="utf-8")
    result = runner.invoke(main, ["daily", str(spec), "--from", "2026-12-07", "--days", "1",
                                  "-o", str(tmp_path), "--jobs", "1"])
    assert result.exit_code == 0, result.output + result.stderr
    data = page_data((tmp_path / "kinds-daily" / "2026-12-07" / "page.html").read_text())
    assert [sorted(p) for p in data["puzzles"]][0].count("solution") == 0
    assert len(data["puzzles"]) == 1  # separate answers: no day before's on the page
    assert data["options"] == {"conflicts": True, "highlight": True, "timer": False}
    assert data["colours"] == {"entry": "#c00000", "block-ink": "#ffee00"}
    spec.write_text(WEEK.replace("  registry: false\n", "  registry: false\n  page: {colours: "
                                 "{entry: red}}\n"), encoding="utf-8")
    bad = runner.invoke(main, ["daily", str(spec), "--from", "2026-12-07", "--days", "1",
                               "-o", str(tmp_path / "bad")])
    assert bad.exit_code != 0 and "daily.page.colours.entry" in bad.output + bad.stderr


def test_the_page_shows_values_as_print_does_16x16_in_numbers_and_letters_as_given():
    sixteen = puzzle_data(item_of(puzzle_of("classic 16x16"), "p", "P"))
    assert sixteen["symbols"] == [str(v) for v in range(1, 17)]  # as print: 10 to 16
    wordoku = puzzle_data(item_of(puzzle_of("classic"), "p", "P", symbols="FORMULATE"))
    assert wordoku["symbols"] == list("FORMULATE")
    assert "Wordoku" not in wordoku["rules"] and "F, O, R" in wordoku["rules"]


def page_data(page: str) -> dict:
    """The puzzles and options a page carries (its JSON script element)."""
    found = re.search(r'<script type="application/json" id="puzzles">(.*?)</script>', page,
                      re.DOTALL)
    assert found is not None
    return json.loads(found.group(1))
