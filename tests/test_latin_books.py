"""Futoshiki and Skyscrapers through the pipeline: a book section and a daily of each,
their lines in the manifest and day records, their rules on the page."""

from __future__ import annotations

import io
import json
from datetime import date
from pathlib import Path

import pypdfium2
from drawing import stroke_widths
from pypdf import PdfReader

from bookmaker.book.build import build, example_puzzles
from bookmaker.book.compose import marks_of
from bookmaker.core.futoshiki.text import parse_futoshiki
from bookmaker.core.registry import kind_of_puzzle
from bookmaker.core.skyscrapers.text import parse_skyscrapers
from bookmaker.daily.build import make_daily
from bookmaker.design.layout import POD_MIN_LINE
from bookmaker.render.style import MIN_TEXT_SIZE
from bookmaker.spec import load_spec
from bookmaker.spec.daily import load_daily_spec

BOOK = """\
book: {title: Logic Squares, seed: 7, layout: kdp-6x9, answers: back}
sections:
  - {name: Signs, size: 5x5, count: 2, variant: futoshiki, difficulty: easy}
  - {name: Towers, size: 4x4, count: 2, variant: towers, difficulty: beginner}
"""


def test_a_book_prints_futoshiki_and_skyscrapers_sections_with_their_rules(tmp_path):
    (tmp_path / "book.yaml").write_text(BOOK, encoding="utf-8")
    build(load_spec(tmp_path / "book.yaml"), tmp_path / "out", workers=1)
    manifest = json.loads((tmp_path / "out" / "logic-squares.json").read_text("utf-8"))
    entries = manifest["puzzles"]
    assert [(e["variant"], e["grade"], e["box"]) for e in entries] == [
        ("futoshiki", "easy", "")] * 2 + [("skyscrapers", "beginner", "")] * 2
    for entry, parse in zip(entries, [parse_futoshiki] * 2 + [parse_skyscrapers] * 2):
        givens, extras = parse(entry["givens"])
        assert entry["canonical"].startswith(entry["variant"])
        assert all(g in (0, int(s)) for g, s in zip(givens.cells, entry["solution"]))
    document = pypdfium2.PdfDocument(tmp_path / "out" / "logic-squares.pdf")
    texts = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    rules = " ".join(texts[:entries[0]["page"] - 1])  # the front matter's how to play
    assert "Futoshiki: there are no boxes" in rules
    assert "Skyscrapers: there are no boxes" in rules
    assert "every outlined box" not in rules  # no Sudoku in the book: no Sudoku rule
    assert "In a Futoshiki, follow the signs" in rules  # each kind's solving tips
    assert "In a Skyscrapers, a clue of 1" in rules
    assert "Signs · Futoshiki · Easy · 5×5" in texts[entries[0]["page"] - 1]
    _assert_print_rules((tmp_path / "out" / "logic-squares.pdf").read_bytes())
    towers = document[entries[2]["page"] - 1]
    width, height = towers.get_size()
    inside = 0.375 * 72  # kdp-6x9's least margin: every clue round the grid within it
    text = towers.get_textpage()
    for index in range(text.count_chars()):
        left, bottom, right, top = text.get_charbox(index)
        assert inside <= left and right <= width - inside, (index, left, right)
        assert 0.5 * 72 - 9 <= bottom and top <= height - 0.5 * 72 + 18, (index, bottom, top)


def _assert_print_rules(data: bytes) -> None:
    """Every stroke at least 0.75 pt and every text at least 7 pt, on every page."""
    widths = stroke_widths(data)
    assert widths and min(widths) >= POD_MIN_LINE, sorted(set(widths))[:5]
    sizes: list[float] = []
    for page in PdfReader(io.BytesIO(data)).pages:
        page.extract_text(visitor_text=lambda text, cm, tm, font, font_size:
                          sizes.append(font_size * tm[3]) if text.strip() else None)
    assert sizes and min(sizes) >= MIN_TEXT_SIZE, min(sizes)


def test_a_daily_week_ramps_futoshiki_and_skyscrapers_by_weekday(tmp_path):
    (tmp_path / "paper.yaml").write_text(
        "daily: {series: Logic, seed: 3, layout: newspaper-2col, outputs: [svg, json]}\n"
        "schedule:\n"
        "  monday: {variant: futoshiki, size: 4x4, difficulty: beginner}\n"
        "  tuesday: {variant: futoshiki, size: 5x5, difficulty: easy}\n"
        "  wednesday: {variant: skyscrapers, size: 4x4, difficulty: medium}\n",
        encoding="utf-8")
    days = [date(2026, 12, 7), date(2026, 12, 8), date(2026, 12, 9)]
    make_daily(load_daily_spec(tmp_path / "paper.yaml"), days, tmp_path / "out")
    records = [json.loads((tmp_path / "out" / "logic" / day.isoformat() / "day.json")
                          .read_text("utf-8")) for day in days]
    assert [(r["variant"], r["grade"]) for r in records] == [
        ("futoshiki", "beginner"), ("futoshiki", "easy"), ("skyscrapers", "medium")]
    svg = (tmp_path / "out" / "logic" / "2026-12-09" / "puzzle.svg").read_text("utf-8")
    assert "Logic · Skyscrapers" in svg
    assert "Skyscrapers: there are no boxes" in svg


def test_the_example_daily_ramps_through_the_week():
    spec = load_daily_spec(Path(__file__).resolve().parents[1] / "examples" / "daily-latin.yaml")
    days = {day.weekday: (day.variant, day.size, day.difficulty) for day in spec.schedule}
    assert days["monday"] == ("futoshiki", 5, "beginner")
    assert days["friday"] == ("futoshiki", 7, "expert")
    assert days["sunday"] == ("skyscrapers", 6, "hard")


def test_how_to_play_works_an_example_of_each_latin_kind(tmp_path):
    (tmp_path / "book.yaml").write_text(BOOK, encoding="utf-8")
    spec = load_spec(tmp_path / "book.yaml")
    examples = example_puzzles(spec)
    assert [kind_of_puzzle(e).name for e in examples] == ["futoshiki", "skyscrapers"]
    assert marks_of(examples[0]).signs  # drawn with its signs
    assert marks_of(examples[1]).edges  # drawn with its clues
