"""Hashi (issue 39): its lines, the two proofs written apart (the solver's bounds and
search, the count island by island) on 200 pinned puzzles of mixed sizes and grades,
generation pinned by seed, grading by technique, the repeat key under the square's moves,
bad input, and the kind on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bookmaker import cli
from bookmaker.core.board.grid import Grid, GridError
from bookmaker.core.hashi.count import count_hashi
from bookmaker.core.hashi.generate import STYLES, generate_hashi, grow, network_puzzle
from bookmaker.core.hashi.grade import grade_hashi
from bookmaker.core.hashi.key import hashi_key
from bookmaker.core.hashi.rules import bridges_of, broken_rule, layout_of
from bookmaker.core.hashi.solver import hashi_solutions
from bookmaker.core.latin.moves import moved_values, square_moves
from bookmaker.core.registry import kind_named, kind_of_puzzle
from bookmaker.core.rng import Rng

PINNED = Path(__file__).parent / "data" / "hashi-200.txt"
HASHI = kind_named("hashi")

GOLDEN = [  # (size, seed, grade): the line, the hardest technique, the answer
    (7, 1, "beginner", "4.4.3.1.........4.6.1..................1..3.1....", "saturation",
     "4=4.3-1H.H.H..H.4=6-1H...|..H...|..H...1..3-1...."),
    (8, 2, "easy", "2......2.4.4..4..........2.....34.....5........22..3..3.........",
     "count forcing", "2------2|4=4==4||H....H||2....H34=====5H|.....|22--3==3........."),
    (10, 3, "medium", "2........3.2.4....2......2.2..2..2.......3...4.2...........33.....2.2"
     "..1.......3..........3........3", "isolation",
     "2--------3|2-4----2H||.H.2-2|H2|.2.|.||H|3===4-2|H|.......|33-----2-2||1-------3|..."
     ".....|3========3"),
    (9, 4, "hard", "3.4.....3.........6.5...2...........4.......4.........3.2...3.5.........3"
     "....3..2", "trial",
     "3-4=====3H.|.....|6=5===2.|H.......|4-------4|.......H3-2---3=5|.......|3====3--2"),
]


@pytest.mark.parametrize("size, seed, grade, line, hardest, answer", GOLDEN)
def test_generated_puzzles_are_pinned_by_seed(size, seed, grade, line, hardest, answer):
    puzzle, grading = generate_hashi((size, size), seed, grade)
    assert HASHI.line(puzzle) == line and HASHI.answer_line(puzzle.solution) == answer
    assert (grading.grade, grading.hardest) == (grade, hardest)
    graded = HASHI.grade(puzzle.givens)  # with its steps, as made without them
    assert (graded.grade, graded.hardest, graded.score) == (grade, hardest, grading.score)
    assert kind_of_puzzle(puzzle) is HASHI
    layout = layout_of(size, size, puzzle.givens.cells)
    assert broken_rule(layout, bridges_of(layout, puzzle.solution.cells)) is None


def pinned() -> list[tuple[str, str, str]]:
    """(size, grade, line) of the 200 pinned puzzles."""
    rows = (text.split(" ") for text in PINNED.read_text().splitlines())
    return [(size, grade, line) for size, grade, line in rows]


def test_two_hundred_puzzles_of_mixed_sizes_and_grades_are_unique_by_both_proofs():
    rows = pinned()
    assert len(rows) == 200
    assert {grade for _, grade, _ in rows} == set(HASHI.grades)
    assert {size for size, _, _ in rows} >= {"7x7", "10x10", "15x15", "20x20", "25x25"}
    for _, _, line in rows:
        givens, _ = HASHI.read(line)
        layout = layout_of(*givens.shape.frame, givens.cells)
        first, second = hashi_solutions(layout), count_hashi(layout)
        assert first.unique and second.complete and second.count == 1, line
        assert second.solutions[0] == first.solution, line


def test_the_grades_are_the_techniques_each_needs():
    for _, grade, line in pinned()[::9]:
        layout = layout_of(*_size_and_cells(line))
        assert grade_hashi(layout).grade == grade
        assert not grade_hashi(layout, grade, steps=False).guessing
        easier = HASHI.grades.index(grade) - 1
        assert easier < 0 or grade_hashi(layout, HASHI.grades[easier], steps=False).guessing


def _size_and_cells(line: str) -> tuple[int, int, tuple[int, ...]]:
    givens, _ = HASHI.read(line)
    return (*givens.shape.frame, givens.cells)


def test_the_two_proofs_find_every_solution_of_an_open_puzzle():
    # Four 3s at a rectangle's corners: two bridges across top and bottom and one down
    # each side, or the other way round; a 4 in a corner pins the first.
    square = "3...3.." + "." * 21 + "3...3.." + "." * 14
    layout = layout_of(*_size_and_cells(square))
    first, second = hashi_solutions(layout, limit=5), count_hashi(layout, limit=5)
    assert (first.count, second.count) == (2, 2) and first.complete and second.complete
    pinned_top = "4...3.." + "." * 21 + "3...2.." + "." * 14
    layout = layout_of(*_size_and_cells(pinned_top))
    assert count_hashi(layout, limit=5).count == hashi_solutions(layout, limit=5).count == 1


def test_the_two_proofs_count_alike_on_networks_before_repair():
    # Grown networks before any repair: many have two to four solutions (or more); the
    # solver and the count, written apart, must find as many, up to four.
    counts = []
    for seed in range(40):
        n = 7 + seed % 3
        layout, bridges = network_puzzle((n, n), grow((n, n), Rng(seed), STYLES["hard"]))
        first, second = hashi_solutions(layout, limit=4), count_hashi(layout, limit=4)
        assert first.complete and second.complete and first.count == second.count, seed
        assert bridges in second.solutions or second.count == 4
        counts.append(first.count)
    assert counts == [4, 1, 2, 1, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 4, 1, 4, 2, 3, 4, 4, 1, 1,
                      2, 1, 3, 1, 2, 3, 4, 4, 2, 2, 2, 2, 1, 1, 1, 1]


def test_lines_and_answers_read_back_to_themselves():
    for _, _, _, line, _, answer in GOLDEN:
        givens, _ = HASHI.read(line)
        assert HASHI.write(givens) == line
        assert HASHI.answer_line(HASHI.read_answer(answer, givens.shape)) == answer


def test_an_answer_line_reads_alone_islands_as_counts_and_bridges_as_their_own_signs():
    """No value of a solution means two things (an island's 2 and a bridge across did), so
    its line tells islands from bridges without the givens."""
    line, answer = GOLDEN[0][3], GOLDEN[0][5]
    givens, _ = HASHI.read(line)
    solution = HASHI.read_answer(answer, givens.shape)
    islands = {solution.cells[c] for c, v in enumerate(givens.cells) if v}
    water = {solution.cells[c] for c, v in enumerate(givens.cells) if not v}
    assert islands <= set(range(1, 9)) and water <= set(range(9, 14))
    assert "".join(c if c in "12345678" else "." for c in answer) == line
    assert answer[:7] == "4=4.3-1" and answer[7:14] == "H.H.H.."  # r1: ═ and ─; r2: ║
    with pytest.raises(GridError) as error:
        HASHI.read_answer(answer[:-1] + "x", givens.shape)
    assert str(error.value) == "bad symbol 'x' at position 49; a Hashi's answer holds an " \
        "island's count 1-8, or for water '.' (no bridge), '-' '=' (one, two across) or " \
        "'|' 'H' (one, two down)"


@pytest.mark.parametrize("line, message", [
    ("2...2" + "." * 43, "wrong length: 48 squares; a Hashi is 7x7 to 25x25 (a rectangle's "
     "rows joined by '/')"),
    ("2...2.../" + "." * 7, "a Hashi's rows are all as long; got rows of 7, 8 squares"),
    ("2...2.../" * 5 + "........", "wrong length: 48 squares; a Hashi is 7x7 to 25x25 (a "
     "rectangle's rows joined by '/') (this one 6x8: 48 squares)"),
    ("2...9" + "." * 44, "bad symbol '9' at position 5; a Hashi's squares are an island's "
     "count 1-8 or '.' for water"),
    ("2" + "." * 48, "a Hashi has at least two islands"),
    ("22...2." + "." * 42, "the islands at r1c1 and r1c2 touch; bridges run over water"),
    ("2......" + "4" + "." * 41, "the islands at r1c1 and r2c1 touch; bridges run over water"),
    ("5...2.." + "." * 21 + "2...2.." + "." * 14, "the island at r1c1 counts 5 but has 2 "
     "neighbours in line: at most 4 bridges"),
    ("2...2 ....", "a Hashi line is one part, its islands and water; got 2"),
])
def test_bad_lines_say_what_is_wrong(line, message):
    with pytest.raises(GridError) as error:
        HASHI.read(line)
    assert str(error.value) == message


def test_the_repeat_key_is_the_same_under_the_squares_moves():
    givens, _ = HASHI.read(GOLDEN[3][3])
    key = HASHI.repeat_key(givens)
    assert key.startswith("hashi 9x9:")
    for move in square_moves(9):
        assert hashi_key("hashi", Grid(givens.shape, moved_values(givens.cells, move))) == key
    other, _ = HASHI.read(GOLDEN[0][3])
    assert HASHI.repeat_key(other) != key


def test_the_kind_is_named_and_its_answer_is_links():
    assert kind_named("bridges") is HASHI and kind_named("hashiwokakero") is HASHI
    assert HASHI.answer.form == "links" and not HASHI.answer.in_cells
    assert HASHI.grades == ("beginner", "easy", "medium", "hard")
    assert HASHI.size_problem(6, False) == ("hashi puzzles are made in the sizes 7x7 to "
                                            "25x25, and rectangles (rows x columns) of "
                                            "those sides; got 6x6")
    assert HASHI.takes_rectangles and HASHI.sides_problem(10, 15, False) is None
    assert "ipuz has no PuzzleKind for Hashi" in HASHI.exchange.ipuz_absent
    from bookmaker.design.glyphs import glyph_problem
    assert glyph_problem("letters", 7, HASHI) == (  # its 13 values' glyphs, listed
        "Hashi puzzles print their own symbols, 1, 2, 3, 4, 5, 6, 7, 8, ·, ─, ═, │ and ║: "
        "leave symbols out")


def test_generate_solve_check_and_grade_on_the_command_line(tmp_path):
    runner = CliRunner()
    made = runner.invoke(cli.main, ["generate", "--variant", "hashi", "--size", "7x7",
                                    "--seed", "1", "--difficulty", "easy"])
    assert made.exit_code == 0 and len(made.output) == 50
    bad = tmp_path / "bad.txt"
    bad.write_text(made.output + "22...2." + "." * 42 + "\n")
    refused = runner.invoke(cli.main, ["solve", "--variant", "hashi", str(bad)])
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert refused.output == f"{bad}:2: the islands at r1c1 and r1c2 touch; bridges run " \
        "over water\n"
    path = tmp_path / "h.txt"
    path.write_text(made.output)
    solved = runner.invoke(cli.main, ["solve", "--variant", "hashi", str(path)])
    givens, _ = HASHI.read(made.output)
    answer = HASHI.read_answer(solved.output, givens.shape)
    layout = layout_of(7, 7, givens.cells)
    assert solved.exit_code == 0 and broken_rule(layout, bridges_of(layout, answer.cells)) is None
    assert solved.output == ".......3-5==4.H.H..H.H2H.1H.HHH.|H.2H3-2H..4===4.\n"
    checked = runner.invoke(cli.main, ["check", "--variant", "hashi", str(path)])
    graded = runner.invoke(cli.main, ["grade", "--variant", "hashi", str(path)])
    assert (checked.exit_code, checked.output) == (0, "1: unique\n")
    assert graded.exit_code == 0 and graded.output.startswith("1: easy ")
    wrong = runner.invoke(cli.main, ["generate", "--variant", "hashi", "--size", "6x6",
                                     "--seed", "1"])
    assert wrong.exit_code != 0 and "hashi puzzles are made in the sizes 7x7 to 25x25, " \
        "and rectangles (rows x columns) of those sides; got 6x6" in wrong.output


def test_explain_tells_each_step_by_its_island_and_the_bridges_it_lays(tmp_path):
    path = tmp_path / "h.txt"
    path.write_text(GOLDEN[0][3] + "\n")
    said = CliRunner().invoke(cli.main, ["explain", "--variant", "hashi", str(path)])
    assert said.exit_code == 0 and said.output.splitlines()[:3] == [
        f"{path}:1: Beginner · Saturation",
        " 1. Saturation, island 4 at r1c1: ═ in r1c2",
        " 2. Saturation, island 4 at r1c1: ║ in r2c1, r3c1, r4c1, r5c1 and r6c1"]


def test_pages_circle_the_islands_and_answers_draw_the_bridges():
    from bookmaker.pages.page import GridPlacement, PageGeometry, inches
    from bookmaker.render.bridges import draw_islands_and_bridges
    from bookmaker.render.style import RenderStyle

    class Recorder:
        def __init__(self):
            self.calls = []

        def rects(self, boxes, role, fill=None, pen=None):
            self.calls.append((role, len(boxes)))

        def polygons(self, loops, pen, role):
            self.calls.append((role, len(loops)))

        def lines(self, segments, pen, role):
            self.calls.append((role, sorted(segments)))

        def text(self, labels, faces, grey=0.0, pad=0.0):
            self.calls.append(("counts", [label.text for label in labels]))

    puzzle, _ = generate_hashi((7, 7), 1, "beginner")
    for solution in (None, puzzle.solution):
        canvas = Recorder()
        placement = GridPlacement(0, 0, 140, puzzle.givens, solution=solution,
                                  glyphs=HASHI.answer.glyphs, drawn=HASHI.answer.drawing)
        draw_islands_and_bridges(canvas, placement,
                                 RenderStyle(PageGeometry(inches(6), inches(9))))
        roles = [role for role, _ in canvas.calls]
        assert roles == (["water", "islands", "counts"] if solution is None else
                         ["water", "bridges", "islands", "counts"])
        assert canvas.calls[0] == ("water", 49 - 10 - (0 if solution is None else 14))
        assert canvas.calls[-1][1] == ["4", "4", "3", "1", "4", "6", "1", "1", "3", "1"]
    bridges = canvas.calls[1][1]
    # r1c1's two bridges across to r1c3: two lines through r1c2, run on to both circles
    assert ((0.9, 0.4), (2.1, 0.4)) in bridges and ((0.9, 0.6), (2.1, 0.6)) in bridges


def test_a_spec_asking_what_hashi_is_not_made_in_is_refused_by_file_line_and_key(tmp_path):
    spec = tmp_path / "bad.yaml"
    spec.write_text("book: {title: B, seed: 1, layout: kdp-6x9}\nsections:\n"
                    "  - {name: A, variant: hashi, size: 6x6, count: 2}\n"
                    "  - {name: B, variant: bridges, size: 9x9, count: 2, symmetry: mirror}\n"
                    "  - {name: C, variant: hashi, size: 9x9, count: 2, difficulty: expert}\n")
    result = CliRunner().invoke(cli.main, ["build", str(spec), "-o", str(tmp_path / "out")])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()
    said = result.output + (result.stderr if result.stderr_bytes else "")
    assert f"{spec}:3:" in said and "hashi puzzles are made in the sizes 7x7 to 25x25" in said
    assert f"{spec}:4:" in said and "sections[1].symmetry: a Hashi puzzle's islands" in said
    assert f"{spec}:5:" in said and "graded beginner, easy, medium, hard; not 'expert'" in said


def test_an_exported_record_checks_its_answer_line_and_names_a_wrong_bridge(tmp_path):
    """A record's answer line round-trips through export and check; one bridge taken off
    (r1c6's '-' made '.') is named."""
    runner = CliRunner()
    (tmp_path / "h.txt").write_text(GOLDEN[0][3] + "\n")
    exported = runner.invoke(cli.main, ["export", "--variant", "hashi", "--formats", "ipuz",
                                        "-o", str(tmp_path / "out"), str(tmp_path / "h.txt")])
    record_path = tmp_path / "out" / "h-1.json"
    record = json.loads(record_path.read_text())
    assert exported.exit_code == 0 and record["solution"] == GOLDEN[0][5]
    assert record["symbols"] == "12345678·─═│║" and record["values"][:9] == [4, 11, 4, 9, 3,
                                                                            10, 1, 13, 9]
    checked = runner.invoke(cli.main, ["check", str(record_path)])
    assert (checked.exit_code, checked.output) == (0, "1: unique\n")
    record["solution"] = record["solution"][:5] + "." + record["solution"][6:]
    record_path.write_text(json.dumps(record))
    checked = runner.invoke(cli.main, ["check", str(record_path)])
    assert checked.output == "1: wrong answer: the file's solution differs from the " \
        "puzzle's at 1 cell, first r1c6\n"
