"""The web page in a real browser: a week of dailies of every kind (export/page.py) loaded in
Debian's Chromium, driven by Playwright, with no network; drawn from the print drawing's
data, solved by keyboard, checked, revealed, kept across a reload, and printed to PDF with
the same grid as the print file.

They need Chromium (Debian's package, at /usr/bin/chromium, or BOOKMAKER_CHROMIUM) and
the playwright package (the test extra). Where Chromium is missing and the tests run as
root on a machine with apt-get (a fresh Debian machine or container, CI), the first test
installs Debian's package, so the README's test command is the whole set-up there too;
elsewhere they fail, saying what to install. They never skip. A machine that cannot have a
browser deselects them by their marker: pytest -m "not browser".
Screenshots of the solved week go to BOOKMAKER_SCREENSHOTS if it names a folder.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

import pypdfium2 as pdfium
import pytest
from PIL import Image

from bookmaker.core.board.grid import SYMBOLS
from bookmaker.core.board.marks import BlockMark, EdgeMark, Marks, SignMark
from bookmaker.core.puzzle import Puzzle
from bookmaker.core.registry import kind_of_puzzle
from bookmaker.daily.build import make_daily, run_dates
from bookmaker.export.items import daily_items, item_of, proven
from bookmaker.export.page import PageOptions, marks_data, page_html, page_of, puzzle_data
from bookmaker.pages.board import board_drawing, cage_borders, cage_drawings
from bookmaker.spec.daily import load_daily_spec

if TYPE_CHECKING:
    from playwright.sync_api import Page

# One worker runs them all (pyproject's --dist loadgroup): one week made, and one browser
# (tests/conftest.py's) for these and the other browser tests.
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

WEEK = """daily:
  series: Kinds Daily
  seed: kinds-week
  layout: newspaper-2col
  registry: false
  outputs: [json, page]
schedule:
  monday:    {difficulty: beginner, size: 6x6}
  tuesday:   {difficulty: easy, variant: x}
  wednesday: {difficulty: easy, variant: hyper}
  thursday:  {difficulty: easy, variant: jigsaw, size: 7x7}
  friday:    {difficulty: beginner, variant: killer, size: 6x6}
  saturday:  {difficulty: beginner, variant: calcudoku, size: 5x5}
  sunday:    {difficulty: beginner, variant: samurai}
"""
START = date(2026, 12, 7)  # a Monday


@pytest.fixture(scope="module")
def week(tmp_path_factory) -> list[tuple[Path, Puzzle]]:
    """A week of dailies, one kind a day: each day's folder and its puzzle (read back from
    its day.json), Monday first."""
    folder = tmp_path_factory.mktemp("week")
    spec_path = folder / "week.yaml"
    spec_path.write_text(WEEK, encoding="utf-8")
    make_daily(load_daily_spec(spec_path), run_dates(START, 7), folder)
    items = daily_items(folder / "kinds-daily").items
    return [(folder / "kinds-daily" / item.stem, item.puzzle) for item in items]


@pytest.fixture(scope="module")
def tab(browser) -> Iterator[Tab]:
    """One browser tab for the module, every request outside the pages' files refused."""
    context = browser.new_context(viewport={"width": 620, "height": 1100})
    opened = Tab(context)
    yield opened
    context.close()


class Tab:
    """A tab that opens a day's page afresh (its progress cleared), counting refused
    requests and script errors."""

    def __init__(self, context) -> None:
        self.requests: list[str] = []
        self.errors: list[str] = []
        context.route("**/*", self._route)
        self.page = context.new_page()
        self.devtools = context.new_cdp_session(self.page)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error"
                     else None)
        self.puzzle: Puzzle | None = None

    def _route(self, route) -> None:
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            self.requests.append(route.request.url)
            route.abort()

    def open(self, day: tuple[Path, Puzzle]) -> Page:
        """The day's page, loaded once with no progress kept: the page before is left first
        (for a blank one, saving its progress as it goes), then every page's is cleared."""
        folder, self.puzzle = day
        self.page.goto("about:blank")
        self.devtools.send("Storage.clearDataForOrigin", {"origin": "file://",
                                                          "storageTypes": "local_storage"})
        self.page.goto((folder / "page.html").as_uri())
        return self.page

    def status(self) -> str:
        return self.page.text_content("#status") or ""

    def label(self, cell: int) -> str:
        return self.page.get_attribute(f"#cell-{cell}", "aria-label") or ""

    def symbol(self, cell: int) -> str:
        assert self.puzzle is not None
        return SYMBOLS[self.puzzle.solution.cells[cell] - 1]


