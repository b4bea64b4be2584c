"""Tests for bookmaker.pages (page and paginate): slots fit, never overlap, mirror; page numbers."""

from __future__ import annotations

import itertools

import pytest

from bookmaker.core.board.grid import Grid, conflicts
from bookmaker.core.board.shape import shape_for_size
from bookmaker.design.catalogue import load_catalogue
from bookmaker.design.glyphs import numbers
from bookmaker.design.howtoplay import rules_sentence
from bookmaker.pages.bookpages import title_page
from bookmaker.pages.page import (
    Page,
    PageGeometry,
    TextBlock,
    facing_number,
    inches,
    is_right_hand,
)
from bookmaker.pages.paginate import (
    GridItem,
    best_arrangement,
    grid_slots,
    page_count,
    page_of_each,
    paginate_puzzles,
)

TRAVEL = PageGeometry(inches(6), inches(9), inches(0.125), margin_top=36, margin_bottom=36,
                      margin_inside=54, margin_outside=36, header_space=18, footer_space=20)
LETTER = PageGeometry(inches(8.5), inches(11), 0, margin_inside=54, margin_outside=43)
LANDSCAPE = PageGeometry(inches(11), inches(8.5), 0, margin_inside=40, margin_outside=30)
GEOMETRIES = [TRAVEL, LETTER, LANDSCAPE]
LABEL, BELOW, GUTTER = 16.0, 14.0, 18.0
EPSILON = 1e-6


