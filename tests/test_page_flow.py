"""Page flow (issue 36): no page of a flowing text part holds a stub (a word, a few
lines), a paragraph parts with two lines at least on each page, a float never passes a
heading, and a page that goes on with a section restates it."""

from __future__ import annotations

import re
import tempfile
from functools import cache
from pathlib import Path

import pytest

from bookmaker.book.build import example_puzzles
from bookmaker.book.compose import compose, text_setter
from bookmaker.book.plan import plan
from bookmaker.pages.flow import Figure, TextSetter, Together, flow
from bookmaker.pages.page import PageGeometry, TextBlock
from bookmaker.puzzles.produce import make_puzzle
from bookmaker.spec import load_spec

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = sorted(path for path in (REPO / "examples").glob("*.yaml")
                  if not path.name.startswith("daily"))
LEAST_WORDS = 60  # a page of flowing text holds at least this many words (five lines)


def _words(page) -> int:
    """The words a page of flowing text holds, its 'continued' heading aside."""
    blocks = page.texts[1:] if page.number and page.texts and \
        page.texts[0].style == "heading" and "(" in page.texts[0].lines[0] else page.texts
    return sum(len(line.split()) for block in blocks for line in block.lines)


@cache
def _smallest_book(path: Path):
    """The example with one puzzle a section (its how-to-play, times and explanations as
    the full book's), composed (once: the tests below share it)."""
    with tempfile.TemporaryDirectory() as folder:
        small = Path(folder) / path.name
        text = re.sub(r"count: \d+", "count: 1", path.read_text(encoding="utf-8"))
        # The gentlest grade is the quickest to make; the pages of text are the same.
        text = re.sub(r"difficulty: \w+", "difficulty: beginner", text)
        small.write_text(text, encoding="utf-8")
        spec = load_spec(small)
        planned = plan(spec)
        puzzles = [make_puzzle(p.job) for p in planned]
        return compose(spec, planned, puzzles, example_puzzles(spec))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_no_page_of_flowing_text_in_an_example_holds_only_a_few_words(path):
    book = _smallest_book(path)
    pages = [page for page in book.documents[0].pages if page.flowed]
    assert pages
    goes_on = [page for page in pages  # a part's first page holds as much as the part
               if not any(block.style == "title" for block in page.texts)]
    stubs = [(page.number, _words(page)) for page in goes_on
             if not page.placements and _words(page) < LEAST_WORDS]
    assert stubs == []


def _setter() -> TextSetter:
    return TextSetter(lambda text, bold, size: len(text) * size * 0.5,
                      {"title": 20.0, "subtitle": 14.0, "heading": 12.0, "body": 10.0,
                       "caption": 8.0})


PAGE = PageGeometry(200.0, 200.0, 0.0, 10.0, 10.0, 10.0, 10.0, 0.0, 0.0)  # 180 x 180 points


def _lines_of(block: TextBlock) -> int:
    setter = _setter()
    return sum(len(setter.lines(block, line, PAGE.live_width)) for line in block.lines)


def test_a_paragraph_parts_with_two_lines_at_least_on_each_page():
    words = " ".join(f"word{i}" for i in range(200))
    filler = TextBlock(tuple("x" for _ in range(8)), "body")  # 8 paragraphs of a line
    pages = flow([filler, TextBlock((words,), "body")], _setter(), PAGE, 1,
                 TextBlock(("Part (continued)",), "heading"))
    parts = [block for page in pages for block in page.texts
             if block.style == "body" and block.lines[0] != "x"]
    assert len(parts) > 2  # the paragraph is split
    assert min(_lines_of(block) for block in parts) >= 2


def test_a_last_page_of_a_line_takes_lines_from_the_page_before():
    one_line = "a b c"
    body = TextBlock(tuple(one_line for _ in range(12)), "body")  # 12 lines of 15 points
    pages = flow([body], _setter(), PAGE, 1, TextBlock(("Part (continued)",), "heading"))
    assert len(pages) == 2
    last = [block for block in pages[-1].texts if block.style == "body"]
    held = sum(len(block.lines) for block in last)
    assert held * 15.0 >= PAGE.content_height * 0.25 - 1e-6  # a quarter page, not a line


def test_a_float_waiting_for_room_never_comes_between_a_blocks_paragraphs():
    # The difficulty legend, floated past the tips, fell between two kinds' tips.
    room = TextBlock(tuple("a b c" for _ in range(5)), "body")  # 95 of the 180 points
    legend = Together((TextBlock(("Legend",), "heading"), Figure(100.0, lambda *a: ())))
    tips = TextBlock(tuple(f"tip{n}" for n in range(6)), "body")  # one paragraph a kind
    pages = flow([room, legend, TextBlock(("Tips",), "heading"), tips], _setter(), PAGE, 1,
                 TextBlock(("P (continued)",), "heading"))
    order = [line for page in pages for block in page.texts for line in block.lines]
    assert order.index("Legend") not in range(order.index("tip0"), order.index("tip5"))


