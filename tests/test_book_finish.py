"""The book a buyer picks (issue 22): hints that are the grader's first step, solving
times by the stated model, how-to-play text that flows without large gaps, answers run
on and packed by size, roomy expert Killers, and the copy's defaults."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

import pytest

from bookmaker.book.build import example_puzzles
from bookmaker.book.compose import copyright_lines
from bookmaker.book.explain import (
    SINGLES_RUN,
    Room,
    board_after,
    first_use,
    glossary_pieces,
    hint_columns,
    hint_pieces,
    path_pieces,
    solve_each,
    techniques_used,
)
from bookmaker.book.howtoplay import Example, example_figures, how_to_play_pieces
from bookmaker.book.plan import PlannedPuzzle
from bookmaker.core.grade.candidates import Step
from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.puzzle import Puzzle
from bookmaker.core.registry import kind_named, kind_of_puzzle
from bookmaker.design.captions import caption_parts, grid_size_text
from bookmaker.design.catalogue import load_catalogue
from bookmaker.design.cells import least_cell
from bookmaker.design.explain import path_groups, path_text, step_text, technique_name
from bookmaker.design.fontfile import default_font_paths, read_font
from bookmaker.design.glyphs import glyphs_of, numbers
from bookmaker.design.howtoplay import rules_sentence
from bookmaker.design.layouts import load_preset
from bookmaker.design.pagecount import (
    ANSWERS,
    GLOSSARY,
    HINTS,
    HOW_TO_PLAY,
    PATHS,
    BackMatter,
    FrontMatter,
    answer_runs,
    answer_shares,
    plan_book,
    rows_under,
)
from bookmaker.design.solvetime import load_time_model, solving_minutes
from bookmaker.pages.bookpages import title_page
from bookmaker.pages.flow import BESIDE_GAP, Beside, Figure, TextSetter, Together, balanced, flow
from bookmaker.pages.page import PageGeometry, TextBlock, inches
from bookmaker.pages.paginate import shared_slots
from bookmaker.puzzles.produce import PuzzleJob, make_puzzle
from bookmaker.spec import load_spec
from bookmaker.spec.model import Explanations

ENGLISH, GERMAN = load_catalogue("en"), load_catalogue("de")
CLASSIC, KILLER = kind_named("classic"), kind_named("killer")
TRAVEL = PageGeometry(inches(6), inches(9), margin_top=36, margin_bottom=36, margin_inside=27,
                      margin_outside=36, header_space=18, footer_space=18)
LARGE = PageGeometry(inches(8.5), inches(11), margin_top=36, margin_bottom=36,
                     margin_inside=27, margin_outside=36, header_space=25.2, footer_space=25.2)
GAP_MOST = 72.0  # points: the most white a flowed page but the last may leave (1 in)


@pytest.fixture(scope="module")
def classic() -> Puzzle:
    return CLASSIC.make(MakeRequest(CLASSIC.frame(9), 7, "easy", record_rating=False))


@pytest.fixture(scope="module")
def killer() -> Puzzle:
    return KILLER.make(MakeRequest(KILLER.frame(6), 7, "beginner"))


def _planned(count: int) -> list[PlannedPuzzle]:
    return [PlannedPuzzle(None, None, 0, index, index + 1, f"p-{index + 1}")  # type: ignore
            for index in range(count)]


def _setter(scale: float = 1.0) -> TextSetter:
    regular, bold = (read_font(str(path)) for path in default_font_paths())
    return TextSetter(lambda text, heavy, size: (bold if heavy else regular).width(text, size),
                      {"title": 28 * scale, "subtitle": 15 * scale, "heading": 14 * scale,
                       "body": 11 * scale, "caption": 8 * scale})


# --- hints and solving paths: the grader's own steps -------------------------------------

def test_a_step_names_what_makes_it_true_in_the_books_language(classic, killer):
    solved = solve_each(_planned(2), [classic, killer])
    for puzzle, entry in zip((classic, killer), solved):
        kind = kind_of_puzzle(puzzle)
        assert entry.steps == kind.grade(puzzle.givens, puzzle.extras).steps
    assert step_text(solved[0].steps[0], classic.shape, ENGLISH) == \
        "Hidden single, box 2: 8 in r1c4"
    assert step_text(solved[0].steps[0], classic.shape, GERMAN) == \
        "Versteckter Single, Block 2: 8 in Z1S4"
    assert step_text(solved[1].steps[0], killer.shape, ENGLISH) == \
        "Cage combinations, cage 8 at r1c1: no 1 or 4 in r1c1 and r1c2"


def test_a_hint_says_where_the_hardest_step_is_and_how_to_start(classic, killer):
    # Issue 36: a hint was the first step ('Hidden single: 8 in r1c4'), far from where a
    # reader gets stuck. Now: the first step of the puzzle's hardest technique, where to
    # look, and the first placement before it, short.
    solved = solve_each(_planned(2), [classic, killer])
    crux = solved[0].crux
    assert crux is not None and crux.technique == "locked candidates (pointing)"
    assert hint_pieces(solved, ENGLISH)[2].lines == (
        "1. Look at box 7 and row 8: locked candidates (pointing). To start: r1c4\u00a0=\u00a08 "
        "(box 2).",
        "2. Look at cage 8 at r1c1: cage combinations.")
    assert hint_pieces(solved, GERMAN)[2].lines[0] == (
        "1. Schau auf Block 7 und Zeile 8: Reihe im Block (Pointing). Zum Anfang: "
        "Z1S4\u00a0=\u00a08 (Block 2).")


def test_short_hints_are_set_in_two_columns_on_a_6x9_page_each_hint_whole(classic):
    # Issue 22: hints pages were one column: 150 short hints took 6 pages of a 6x9 book.
    setter = _setter()
    solved = solve_each(_planned(150), [classic] * 150)
    pieces = hint_pieces(solved, ENGLISH, setter, TRAVEL.live_width)
    assert pieces[2].columns == 2  # 351 pt: two columns of 2 in or more, not three
    pages = flow(pieces, setter, TRAVEL, 1, TextBlock(("Hints (continued)",), "heading"))
    one_column = flow(hint_pieces(solved, ENGLISH), setter, TRAVEL, 1,
                      TextBlock(("Hints (continued)",), "heading"))
    # At 11 pt. Issue 36's hints (where to look, and a first step) are some 80 letters,
    # three lines in a column: 8 pages where the first steps alone took 4.
    assert (len(pages), len(one_column)) == (8, 11)
    hints = [block for page in pages for block in page.texts if block.columns == 2]
    assert [line for block in hints for line in block.lines] == list(pieces[2].lines)
    for block in hints:  # every hint in exactly one column, columns balanced
        assert sum(block.column_breaks) == len(block.lines) and len(block.column_breaks) <= 2
        assert max(block.column_breaks) - min(block.column_breaks) <= 1
    for page in pages:
        assert _white_under(page, setter, TRAVEL) >= -1e-6


def test_a_hint_too_long_for_a_narrow_column_keeps_the_hints_in_one():
    setter = _setter()
    long = ("1. " + "Naked triple: no 1, 2 or 7 in r1c1, r1c2, r1c3, r1c4 and r1c5; " * 3,)
    assert hint_columns(long, setter, TRAVEL.live_width) == 1
    assert hint_columns(("1. Hidden single: 8 in r1c4",), setter, LARGE.live_width) == 3


def test_balanced_columns_take_whole_paragraphs_in_order():
    assert balanced([10.0] * 5, 2) == ((3, 2), 30.0)
    assert balanced([30.0, 10.0, 10.0, 10.0], 2) == ((1, 3), 30.0)
    assert balanced([10.0, 40.0, 10.0], 3) == ((1, 1, 1), 40.0)
    assert balanced([], 2) == ((), 0.0)


def test_an_elimination_names_every_cell_and_value_it_removes():
    shape = CLASSIC.frame(9)
    step = Step("naked pair", (), ((0, 4), (0, 7), (5, 4), (9, 7)), "")
    assert step_text(step, shape, ENGLISH) == \
        "Naked pair: no 4 or 7 in r1c1; no 4 in r1c6; no 7 in r2c1"


def test_a_solving_path_groups_singles_of_one_technique_and_spells_out_the_rest():
    shape = CLASSIC.frame(9)
    steps = (Step("hidden single", ((0, 5),), (), ""), Step("hidden single", ((1, 6),), (), ""),
             Step("locked candidates (pointing)", (), ((20, 3),), ""),
             Step("full house", ((2, 1),), (), ""))
    assert path_text(steps, shape, ENGLISH, singles=CLASSIC.singles) == [
        "Hidden single: r1c1\u00a0=\u00a05, r1c2\u00a0=\u00a06",
        "Locked candidates (pointing): no 3 in r3c3", "Full house: r1c3\u00a0=\u00a01"]


def test_a_solving_path_split_by_a_page_break_says_its_puzzle_again(classic):
    # Issue 36: a continuation page began mid-puzzle ('r3c6 / = 4'), with no number.
    setter = _setter()
    solved = solve_each(_planned(3), [classic] * 3)
    # As a book sets it: a page going on with a section restates the section's heading,
    # unless the split block says what goes on itself (not both, one over the other).
    pages = flow(path_pieces(solved, ENGLISH), setter, TRAVEL, 1,
                 restate=lambda section: TextBlock((f"{section} (continued)",), "heading"))
    assert len(pages) == 4
    continued = [page.texts[0].lines[0] for page in pages[1:]]
    assert continued == [f"Puzzle {number} · Easy · about 10 min (continued)"
                         for number in (1, 2, 3)]  # the rest of a path, under its heading
    assert all(page.texts[1].style == "step" for page in pages[1:])
    body = [line for page in pages for block in page.texts if block.style == "step"
            for paragraph in block.lines[-1:] for line in setter.lines(block, paragraph,
                                                                      TRAVEL.live_width)]
    assert not [line for line in body if line.endswith(("=", " r1c1"))]  # no split equation
    steps = path_pieces(solved, ENGLISH)[3].lines
    assert steps[0].replace("\u00a0", "~").startswith(  # singles grouped by unit
        "1.~Hidden single: r1c4~=~8, r3c4~=~5 (box~2), r1c2~=~5 (box~1), r2c9~=~3, "
        "r2c7~=~4, r3c7~=~1 (box~3), ")  # a unit named on one line: no '(box / 2)'
    assert not [line for line in body if line.endswith(("(box", "(row", "(column"))]
    # Each numbered step starts a line of its own: a reader finds step 12 at a glance.
    assert [step.split("\u00a0")[0] for step in steps] == [
        f"{number}." for number in range(1, len(steps) + 1)]
    assert len(steps) > 12


def test_a_solving_path_on_a_wide_page_sets_its_steps_in_two_columns_under_its_drawing(classic):
    # Issue 36: a line a step half-fills a letter page; two columns keep the list as short
    # as the paragraph it was, a drawing over them level with its heading, and a page a
    # new puzzle opens restates no puzzle before it.
    setter = _setter()
    solved = solve_each(_planned(6), [classic] * 6)
    room = Room(LARGE.live_width, LARGE.content_height, 14.0, 2.5,
                lambda s: least_cell(CLASSIC))
    pieces = path_pieces(solved, ENGLISH, room, body=11.0)
    assert [cast(TextBlock, piece).columns for piece in pieces[3::2]] == [2] * 6
    assert path_pieces(solved, ENGLISH, room, body=11.0 * 1.3)[3].columns == 1  # large print
    pages = flow(pieces, setter, LARGE, 1,
                 restate=lambda section: TextBlock((f"{section} (continued)",), "heading"))
    for page in pages:  # each drawing's top level with its heading's, as the text stacks
        _, bottom, _, height = LARGE.content_box(cast(int, page.number))
        top, headings, beside = bottom + height, [], False
        for block in page.texts:
            top -= block.space_before
            if block.indent and not beside:
                headings.append(top)
            beside = bool(block.indent)
            top -= setter.height(replace(block, space_before=0.0), LARGE.live_width)
        drawings = [placement.y + placement.side + 2.5 / 2 for placement in page.placements]
        assert drawings == pytest.approx(headings)
    # Page 2 holds two puzzles: the white beside a drawing was once taken from the room
    # twice under a block of columns, which pushed the next drawing a page on.
    assert [len(page.placements) for page in pages] == [1, 2, 1, 1, 1]
    # A page a new puzzle's drawing opens restates no puzzle before it; a path's own
    # 'continued' line (an entry) says which puzzle goes on.
    restated = [page.texts[0].lines[0] for page in pages[1:] if page.texts[0].style == "heading"]
    assert len(pages) > 2 and not [head for head in restated if head.startswith("Puzzle")]


def test_a_path_with_every_grid_draws_one_after_a_long_run_of_singles(classic):
    # Issue 36: forty singles in a row and no grid: a reader loses their place. With every
    # step drawn, a grid also follows singles placing SINGLES_RUN values since the last.
    (solved,) = solve_each(_planned(1), [classic])
    room = Room(TRAVEL.live_width, TRAVEL.content_height, 14.0, 2.5,
                lambda s: least_cell(CLASSIC))
    pieces = path_pieces([solved], ENGLISH, room, grids="every")
    progress = [piece for piece in pieces if isinstance(piece, Beside)
                and piece.blocks[-1].lines[0].startswith("The grid after step")]
    assert [piece.blocks[-1].lines[0].split(",")[0] for piece in progress] == [
        "The grid after step 1", "The grid after step 11", "The grid after step 17"]
    groups = path_groups(solved.steps, CLASSIC.singles)
    for piece, number in zip(progress, (1, 11, 17)):
        (board,) = piece.figure.place(36.0, 500.0, TRAVEL.live_width)
        assert len(board.shaded) >= SINGLES_RUN  # the values placed since the last grid,
        assert board.grid == board_after(solved, solved.steps.index(groups[number - 1][-1]))
        assert all(board.grid.cells[cell] and not classic.givens.cells[cell]
                   for cell in board.shaded)  # ... filled in on it
    assert [piece for piece in path_pieces([solved], ENGLISH, room)  # not drawn by default
            if isinstance(piece, Beside) and "grid after" in piece.blocks[-1].lines[0]] == []


def test_the_glossary_names_the_techniques_used_easiest_first_with_a_note_each(classic, killer):
    solved = solve_each(_planned(2), [classic, killer])
    used = techniques_used(solved)
    assert used[:2] == ["full house", "hidden single"]
    assert used.index("cage combinations") > used.index("naked single")
    names = [piece.lines[0] for piece in glossary_pieces(used, ENGLISH)[2::2]]
    assert names[:2] == ["Full house", "Hidden single"]
    notes = [piece.lines[0] for piece in glossary_pieces(used, ENGLISH)[3::2]]
    assert all(notes) and len(notes) == len(used)


# --- solving times ----------------------------------------------------------------------

def test_a_solving_time_follows_the_stated_model():
    model = load_time_model()
    singles = [Step("hidden single", ((c, 1),), (), "") for c in range(50)]
    assert solving_minutes(singles, 9, 50, model) == round(50 * 9 / 60)  # 7.5 -> 8
    # The first step beyond singles adds pencil marks for the cells still open then.
    pointing = Step("locked candidates (pointing)", (), ((60, 2),), "")
    with_pointing = singles[:20] + [pointing] + singles[20:]
    seconds = 50 * 9 + 45 + 30 * 3  # 30 cells still open when the pencil marks go in
    assert solving_minutes(with_pointing, 9, 50, model) == round(seconds / 60) == 10
    # A 16x16 scans slower, by (16/9) per step; from 20 minutes up, to the nearest 5.
    assert solving_minutes(singles * 3, 16, 150, model) == 40


def test_solving_times_rise_with_the_grade_on_the_graders_steps(classic):
    easy = solve_each(_planned(1), [classic])[0]
    assert 5 <= easy.minutes <= 20


def test_a_timed_jobs_puzzle_brings_the_time_composing_would_work_out(classic, killer):
    """A book that prints times has its workers estimate them (issue 24): the same minutes
    as solving each puzzle again, which a book without hints, paths or glossary skips."""
    made = [make_puzzle(PuzzleJob(p.shape, p.seed, difficulty=p.difficulty, kind=kind_of_puzzle(p),
                                  record_rating=False, timed=True)) for p in (classic, killer)]
    assert [p.minutes for p in made] == [s.minutes for s in solve_each(_planned(2), made)]
    assert made == [classic, killer] and classic.minutes is None  # the puzzles themselves
    assert all(s.steps for s in solve_each(_planned(2), made))
    brought = [replace(p, minutes=60 + i) for i, p in enumerate(made)]
    assert [(s.minutes, s.steps) for s in solve_each(_planned(2), brought, steps=False)] == \
        [(60, ()), (61, ())]  # not solved again
    # Without a time brought, it is worked out here; the steps stay out all the same.
    assert [(s.minutes, s.steps) for s in solve_each(_planned(2), [classic], steps=False)] \
        == [(made[0].minutes, ())]


# --- how to play: flowing text without large gaps ---------------------------------------

def _example(puzzle: Puzzle, geometry: PageGeometry, least: float = 0.0) -> Example:
    return Example(puzzle, "A puzzle", "Its solution", 14.0, 2.5, geometry.live_width,
                   geometry.content_height, least)


def _white_under(page, setter: TextSetter, geometry: PageGeometry) -> float:
    used = sum(setter.height(block, geometry.live_width) for block in page.texts)
    return geometry.content_height - used


def test_the_travel_books_how_to_play_sets_its_example_under_the_rules_without_gaps(classic):
    boards = [(9, CLASSIC, ())]
    pieces = how_to_play_pieces(boards, ENGLISH, [_example(classic, TRAVEL)],
                                "The solutions are at the back.", True, True)
    setter = _setter()
    pages = flow(pieces, setter, TRAVEL, 4, TextBlock(("How to play (continued)",), "heading"))
    assert len(pages) == 2
    # 2-3.5 in of white sat under the text; now every page but the last is full.
    assert _white_under(pages[0], setter, TRAVEL) < GAP_MOST
    left, bottom, width, height = TRAVEL.content_box(4)
    grids = pages[0].placements
    assert len(grids) == 2 and grids[1].solution == classic.solution
    assert all(bottom <= g.y and g.x + g.side <= left + width + 1e-6 for g in grids)
    # The grids sit right under the rules, the kind's heading and the example's: their labels start
    # where the text stopped (after the figure's own 6 pt).
    above = [block.lines[0] for block in pages[0].texts].index("Worked example") + 1
    rules = sum(setter.height(block, TRAVEL.live_width) for block in pages[0].texts[:above])
    assert grids[0].y + grids[0].side + 14.0 + 2.5 / 2 == pytest.approx(
        bottom + height - rules - 6.0, abs=1e-6)


def test_a_large_print_book_of_five_kinds_flows_its_rules_onto_more_pages(classic):
    kinds = [CLASSIC] + [kind_named(name) for name in ("x", "hyper", "jigsaw", "killer")]
    boards = [(9, kind, ()) for kind in kinds]
    setter = _setter(1.6)
    pieces = how_to_play_pieces(boards, ENGLISH, [_example(classic, LARGE, 28.8 * 9)],
                                "", True, True)
    pages = flow(pieces, setter, LARGE, 4, TextBlock(("How to play (continued)",), "heading"))
    assert len(pages) >= 3
    # Each kind's part (its rule and worked example; its tips and chart) is kept whole
    # and in order, so a page may end up to 2 in short where the next part does not fit.
    for page in pages[:-1]:
        drawn = sum(g.side + 14.0 for g in page.placements)  # the grids and their labels
        assert _white_under(page, setter, LARGE) - drawn < 2 * GAP_MOST
    # Large print: the example's cells keep the layout's 28.8 pt; its solution beside it
    # would not fit, nor above it with its steps: the puzzle alone.
    grids = [g for page in pages for g in page.placements]
    assert [g.cell >= 28.8 - 1e-6 for g in grids] == [True]
    text = " ".join(line for page in pages for block in page.texts for line in block.lines)
    for kind in kinds[1:]:
        assert ENGLISH.text(kind.presentation.rules_key) in text
    assert "the 45 rule is the great key" in text and "2 cells: 3=12, 4=13, 16=79, 17=89" in text


def test_large_prints_example_grids_sit_side_by_side_at_answer_cells_with_their_steps(classic):
    # Issue 22: at large print's 0.4 in puzzle cells two 9x9 grids do not fit side by side,
    # so they stood one above the other and pushed the example's steps to the next page.
    # The example is read, not written in: at the 0.35 in answer cells they fit in a row.
    layout = load_preset("large-print")
    example = replace(_example(classic, LARGE, layout.min_puzzle_cell * 9),
                      least_read_side=layout.min_answer_cell * 9)
    figures = example_figures(example)
    assert len(figures) == 1  # one row of two grids
    grids = figures[0].place(0.0, 500.0, LARGE.live_width)
    assert len(grids) == 2 and grids[0].side >= layout.min_answer_cell * 9
    alone = example_figures(_example(classic, LARGE, layout.min_puzzle_cell * 9))
    # Without the answer cells: the puzzle alone (one above the other, the two grids and
    # the steps took more than a page).
    assert len(alone) == 1 and len(alone[0].place(0.0, 500.0, LARGE.live_width)) == 1
    setter = _setter(1.45)  # large print's sizes
    pieces = how_to_play_pieces([(9, CLASSIC, ())], ENGLISH, [example],
                                "The solutions are at the back.", True, True)
    pages = flow(pieces, setter, LARGE, 4, TextBlock(("How to play (continued)",), "heading"))
    drawn = next(page for page in pages if page.placements)
    text = " ".join(line for block in drawn.texts for line in block.lines)
    assert len(drawn.placements) == 2 and "3. " in text  # grids and steps on one page


def test_a_paragraph_after_floats_that_fill_its_page_sets_no_empty_line():
    # A paragraph with no room for its first line took a new page, where the floats
    # that waited left less than a line: an empty line was set there, past the page's
    # foot, and the book refused to render (the how-to-play of a Futoshiki and
    # Skyscrapers book on 6x9, issue 36).
    setter, content = _setter(), TRAVEL.content_height
    heading = TextBlock(("Title (continued)",), "heading")
    top = setter.height(heading, TRAVEL.live_width)

    def drawn(left, top, width):
        return ("a grid",)  # stands for a placement: the page is not empty
    words = " ".join(f"word{n}" for n in range(60))
    pieces = [Together((Figure(content - 10.0, drawn),), floats=False),
              Together((Figure(content - top - 10.0, drawn),)),
              TextBlock((words,), "body")]
    pages = flow(pieces, setter, TRAVEL, 1, heading)
    lines = [line for page in pages for block in page.texts if block.style == "body"
             for line in block.lines]
    assert "" not in lines and " ".join(lines) == words


def test_a_paragraph_split_between_pages_keeps_every_word_once():
    setter = _setter()
    words = " ".join(f"word{n}" for n in range(900))
    pages = flow([TextBlock(("Title",), "title"), TextBlock((words,), "body")], setter,
                 TRAVEL, 1, TextBlock(("Title (continued)",), "heading"))
    assert len(pages) >= 2
    body = " ".join(line for page in pages for block in page.texts if block.style == "body"
                    for line in block.lines)
    assert body == words
    for page in pages:
        assert _white_under(page, setter, TRAVEL) >= -1e-6  # nothing runs off a page


def test_text_beside_a_figure_is_indented_and_what_follows_starts_under_the_figure():
    setter = _setter()
    tops = []

    def place(left, top, width):
        tops.append((left, top, width))
        return ()
    beside = Beside(Figure(150.0, place, space_before=10.0), 150.0,
                    (TextBlock(("Name",), "entry"), TextBlock(("A short note.",), "body")))
    lines = TextBlock(("line",) * 14, "body")  # 14 * 20.9 pt: the room left is under 160
    pages = flow([TextBlock(("Title",), "title"), beside, TextBlock(("after",), "body"),
                  lines, beside], setter, TRAVEL, 1)
    left, bottom, _, height = TRAVEL.content_box(1)
    assert tops[0] == (left, pytest.approx(bottom + height - setter.height(
        TextBlock(("Title",), "title"), TRAVEL.live_width) - 10.0), 150.0)
    name, note, after = pages[0].texts[1:4]
    assert name.indent == note.indent == 150.0 + BESIDE_GAP and after.indent == 0.0
    text = setter.height(name, TRAVEL.live_width) + setter.height(note, TRAVEL.live_width)
    assert after.space_before == pytest.approx(160.0 - text)  # under the figure's foot
    assert len(pages) == 2 and pages[1].texts[0].indent > 0  # the last one: whole, next page
    _, bottom2, _, height2 = TRAVEL.content_box(2)
    assert tops[1][1] == pytest.approx(bottom2 + height2 - 10.0)


def test_a_glossary_on_a_narrow_page_sets_its_examples_under_their_entries(classic, killer):
    solved = solve_each(_planned(2), [classic, killer])
    narrow = Room(240.0, TRAVEL.content_height, 14.0, 2.5,  # cells of 20 pt: 180 pt grids
                  lambda s: max(20.0, least_cell(KILLER if s.marks.cages else CLASSIC)))
    pieces = glossary_pieces(techniques_used(solved), ENGLISH, solved, narrow)
    assert not any(isinstance(piece, Beside) for piece in pieces)
    kept = [piece for piece in pieces if isinstance(piece, Together)]
    assert kept and all(not piece.floats and piece.pieces[0].style == "entry" for piece in kept)


def test_a_figure_that_does_not_fit_moves_to_the_next_page_and_the_text_goes_below_it():
    setter = _setter()
    lines = TextBlock(("line",) * 25, "body")  # 25 * 20.9 pt of the page's 540 pt
    placed = []

    def place(left, top, width):
        placed.append(top)
        return ()
    pages = flow([lines, Figure(200.0, place), TextBlock(("after",), "body")], setter,
                 TRAVEL, 1)
    assert len(pages) == 2 and pages[0].texts == (lines,)
    _, bottom, _, height = TRAVEL.content_box(2)
    assert placed == [pytest.approx(bottom + height - 6.0)]  # at the top, after its space
    assert pages[1].texts == (TextBlock(("after",), "body", space_before=206.0),)


# --- page economy -----------------------------------------------------------------------

def test_answers_run_on_from_one_section_to_the_next():
    class Section:
        def __init__(self, count, per_page):
            self.count, self.puzzles_per_page, self.answers_per_page = count, 2, per_page
    travel = [Section(50, 6), Section(100, 6)]
    plan = plan_book(FrontMatter(), travel, "back")
    assert sum(1 for page in plan.book if page.kind == ANSWERS) == 25  # 26 with a page of 2
    mixed = [Section(40, 9), Section(20, 9), Section(80, 6), Section(20, 4)]
    assert answer_runs(mixed) == [[0, 1], [2], [3]]


def test_a_run_of_answers_starts_under_the_last_runs_on_its_last_page():
    # Issue 23: a 15x15 Kakuro's answer sat alone on a page after two 12x12 answers took
    # the top third of theirs (examples/kakuro.yaml: answer pages 20, 21, 22 -> 20, 21).
    class Section:
        def __init__(self, count, per_page):
            self.count, self.puzzles_per_page, self.answers_per_page = count, 2, per_page
    area = load_preset("kdp-6x9").grid_area(answers=True)
    kakuro = [Section(2, 6), Section(2, 2), Section(1, 2)]  # 12x12 answers, then 15x15
    assert answer_runs(kakuro) == [[0], [1, 2]]
    assert answer_shares(kakuro, area) == [0, 1]  # one 15x15 row fits under a 12x12 row
    assert rows_under(area, 6, 2, 2) == 1 and rows_under(area, 6, 6, 2) == 0
    answer_pages = [p for p in plan_book(FrontMatter(), kakuro, "back", answer_area=area).book
                    if p.kind == ANSWERS]
    assert len(answer_pages) == 2  # 3 before: 2 of 6, then 2, then 1
    unshared = plan_book(FrontMatter(), kakuro, "back").book  # no area: as before
    assert sum(1 for p in unshared if p.kind == ANSWERS) == 3
    full = [Section(6, 6), Section(3, 2)]  # a full last page shares nothing
    assert answer_shares(full, area) == [0, 0]


def test_shared_answer_rows_stay_apart_and_on_the_page():
    area = load_preset("kdp-6x9").grid_area(answers=True)
    geometry = PageGeometry(inches(6), inches(9), margin_top=36, margin_bottom=36,
                            margin_inside=area_inside(area), margin_outside=36,
                            header_space=18, footer_space=18)
    slots = shared_slots(geometry, 20, area, [(2, 6, (1, 1)), (1, 2, (1, 1))])
    left, bottom, width, height = geometry.content_box(20)
    assert len(slots) == 3 and slots[0][2] == slots[1][2] < slots[2][2]
    assert slots[0][1] == slots[1][1] > slots[2][1] + slots[2][2] + area.label_height
    for x, y, side in slots:
        assert left <= x and x + side <= left + width
        assert bottom + area.below_height <= y and y + side + area.label_height <= bottom + height


def test_a_15x15_kakuro_answer_is_set_under_a_10x10_one_in_a_built_book(tmp_path):
    import json

    import pypdfium2

    from bookmaker.book.build import build
    spec = tmp_path / "book.yaml"
    spec.write_text("book: {title: K, seed: 3, layout: kdp-6x9, answers: back}\nsections:\n"
                    "  - {name: A, variant: kakuro, size: 10x10, count: 1, difficulty: beginner}\n"
                    "  - {name: B, variant: kakuro, size: 15x15, count: 1, difficulty: beginner}\n",
                    encoding="utf-8")
    build(load_spec(spec), tmp_path / "out", workers=1)
    entries = json.loads((tmp_path / "out" / "k.json").read_text("utf-8"))["puzzles"]
    assert entries[0]["answer_page"] == entries[1]["answer_page"]  # one page, not two
    document = pypdfium2.PdfDocument(tmp_path / "out" / "k.pdf")
    text = document[entries[0]["answer_page"] - 1].get_textpage().get_text_range()
    assert "Answers 1–2" in text and f"Puzzle on page {entries[1]['page']}" in text


def area_inside(area) -> float:
    """The inside margin that leaves the area's width on a 6 in page with 0.5 in outside."""
    return inches(6) - 36 - area.width


