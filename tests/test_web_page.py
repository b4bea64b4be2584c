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

import os
import shutil
import subprocess
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
from bookmaker.daily.build import make_daily, run_dates
from bookmaker.export.items import daily_items, item_of
from bookmaker.export.page import marks_data, page_of, puzzle_data
from bookmaker.pages.board import board_drawing, cage_borders, cage_drawings
from bookmaker.spec.daily import load_daily_spec

if TYPE_CHECKING:
    from playwright.sync_api import Page

# One worker runs them all (pyproject's --dist loadgroup): one browser, one week made.
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

CHROMIUM = os.environ.get("BOOKMAKER_CHROMIUM", "/usr/bin/chromium")
# Headless and quiet: no sandbox (CI runs as root), no GPU, nothing fetched in the background.
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]
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


def browser_problem() -> str | None:
    """Why the browser tests cannot run here, or None (Chromium installed first where this
    machine can: as root, with apt-get)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install '.[test]')"
    if not Path(CHROMIUM).is_file() and os.geteuid() == 0 and shutil.which("apt-get"):
        install_chromium()
    if not Path(CHROMIUM).is_file():
        return f"no Chromium at {CHROMIUM} (as root: apt-get install chromium)"
    return None


def install_chromium() -> None:
    """Debian's Chromium, installed without a question (no standard input); its output is
    shown only if it fails."""
    steps = [["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "chromium"]]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for step in steps:
        done = subprocess.run(step, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, timeout=900, check=False)
        if done.returncode != 0:
            pytest.fail(f"{' '.join(step)} failed:\n{done.stdout}{done.stderr}")


@pytest.fixture(scope="module")
def browser() -> Iterator:
    problem = browser_problem()
    if problem:
        pytest.fail(f"{problem}; or leave the browser tests out: pytest -m 'not browser'")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def week(tmp_path_factory) -> list[tuple[Path, Puzzle]]:
    """A week of dailies, one kind a day: each day's folder and its puzzle (read back from
    its day.json), Monday first."""
    folder = tmp_path_factory.mktemp("week")
    spec_path = folder / "week.yaml"
    spec_path.write_text(WEEK, encoding="utf-8")
    make_daily(load_daily_spec(spec_path), run_dates(START, 7), folder)
    _, items = daily_items(folder / "kinds-daily")
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
        folder, self.puzzle = day
        self.page.goto((folder / "page.html").as_uri())
        self.page.evaluate("localStorage.clear()")
        self.page.reload()
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
        marks = puzzle.kind.marks(puzzle.givens, puzzle.extras)
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
        path = shots / f"{day}-{puzzle.kind.name}-solved.png"
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
    assert "solved" in (page.get_attribute("body", "class") or "")
    assert page.locator("text.entry").count() == size * size - puzzle.givens.clue_count


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
    assert float(box[0]) < -1 and float(box[2]) > board.size + 2  # a ring of clue cells
    shots = Path(os.environ.get("BOOKMAKER_SCREENSHOTS") or tmp_path)
    page.screenshot(path=str(shots / "marks-of-any-kind.png"), full_page=True)
    assert tab.errors == []
