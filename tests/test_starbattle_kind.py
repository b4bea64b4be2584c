"""Star Battle as a kind (issue 39): found by its names, made to a grade and pinned by
seed, read and written as its line, proven by both proofs, graded and explained with what
each step rests on, refused where it is not made, and printed: regions tinted, answers
starred, the stars a unit after the size; in a book and in a daily."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner
from drawing import Recorder

from bookmaker import cli
from bookmaker.core.board.grid import Grid, GridError
from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.puzzle import Puzzle
from bookmaker.core.registry import find_kind, kind_named, kind_of_puzzle, made_combinations
from bookmaker.core.solve.verify import VerificationError
from bookmaker.daily.build import make_daily
from bookmaker.design.captions import grid_size_text
from bookmaker.pages.page import GridPlacement, PageGeometry, inches
from bookmaker.render.board import POINTED_ON_TINT, TINT_GREYS, draw_board
from bookmaker.render.style import RenderStyle
from bookmaker.spec.daily import load_daily_spec

STARS = kind_named("starbattle")
REPO = Path(__file__).resolve().parents[1]
QUEENS = ("1 AABBCAABDCEADDCEAADDEEEDD", "1 ABBBBAABBBAACCDAAADDEEEEE")  # two 5x5 layouts
MADE = ("1 AAAABAAACBDECCBDECCCDDDCC", "1 AABBBCABBDCCEEDCDDDDDDDDD")  # seed 1's, 5x5
ANSWERS = ("--*------*-*------*-*----", "---*-*------*------*-*---")


def test_the_kind_is_found_by_its_names_and_its_answer_is_stars():
    assert {find_kind(word) for word in ("starbattle", "Star Battle", "queens",
                                         "two-not-touch", "star_battle")} == {STARS}
    assert STARS.answer.form == "shading" and STARS.answer.glyphs == ("\u00b7", "\u2605")
    # steps say "★ in r4c4"; its lines write "-" and "*" (ANSWERS, below)
    assert STARS.frame(10).box_rows == 2 and STARS.frame(8).box_rows == 1  # stars a unit
    assert str(STARS.describe(STARS.frame(10))) == "10x10 Star Battle"


def test_sizes_and_grades_it_is_not_made_in_are_refused_with_the_reason():
    assert STARS.size_problem(13, False) == (
        "Star Battles are made 5x5 to 8x8 (one star), 9x9 to 12x12 (two stars) and 14x14 "
        "(three stars); got 13x13")
    assert STARS.size_problem(12, False) is None and STARS.size_problem(14, False) is None
    assert STARS.size_problem(13, False).endswith("got 13x13")
    assert STARS.size_problem(4, False).endswith("got 4x4")
    assert "has regions, not boxes" in STARS.size_problem(6, True)
    assert "made expert (or any)" in STARS.grade_problem(STARS.frame(9), "easy")
    assert STARS.grade_problem(STARS.frame(8), "easy") is None
    assert "graded easy, medium, hard, expert; not 'beginner'" in \
        STARS.grade_problem(STARS.frame(5), "beginner")
    made = {(size, grade) for kind, size, grade in made_combinations() if kind is STARS}
    assert (5, "expert") in made and (8, "easy") in made and (10, "expert") in made
    assert (11, "expert") in made and (11, "hard") not in made and (12, "expert") in made
    assert (9, "hard") not in made and (14, "expert") in made and (14, "hard") not in made
    assert not any(size in (13, 15) for size, _ in made)


def test_a_puzzle_is_pinned_by_its_seed_and_grade():
    puzzle = STARS.make(MakeRequest(STARS.frame(6), 2, "expert"))
    assert STARS.line(puzzle) == "1 AAAABBACCCBBAAACDDAAAADDAEEDDDFEEEDD"
    assert (puzzle.grade, puzzle.hardest) == ("expert", "contradiction")
    assert kind_of_puzzle(puzzle) is STARS
    assert STARS.grade(puzzle.givens).grade == puzzle.grade  # the steps' grade is the engine's


def test_lines_and_answers_read_back_to_themselves():
    for line, answer in zip(QUEENS, ANSWERS):
        givens, extras = STARS.read(line)
        assert extras is None and STARS.write(givens) == line
        assert set(givens.cells) == {0}  # no givens: the regions are the board's
        solution = STARS.read_answer(answer, givens.shape)
        assert STARS.answer_line(solution) == answer
    two = "2 " + "".join("ABCDEFGHIJ"[cell // 10] for cell in range(100))
    assert STARS.read(two)[0].shape.box_rows == 2  # a line says its stars


@pytest.mark.parametrize("line, message", [
    ("1 AABBBACCCBDDCCBDDEEBDDEEa", "bad symbol 'a' at position 25"),
    ("1 AABB", "wrong length: 4 cells"),
    ("1 BBAACBBADCEBDDCEBBDDEEEDD", "regions must be lettered A, B, C... in the order"),
    ("3 AABBBACCCBDDCCBDDEEBDDEEE", "3 stars a line do not fit a 5x5 square"),
])
def test_bad_lines_say_what_is_wrong(line, message):
    with pytest.raises(GridError, match=message):
        STARS.read(line)


def test_the_second_proof_refuses_a_wrong_solution_and_two_solutions():
    puzzle = STARS.make(MakeRequest(STARS.frame(5), 1))
    wrong = Grid(puzzle.shape, tuple(reversed(puzzle.solution.cells)))
    with pytest.raises(VerificationError, match="The Star Battle count's one solution "):
        STARS.verify(Puzzle(puzzle.givens, wrong, 1))
    rows, _ = STARS.read("1 AAAAABBBBBCCCCCDDDDDEEEEE")  # regions the rows: many answers
    queens = Grid(rows.shape, tuple(2 if c % 5 == (0, 2, 4, 1, 3)[c // 5] else 1
                                    for c in range(25)))
    with pytest.raises(VerificationError, match="found at least 2 solutions"):
        STARS.verify(Puzzle(rows, queens, 1))


TEN = ("2 AABBBBBBBCAABBBBBCCCADDBBBBBCCADDDDBBEECFFDEEEEECCGFFFFECCCCGGGGHHHIICGGGJHJHIIIGGGJ"
       "HJJIIIGGGJJJJIII")  # tests/data/starbattle-200.txt's 10x10 seed 0


def test_block_counting_is_a_worded_step_that_explain_says(tmp_path):
    # A 2x2 block holds one star at most: region 4 lacks as many stars as the blocks its
    # open cells meet, and meets one of them in r4c5 alone. Before, the grader had no such
    # step: 71 steps, 8 more of them contradictions; its grade and the 200 pinned
    # puzzles' are the same. (1.1 s: a 10x10 graded twice, by explain and by grade.)
    path = tmp_path / "ten.txt"
    path.write_text(TEN + "\n")
    runner = CliRunner()
    explained = runner.invoke(cli.main, ["explain", "--variant", "starbattle", str(path)])
    assert "21. Block counting, region 4: \u2605 in r4c5\n" in explained.output
    assert "41. Block counting, column 3 and column 4: \u2605 in r8c3\n" in explained.output
    graded = STARS.grade(STARS.read(TEN)[0])
    used = [step.technique for step in graded.steps]
    assert (graded.grade, graded.hardest, len(used), used.count("block counting"),
            round(graded.score, 5)) == ("expert", "contradiction", 55, 8, 4.07235)


def test_the_repeat_key_is_the_same_turned_mirrored_and_relettered():
    givens, _ = STARS.read(QUEENS[0])
    n = 5
    turned = [givens.shape.regions[(n - 1 - c % n) * n + c // n] for c in range(n * n)]
    letters = "".join("EDCBA"[r] for r in turned)  # turned, and lettered another way
    again, _ = STARS.read("1 " + "".join(
        "ABCDE"[sorted(set(letters), key=letters.index).index(x)] for x in letters))
    assert STARS.repeat_key(again) == STARS.repeat_key(givens)
    assert STARS.repeat_key(givens).startswith("starbattle 5x5:1 ")


def test_generate_solve_check_grade_and_explain_on_the_command_line(tmp_path):
    runner = CliRunner()
    made = runner.invoke(cli.main, ["generate", "--variant", "queens", "--size", "5x5",
                                    "--seed", "1", "--count", "2"])
    assert (made.exit_code, made.output) == (0, "\n".join(MADE) + "\n")
    path = tmp_path / "q.txt"
    path.write_text("\n".join(QUEENS) + "\n")
    solved = runner.invoke(cli.main, ["solve", "--variant", "starbattle", str(path)])
    assert solved.output == "\n".join(ANSWERS) + "\n"
    checked = runner.invoke(cli.main, ["check", "--variant", "star-battle", str(path)])
    graded = runner.invoke(cli.main, ["grade", "--variant", "starbattle", str(path)])
    assert checked.output == "1: unique\n2: unique\n"
    assert graded.output == "1: hard 3.03 pigeonhole\n2: medium 2.00818 confinement\n"
    explained = runner.invoke(cli.main, ["explain", "--variant", "starbattle", str(path)])
    assert " 2. Confinement, region 4: no \u2605 in r4c3\n" in explained.output  # its reason
    assert " 4. Confinement, column 3 and region 2: no \u2605 in r1c2, r1c4 and r2c2\n" in \
        explained.output  # column 3's open cells all in region 2: the rest of it is empty
    assert " 6. Touching, row 4: \u2605 in r4c4\n" in explained.output
    steps = json.loads(runner.invoke(cli.main, ["explain", "--json", "--variant",
                                                "starbattle", str(path)]).output
                       .splitlines()[1])["steps"]
    star = "\u2605"
    assert steps[1] == {"technique": "touching", "places": [["r3c3", star], ["r4c5", star]],
                        "removes": [], "because": ["row 3", "region 3", "region 4"],
                        "cells": ["r3c3", "r4c5"],
                        "text": f"Touching, row 3, region 3 and region 4: {star} in r3c3 "
                                "and r4c5"}


def test_a_malformed_line_is_told_where_and_exits_2(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(f"{QUEENS[0]}\n1 AABBBACCCBDDCCBDDEEBDDEEa\n")
    solved = CliRunner().invoke(cli.main, ["solve", "--variant", "starbattle", str(path)])
    assert solved.exit_code == 2 and "Traceback" not in solved.output
    assert solved.output.endswith(f"{path}:2: bad symbol 'a' at position 25; regions are "
                                  "capital letters A-Z\n")
    refused = CliRunner().invoke(cli.main, ["generate", "--variant", "starbattle",
                                            "--size", "13x13", "--seed", "1"])
    assert refused.exit_code == 2 and "Star Battles are made 5x5" in refused.output


def test_the_page_tints_its_regions_and_the_answer_draws_stars():
    givens, _ = STARS.read(QUEENS[0])
    solution = STARS.read_answer(ANSWERS[0], givens.shape)
    marks = STARS.marks(givens)
    regions = givens.shape.regions
    assert len(set(marks.tints)) > 1 and all(  # regions that meet are tinted apart
        marks.tints[a] != marks.tints[b] for a in range(25) for b in (a + 1, a + 5)
        if b < 25 and (b != a + 1 or b % 5) and regions[a] != regions[b])
    style = RenderStyle(PageGeometry(inches(6), inches(9)))
    canvas = Recorder()
    draw_board(canvas, GridPlacement(0, 0, 200, givens, solution, glyphs=STARS.answer.glyphs,
                                     marks=marks, drawn=STARS.answer.drawing), style)
    tinted = {call.fill for call in canvas.of("tint")}
    assert tinted <= set(TINT_GREYS[1:]) and tinted
    stars = canvas.of("stars")[0]
    assert len(stars.items) == 5 and all(len(loop) == 10 for loop in stars.items)
    assert not canvas.of("shaded cells")  # a star, not a filled cell
    assert grid_size_text(STARS, 10) == "10\u00d710 \u2605\u2605"  # the caption's stars
    pointed = Recorder()  # a glossary's example points at cells darker than any tint
    draw_board(pointed, GridPlacement(0, 0, 200, givens, marks=marks, shaded=(0, 7),
                                      glyphs=STARS.answer.glyphs,
                                      drawn=STARS.answer.drawing), style)
    assert [call.fill for call in pointed.of("shade")] == [POINTED_ON_TINT]
    assert POINTED_ON_TINT < min(TINT_GREYS)


def test_a_week_of_logic_dailies_has_a_star_battle_day(tmp_path):
    spec = load_daily_spec(REPO / "examples" / "daily-logic.yaml")
    days = {day.weekday: (day.variant, day.size, day.difficulty) for day in spec.schedule}
    assert days["tuesday"] == ("starbattle", 6, "easy")  # written 'queens'
    assert days["sunday"] == ("starbattle", 9, "expert")
    assert {variant for variant, _, _ in days.values()} == {
        "binairo", "tango", "starbattle", "slitherlink", "hashi", "nonogram"}
    (tmp_path / "paper.yaml").write_text(
        "daily: {series: Stars, seed: 3, layout: newspaper-2col, outputs: [svg, json]}\n"
        "schedule:\n  monday: {variant: queens, size: 5x5, difficulty: medium}\n",
        encoding="utf-8")
    make_daily(load_daily_spec(tmp_path / "paper.yaml"), [date(2026, 12, 7)], tmp_path / "out")
    folder = tmp_path / "out" / "stars" / "2026-12-07"
    record = json.loads((folder / "day.json").read_text("utf-8"))
    assert (record["variant"], record["grade"]) == ("starbattle", "medium")
    svg = (folder / "puzzle.svg").read_text("utf-8")
    assert 'class="tint"' in svg and 'aria-label="Stars · Star Battle \u2605"' in svg


def test_a_book_section_prints_tinted_puzzles_and_starred_answers(tmp_path):
    import pypdfium2 as pdfium

    spec = tmp_path / "stars.yaml"
    spec.write_text("book: {title: S, seed: 1, layout: kdp-6x9, answers: back}\nsections:\n"
                    "  - {name: Queens, variant: queens, size: 5x5, count: 2}\n")
    built = CliRunner().invoke(cli.main, ["build", str(spec), "-o", str(tmp_path / "out")])
    assert built.exit_code == 0, built.output
    pdf = pdfium.PdfDocument(tmp_path / "out" / "s.pdf")
    texts = [" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]
    how = next(text for text in texts if "How to play" in text and "Work" in text)
    assert "Put a dot in every cell that cannot hold a star" in how  # its own advice
    assert "Star Battle: place stars in some cells." in how
    assert any("Star Battle · " in text and "5×5 ★" in text for text in texts)
    answers = next(text for text in texts if "Puzzle on page" in text)
    assert "*" not in answers  # the stars drawn, not printed
