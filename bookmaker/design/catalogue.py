"""Message catalogues: every word a book or a daily puzzle prints, one YAML file per language.

The top-level `messages/` folder is installed as the package `bookmaker.messages` (like
layouts/ and fonts/), so catalogues are found from a checkout and from a wheel alike.
`en.yaml` is the reference: every catalogue has exactly its keys and, in each text, the
same {placeholders}. A new text is a new key in every file; nothing else changes.
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

if TYPE_CHECKING:
    from ..core.kinds.kind import Kind

CATALOGUE_PACKAGE = "bookmaker.messages"
REFERENCE_LANGUAGE = "en"
# The texts a book prints in place of those of the same key when one of its kinds is no
# Sudoku: where a language calls every puzzle a sudoku ('Sudoku 12'), what it calls any.
BEYOND_SUDOKU = "beyond_sudoku."
# The forms a counted text may have (CLDR's plural categories: the web page's browser picks
# one by its Intl.PluralRules): a text with an `other` form is counted, and a language may
# give it the forms its counting needs beyond the reference's (Polish's few and many).
PLURAL_FORMS = ("zero", "one", "two", "few", "many", "other")


class CatalogueError(ValueError):
    """A catalogue that is missing, unreadable, or does not match the reference."""


@dataclass(frozen=True)
class Catalogue:
    """One language's texts, by dotted key ('grades.easy', 'weekdays.0')."""

    language: str
    texts: dict[str, str]

    def text(self, key: str, **fields: Any) -> str:
        """The text under key with its {placeholders} filled in."""
        return self.texts[key].format(**fields) if fields else self.texts[key]

    def grade(self, grade: str) -> str:
        """A grade's name in this language: 'easy' -> 'Leicht'."""
        return self.texts[f"grades.{grade}"]

    def for_kinds(self, kinds: Iterable[Kind]) -> Catalogue:
        """The texts a book of these kinds prints: this catalogue's, with its
        beyond_sudoku texts in their keys' place if any kind is no Sudoku (its rule is not
        Sudoku's: a Calcudoku, a Kakuro)."""
        if all(kind.presentation.sudoku_rule for kind in kinds):
            return self
        beyond = {key[len(BEYOND_SUDOKU):]: text for key, text in self.texts.items()
                  if key.startswith(BEYOND_SUDOKU)}
        return Catalogue(self.language, self.texts | beyond)


def catalogue_folder():
    """The folder of catalogues, wherever bookmaker is installed."""
    try:
        return resources.files(CATALOGUE_PACKAGE)
    except ModuleNotFoundError:  # a checkout on sys.path that was never installed
        return Path(__file__).resolve().parents[2] / "messages"


def language_names() -> tuple[str, ...]:
    """The languages with a catalogue, sorted: ('de', 'en', ...)."""
    return tuple(sorted(entry.name[:-5] for entry in catalogue_folder().iterdir()
                        if entry.name.endswith(".yaml")))


# libyaml's safe loader where PyYAML was built with it (its wheels are): the same documents
# ten times faster, 0.03 s instead of 0.3 s for the eight catalogues a book's layout reads.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@cache
def load_catalogue(language: str) -> Catalogue:
    """The catalogue of a language; CatalogueError if it is missing or broken."""
    if language not in language_names():
        raise CatalogueError(f"no message catalogue for language {language!r}; there are: "
                             f"{', '.join(language_names())}")
    return Catalogue(language, _read(language))


def _read(language: str) -> dict[str, str]:
    """A catalogue file's texts, flattened to dotted keys."""
    text = (catalogue_folder() / f"{language}.yaml").read_text(encoding="utf-8")
    try:
        document = yaml.load(text, Loader=_SAFE_LOADER)
    except yaml.YAMLError as error:
        raise CatalogueError(f"messages/{language}.yaml: {error}") from None
    if not isinstance(document, dict):
        raise CatalogueError(f"messages/{language}.yaml: expected a mapping of texts")
    return flattened(document)


def flattened(value: Any, prefix: str = "") -> dict[str, str]:
    """Nested mappings and lists -> {'a.b': text, 'a.0': text}, every leaf as text."""
    items: Iterable[tuple[Any, Any]]
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return {prefix: str(value)}
    found: dict[str, str] = {}
    for key, item in items:
        found |= flattened(item, f"{prefix}.{key}" if prefix else str(key))
    return found


def placeholders(text: str) -> set[str]:
    """The {names} a text expects."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def literal_text(text: str) -> str:
    """What a text prints whatever its placeholders hold: the text without them."""
    return "".join(literal for literal, _, _, _ in string.Formatter().parse(text))


def catalogue_mistakes(catalogue: Catalogue, reference: Catalogue) -> list[str]:
    """How a catalogue differs from the reference: missing or extra keys, and texts whose
    placeholders are not the reference's. Its beyond_sudoku texts are the reference's and
    any others that replace a text of the reference, with that text's placeholders."""
    mine, theirs = catalogue.texts, reference.texts
    found = [f"missing key {key!r}" for key in theirs if key not in mine]
    found += [f"unknown key {key!r}" for key in mine if _reference_key(key, theirs) is None]
    found += [f"{key!r} has placeholders {sorted(placeholders(mine[key]))}, expected "
              f"{sorted(placeholders(theirs[base]))}" for key in mine
              if (base := _reference_key(key, theirs)) is not None
              and placeholders(mine[key]) != placeholders(theirs[base])]
    return found


def _reference_key(key: str, reference: dict[str, str]) -> str | None:
    """The reference's key a catalogue's key stands for: itself, the text a beyond_sudoku
    text replaces, or a counted text's `other` form for a form the reference lacks."""
    base = key.removeprefix(BEYOND_SUDOKU)
    if base in reference:
        return base
    counted, _, form = base.rpartition(".")
    other = f"{counted}.other"
    return other if form in PLURAL_FORMS and other in reference else None
