"""Calcudoku's core: cages and their fillings, the line format, both proofs against a
brute-force count, generation to a grade, grading and repeat keys."""

from __future__ import annotations

import hashlib
from itertools import permutations, product

import pytest

from bookmaker.core import compiled
from bookmaker.core.board.grid import Grid, GridError
from bookmaker.core.board.marks import CageMark
from bookmaker.core.board.shape import latin_of
from bookmaker.core.calcudoku import cages as cage_sets
from bookmaker.core.calcudoku import generate, quiet
from bookmaker.core.calcudoku.cages import (
    OPERATION,
    AdditionCages,
    CalcCages,
    CalcudokuError,
    HiddenCages,
    MathCage,
    fillings,
)
from bookmaker.core.calcudoku.check import _makes, _ways, check_calcudoku
from bookmaker.core.calcudoku.climbstep import NOT_IN_C
from bookmaker.core.calcudoku.generate import Recipe, first_draft, generate_calcudoku
from bookmaker.core.calcudoku.key import calcudoku_key
from bookmaker.core.calcudoku.kind import ADDITION_CALCUDOKU, CALCUDOKU, HIDDEN_CALCUDOKU
from bookmaker.core.calcudoku.layout import compact
from bookmaker.core.calcudoku.solver import calcudoku_solutions
from bookmaker.core.calcudoku.text import format_calcudoku, parse_calcudoku
from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.registry import kind_of
from bookmaker.core.rng import Rng

# (cage type, size, seed, grade): the line and the solution generate_calcudoku makes.
GOLDEN = {
    (CalcCages, 4, 1, "beginner"): ("ABBCABCCDEFGEEFG 3/,4x,48x,2,11+,3/,2/",
                                    "3124124324314312"),
    (CalcCages, 4, 2, "easy"): ("ABBCADCCADEEFFGH 6+,5+,9+,5+,4/,4/,2,3", "3412123423414123"),
    (CalcCages, 6, 4, "medium"): (
        "AAABCCDAEBBFDEEEGFDDHGGIJJHHIIJJKKLL 13+,11+,7+,96x,14+,6/,13+,7+,9+,14+,10+,5/",
        "512634154326423561641253365142236415"),
    (CalcCages, 6, 5, "hard"): (
        "AABCCCDBBBCEDFGGEEFFFGHHIIIJHHKKKJLL 5-,18+,120x,6+,6x,14+,11+,14+,11+,1-,6x,2-",
        "615243146352524631453126362415231564"),
    (AdditionCages, 5, 7, "easy"): ("ABBCCABDEEFGDHHIGDHJIIKKJ 3+,11+,6+,10+,5+,5,6+,7+,9+,9+,4+",
                                    "2345114523513423521442135"),
    (HiddenCages, 5, 8, "easy"): ("AABCCDBBCCDDEEFGHIIIGHJJJ 1,10,9,10,5,4,7,3,7,12",
                                  "3452142315152345314221453"),
}
KIND_OF = {CalcCages: CALCUDOKU, AdditionCages: ADDITION_CALCUDOKU, HiddenCages: HIDDEN_CALCUDOKU}


@pytest.mark.both_cores
@pytest.mark.parametrize("made", GOLDEN, ids=lambda m: f"{m[0].__name__}-{m[1]}-{m[3]}")
def test_generation_is_pinned_proven_twice_and_regrades_as_asked(made):
    cages_type, size, seed, grade = made
    puzzle, grading = generate_calcudoku(cages_type, latin_of(size), seed, grade)
    line, solution = GOLDEN[made]
    assert (format_calcudoku(puzzle.extras), "".join(map(str, puzzle.solution.cells))) == \
        (line, solution)
    assert grading.grade == grade
    kind = KIND_OF[cages_type]
    kind.verify(puzzle)  # the exact cover agrees
    assert kind.grade(puzzle.givens, puzzle.extras).grade == grade
    assert kind_of(puzzle.shape, puzzle.extras) is kind