def test_6x6_answers_pack_more_to_a_page_than_9x9_ones():
    layout = load_preset("kdp-6x9")
    assert layout.answers_per_page_for(9) == 6
    assert layout.answers_per_page_for(6, 70.0) > 6
    assert layout.answers_per_page_for(16) <= 6


def test_an_expert_killer_prints_one_to_a_6x9_page_by_default(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text("book: {title: T, seed: 1}\nsections:\n"
                    "  - {name: Easy, size: 9x9, count: 2, variant: killer, difficulty: easy}\n"
                    "  - {name: Hard, size: 9x9, count: 2, variant: killer, difficulty: expert}\n"
                    "  - {name: Classic, size: 9x9, count: 2, difficulty: expert}\n",
                    encoding="utf-8")
    assert [s.puzzles_per_page for s in load_spec(spec).sections] == [2, 1, 2]


def test_explanations_come_after_the_puzzles_and_the_answers():
    class Section:
        count, puzzles_per_page, answers_per_page = 6, 2, 6
    plan = plan_book(FrontMatter(how_to_play=2), [Section()], "back",
                     back=BackMatter(hints=1, paths=3, glossary=1))
    kinds = [page.kind for page in plan.book]
    assert kinds.count(HOW_TO_PLAY) == 2
    assert kinds.index(HINTS) < kinds.index(ANSWERS) < kinds.index(PATHS) < kinds.index(GLOSSARY)
    assert kinds.count(PATHS) == 3


# --- copy -------------------------------------------------------------------------------

def test_the_machine_sounding_lines_are_off_by_default(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text("book: {title: T, seed: 1, author: A}\nsections:\n"
                    "  - {name: S, size: 9x9, count: 1}\n", encoding="utf-8")
    loaded = load_spec(spec)
    assert not loaded.front_matter.credit
    assert ENGLISH.text("credit") not in copyright_lines(loaded, ENGLISH)
    for language in ("en", "de", "fr", "es", "it", "nl", "pl", "pt"):
        unique = load_catalogue(language).text("unique").lower()
        assert not any(word in unique for word in ("comput", "informati", "rechner"))
    assert loaded.explanations == Explanations()


def test_sizes_print_with_a_multiplication_sign_and_german_says_ziffer_and_jigsaw():
    assert grid_size_text(CLASSIC, 9) == "9×9"
    assert caption_parts("Warm-up", "Easy", grid_size_text(CLASSIC, 9)) == \
        ["Warm-up", "Easy", "9×9"]
    # A book in numbers says Ziffer throughout; Zeichen only names symbols of any kind
    # (letters, a Wordoku's word): where the English says symbol (named_symbols, and the web
    # page's words, which play any kind's symbols).
    english = load_catalogue("en").texts
    anything = {key for key, text in english.items() if "symbol" in text}
    assert "named_symbols" in anything and "web.page.enter_symbol" in anything
    german = " ".join(text for key, text in GERMAN.texts.items() if key not in anything)
    assert "Zeichen" not in german and GERMAN.text("variants.jigsaw") == "Jigsaw"
    assert rules_sentence([(9, numbers(9))], GERMAN) == (
        "Füllen Sie das Gitter so aus, dass jede Zeile, jede Spalte und jeder umrandete Block "
        "die Ziffern 1 bis 9 je genau einmal enthält.")
    assert "die Zeichen A, B, C" in rules_sentence([(9, glyphs_of("letters", 9))], GERMAN)


def test_the_title_page_names_the_kind_between_two_rules():
    page = title_page(TRAVEL, "Sudoku on the Go", "150 Puzzles", "A. Lovelace", "Killer Sudoku")
    assert [b.style for b in page.texts] == ["kicker", "rule", "title", "subtitle", "rule",
                                             "subtitle"]
    assert page.texts[0].lines == ("KILLER SUDOKU",)


def test_a_killers_chart_lists_the_cages_with_one_set_of_digits():
    chart = KILLER.presentation.combination_chart(9)
    assert chart[0] == (2, ((3, (1, 2)), (4, (1, 3)), (16, (7, 9)), (17, (8, 9))))
    assert [cells for cells, _ in chart] == [2, 3, 4, 5]
    assert CLASSIC.presentation.combination_chart(9) == ()


# --- the how-to-play teaches each kind -------------------------------------------------

def test_a_variety_book_has_a_part_for_each_kind_with_its_own_worked_example(classic, killer):
    x = kind_named("x")
    diagonal = x.make(MakeRequest(x.frame(6), 3, "any", "rotational", record_rating=False))
    boards = [(9, CLASSIC, ()), (6, x, ()), (6, KILLER, ())]
    examples = [_example(puzzle, TRAVEL) for puzzle in (classic, diagonal, killer)]
    pieces = how_to_play_pieces(boards, ENGLISH, examples, "", False, False)
    pages = flow(pieces, _setter(), TRAVEL, 4, TextBlock(("How to play (continued)",),
                                                          "heading"))
    headings = [block.lines[0] for page in pages for block in page.texts
                if block.style == "heading"]
    parts = [h for h in headings if h in ("Sudoku", "Sudoku X", "Killer Sudoku")]
    assert parts == ["Sudoku", "Sudoku X", "Killer Sudoku"]
    grids = [g for page in pages for g in page.placements]
    puzzles = [g for g in grids if g.solution is None]
    # Each kind's example, drawn as its kind (the Killer with its cages), with the
    # values its worked steps place written in and shaded.
    assert [g.grid.shape for g in puzzles] == [classic.shape, diagonal.shape, killer.shape]
    assert puzzles[2].marks.cages and puzzles[2].cell >= least_cell(KILLER)
    for grid in puzzles:
        assert grid.shaded and grid.entered is not None
        assert all(grid.entered.cells[cell] and not grid.grid.cells[cell]
                   for cell in grid.shaded)
    text = " ".join(line for page in pages for block in page.texts for line in block.lines)
    assert "2 cells: 3=12, 4=13, 10=46, 11=56" in text  # the 6x6 Killer's cage chart


def test_a_killers_and_a_futoshikis_worked_example_place_numbers(killer):
    futoshiki = kind_named("futoshiki")
    signs = futoshiki.make(MakeRequest(futoshiki.frame(5), 2, "easy", record_rating=False))
    for puzzle in (killer, signs):
        pieces = how_to_play_pieces([(puzzle.shape.size, kind_of_puzzle(puzzle), ())], ENGLISH,
                                    [_example(puzzle, TRAVEL)], "", False, False)
        steps = [line for piece in pieces for block in _blocks(piece) for line in block.lines
                 if line[:3] in ("1. ", "2. ", "3. ", "4. ", "5. ", "6. ")]
        assert 2 <= len(steps) <= 6
        assert any(" in r" in line and "no " not in line.split(":")[1] for line in steps)


def test_every_kind_teaches_at_the_books_own_size(tmp_path):
    # A 9x9 Killer book taught with a 6x6 Killer whose rules said 1 to 9 (issue 36).
    killer = example_puzzles(load_spec(_book_file(tmp_path, "killer", "9x9")))
    assert [(kind_of_puzzle(p), p.shape.size) for p in killer] == [(KILLER, 9)]
    calc = example_puzzles(load_spec(_book_file(tmp_path, "calcudoku", "4x4")))
    assert [(kind_of_puzzle(p).name, p.shape.size) for p in calc] == [("calcudoku", 4)]
    samurai = example_puzzles(load_spec(_book_file(tmp_path, "samurai", "9x9")))
    assert [kind_of_puzzle(p).name for p in samurai] == ["samurai"]  # drawn alone, at its own size
    big = example_puzzles(load_spec(_book_file(tmp_path, "killer", "12x12")))
    assert [p.shape.size for p in big] == [9]  # a 12x12 beside its solution would not fit


def test_a_kakuro_books_tips_have_words_and_its_unique_sums():
    kakuro = kind_named("kakuro")
    pieces = how_to_play_pieces([(8, kakuro, ())], ENGLISH, [], "", False, False)
    text = [line for piece in pieces for block in _blocks(piece) for line in block.lines]
    assert ENGLISH.text("tips.kakuro") in text
    assert "Runs with one set of digits (unique sums)" in text
    assert "2 cells: 3=12, 4=13, 16=79, 17=89" in text
    assert "7 cells: 28=1234567, 29=1234568, 41=2456789, 42=3456789" in text


def test_a_calcudoku_book_lists_the_products_of_two_cells():
    calc = kind_named("calcudoku")
    pieces = how_to_play_pieces([(6, calc, ())], ENGLISH, [], "", False, False)
    text = [line for piece in pieces for block in _blocks(piece) for line in block.lines]
    assert "Two cells and their product" in text
    products = next(line for line in text if line.startswith("2=1×2"))
    assert "6=1×6 or 2×3" in products and "12=2×6 or 3×4" in products
    assert products.endswith("30=5×6")
    added = how_to_play_pieces([(6, kind_named("calcudoku-add"), ())], ENGLISH, [], "",
                               False, False)
    assert "Two cells and their product" not in [  # no products in an addition-only book
        line for piece in added for block in _blocks(piece) for line in block.lines]


def _book_file(tmp_path, variant: str, size: str):
    path = tmp_path / f"{variant}.yaml"
    path.write_text("book: {title: T, seed: 1, layout: kdp-6x9}\nsections:\n"
                    f"  - {{name: A, variant: {variant}, size: {size}, count: 1}}\n",
                    encoding="utf-8")
    return path


def test_a_calcudoku_books_how_to_play_speaks_of_rows_and_columns_only():
    calc = kind_named("calcudoku")
    pieces = how_to_play_pieces([(6, calc, ())], ENGLISH, [], "", True, False)
    text = " ".join(line for piece in pieces for block in _blocks(piece)
                    for line in block.lines)
    assert ENGLISH.text("tips.calcudoku") in text and ENGLISH.text("tips.classic") not in text
    assert ENGLISH.text("advice_no_boxes") in text and "columns and boxes" not in text
    # The legend: Calcudoku's grades (to extreme since issue 38), without Sudoku's
    # techniques beside them.
    assert "■■□□□□  Easy" in text and "■■■■■■  Extreme" in text
    assert "locked candidates" not in text


def _blocks(piece) -> list[TextBlock]:
    if isinstance(piece, TextBlock):
        return [piece]
    if isinstance(piece, Together):
        return [part for part in piece.pieces if isinstance(part, TextBlock)]
    return []


def test_floats_wait_for_the_end_of_a_paragraph_split_at_a_pages_foot():
    # A figure floated past a paragraph split between pages went in between its halves.
    setter = _setter()
    placed = []

    def place(left, top, width):
        placed.append(top)
        return ()
    words = " ".join(f"word{n}" for n in range(120))
    pages = flow([TextBlock(("line",) * 20, "body"), Figure(200.0, place),
                  TextBlock((words,), "body")], setter, TRAVEL, 1,
                 TextBlock(("Continued",), "heading"))
    second = pages[1].texts
    assert second[0].lines == ("Continued",) and second[1].lines[0].startswith("word")
    rest_height = setter.height(replace(second[1], space_before=0.0), TRAVEL.live_width)
    _, bottom, _, height = TRAVEL.content_box(2)
    heading = setter.height(second[0], TRAVEL.live_width)
    assert placed == [pytest.approx(bottom + height - heading - rest_height - 6.0)]


def test_a_glossary_example_is_on_the_page_of_its_entry(classic, killer):
    # Issue 22: an example floated to the next page while the entries after it filled
    # this one, so a figure landed a page after its entry, under another's text.
    solved = solve_each(_planned(2), [classic, killer])
    room = Room(TRAVEL.live_width, TRAVEL.content_height, 14.0, 2.5,
                lambda s: least_cell(KILLER if s.marks.cages else CLASSIC))
    techniques = techniques_used(solved)
    pieces = glossary_pieces(techniques, ENGLISH, solved, room)
    pages = flow(pieces, _setter(), TRAVEL, 1, TextBlock(("Techniques (continued)",),
                                                         "heading"))
    assert len(pages) > 1
    names = [line for page in pages for block in page.texts if block.style == "entry"
             for line in block.lines]
    assert names == [technique_name(t, ENGLISH) for t in techniques]  # in order
    for page in pages:
        entries = [line for block in page.texts if block.style == "entry"
                   for line in block.lines]
        examples = [line for block in page.texts for line in block.lines
                    if line.startswith("In puzzle")]
        assert len(page.placements) == len(examples) <= len(entries)
        for example in examples:  # each example's technique is named on its page
            assert any(example.startswith(f"In puzzle {n}: {name}") for name in entries
                       for n in (1, 2))


def test_a_glossary_example_draws_the_first_use_with_its_cells_shaded(classic, killer):
    solved = solve_each(_planned(2), [classic, killer])
    room = Room(TRAVEL.live_width, TRAVEL.content_height, 14.0, 2.5,
                lambda s: least_cell(KILLER if s.marks.cages else CLASSIC))
    pieces = glossary_pieces(techniques_used(solved), ENGLISH, solved, room)
    drawn = [piece for piece in pieces if isinstance(piece, Beside)]
    assert len(drawn) == len(techniques_used(solved))  # every technique, drawn
    combinations = next(d for d in drawn if "Cage combinations" in d.blocks[-1].lines[0])
    name, _note, words = combinations.blocks  # the entry's text beside its example
    figure = combinations.figure
    assert name.lines == ("Cage combinations",) and combinations.width == figure.height
    (placement,) = figure.place(36.0, 500.0, TRAVEL.live_width)
    s, index = cast(tuple, first_use("cage combinations", solved))
    step = s.steps[index]
    assert s.number == 2 and placement.marks.cages  # the Killer, drawn with its cages
    assert set(placement.shaded) == {cell for cell, _ in step.eliminations}
    placed = {cell: value for earlier in s.steps[:index + 1] for cell, value in earlier.placements}
    assert all(placement.grid.cells[cell] == value for cell, value in placed.items())
    assert placement.cell >= least_cell(KILLER) - 1e-9
    assert words.lines == (f"In puzzle 2: {step_text(step, s.shape, ENGLISH)}.",)


def test_a_solving_path_draws_its_hardest_step_beside_its_heading(classic, killer):
    # Issue 36: no grid anywhere in the explained solutions. Now the step a reader gets
    # stuck at, as the grid stands before it, its pattern shaded, under the puzzle's name.
    solved = solve_each(_planned(2), [classic, killer])
    room = Room(TRAVEL.live_width, TRAVEL.content_height, 14.0, 2.5,
                lambda s: least_cell(KILLER if s.marks.cages else CLASSIC))
    pieces = path_pieces(solved, ENGLISH, room)
    drawn = pieces[2]
    assert isinstance(drawn, Beside)
    heading, line = drawn.blocks
    assert heading.lines == ("Puzzle 1 · Easy · about 10 min",)
    crux = solved[0].crux
    assert crux is not None and crux.technique == "locked candidates (pointing)"
    number = solved[0].steps.index(crux)
    assert line.lines == ("Step 2, where it gets hard, as the grid stands before it: "
                          "Locked candidates (pointing), box 7 and row 8: no 7 in r8c5, r8c6 "
                          "and r8c8.",)
    (placement,) = drawn.figure.place(36.0, 500.0, TRAVEL.live_width)
    assert placement.shaded == crux.cells == (63, 64, 65)  # r8c1-r8c3: box 7 meets row 8
    assert placement.ringed == (67, 68, 70)  # r8c5, r8c6 and r8c8 lose their 7
    placed = {cell for step in solved[0].steps[:number] for cell, _ in step.placements}
    filled = {cell for cell, value in enumerate(placement.grid.cells)
              if value and not classic.givens.cells[cell]}
    assert filled == placed  # the values placed before the step, and none after
    assert pieces[3].lines[1].startswith(
        "2.\u00a0Locked candidates (pointing), box 7 and row 8: no 7")
    # A Killer's cage combinations are no single either: drawn too, with its cages.
    (killer_board,) = cast(Beside, pieces[4]).figure.place(36.0, 500.0, TRAVEL.live_width)
    assert killer_board.marks.cages and killer_board.shaded == cast(Step, solved[1].crux).cells


def test_a_solving_path_can_draw_every_step_beyond_singles_or_none(classic):
    solved = solve_each(_planned(1), [classic])
    room = Room(TRAVEL.live_width, TRAVEL.content_height, 14.0, 2.5,
                lambda s: least_cell(CLASSIC))
    every = path_pieces(solved, ENGLISH, room, "every")[3:]
    drawn = [piece for piece in every if isinstance(piece, Beside)  # a run's grid aside
             and not piece.blocks[0].lines[0].startswith("The grid after")]
    beyond = [step for step in solved[0].steps if step.technique not in CLASSIC.singles]
    assert len(drawn) == len(beyond) == 2  # both its pointings, each drawn
    assert drawn[0].blocks[0].lines == (
        "2.\u00a0Locked candidates (pointing), box 7 and row 8: no 7 in r8c5, r8c6 and r8c8.",)
    (first,) = drawn[0].figure.place(36.0, 500.0, TRAVEL.live_width)
    assert (first.shaded, first.ringed) == (beyond[0].cells, (67, 68, 70))
    text = [piece for piece in every if isinstance(piece, TextBlock)]
    assert text[0].lines[0].startswith("1.\u00a0Hidden single: ")  # the steps before it
    assert drawn[1].blocks[0].lines[0].startswith("3.\u00a0Locked candidates (pointing)")
    assert text[1].lines[0].startswith("4.\u00a0Hidden single")  # the path goes on under
    assert all(block.continued == "Puzzle 1 · Easy · about 10 min (continued)"
               for block in text)
    none = path_pieces(solved, ENGLISH, room, "none")
    assert not [piece for piece in none if isinstance(piece, (Beside, Together, Figure))]
    assert none[3].lines == path_pieces(solved, ENGLISH)[3].lines


def test_a_skyscrapers_part_draws_what_a_clue_sees_on_its_solved_example():
    towers = kind_named("skyscrapers")
    puzzle = towers.make(MakeRequest(towers.frame(5), 4, "easy", record_rating=False))
    line = towers.presentation.seen_line(puzzle.extras)
    views = {cells: (front, back) for cells, front, back in puzzle.extras.lines()}
    assert len(line) == 5 and (1 in views[line] or max(views[line]) == max(
        max(clues) for clues in views.values()))
    pieces = how_to_play_pieces([(5, towers, ())], ENGLISH, [_example(puzzle, TRAVEL)], "",
                                False, False)
    pages = flow(pieces, _setter(), TRAVEL, 4, TextBlock(("How to play (continued)",),
                                                          "heading"))
    grids = [g for page in pages for g in page.placements]
    aid = next(g for g in grids if set(g.shaded) == set(line))
    assert aid.solution is None and aid.marks.edges  # drawn as a puzzle: its clues kept
    assert aid.entered == puzzle.solution
    text = " ".join(line for page in pages for block in page.texts for line in block.lines)
    assert ENGLISH.text("aids.skyscrapers") in text
    assert CLASSIC.presentation.seen_line(None) == ()
