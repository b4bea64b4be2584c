"""A self-contained web page to solve puzzles on: one HTML file, its script, style and
puzzles inline, no server and no network. Every kind is drawn as in print, from the same
data the print pages draw (pages/board.py: the board's cells, thin, heavy and outline
lines, shaded cells; the kind's marks: cage loops and labels, signs, edge clues, blocks),
as inline SVG by the page's script (web/page.js).

A page holds the puzzles it is given: a daily's folder gets one page a day (its answer, in
the page for checking, is that day's alone: a page never carries a later day's puzzle or
answer), a book's one page of all its puzzles, drawn one at a time so that it opens as
fast with 300 as with one.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any
from xml.sax.saxutils import escape

from ..core.board.grid import SYMBOLS
from ..core.board.marks import Marks
from ..core.board.shape import Shape
from ..design.catalogue import Catalogue, load_catalogue
from ..design.howtoplay import rules_text
from ..pages.board import (
    CAGE_DASH,
    CAGE_LABEL_AT,
    OUTLINED,
    OUTLINED_LABEL_AT,
    SHADE_GREY,
    BoardDrawing,
    board_drawing,
    cage_borders,
    cage_drawings,
    edge_centre,
    label_cell,
    sign_chevron,
)
from ..render.metrics import BLOCK_ACROSS_AT, BLOCK_DOWN_AT
from .items import ExportItem


def page_html(items: Sequence[ExportItem], title: str = "", language: str = "en") -> str:
    """The page of the items, its rules in `language` (the book's or the daily's). The
    page plays answers of values only: a kind whose answer is symbols, shading, edges or
    links (core/kinds/answer.py; Binairo, Tango) is left off it, until it plays them."""
    shown = title or (items[0].heading if items else "Puzzles")
    words = load_catalogue(language)
    played = [item for item in items if item.puzzle.kind.answer.numbered]
    return page_of([puzzle_data(item, words) for item in played], title, shown, language)


def page_of(puzzles: list[dict[str, Any]], title: str, shown: str, language: str) -> str:
    """The template with the style, the script and the puzzles' data (puzzle_data; JSON,
    with '<' escaped so no text can close the script element) filled in."""
    data = json.dumps({"title": title, "puzzles": puzzles}, sort_keys=True,
                      ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return _asset("page.html").replace("{{title}}", escape(shown)) \
        .replace("{{language}}", escape(language)) \
        .replace("{{style}}", _asset("page.css")).replace("{{script}}", _asset("page.js")) \
        .replace("{{data}}", data)


@cache
def _asset(name: str) -> str:
    return (resources.files(__package__) / "web" / name).read_text(encoding="utf-8")


def puzzle_data(item: ExportItem, words: Catalogue | None = None) -> dict[str, Any]:
    """What the page's script draws and checks for one puzzle; its rules are its kind's,
    as print and the dailies say them (design/howtoplay.rules_text), in English unless
    `words` are another language's."""
    words = words or load_catalogue("en")
    puzzle = item.puzzle
    kind, board = puzzle.kind, puzzle.shape
    marks = kind.marks(puzzle.givens, puzzle.extras)
    symbols = item.about.symbols or SYMBOLS[:board.size]
    data: dict[str, Any] = {
        "id": item.about.id or item.stem, "heading": item.heading, "caption": item.caption,
        "kind": kind.title,
        "rules": rules_text(kind, board.size, tuple(item.about.symbols), words),
        "size": board.size, "symbols": list(symbols),
        "givens": list(puzzle.givens.cells), "solution": list(puzzle.solution.cells),
    }
    return data | drawing_data(board_drawing(board), board) | marks_data(marks, board)


def drawing_data(drawing: BoardDrawing, board: Shape) -> dict[str, Any]:
    """The board as print draws it: cells, lines by weight, shaded cells, in cell units."""
    return {"frame": drawing.frame, "cells": [list(p) for p in board.positions],
            "full": drawing.full, "thin": _runs(drawing.thin), "heavy": _runs(drawing.heavy),
            "outline": _runs(drawing.outline), "shaded": [list(p) for p in drawing.shaded],
            "shade": SHADE_GREY, "dash": list(CAGE_DASH)}


def marks_data(marks: Marks, board: Shape) -> dict[str, Any]:
    """The kind's marks in cell units, placed as print places them (pages/board.py, render/
    board.py): dashed cages as inset loops, outlined cages as border runs, each label at
    its corner; signs as chevrons (and the cells they compare, for the cells' labels);
    edge clues at the centres of the ring's cells (`ring` cells of margin; their side and
    line, for the labels); clue blocks with their sums' centres. Any kind's marks are
    drawn from these alone: the page knows no kind."""
    dashed = [cage for cage in marks.cages if cage.style != OUTLINED]
    outlined = [cage for cage in marks.cages if cage.style == OUTLINED]
    labels = [{"text": cage.label, "at": list(_offset(label_cell(board, cage), corner)),
               "cell": list(label_cell(board, cage))}
              for cages, corner in ((dashed, CAGE_LABEL_AT), (outlined, OUTLINED_LABEL_AT))
              for cage in cages]
    frame = board_drawing(board).frame
    return {"ring": marks.outside,
            "loops": [[list(p) for p in loop] for cage in cage_drawings(board, dashed)
                      for loop in cage.loops],
            "borders": _runs(cage_borders(board, outlined)), "labels": labels,
            "signs": [{"points": [list(p) for p in sign_chevron(board, sign)],
                       "cells": [sign.first, sign.second], "sign": sign.sign}
                      for sign in marks.signs],
            "edges": [{"text": e.text, "at": list(edge_centre(frame, e)), "side": e.side,
                       "index": e.index} for e in marks.edges],
            "blocks": [{"at": [b.row, b.col], "clues": [
                {"text": text, "at": list(_offset((b.row, b.col), corner))}
                for text, corner in ((b.across, BLOCK_ACROSS_AT), (b.down, BLOCK_DOWN_AT))
                if text]} for b in marks.blocks]}


def _offset(cell: tuple[int, int], corner: tuple[float, float]) -> tuple[float, float]:
    """(x, y) in cells of a point `corner` (x, y) into the cell (row, col)."""
    return cell[1] + corner[0], cell[0] + corner[1]


def _runs(items) -> list[list[int]]:
    return [[int(run.vertical), run.at, run.start, run.end] for run in items]