def test_the_kind_makes_a_puzzle_with_its_grading():
    puzzle = CALCUDOKU.make(MakeRequest(CALCUDOKU.frame(5), 11, "easy"))
    assert (puzzle.grade, puzzle.difficulty, puzzle.givens.clue_count) == ("easy", "easy", 0)
    assert CALCUDOKU.solutions(puzzle.givens, puzzle.extras).unique


def _latin_squares(n: int):
    """Every n x n Latin square, row-major (576 of 4x4)."""
    rows = list(permutations(range(1, n + 1)))

    def extend(square):
        if len(square) == n:
            yield tuple(v for row in square for v in row)
            return
        for row in rows:
            if all(row[c] != other[c] for other in square for c in range(n)):
                yield from extend(square + [row])
    yield from extend([])


def _brute_count(cages: CalcCages, squares) -> int:
    return sum(all(tuple(square[c] for c in cage.cells) in found
                   for cage, found in zip(cages.cages, cages.cage_fillings))
               for square in squares)


@pytest.mark.parametrize("size", [3, 4])
@pytest.mark.parametrize("cages_type", [CalcCages, AdditionCages, HiddenCages])
def test_both_proofs_count_as_brute_force_does(size, cages_type):
    squares = list(_latin_squares(size))
    counts = set()
    for seed in range(8):
        _, cages = _draft(cages_type, size, seed)
        expected = _brute_count(cages, squares)
        solver = calcudoku_solutions(cages, limit=1000)
        check = check_calcudoku(size, [(c.cells, c.target, c.operation) for c in cages.cages],
                                limit=1000)
        assert (solver.count, solver.complete, check.count, check.complete) == \
            (expected, True, expected, True)
        counts.add(expected)
    assert len(counts) > 1  # unique and ambiguous drafts both met


def _draft(cages_type, size: int, seed: int):
    draft = first_draft(cages_type, latin_of(size), Rng(seed), Recipe((10, 50, 35, 5)))
    return draft.solution, draft.cages


def test_the_fillings_agree_with_the_exact_covers_own():
    for n in (4, 5):
        for positions in [((0, 0), (0, 1)), ((0, 0), (1, 0), (1, 1)),
                          ((0, 0), (0, 1), (1, 0), (1, 1)), ((0, 1), (1, 0), (1, 1), (2, 1))]:
            cells = [r * n + c for r, c in positions]
            ops = ["+", "×", ""] + (["−", "÷"] if len(positions) == 2 else [])
            for op in ops:
                for target in range(1, 30):
                    assert fillings(positions, op, target, n) == \
                        tuple(sorted(_ways(n, cells, target, op))), (n, positions, op, target)


def test_each_operation_makes_and_partners_what_the_checker_counts():
    """The operation table (cages.OPERATION) against check.py's own arithmetic, written
    apart: what values make by each operation, and the partners of a value."""
    for count in (2, 3):
        for values in product(range(1, 7), repeat=count):
            for symbol, operation in OPERATION.items():
                if operation.pairs_only and count != 2:
                    continue
                made = operation.made(values)
                assert [made == t for t in range(40)] == \
                    [_makes(values, t, symbol) for t in range(40)], (values, symbol)
    for symbol, operation in OPERATION.items():
        for value, target in product(range(1, 10), range(13)):
            assert {p for p in operation.partners(value, target) if 1 <= p <= 9} == \
                {p for p in range(1, 10) if _makes((value, p), target, symbol)}


def test_each_cage_type_says_what_its_cages_are_made_with_and_show():
    types = (CalcCages, AdditionCages, HiddenCages)
    assert [t.operations_over([6, 3]) for t in types] == \
        [("+", "−", "×", "÷"), ("+",), ("+", "−", "×", "÷")]
    assert [t.operations_over([5, 3, 1]) for t in types] == [("+", "×"), ("+",), ("+", "×")]
    assert [t.operations_over([4]) for t in types] == [("",)] * 3
    assert [t.shown("÷") for t in types] == ["÷", "÷", ""]
    made = [KIND_OF[key[0]].read(GOLDEN[key][0])[1] for key in GOLDEN]
    assert [cages.complementable() for cages in made] == [False] * 4 + [True, False]


