"""The web page's words in its language: the catalogue's `web` texts (messages/*.yaml), its
page's own (buttons, labels, help) filled into the template and the rest given to its
scripts as data, each counted text with its plural forms for the browser to choose."""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any
from xml.sax.saxutils import escape

from ..design.catalogue import PLURAL_FORMS, REFERENCE_LANGUAGE, Catalogue, load_catalogue

WEB = "web."
# The page's own words (page.html's {{word:KEY}}): the rest are its scripts'.
PAGE = WEB + "page."
# Texts the books print that the page's scripts say too: a list's last two items joined.
SHARED = ("list",)
# The form modules (web/NAME.js) whose words are their own (web.NAME.*).
FORM_WORDS = ("shading", "edges", "links")
_WORD = re.compile(r"\{\{word:([a-z_]+)\}\}")


def web_texts(words: Catalogue) -> dict[str, str]:
    """The web texts of a language (with the plural forms its counting adds), English's
    where its catalogue lacks one."""
    english = load_catalogue(REFERENCE_LANGUAGE).texts
    return {key: text for texts in (english, words.texts) for key, text in texts.items()
            if key.startswith(WEB) or key in SHARED}


def script_words(words: Catalogue, modules: Collection[str] = ()) -> dict[str, Any]:
    """The words the page's scripts say, by key without 'web.' ('clash.repeated'); a counted
    one as its forms ({'one': ..., 'other': ...}). A form module's own ('shading.dot') only
    where the page carries that module (export/page.py FORM_MODULES)."""
    texts = {key.removeprefix(WEB): text for key, text in web_texts(words).items()
             if not key.startswith(PAGE) and _wanted(key.removeprefix(WEB), modules)}
    found: dict[str, Any] = {}
    for key, text in texts.items():
        base, _, form = key.rpartition(".")
        if form in PLURAL_FORMS and f"{base}.other" in texts:
            found.setdefault(base, {})[form] = text
        else:
            found[key] = text
    return found


def _wanted(key: str, modules: Collection[str]) -> bool:
    """Whether the page says the script word `key`: a form module's only with the module."""
    first = key.partition(".")[0]
    return first not in FORM_WORDS or first in modules


def with_page_words(template: str, words: Catalogue) -> str:
    """The template with each {{word:KEY}} the page's text of KEY, escaped for HTML."""
    texts = web_texts(words)
    return _WORD.sub(lambda match: escape(texts[PAGE + match.group(1)], {'"': "&quot;"}),
                     template)


def page_word(words: Catalogue, key: str) -> str:
    """One of the page's own words ('puzzles'), English's where the catalogue lacks it."""
    return web_texts(words)[PAGE + key]
