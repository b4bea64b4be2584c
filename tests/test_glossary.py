"""The glossary's words: every technique of every kind's ladder has a name and a
definition in every catalogue, in that catalogue's language (issue 36: about 15 of the
number puzzles' techniques had none, and a German Kakuro glossary was English)."""

from __future__ import annotations

import pytest

from bookmaker.core.registry import all_kinds
from bookmaker.design.catalogue import language_names, load_catalogue
from bookmaker.design.explain import technique_key, technique_name, technique_note

# Names every catalogue keeps as the solvers' own international words.
LOAN_NAMES = {"x_wing", "xy_wing", "w_wing", "xyz_wing", "bug_1", "swordfish", "jellyfish"}


def every_technique() -> list[str]:
    """Each technique of every kind's ladder, once, in ladder order."""
    return list(dict.fromkeys(tech.name for kind in all_kinds() for tech in kind.techniques))


def test_the_ladders_hold_the_number_puzzles_techniques():
    names = every_technique()
    # 51, Binairo's and Tango's seven, the Nonogram's four, Star Battle's four beside the
    # contradiction it shares, Hashi's five, Slitherlink's ten but the trial Hashi's has
    # (issue 39)
    assert len(names) == 80
    assert {"single cage", "line total", "sum bounds", "clue bounds",
            "edge clues (1 and N)", "inequality fork", "cross sums (3-4 cells)",
            "pair", "sign", "unique lines", "line analysis"} <= set(names)


@pytest.mark.parametrize("language", language_names())
def test_every_technique_has_a_name_and_a_definition(language):
    words = load_catalogue(language)
    missing = [name for name in every_technique()
               if f"techniques.{technique_key(name)}" not in words.texts
               or not technique_note(name, words).strip()]
    assert missing == []


@pytest.mark.parametrize("language", [name for name in language_names() if name != "en"])
def test_technique_names_are_translated(language):
    words, english = load_catalogue(language), load_catalogue("en")
    untranslated = [name for name in every_technique()
                    if technique_key(name) not in LOAN_NAMES
                    and technique_name(name, words) == technique_name(name, english)]
    assert untranslated == []


def test_a_german_kakuro_glossary_speaks_german():
    words = load_catalogue("de")
    assert technique_name("sum bounds", words) == "Summengrenzen"
    assert technique_note("last cell", words) == (
        "Die letzte offene Zelle eines Abschnitts bekommt, was seiner Summe noch fehlt.")