def test_a_cage_repeats_a_value_only_off_its_lines():
    corner = ((0, 0), (0, 1), (1, 0))
    assert (2, 1, 1) in fillings(corner, "+", 4, 4)   # r1c2 and r2c1 share no line
    assert (1, 1, 2) not in fillings(corner, "+", 4, 4)
    assert fillings(((0, 0), (0, 1)), "÷", 2, 4) == ((1, 2), (2, 1), (2, 4), (4, 2))
    assert fillings(((0, 0), (0, 1)), "", 2, 4) == (  # hidden: 2 by any operation
        (1, 2), (1, 3), (2, 1), (2, 4), (3, 1), (4, 2))


def test_a_line_reads_back_as_it_was_written_for_each_kind():
    for line, kind in [("AABCDEBCDEFFGHHF 3-,7+,2/,1-,12x,6+,4,2/", CALCUDOKU),
                       ("ABBCCABDEEFGDHHIGDHJIIKKJ 3+,11+,6+,10+,5+,5,6+,7+,9+,9+,4+",
                        ADDITION_CALCUDOKU),
                       ("AABCCDBBCCDDEEFGHIIIGHJJJ 1,10,9,10,5,4,7,3,7,12", HIDDEN_CALCUDOKU)]:
        givens, cages = kind.read(line)
        assert kind.write(givens, cages) == line
        assert type(cages) is kind.extras_type and givens.clue_count == 0


def test_a_line_is_read_with_any_letters_and_the_printed_signs():
    cages = parse_calcudoku("zzyxwvyxwvuuthhu 3−,7+,2÷,1-,12×,6+,4,2/")
    assert format_calcudoku(cages) == "AABCDEBCDEFFGHHF 3-,7+,2/,1-,12x,6+,4,2/"


@pytest.mark.parametrize("line, cages_type, message", [
    ("AABB 3+ 4+", CalcCages, "a Calcudoku line has two parts"),
    ("AABBC 3+,7+", CalcCages, "has 5 letters: a Calcudoku from 3x3 to 9x9"),
    ("AAB?CDEFG 3+,1,2,3,4,5,6,7", CalcCages, "bad cage letter '?' at position 4"),
    ("AABCDEBCDEFFGHHF 3-,7+,2/,1-,12x,6+,4", CalcCages,
     "the layout has 8 cages but 7 clues are given"),
    ("AABCDEBCDEFFGHHF 3-,7+,2/,1-,12x,6+,4,2%", CalcCages, "bad clue '2%' (number 8"),
    ("AABCCBDDE 3+,9+,3+,3+,2", CalcCages,
     "cage B (clue 9+, from r1c3): no 2 values from 1-3 make 9+ in these cells"),
    ("AAAAAAAAA 45+", CalcCages, "cage A (clue 45+, from r1c1): 9 cells, but a cage holds"),
    ("ABAACCDDE 4+,3,3+,3+,2", CalcCages, "cage A (clue 4+, from r1c1): its cells are not "
                                         "connected"),
    ("AAABBBCCC 6-,6+,6+", CalcCages, "cage A (clue 6-, from r1c1): '−' is for cages of two "
                                      "cells, this one has 3"),
    ("AABCDEBCDEFFGHHF 3-,7+,2/,1-,12x,6+,4,2/", AdditionCages,
     "cage A (clue 3-, from r1c1): '−' is not shown here (addition only: +)"),
    ("AAB 3,3", CalcCages, "has 3 letters"),
    ("AABCCBDDD 3,4+,2,6+", CalcCages, "cage A (clue 3, from r1c1): a cage of 2 cells shows "
                                       "one of + − × ÷"),
    ("AABCCBDDD 3+,4+,2,6+", HiddenCages, "cage A (clue 3+, from r1c1): the operations are "
                                          "hidden, but it shows '+'"),
    ("AABCCBDDE 3+,4+,3+,3+,2+", CalcCages, "cage E (clue 2+, from r3c3): a one-cell cage "
                                            "shows its value alone, not '+'"),
])
def test_a_bad_line_is_refused_naming_what_is_wrong(line, cages_type, message):
    with pytest.raises(GridError) as caught:
        parse_calcudoku(line, cages_type)
    assert message in str(caught.value)