def test_a_week_of_every_kind_is_drawn_as_in_print_solved_and_looked_at(tab, week, tmp_path):
    shots = Path(os.environ.get("BOOKMAKER_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    for day, (folder, puzzle) in zip(run_dates(START, 7), week):
        page = tab.open((folder, puzzle))
        drawing = board_drawing(puzzle.shape)
        marks = kind_of_puzzle(puzzle).marks(puzzle.givens, puzzle.extras)
        assert page.locator("[role=gridcell]").count() == puzzle.shape.cell_count
        assert page.locator("text.given").count() == puzzle.givens.clue_count
        assert page.locator("svg line:not(.cage)").count() == len(drawing.thin) + len(
            drawing.heavy) + (0 if drawing.full else len(drawing.outline))
        assert page.locator("svg rect[width='1']").count() >= len(drawing.shaded)
        dashed = [cage for cage in marks.cages if cage.style == "dashed"]
        outlined = [cage for cage in marks.cages if cage.style == "outlined"]
        assert page.locator("polygon.cage").count() == sum(  # a Killer's loops, as print's
            len(cage.loops) for cage in cage_drawings(puzzle.shape, dashed))
        assert page.locator("line.cage").count() == len(cage_borders(puzzle.shape, outlined))
        assert page.locator("text.corner-label").all_text_contents() == [
            cage.label for cage in dashed + outlined]
        cell = puzzle.givens.cells.index(0)
        page.focus("svg")
        page.keyboard.press(tab.symbol(cell))  # one by keyboard, the rest revealed
        page.click("#reveal-all")
        page.click("#confirm-yes")  # asked first
        assert tab.status() == "Answer revealed."
        path = shots / f"{day}-{kind_of_puzzle(puzzle).name}-solved.png"
        page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 10_000
    assert (tab.requests, tab.errors) == ([], [])


def test_monday_is_solved_by_keyboard_alone_and_stays_solved_after_a_reload(tab, week):
    page, puzzle = tab.open(week[0]), week[0][1]
    size = puzzle.shape.size
    page.focus("svg")
    for _ in range(size):  # to the top-left cell
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowLeft")
    for row in range(size):
        columns = range(size) if row % 2 == 0 else range(size - 1, -1, -1)
        for step, col in enumerate(columns):
            if step:
                page.keyboard.press("ArrowRight" if row % 2 == 0 else "ArrowLeft")
            cell = row * size + col
            if not puzzle.givens.cells[cell]:
                page.keyboard.press(tab.symbol(cell))
        page.keyboard.press("ArrowDown")
    assert tab.status() == "Solved! Every cell is right."
    assert "solved" in (page.get_attribute("body", "class") or "")
    page.reload()  # progress is kept in the browser
    page.wait_for_selector("body.solved", timeout=5000)  # once its script has read it
    assert page.locator("text.entry").count() == size * size - puzzle.givens.clue_count


def test_a_tab_left_open_takes_up_what_another_saved_and_never_puts_back_its_old_progress(
        browser, week):
    context = browser.new_context()
    try:
        old, new = context.new_page(), context.new_page()
        uri = (week[0][0] / "page.html").as_uri()
        old.goto(uri)
        new.goto(uri)
        cell = week[0][1].givens.cells.index(0)
        new.focus("svg")
        new.keyboard.press("1")  # progress in the newer tab
        label = new.get_attribute(f"#cell-{cell}", "aria-label")
        assert label.endswith(": 1")
        old.wait_for_function("([cell, label]) => document.getElementById('cell-' + cell)"
                              ".getAttribute('aria-label') === label", arg=[cell, label],
                              timeout=2000)  # told of the save: taken up in sight
        old.evaluate("localStorage.removeItem(Object.keys(localStorage)[0]);"
                     "document.dispatchEvent(new Event('visibilitychange'))")  # shown again
        assert old.get_attribute(f"#cell-{cell}", "aria-label").endswith(": empty")
        new.goto("about:blank")
        old.focus("svg")
        old.keyboard.press("2")
        old.evaluate("localStorage.clear()")  # cleared under it, as elsewhere
        old.reload()  # hidden as it goes: the progress it held is not put back
        assert old.get_attribute(f"#cell-{cell}", "aria-label").endswith(": empty")
    finally:
        context.close()


def test_a_wrong_entry_is_checked_crossed_out_and_undone_and_pencil_marks_are_kept(tab, week):
    page, puzzle = tab.open(week[1]), week[1][1]
    cell = puzzle.givens.cells.index(0)  # the page selects the first empty cell
    wrong = SYMBOLS[puzzle.solution.cells[cell] % puzzle.shape.size]
    page.focus("svg")
    page.keyboard.press(wrong)
    while page.evaluate("document.activeElement.id") != "check":
        page.keyboard.press("Tab")  # from the grid through the keypad to the tools
    page.keyboard.press("Enter")  # Check, by keyboard
    empty = puzzle.givens.cells.count(0) - 1
    assert tab.status() == f"1 wrong (crossed out), {empty} empty"
    assert f": {wrong}, wrong" in tab.label(cell)
    assert page.locator(".strike").count() == 1  # a cross, not colour alone
    page.focus("svg")
    page.keyboard.press("Control+z")
    assert tab.label(cell).endswith(": empty")
    page.keyboard.press(" ")
    assert page.get_attribute("#pencil", "aria-pressed") == "true"
    page.keyboard.press("1")
    page.keyboard.press("3")
    assert tab.label(cell).endswith(": empty, pencil marks 1 3")
    assert page.locator("text.pencil").count() == 2


def test_a_cell_and_then_the_answer_are_revealed(tab, week):
    page, puzzle = tab.open(week[2]), week[2][1]
    cell = puzzle.givens.cells.index(0)
    page.click("#reveal-cell")
    assert tab.label(cell).endswith(f": {tab.symbol(cell)}, revealed")
    page.click("#reveal-all")
    assert page.is_visible("#confirm")  # asked first: not yet revealed
    assert page.locator("text.revealed").count() == 1
    page.click("#confirm-yes")
    assert tab.status() == "Answer revealed."
    assert page.text_content("#finish-text").startswith("Answer revealed after 0:0")


def test_printing_gives_the_grid_of_the_print_file(tab, week, tmp_path):
    printed = tab.open(week[0]).pdf(format="A4")
    folder, puzzle = week[0]
    spec_path = tmp_path / "monday.yaml"  # Monday alone, printed: the same puzzle again
    spec_path.write_text(WEEK.replace("[json, page]", "[pdf, json]"), encoding="utf-8")
    make_daily(load_daily_spec(spec_path), [START], tmp_path)
    print_file = tmp_path / "kinds-daily" / START.isoformat() / "puzzle.pdf"
    ours, theirs = grid_of(printed, puzzle.shape.size), grid_of(
        print_file.read_bytes(), puzzle.shape.size)
    givens = {cell: SYMBOLS[value - 1] for cell, value in enumerate(puzzle.givens.cells)
              if value}
    assert ours.symbols == theirs.symbols == givens
    heavy = {(run.vertical, run.at) for run in board_drawing(puzzle.shape).heavy}
    assert ours.heavy == theirs.heavy == heavy


class PrintedGrid:
    """A printed grid read back from a PDF page: each cell's symbol (from the PDF's text,
    placed by its box) and which inner grid lines are heavy (from the ink, rendered)."""

    def __init__(self, symbols: dict[int, str], heavy: set[tuple[bool, int]]) -> None:
        self.symbols, self.heavy = symbols, heavy


def grid_of(pdf_bytes: bytes, size: int, scale: float = 2.0) -> PrintedGrid:
    page = pdfium.PdfDocument(pdf_bytes)[0]
    image = page.render(scale=scale).to_pil().convert("L").point(lambda v: 255 if v < 128
                                                                 else 0)
    top, bottom = _span(image.resize((1, image.height), Image.Resampling.BOX))
    left, right = _span(image.crop((0, top, image.width, bottom + 1)).resize(
        (image.width, 1), Image.Resampling.BOX))
    cell = (right - left) / size
    text = page.get_textpage()
    symbols = {}
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        x0, y0, x1, y1 = text.get_charbox(index)
        x = (x0 + x1) / 2 * scale
        y = (page.get_height() - (y0 + y1) / 2) * scale
        if char.strip() and left < x < right and top < y < bottom:
            symbols[int((y - top) // cell) * size + int((x - left) // cell)] = char
    return PrintedGrid(symbols, _heavy_lines(image, (left, top), cell, size))


def _span(profile: Image.Image) -> tuple[int, int]:
    """The first and last position of a 1-pixel-wide ink profile that is at least 60 % of
    its darkest: the grid's outline (text lines never come near)."""
    values = list(profile.tobytes())  # mode L: a byte a pixel
    darkest = max(values)
    dark = [i for i, v in enumerate(values) if v >= 0.6 * darkest]
    return dark[0], dark[-1]


def _heavy_lines(image: Image.Image, origin: tuple[int, int], cell: float,
                 size: int) -> set[tuple[bool, int]]:
    """The inner grid lines drawn heavier than the cell lines: their ink across a band of
    half a cell either side, compared with the thinnest's."""
    left, top = origin
    ink = {}
    for vertical in (True, False):
        for at in range(1, size):
            middle = (left if vertical else top) + at * cell
            band = (int(middle - cell / 4), int(top), int(middle + cell / 4),
                    int(top + size * cell)) if vertical else \
                (int(left), int(middle - cell / 4), int(left + size * cell),
                 int(middle + cell / 4))
            ink[vertical, at] = sum(image.crop(band).tobytes())
    thinnest = min(ink.values())
    return {line for line, amount in ink.items() if amount > 1.6 * thinnest}


# What the Futoshiki, Skyscrapers and Kakuro kinds will show: signs between cells, clues
# outside the grid, clue blocks. The page draws them from marks_data alone, for any kind.
MARKS = Marks(signs=(SignMark(0, 1, "<"), SignMark(0, 6, ">")),
              edges=(EdgeMark("top", 0, "3"), EdgeMark("left", 2, "2")),
              blocks=(BlockMark(5, 5, "7", "12"),))


def test_signs_edge_clues_and_blocks_are_drawn_from_the_marks_alone(tab, week, tmp_path):
    folder, puzzle = week[0]
    board = puzzle.shape
    data = puzzle_data(item_of(puzzle, "marked", "Marks of any kind")) | \
        marks_data(MARKS, board)
    path = tmp_path / "marked" / "page.html"
    path.parent.mkdir()
    path.write_text(page_of([data], "", "Marks of any kind", "en"), encoding="utf-8")
    page = tab.open((path.parent, puzzle))
    assert page.locator("polyline.sign").count() == 2
    assert page.locator("text.edge-clue").all_text_contents() == ["3", "2"]
    assert page.locator("rect.block").count() == 1
    assert page.locator("text.block-clue").all_text_contents() == ["7", "12"]
    assert tab.label(0).endswith("less than row 1, column 2, greater than row 2, column 1, "
                                 "3 seen from the top")  # signs and clues heard, not seen
    assert tab.label(12).endswith(", 2 seen from the left")
    box = page.get_attribute("svg", "viewBox").split()
    assert float(box[0]) < -1 and float(box[2]) > board.size + 1  # a ring of clue cells
    assert float(box[2]) < board.size + 2  # above and left only: none right, as print
    shots = Path(os.environ.get("BOOKMAKER_SCREENSHOTS") or tmp_path)
    page.screenshot(path=str(shots / "marks-of-any-kind.png"), full_page=True)
    assert tab.errors == []


# --- every kind, as a reader and a web desk would use the page (issue 37) -------------------
# The kinds the first week has not: a Wordoku, a 12x12 Killer (10 to 12), Futoshiki,
# Skyscrapers and Kakuro, with next-day answers: each day's page carries that day's puzzle
# without its answer and the day before's with it.
MORE = """daily:
  series: More Kinds
  seed: more-kinds
  layout: newspaper-2col
  registry: false
  answer: next-day
  outputs: [json, page]
schedule:
  monday:    {difficulty: easy, symbols: word}
  tuesday:   {difficulty: beginner, variant: killer, size: 12x12}
  wednesday: {difficulty: beginner, variant: futoshiki, size: 5x5}
  thursday:  {difficulty: beginner, variant: skyscrapers, size: 5x5}
  friday:    {difficulty: beginner, variant: kakuro, size: 12x12}
"""


@pytest.fixture(scope="module")
def more(tmp_path_factory) -> list[tuple[Path, Puzzle]]:
    """Five days of the other kinds, answers next day: each day's folder and puzzle."""
    return days_made(tmp_path_factory.mktemp("more"), MORE, 5)


def days_made(folder: Path, spec: str, days: int) -> list[tuple[Path, Puzzle]]:
    """The first `days` days of a daily spec from START, made in `folder` and read back as
    export reads them: each day's folder and puzzle."""
    spec_path = folder / "daily.yaml"
    spec_path.write_text(spec, encoding="utf-8")
    made = load_daily_spec(spec_path)
    make_daily(made, run_dates(START, days), folder)
    series = folder / made.name
    items = daily_items(series).items
    return [(series / item.stem, item.puzzle) for item in items]


@pytest.fixture(scope="module")
def every_kind(week, more) -> list[tuple[Path, Puzzle]]:
    return week + more


def page_puzzle(page: Page) -> dict:
    """The data of the puzzle on show (the page's JSON, as its script reads it)."""
    data = page.evaluate("JSON.parse(document.getElementById('puzzles').textContent)")
    wanted = page.evaluate("document.getElementById('pick').value") or "0"
    return data["puzzles"][int(wanted)]


def selected_cell(page: Page) -> int:
    return int((page.get_attribute("svg", "aria-activedescendant") or "").split("-")[1])


KEYS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}


def key_path(data: dict, start: int, goal: int) -> list[str]:
    """The arrow keys from cell `start` to `goal`, the fewest, as the page moves: to the
    next cell that way, over any gap (a Kakuro's blocks, a Samurai's corners)."""
    at = {tuple(position): cell for cell, position in enumerate(data["cells"])}
    paths: dict[int, list[str]] = {start: []}
    queue = [start]
    while queue and goal not in paths:
        cell = queue.pop(0)
        for key, (dr, dc) in KEYS.items():
            r, c = data["cells"][cell]
            for _ in range(data["frame"]):
                r, c = r + dr, c + dc
                if (r, c) in at:
                    if at[r, c] not in paths:
                        paths[at[r, c]] = paths[cell] + [key]
                        queue.append(at[r, c])
                    break
    return paths[goal]


def snake(cells: list[int], data: dict) -> list[int]:
    """The cells row by row, every other row right to left: the fewest arrow keys."""
    def order(cell: int) -> tuple[int, int]:
        row, col = data["cells"][cell]
        return row, -col if row % 2 else col
    return sorted(cells, key=order)


def type_cell(page: Page, data: dict, cell: int, value: int, start: int | None = None) -> None:
    """To `cell` by arrow keys (from `start`, or the selected cell), and its value typed (a
    symbol of two characters as two keys)."""
    for key in key_path(data, selected_cell(page) if start is None else start, cell):
        page.keyboard.press(key)
    page.keyboard.type(data["symbols"][value - 1])


def test_every_kind_is_solved_by_keyboard_and_an_answer_free_page_knows_it(tab, every_kind):
    for folder, puzzle in every_kind:
        page = tab.open((folder, puzzle))
        data = page_puzzle(page)
        answer_free = "solution" not in data
        assert answer_free == (folder.parent.name == "more-kinds")
        assert page.is_visible("#check") == (not answer_free)  # no answer: no Check, Reveal
        solve_by_keyboard(tab, data, puzzle, folder)
        assert page.text_content("#finish-text").startswith("Solved in 0:")
    assert tab.errors == []


def solve_by_keyboard(tab: Tab, data: dict, puzzle: Puzzle, folder: Path) -> None:
    """Every empty cell typed (a large grid's last rows, the rest restored), the last first
    wrong (a symbol that starts no other), then right: the page says when every cell is
    filled and when every one is right."""
    page = tab.page
    empty = snake([cell for cell, value in enumerate(puzzle.givens.cells) if not value], data)
    if len(data["cells"]) > LARGEST_TYPED:
        empty = restored_but_the_last_rows(tab, data, puzzle, empty)
    page.focus("svg")
    at = selected_cell(page)
    for cell in empty[:-1]:
        type_cell(page, data, cell, puzzle.solution.cells[cell], at)
        at = cell
    last = empty[-1]
    wrong = next(w for w, symbol in enumerate(data["symbols"], 1)
                 if w != puzzle.solution.cells[last] and
                 not any(s != symbol and s.startswith(symbol) for s in data["symbols"]))
    type_cell(page, data, last, wrong, at)
    assert tab.status() == "Every cell is filled, but not every one is right.", folder
    type_cell(page, data, last, puzzle.solution.cells[last], last)
    assert tab.status() == "Solved! Every cell is right.", folder


# A grid over a 9x9's cells (the Samurai, the 12x12s) has its answer restored as a returning
# reader's progress comes back, all but its last rows, which are typed: a key there tests
# what a 9x9's keys test, at 10-20 ms of Chromium's CPU a key on these grids.
LARGEST_TYPED = 81
TYPED_AT_LEAST = 12  # the empty cells of a large grid's last rows typed, at least


def restored_but_the_last_rows(tab: Tab, data: dict, puzzle: Puzzle,
                               empty: list[int]) -> list[int]:
    """The empty cells of the last rows holding TYPED_AT_LEAST of them, in `empty`'s order,
    left to type; every other one's answer saved in the page's own form of progress, and
    the page reloaded to take it up."""
    row = {cell: data["cells"][cell][0] for cell in empty}
    first = max(r for r in row.values() if sum(row[c] >= r for c in empty) >= TYPED_AT_LEAST)
    typed = [cell for cell in empty if row[cell] >= first]
    values = [puzzle.solution.cells[cell] if cell in row and row[cell] < first else value
              for cell, value in enumerate(data["givens"])]
    progress = json.dumps({"values": values})
    tab.page.evaluate("([key, progress]) => localStorage.setItem(key, progress)",
                      ["bookmaker/" + data["id"], progress])
    tab.page.reload()
    assert tab.page.locator("text.entry").count() == len(empty) - len(typed)
    return typed


def test_an_answer_free_page_holds_no_solution_in_its_source(more):
    folder, puzzle = more[1]
    source = (folder / "page.html").read_text(encoding="utf-8")
    answer = ",".join(str(v) for v in puzzle.solution.cells)
    givens = ",".join(str(v) for v in puzzle.givens.cells)
    assert givens in source and answer not in source  # the day before's is there, not this
    assert source.count('"solution"') == 1


def test_a_repeat_is_flagged_in_every_kind_and_axe_finds_nothing_serious_in_play(
        tab, every_kind):
    """In every kind: the same symbol twice in a row (or run) flagged, undone and redone;
    then notes, Check and Reveal cell where the page has the answer; then axe-core, which
    finds no serious or critical problem with all of these on the page (at rest: below)."""
    for folder, puzzle in every_kind:
        page = tab.open((folder, puzzle))
        data = page_puzzle(page)
        line = next(unit for kind in ("row", "across") for unit in data["units"].get(kind, [])
                    if sum(not puzzle.givens.cells[c] for c in unit) >= 3)
        first, second, third = [c for c in line if not puzzle.givens.cells[c]][:3]
        page.focus("svg")
        type_cell(page, data, first, 1)
        type_cell(page, data, second, 1)
        for cell in (first, second):
            assert page.get_attribute(f"#cell-{cell}", "aria-invalid") == "true", folder
            assert ", repeated" in tab.label(cell)
        flagged = page.locator("[aria-invalid=true]").count()  # a given 1 too, if in a unit
        assert flagged >= 2 and page.locator("line.clash").count() == flagged  # a bar under
        page.keyboard.press("Control+z")  # each: not told by colour alone
        page.keyboard.press("Control+z")
        assert page.locator("[aria-invalid=true]").count() == 0
        page.keyboard.press("Control+y")
        page.keyboard.press("Control+y")
        assert page.locator("[aria-invalid=true]").count() == flagged
        page.keyboard.press(" ")
        type_cell(page, data, third, 2)
        type_cell(page, data, third, 3, third)
        page.keyboard.press(" ")
        assert f": empty, pencil marks {' '.join(data['symbols'][1:3])}" in tab.label(third)
        if "solution" in data:
            page.click("#check")
            page.click("#reveal-cell")
        # Colours in play (entries, repeats, notes, crosses, reveals) are every kind's:
        # their contrast is checked on the small grids, where a run is quick.
        assert axe_problems(page, contrast=len(data["cells"]) <= 36) == [], folder
    assert tab.errors == []


def test_a_cell_names_its_cage_or_runs_and_the_grid_its_real_size(tab, week, more):
    page = tab.open(week[4])  # a Killer 6x6: every cell in a cage, named with its sum
    labels = [tab.label(c) for c in range(36)]
    assert all(", cage " in label for label in labels)
    page = tab.open(more[4])  # a Kakuro: every cell's two runs and their sums
    data = page_puzzle(page)
    label = tab.label(0)
    assert ", across run " in label and ", down run " in label
    across = next(i for i, unit in enumerate(data["units"]["across"]) if 0 in unit)
    assert f"across run {data['unit_clues']['across'][across]} of " in label
    assert page.get_attribute("svg", "aria-label").startswith(
        f"Kakuro, {data['frame']} by {data['frame']}.")
    page = tab.open(week[6])
    assert page.get_attribute("svg", "aria-label").startswith("Samurai Sudoku, 21 by 21.")


def test_a_12x12_shows_10_to_12_and_takes_them_as_two_keys(tab, more):
    page = tab.open(more[1])
    assert page.locator("#keypad button").all_text_contents()[9:] == ["10", "11", "12",
                                                                      "Erase"]
    cell = selected_cell(page)
    page.focus("svg")
    for key in "12":
        page.keyboard.press(key)
    assert tab.label(cell).startswith(f"Row 1, column {cell + 1}: 12")
    page.keyboard.press("Control+z")  # one step: the 1 the first key entered is gone too
    assert ": empty" in tab.label(cell)
    assert page.locator("#keypad button").first.text_content() == "1"
    page = tab.open(more[0])  # a Wordoku: its letters
    assert page.locator("#keypad button").all_text_contents()[:9] == page_puzzle(page)[
        "symbols"] != list("123456789")


def test_timer_pause_finish_confirmation_undo_redo_notes_and_candidates(tab, week):
    page, puzzle = tab.open(week[0]), week[0][1]
    data = page_puzzle(page)
    assert page.get_attribute("#timer", "role") == "timer"
    page.click("#pause")
    assert page.is_visible("#paused") and not page.is_visible("#board svg")
    page.click("#resume")
    page.click("#candidates")  # every empty cell's candidates noted
    empty = [c for c, v in enumerate(puzzle.givens.cells) if not v]
    cell = empty[0]
    value = puzzle.solution.cells[cell]
    row = next(u for u in data["units"]["row"] if cell in u)
    noted = [c for c in row if c != cell and not puzzle.givens.cells[c] and
             f" {data['symbols'][value - 1]}" in tab.label(c).split("pencil marks")[1]]
    assert noted  # the symbol is noted elsewhere in its row ...
    page.focus("svg")
    type_cell(page, data, cell, value)
    for other in noted:  # ... and placing it takes it out of those notes
        assert data["symbols"][value - 1] not in tab.label(other).split("pencil marks")[1]
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+y")
    page.reload()  # undo and redo are kept: a redo after the reload brings the value back
    page.focus("svg")
    assert ": empty, pencil marks" in tab.label(cell)
    page.keyboard.press("Control+y")
    assert tab.label(cell).startswith(f"Row 1, column {cell + 1}: {data['symbols'][value - 1]}")
    page.click("#restart")
    assert page.is_visible("#confirm")
    page.click("#confirm-no")  # nothing cleared
    assert page.locator("text.entry").count() == 1
    page.click("#restart")
    page.click("#confirm-yes")
    assert page.locator("text.entry, text.pencil").count() == 0
    page.click("#settings summary")
    page.click("#opt-timer")  # the timer hidden
    assert not page.is_visible("#timer")
    page.click("#opt-timer")
    assert tab.errors == []  # Start again repaints every cell without a script error


def test_a_phone_zooms_large_grids_so_clues_and_cells_are_big_enough(browser, week, more):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    try:
        page = context.new_page()
        for folder, _ in (more[1], more[4], week[6]):  # Killer 12x12, Kakuro 12x12, Samurai
            page.goto((folder / "page.html").as_uri())
            scale = page.evaluate("document.querySelector('#board svg').getScreenCTM().a")
            clue = page.locator(".corner-label, .block-clue").first
            font = float(clue.get_attribute("font-size")) if clue.count() else 1
            assert scale >= 24 and font * scale >= 11, folder  # px a cell, px of clue text
            assert page.evaluate("document.getElementById('board').scrollWidth") > 390
            page.click("#zoom-in")
            assert page.evaluate("document.querySelector('#board svg').getScreenCTM().a") > \
                scale * 1.4
        page.goto((week[0][0] / "page.html").as_uri())  # a 6x6 fits the width, unzoomed
        assert page.evaluate("document.getElementById('board').scrollWidth") <= 390
        scale = page.evaluate("document.querySelector('#board svg').getScreenCTM().a")
        pinch(context.new_cdp_session(page), page.locator("#board svg").bounding_box())
        assert page.evaluate("document.querySelector('#board svg').getScreenCTM().a") > \
            scale * 2  # two fingers drawn apart: zoomed in
    finally:
        context.close()


def pinch(cdp, box: dict) -> None:
    """Two fingers on the middle of `box`, drawn apart from 60 px to 190 px."""
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    for kind, apart in [("touchStart", 30)] + [("touchMove", d) for d in range(35, 100, 5)]:
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": x - apart, "y": y, "id": 1}, {"x": x + apart, "y": y, "id": 2}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_in_an_iframe_the_page_posts_its_height_and_embed_drops_its_heading(
        tab, week, tmp_path):
    folder = week[3][0]
    host = tmp_path / "host.html"
    host.write_text(
        "<!DOCTYPE html><html><body><script>window.heights = [];"
        "addEventListener('message', (e) => window.heights.push(e.data));</script>"
        f"<iframe src='{(folder / 'page.html').as_uri()}?embed' width='400' height='640'>"
        "</iframe></body></html>", encoding="utf-8")
    page = tab.page
    page.goto(host.as_uri())
    page.wait_for_function("window.heights.length > 0")
    message = page.evaluate("window.heights[window.heights.length - 1]")
    frame = page.frames[1]
    assert message["type"] == "bookmaker:height" and message["height"] > 640
    assert message["height"] == round(frame.evaluate(
        "document.getElementById('app').getBoundingClientRect().height")) or abs(
        message["height"] - frame.evaluate(
            "document.getElementById('app').getBoundingClientRect().height")) < 1
    assert not frame.is_visible("#heading")


def test_a_dark_scheme_and_colours_from_the_url(browser, week):
    uri = (week[4][0] / "page.html").as_uri()
    colours = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(color_scheme=scheme)
        page = context.new_page()
        page.goto(uri)
        colours[scheme] = page.evaluate("""[getComputedStyle(document.body).backgroundColor,
            getComputedStyle(document.querySelector('.paper rect')).fill,
            getComputedStyle(document.querySelector('.corner-label')).fill]""")
        if scheme == "light":
            page.goto(uri + "?entry=c00000&paper=%23fffbe8")
            assert page.evaluate("getComputedStyle(document.body).backgroundColor") == \
                "rgb(255, 251, 232)"
            page.focus("svg")
            page.keyboard.press("1")
            assert page.evaluate("getComputedStyle(document.querySelector('text.entry'))"
                                 ".fill") == "rgb(192, 0, 0)"
        context.close()
    assert colours["light"] == ["rgb(255, 255, 255)"] * 2 + ["rgb(0, 0, 0)"]
    assert colours["dark"] == ["rgb(28, 28, 33)"] * 2 + ["rgb(236, 236, 236)"]


AXE_SERIOUS = ("serious", "critical")


@functools.cache
def axe_script() -> str:
    """axe-core's script, as axe-playwright-python ships it (read once a run)."""
    import axe_playwright_python
    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(
        encoding="utf-8")


def axe_problems(page: Page, contrast: bool = True) -> list[str]:
    """axe-core's serious and critical violations on the page (all its rules; without
    colour contrast, `contrast` false: half a run's time on a large grid)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=axe_script())
    # Violations alone gathered: passes and the rest, read by no one, cost a fifth of a run.
    found = page.evaluate("(contrast) => axe.run(document, {rules: {'color-contrast': "
                          "{enabled: contrast}}, resultTypes: ['violations']}).then((r) => "
                          "r.violations.map((v) => [v.impact, v.id, v.nodes.length]))", contrast)
    return [f"{rule} ({count})" for impact, rule, count in found if impact in AXE_SERIOUS]


def test_axe_problems_finds_a_serious_one_where_there_is_one(tab):
    """The checker can fail: an image without a text and a button without a name."""
    tab.page.set_content("<!DOCTYPE html><html lang='en'><title>t</title><main>"
                         "<img src='data:,'><button></button></main></html>")
    assert axe_problems(tab.page) == ["button-name (1)", "image-alt (1)"]


def test_axe_finds_nothing_serious_at_rest_nor_with_the_question_before_reveal(tab, week,
                                                                             more):
    for day in (week[0], week[4], week[6], more[4]):  # Sudoku, Killer, Samurai, Kakuro
        page = tab.open(day)
        assert axe_problems(page) == [], day[0]
    page.select_option("#pick", "1")  # the day before's, which carries its answer
    page.click("#reveal-all")
    assert axe_problems(page) == []  # with the question open
    page.click("#confirm-yes")
    assert axe_problems(page) == []


def test_printing_from_the_page_gives_the_rules_and_the_grid_without_the_focus_ring(tab, more):
    page = tab.open(more[4])
    page.focus("svg")
    assert page.evaluate("getComputedStyle(document.querySelector('#ring')).display") != "none"
    page.emulate_media(media="print")
    try:
        assert page.evaluate("getComputedStyle(document.querySelector('#ring')).display") == \
            "none"
        assert page.evaluate("getComputedStyle(document.querySelector('#board svg'))"
                             ".outlineStyle") == "none"
        assert page.is_visible("#print-rules") and not page.is_visible("#keypad")
        printed = pdfium.PdfDocument(page.pdf(format="A4"))
    finally:
        page.emulate_media(media="screen")
    text = printed[0].get_textpage().get_text_range().replace("\r\n", " ")
    assert "Kakuro: write a digit" in text and "Undo" not in text


def test_a_page_of_two_opens_the_puzzle_its_hash_names_and_its_picker_marks_progress(
        tab, more):
    page = tab.open(more[2])  # Wednesday's, and Tuesday's with its answer
    data = page.evaluate("JSON.parse(document.getElementById('puzzles').textContent)")
    today, before = (p["id"] for p in data["puzzles"])
    page.focus("svg")
    page.keyboard.press("1")
    assert page.locator("#pick option").first.text_content().endswith(" \u00b7 begun")
    page.evaluate(f"location.hash = '#{before}'")
    page.wait_for_function("document.getElementById('pick').value === '1'")
    assert page.is_visible("#check")  # the day before's carries its answer
    assert "Tuesday" in page.text_content("#caption")
    page.evaluate(f"location.hash = '#{today}'")
    page.wait_for_function("document.getElementById('pick').value === '0'")
    assert not page.is_visible("#check") and page.locator("text.entry").count() == 1


# --- Binairo and Tango (issues 37, 39): two symbols, tapped through, their lines' limits ----

LOGIC = """daily:
  series: Logic Kinds
  seed: logic-kinds
  layout: newspaper-2col
  registry: false
  answer: next-day
  outputs: [json, page]
schedule:
  monday:    {difficulty: easy, variant: binairo, size: 6x6}
  tuesday:   {difficulty: easy, variant: tango, size: 6x6}
"""


@pytest.fixture(scope="module")
def logic(tmp_path_factory) -> list[tuple[Path, Puzzle]]:
    """A Binairo and a Tango day, answers the next day: each day's folder and puzzle."""
    return days_made(tmp_path_factory.mktemp("logic"), LOGIC, 2)


def test_a_binairo_and_a_tango_are_solved_by_keyboard_on_answer_free_pages(tab, logic):
    for (folder, puzzle), title in zip(logic, ("Binairo", "Tango")):
        page = tab.open((folder, puzzle))
        data = page_puzzle(page)
        assert "solution" not in data and data["symbols"] == ["0", "1"]
        assert page.text_content("#rules").startswith(f"{title}: fill every cell with 0 or 1.")
        assert page.locator("#keypad button").all_text_contents() == ["0", "1", "Erase"]
        assert not page.is_visible("#candidates")  # a line shares its symbols: none to note
        assert page.locator("polyline.sign").count() == sum(  # an = or x is two strokes
            len(sign["strokes"]) for sign in data["signs"]) == 2 * len(data["signs"])
        solve_by_keyboard(tab, data, puzzle, folder)
    sign = data["signs"][0]  # the Tango's signs are heard at both their cells
    first, second = sign["cells"]
    other = f"row {second // 6 + 1}, column {second % 6 + 1}"
    assert ", " + sign["words"][0].format(cell=other) in \
        tab.label(first)
    assert {s["sign"] for s in data["signs"]} == {"=", "x"}
    assert axe_problems(tab.page) == []  # the solved Tango, its signs' knock-outs and all
    assert tab.errors == []


def three_and_four(data: dict, givens: list[int]) -> tuple[list[int], list[int], int]:
    """In some line of the Binairo: three cells side by side and four cells (two pairs,
    apart) that one symbol can fill without a given of the other among them (and none of
    that symbol between the pairs); and the symbol."""
    for line in data["units"]["row"] + data["units"]["column"]:
        for value in (1, 2):
            free = [not givens[c] or givens[c] == value for c in line]
            three = next((line[i:i + 3] for i in range(4) if all(free[i:i + 3])), None)
            four = [line[i] for i in (0, 1, 3, 4)]
            if three and all(free[i] for i in (0, 1, 3, 4)) and givens[line[2]] != value:
                return three, four, value
    raise AssertionError("no line fits")


def test_binairo_marks_three_alike_more_than_half_a_line_two_lines_alike_and_a_tap_steps_on(
        tab, logic):
    page = tab.open(logic[0])
    data = page_puzzle(page)
    givens = list(logic[0][1].givens.cells)
    three, four, value = three_and_four(data, givens)
    page.focus("svg")
    for cell in three:
        if not givens[cell]:
            type_cell(page, data, cell, value)
    for cell in three:
        assert page.get_attribute(f"#cell-{cell}", "aria-invalid") == "true"
        assert ", 3 alike in a line" in tab.label(cell)
    flagged = page.locator("[aria-invalid=true]").count()  # givens alike beside them too
    assert flagged >= 3 and page.locator("line.clash").count() == flagged  # a bar under each
    page.keyboard.press("Control+z")
    while page.locator("[aria-invalid=true]").count():
        page.keyboard.press("Control+z")
    for cell in four:  # two pairs: no three alike, but four of six
        if not givens[cell]:
            type_cell(page, data, cell, value)
    kind = "row" if four[1] - four[0] == 1 else "column"
    assert page.locator("[aria-invalid=true]").count() >= 4
    assert all(f", too many of it in its {kind}" in tab.label(c) for c in four)
    assert axe_problems(page) == []  # in play, conflicts shown
    cell = next(c for c in range(36) if not givens[c] and c not in four)
    box = page.locator("svg").bounding_box()
    assert box is not None
    row, col = data["cells"][cell]
    heard = []
    for _ in range(3):  # a tap steps the cell on: 0, 1, empty again
        page.mouse.click(box["x"] + (col + 0.5) * box["width"] / 6,
                         box["y"] + (row + 0.5) * box["height"] / 6)
        heard.append(tab.label(cell).split(": ")[1].split(",")[0])
    assert heard == ["0", "1", "empty"]
    page = tab.open(logic[0])  # two rows filled alike: each cell of both says so
    rows = data["units"]["row"]
    one, other, line = next((a, b, line) for a, b in itertools.combinations(rows, 2)
                            for line in itertools.product((1, 2), repeat=6)
                            if all(givens[c] in (0, v) for v, c in zip(line, a)) and
                            all(givens[c] in (0, v) for v, c in zip(line, b)))
    page.focus("svg")
    for value, first, second in zip(line, one, other):
        for cell in (first, second):
            if not givens[cell]:
                type_cell(page, data, cell, value)
    assert all(", the same as another row" in tab.label(c) for c in one + other)
    assert tab.errors == []


def test_a_killer_cage_repeat_is_flagged_and_a_calcudoku_cage_repeat_is_not(tab, week):
    """A Killer's cage never repeats a digit; a Calcudoku's may (where no row or column
    holds both cells)."""
    for day, flagged in ((week[4], True), (week[5], False)):
        page = tab.open(day)
        data = page_puzzle(page)
        givens = day[1].givens.cells
        unit_of = {c: {tuple(u) for units in data["units"].values() for u in units if c in u}
                   for c in range(len(givens))}
        first, second = next((a, b) for cage in data["labels"] for a in cage["cells"]
                             for b in cage["cells"] if a < b and not givens[a] and
                             not givens[b] and not unit_of[a] & unit_of[b])
        page.focus("svg")
        type_cell(page, data, first, 1)
        type_cell(page, data, second, 1)
        for cell in (first, second):
            assert (page.get_attribute(f"#cell-{cell}", "aria-invalid") == "true") == flagged
            assert (", repeated" in tab.label(cell)) == flagged
    assert tab.errors == []


# --- Nonogram (issue 39): a shading answer, shaded and dotted by click, touch and keys -----

# A 5x5 solved by hand (row clues, column clues): its one answer, row by row.
FIVE = "1,1,1/5/1/3/1,1 2,1/1,1/4/1,1/2,1"
FIVE_ANSWER = ("#-#-#", "#####", "--#--", "-###-", "#---#")
# A bundled picture's 15x15 (bookmaker generate --variant nonogram --size 15x15 --seed 3).
FIFTEEN = ("2/1,1/1,1/1/1/8/1/1/1,1,1/2,1,1/3,1,2/3,1,2/2,1,2/3,1,3/6 4/3/3/2/1,1/1,2/"
           "2,1,1/1,12/1,1,1/2,1,1/1,2/1,1/2/3/4")


@pytest.fixture(scope="module")
def nonograms(tmp_path_factory) -> list[tuple[Path, Puzzle]]:
    """Pages of the hand-solved 5x5, answer-free and with its answer, and of the 15x15
    answer-free: each page's folder and puzzle."""
    made = []
    for name, line, answers in (("free", FIVE, False), ("answered", FIVE, True),
                                ("fifteen", FIFTEEN, False)):
        folder = tmp_path_factory.mktemp(name)
        puzzle = proven("nonogram", line, None, name)
        item = item_of(puzzle, name, f"Nonogram {name}", "a picture")
        (folder / "page.html").write_text(page_html([item], options=PageOptions(
            answers=answers)), encoding="utf-8")
        made.append((folder, puzzle))
    return made


def shaded_cells() -> list[int]:
    return [row * 5 + col for row, line in enumerate(FIVE_ANSWER)
            for col, mark in enumerate(line) if mark == "#"]


def cell_centre(page: Page, data: dict, cell: int) -> tuple[float, float]:
    """Where on the screen a cell's centre is (the board's viewBox holds its clues too)."""
    return tuple(page.evaluate(
        "([r, c]) => { const m = document.querySelector('svg').getScreenCTM(); "
        "return [m.a * (c + 0.5) + m.e, m.d * (r + 0.5) + m.f]; }", data["cells"][cell]))


def state_of(tab: Tab, cell: int) -> str:
    return tab.label(cell).split(": ")[1].split(",")[0]


def test_a_nonogram_is_on_the_page_with_its_clues_and_no_answer_in_its_source(nonograms,
                                                                              week):
    folder, puzzle = nonograms[0]
    source = (folder / "page.html").read_text(encoding="utf-8")
    assert '"form":"shading"' in source and '"digest"' in source
    assert '"solution"' not in source
    assert ",".join(str(v) for v in puzzle.solution.cells) not in source
    assert "BOOKMAKER_FORMS.shading =" in source  # its form's module, and no other's
    assert "BOOKMAKER_FORMS.edges =" not in source and "BOOKMAKER_FORMS.links =" not in source
    sudoku = (week[0][0] / "page.html").read_text(encoding="utf-8")
    assert "BOOKMAKER_FORMS." not in sudoku  # a page of typed symbols carries none


def test_a_nonogram_is_solved_by_clicks_its_clues_greyed_as_their_lines_are_met(tab, nonograms):
    page = tab.open(nonograms[0])
    data = page_puzzle(page)
    assert page.get_attribute("svg", "aria-label").startswith("Nonogram, 5 by 5. ")
    assert page.get_attribute("svg", "viewBox").split()[2:] == ["8.095", "8.095"]  # clues:
    assert page.locator("text.edge-clue").count() == 17  # left and above, none right, below
    assert page.locator("#keypad button").all_text_contents() == ["Shade", "Dot", "Erase"]
    assert not page.is_visible("#pencil") and not page.is_visible("#candidates")
    page.click("#help summary")  # its rules, and its keys, not pencil marks
    assert page.text_content("#rules").startswith("Nonogram: shade")
    assert page.text_content("#keys-help").startswith("Arrow keys move between cells; Space")
    assert not page.is_visible("#pencil-help")
    assert tab.label(0) == "Row 1, column 1: empty, row clue 1 1 1, column clue 2 1"
    heard = []
    for _ in range(3):  # a click steps a cell on: shaded, dot, empty
        page.mouse.click(*cell_centre(page, data, 1))
        heard.append(state_of(tab, 1))
    assert heard == ["shaded", "marked white", "empty"]
    page.mouse.click(*cell_centre(page, data, 1), button="right")  # a right click dots it
    assert state_of(tab, 1) == "marked white" and page.locator("circle.dot").count() == 1
    for cell in shaded_cells():
        page.mouse.click(*cell_centre(page, data, cell))
        if cell == 4:  # the first row is met: its clue greyed, heard as met
            assert page.locator("text.met").count() == 3
            assert ", row clue 1 1 1, met" in tab.label(0)
    assert tab.status() == "Solved! Every cell is right."  # by the digest alone: a dot
    assert page.text_content("#finish-text").startswith("Solved in 0:")  # counts as white
    assert page.locator("text.met").count() == 17
    assert page.locator("rect.fill").count() == len(shaded_cells())
    page.reload()  # kept in the browser
    page.wait_for_selector("body.solved", timeout=5000)
    assert tab.errors == []


def test_a_nonogram_is_solved_by_keyboard_with_dots_undo_and_redo(tab, nonograms):
    page = tab.open(nonograms[1])  # with its answer: Check
    data = page_puzzle(page)
    page.focus("svg")
    at = selected_cell(page)
    assert at == 0
    page.keyboard.press(".")
    assert state_of(tab, 0) == "marked white"
    page.keyboard.press("Backspace")
    assert state_of(tab, 0) == "empty"
    page.keyboard.press("x")
    page.keyboard.press("Enter")
    assert state_of(tab, 0) == "shaded"
    page.keyboard.press("Control+z")
    assert state_of(tab, 0) == "marked white"
    page.keyboard.press("Control+y")
    assert state_of(tab, 0) == "shaded"
    page.keyboard.press("ArrowRight")
    page.keyboard.press(" ")  # a wrong one, found by Check
    page.click("#check")
    assert tab.status() == "1 wrong (crossed out), 23 empty"
    assert state_of(tab, 1) == "shaded" and ", wrong" in tab.label(1)
    page.focus("svg")
    page.keyboard.press(" ")  # Space again takes the shading off
    for key in key_path(data, selected_cell(page), 5):
        page.keyboard.press(key)
    page.keyboard.press(" ")
    for _ in range(4):  # row 2, 5: Shift and an arrow carry its first cell's shading on
        page.keyboard.press("Shift+ArrowRight")
    assert [state_of(tab, c) for c in range(5, 10)] == ["shaded"] * 5
    for cell in shaded_cells()[1:-1]:
        if 5 <= cell < 10:
            continue
        for key in key_path(data, selected_cell(page), cell):
            page.keyboard.press(key)
        page.keyboard.press(" ")
    assert tab.status() != "Solved! Every cell is right."
    for key in key_path(data, selected_cell(page), 24):
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    assert tab.status() == "Solved! Every cell is right."
    page.click("#restart")
    page.click("#confirm-yes")
    page.focus("svg")
    for cell, key in ((1, " "), (3, ".")):  # a wrong shade and a dot, then the answer
        for arrow in key_path(data, selected_cell(page), cell):  # revealed: the shading
            page.keyboard.press(arrow)  # taken off, the shaded cells filled, no dots drawn
        page.keyboard.press(key)
    page.click("#reveal-all")
    page.click("#confirm-yes")
    assert tab.status() == "Answer revealed."
    assert page.locator("rect.fill.revealed").count() == len(shaded_cells())
    assert state_of(tab, 1) == "empty" and page.locator("circle.dot").count() == 1
    assert tab.errors == []


def test_a_nonogram_line_over_its_clue_is_flagged_and_a_drag_paints_one_undo_step(tab,
                                                                                  nonograms):
    page = tab.open(nonograms[0])  # none of the clicks test's progress (Tab.open)
    data = page_puzzle(page)
    page.mouse.move(*cell_centre(page, data, 5))  # row 2, clue 5: dragged across
    page.mouse.down()
    page.mouse.move(*cell_centre(page, data, 7), steps=4)
    page.mouse.move(*cell_centre(page, data, 12), steps=4)  # off the row: still along it
    page.mouse.move(*cell_centre(page, data, 9), steps=4)
    page.mouse.up()
    assert [state_of(tab, c) for c in range(5, 10)] == ["shaded"] * 5
    assert state_of(tab, 12) == "empty" and ", row clue 5, met" in tab.label(5)
    page.mouse.move(*cell_centre(page, data, 0))  # row 1 (1 1 1) dotted by a right drag
    page.mouse.down(button="right")
    page.mouse.move(*cell_centre(page, data, 3), steps=4)
    page.mouse.up(button="right")
    assert [state_of(tab, c) for c in range(4)] == ["marked white"] * 4
    page.focus("svg")
    page.keyboard.press("Control+z")  # one drag, one step
    assert [state_of(tab, c) for c in range(5)] == ["empty"] * 5
    page.keyboard.press("Control+z")
    assert [state_of(tab, c) for c in range(5, 10)] == ["empty"] * 5
    for cell in (10, 11, 12):  # row 3, clue 1: three shaded is too many
        page.mouse.click(*cell_centre(page, data, cell))
    assert page.get_attribute("#cell-13", "aria-invalid") == "true"
    assert ", more shaded than its row's clue" in tab.label(13)
    assert axe_problems(page) == []  # in play, a line flagged
    assert tab.errors == []


def test_a_nonogram_is_solved_by_touch_with_a_long_press_dot_and_a_finger_drag(browser,
                                                                              nonograms):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2)
    try:
        page = context.new_page()
        page.goto((nonograms[0][0] / "page.html").as_uri())
        data = page_puzzle(page)
        cdp = context.new_cdp_session(page)
        label = lambda cell: (page.get_attribute(f"#cell-{cell}", "aria-label") or ""  # noqa: E731
                              ).split(": ")[1].split(",")[0]
        touch(cdp, [cell_centre(page, data, 5), cell_centre(page, data, 9)])  # a drag
        assert [label(c) for c in range(5, 10)] == ["shaded"] * 5
        touch(cdp, [cell_centre(page, data, 11)], hold=0.7)  # a long press: a dot
        assert label(11) == "marked white"
        for cell in shaded_cells():
            if not 5 <= cell < 10:
                # a tap, its start and end sent together by Playwright (two sends from
                # here, held apart on a loaded machine, could make it a long press)
                page.touchscreen.tap(*cell_centre(page, data, cell))
        assert page.text_content("#status") == "Solved! Every cell is right."
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # fits a phone
    finally:
        context.close()


def test_a_panned_nonogram_keeps_its_clues_in_view_on_a_phone_and_bars_a_broken_line(
        browser, nonograms, tmp_path):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, color_scheme="dark")
    try:
        page = context.new_page()
        page.goto((nonograms[2][0] / "page.html").as_uri())  # the 15x15
        page.click("#zoom-in")
        page.evaluate("document.getElementById('board').scrollTo(10000, 10000)")
        page.wait_for_selector(".band.floating", state="attached", timeout=2000)
        board = page.locator("#board").bounding_box()
        assert page.evaluate("document.getElementById('board').scrollLeft") > 100
        row = page.locator("text.edge-clue[data-line='left14']").last.bounding_box()
        column = page.locator("text.edge-clue[data-line='top14']").last.bounding_box()
        # At the left of what is shown, and at its top: not scrolled out of view.
        assert board["x"] <= row["x"] < board["x"] + board["width"] / 2
        assert board["y"] <= column["y"] < board["y"] + board["height"] / 2
        page.evaluate("document.getElementById('board').scrollTo(0, 0)")
        page.focus("svg")
        for key in (" ", "ArrowRight", " ", "ArrowRight", " "):  # 3 shaded in a row of 2
            page.keyboard.press(key)
        assert page.locator("[aria-invalid=true]").count() == 15
        assert page.locator("line.clash").count() == 15  # seen, not heard alone
        page.screenshot(path=str(tmp_path / "nonogram-phone-dark.png"))
    finally:
        context.close()


