"""The logic kinds' common refusals (core/kinds/logickind.py): each says them in its own
words, from its data, through one body."""

from __future__ import annotations

from bookmaker.core.board.grid import Grid
from bookmaker.core.kinds.logickind import LogicKind, RectangleKind
from bookmaker.core.registry import all_kinds, kind_named

# Each logic kind's refusal of a box, of a square below and above what it makes, and (a
# Star Battle) of one between its sizes: word for word as before they were one.
REFUSED = {
    "binairo": ("a Binairo has no boxes: give its size alone",
                "binairo puzzles are made in the even sizes 6x6 to 14x14; got 5x5",
                "binairo puzzles are made in the even sizes 6x6 to 14x14; got 16x16"),
    "tango": ("a Tango has no boxes: give its size alone",
              "tango puzzles are made in the even sizes 6x6 to 14x14; got 5x5",
              "tango puzzles are made in the even sizes 6x6 to 14x14; got 16x16"),
    "nonogram": ("a Nonogram has no boxes: give its size alone",
                 "nonogram puzzles are 5x5 to 40x40; got 4x4",
                 "nonogram puzzles are 5x5 to 40x40; got 41x41"),
    "color-nonogram": ("a colour Nonogram has no boxes: give its size alone",
                       "color-nonogram puzzles are 5x5 to 40x40; got 4x4",
                       "color-nonogram puzzles are 5x5 to 40x40; got 41x41"),
    "starbattle": ("a Star Battle has regions, not boxes: give its size alone",
                   "Star Battles are made 5x5 to 8x8 (one star), 9x9 to 12x12 (two stars) "
                   "and 14x14 (three stars); got 4x4",
                   "Star Battles are made 5x5 to 8x8 (one star), 9x9 to 12x12 (two stars) "
                   "and 14x14 (three stars); got 13x13",
                   "Star Battles are made 5x5 to 8x8 (one star), 9x9 to 12x12 (two stars) "
                   "and 14x14 (three stars); got 15x15"),
    "hashi": ("a Hashi has no boxes: give its size alone",
              "hashi puzzles are made in the sizes 7x7 to 25x25, and rectangles (rows x "
              "columns) of those sides; got 6x6",
              "hashi puzzles are made in the sizes 7x7 to 25x25, and rectangles (rows x "
              "columns) of those sides; got 26x26"),
    "slitherlink": ("a Slitherlink has no boxes: give its size alone",
                    "slitherlink puzzles are made 5x5 to 20x20, and rectangles (rows x "
                    "columns) of sides 5 to 20 and 5 to 30; got 4x4",
                    "slitherlink puzzles are made 5x5 to 20x20, and rectangles (rows x "
                    "columns) of sides 5 to 20 and 5 to 30; got 21x21"),
}


def _asked(message: str) -> int:
    return int(message.split("; got ")[1].split("x")[0])


def test_every_logic_kind_refuses_sizes_and_boxes_through_one_body_in_its_own_words():
    logic = [kind for kind in all_kinds() if isinstance(kind, LogicKind)]
    assert {kind.name for kind in logic} == set(REFUSED)
    for kind in logic:
        body = RectangleKind if isinstance(kind, RectangleKind) else LogicKind  # its sides'
        assert type(kind).size_problem is body.size_problem, kind.name  # data, not code
        boxed, *sizes = REFUSED[kind.name]
        assert kind.size_problem(9, True) == boxed
        assert [kind.size_problem(_asked(said), False) for said in sizes] == sizes
        least, most = (_asked(sizes[0]) + 1, _asked(sizes[1]) - 1) if body is RectangleKind \
            else (kind.sizes[0], kind.sizes[-1])
        assert kind.size_problem(least, False) is None and kind.size_problem(most, False) is None


def test_how_an_answer_is_drawn_is_its_kind_s_and_pages_ask_it_not_its_glyphs():
    """render/ and pages/ ask a placement how its kind's answer is drawn (Answer.drawing),
    never compare its glyphs: a kind with other glyphs is drawn as its answer says."""
    from pathlib import Path

    from bookmaker.core.kinds.answer import DRAWINGS, SHADING_GLYPHS, Answer
    from bookmaker.pages.page import GridPlacement

    drawn = {kind.name: kind.answer.drawing for kind in all_kinds()}
    assert set(drawn.values()) == set(DRAWINGS)
    assert [drawn[name] for name in ("classic", "binairo", "nonogram", "starbattle",
                                     "color-nonogram", "hashi", "slitherlink")] == \
        list(DRAWINGS[:1] + DRAWINGS[:1] + DRAWINGS[1:])
    starred = Answer("shading", SHADING_GLYPHS, drawn="stars")  # stars with '-' and '#'
    board = kind_named("nonogram").square(5)
    placement = GridPlacement(0, 0, 90, Grid(board, (0,) * 25), glyphs=SHADING_GLYPHS,
                              drawn=starred.drawing)
    assert placement.fills and placement.starred and not placement.bridges
    package = Path(__file__).parent.parent / "bookmaker"
    for folder in ("render", "pages"):
        for module in (package / folder).glob("*.py"):
            assert "_GLYPHS" not in module.read_text().replace("LETTER_GLYPHS", ""), module
