"""One rules text per kind and language: the web page, a daily's line and a book's
how-to-play say a kind's rules alike, from its words in the message catalogues, in the
spec's language."""

from __future__ import annotations

import json
import re
from functools import cache

import pytest
from exchangedata import LINES, puzzle_of

from bookmaker.core.kinds.kind import Kind
from bookmaker.core.puzzle import Puzzle
from bookmaker.core.registry import all_kinds, kind_named, kind_of_puzzle
from bookmaker.design.catalogue import Catalogue, language_names, load_catalogue
from bookmaker.design.glyphs import numbers, symbols_text
from bookmaker.design.howtoplay import rules_paragraphs, rules_sentence
from bookmaker.export.items import item_of
from bookmaker.export.page import page_html


@cache
def puzzles() -> tuple[Puzzle, ...]:
    """A puzzle of every kind of the registry (tests/exchangedata.py holds a line each)."""
    made = tuple(puzzle_of(key) for key in LINES)
    assert {kind_of_puzzle(puzzle) for puzzle in made} == set(all_kinds())
    return made


def played() -> list[Puzzle]:
    """Those of them the web page plays: kinds whose answer is values in cells (Binairo's
    two symbols are left off it, core/kinds/answer.py)."""
    return [puzzle for puzzle in puzzles() if kind_of_puzzle(puzzle).answer.numbered]


def catalogue_rules(kind: Kind, size: int, words: Catalogue) -> str:
    """The kind's rules as the catalogue words them: a kind following Sudoku's rule, that
    rule for its numbers and then its own (if any); any other kind, its own rule alone."""
    own = [words.text(kind.presentation.rules_key)] if kind.presentation.rules_key else []
    if not kind.presentation.sudoku_rule:
        return own[0]
    named = words.text("named_numbers", symbols=symbols_text(numbers(size), words))
    return " ".join([words.text("rules_one_size", symbols=named), *own])


def page_data(puzzles: list[Puzzle], language: str) -> list[dict]:
    """The puzzles' data a web page of them, in `language`, holds."""
    page = page_html([item_of(puzzle, f"p{i}", "Puzzle") for i, puzzle in enumerate(puzzles)],
                     "Puzzles", language=language)
    assert f'<html lang="{language}">' in page
    found = re.search(r'<script type="application/json" id="puzzles">(.*?)</script>', page,
                      re.S)
    assert found is not None
    return json.loads(found.group(1).replace("\\u003c", "<"))["puzzles"]


@pytest.mark.parametrize("language", language_names())
def test_the_web_page_says_each_kinds_rules_from_the_catalogue(language):
    words = load_catalogue(language)
    for puzzle, data in zip(played(), page_data(played(), language)):
        shown = data["rules"]
        assert shown == catalogue_rules(kind_of_puzzle(puzzle), puzzle.shape.size, words), \
            kind_of_puzzle(puzzle).name


def test_no_page_says_rows_hold_each_symbol_once_of_a_kind_whose_rows_do_not():
    shown = {kind_of_puzzle(puzzle).name: data["rules"]
             for puzzle, data in zip(played(), page_data(played(), "en"))}
    assert [name for name, rules in shown.items() if "every row" not in rules] == ["kakuro"]
    assert not [name for name, rules in shown.items() if "symbol" in rules]  # all numbers
    kakuro = next(data for puzzle, data in zip(played(), page_data(played(), "en"))
                  if kind_of_puzzle(puzzle) == kind_named("kakuro"))
    assert kakuro["rules"].startswith("Kakuro: write a digit from 1 to 9 in every white square.")


def test_a_german_page_says_the_rules_a_german_book_of_the_kind_says():
    killer = next(puzzle for puzzle in puzzles() if kind_of_puzzle(puzzle).name == "killer")
    german = load_catalogue("de")
    book = rules_paragraphs([(killer.shape.size, kind_of_puzzle(killer), ())], "back", german)
    assert killer.shape.size == 6 and page_data([killer], "de")[0]["rules"] == \
        f"{book[0]} {book[1]}" == (
        "Füllen Sie das Gitter so aus, dass jede Zeile, jede Spalte und jeder umrandete Block "
        "die Ziffern 1 bis 6 je genau einmal enthält. " + german.text("variant_rules.killer"))


def test_a_size_in_numbers_and_in_letters_names_the_letters_puzzles_apart():
    # Issue 36: a German book of Sudoku and Wordoku said "1 bis 9 in den 9×9-Rätseln und
    # S, C, H, ... in den 9×9-Rätseln", and that each block holds "jede Ziffer".
    german = load_catalogue("de")
    word = tuple(german.text("wordoku_word"))
    text = rules_sentence(sorted([(9, numbers(9)), (9, word)]), german)
    assert text.endswith("1 bis 9 in den 9×9-Rätseln und S, C, H, W, I, N, D, E und L in "
                         "den 9×9-Worträtseln.")
    assert "Ziffer" not in text