def test_cages_must_cover_the_board_once():
    with pytest.raises(CalcudokuError, match="1 cell in no cage: r3c3"):
        CalcCages(latin_of(3), (MathCage((0, 1), 3, "+"), MathCage((2, 5), 4, "+"),
                                MathCage((3, 4, 6, 7), 8, "+")))


def test_marks_are_outlined_cages_labelled_as_printed():
    _, cages = CALCUDOKU.read("AABCDEBCDEFFGHHF 3-,7+,2/,1-,12x,6+,4,2/")
    marks = CALCUDOKU.marks(None, cages).cages
    assert [m.label for m in marks] == ["3−", "7+", "2÷", "1−", "12×", "6+", "4", "2÷"]
    assert marks[0] == CageMark((0, 1), "3−", "outlined")
    _, hidden = HIDDEN_CALCUDOKU.read("AABCCBDDD 3,4,2,6")
    assert [m.label for m in HIDDEN_CALCUDOKU.marks(None, hidden).cages] == ["3", "4", "2", "6"]


def _turned(line: str, kind, move) -> str:
    """The line of the puzzle turned by move (a cell map, image -> source)."""
    _, cages = kind.read(line)
    where = {source: image for image, source in enumerate(move)}
    moved = tuple(MathCage(tuple(sorted(where[c] for c in cage.cells)), cage.target,
                           cage.operation) for cage in cages.cages)
    return format_calcudoku(type(cages)(cages.shape, moved))


def test_repeat_keys_meet_under_turns_and_mirrors_and_the_proven_relabelling():
    line = GOLDEN[(CalcCages, 6, 4, "medium")][0]
    n = 6
    turn = [(n - 1 - c) * n + r for r, c in (divmod(i, n) for i in range(n * n))]
    mirror = [r * n + n - 1 - c for r, c in (divmod(i, n) for i in range(n * n))]
    key = CALCUDOKU.repeat_key(None, CALCUDOKU.read(line)[1])
    for move in (turn, mirror):
        assert CALCUDOKU.repeat_key(None, CALCUDOKU.read(_turned(line, CALCUDOKU, move))[1]) \
            == key
    assert key.startswith("calcudoku 6x6:")
    # Addition only: v -> 6-v turns a k-cell cage's t into 6k - t (one cell: 6 - v).
    added = "ABBCCABDEEFGDHHIGDHJIIKKJ 3+,11+,6+,10+,5+,5,6+,7+,9+,9+,4+"
    relabelled = "ABBCCABDEEFGDHHIGDHJIIKKJ 9+,7+,6+,8+,7+,1,6+,11+,9+,3+,8+"
    _, one = ADDITION_CALCUDOKU.read(added)
    _, other = ADDITION_CALCUDOKU.read(relabelled)
    assert calcudoku_key("calcudoku-add", one) == calcudoku_key("calcudoku-add", other)
    # With × and ÷, no relabelling is taken: only the eight turns and mirrors.
    _, product = CALCUDOKU.read("AABCDEBCDEFFGHHF 3-,7+,2/,1-,12x,6+,4,2/")
    _, changed = CALCUDOKU.read("AABCDEBCDEFFGHHF 3-,3+,2/,1-,12x,4+,1,2/")
    assert calcudoku_key("calcudoku", product) != calcudoku_key("calcudoku", changed)