def test_two_fingers_pan_a_zoomed_nonogram_on_a_phone_and_paint_nothing(browser, nonograms):
    """One finger paints, so the board takes no touch panning of its own: two pan it (and
    pinch it), and the first finger's tap is taken back."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2)
    try:
        page = context.new_page()
        page.goto((nonograms[2][0] / "page.html").as_uri())
        data = page_puzzle(page)
        assert page.evaluate("document.getElementById('board').scrollWidth > "
                             "document.getElementById('board').clientWidth")  # zoomed
        cdp = context.new_cdp_session(page)
        x, y = cell_centre(page, data, 7 * 15 + 5)
        fingers = [{"x": x, "y": y, "id": 0}, {"x": x, "y": y + 40, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers[:1]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers})
        for step in range(1, 6):
            moved = [dict(f, x=f["x"] - 20 * step) for f in fingers]
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": moved})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        assert page.evaluate("document.getElementById('board').scrollLeft") >= 60
        assert page.locator("rect.fill").count() == 0  # the first finger's tap taken back
    finally:
        context.close()


def touch(cdp, points: list[tuple[float, float]], hold: float = 0.0) -> None:
    """One finger down at the first point, moved through the others, lifted (after `hold`
    seconds on the first where asked)."""
    import time
    (x, y), *rest = points
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    time.sleep(hold)
    for x2, y2 in rest:
        for step in range(1, 5):
            at = {"x": x + (x2 - x) * step / 4, "y": y + (y2 - y) * step / 4}
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [at]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_nonogram_looks_right_light_dark_and_on_a_phone_and_axe_finds_nothing(
        browser, nonograms, tmp_path):
    """Six rows drawn by clicks, then the same page looked at light, dark and phone-wide."""
    shots = Path(os.environ.get("BOOKMAKER_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    folder, puzzle = nonograms[2]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto((folder / "page.html").as_uri())
        assert axe_problems(page) == []  # at rest
        data = page_puzzle(page)
        for cell in [c for c, v in enumerate(puzzle.solution.cells[:90]) if v == 2]:
            page.mouse.click(*cell_centre(page, data, cell))
        page.mouse.click(*cell_centre(page, data, 120), button="right")
        assert page.locator("text.met").count() == 8  # rows 2, 1 1, 1 1, 1, 1, 8
        for scheme, width, height in (("light", 1280, 800), ("dark", 1280, 800),
                                      ("light", 390, 844)):
            page.emulate_media(color_scheme=scheme)
            page.set_viewport_size({"width": width, "height": height})
            if width == 1280:  # in play, clues greyed: their contrast light and dark
                assert axe_problems(page) == [], scheme
            path = shots / f"nonogram-{scheme}-{width}.png"
            page.screenshot(path=str(path), full_page=True)
            assert path.stat().st_size > 10_000
    finally:
        context.close()


QUEENS = "1 AABBCAABDCEADDCEAADDEEEDD"  # a 5x5 one-star Star Battle, seed 1
QUEENS_STARS = (2, 9, 11, 18, 20)  # its answer's stars, cell numbers in reading order


def test_a_star_battle_is_solved_by_taps_its_stars_drawn_and_its_count_shown(tab, tmp_path):
    """The Star Battle kind on an answer-free page (the shading form, its shaded glyph a
    star): a tap places a star, drawn and heard as one; the regions' heavy borders are the
    print's; the line under the title carries its stars a unit, as print's captions do."""
    puzzle = proven("starbattle", QUEENS, None, "queens")
    (tmp_path / "page.html").write_text(page_html([item_of(puzzle, "queens", "Queens")],
                                                  options=PageOptions(answers=False)),
                                        encoding="utf-8")
    page = tab.open((tmp_path, puzzle))
    data = page_puzzle(page)
    assert data["kind"] == "Star Battle \u2605" and "solution" not in data
    assert page.locator("#keypad button").all_text_contents() == ["Star", "Dot", "Erase"]
    tints = [page.locator(f"rect.tint-{level}").count() for level in (1, 2, 3)]
    assert sum(tints) == sum(1 for tint in data["tints"] if tint) > 0  # as print tints them
    page.mouse.click(*cell_centre(page, data, 6))
    assert page.locator("polygon.star").count() == 1 and page.locator("rect.fill").count() == 0
    assert tab.label(6) == "Row 2, column 2: a star"
    page.mouse.click(*cell_centre(page, data, 6), button="right")  # a dot: white, as empty
    for cell in QUEENS_STARS:
        page.mouse.click(*cell_centre(page, data, cell))
    assert page.locator("polygon.star").count() == 5
    assert tab.status() == "Solved! Every cell is right."
    assert tab.errors == []


def test_a_star_battle_marks_touching_stars_a_full_row_and_a_short_column_as_they_are_made(
        tab, tmp_path):
    """A Star Battle's broken rules marked live, from its limits alone (no two stars
    touching, at most its count a unit, a unit decided in full with fewer): the offending
    cells invalid, red with a bar under each, and heard why; cleared when fixed; off with
    the conflicts setting; axe clean with a conflict showing."""
    puzzle = proven("starbattle", QUEENS, None, "queens")
    (tmp_path / "page.html").write_text(  # its own id: no progress kept from another test
        page_html([item_of(puzzle, "queens-clashes", "Queens")]), encoding="utf-8")
    page = tab.open((tmp_path, puzzle))
    data = page_puzzle(page)
    assert (data["limits"]["most"], data["limits"]["apart"]) == (1, True)

    def flagged() -> list[int]:
        return [int(cell.get_attribute("id")[5:])
                for cell in page.locator("[aria-invalid=true]").all()]

    def click(cell: int, **how) -> None:
        page.mouse.click(*cell_centre(page, data, cell), **how)

    click(2)
    click(8)  # r2c4 touches r1c3 at a corner
    assert flagged() == [2, 8] and tab.label(8) == "Row 2, column 4: a star, touches another star"
    assert page.locator("polygon.star.clashing").count() == 2 == page.locator("line.clash").count()
    assert axe_problems(page) == []  # in play, a conflict shown
    shots = Path(os.environ.get("BOOKMAKER_SCREENSHOTS") or tmp_path)
    page.screenshot(path=str(shots / "starbattle-touching.png"))
    click(8)  # a dot now: nothing touches
    assert flagged() == [] and page.locator("line.clash").count() == 0
    click(4)  # a second star in row 1
    assert flagged() == [2, 4] and tab.label(4).endswith(", too many stars in its row")
    page.click("#settings summary")
    page.click("#opt-conflicts")  # conflicts off: nothing marked
    assert flagged() == [] and page.locator("polygon.star.clashing").count() == 0
    page.click("#opt-conflicts")
    assert flagged() == [2, 4]
    click(4, button="right")  # a dot: the row has its one star
    for cell in (0, 5, 10, 15, 20):  # column 1 dotted in full, starless
        click(cell, button="right")
    assert flagged() == [0, 5, 10, 15, 20]
    assert tab.label(20).endswith("marked white, too few stars in its column")
    assert page.locator("circle.dot.clashing").count() == 5
    page.emulate_media(color_scheme="dark")
    assert axe_problems(page) == []
    page.screenshot(path=str(shots / "starbattle-short-dark.png"))
    page.emulate_media(color_scheme="light")
    assert tab.errors == []


TWO_STARS = ("2 AAABCCCCCDAABBCBBCDDBBBBCCBDDDEBBBBBBBFDEEGBBBFFFDEGGHHFFFFDEGIHHFDDDDEIIIHHDDJ"
             "DEEIIIHHDJJEIIIIHHJJJ")  # a 10x10 two-star Star Battle (tests/test_starbattle.py)


def test_a_two_star_battle_takes_two_stars_a_row_and_marks_a_third(tab, tmp_path):
    """A unit's count is the board's (two here): two apart in a row are no conflict, a
    third marks all three."""
    puzzle = proven("starbattle", TWO_STARS, None, "two")
    (tmp_path / "page.html").write_text(page_html([item_of(puzzle, "two-stars", "Two")]),
                                        encoding="utf-8")
    page = tab.open((tmp_path, puzzle))
    data = page_puzzle(page)
    assert data["limits"]["most"] == 2
    for cell in (0, 2):
        page.mouse.click(*cell_centre(page, data, cell))
    assert page.locator("[aria-invalid=true]").count() == 0
    page.mouse.click(*cell_centre(page, data, 4))
    assert [tab.label(cell).endswith("a star, too many stars in its row")
            for cell in (0, 2, 4)] == [True] * 3
    assert page.locator("[aria-invalid=true]").count() == 3 and tab.errors == []


# --- Slitherlink's edges (issue 39): the page's data written here, as the kind will give it --

# A loop solved by hand: '#' inside it, '.' outside (the solution's 2 and 1).
LOOP = ("#...#", "#...#", "##.##", ".###.", ".....")


def loop_edges() -> list[int]:
    """The loop's edges as the page numbers them: the 30 horizontal ones row by row (above
    each row of cells and below the last), then the 30 vertical ones."""
    inside = {(r, c) for r, line in enumerate(LOOP) for c, mark in enumerate(line)
              if mark == "#"}
    across = [((r - 1, c), (r, c)) for r in range(6) for c in range(5)]
    down = [((r, c - 1), (r, c)) for r in range(5) for c in range(6)]
    return [edge for edge, (a, b) in enumerate(across + down)
            if (a in inside) != (b in inside)]


def edge_middle(edge: int) -> tuple[float, float]:
    """An edge's middle (x, y) in cells."""
    if edge < 30:
        return edge % 5 + 0.5, edge // 5
    return (edge - 30) % 6, (edge - 30) // 6 + 0.5


