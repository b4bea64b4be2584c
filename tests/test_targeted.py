"""Generation to a requested grade, graded books (manifest, captions, ramp) and
`bookmaker grade`."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from bookmaker import cli
from bookmaker.book.build import build
from bookmaker.book.plan import plan, ramped
from bookmaker.core.board.grid import format_grid, parse_grid
from bookmaker.core.board.shape import parse_shape
from bookmaker.core.generate import graded as targeted
from bookmaker.core.generate.graded import attempt_budget, generate_graded
from bookmaker.core.generate.removal import generate
from bookmaker.core.grade.grader import grade
from bookmaker.core.grade.grades import unreachable_grade
from bookmaker.core.puzzle import GenerationError
from bookmaker.core.rating.rater import rate
from bookmaker.core.rating.scales import RATER_VERSION, rating_json
from bookmaker.core.rating.target import GENERATION_BUDGET
from bookmaker.core.registry import verify_puzzle
from bookmaker.spec import load_spec

GOLDEN = [
    ('9x9', 'easy',
     '.81...........519....3.8...9....685..7..4....5.......64..6..9..2.....63...54.37..',
     'locked candidates (pointing)'),
    ('9x9', 'hard',
     '.6.9.832........5.78...39.........9..12......3...6518.2.83..41.1..........675....',
     'X-Wing'),
    ('9x9', 'expert',
     '.6.9.832........5.7..5.39..6......9..12......3...6518.2.83..41.1....2.....6751...',
     'XY-Chain'),
    ('9x9', 'extreme',
     '.6.9.832........5.7....39.........9..12......3...6518.2.83..41.1..........675....',
     'forcing chain'),
    ('6x6', 'hard', '...51...4..24...2...6..1......2.3..6', 'XY-Wing'),
]


@pytest.mark.both_cores
@pytest.mark.parametrize("size, difficulty, givens, hardest", GOLDEN)
def test_a_seed_and_difficulty_always_make_the_same_puzzle(size, difficulty, givens, hardest):
    puzzle, grading = generate_graded(parse_shape(size), 2026, difficulty)
    assert (format_grid(puzzle.givens), grading.hardest) == (givens, hardest)


@pytest.mark.parametrize("difficulty", ["beginner", "easy", "medium", "hard", "expert"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_9x9_puzzle_has_exactly_the_grade_asked_for(difficulty, seed):
    puzzle, grading = generate_graded(parse_shape("9x9"), seed, difficulty)
    assert grading.grade == grade(puzzle.givens).grade == difficulty
    assert (puzzle.seed, puzzle.difficulty) == (seed, difficulty)
    verify_puzzle(puzzle)


@pytest.mark.parametrize("size, difficulty", [("4x4", "beginner"), ("6x6", "beginner"),
                                              ("6x6", "hard"), ("6x6", "expert"),
                                              ("9x9", "extreme")])
def test_other_shapes_and_extreme_get_their_grade_too(size, difficulty):
    for seed in (5, 6):
        puzzle, grading = generate_graded(parse_shape(size), seed, difficulty)
        assert grade(puzzle.givens).grade == difficulty
        verify_puzzle(puzzle)


def test_symmetric_targets_keep_their_symmetry():
    puzzle, grading = generate_graded(parse_shape("9x9"), 4, "medium", "rotational")
    cells = puzzle.givens.cells
    assert grading.grade == "medium"
    assert all(bool(cells[i]) == bool(cells[80 - i]) for i in range(81))


def test_any_is_generate_unchanged_with_its_grading():
    puzzle, grading = generate_graded(parse_shape("9x9"), 7, "any")
    assert puzzle == generate(parse_shape("9x9"), 7)
    full = grade(puzzle.givens)
    assert (grading.grade, grading.hardest, grading.score) == (full.grade, full.hardest,
                                                               full.score)


def test_an_unreachable_grade_says_so_instead_of_looping():
    with pytest.raises(GenerationError) as caught:
        generate_graded(parse_shape("6x6"), 1, "extreme", max_attempts=30)
    assert str(caught.value) == ("could not make an 'extreme' 6x6 puzzle in 30 attempts: "
                                 "6x6 puzzles are never harder than 'easy' here")


@pytest.mark.parametrize("difficulty", ["easy", "extreme"])
def test_a_4x4_above_beginner_is_refused_before_any_attempt(difficulty, monkeypatch):
    # Every 4x4 puzzle is solved by singles (all 91,428 were checked): no attempt can
    # succeed, so none is made, where 10,000 attempts took seconds.
    assert unreachable_grade(parse_shape("4x4"), "beginner") is None
    assert unreachable_grade(parse_shape("9x9"), "extreme") is None
    monkeypatch.setattr(targeted, "_attempt", lambda *args: pytest.fail("an attempt was made"))
    with pytest.raises(GenerationError) as caught:
        generate_graded(parse_shape("4x4"), 1, difficulty)
    assert str(caught.value) == (f"4x4 puzzles are never harder than 'beginner', so none is "
                                 f"{difficulty!r}")


def test_an_unknown_difficulty_is_refused():
    with pytest.raises(ValueError, match="unknown difficulty 'tough'"):
        generate_graded(parse_shape("9x9"), 1, "tough")


SPEC = """\
book:
  title: Graded
  seed: 11
  answers: back