def solved_grid(size: int) -> Grid:
    """A valid complete grid from the classic shifting pattern."""
    shape = shape_for_size(size)
    rows, cols = shape.box_rows, shape.box_cols
    cells = tuple((cols * (r % rows) + r // rows + c) % size + 1
                  for r in range(size) for c in range(size))
    return Grid(shape, cells)


def with_blanks(grid: Grid) -> Grid:
    """The grid with every other cell blanked: a stand-in puzzle."""
    return Grid(grid.shape, tuple(v if i % 2 else 0 for i, v in enumerate(grid.cells)))


def text_box(slot, label=LABEL, below=BELOW):
    """The rectangle (x0, y0, x1, y1) a slot uses, its label above and caption below."""
    x, y, side = slot
    return x, y - below, x + side, y + side + label


def overlaps(a, b) -> bool:
    return a[0] < b[2] - EPSILON and b[0] < a[2] - EPSILON and \
        a[1] < b[3] - EPSILON and b[1] < a[3] - EPSILON


def test_the_stand_in_grids_are_valid_sudoku():
    for size in (4, 6, 9, 16, 25):
        assert conflicts(solved_grid(size)) == []


@pytest.mark.parametrize("geometry", GEOMETRIES, ids=["6x9", "letter", "landscape"])
@pytest.mark.parametrize("per_page", range(1, 13))
@pytest.mark.parametrize("page_number", [1, 2])
def test_slots_lie_inside_the_content_area_with_their_texts(geometry, per_page, page_number):
    left, bottom, width, height = geometry.content_box(page_number)
    slots = grid_slots(geometry, page_number, per_page, LABEL, BELOW, GUTTER)
    assert len(slots) == per_page
    for slot in slots:
        x0, y0, x1, y1 = text_box(slot)
        assert x0 >= left - EPSILON and x1 <= left + width + EPSILON
        assert y0 >= bottom - EPSILON and y1 <= bottom + height + EPSILON


@pytest.mark.parametrize("geometry", GEOMETRIES, ids=["6x9", "letter", "landscape"])
@pytest.mark.parametrize("per_page", range(2, 13))
def test_slots_keep_at_least_a_gutter_between_grids_and_their_texts(geometry, per_page):
    slots = grid_slots(geometry, 1, per_page, LABEL, BELOW, GUTTER)
    for a, b in itertools.combinations(slots, 2):
        grown = (text_box(a)[0] - GUTTER + EPSILON, text_box(a)[1] - GUTTER + EPSILON,
                 text_box(a)[2] + GUTTER - EPSILON, text_box(a)[3] + GUTTER - EPSILON)
        assert not overlaps(grown, text_box(b))


@pytest.mark.parametrize("per_page", range(1, 10))
def test_all_slots_on_a_page_have_the_same_size_and_fill_rows_from_the_top(per_page):
    slots = grid_slots(TRAVEL, 1, per_page, LABEL, BELOW)
    assert len({side for _, _, side in slots}) == 1
    ys = [y for _, y, _ in slots]
    assert ys == sorted(ys, reverse=True)


def test_odd_pages_have_the_inside_margin_on_the_left_and_even_pages_on_the_right():
    odd = grid_slots(TRAVEL, 3, 4, LABEL, BELOW)
    even = grid_slots(TRAVEL, 4, 4, LABEL, BELOW)
    shift = TRAVEL.margin_inside - TRAVEL.margin_outside
    assert [x - shift for x, _, _ in odd] == pytest.approx([x for x, _, _ in even])
    assert [(y, s) for _, y, s in odd] == [(y, s) for _, y, s in even]
    assert TRAVEL.left_margin(1) == TRAVEL.margin_inside
    assert TRAVEL.left_margin(2) == TRAVEL.margin_outside
    assert is_right_hand(1) and not is_right_hand(2)


def test_one_grid_per_page_takes_the_full_width_of_a_tall_page_and_is_centred_vertically():
    (x, y, side), = grid_slots(TRAVEL, 1, 1, LABEL, BELOW)
    left, bottom, width, height = TRAVEL.content_box(1)
    assert (x, side) == pytest.approx((left, width))
    space_above = bottom + height - (y + side + LABEL)
    space_below = y - BELOW - bottom
    assert space_above == pytest.approx(space_below)


def test_a_short_last_row_is_centred():
    slots = grid_slots(LETTER, 1, 5, LABEL, BELOW)
    left, _, width, _ = LETTER.content_box(1)
    *_, (x, _, side) = slots
    assert x + side / 2 == pytest.approx(left + width / 2)


@pytest.mark.parametrize("count, rows, cols", [(1, 1, 1), (2, 2, 1), (4, 2, 2), (6, 3, 2),
                                               (9, 3, 3)])
def test_the_arrangement_maximises_grid_size_on_a_portrait_page(count, rows, cols):
    fit = best_arrangement(TRAVEL.live_width, TRAVEL.content_height, count, LABEL + BELOW)
    assert (fit.rows, fit.columns) == (rows, cols)


def test_too_many_grids_for_the_page_is_an_error():
    with pytest.raises(ValueError, match="do not fit"):
        grid_slots(TRAVEL, 1, 400, LABEL, BELOW)
    with pytest.raises(ValueError, match="at least 1"):
        grid_slots(TRAVEL, 1, 0, LABEL, BELOW)


def test_page_of_each_fills_pages_in_order_from_the_first_number():
    assert page_of_each(9, 4, 5) == [5, 5, 5, 5, 6, 6, 6, 6, 7]
    assert page_of_each(3, 1, 1) == [1, 2, 3]
    assert page_of_each(0, 4, 1) == []
    assert page_count(9, 4) == 3 and page_count(8, 4) == 2 and page_count(0, 4) == 0


def items(count: int, captions: bool = True) -> list[GridItem]:
    grid = solved_grid(9)
    return [GridItem(with_blanks(grid), None, f"Puzzle {i + 1}", "Easy" if captions else "",
                     f"Answer on page {i}" if captions else "") for i in range(count)]


def test_paginate_puts_each_item_on_the_page_page_of_each_names():
    puzzles = items(10)
    pages = paginate_puzzles(puzzles, TRAVEL, 4, 7, LABEL, BELOW, header="Easy", footer="f")
    assert [p.number for p in pages] == [7, 8, 9]
    landed = [page.number for page in pages for _ in page.placements]
    assert landed == page_of_each(10, 4, 7)
    labels = [pl.label for page in pages for pl in page.placements]
    assert labels == [f"Puzzle {i + 1}" for i in range(10)]
    assert all(p.header == "Easy" and p.footer == "f" for p in pages)


def test_paginate_mirrors_margins_by_page_number():
    pages = paginate_puzzles(items(8), TRAVEL, 4, 1, LABEL, BELOW)
    for page in pages:
        expected = grid_slots(TRAVEL, page.number, 4, LABEL, BELOW)
        assert [(p.x, p.y, p.side) for p in page.placements] == expected


def test_paginate_keeps_no_line_below_grids_when_no_item_has_a_caption_or_note():
    # a landscape page is height-bound, so the line saved shows as a larger grid
    bare = paginate_puzzles(items(1, captions=False), LANDSCAPE, 1, 1, LABEL)
    captioned = paginate_puzzles(items(1), LANDSCAPE, 1, 1, LABEL)
    assert bare[0].placements[0].side == pytest.approx(captioned[0].placements[0].side + LABEL)


def test_unnumbered_pages_show_no_number():
    pages = paginate_puzzles(items(2), TRAVEL, 1, 3, LABEL, numbered=False)
    assert [p.number for p in pages] == [None, None]


def test_answers_carry_their_solution():
    grid = solved_grid(9)
    pages = paginate_puzzles([GridItem(with_blanks(grid), grid, "Puzzle 1")], TRAVEL, 9, 1)
    assert pages[0].placements[0].solution == grid


def test_facing_number_is_the_printed_number_or_else_the_position():
    assert facing_number(Page(number=7), 2) == 7
    assert facing_number(Page(number=None), 2) == 2


def test_geometry_rejects_impossible_pages():
    with pytest.raises(ValueError, match="positive"):
        PageGeometry(0, 100)
    with pytest.raises(ValueError, match="negative"):
        PageGeometry(100, 100, bleed=-1)
    with pytest.raises(ValueError, match="no room"):
        PageGeometry(100, 100, margin_inside=60, margin_outside=60)


def test_text_blocks_accept_only_known_styles_and_tuples_of_lines():
    assert TextBlock(("Hello",), "title").style == "title"
    with pytest.raises(ValueError, match="unknown text style 'huge'"):
        TextBlock(("x",), "huge")
    with pytest.raises(TypeError):
        TextBlock("not a tuple")


def test_title_page_is_unnumbered_and_holds_title_subtitle_and_author():
    page = title_page(TRAVEL, "Sudoku", "100 puzzles", "A. Author")
    assert page.number is None
    assert [b.lines for b in page.texts] == [("Sudoku",), ("100 puzzles",), ("A. Author",)]
    assert [b.style for b in page.texts] == ["title", "subtitle", "subtitle"]


def test_how_to_play_names_the_symbols_of_each_size():
    english = load_catalogue("en")
    sentence = rules_sentence([(9, numbers(9)), (16, numbers(16))], english)
    assert "1 to 9 in the 9×9 puzzles" in sentence and "1 to 16 in the 16×16" in sentence
    assert rules_sentence([(9, numbers(9))], english) == (
        "Fill the grid so that every row, every column and every outlined box contains each "
        "of the numbers 1 to 9 exactly once.")