def test_a_chart_that_passes_fills_the_page_its_one_waiting_example_leaves():
    # Issue 39: kakuro.yaml's rules page was a third white while its worked example waited
    # for the next; its chart, which the rules call 'the chart below', came after it.
    intro = TextBlock(tuple("a b c" for _ in range(5)), "body")  # 95 of 180 points
    example = Together((TextBlock(("Example",), "entry"), Figure(100.0, lambda *_: ())))
    chart = Together((TextBlock(("Chart",), "heading"), TextBlock(("1=1", "2=2"), "body")),
                     passes=True)
    pages = flow([intro, example, chart], _setter(), PAGE, 1,
                 TextBlock(("Part (continued)",), "heading"))
    assert [[line for block in page.texts for line in block.lines] for page in pages] == \
        [["a b c"] * 5 + ["Chart", "1=1", "2=2"], ["Part (continued)", "Example"]]
    # Behind two waiting floats (another kind's example after this one's) it keeps its
    # place, as one that does not pass always does.
    pages = flow([intro, example, example, chart], _setter(), PAGE, 1,
                 TextBlock(("Part (continued)",), "heading"))
    assert [line for block in pages[0].texts for line in block.lines] == ["a b c"] * 5


def test_a_page_that_goes_on_with_a_section_restates_its_heading():
    body = TextBlock(tuple("a b c d e f" for _ in range(30)), "body")
    pages = flow([TextBlock(("Tips",), "heading"), body], _setter(), PAGE, 1,
                 TextBlock(("Part (continued)",), "heading"),
                 lambda section: TextBlock((f"{section} (continued)",), "heading"))
    assert len(pages) > 1
    assert all(page.texts[0].lines == ("Tips (continued)",) for page in pages[1:])


def test_a_page_opened_by_a_float_that_waited_goes_on_with_the_part_not_the_section():
    # A worked example that waited for the next page came under 'Solving tips (continued)'
    # (the large-print book's), the heading set last before it, whose text it is not.
    intro = TextBlock(tuple("a b c" for _ in range(6)), "body")  # 114 of 180 points
    example = Together((TextBlock(("Example",), "entry"), Figure(100.0, lambda *_: ())))
    tips = [TextBlock(("Tips",), "heading"), TextBlock(("d e f", "g h i"), "body")]
    pages = flow([intro, example, *tips], _setter(), PAGE, 1,
                 TextBlock(("Part (continued)",), "heading"),
                 lambda section: TextBlock((f"{section} (continued)",), "heading"))
    assert [[line for block in page.texts for line in block.lines][:2] for page in pages] \
        == [["a b c", "a b c"], ["Part (continued)", "Example"]]


def test_a_worked_example_starts_where_its_grids_and_first_steps_fit_its_other_steps_overleaf():
    # Issue 39: Star Battle's example, kept whole, waited for the next page and left the
    # one of its rule 60% white (logic.yaml's p. 9).
    intro = TextBlock(tuple("a b c" for _ in range(3)), "body")  # 57 of 180 points
    steps = TextBlock(("Steps:", *(f"{n}. x" for n in range(1, 7))), "body")  # 19 each
    # The heading (14) and figure (46) leave room for three of the steps' seven lines.
    example = Together((TextBlock(("Example",), "entry"), Figure(40.0, lambda *_: ()), steps),
                       kept=3)
    pages = flow([intro, example], _setter(), PAGE, 1,
                 TextBlock(("Part (continued)",), "heading"),
                 lambda section: TextBlock((f"{section} (continued)",), "heading"))
    lines = [[line for block in page.texts for line in block.lines] for page in pages]
    assert lines == [["a b c"] * 3 + ["Example", "Steps:", "1. x", "2. x"],
                     ["Example (continued)", "3. x", "4. x", "5. x", "6. x"]]
    # ... and waits whole where not even those fit.
    pages = flow([TextBlock(("a b c",) * 6, "body"), example], _setter(), PAGE, 1,
                 TextBlock(("Part (continued)",), "heading"))
    assert [line for block in pages[0].texts for line in block.lines] == ["a b c"] * 6
    assert pages[1].texts[1].lines == ("Example",)


def _held(page, setter, geometry) -> float:
    """The share of the content height a page of flowing text fills: its text (the white
    above each block, over a figure, included) or its lowest grid, whichever is lower."""
    _, bottom, _, height = geometry.content_box(page.number)
    text = sum(setter.height(block, geometry.live_width) for block in page.texts)
    lowest = min((grid.y for grid in page.placements), default=bottom + height)
    return max(text, bottom + height - lowest) / height


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_no_page_in_an_example_is_left_half_white_by_the_worked_example_after_it(path):
    # Issue 39: logic.yaml's p. 9 held Star Battle's rule and tips, 40% of the page, and its
    # worked example (heading, grids and six steps) waited whole for p. 10.
    document = _smallest_book(path).documents[0]
    setter, geometry = text_setter(document.style), document.style.geometry
    pages = [page for page in document.pages if page.flowed]
    waited = [(page.number, round(_held(page, setter, geometry), 2))
              for page, after in zip(pages, pages[1:])
              if any(block.lines[:1] == ("Worked example",) for block in after.texts[:2])]
    assert [(number, held) for number, held in waited if held < 0.5] == []