@pytest.fixture(scope="module")
def slitherlink(nonograms, tmp_path_factory) -> list[tuple[Path, Puzzle]]:
    """A 5x5 Slitherlink page (every clue given) answer-free and with its answer, its data
    written as export/page.py will write the kind's: each page's folder and a puzzle of
    its size (for the tab)."""
    from bookmaker.export.page import _answer_of
    folder, puzzle = nonograms[0]
    solution = [2 if mark == "#" else 1 for line in LOOP for mark in line]
    edges = loop_edges()
    clues = [sum(1 for edge in edges if cell in edge_cells(edge)) for cell in range(25)]
    made = []
    for name, answer in (("loop", False), ("loop-answered", True)):
        data = puzzle_data(item_of(puzzle, name, "Slitherlink"))
        data |= {"form": "edges", "kind": "Slitherlink", "edges": [], "ring": 0,
                 "givens": [clue + 1 for clue in clues], "symbols": ["0", "1", "2", "3"],
                 "rules": "Slitherlink: draw one loop along the dots."}
        data.pop("solution", None)
        data |= _answer_of(name, data["givens"], solution, answer)
        where = tmp_path_factory.mktemp(name)
        (where / "page.html").write_text(page_of([data], name, "Slitherlink", "en"),
                                         encoding="utf-8")
        made.append((where, puzzle))
    return made


