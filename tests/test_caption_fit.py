"""A puzzle's caption and answer note share one line under small grids: the section's name
left to the running head that prints it, the note's short form where needed, in every
language (a 5x5 Skyscrapers on a 6x9 page wrapped 'Answer on page 19' onto a second line)."""

from __future__ import annotations

import pytest

from bookmaker.book.compose import page_geometry
from bookmaker.core.grade.grades import GRADES
from bookmaker.core.registry import kind_named
from bookmaker.design import load_preset
from bookmaker.design.captions import (
    answer_note_text,
    caption_lines,
    caption_parts,
    fitted_caption,
    kind_name,
)
from bookmaker.design.catalogue import language_names, load_catalogue
from bookmaker.design.fontfile import read_font
from bookmaker.pages.paginate import grid_slots
from bookmaker.render.fonts import default_fonts

THICKEST = 828  # pages: the widest inside margin of KDP's gutter table
NAME = "Low Towers"  # examples/latin.yaml's section, printed in the running head


def small_grid_side() -> tuple[float, float]:
    """(side, caption size) of the two puzzles a 6x9 page holds, at the widest gutter."""
    layout = load_preset("kdp-6x9")
    geometry = page_geometry(layout, THICKEST)
    side = grid_slots(geometry, 1, 2, layout.grids.label_height, layout.below_height,
                      layout.grids.gap, layout.lines.border)[0][2]
    return side, layout.caption_size


@pytest.mark.parametrize("language", language_names())
@pytest.mark.parametrize("kind", ["skyscrapers", "futoshiki"])
def test_a_latin_caption_and_its_note_share_one_line_under_a_small_grid(language, kind):
    side, size = small_grid_side()
    regular = read_font(str(default_fonts()[0]))
    words = load_catalogue(language)
    notes = [answer_note_text("back", words, 199, short) for short in (False, True)]
    for grade in GRADES:
        parts = caption_parts(NAME, words.grade(grade), "5×5",
                              kind_name(words, kind_named(kind)))
        caption, note = fitted_caption(parts, notes, side,
                                       lambda text: regular.width(text, size), size, [NAME])
        assert caption_lines(caption.split(" · "), note, side,
                             lambda text: regular.width(text, size), size, 1), \
            (language, grade, caption, note)
        assert note in notes and kind_name(words, kind_named(kind)) in caption


def test_a_caption_that_fits_keeps_its_long_form():
    # Where the caption and its note fit one line as they are, nothing is shortened: books
    # whose captions fitted print the same bytes as before.
    side, size = small_grid_side()
    regular = read_font(str(default_fonts()[0]))
    words = load_catalogue("en")
    parts = caption_parts("Signs", words.grade("easy"), "5×5", "Futoshiki")
    notes = [answer_note_text("back", words, 19, short) for short in (False, True)]
    assert fitted_caption(parts, notes, side, lambda text: regular.width(text, size), size,
                          ["Signs"]) == ("Signs · Futoshiki · Easy · 5×5", "Answer on page 19")


def test_a_caption_too_long_for_its_first_part_alone_breaks_after_a_later_part():
    # A Polish book of the example's 'Sums Only' section was refused at load: its name and
    # 'Calcudoku z dodawaniem', the grade and size were too wide for one line, and the
    # grade, size and 'Rozwiązanie na stronie 888' too wide for the second. Broken after
    # the kind, both lines fit.
    measure = len  # a character a point
    parts = ["Sums Only", "Calcudoku z dodawaniem", "Początkujący", "4×4"]
    note = "Rozwiązanie na stronie 888"
    assert caption_lines(parts, note, 46, measure, 1.0) == [
        ("Sums Only · Calcudoku z dodawaniem", ""),
        ("Początkujący · 4×4", "Rozwiązanie na stronie 888")]
    # The breaks tried before stay first (books whose captions fitted print the same
    # bytes): the whole caption over the note where it fits a line.
    assert caption_lines(parts, note, 60, measure, 1.0) == [
        ("Sums Only · Calcudoku z dodawaniem · Początkujący · 4×4", ""), ("", note)]
    assert caption_lines(parts, note, 40, measure, 1.0) is None


@pytest.mark.parametrize("language", ["pl", "fr", "es"])
def test_the_example_books_load_in_languages_with_long_kind_names(tmp_path, language):
    from pathlib import Path

    from bookmaker.spec.load import load_spec

    examples = Path(__file__).resolve().parents[1] / "examples"
    for name in ("calcudoku.yaml", "colour-pictures.yaml"):
        text = (examples / name).read_text(encoding="utf-8")
        copy = tmp_path / name
        copy.write_text(text.replace("book:\n", f"book:\n  language: {language}\n", 1),
                        encoding="utf-8")
        assert load_spec(copy).language == language