def test_a_figure_on_a_page_set_shorter_stays_right_under_the_text_before_it():
    # The page before a stub is set shorter; its figure was placed as far lower, over
    # the text under it (the Calcudoku example's worked example).
    placed = []

    def place(left, top, width):
        placed.append(top)
        return ()
    before = TextBlock(tuple("a b c" for _ in range(5)), "body")  # 5 x 19 = 95 points
    after = TextBlock(tuple("d e f" for _ in range(3)), "body")  # 2 fit; 1 is a stub
    pages = flow([before, Figure(40.0, place), after], _setter(), PAGE, 1,
                 TextBlock(("Part (continued)",), "heading"))
    assert len(pages) == 2 and sum(len(b.lines) for b in pages[1].texts[1:]) == 3
    _, bottom, _, height = PAGE.content_box(1)
    assert placed[-1] == pytest.approx(bottom + height - 95.0 - 6.0)


def test_a_kinds_tips_fill_the_page_its_worked_example_waits_after():
    # Issue 36: kakuro.yaml's how-to-play took three pages, the first half empty while the
    # worked example waited for the next and the tips came after it, alone on a third.
    # The tips come before the example now, on the page the example leaves.
    book = _smallest_book(REPO / "examples" / "kakuro.yaml")  # composed once, above
    part = [page for page in book.documents[0].pages if page.flowed and page.texts and
            page.texts[0].lines[0].startswith("How to play")]
    tips = "In a Kakuro, start with the runs"
    assert len(part) == 2
    assert any(line.startswith(tips) for block in part[0].texts for line in block.lines)
    assert part[1].placements  # the worked example
    # Its chart, which the tips call 'the chart below', fills the page the example leaves
    # (p. 4 was 0.65 full and p. 5 0.96, the chart under the example overleaf).
    assert any(block.lines[0].startswith("Runs with one set of digits")
               for block in part[0].texts)
    document = book.documents[0]
    setter, geometry = text_setter(document.style), document.style.geometry
    assert [round(_held(page, setter, geometry), 2) for page in part] == [0.91, 0.7]


def test_a_worked_example_a_few_points_too_tall_starts_on_the_page_with_smaller_grids():
    # Issue 39: latin.yaml's rules page was left a third white: the example's grids and
    # first two steps were 8 points too tall for it. Its grids drawn that much smaller
    # (never under their least), it starts there.
    intro = TextBlock(tuple("a b c" for _ in range(3)), "body")  # 57 of 180 points
    steps = TextBlock(("Steps:", *(f"{n}. x" for n in range(1, 7))), "body")  # 19 each

    def example(figure: float, least: float) -> Together:
        return Together((TextBlock(("Example",), "entry"), Figure(figure, lambda *_: ()),
                         steps), kept=3,
                        shrunk=lambda short: example(figure - short, least)
                        if figure - short >= least else None)
    # The heading (14), figure (66 with its space) and three lines (57) need 137 of 123:
    # its figure 46 points tall, they fit.
    pages = flow([intro, example(60.0, 40.0)], _setter(), PAGE, 1,
                 TextBlock(("Part (continued)",), "heading"))
    assert [line for block in pages[0].texts for line in block.lines] == \
        ["a b c"] * 3 + ["Example", "Steps:", "1. x", "2. x"]
    # ... but not where its figure would fall under its least: it waits whole.
    pages = flow([intro, example(60.0, 50.0)], _setter(), PAGE, 1,
                 TextBlock(("Part (continued)",), "heading"))
    assert [line for block in pages[0].texts for line in block.lines] == ["a b c"] * 3


def test_latin_yaml_s_how_to_play_leaves_no_rules_page_a_third_white():
    # Issue 39: its p. 4 held the rules and Futoshiki's tips (65%), the example waiting
    # for p. 5; the part took four pages.
    document = _smallest_book(REPO / "examples" / "latin.yaml").documents[0]
    setter, geometry = text_setter(document.style), document.style.geometry
    part = [page for page in document.pages if page.flowed]
    assert [round(_held(page, setter, geometry), 2) for page in part] == [1.0, 1.0, 0.69]


def test_a_variety_book_s_worked_example_going_on_overleaf_names_its_kind():
    # Issue 39: five kinds' examples, and p. 10 of logic.yaml said only 'Worked example
    # (continued)'.
    document = _smallest_book(REPO / "examples" / "logic.yaml").documents[0]
    said = [block.lines[0] for page in document.pages if page.flowed
            for block in page.texts if "(continued)" in block.lines[0]]
    assert "Star Battle · Worked example (continued)" in said
    assert "Worked example (continued)" not in said
