"""The web page's words come from the message catalogues (export/pagewords.py): its own
text filled into its template, its scripts' as data, every counted text with the forms its
language counts by, English only where a catalogue lacks a text."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest
from exchangedata import LINES

from bookmaker.design.catalogue import (
    REFERENCE_LANGUAGE,
    Catalogue,
    catalogue_mistakes,
    language_names,
    load_catalogue,
)
from bookmaker.export.items import item_of, proven
from bookmaker.export.page import page_html
from bookmaker.export.pagewords import script_words, web_texts

# The plural forms (CLDR's categories) a counted text needs in each language, as its
# browser's Intl.PluralRules name them: Polish's 1, 2-4 and 5-21, the rest's 1 and others
# (French's one takes 0 too), and in the Romance languages `many` for whole millions.
MILLIONS = {"one", "many", "other"}
COUNTED_BY = {"pl": {"one", "few", "many", "other"}, "es": MILLIONS, "fr": MILLIONS,
              "it": MILLIONS, "pt": MILLIONS}
ONE_AND_OTHER = {"one", "other"}


def counted_texts(language: str) -> dict[str, set[str]]:
    """A catalogue's counted web texts, each with the forms it gives."""
    forms: dict[str, set[str]] = {}
    for key, text in script_words(load_catalogue(language), ("shading", "edges", "links")).items():
        if isinstance(text, dict):
            forms[key] = set(text)
    return forms


@pytest.mark.parametrize("language", language_names())
def test_every_counted_web_text_has_the_forms_its_language_counts_by(language):
    counted = counted_texts(language)
    assert counted.keys() == counted_texts(REFERENCE_LANGUAGE).keys()
    assert len(counted) >= 8  # wrong, empty, cages, runs, alike, lines, bridges
    wanted = COUNTED_BY.get(language, ONE_AND_OTHER)
    assert {key: forms for key, forms in counted.items() if forms != wanted} == {}


def test_a_language_may_add_plural_forms_but_no_other_key_and_keeps_their_placeholders():
    english, polish = load_catalogue("en"), load_catalogue("pl")
    key = "web.wrong_count"
    assert catalogue_mistakes(polish, english) == []
    spoilt = polish.texts | {f"{key}.many": "błędów", "web.erase.few": "x", "web.few": "y"}
    assert catalogue_mistakes(Catalogue("pl", spoilt, polish.plurals), english) == [
        "unknown key 'web.erase.few'", "unknown key 'web.few'",
        f"'{key}.many' has placeholders [], expected ['count']"]


def test_a_catalogue_lacking_a_web_text_takes_englishs_for_it():
    german = load_catalogue("de")
    lacking = Catalogue("de", {k: v for k, v in german.texts.items()
                               if k not in ("web.erase", "web.page.check")})
    texts = web_texts(lacking)
    assert (texts["web.erase"], texts["web.page.check"]) == ("Erase", "Check")
    assert texts["web.undone"] == "Rückgängig gemacht" and texts["list"] == "{items} und {last}"


def page_words(html: str) -> dict:
    data = re.search(r'<script type="application/json" id="puzzles">(.*?)</script>', html,
                     re.DOTALL)
    assert data is not None
    return json.loads(data.group(1))["words"]


def test_a_german_page_has_its_text_in_german_and_its_scripts_words_as_data():
    sudoku = item_of(proven("classic", LINES["classic"], None, "s"), "s", "Sudoku")
    nonogram = item_of(proven("nonogram", LINES["nonogram"], None, "n"), "n", "Nonogramm")
    html = page_html([sudoku], language="de")
    assert '<html lang="de">' in html and "{{" not in html
    assert '<button type="button" id="check" class="answer">Prüfen</button>' in html
    assert 'aria-label="Zeichen eintragen"' in html and "Check" not in html
    words = page_words(html)
    assert words["pencil_on"] == "Notizen an" and words["list"] == "{items} und {last}"
    assert words["cage"] == {"one": "Käfig {clue} aus {count} Feld",
                             "other": "Käfig {clue} aus {count} Feldern"}
    assert not [key for key in words if key.split(".")[0] in ("shading", "edges", "links")]
    assert not [key for key in words if key.startswith("page.")]  # the template's own
    both = page_words(page_html([sudoku, nonogram], language="pl"))
    assert both["shading.dot"] == "Kropka" and "edges.how" not in both
    assert both["wrong_count"]["few"] == "{count} błędy (przekreślone)"
    assert page_html([], language="fr").count("<title>Grilles</title>") == 1


def test_a_page_in_english_says_what_it_said_before_its_words_were_data():
    sudoku = item_of(proven("futoshiki", LINES["futoshiki"], None, "f"), "f", "Futoshiki")
    html = page_html([sudoku])
    assert '<li>Ctrl+Z undoes, Ctrl+Y redoes. <span class="answer">Check marks wrong ' \
        "entries with a cross; Reveal fills in the selected cell, or the whole answer." \
        "</span></li>" in html
    signs = json.loads(re.search(r'id="puzzles">(.*?)</script>', html).group(1))["puzzles"][0]
    assert {tuple(sign["words"]) for sign in signs["signs"]} <= {
        ("less than {cell}", "greater than {cell}"), ("greater than {cell}", "less than {cell}")}


SCRIPTS = ("page", "shading", "edges", "links")


def script_keys() -> set[str]:
    """Every word key the page's scripts name in full, or name the start of ('seen.' +
    side): a form module's term("dot") is its own key, shading.dot."""
    web = resources.files("bookmaker.export") / "web"
    keys = set()
    for name in SCRIPTS:
        text = (web / f"{name}.js").read_text(encoding="utf-8")
        own = "" if name == "page" else name + "."
        keys |= {m for m in re.findall(r'\bword\("([a-z_.]+)"', text)}
        keys |= {own + m for m in re.findall(r'\bterm\("([a-z_.]+)"', text)}
        keys |= {m for m in re.findall(r'\bword\([^()]*\? "([a-z_.]+)" : "([a-z_.]+)"', text)
                 for m in m}
    return keys


def test_every_word_the_scripts_and_the_template_name_is_in_the_reference_catalogue():
    words = script_words(load_catalogue("en"), ("shading", "edges", "links"))
    named = script_keys()
    assert len(named) > 60
    missing = [key for key in named if key not in words
               and not (key.endswith((".", "_")) and any(k.startswith(key) for k in words))]
    assert missing == []
    template = (resources.files("bookmaker.export") / "web" / "page.html").read_text()
    page_keys = re.findall(r"\{\{word:([a-z_]+)\}\}", template)
    texts = web_texts(load_catalogue("en"))
    assert [key for key in page_keys if f"web.page.{key}" not in texts] == []
    assert sorted(set(page_keys)) == sorted(key.removeprefix("web.page.") for key in texts
                                            if key.startswith("web.page."))
