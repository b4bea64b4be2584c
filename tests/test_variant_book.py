"""A book of variant sections end to end: its jobs make each section's variant, the
manifest records it (a jigsaw's regions in the puzzle line), captions and contents name
it, shaded and outlined boards reach the page, and classic sections keep their seeds."""

from __future__ import annotations

import json
import re

import pypdfium2
import pytest

from bookmaker.book.build import build
from bookmaker.book.plan import plan, puzzle_seed
from bookmaker.core.board.grid import parse_grid
from bookmaker.core.solve.dlx import dlx_solve
from bookmaker.spec import load_spec

SPEC = """\
book:
  title: Variant Sampler
  seed: 5
  layout: kdp-6x9
  answers: back
sections:
  - {name: Plain, size: 4x4, count: 1}
  - {name: Diagonals, size: 4x4, count: 2, variant: x}
  - {name: Shapes, size: 5x5, count: 2, variant: jigsaw}
  - {name: Windows, size: 9x9, count: 1, variant: hyper}
"""


@pytest.fixture(scope="module")
def sampler(tmp_path_factory) -> tuple[dict, list[str]]:
    folder = tmp_path_factory.mktemp("sampler")
    (folder / "book.yaml").write_text(SPEC, encoding="utf-8")
    build(load_spec(folder / "book.yaml"), folder / "out", workers=1)
    manifest = json.loads((folder / "out" / "variant-sampler.json").read_text("utf-8"))
    document = pypdfium2.PdfDocument(folder / "out" / "variant-sampler.pdf")
    texts = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    return manifest, texts


def test_each_puzzle_is_made_on_its_sections_board_and_recorded_so(sampler):
    manifest, _ = sampler
    assert [p["variant"] for p in manifest["puzzles"]] == \
        ["classic", "x", "x", "jigsaw", "jigsaw", "hyper"]
    for entry in manifest["puzzles"]:
        variant = entry["variant"]
        grid = parse_grid(entry["givens"], geometry=None if variant == "classic" else variant)
        assert grid.shape.geometry == variant
        found = dlx_solve(grid)  # the board's own units: a second opinion
        assert found.count == 1
        assert "".join(map(str, found.solutions[0])) == entry["solution"].split()[0]
    jigsaws = [p for p in manifest["puzzles"] if p["variant"] == "jigsaw"]
    assert all(p["box"] == "" and len(p["givens"].split()[1]) == 25 for p in jigsaws)
    assert jigsaws[0]["givens"].split()[1] != jigsaws[1]["givens"].split()[1]  # own regions


def test_captions_contents_and_rules_name_the_variants(sampler):
    _, texts = sampler
    everything = "\n".join(texts)
    for caption in ("Diagonals · X ·", "Shapes · Jigsaw ·", "Windows · Hyper ·"):
        assert caption in everything
    contents = next(text for text in texts if text.startswith("Contents"))
    assert "4×4 X ·" in contents and "5×5 Jigsaw ·" in contents
    # The how-to-play pages (their diagrams' digits may come first in a page's text).
    rules = " ".join(" ".join(text for text in texts if "How to play" in text
                              and not text.startswith("Contents")).split())
    assert "X: the two long diagonals" in rules and "Jigsaw: instead of square" in rules


def test_a_classic_section_keeps_the_seeds_it_had_before_variants(tmp_path):
    (tmp_path / "book.yaml").write_text(SPEC, encoding="utf-8")
    spec = load_spec(tmp_path / "book.yaml")
    planned = plan(spec)
    plain, diagonals = spec.sections[0], spec.sections[1]
    from bookmaker.core.rng import derive_seed
    assert puzzle_seed(5, plain, 0) == derive_seed(5, "book", "Plain", "4x4", "2x2", "none", 0)
    assert puzzle_seed(5, diagonals, 0) != derive_seed(5, "book", "Diagonals", "4x4", "2x2",
                                                       "none", 0)
    assert [p.job.kind.name for p in planned] == ["classic", "x", "x", "jigsaw", "jigsaw",
                                                  "hyper"]


def test_a_daily_weekday_makes_and_prints_its_variant(tmp_path):
    from datetime import date

    from bookmaker.daily.build import make_daily
    from bookmaker.spec.daily import load_daily_spec
    (tmp_path / "paper.yaml").write_text(
        "daily: {series: Grid, seed: 2, layout: newspaper-2col, outputs: [pdf, svg, json]}\n"
        "schedule:\n  monday: {difficulty: easy, variant: jigsaw, size: 5x5}\n",
        encoding="utf-8")
    make_daily(load_daily_spec(tmp_path / "paper.yaml"), [date(2026, 12, 7)], tmp_path / "out")
    folder = tmp_path / "out" / "grid" / "2026-12-07"
    record = json.loads((folder / "day.json").read_text("utf-8"))
    assert record["variant"] == "jigsaw" and record["box"] == ""
    assert parse_grid(record["givens"], geometry="jigsaw").shape.geometry == "jigsaw"
    svg = (folder / "puzzle.svg").read_text("utf-8")
    assert "Grid · Jigsaw" in svg  # the heading names the variant
    lines = " ".join(re.findall(r'aria-label="([^"]*)"', svg))  # the text, line by line
    assert "Jigsaw: instead of square boxes" in lines  # and the rules line gives its rule


def test_a_killer_section_prints_its_cages_and_records_its_line(tmp_path):
    from bookmaker.core.killer.text import parse_killer
    (tmp_path / "book.yaml").write_text(SPEC.split("sections:")[0] + (
        "sections:\n  - {name: Cages, size: 6x6, count: 2, variant: killer}\n"),
        encoding="utf-8")
    build(load_spec(tmp_path / "book.yaml"), tmp_path / "out", workers=1)
    manifest = json.loads((tmp_path / "out" / "variant-sampler.json").read_text("utf-8"))
    document = pypdfium2.PdfDocument(tmp_path / "out" / "variant-sampler.pdf")
    texts = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    import re
    from collections import Counter
    printed = Counter()
    for number in {entry["page"] for entry in manifest["puzzles"]}:
        printed += Counter(re.findall(r"\d+", texts[number - 1]))
    totals = Counter()
    for entry in manifest["puzzles"]:
        assert entry["variant"] == "killer" and entry["rating"] is None
        givens, cages = parse_killer(entry["givens"])
        assert givens.clue_count == 0  # a pure Killer: the sums are the clues
        solution = [int(v) for v in entry["solution"]]
        assert all(cage.total == sum(solution[c] for c in cage.cells) for cage in cages.cages)
        totals += Counter(str(cage.total) for cage in cages.cages)
    assert not totals - printed  # every sum is printed on its puzzle's page
    assert "Cages · Killer ·" in texts[manifest["puzzles"][0]["page"] - 1]


@pytest.mark.parametrize("design", ["classic", "bold"])
def test_a_prime_jigsaw_book_has_its_example_and_its_cover(tmp_path, design):
    (tmp_path / "book.yaml").write_text(SPEC.split("sections:")[0] + (
        f"cover: {{design: {design}}}\n"
        "sections:\n  - {name: Shapes, size: 5x5, count: 2, variant: jigsaw}\n"),
        encoding="utf-8")
    build(load_spec(tmp_path / "book.yaml"), tmp_path / "out", workers=1)
    cover = pypdfium2.PdfDocument(tmp_path / "out" / "variant-sampler-cover.pdf")
    assert len(cover) == 1 and "2 Sudoku puzzles" in cover[0].get_textpage().get_text_range()
