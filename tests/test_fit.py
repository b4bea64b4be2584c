"""The spec's fit check and the printed pages follow one rule: what the spec accepts, the
pages print with cells at least the layout's minimum."""

from __future__ import annotations

import pytest

from bookmaker.book.compose import page_geometry
from bookmaker.design import load_preset, preset_names
from bookmaker.pages.paginate import grid_slots

SIZES = [4, 6, 8, 9, 12, 16, 25]
THICKEST = 828  # the last row of KDP's gutter table: the widest inside margin


@pytest.mark.parametrize("name", preset_names())
@pytest.mark.parametrize("size", SIZES)
def test_the_most_puzzles_the_spec_allows_print_with_cells_of_at_least_the_minimum(name, size):
    layout = load_preset(name)
    most = layout.puzzles_that_fit(size)
    if most == 0:
        return  # the spec refuses this size on this page: nothing is printed
    geometry = page_geometry(layout, THICKEST if layout.gutter else 1)
    for page in (1, 2):  # right- and left-hand pages mirror their margins
        slots = grid_slots(geometry, page, most, layout.grids.label_height,
                           layout.below_height, layout.grids.gap, layout.lines.border)
        assert len(slots) == most
        assert min(side for _, _, side in slots) / size >= layout.min_puzzle_cell - 1e-6


@pytest.mark.parametrize("name", preset_names())
@pytest.mark.parametrize("size", SIZES)
def test_the_most_answers_the_spec_allows_print_with_cells_of_at_least_the_minimum(name, size):
    layout = load_preset(name)
    most = layout.answers_that_fit(size)
    if most == 0:
        return
    geometry = page_geometry(layout, THICKEST if layout.gutter else 1)
    slots = grid_slots(geometry, 1, most, layout.grids.label_height,
                       layout.answer_below_height, layout.grids.gap, layout.lines.border)
    assert min(side for _, _, side in slots) / size >= layout.min_answer_cell - 1e-6
