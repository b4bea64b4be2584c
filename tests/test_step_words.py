"""Explained steps say what they do in words a reader follows: a Nonogram's cells black and
blank (as a colour Nonogram's are named), not the text format's '#' and '-'; a step's
placements of one value named together, as its removals are."""

from __future__ import annotations

import json

from click.testing import CliRunner

from bookmaker import cli
from bookmaker.core.board.shape import latin_of
from bookmaker.core.grade.candidates import Step
from bookmaker.design.catalogue import load_catalogue
from bookmaker.design.explain import actions_text

DUCK = "2/3/4/4,1/7/5/3/8 1/1,1,1/6,1/8/7/5/2,1/2,1"  # 8x8
SUDOKU = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
STARS = "1 AABCCAABCCDAAECDADEEDDDEE"  # a 5x5 Star Battle


def _explain(tmp_path, line: str, *options: str) -> list[str]:
    path = tmp_path / "p.txt"
    path.write_text(line + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli.main, ["explain", *options, str(path)])
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def test_nonogram_steps_say_black_and_blank(tmp_path):
    lines = _explain(tmp_path, DUCK, "--variant", "nonogram")
    assert lines[1] == " 1. Simple boxes, row 4: black in r4c3 and r4c4"
    assert lines[2] == " 2. Simple boxes, row 5: black in r5c2, r5c3, r5c4, r5c5, r5c6 and r5c7"
    assert lines[13] == "13. Overlaps, row 4: blank in r4c1, r4c2 and r4c7; black in r4c8"


def test_nonogram_steps_say_black_and_blank_in_the_language_asked(tmp_path):
    lines = _explain(tmp_path, DUCK, "--variant", "nonogram", "--lang", "fr")
    assert lines[1] == " 1. Blocs simples, ligne 4 : noir en L4C3 et L4C4"
    assert lines[10] == \
        "10. Chevauchements, ligne 1 : vide en L1C1, L1C2, L1C5, L1C6, L1C7 et L1C8"


def test_nonogram_solution_keeps_the_text_formats_letters(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(DUCK + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli.main, ["solve", "--variant", "nonogram", str(path)])
    assert result.output == \
        "--##----/--###---/-####---/--####-#/-#######/--#####-/---###--/########\n"


def test_placements_of_one_value_are_named_together():
    step = Step("touching", ((0, 2), (7, 3), (2, 2), (24, 2)), ((1, 1), (5, 1)), "",
                edges=((0, "top", "line"), (1, "top", "line"), (1, "left", "cross")))
    assert actions_text(step, latin_of(5), load_catalogue("en")) == (
        "2 in r1c1, r1c3 and r5c5; 3 in r2c3; no 1 in r1c2 and r2c1; "
        "line above r1c1 and r1c2; cross left of r1c2")


def test_star_battle_stars_placed_at_once_are_named_together(tmp_path):
    lines = _explain(tmp_path, STARS, "--variant", "starbattle")
    assert "★ in r1c3, r2c5 and r5c1" in "\n".join(lines)


def test_sudoku_steps_place_one_value_and_read_as_before(tmp_path):
    # a Sudoku step places one value, so grouping placements leaves its steps as they read
    lines = _explain(tmp_path, SUDOKU)
    assert lines[1:3] == [
        " 1. Hidden single: r6c2 = 4 (box 4), r8c3 = 3 (box 7), r8c6 = 1 (box 8)",
        " 2. Locked candidates (pointing), box 3 and row 2: no 7 in r2c1 and r2c3"]
    steps = [json.loads(line)["steps"] for line in _explain(tmp_path, SUDOKU, "--json")][0]
    assert max(len(step["places"]) for step in steps) == 1
    assert steps[0]["text"] == "Hidden single, box 4: 4 in r6c2"


def test_every_catalogue_says_every_kinds_answer_words():
    from bookmaker.core.registry import all_kinds
    from bookmaker.design.catalogue import language_names

    said = {key for kind in all_kinds() for key in kind.answer.said}
    assert said == {"blank", "black"}
    for language in language_names():
        texts = load_catalogue(language).texts
        assert all(texts.get(f"colour_names.{key}") for key in said), language