def edge_cells(edge: int) -> set[int]:
    """The cells of the 5x5 an edge is a side of."""
    x, y = (int(v) for v in edge_middle(edge))  # the cell below or right of it, and
    pairs = [(y - 1, x), (y, x)] if edge < 30 else [(y, x - 1), (y, x)]  # above or left
    return {r * 5 + c for r, c in pairs if 0 <= r < 5 and 0 <= c < 5}


def screen_of(page: Page, x: float, y: float) -> tuple[float, float]:
    return tuple(page.evaluate("([x, y]) => { const m = document.querySelector('svg')"
                               ".getScreenCTM(); return [m.a * x + m.e, m.d * y + m.f]; }",
                               [x, y]))


def test_a_slitherlink_loop_is_drawn_by_clicks_and_an_answer_free_page_knows_it(
        tab, slitherlink, tmp_path):
    page = tab.open(slitherlink[0])
    assert page.locator("circle.lattice").count() == 36
    assert page.locator("g.edges > g").count() == 60
    edges = loop_edges()
    assert len(edges) == 24
    assert tab.label(0) == "Row 1, column 1: clue 3, no lines"
    spare = next(e for e in range(60) if e not in edges)
    heard = []
    for _ in range(3):  # a click on an edge steps it: line, crossed, open
        page.mouse.click(*screen_of(page, *edge_middle(spare)))
        heard.append(page.locator("g.edge.line").count() + 10 * page.locator(
            "g.edge.cross").count())
    assert heard == [1, 10, 0]
    for edge in edges[:-1]:
        page.mouse.click(*screen_of(page, *edge_middle(edge)))
    assert "solved" not in (page.get_attribute("body", "class") or "")
    assert tab.label(0) == "Row 1, column 1: clue 3, lines top, left and right, met"
    page.mouse.click(*screen_of(page, *edge_middle(edges[-1])))
    assert tab.status() == "Solved! Every cell is right."
    zeros = sum(1 for cell in range(25) if not any(cell in edge_cells(e) for e in edges))
    assert page.locator("text.met").count() == 25 - zeros  # the 0s, uncrossed, are not
    shots = Path(os.environ.get("BOOKMAKER_SCREENSHOTS") or tmp_path)
    page.screenshot(path=str(shots / "slitherlink-solved.png"), full_page=True)
    page.reload()
    page.wait_for_selector("body.solved", timeout=5000)
    assert axe_problems(page) == []
    assert tab.errors == []


