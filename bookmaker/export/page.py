"""A self-contained web page to solve puzzles on: one HTML file, its script, style and
puzzles inline, no server and no network. Every kind is drawn as in print, from the same
data the print pages draw (pages/board.py: the board's cells, thin, heavy and outline
lines, shaded cells; the kind's marks: cage loops and labels, signs, edge clues, blocks),
as inline SVG by the page's script (web/page.js).

A page holds the puzzles it is given: a daily's folder gets one page a day (its answer, in
the page for checking, is that day's alone: a page never carries a later day's puzzle or
answer), a book's one page of all its puzzles, drawn one at a time so that it opens as
fast with 300 as with one. A puzzle given without its answer (PageOptions.answers false: a
daily whose answers come the next day) carries only a salted SHA-256 digest of its whole
grid, which tells the page it is solved and tells no one the answer.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from functools import cache
from importlib import resources
from typing import Any
from xml.sax.saxutils import escape

from ..core.board.marks import BlockMark, Marks
from ..core.board.shape import Shape, Unit
from ..core.kinds.answer import Limits
from ..core.registry import kind_of_puzzle
from ..design.captions import kind_title, with_size_mark
from ..design.catalogue import Catalogue, load_catalogue
from ..design.colournames import colour_value_text
from ..design.glyphs import numbers
from ..design.howtoplay import rules_text
from ..design.inks import digits_on
from ..pages.board import (
    BLOCK_DIAGONAL_INSET,
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
    sign_strokes,
)
from ..render.metrics import BLOCK_ACROSS_AT, BLOCK_DOWN_AT
from .items import ExportItem
from .pagewords import page_word, script_words, web_texts, with_page_words

# The answer forms (core/kinds/answer.py) the page plays: a symbol a cell typed (values,
# symbols: page.js), cells shaded and marked white (shading: web/shading.js), or painted
# in a palette's colours and marked white (colours: web/shading.js, its palette's), a loop's
# edges (web/edges.js) and an island's bridges (web/links.js), each from a puzzle's data
# alone (edges: givens clue + 1, solution 1 outside and 2 inside; links: givens an
# island's count, solution water 9 none, 10|11 across, 12|13 down).
PLAYED_FORMS = ("values", "symbols", "shading", "colours", "edges", "links")
# Each answer form's module of hooks and its style (web/NAME.js, NAME.css), inlined after
# the page's style and before its script (which asks the puzzle's form for the hooks) on
# a page with a puzzle of that form: a Sudoku's page carries none of them.
FORM_MODULES = {"shading": "shading", "colours": "shading", "edges": "edges",
                "links": "links"}
# What a screen reader hears of a sign at each of its two cells ("less than row 1, column
# 2"): the catalogue's web.signs texts, each naming the other {cell}.
SIGN_WORDS = {"<": ("less", "greater"), ">": ("greater", "less"), "=": ("same", "same"),
              "x": ("unlike", "unlike")}


@dataclass(frozen=True)
class PageOptions:
    """How a page is published: with its answers (Check and Reveal) or only their digest;
    the reader's helps on at first (conflicts marked, the selection's units highlighted,
    the timer shown; each can be turned off on the page); the desk's colours (CSS custom
    properties by name, '#rrggbb')."""

    answers: bool = True
    conflicts: bool = True
    highlight: bool = True
    timer: bool = True
    colours: dict[str, str] = field(default_factory=dict)

    def script_options(self) -> dict[str, bool]:
        return {"conflicts": self.conflicts, "highlight": self.highlight, "timer": self.timer}


def page_html(items: Sequence[ExportItem], title: str = "", language: str = "en",
              options: PageOptions = PageOptions(),
              answered: Sequence[ExportItem] = ()) -> str:
    """The page of the items, its rules in `language` (the book's or the daily's), each with
    its answer or not as `options` say; and the `answered` items with theirs (the day
    before's puzzle on a page whose answers come the next day). The page plays the answer
    forms of PLAYED_FORMS; a kind whose answer is edges or links (core/kinds/answer.py) is
    left off it, until it plays them."""
    played, played_answered = _played(items), _played(answered)
    words = load_catalogue(language)
    shown = title or (items[0].heading if items else page_word(words, "puzzles"))
    puzzles = [puzzle_data(item, words, options.answers) for item in played] + \
        [puzzle_data(item, words) for item in played_answered]
    return page_of(puzzles, title, shown, language, options)


def _played(items: Sequence[ExportItem]) -> list[ExportItem]:
    """The items the page can play: those whose kind's answer form it draws and takes."""
    return [item for item in items
            if kind_of_puzzle(item.puzzle).answer.form in PLAYED_FORMS]


def page_of(puzzles: list[dict[str, Any]], title: str, shown: str, language: str,
            options: PageOptions = PageOptions()) -> str:
    """The template in the language's words (export/pagewords.py) with the style, the
    script and the puzzles' data (puzzle_data, and the words the scripts say; JSON, with '<'
    escaped so no text can close the script element) filled in."""
    words = load_catalogue(language)
    forms = {puzzle.get("form", "") for puzzle in puzzles}
    modules = list(dict.fromkeys(name for form, name in FORM_MODULES.items() if form in forms))
    data = json.dumps({"title": title, "puzzles": puzzles,
                       "words": script_words(words, modules),
                       "options": options.script_options(), "colours": options.colours},
                      sort_keys=True, ensure_ascii=False,
                      separators=(",", ":")).replace("<", "\\u003c")
    return with_page_words(_asset("page.html"), words).replace("{{title}}", escape(shown)) \
        .replace("{{language}}", escape(language)) \
        .replace("{{style}}", "\n".join(_asset(name + ".css") for name in ["page"] + modules)) \
        .replace("{{script}}", "\n".join(_asset(name + ".js") for name in modules + ["page"])) \
        .replace("{{data}}", data)


@cache
def _asset(name: str) -> str:
    """A file of web/, its script and style without indentation, blank lines and comments
    (a day's page is smaller by a third; the script has no text that spans lines)."""
    text = (resources.files(__package__) / "web" / name).read_text(encoding="utf-8")
    if name.endswith(".css"):
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    if name.endswith((".css", ".js")):
        lines = (line.strip() for line in text.splitlines())
        text = "\n".join(line for line in lines if line and not line.startswith("//"))
    return text


def puzzle_data(item: ExportItem, words: Catalogue | None = None,
                answer: bool = True) -> dict[str, Any]:
    """What the page's script draws and checks for one puzzle; its kind's full name and
    rules, as print and the dailies say them (design/captions.kind_title, howtoplay.
    rules_text), in English unless `words` are another language's; its values shown as
    print shows them (the glyphs, or the numbers 1 to n: a 12x12's 10 to 12, or the kind's
    own: Binairo's 0 and 1); the
    limits its units keep, for the conflicts the page marks; whether a tap steps a cell
    through its symbols; its answer, or (`answer` false) its digest."""
    words = words or load_catalogue("en")
    puzzle = item.puzzle
    kind, board = kind_of_puzzle(puzzle), puzzle.shape
    marks = kind.marks(puzzle.givens, puzzle.extras)
    symbols = kind.answer.glyphs or tuple(item.about.symbols) or numbers(board.size)
    data: dict[str, Any] = {
        "id": item.about.id or item.stem, "heading": item.heading, "caption": item.caption,
        "kind": with_size_mark(kind_title(words, kind), kind, board.size),
        "rules": rules_text(kind, board.size, tuple(item.about.symbols), words),
        "size": board.size, "symbols": list(symbols), "givens": list(puzzle.givens.cells),
        "limits": limits_data(kind.answer.limits, board), "cycle": kind.answer.cycled,
        "form": kind.answer.form,
    } | _answer_of(item.about.id or item.stem, puzzle.givens.cells, puzzle.solution.cells,
                   answer)
    return data | drawing_data(board_drawing(board), board) | marks_data(marks, board, words) | \
        units_data(board, marks) | palette_data(marks.palette, words)


def palette_data(palette: tuple[str, ...], words: Catalogue) -> dict[str, Any]:
    """A colour Nonogram's colours, colour c at [c - 1]: its RGB, the ink its clues' digits
    take on it (design/inks.py digits_on) and its name in the page's language (as its
    steps say it); nothing for a puzzle without colours."""
    if not palette:
        return {}
    names = colour_value_text(palette, words)
    return {"palette": [{"rgb": "#" + colour, "ink": "#" + digits_on(colour),
                         "name": names(index + 2)} for index, colour in enumerate(palette)],
            "blank": names(1)}


def limits_data(limits: Limits, board: Shape) -> dict[str, Any]:
    """The limits as the page's script reads them: `most` the count of shaded cells a unit
    holds (the board's: a Star Battle's stars a unit), 0 for none."""
    return asdict(limits) | {"most": board.box_rows if limits.most else 0}


def _answer_of(puzzle_id: str, givens: Sequence[int], solution: Sequence[int],
               answer: bool) -> dict[str, Any]:
    """The solution, or a salt and the SHA-256 of salt, ':' and the solution's values
    joined by commas (the page's script computes the same of the reader's grid). The salt
    is the puzzle's own (from its id and givens: the same page from the same spec and
    seed), so no table of digests serves two puzzles."""
    if answer:
        return {"solution": list(solution)}
    salt = hashlib.sha256(f"bookmaker page {puzzle_id} {givens}".encode()).hexdigest()[:32]
    grid = ",".join(str(value) for value in solution)
    return {"salt": salt, "digest": hashlib.sha256(f"{salt}:{grid}".encode()).hexdigest()}


def units_data(board: Shape, marks: Marks) -> dict[str, Any]:
    """The board's units by kind (rows, columns, boxes, regions, runs: lists of cells), for
    the page's conflicts, highlights and cell words; and by the same index each run's clue,
    for the kinds whose units have clues (a Kakuro run's sum)."""
    blocks = {(block.row, block.col): block for block in marks.blocks}
    cells: dict[str, list[list[int]]] = {}
    clues: dict[str, list[str]] = {}
    for unit in board.units:
        cells.setdefault(unit.kind, []).append(list(unit.cells))
        clues.setdefault(unit.kind, []).append(_run_clue(board, unit, blocks))
    return {"units": cells, "unit_clues": {kind: texts for kind, texts in clues.items()
                                           if any(texts)}}


def _run_clue(board: Shape, unit: Unit, blocks: dict[tuple[int, int], BlockMark]) -> str:
    """A run's sum: in the clue block before its first cell (left of an across run, above a
    down run); '' for any other unit."""
    if unit.kind not in ("across", "down"):
        return ""
    row, col = board.positions[unit.cells[0]]
    block = blocks.get((row, col - 1) if unit.kind == "across" else (row - 1, col))
    if block is None:
        return ""
    return block.across if unit.kind == "across" else block.down


def drawing_data(drawing: BoardDrawing, board: Shape) -> dict[str, Any]:
    """The board as print draws it: cells, lines by weight, shaded cells, in cell units."""
    return {"frame": drawing.frame, "sides": list(board.frame),
            "cells": [list(p) for p in board.positions],
            "full": drawing.full, "thin": _runs(drawing.thin), "heavy": _runs(drawing.heavy),
            "outline": _runs(drawing.outline), "shaded": [list(p) for p in drawing.shaded],
            "shade": SHADE_GREY, "dash": list(CAGE_DASH),
            "block_inset": BLOCK_DIAGONAL_INSET}


def marks_data(marks: Marks, board: Shape, words: Catalogue | None = None) -> dict[str, Any]:
    """The kind's marks in cell units, placed as print places them (pages/board.py, render/
    board.py): dashed cages as inset loops, outlined cages as border runs, each label at
    its corner; signs as print strokes them (a chevron, an =, an x), with the cells they
    compare and what each cell hears of the other ('less than {cell}', for its label);
    edge clues at the centres of the ring's cells (`ring` cells of margin, `leading` if all
    above and left; their side, line and ring, for the labels and a Nonogram's runs); clue
    blocks with their sums' centres; each cell's tint (a Star Battle's regions). Any kind's
    marks are drawn from these alone: the page knows no kind. A sign's words are in
    English unless `words` are another language's."""
    texts = web_texts(words or load_catalogue("en"))
    dashed = [cage for cage in marks.cages if cage.style != OUTLINED]
    outlined = [cage for cage in marks.cages if cage.style == OUTLINED]
    labels = [{"text": cage.label, "at": list(_offset(label_cell(board, cage), corner)),
               "cell": list(label_cell(board, cage)), "cells": list(cage.cells)}
              for cages, corner in ((dashed, CAGE_LABEL_AT), (outlined, OUTLINED_LABEL_AT))
              for cage in cages]
    frame = board_drawing(board).frame
    return {"ring": marks.outside, "leading": marks.leading, "tints": list(marks.tints),
            "loops": [[list(p) for p in loop] for cage in cage_drawings(board, dashed)
                      for loop in cage.loops],
            "borders": _runs(cage_borders(board, outlined)), "labels": labels,
            "signs": [{"strokes": _polylines(sign_strokes(board, sign)),
                       "cells": [sign.first, sign.second], "sign": sign.sign,
                       "words": [texts[f"web.signs.{key}"] for key in SIGN_WORDS[sign.sign]]}
                      for sign in marks.signs],
            "edges": [{"text": e.text, "at": list(edge_centre(frame, e)), "side": e.side,
                       "index": e.index, "ring": e.ring} | ({"colour": e.colour} if e.colour
                                                            else {}) for e in marks.edges],
            "blocks": [{"at": [b.row, b.col], "clues": [
                {"text": text, "at": list(_offset((b.row, b.col), corner))}
                for text, corner in ((b.across, BLOCK_ACROSS_AT), (b.down, BLOCK_DOWN_AT))
                if text]} for b in marks.blocks]}


def _polylines(strokes) -> list[list[list[float]]]:
    """Strokes as polylines, each stroke that starts where the last ended joined to it (a
    chevron's two arms are one line, with its point mitred as print's)."""
    lines: list[list[list[float]]] = []
    for start, end in strokes:
        start, end = _rounded(start), _rounded(end)
        if lines and lines[-1][-1] == start:
            lines[-1].append(end)
        else:
            lines.append([start, end])
    return lines


def _rounded(point: tuple[float, float]) -> list[float]:
    """A point to a thousandth of a cell (a hundredth of a millimetre on a 1 cm cell), no
    float's noise in the page's bytes."""
    return [round(point[0], 4), round(point[1], 4)]


def _offset(cell: tuple[int, int], corner: tuple[float, float]) -> tuple[float, float]:
    """(x, y) in cells of a point `corner` (x, y) into the cell (row, col)."""
    return cell[1] + corner[0], cell[0] + corner[1]


def _runs(items) -> list[list[int]]:
    return [[int(run.vertical), run.at, run.start, run.end] for run in items]
