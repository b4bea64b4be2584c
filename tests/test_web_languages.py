"""The web page in its language, in a real browser: a German and a Polish page of five kinds
(a Killer Sudoku, a Nonogram, a Star Battle, a Hashi, a Slitherlink) whose buttons, labels,
cells' words and what the page says are German or Polish, counted as each counts; and
pages in German, Polish and French at a phone's and a desktop's width with no button
clipped nor the page wider than the screen. Screenshots go to BOOKMAKER_SCREENSHOTS if it
names a folder. Run with -n 0 (one Chromium), as tests/test_web_page.py."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from exchangedata import LINES
from test_web_page import (  # noqa: F401  (tab is a fixture)
    QUEENS,
    Tab,
    cell_centre,
    page_puzzle,
    tab,
)

from bookmaker.core.puzzle import Puzzle
from bookmaker.design.catalogue import load_catalogue
from bookmaker.export.items import item_of, proven
from bookmaker.export.page import page_html

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

KINDS = (("killer", LINES["killer"]), ("nonogram", LINES["nonogram"]),
         ("starbattle", QUEENS), ("hashi", LINES["hashi"]),
         ("slitherlink", LINES["slitherlink"]))


def five_kinds(folder: Path, language: str) -> tuple[Path, Puzzle]:
    """A page of the five kinds in `language`, with their answers: its folder and its
    first puzzle (the Killer)."""
    puzzles = [proven(kind, line, None, kind) for kind, line in KINDS]
    items = [item_of(puzzle, kind, kind.title()) for puzzle, (kind, _) in zip(puzzles, KINDS)]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "page.html").write_text(page_html(items, language=language), encoding="utf-8")
    return folder, puzzles[0]


def english_left(page, language: str) -> list[str]:
    """The page's own English texts (those its language says otherwise) still shown or
    labelled on it."""
    english, own = load_catalogue("en").texts, load_catalogue(language).texts
    shown = page.evaluate("""() => document.getElementById('app').innerText + '\\n' +
        Array.from(document.querySelectorAll('[aria-label], [title]')).map((e) =>
          (e.getAttribute('aria-label') || '') + '\\n' + (e.getAttribute('title') || ''))
          .join('\\n')""")
    return [text for key, text in english.items() if key.startswith("web.page.")
            and len(text) > 4 and text != own[key] and text in shown]


def wrong_symbol(puzzle: Puzzle, data: dict, cell: int) -> str:
    return data["symbols"][puzzle.solution.cells[cell] % len(data["symbols"])]


def type_at(page, data: dict, cell: int, symbol: str) -> None:
    page.mouse.click(*cell_centre(page, data, cell))
    page.keyboard.type(symbol)


def test_a_german_page_shows_and_says_everything_in_german(tab, tmp_path):  # noqa: F811
    page = tab.open(five_kinds(tmp_path / "de", "de"))
    puzzle, data = tab.puzzle, page_puzzle(page)
    assert page.evaluate("document.documentElement.lang") == "de"
    assert [page.text_content(f"#{b}") for b in ("pencil", "undo", "redo", "check")] == \
        ["Notizen", "Rückgängig", "Wiederholen", "Prüfen"]
    assert page.locator("#keypad button").last.text_content() == "Löschen"
    assert page.get_attribute("#keypad button >> nth=0", "aria-label") == "1 eintragen"
    page.click("#undo")
    assert tab.status() == "Nichts rückgängig zu machen"
    page.click("#pencil")
    assert tab.status() == "Notizen an"
    page.click("#pencil")
    empty = [c for c, v in enumerate(puzzle.givens.cells) if not v]
    type_at(page, data, empty[0], wrong_symbol(puzzle, data, empty[0]))
    assert tab.status().startswith(f"Zeile 1, Spalte {empty[0] + 1}: ")
    assert ", Käfig " in tab.label(empty[0]) and " Feldern" in tab.label(empty[0])
    page.click("#check")
    assert tab.status() == f"1 falsch (durchgekreuzt), {len(empty) - 1} leer"
    assert tab.label(empty[0]).split(": ")[1].split(", ")[1] == "falsch"
    page.click("#reveal-cell")
    assert tab.status().startswith(f"Gezeigt: Zeile 1, Spalte {empty[0] + 1}: ")
    page.click("#reveal-all")
    assert page.text_content("#confirm-text") == "Die ganze Lösung zeigen?"
    assert page.text_content("#confirm-yes") == "Ja"
    page.click("#confirm-yes")
    assert page.text_content("#finish-text").startswith("Lösung gezeigt nach 0:0")
    assert english_left(page, "de") == []
    assert "gelöst" in page.locator("#pick option").first.text_content()
    kinds_in_german(tab, page)
    assert tab.errors == []


def kinds_in_german(tab: Tab, page) -> None:  # noqa: F811
    """The Nonogram, Star Battle, Hashi and Slitherlink keypads and words in German."""
    page.select_option("#pick", "1")
    assert page.locator("#keypad button").all_text_contents() == ["Schwärzen", "Punkt",
                                                                  "Löschen"]
    page.mouse.click(*cell_centre(page, page_puzzle(page), 0))
    assert tab.label(0) == "Zeile 1, Spalte 1: geschwärzt, zu viel geschwärzt für den " \
        "Hinweis seiner Spalte, Zeilenhinweis 1 1, Spaltenhinweis 0"
    assert page.text_content("#keys-help").startswith("Die Pfeiltasten wechseln das Feld")
    page.select_option("#pick", "2")
    assert page.locator("#keypad button").all_text_contents() == ["Stern", "Punkt", "Löschen"]
    page.select_option("#pick", "3")
    assert [b.get_attribute("aria-label") for b in page.locator("#keypad button").all()] == [
        "Brücke nach oben", "Brücke nach unten", "Brücke nach links", "Brücke nach rechts"]
    island = next(c for c, v in enumerate(page_puzzle(page)["givens"]) if v)
    assert tab.label(island).split(": ")[1].startswith("Insel ")
    page.select_option("#pick", "4")
    page.focus("svg")
    page.keyboard.press("Shift+ArrowUp")
    page.keyboard.press("Shift+ArrowLeft")
    assert tab.status().split(": ")[1].split(", Linien ")[1].startswith("oben und links")
    page.keyboard.press("x")
    assert tab.status() == "Welche Seite kreuzen? Eine Pfeiltaste"
    assert english_left(page, "de") == []


def polish_count(n: int, one: str, few: str, many: str) -> str:
    """A Polish whole number's noun, as CLDR's rules choose it (the browser's Intl)."""
    if n == 1:
        return one
    return few if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else many


def test_a_polish_page_counts_its_mistakes_and_empty_cells_as_polish_counts(
        tab, tmp_path):  # noqa: F811
    page = tab.open(five_kinds(tmp_path / "pl", "pl"))
    puzzle, data = tab.puzzle, page_puzzle(page)
    empty = [c for c, v in enumerate(puzzle.givens.cells) if not v]
    said = []
    for count in range(1, 6):
        type_at(page, data, empty[count - 1], wrong_symbol(puzzle, data, empty[count - 1]))
        page.click("#check")
        left = len(empty) - count
        said.append(tab.status())
        mistakes = polish_count(count, "błąd (przekreślony)", "błędy (przekreślone)",
                                "błędów (przekreślonych)")
        assert tab.status() == \
            f"{count} {mistakes}, {left} {polish_count(left, 'puste', 'puste', 'pustych')}"
    assert said[0].startswith("1 błąd") and said[1].startswith("2 błędy") and \
        said[4].startswith("5 błędów")
    assert page.text_content("#check") == "Sprawdź" and english_left(page, "pl") == []
    assert tab.errors == []


@pytest.mark.parametrize("language", ["de", "pl", "fr"])
def test_a_page_in_a_long_language_fits_a_phone_and_a_desktop(
        browser, tmp_path, language):
    folder, _ = five_kinds(tmp_path / language, language)
    shots = os.environ.get("BOOKMAKER_SCREENSHOTS")
    for name, size, phone in (("phone", {"width": 360, "height": 780}, True),
                              ("desktop", {"width": 1280, "height": 800}, False)):
        context = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)
        try:
            page = context.new_page()
            page.goto((folder / "page.html").as_uri())
            page.click("#settings summary")
            page.click("#help summary")
            for index in ("0", "1", "3"):  # symbols, shading and arrows' keypads
                page.select_option("#pick", index)
                assert overflowing(page) == [], (language, name, index)
                if shots:
                    page.screenshot(path=str(Path(shots) / f"web-{language}-{name}-{index}.png"),
                                    full_page=True)
        finally:
            context.close()


def overflowing(page) -> list[str]:
    """The buttons whose text is clipped or that reach past the screen's right edge, and
    the page if it is wider than the screen."""
    return page.evaluate("""() => {
      const wide = document.documentElement.scrollWidth > window.innerWidth ? ['page'] : [];
      return wide.concat(Array.from(document.querySelectorAll('button, select, summary'))
        .filter((b) => b.offsetParent !== null)
        .filter((b) => b.scrollWidth > b.clientWidth + 1 ||
                       b.getBoundingClientRect().right > window.innerWidth)
        .map((b) => b.id || b.textContent));
    }""")