sections:
  - name: Warm-up
    size: 9x9
    count: 3
    difficulty: easy
  - name: Mixed
    size: 9x9
    count: 6
    ramp: true
"""


@pytest.fixture(scope="module")
def graded_book(tmp_path_factory):
    folder = tmp_path_factory.mktemp("graded")
    (folder / "book.yaml").write_text(SPEC, encoding="utf-8")
    spec = load_spec(folder / "book.yaml")
    build(spec, folder / "out")
    return spec, json.loads((folder / "out" / "graded.json").read_text(encoding="utf-8"))


def test_the_manifest_records_every_puzzles_grade_score_and_hardest(graded_book):
    _, manifest = graded_book
    for entry in manifest["puzzles"]:
        grading = grade(parse_grid(entry["givens"]))
        assert (entry["grade"], entry["score"], entry["hardest"]) == (
            grading.grade, grading.score, grading.hardest)
    assert [e["grade"] for e in manifest["puzzles"][:3]] == ["easy"] * 3
    assert [e["difficulty"] for e in manifest["puzzles"]] == ["easy"] * 3 + ["any"] * 6


def test_the_manifest_records_every_puzzles_se_rating_with_the_rater_version(graded_book):
    _, manifest = graded_book
    for entry in manifest["puzzles"]:
        rating = rate(parse_grid(entry["givens"]), GENERATION_BUDGET)
        assert entry["rating"] == rating_json(rating.texts, RATER_VERSION)


def test_a_ramp_section_is_numbered_from_easiest_to_hardest_keeping_ids(graded_book):
    _, manifest = graded_book
    mixed = [e for e in manifest["puzzles"] if e["section"] == "Mixed"]
    assert [e["number"] for e in mixed] == list(range(4, 10))
    assert [e["score"] for e in mixed] == sorted(e["score"] for e in mixed)
    assert sorted(e["id"] for e in mixed) == [f"mixed-00{i}" for i in range(1, 7)]
    assert [e["id"] for e in mixed] != sorted(e["id"] for e in mixed)  # seed 11 is not sorted


def test_ramped_leaves_sections_without_ramp_in_plan_order(graded_book):
    spec, _ = graded_book
    planned = plan(spec)
    scores = [0.0, 9.0, 1.0, 5.0, 2.0, 4.0, 1.0, 3.0, 0.5]

    class Scored:
        def __init__(self, score):
            self.score = score

    new_plan, new_puzzles = ramped(planned, [Scored(s) for s in scores])
    assert [p.index for p in new_plan] == [0, 1, 2] + sorted(
        range(6), key=lambda i: (scores[3 + i], i))
    assert [p.number for p in new_plan] == list(range(1, 10))
    assert [p.score for p in new_puzzles] == scores[:3] + sorted(scores[3:])


def run(*args, input=None):
    return CliRunner().invoke(cli.main, list(args), input=input)


PUZZLE = "..3..4..1....2.."


def test_grade_prints_grade_score_and_hardest_per_line_and_invalid_lines():
    result = run("grade", "-", input=f"{PUZZLE}\nbad\n")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "1: beginner 1.2 hidden single",
        "2: invalid: wrong length: 3 cells is not a square grid from 4x4 to 25x25 (9x9 needs 81)"]


def test_grade_says_none_or_multiple_as_check_does_and_exits_1():
    # A puzzle without exactly one solution has no grade: it used to get one ("extreme
    # 9.6173 guessing" for one with no solution) and exit 0.
    no_solution = "12345678." + "........9" + "." * 63
    result = run("grade", "-", input=f"{PUZZLE}\n{no_solution}\n{'.' * 16}\n")
    assert result.exit_code == 1
    assert result.output.splitlines() == ["1: beginner 1.2 hidden single", "2: none",
                                          "3: multiple"]
    result = run("grade", "--json", "-", input=f"{'.' * 16}\n")
    assert (result.exit_code, json.loads(result.output)) == (1, {"line": 1,
                                                                 "verdict": "multiple"})


def test_generate_refuses_a_grade_no_puzzle_of_its_size_has_at_once():
    result = run("generate", "--size", "4x4", "--seed", "1", "--difficulty", "extreme")
    assert result.exit_code == 2
    assert result.output.endswith("Error: Invalid value for '--difficulty': 4x4 puzzles are "
                                  "never harder than 'beginner', so none is 'extreme'\n")


def test_grade_verbose_lists_the_steps_then_the_se_rated_ones():
    result = run("grade", "-v", "-", input=f"{PUZZLE}\n")
    lines = result.output.splitlines()
    assert result.exit_code == 0 and lines[0] == "1: beginner 1.2 hidden single"
    graded = len(grade(parse_grid(PUZZLE)).steps)
    assert all(line.startswith("  hidden single: ") or line.startswith("  full house: ")
               or line.startswith("  naked single: ") for line in lines[1:1 + graded])
    assert lines[1 + graded] == "  SE rating 1.2/1.2/1.2 (rater se-3):"
    assert len(lines) == 2 + graded + len(rate(parse_grid(PUZZLE)).steps)
    assert all(line.startswith(("  1.0 Hidden Single: ", "  1.2 Hidden Single: "))
               for line in lines[2 + graded:])


def test_grade_json_gives_one_object_per_line():
    result = run("grade", "--json", "-", input=f"{PUZZLE}\n")
    record = json.loads(result.output)
    grading = grade(parse_grid(PUZZLE))
    assert (record["grade"], record["score"], record["hardest"], record["guessing"]) == (
        "beginner", 1.2, "hidden single", False)
    assert record["steps"] == [{"technique": s.technique, "explanation": s.explanation}
                               for s in grading.steps]


def test_generate_difficulty_prints_puzzles_of_that_grade():
    result = run("generate", "--seed", "3", "--count", "2", "--difficulty", "medium")
    assert result.exit_code == 0
    assert [grade(parse_grid(line)).grade for line in result.output.split()] == ["medium"] * 2


def test_generate_refuses_clues_with_a_difficulty():
    result = run("generate", "--seed", "3", "--clues", "30", "--difficulty", "hard")
    assert result.exit_code == 2 and "cannot be used together" in result.output


def test_attempts_are_budgeted_by_board_size():
    budgets = [attempt_budget(parse_shape(size))
               for size in ("4x4", "6x6", "8x8", "9x9", "16x16", "25x25")]
    assert budgets == [10_000, 5062, 1601, 200, 63, 25]
