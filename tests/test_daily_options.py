"""A daily's own print options (issue 22 item 8): headings that can be turned off, answers
with columns of their own, and SVG whose text is outlines (no font needed to show it)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from datetime import date

import pytest

from bookmaker.core.board.shape import parse_shape
from bookmaker.core.generate.removal import generate
from bookmaker.daily.sheets import DailyPuzzle, answer_sheet, puzzle_sheet
from bookmaker.design.problems import SpecError
from bookmaker.render.svg import render_svg_text
from bookmaker.spec.daily import load_daily_spec

SVG = "{http://www.w3.org/2000/svg}"


def daily(tmp_path, options: str = "", size: str = "9x9", columns: int = 2):
    path = tmp_path / "paper.yaml"
    path.write_text(f"""\
daily:
  series: Daily Sudoku
  seed: 1
  layout: newspaper-2col
{options}schedule:
  monday: {{difficulty: easy, size: {size}, columns: {columns}}}
""", encoding="utf-8")
    return load_daily_spec(path)


def entry_of(spec, size: str = "9x9") -> DailyPuzzle:
    puzzle = replace(generate(parse_shape(size), 5, "rotational"), grade="easy", score=2.5,
                     hardest="locked candidates")
    return DailyPuzzle(date(2026, 11, 30), spec.schedule[0], puzzle)


def test_headings_can_be_turned_off_on_puzzle_and_answer(tmp_path):
    spec = daily(tmp_path, "  heading: false\n")
    entry = entry_of(spec)
    puzzle, answer = puzzle_sheet(spec, entry), answer_sheet(spec, entry)
    assert [line.bold for line in puzzle.lines] == [False, False][:len(puzzle.lines)]
    assert puzzle.lines and all("Daily Sudoku" not in line.text for line in puzzle.lines)
    assert answer.lines == ()
    with_heading = puzzle_sheet(daily(tmp_path), entry_of(daily(tmp_path)))
    assert with_heading.lines[0].text.startswith("Daily Sudoku") and \
        with_heading.height > puzzle.height


def test_an_answer_spans_the_fewest_columns_its_digits_stay_readable_in(tmp_path):
    spec = daily(tmp_path, size="9x9", columns=3)
    day = spec.schedule[0]
    assert (day.columns, day.answer_columns) == (3, 1)
    entry = entry_of(spec)
    assert answer_sheet(spec, entry).width == spec.layout.width(1)
    assert puzzle_sheet(spec, entry).width == spec.layout.width(3)
    big = daily(tmp_path, size="16x16", columns=3).schedule[0]
    assert big.answer_columns == 2  # 16 cells in one column would be under 7 pt / 0.6
    assert daily(tmp_path, "  answer_columns: 3\n", columns=3).schedule[0].answer_columns == 3


def test_answer_columns_too_narrow_for_readable_digits_are_refused(tmp_path):
    with pytest.raises(SpecError, match=r"paper\.yaml:\d+:\d+: daily\.answer_columns: a 16x16 "
                                        r"answer across 1 column .* give it more columns"):
        daily(tmp_path, "  answer_columns: 1\n", size="16x16", columns=3)


def test_the_svg_has_no_text_element_every_text_outlined_and_no_thin_stroke(tmp_path):
    spec = daily(tmp_path)
    entry = entry_of(spec)
    for sheet in (puzzle_sheet(spec, entry), answer_sheet(spec, entry)):
        svg = render_svg_text(sheet, "A title")
        root = ET.fromstring(svg)
        assert not list(root.iter(f"{SVG}text")) and "font-family" not in svg
        labels = [p.get("aria-label") for p in root.iter(f"{SVG}path") if p.get("aria-label")]
        assert [line.text for line in sheet.lines] == labels[-len(sheet.lines):]
        widths = [float(w) for w in re.findall(r'stroke-width="([\d.]+)"', svg)]
        assert widths and min(widths) >= spec.layout.lines.cell