def test_a_targeted_climb_reaches_expert_in_one_attempt():
    """6x6 expert by climbs over every reshaping of the cages near the grader's crux
    (generate.py): seed 18 makes it in its first attempt (seed 2 did too before an attempt
    gave up at a plateau: it stayed at 'hard' for 8 climbs)."""
    puzzle, grading = generate_calcudoku(CalcCages, latin_of(6), 18, "expert", max_attempts=1)
    assert (grading.grade, grading.hardest) == ("expert", "XY-Chain")
    assert format_calcudoku(puzzle.extras) == ("ABCCCDABBEEDFGGEDDHHIIJJHIIKKKLLMNNK 1-,11+,"
                                               "13+,180x,9+,5,7+,11+,90x,30x,8+,1-,6,20x")


def test_an_expert_attempt_stuck_at_one_grade_gives_up_after_a_plateau(monkeypatch):
    """Climbs that stay at one grade PLATEAU times in a row end the attempt (most failing
    attempts wander at 'hard' through every climb they have)."""
    climbs = []

    def level(draft, grading, *_):
        climbs.append(grading.grade)
        return draft, grading  # a change found, but no grade gained
    monkeypatch.setattr(generate, "_climbed", level)
    made = generate.make_attempt(CalcCages, latin_of(6), 2, "expert")
    assert made is None
    assert len(climbs) == generate.PLATEAU == 6 < generate.CLIMBS


# made_unique()'s 9x9 expert drafts by seed (generate.first_draft from Rng(seed)): their
# groups' digest.
NINE_EXPERT_DRAFTS = {0: "3198fa1bb591b5cf", 1: "acdca658890711cd"}


def _unique_nine(seed: int):
    """made_unique() of the 9x9 expert first draft of Rng(seed): (the draft or None, the
    first draft, where the rng is left)."""
    rng, recipe = Rng(seed), generate.RECIPES["expert"]
    first = first_draft(CalcCages, latin_of(9), rng, recipe)
    return generate.made_unique(first, rng, recipe), first, rng.state


def _groups_digest(draft) -> str:
    return hashlib.sha256(repr(sorted(draft.groups)).encode()).hexdigest()[:16]


@pytest.mark.both_cores
def test_a_9x9_expert_draft_is_proven_unique_from_where_the_grader_stalls():
    """The grader stalls on the draft (its cells left open), and the search from the
    candidates it left finds no second solution: the same draft on both cores; the first
    draft, which has a second solution, is not proven so."""
    draft, first, _ = _unique_nine(1)
    recipe = generate.RECIPES["expert"]
    assert _groups_digest(draft) == NINE_EXPERT_DRAFTS[1]
    root = generate._stalled_root(draft, draft.grading_tables())
    with compiled.using(False, "the Python grader's stall"):
        assert generate._stalled_root(draft, draft.grading_tables()) == root
    assert root is not None and sum(map(int.bit_count, root)) < 81 * 9
    assert generate._proven_from_stall(draft, recipe)
    assert not generate._proven_from_stall(first, recipe)


def test_the_proof_from_the_stall_keeps_the_blank_boards_drafts(monkeypatch):
    """Where the search from a blank board proves a draft, the proof from the stall makes
    the same draft, the rng left alike (seed 1); where it ran out of nodes and dropped
    the attempt, the proof from the stall finishes and the attempt goes on (seed 0)."""
    stall = {seed: _unique_nine(seed) for seed in (0, 1)}
    monkeypatch.setattr(generate, "PROOF_FROM_STALL_MIN_SIZE", 10)
    blank = {seed: _unique_nine(seed) for seed in (0, 1)}
    assert stall[1][0].groups == blank[1][0].groups and stall[1][2] == blank[1][2]
    assert blank[0][0] is None
    assert _groups_digest(stall[0][0]) == NINE_EXPERT_DRAFTS[0]