def test_a_slitherlink_is_drawn_by_keyboard_and_by_a_drag_and_checked(tab, slitherlink,
                                                                      tmp_path):
    page = tab.open(slitherlink[1])
    data = page_puzzle(page)
    page.mouse.move(*screen_of(page, 0, 0))  # the left side of the first three rows
    page.mouse.down()
    page.mouse.move(*screen_of(page, 0.1, 3), steps=6)
    page.mouse.up()
    assert page.locator("g.edge.line").count() == 3
    page.focus("svg")
    page.keyboard.press("Control+z")  # a drag is one step
    assert page.locator("g.edge.line").count() == 0
    page.keyboard.press("Shift+ArrowDown")  # a wrong line, Checked
    page.click("#check")
    assert tab.status() == "1 wrong (crossed out)"
    assert page.locator("g.edge.line.wrong").count() == 1
    shots = Path(os.environ.get("BOOKMAKER_SCREENSHOTS") or tmp_path)
    page.screenshot(path=str(shots / "slitherlink-checked.png"), full_page=True)
    page.focus("svg")
    page.keyboard.press("x")
    page.keyboard.press("ArrowDown")  # crossed, rightly
    assert ", crossed bottom" in tab.label(0)
    sides = {"top": "ArrowUp", "bottom": "ArrowDown", "left": "ArrowLeft",
             "right": "ArrowRight"}
    for edge in loop_edges():
        cell = min(edge_cells(edge))
        x, y = edge_middle(edge)
        r, c = divmod(cell, 5)
        side = ("top" if y == r else "bottom") if edge < 30 else ("left" if x == c else "right")
        for key in key_path(data, selected_cell(page), cell):
            page.keyboard.press(key)
        page.keyboard.press("Shift+" + sides[side])
    assert tab.status() == "Solved! Every cell is right."
    assert tab.errors == []


