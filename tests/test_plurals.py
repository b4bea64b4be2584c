"""A counted text takes the form its count's plural category names, by the CLDR rules each
catalogue states (design/plurals.py): the same choice as the browser's Intl.PluralRules."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bookmaker.design.catalogue import (
    REFERENCE_LANGUAGE,
    CatalogueError,
    catalogue_mistakes,
    language_names,
    load_catalogue,
)
from bookmaker.design.plurals import PluralRuleError, parse_condition, parse_rules

# Each language's categories at its boundaries, as Node 20's Intl.PluralRules chose them
# for these counts (o: other, 1: one, f: few, m: many).
COUNTS = (0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 24, 25, 101, 102, 112, 122, 1000000, 3000000,
          1000001)
BROWSER = {"de": "o1ooooooooooooooooo", "en": "o1ooooooooooooooooo",
           "nl": "o1ooooooooooooooooo", "es": "o1oooooooooooooommo",
           "it": "o1oooooooooooooommo", "fr": "11oooooooooooooommo",
           "pt": "11oooooooooooooommo", "pl": "m1ffmmmmmffmmfmfmmm"}
LETTER = {"o": "other", "1": "one", "f": "few", "m": "many"}


def test_every_catalogue_states_rules_the_tests_know():
    assert set(language_names()) == set(BROWSER)


@pytest.mark.parametrize("language", sorted(BROWSER))
def test_each_language_counts_as_the_browser_does_at_its_boundaries(language):
    rules = load_catalogue(language).plurals
    assert rules is not None
    assert [rules.category(count) for count in COUNTS] == \
        [LETTER[letter] for letter in BROWSER[language]]


@pytest.mark.parametrize("count, sudoku, puzzles", [
    (1, "1 rodzaj sudoku", "1 łamigłówka"), (2, "2 rodzaje sudoku", "2 łamigłówki"),
    (4, "4 rodzaje sudoku", "4 łamigłówki"), (5, "5 rodzajów sudoku", "5 łamigłówek"),
    (12, "12 rodzajów sudoku", "12 łamigłówek"), (22, "22 rodzaje sudoku", "22 łamigłówki"),
    (25, "25 rodzajów sudoku", "25 łamigłówek"), (101, "101 rodzajów sudoku", "101 łamigłówek"),
    (112, "112 rodzajów sudoku", "112 łamigłówek")])
def test_polish_counts_kinds_and_puzzles_in_their_three_forms(count, sudoku, puzzles):
    polish = load_catalogue("pl")
    assert polish.text("kinds_variety", count=count) == sudoku
    assert polish.text("cover_count", count=count) == f"{count} sudoku"  # indeclinable
    assert polish.text("beyond_sudoku.cover_count", count=count) == puzzles
    assert polish.text("beyond_sudoku.kinds_variety", count=count) == \
        sudoku.replace("sudoku", "łamigłówek")


def test_a_book_beyond_sudoku_takes_every_form_of_its_counted_texts():
    from bookmaker.spec.kinds import kind_of_name

    polish = load_catalogue("pl").for_kinds([kind_of_name("kakuro")])
    assert [polish.text("cover_badge", count=n) for n in (1, 3, 5)] == \
        ["łamigłówka", "łamigłówki", "łamigłówek"]
    assert polish.text("cover_count", count=24) == "24 łamigłówki"


def test_one_puzzle_is_singular_and_french_counts_none_as_one():
    assert load_catalogue("en").text("cover_count", count=1) == "1 puzzle"
    assert load_catalogue("en").text("cover_count", count=0) == "0 puzzles"
    assert load_catalogue("fr").text("cover_count", count=0) == "0 grille"
    assert load_catalogue("fr").text("cover_count", count=2000000) == "2000000 de grilles"


def test_a_catalogue_may_give_one_plain_text_for_every_count():
    english = load_catalogue(REFERENCE_LANGUAGE)
    texts = {key: text for key, text in english.texts.items()
             if not key.startswith("cover_count.")} | {"cover_count": "Puzzles: {count}"}
    plain = replace(english, texts=texts)
    assert catalogue_mistakes(plain, english) == []
    assert plain.text("cover_count", count=1) == "Puzzles: 1"


def test_a_counted_text_must_have_exactly_its_languages_forms():
    english, polish = load_catalogue(REFERENCE_LANGUAGE), load_catalogue("pl")
    texts = {key: text for key, text in polish.texts.items() if key != "kinds_variety.few"}
    texts |= {"cover_badge.two": "x", "cover_badge.other": "sudoku"}
    del texts["cover_badge"]
    assert catalogue_mistakes(replace(polish, texts=texts), english) == [
        "missing key 'cover_badge.one'",
        "'cover_badge' lacks the form 'one'", "'cover_badge' lacks the form 'few'",
        "'cover_badge' lacks the form 'many'",
        "'cover_badge' has the form 'two' its language never uses",
        "'kinds_variety' lacks the form 'few'"]
    assert catalogue_mistakes(replace(english, plurals=None), english) == [
        "no plural rules (plurals:) for its counted texts"]


def test_a_rule_is_cldrs_syntax_or_an_error_naming_it():
    assert parse_condition("n % 10 = 2..4,7 and n % 100 != 12..14 @integer 2~4") == \
        ((("n", 10, False, ((2, 4), (7, 7))), ("n", 100, True, ((12, 14),))),)
    for bad in ("", "i = ", "i == 1", "x = 1", "i % = 1", "i = 1..", "i = 1 and"):
        with pytest.raises(PluralRuleError, match="not a CLDR plural condition"):
            parse_condition(bad)
    with pytest.raises(PluralRuleError, match="unknown plural category 'other'"):
        parse_rules({"other": "i = 1"})


def test_a_catalogue_with_a_broken_rule_names_its_file(monkeypatch):
    from bookmaker.design import catalogue

    monkeypatch.setattr(catalogue, "_read", lambda language: {"plurals": {"one": "i = ="}})
    monkeypatch.setattr(catalogue, "language_names", lambda: ("xx",))
    with pytest.raises(CatalogueError, match=r"messages/xx.yaml: plurals: not a CLDR"):
        catalogue.load_catalogue.__wrapped__("xx")


POLISH_BOOK = """book: {title: Łamigłówki, seed: 3, layout: kdp-6x9, language: pl, registry: false}
cover: {design: classic}
sections:
  - {name: A, size: 4x4, count: 1, difficulty: beginner}
  - {name: B, size: 6x6, count: 1, variant: x, difficulty: beginner}
  - {name: C, size: 4x4, count: 1, variant: killer, difficulty: beginner}
  - {name: D, size: 6x6, count: 1, variant: kakuro, difficulty: beginner}
"""


def test_a_polish_book_of_four_kinds_says_4_rodzaje_and_its_cover_4_lamiglowki(runner,
                                                                               tmp_path):
    from pypdf import PdfReader

    from bookmaker.cli import main

    (tmp_path / "book.yaml").write_text(POLISH_BOOK, encoding="utf-8")
    result = runner.invoke(main, ["build", str(tmp_path / "book.yaml"), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output + result.stderr
    title = PdfReader(tmp_path / "lamiglowki.pdf").pages[0].extract_text()
    assert title.splitlines()[0] == "4 RODZAJE ŁAMIGŁÓWEK"
    cover = PdfReader(tmp_path / "lamiglowki-cover.pdf").pages[0].extract_text()
    assert "\n4\nłamigłówki\n" in cover  # the badge: the number, the word under it
    assert "\n4 łamigłówki · Sudoku, Sudoku X, Sudoku Killer i Kakuro\n" in cover  # the back