def test_a_climbs_changes_near_the_crux_are_made_alone_the_rest_drawn_as_before():
    """reshapings() given the cells near the crux makes the drafts near_crux() keeps of
    them all, in order, and leaves the rng where making every change leaves it."""
    rng, recipe = Rng(5), generate.RECIPES["expert"]
    draft = generate.made_unique(first_draft(CalcCages, latin_of(6), rng, recipe), rng,
                                 recipe)
    grading, _ = generate._graded(draft, "expert")
    near = generate._crux_cells(draft, grading)
    every, some = Rng(9), Rng(9)
    kept = generate.near_crux(draft, grading, generate.reshapings(draft, every, recipe))
    made = generate.reshapings(draft, some, recipe, near)
    assert near is not None and [d.groups for d in made] == [d.groups for d in kept]
    assert 0 < len(made) < len(generate.reshapings(draft, Rng(9), recipe))
    assert some.state == every.state


@pytest.mark.parametrize("in_c", [False, True])
def test_a_climb_gaining_no_grade_keeps_the_change_that_asks_most(monkeypatch, in_c):
    """Of the changes the grader finishes at the draft's own grade, a climb keeps the one
    whose steps past easy weigh most (the first of them on a tie); a set of cages met
    again is not graded again. Compiled, a draft is graded from its tables alone."""
    rng, recipe = Rng(3), generate.RECIPES["expert"]
    draft = generate.made_unique(first_draft(CalcCages, latin_of(6), rng, recipe), rng,
                                 recipe)
    grading, _ = generate._graded(draft, "expert")
    works, graded = iter([3.0, 7.0, 7.0, 1.0]), []

    def fake(state, ceiling):
        graded.append((state.cages.narrowing_tables, quiet.sums(state.cages)))
        return grading.grade, next(works, 0.0)

    def fake_of_tables(shape, board, tables, sums, plan):
        graded.append((tables, sums))
        return grading.grade, next(works, 0.0)
    monkeypatch.setattr(generate, "grade_and_work", fake)
    monkeypatch.setattr(generate, "grade_and_work_of_tables", fake_of_tables)
    monkeypatch.setattr(generate, "_with_crux", lambda kept, _: (kept, grading))
    # the Python's choice, its gradings faked (the compiled step is held to it in
    # test_calcudoku_climb_compiled.py)
    monkeypatch.setattr(generate, "climb_step_in_c", lambda *args: NOT_IN_C)
    with compiled.using(in_c):
        kept, _ = generate._climbed(draft, grading, Rng(1), recipe, "expert")
        assert len(graded) > 4 and kept.grading_tables() == graded[1]
        assert len(graded) == len(set(graded))
        count = len(graded)
        again, _ = generate._climbed(draft, grading, Rng(1), recipe, "expert")
    assert again.groups == kept.groups and len(graded) == count  # each kept, none again


def test_the_grades_each_size_reaches_are_known_before_trying():
    assert CALCUDOKU.grade_problem(CALCUDOKU.frame(3), "easy") == (
        "3x3 Calcudoku puzzles are made up to 'beginner', so none is 'easy'")
    assert CALCUDOKU.grade_problem(CALCUDOKU.frame(5), "medium") is None
    assert CALCUDOKU.grade_problem(CALCUDOKU.frame(9), "hard") is None
    assert CALCUDOKU.grade_problem(CALCUDOKU.frame(9), "expert") is None
    assert CALCUDOKU.grade_problem(CALCUDOKU.frame(9), "extreme") is None
    assert CALCUDOKU.grade_problem(CALCUDOKU.frame(7), "expert") is None
    assert CALCUDOKU.grade_problem(CALCUDOKU.frame(8), "expert") is None
    assert CALCUDOKU.grade_problem(CALCUDOKU.frame(6), "expert") is None
    assert CALCUDOKU.size_problem(10, False) == (
        "calcudoku puzzles are made in the sizes 3x3 to 9x9; got 10x10")
    assert "without boxes" in CALCUDOKU.size_problem(6, True)