# --- Hashi's links (issue 39): the page's data written here, as the kind will give it -----

# Islands solved by hand ((row, col): count) and their bridges (two islands: how many).
ISLANDS = {(0, 0): 2, (0, 2): 4, (0, 4): 2, (2, 0): 4, (2, 2): 4, (4, 0): 3, (4, 2): 4,
           (4, 4): 3}
BRIDGES = {((0, 0), (0, 2)): 1, ((0, 2), (0, 4)): 1, ((0, 0), (2, 0)): 1,
           ((0, 2), (2, 2)): 2, ((0, 4), (4, 4)): 1, ((2, 0), (2, 2)): 1,
           ((2, 0), (4, 0)): 2, ((2, 2), (4, 2)): 1, ((4, 0), (4, 2)): 1,
           ((4, 2), (4, 4)): 2}


def hashi_solution() -> list[int]:
    """The contract's grid: an island's count; water 9, or 10|11 one|two bridges across
    it, 12|13 down it."""
    grid = [ISLANDS.get(divmod(cell, 5), 9) for cell in range(25)]
    for ((r1, c1), (r2, c2)), count in BRIDGES.items():
        for r in range(r1, r2 + 1):
            for c in range(c1, c2 + 1):
                if (r, c) not in ISLANDS:
                    grid[r * 5 + c] = (10 if r1 == r2 else 12) + count - 1
    return grid


def links_page(nonograms, folder: Path, name: str, islands: dict, solution: list[int],
               answer: bool) -> tuple[Path, Puzzle]:
    """A 5x5 Hashi page of `islands` written as export/page.py will write the kind's."""
    from bookmaker.export.page import _answer_of
    puzzle = nonograms[0][1]
    data = puzzle_data(item_of(puzzle, name, "Hashi"))
    givens = [islands.get(divmod(cell, 5), 0) for cell in range(25)]
    data |= {"form": "links", "kind": "Hashi", "edges": [], "ring": 0, "givens": givens,
             "symbols": [str(v) for v in range(1, 9)], "rules": "Hashi: join the islands."}
    data.pop("solution", None)
    data |= _answer_of(name, givens, solution, answer)
    (folder / "page.html").write_text(page_of([data], name, "Hashi", "en"), encoding="utf-8")
    return folder, puzzle


def test_a_hashi_is_joined_by_drags_clicks_and_keys_and_an_answer_free_page_knows_it(
        tab, nonograms, tmp_path):
    page = tab.open(links_page(nonograms, tmp_path, "hashi", ISLANDS, hashi_solution(),
                               False))
    data = page_puzzle(page)
    assert page.locator("circle.island").count() == 8
    assert page.locator("g.link").count() == 10  # the islands that see each other
    assert tab.label(0) == "Row 1, column 1: island 2, no bridges"
    page.mouse.move(*cell_centre(page, data, 0))  # a drag from island to island
    page.mouse.down()
    page.mouse.move(*cell_centre(page, data, 2), steps=4)
    page.mouse.up()
    assert tab.label(0) == "Row 1, column 1: island 2, bridges 1 to row 1, column 3"
    assert tab.label(1) == "Row 1, column 2: water, 1 bridge across"
    page.mouse.click(*cell_centre(page, data, 7))  # the water between steps its link on
    page.mouse.click(*cell_centre(page, data, 7))
    assert tab.label(7) == "Row 2, column 3: water, 2 bridges down"
    page.focus("svg")
    for (a, b), count in BRIDGES.items():  # the rest by keys from each link's first island
        if (a, b) in (((0, 0), (0, 2)), ((0, 2), (2, 2))):
            continue
        cell = a[0] * 5 + a[1]
        for key in key_path(data, selected_cell(page), cell):
            page.keyboard.press(key)
        for _ in range(count):
            page.keyboard.press("Shift+" + ("ArrowRight" if a[0] == b[0] else "ArrowDown"))
    assert tab.status() == "Solved! Every cell is right."
    assert page.locator("text.met").count() == 8  # every island's count met, greyed
    shots = Path(os.environ.get("BOOKMAKER_SCREENSHOTS") or tmp_path)
    page.screenshot(path=str(shots / "hashi-solved.png"), full_page=True)
    assert axe_problems(page) == []
    assert tab.errors == []


