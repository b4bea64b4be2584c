"""The example specs in examples/ and those the README and the guide show load, and the
smallest builds."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bookmaker.book.build import build
from bookmaker.spec import BookSpec, load_spec
from bookmaker.spec.daily import load_daily_spec

REPO = Path(__file__).resolve().parents[1]
# daily*.yaml are newspaper daily specs, not books: tests/test_daily*.py and
# test_latin_books.py load and run them.
EXAMPLES = sorted(path for path in (REPO / "examples").glob("*.yaml")
                  if not path.name.startswith("daily"))


def build_cost(spec: BookSpec) -> int:
    """Roughly how long a spec takes to build: generation grows steeply with the size."""
    return sum(section.count * section.size ** 3 for section in spec.sections)


def test_there_are_examples():
    assert {path.name for path in EXAMPLES} >= {"travel-6x9.yaml", "mixed.yaml",
                                                "large-print.yaml"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_every_example_loads(path):
    spec = load_spec(path)
    assert spec.sections and spec.title


def test_the_smallest_example_builds(tmp_path):
    spec = min((load_spec(path) for path in EXAMPLES), key=build_cost)
    result = build(spec, tmp_path, workers=2)
    manifest = json.loads((tmp_path / f"{spec.name}.json").read_text())
    assert len(manifest["puzzles"]) == result.puzzle_count == sum(s.count for s in spec.sections)
    assert all(path.stat().st_size > 0 for path in result.files)


@pytest.mark.parametrize("page", ["README.md", "docs/guide.md"])
def test_the_specs_shown_in_the_readme_and_the_guide_load(tmp_path, page):
    text = (REPO / page).read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.DOTALL)
    assert blocks, f"{page} shows a spec in a ```yaml block"
    for index, block in enumerate(blocks):
        path = tmp_path / f"shown-{index}.yaml"
        path.write_text(block, encoding="utf-8")
        if block.startswith("daily:"):  # the newspaper section's spec
            assert load_daily_spec(path).schedule
            continue
        assert load_spec(path).sections


def test_the_mixed_examples_16x16_prints_the_1_to_9_and_a_to_g_its_top_promises():
    spec = load_spec(REPO / "examples" / "mixed.yaml")
    assert "(digits 1-9 and A-G)" in (REPO / "examples" / "mixed.yaml").read_text()
    giant = next(section for section in spec.sections if section.size == 16)
    assert "".join(giant.glyphs) == "123456789ABCDEFG"


DAILIES = sorted((REPO / "examples").glob("daily*.yaml"))


@pytest.mark.parametrize("path", DAILIES, ids=lambda path: path.stem)
def test_every_example_daily_makes_its_whole_week(path, tmp_path):
    """Each weekday of each example daily, with every output it lists (proof sheets too):
    a Saturday Nonogram once loaded and then failed to draw its week's proof."""
    from datetime import date, timedelta

    from bookmaker.daily.build import make_daily

    week = [date(2026, 12, 7) + timedelta(days=offset) for offset in range(7)]
    make_daily(load_daily_spec(path), week, tmp_path)
    assert len({folder.name for folder in tmp_path.glob("*/2026-12-*")}) == 7
