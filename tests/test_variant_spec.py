"""`variant:` in book sections and daily weekdays: the default, the sizes each variant
takes (refused with file:line:col), a Samurai alone on its page, and Killer grids kept
large enough for their cage totals."""

from __future__ import annotations

from pathlib import Path

import pytest

from bookmaker.spec import SpecError, load_spec
from bookmaker.spec.daily import load_daily_spec

BOOK = """\
book:
  title: Variants
  seed: 1
  layout: kdp-6x9
sections:
  - name: First
    size: 9x9
    count: 2
{more}"""

DAILY = """\
daily:
  series: Grid
  seed: 1
  layout: newspaper-2col
schedule:
  monday: {{difficulty: easy{more}}}
"""


def book_problems(tmp_path: Path, more: str) -> list[str]:
    path = tmp_path / "book.yaml"
    path.write_text(BOOK.format(more=more), encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        load_spec(path)
    return [line.split("book.yaml:", 1)[1] for line in str(caught.value).splitlines()]


def book(tmp_path: Path, more: str):
    path = tmp_path / "book.yaml"
    path.write_text(BOOK.format(more=more), encoding="utf-8")
    return load_spec(path)


def test_a_section_is_classic_unless_it_says_otherwise(tmp_path):
    spec = book(tmp_path, "    variant: killer-x\n")
    assert spec.sections[0].variant == "killer-x"
    assert book(tmp_path, "").sections[0].variant == "classic"


@pytest.mark.parametrize("more, problem", [
    ("    variant: jigsw\n", "9:14: sections[0].variant: expected one of: classic, x, "
                             "hyper, jigsaw, samurai, killer, killer-x, calcudoku, "
                             "calcudoku-add, calcudoku-hidden, futoshiki, skyscrapers, "
                             "kakuro, binairo, tango, nonogram, starbattle, hashi, slitherlink, "
                             "color-nonogram; got the text "
                             "'jigsw' (did you mean 'jigsaw'?)"),
    ("    variant: hyper\n    box: 3x3\n  - {name: Small, size: 6x6, count: 1, variant: "
     "hyper}\n", "11:49: sections[1].variant: hyper (four extra 3x3 windows) is 9x9 only, "
                 "got 6x6"),
    ("  - {name: S, size: 6x6, count: 1, variant: samurai}\n",
     "9:45: sections[1].variant: a samurai is five 9x9 grids: its size is 9x9, got 6x6"),
    ("    variant: jigsaw\n    box: 3x3\n", "9:14: sections[0].variant: a jigsaw has "
                                           "irregular regions, not boxes: give its size alone"),
    ("  - {name: K, size: 16x16, count: 1, variant: killer}\n",
     "9:47: sections[1].variant: killer puzzles are made in the sizes 4x4, 6x6, 8x8, 9x9, "
     "12x12; got 16x16"),
    ("  - {name: J, size: 20x20, count: 1, variant: jigsaw}\n",
     "9:47: sections[1].variant: a jigsaw is 4x4 to 18x18, got 20x20"),
])
def test_a_size_the_variant_does_not_take_is_refused_where_it_is_written(tmp_path, more,
                                                                         problem):
    assert book_problems(tmp_path, more) == [problem]


def test_a_samurai_is_alone_on_its_page(tmp_path):
    assert book(tmp_path, "    variant: samurai\n").sections[0].puzzles_per_page == 1
    assert book_problems(tmp_path, "    variant: samurai\n    puzzles_per_page: 2\n") == [
        "10:23: sections[0].puzzles_per_page: a samurai is printed one a page, as large as "
        "the page allows; got 2"]


def test_killer_cells_stay_large_enough_for_their_totals(tmp_path):
    # A classic 9x9 prints four a page on a 6x9 page; a Killer's totals need larger cells.
    assert book(tmp_path, "    puzzles_per_page: 4\n").sections[0].puzzles_per_page == 4
    assert book(tmp_path, "    variant: killer\n").sections[0].puzzles_per_page == 2
    [problem] = book_problems(tmp_path, "    variant: killer\n    puzzles_per_page: 4\n")
    assert problem.startswith("10:23: sections[0].puzzles_per_page: 4 9x9 puzzles do not "
                              "fit on one kdp-6x9 page: the cells would be 17.2 pt, under "
                              "the 22.")
    assert problem.endswith("pt minimum for readable cage totals (at most 2 fit)")


def test_a_daily_weekday_takes_a_variant_and_its_sizes(tmp_path):
    path = tmp_path / "paper.yaml"
    path.write_text(DAILY.format(more=", variant: killer"), encoding="utf-8")
    assert load_daily_spec(path).schedule[0].variant == "killer"
    path.write_text(DAILY.format(more=", variant: hyper, size: 6x6"), encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        load_daily_spec(path)
    assert str(caught.value).endswith("paper.yaml:6:39: schedule.monday.variant: hyper (four "
                                      "extra 3x3 windows) is 9x9 only, got 6x6")


ALL_VARIANTS = "".join(f"  - {{name: {name}, size: 9x9, count: 1, variant: {variant}}}\n"
                       for name, variant in (("Diagonals", "x"), ("Windows", "hyper"),
                                             ("Shapes", "jigsaw"), ("Cages", "killer"),
                                             ("Cages and Diagonals", "killer-x")))


def test_a_large_print_book_of_five_kinds_loads_and_its_rules_flow_on(tmp_path):
    # Issue 22: the rules of five kinds were 718 pt for a 670 pt large-print page, and the
    # book was refused at load; the how-to-play text now flows onto the next page.
    path = tmp_path / "book.yaml"
    path.write_text(BOOK.format(more=ALL_VARIANTS).replace("kdp-6x9", "large-print"),
                    encoding="utf-8")
    assert load_spec(path).sections[5].variant == "killer-x"


def test_captions_contents_and_rules_name_each_variant(tmp_path):
    from bookmaker.book.compose import caption
    from bookmaker.book.howtoplay import how_to_play_pieces
    from bookmaker.design.catalogue import load_catalogue
    spec = book(tmp_path, ALL_VARIANTS + "  - {name: Samurai, size: 9x9, count: 1, "
                                         "variant: samurai}\n")
    english = load_catalogue("en")
    assert [caption(s, "Easy", english) for s in spec.sections] == [
        "First · Easy · 9×9", "Diagonals · X · Easy · 9×9", "Windows · Hyper · Easy · 9×9",
        "Shapes · Jigsaw · Easy · 9×9", "Cages · Killer · Easy · 9×9",
        "Cages and Diagonals · Killer X · Easy · 9×9", "Samurai · Easy"]
    pieces = how_to_play_pieces([(s.size, s.kind, s.glyphs) for s in spec.sections], english, [],
                                "", False, False)
    blocks = [block for piece in pieces for block in getattr(piece, "pieces", (piece,))]
    paragraphs = [line for block in blocks if block.style == "body" for line in block.lines]
    assert [p.split(":")[0] for p in paragraphs if p.split(":")[0] in (
        "X", "Hyper", "Jigsaw", "Killer", "Killer X", "Samurai")] == [
        "X", "Hyper", "Jigsaw", "Killer", "Killer X", "Samurai"]  # each in its kind's part
    headings = [block.lines[0] for block in blocks if block.style == "heading"]
    assert [h for h in headings if "Sudoku" in h] == [
        "Sudoku", "Sudoku X", "Hyper Sudoku", "Jigsaw Sudoku", "Killer Sudoku",
        "Killer Sudoku X", "Samurai Sudoku"]
    german = load_catalogue("de")
    assert caption(spec.sections[3], "Leicht", german) == "Shapes · Jigsaw · Leicht · 9×9"


def test_a_kind_is_read_in_any_case_and_by_its_aliases(tmp_path):
    # Issue 27 L9: 'variant: X' was refused without a suggestion; kinds are words, not keys.
    spec = book(tmp_path, "    variant: X\n  - {name: Windows, size: 9x9, count: 1, "
                          "variant: Windoku}\n")
    assert [s.variant for s in spec.sections] == ["x", "hyper"]


@pytest.mark.parametrize("more, problem", [
    ("    variant: killer\n    symmetry: rotational\n",
     "10:15: sections[0].symmetry: a Killer is made without givens, so it has no clue "
     "pattern: leave symmetry out"),
    ("    variant: killer\n    rating: 3.0-4.0\n",
     "10:13: sections[0].rating: SE ratings are for puzzles with givens; a Killer takes a "
     "difficulty"),
])
def test_a_killer_section_refuses_what_shapes_givens_or_rates_them(tmp_path, more, problem):
    # Issue 27 L1 and M5: symmetry, clues and rating were ignored silently on a Killer.
    assert book_problems(tmp_path, more) == [problem]