def test_a_hashi_bridge_is_refused_across_another_and_a_wrong_one_checked(tab, nonograms,
                                                                        tmp_path):
    cross = {(0, 1): 1, (2, 1): 1, (1, 0): 1, (1, 2): 1}  # two links over one cell
    solution = [cross.get(divmod(cell, 5), 9) for cell in range(25)]
    solution[6] = 12  # the answer: the bridge down
    page = tab.open(links_page(nonograms, tmp_path, "cross", cross, solution, True))
    data = page_puzzle(page)
    page.focus("svg")
    for key in key_path(data, selected_cell(page), 5):
        page.keyboard.press(key)
    page.click("#keypad button[aria-label='Bridge right']")  # across, as Shift+Right: wrong
    for key in key_path(data, 5, 1):
        page.keyboard.press(key)
    page.keyboard.press("Shift+ArrowDown")
    assert tab.status() == "A bridge cannot cross another"
    assert tab.label(6) == "Row 2, column 2: water, 1 bridge across"
    page.click("#check")
    assert tab.status() == "1 wrong (crossed out)"
    assert page.locator("g.link.wrong").count() == 1
    page.click("#reveal-all")
    page.click("#confirm-yes")
    assert tab.status() == "Answer revealed."
    assert tab.label(6) == "Row 2, column 2: water, 1 bridge down"
    assert tab.errors == []


def test_the_slitherlink_kind_is_solved_by_clicks_on_an_answer_free_page(tab, tmp_path):
    """The Slitherlink kind's own page (its data as export/page.py writes the kind's): a
    click on each edge between an inside and an outside cell of its answer draws the loop,
    and the page knows it solved."""
    from exchangedata import LINES

    puzzle = proven("slitherlink", LINES["slitherlink"], None, "loop")
    (tmp_path / "page.html").write_text(page_html([item_of(puzzle, "loop", "Loop")],
                                                  options=PageOptions(answers=False)),
                                        encoding="utf-8")
    page = tab.open((tmp_path, puzzle))
    data = page_puzzle(page)
    assert data["form"] == "edges" and "solution" not in data
    height, width = puzzle.shape.frame
    inside = {divmod(cell, width) for cell, v in enumerate(puzzle.solution.cells) if v == 2}
    for r in range(height + 1):  # the edges above each row of cells, and below the last
        for c in range(width):
            if ((r - 1, c) in inside) != ((r, c) in inside):
                page.mouse.click(*screen_of(page, c + 0.5, r))
    for r in range(height):  # the edges left of each column, and right of the last
        for c in range(width + 1):
            if ((r, c - 1) in inside) != ((r, c) in inside):
                page.mouse.click(*screen_of(page, c, r + 0.5))
    assert tab.status() == "Solved! Every cell is right."
    assert tab.errors == []


@pytest.mark.parametrize("rectangle", [False, True])
def test_the_hashi_kind_is_solved_by_clicks_on_an_answer_free_page(tab, tmp_path, rectangle):
    """The Hashi kind's own page (its data as export/page.py writes the kind's): a click on
    the water of each bridge of its answer, once or twice, and the page knows it solved;
    on a square and on a rectangle (8 rows of 12), its board as tall as its rows."""
    from exchangedata import LINES

    from bookmaker.core.hashi.rules import ACROSS, DOWN, NOTHING
    line = ("1.5.4.3.2.3./............/...1..3..1../2.5.......4./....3....1../......1...3./"
            "1.........../..3.4.2...2.") if rectangle else LINES["hashi"]
    puzzle = proven("hashi", line, None, "hashi")
    (tmp_path / "page.html").write_text(page_html([item_of(puzzle, "hashi", "Hashi")],
                                                  options=PageOptions(answers=False)),
                                        encoding="utf-8")
    page = tab.open((tmp_path, puzzle))
    data = page_puzzle(page)
    assert data["form"] == "links" and "solution" not in data
    (rows, n), water = puzzle.shape.frame, puzzle.solution.cells
    assert page.locator("circle.island").count() == sum(1 for v in puzzle.givens.cells if v)
    assert data["sides"] == [rows, n]
    for cell, code in enumerate(water):  # one click a bridge, on the first water of its run
        row, col = divmod(cell, n)
        across = code in (ACROSS, ACROSS + 1)
        before = cell - 1 if across else cell - n
        first = before < 0 or (across and col == 0) or \
            puzzle.givens.cells[before] or water[before] != code
        if code > NOTHING and not puzzle.givens.cells[cell] and first:
            for _ in range(1 if code in (ACROSS, DOWN) else 2):
                page.mouse.click(*cell_centre(page, data, cell))
    assert tab.status() == "Solved! Every cell is right."
    assert tab.errors == []


def test_a_slitherlink_and_a_hashi_mark_their_broken_rules_as_they_are_made(tab, tmp_path):
    """The rules each kind's page is told (its limits): no more than two lines at a dot and
    none round a clue beyond it; no island with more bridges than its number. Each broken
    rule red with a bar (a dot drawn larger), and heard in the cells' words."""
    from exchangedata import LINES

    pages = {}
    for kind in ("slitherlink", "hashi"):
        puzzle = proven(kind, LINES[kind], None, f"{kind}-rules")
        (tmp_path / kind).mkdir()
        (tmp_path / kind / "page.html").write_text(page_html([item_of(
            puzzle, f"{kind}-rules", kind)]), encoding="utf-8")
        pages[kind] = (tmp_path / kind, puzzle)
    page = tab.open(pages["slitherlink"])
    assert page_puzzle(page)["limits"] | {"counted": True, "meeting": 2} == \
        page_puzzle(page)["limits"]
    page.focus("svg")  # round the dot below right of r1c1: four lines; r2c2's 1 has two
    for key in key_path(page_puzzle(page), selected_cell(page), 0) + [
            "Shift+ArrowRight", "Shift+ArrowDown", "ArrowDown", "Shift+ArrowRight",
                "ArrowRight", "Shift+ArrowUp"]:
        page.keyboard.press(key)
    assert page.locator("circle.crowded").count() == 1
    assert [tab.label(cell).count("4 lines meet at a corner") for cell in (0, 1, 7, 8)] == \
        [1, 1, 1, 1]
    assert "more lines than its clue" in tab.label(8)
    assert page.locator("[aria-invalid=true]").count() == 4 == page.locator(
        "line.clash").count()
    page.keyboard.press("Control+z")  # r2c2's top taken off: three lines, the 1 met
    assert "3 lines meet" in tab.label(8) and "more lines" not in tab.label(8)
    page = tab.open(pages["hashi"])
    page.focus("svg")
    for key in key_path(page_puzzle(page), selected_cell(page), 25):  # r4c5, a 1
        page.keyboard.press(key)
    page.keyboard.press("Shift+ArrowLeft")
    assert page.locator("[aria-invalid=true]").count() == 0
    page.keyboard.press("Shift+ArrowDown")  # a second bridge at a 1
    assert "more bridges than its number" in tab.label(25)
    assert page.locator("[aria-invalid=true]").count() == 1
    assert page.locator("circle.island.clashing").count() == 1 == page.locator(
        "line.clash").count()
    assert tab.errors == []


def test_axe_finds_nothing_serious_dark_on_a_star_battle_slitherlink_and_binairo_in_play(
        browser, tmp_path):
    """Each kind's own page (one book page of the three, axe loaded once), in the dark
    scheme, with a broken rule marked: contrast too."""
    from exchangedata import LINES

    plays = {"starbattle": [" ", "ArrowRight", " "],  # two stars touching
             "slitherlink": ["Shift+ArrowDown", "Shift+ArrowRight", "ArrowRight",
                             "Shift+ArrowDown"],  # three lines at a dot
             "binairo": ["1"]}  # r1c3: three 1s side by side
    (tmp_path / "page.html").write_text(page_html([item_of(
        proven(kind, LINES[kind], None, kind), f"{kind}-dark", kind) for kind in plays]),
        encoding="utf-8")
    context = browser.new_context(color_scheme="dark")
    try:
        page = context.new_page()
        page.goto((tmp_path / "page.html").as_uri())
        for index, (kind, keys) in enumerate(plays.items()):
            page.select_option("#pick", str(index))
            page.focus("svg")
            for key in keys:
                page.keyboard.press(key)
            assert page.locator("[aria-invalid=true]").count() >= 2, kind
            assert axe_problems(page) == [], kind
    finally:
        context.close()


def test_a_book_page_of_a_sudoku_and_a_nonogram_plays_each_as_its_own(tab, week, nonograms,
                                                                      tmp_path):
    sudoku, nonogram = week[0][1], nonograms[1][1]
    (tmp_path / "page.html").write_text(page_html([item_of(sudoku, "s", "Sudoku"),
                                                   item_of(nonogram, "n", "Nonogram")]),
                                        encoding="utf-8")
    page = tab.open((tmp_path, sudoku))
    page.select_option("#pick", "1")
    assert page.locator("#keypad button").all_text_contents() == ["Shade", "Dot", "Erase"]
    page.focus("svg")
    page.keyboard.press(" ")
    assert tab.label(0).startswith("Row 1, column 1: shaded")
    page.select_option("#pick", "0")  # back to the Sudoku: symbols typed, pencil marks
    assert page.is_visible("#pencil") and page.get_attribute("#pencil-help", "hidden") is None
    assert page.locator("#keypad button").count() == 7  # 1 to 6 and Erase
    page.focus("svg")
    cell = sudoku.givens.cells.index(0)
    page.keyboard.press(tab.symbol(cell))
    assert page.locator("text.entry").count() == 1
    page.keyboard.press(" ")  # Space is pencil marks here
    assert page.get_attribute("#pencil", "aria-pressed") == "true"
    page.select_option("#pick", "1")  # and the Nonogram's progress kept
    assert page.locator("rect.fill").count() == 1
    assert tab.errors == []
