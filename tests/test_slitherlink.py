"""Slitherlink (issue 39): its lines, the two proofs written apart (the techniques with a
search over edges, the count over inside and outside colourings) on 200 pinned puzzles of
mixed sizes and grades, generation pinned by seed, grading by technique, the repeat key
under the eight turns and mirrors, bad input, explain, and the kind on the command
line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bookmaker import cli
from bookmaker.core.board.grid import GridError
from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.registry import kind_named, kind_of_puzzle
from bookmaker.core.slitherlink.count import count_slitherlink
from bookmaker.core.slitherlink.frame import edges_of, frame_of, inside_of
from bookmaker.core.slitherlink.generate import generate_slitherlink
from bookmaker.core.slitherlink.grade import within_reach
from bookmaker.core.slitherlink.key import slitherlink_key
from bookmaker.core.slitherlink.search import slitherlink_solutions
from bookmaker.core.slitherlink.text import parse_slitherlink
from bookmaker.core.solve.verify import Undecided

PINNED = Path(__file__).parent / "data" / "slitherlink-200.txt"
SLITHERLINK = kind_named("slitherlink")

GOLDEN = [  # (height, width, seed, grade): the line, the hardest technique, the solution
    (5, 5, 1, "beginner", ".01.0/.1.10/.2..1/.10.2/.1..3", "dot",
     "-----/--#--/--#--/#####/###-#"),
    (7, 7, 2, "medium", "....11./33..11./..1..3./.0.2.13/02..3../....2.1/..3.321",
     "no small loop", "#######/#-#-###/----#--/---####/--##-#-/-##--#-/--#-##-"),
    (8, 8, 3, "hard", "..3123.0/....2.10/.2..2.1./12..02../...21..2/.3...1../0....2.1/"
     "....0..2", "colouring",
     "--#--#--/--#-##--/--#-#---/-#######/-#-##---/-#--####/-----###/------##"),
    (6, 9, 4, "expert", ".0.11..../0......0./.......20/.2.3...../3020...2./....1.11.",
     "trial", "---------/---###---/-#---##--/-#-#-###-/######-##/-#-###---"),
    (10, 10, 5, "easy", "..12223.33/33..31.0.1/.....13.3./..2...2.22/23232....3/...20.2.../"
     "3.1023122./.21..12.../.23.3...13/3..2...33.", "adjacent threes",
     "######-#-#/#-#--#####/----##-#-#/######-#-#/-#--#----#/---####---/#####-####/"
     "-###--#---/---##-####/####--#-#-"),
]


@pytest.mark.parametrize("height, width, seed, grade, line, hardest, solution", GOLDEN)
def test_generated_puzzles_are_pinned_by_seed(height, width, seed, grade, line, hardest,
                                              solution):
    puzzle, grading = generate_slitherlink(height, width, seed, grade)
    assert SLITHERLINK.line(puzzle) == line
    assert SLITHERLINK.answer_line(puzzle.solution) == solution
    assert (grading.grade, grading.hardest) == (grade, hardest)
    assert kind_of_puzzle(puzzle) is SLITHERLINK


def pinned() -> list[tuple[str, str, str]]:
    """(size, grade, line) of the 200 pinned puzzles."""
    rows = (text.split(" ", 2) for text in PINNED.read_text().splitlines())
    return [(size, grade, line) for size, grade, line in rows]


def test_two_hundred_puzzles_of_mixed_sizes_and_grades_are_unique_by_both_proofs():
    # 200 proofs by each algorithm and 200 gradings, 5x5 to 12x12 and two rectangles:
    # about 6 s of CPU (the count 2.7 s, the five 12x12s 0.4 s of it; the grading
    # 3.5 s); the issue asks for 200 of each kind's.
    rows = pinned()
    assert len(rows) == 200
    assert {size for size, _, _ in rows} == {"5x5", "7x7", "8x8", "9x9", "10x10", "12x12",
                                              "6x9", "8x12"}
    hardest = {grade: set() for grade in SLITHERLINK.grades}
    for size, grade, line in rows:
        givens, _ = SLITHERLINK.read(line)
        height, width = givens.shape.frame
        assert f"{height}x{width}" == size
        first = slitherlink_solutions(frame_of(height, width), givens.cells)
        second = count_slitherlink(height, width, givens.cells)
        assert first.unique and second.complete and second.count == 1, line
        assert first.solution == second.solutions[0], line
        grading = SLITHERLINK.grade(givens)
        assert grading.grade == grade, line
        hardest[grade].add(grading.hardest)
    # Each grade is named by the techniques it needs.
    assert hardest["beginner"] <= {"zero", "clue count", "dot", "loop closed"}
    assert hardest["easy"] <= {"corner", "adjacent threes", "diagonal threes"}
    assert hardest["medium"] == {"no small loop"}
    assert hardest["hard"] == {"colouring"}
    assert hardest["expert"] == {"trial"}


def test_each_step_is_the_first_edge_the_easiest_technique_finds():
    # The beginner techniques yield their edges one by one and a step takes the first:
    # the very edge the whole list of what the technique finds at that state begins with.
    from bookmaker.core.slitherlink.grade import LADDER, WORDS, _allowed, _next_step
    from bookmaker.core.slitherlink.solver import Board, clues_of

    _, _, _, _, line, _, _ = GOLDEN[1]  # 7x7 medium: beginner steps and small loops
    grid = parse_slitherlink(line)
    board = Board(frame_of(*grid.shape.frame), clues_of(grid.cells))
    names = {technique.name: technique for technique in LADDER}
    used = set()
    while not board.solved:
        before = board.copy()
        step = _next_step(board, _allowed("expert"))
        assert step is not None
        found = list(names[step.technique].find(before))
        edge, value, _ = found[0]
        assert step.edges == ((*board.frame.edge_side(edge), WORDS[value]),)
        assert all(not list(names[t.name].find(before))
                   for t in LADDER[:LADDER.index(names[step.technique])])
        used.add(step.technique)
    assert {"zero", "clue count", "dot", "no small loop"} <= used


def test_the_proofs_count_two_where_the_clues_leave_several_loops_and_none_where_none():
    open_grid = parse_slitherlink("...../...../...../...../.....")
    frame = frame_of(5, 5)
    assert slitherlink_solutions(frame, open_grid.cells).count == 2
    assert count_slitherlink(5, 5, open_grid.cells).count == 2
    # A 3 in a corner beside a 0 can take only two of its sides: no loop at all.
    none = parse_slitherlink("30.../...../...../...../.....")
    assert slitherlink_solutions(frame, none.cells).count == 0
    assert count_slitherlink(5, 5, none.cells).count == 0


def test_the_loop_is_the_border_of_the_inside_cells():
    frame = frame_of(5, 5)
    inside = [False] * 25
    for cell in (6, 7, 8, 12, 17):  # a T of five cells
        inside[cell] = True
    loop = edges_of(frame, inside)
    assert len(loop) == 12 and inside_of(frame, frozenset(loop)) == tuple(inside)


def test_a_puzzle_within_a_grades_reach_is_not_within_an_easier_ones():
    for _size, grade, line in pinned()[:40]:
        givens, _ = SLITHERLINK.read(line)
        frame = frame_of(*givens.shape.frame)
        rank = SLITHERLINK.grades.index(grade)
        assert within_reach(frame, givens.cells, grade)
        if rank:
            assert not within_reach(frame, givens.cells, SLITHERLINK.grades[rank - 1])


def test_lines_read_back_to_themselves():
    for _, _, line in pinned()[::10]:
        givens, extras = SLITHERLINK.read(line)
        assert extras is None and SLITHERLINK.write(givens) == line
    puzzle = SLITHERLINK.make(_request(5, 4, "easy"))
    answer = SLITHERLINK.answer_line(puzzle.solution)
    assert set(answer) <= set("#-/")
    assert SLITHERLINK.read_answer(answer, puzzle.shape) == puzzle.solution


def _request(size, seed, grade):
    from bookmaker.core.kinds.kind import MakeRequest
    return MakeRequest(SLITHERLINK.frame(size), seed, grade)


@pytest.mark.parametrize("line, message", [
    ("3.2../..0../.1.../.3..2", "a Slitherlink is 5 to 30 cells a side; got 4x5"),
    ("3.2../..0../.1.../.3..2/2...4", "bad symbol '4' in row 5 at column 5; a "
     "Slitherlink's cells are clues '0' to '3' or '.'"),
    ("3.2../..0../.1.../.3..2/2...", "row 5 has 4 cells, row 1 has 5; every row of a "
     "Slitherlink is as long"),
    ("3.2.. ..0..", "a Slitherlink line is one part, its rows joined by '/'; got 2 parts"),
])
def test_bad_lines_say_what_is_wrong(line, message):
    with pytest.raises(GridError) as raised:
        parse_slitherlink(line)
    assert str(raised.value) == message


def test_the_repeat_key_is_the_same_under_the_eight_turns_and_mirrors():
    _, _, line = pinned()[-1]  # an 8x12 rectangle
    givens, _ = SLITHERLINK.read(line)
    height, width = givens.shape.frame
    rows = [givens.cells[r * width:(r + 1) * width] for r in range(height)]
    images = []
    for turned in (rows, [tuple(col) for col in zip(*rows)]):
        images += [turned[::-1], [row[::-1] for row in turned]]
    key = SLITHERLINK.repeat_key(givens)
    assert key.startswith("slitherlink 8x12:")
    for image in images:
        text = "/".join("".join("." if v == 0 else str(v - 1) for v in row) for row in image)
        assert SLITHERLINK.repeat_key(parse_slitherlink(text)) == key
    other, _ = SLITHERLINK.read(pinned()[-2][2])
    assert slitherlink_key("slitherlink", other) != key


def test_generate_solve_check_grade_and_explain_on_the_command_line(tmp_path):
    runner = CliRunner()
    made = runner.invoke(cli.main, ["generate", "--variant", "loopy", "--size", "5x5",
                                    "--difficulty", "easy", "--seed", "3"])
    assert made.exit_code == 0 and made.output.count("/") == 4
    path = tmp_path / "sl.txt"
    path.write_text(made.output + "3.2../..0../.1.../.3..2/2...4\n")
    refused = runner.invoke(cli.main, ["solve", "--variant", "slitherlink", str(path)])
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert refused.output == (f"{path}:2: bad symbol '4' in row 5 at column 5; a "
                              "Slitherlink's cells are clues '0' to '3' or '.'\n")
    path.write_text(made.output)
    solved = runner.invoke(cli.main, ["solve", "--variant", "slitherlink", str(path)])
    checked = runner.invoke(cli.main, ["check", "--variant", "slitherlink", str(path)])
    graded = runner.invoke(cli.main, ["grade", "--variant", "slitherlink", str(path)])
    explained = runner.invoke(cli.main, ["explain", "--variant", "slitherlink", str(path)])
    assert solved.exit_code == 0 and set(solved.output.strip()) <= set("#-/")
    assert (checked.exit_code, checked.output) == (0, "1: unique\n")
    assert graded.exit_code == 0 and graded.output.startswith("1: easy ")
    assert explained.exit_code == 0 and " in r" in explained.output
    assert any(word in explained.output for word in ("line above", "cross above",
                                                     "line left of", "cross left of"))
    wrong = runner.invoke(cli.main, ["generate", "--variant", "slitherlink", "--size",
                                     "21x21", "--seed", "1"])
    assert wrong.exit_code != 0 and "slitherlink puzzles are made 5x5 to 20x20, and " \
        "rectangles (rows x columns) of sides 5 to 20 and 5 to 30; got 21x21" in wrong.output


def test_a_15x15_is_made_by_the_kind_and_proven_by_the_count_within_its_budget():
    # The count over colourings decides a 15x15 beginner in 6,857 states (0.04 s)
    # walking its eight turns and mirrors at once; the making (digging and the solver's
    # proof) takes about 0.5 s, the largest size made.
    puzzle = SLITHERLINK.make(MakeRequest(SLITHERLINK.frame(15), 2, difficulty="beginner"))
    assert SLITHERLINK.line(puzzle) == (
        "..0132.2...233./.000.2.132..1../..1..3.2.1221../..2.....3.2..21/0.1.....0113..3/"
        "1..12221..01..2/...1.2.1.10..22/3.33322..323..3/1.1...23.2....2/0.3..02....0..2/"
        ".12211.1133..10/0112.3...113321/2.3.....31111../..2......132312/.23.333333.3...")
    assert SLITHERLINK.answer_line(puzzle.solution) == (
        "----####--#-#-#/------###-#-###/----#-#---#-##-/-######-#-#-#--/----#######-#-#/"
        "-#-----########/-#####-######--/##-#-#-##-#-#-#/-----#--#-#-###/--#-#####----#-/"
        "--####-##-#----/-----#-####-#--/-#-#-----######/##########-#-##/##-#-#-#-#-#-#-")
    assert (puzzle.seed, puzzle.difficulty) == (2, "beginner")
    counted = count_slitherlink(15, 15, puzzle.givens.cells)
    assert (counted.count, counted.complete, counted.nodes) == (1, True, 6857)


def test_a_16x16_hard_is_made_and_proven_by_the_count_in_its_budget():
    # Opened past 15x15 with the count and the cascade in C: 0.7 s of CPU on the compiled
    # core (main, all Python: 4 s, the count 221K states of it 1 s).
    puzzle = SLITHERLINK.make(MakeRequest(SLITHERLINK.frame(16), 2, difficulty="hard"))
    assert SLITHERLINK.line(puzzle) == (
        "..0...0.0.2211.3/..0...0..3..0..2/...0....2.210.13/...0.22.212.0..2/....3........1../"
        "...0....22.1.2../.011..222.223..1/.....3.23...2.0./..2........12.1./.3312...1..123.1/"
        "31211....011.101/2.2....3....1.../.....3.2......1./.1023..3..100.03/.3..10...10...../"
        ".21...3..1.233..")
    assert SLITHERLINK.answer_line(puzzle.solution).startswith(
        "-----------#####/---------#####--/-----#-#---#####/")
    assert (puzzle.seed, puzzle.difficulty) == (2, "hard")
    counted = count_slitherlink(16, 16, puzzle.givens.cells)
    assert (counted.count, counted.complete, counted.nodes) == (1, True, 220762)


def test_a_record_is_json_and_ipuz_is_refused_with_a_reason(tmp_path):
    runner = CliRunner()
    made = runner.invoke(cli.main, ["generate", "--variant", "slitherlink", "--size", "5x5",
                                    "--seed", "2", "--json"])
    record = json.loads(made.output)
    assert record["kind"] == "slitherlink" and record["ipuz"] is False
    givens, _ = SLITHERLINK.read(record["line"])
    assert SLITHERLINK.read_answer(record["solution"], givens.shape).cells == \
        slitherlink_solutions(frame_of(5, 5), givens.cells).solution
    assert "ipuz has no PuzzleKind for Slitherlink" in SLITHERLINK.exchange.ipuz_absent


def test_a_page_draws_dots_and_clues_and_an_answer_the_loop():
    import re

    from test_board_drawing import sheet_of

    from bookmaker.core.board.grid import Grid
    from bookmaker.render.loops import loop_corners, loop_segments
    from bookmaker.render.svg import render_svg_text

    givens, _ = SLITHERLINK.read(".01.0/.1.10/.2..1/.10.2/.1..3")
    puzzle = render_svg_text(sheet_of(givens))
    assert puzzle.count('class="dots"') == 36 and "<line" not in puzzle  # no cell lines
    assert re.findall(r'class="given" aria-label="(\d)"', puzzle) == \
        [symbol for symbol in ".01.0.1.10.2..1.10.2.1..3" if symbol != "."]
    solution = Grid(givens.shape, slitherlink_solutions(frame_of(5, 5), givens.cells).solution)
    answer = render_svg_text(sheet_of(givens, solution=solution))
    loop = edges_of(frame_of(5, 5), [v == 2 for v in solution.cells])
    # One closed path round the loop's 20 edges, its inside shaded under it, no lines.
    corners = loop_corners(loop_segments(solution))
    assert len(loop) == 20 and len(corners) == 1 and sum(
        abs(a[0] - b[0]) + abs(a[1] - b[1])
        for a, b in zip(corners[0], corners[0][1:] + corners[0][:1])) == 20
    assert answer.count('class="loop"') == answer.count('class="inside"') == 1
    assert "<line" not in answer and answer.count('class="dots"') == 36


def test_a_count_past_its_budget_is_undecided_and_the_kind_stops_after_three_tries(
        monkeypatch):
    # The eight walks share one budget: past it the count says it has not decided (never
    # a count), and a job makes at most CHECK_TRIES puzzles before it says so.
    givens, _ = SLITHERLINK.read(pinned()[-1][2])
    height, width = givens.shape.frame
    result = count_slitherlink(height, width, givens.cells, max_states=500)
    assert not result.complete and result.count == 0 and 500 < result.nodes < 1000
    from bookmaker.core.slitherlink import count
    tried = []

    def starved(height, width, cells):
        tried.append(cells)
        return count_slitherlink(height, width, cells, max_states=10)

    monkeypatch.setattr(count, "count_slitherlink", starved)
    with pytest.raises(Undecided, match="The Slitherlink count"):
        SLITHERLINK.make(MakeRequest(SLITHERLINK.frame(7), 1, difficulty="easy"))
    assert len(tried) == 3


def test_an_answers_loop_is_one_closed_path_of_its_corners_round_its_inside():
    # An L of three cells inside the loop in a 5x5's corner: six corners, (col, row), from
    # the least dot, so that the page strokes one path (its corners joined) and shades it.
    from bookmaker.core.board.grid import Grid
    from bookmaker.render.loops import loop_corners, loop_segments

    inside = Grid(SLITHERLINK.rectangle(5, 5), (2, 2) + (1,) * 3 + (2,) + (1,) * 19)
    assert loop_corners(loop_segments(inside)) == [
        [(0, 0), (0, 2), (1, 2), (1, 1), (2, 1), (2, 0)]]