def test_generated_cages_look_published():
    _, cages = _draft(CalcCages, 9, 3)
    sizes = [len(cage.cells) for cage in cages.cages]
    assert max(sizes) <= 4 and sizes.count(2) + sizes.count(3) > len(sizes) / 2
    assert all(compact(9, cage.cells) for cage in cages.cages)
    assert not compact(9, (0, 1, 2, 3)) and not compact(9, (0, 9, 18, 27))
    assert compact(9, (0, 1, 9, 10)) and compact(9, (0, 1, 2, 10))


def test_grading_names_the_calcudoku_techniques():
    _, cages = CALCUDOKU.read(GOLDEN[(CalcCages, 6, 5, "hard")][0])
    grading = CALCUDOKU.grade(Grid(latin_of(6), (0,) * 36), cages)
    used = {step.technique for step in grading.steps}
    assert grading.hardest == "innies and outies (4-5 cells)"
    assert {"cage permutations", "innies and outies (4-5 cells)"} <= used


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it", "pt", "nl", "pl"])
def test_a_book_of_several_calcudoku_kinds_says_their_common_rule_once(language):
    # Issue 22: each of the three Calcudoku rules repeated 'the grid has no boxes ...' and
    # 'a number may repeat in a cage ...' when a book held more than one of them.
    from bookmaker.core.registry import kind_named
    from bookmaker.design.catalogue import load_catalogue
    from bookmaker.design.howtoplay import kind_rules

    words = load_catalogue(language)
    kinds = [ADDITION_CALCUDOKU, CALCUDOKU, HIDDEN_CALCUDOKU]
    rules = kind_rules([(6, kind, ()) for kind in kinds] + [(9, kind_named("killer"), ())],
                       words)
    shared = words.text("shared_rules.calcudoku")
    assert rules[1:] == [shared] + [words.text(f"own_rules.{kind.name}") for kind in kinds] + [
        words.text("variant_rules.killer")]
    common = shared.partition(": ")[2].split(". ")[0]  # 'the grid has no boxes'
    assert " ".join(rules).count(common) == 1
    for kind in kinds:  # each own part is the kind's whole rule less the common sentences
        own = words.text(f"own_rules.{kind.name}").partition(": ")[2]
        assert own[1:] in words.text(kind.presentation.rules_key)
    # One Calcudoku kind alone keeps its whole rule, as before.
    assert kind_rules([(6, CALCUDOKU, ())], words) == [words.text(CALCUDOKU.presentation.rules_key)]


def test_few_cells_fillings_are_their_multisets_ordered():
    # fillings() of three or four cells orders the target's multisets; every filling of
    # the shape enumerated (cages._by_result, as cages of five or more are) agrees
    for n in (6, 9):
        for positions in [((0, 0), (0, 1), (0, 2)), ((0, 0), (1, 0), (2, 0), (2, 1)),
                          ((0, 0), (0, 1), (0, 2), (1, 1)), ((0, 1), (1, 0), (1, 1), (2, 0))]:
            every = cage_sets._by_result(positions, n)
            for op in ("+", "×"):
                for target, found in every[op].items():
                    assert fillings(positions, op, target, n) == tuple(sorted(found))
    # r1c1 and r2c2 share no line: only they may repeat a value
    assert fillings(((0, 0), (1, 0), (1, 1)), "×", 4, 4) == ((1, 4, 1), (2, 1, 2))
    # cells apart (as a parsed cage may be before its checks): one pair in a line, none
    assert fillings(((0, 0), (0, 2), (1, 1)), "+", 4, 4) == ((1, 2, 1), (2, 1, 1))
    assert fillings(((0, 0), (1, 1), (2, 2)), "+", 3, 4) == ((1, 1, 1),)


def test_a_patterns_packed_fillings_are_packs():
    for n, positions in [(4, ((0, 0), (0, 1))), (6, ((0, 0), (0, 1), (1, 0), (1, 1))),
                         (9, ((0, 0), (1, 0), (2, 0)))]:
        pattern = cage_sets.Pattern(positions, "+", 2 * n - 1, n)
        assert pattern.packed and pattern.packed == tuple(
            cage_sets.pack(n, [1 << (v - 1) for v in f]) for f in pattern.fillings)
