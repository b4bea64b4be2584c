"""Message catalogues: every word a book or a daily puzzle prints, one YAML file per language.

The top-level `messages/` folder is installed as the package `bookmaker.messages` (like
layouts/ and fonts/), so catalogues are found from a checkout and from a wheel alike.
`en.yaml` is the reference: every catalogue has exactly its keys and, in each text, the
same {placeholders}. A new text is a new key in every file; nothing else changes. A counted
text has a form for each plural category of its language, whose rules the catalogue states
under `plurals:` (design/plurals.py chooses the form a count takes).
"""

from __future__ import annotations

import string
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from .plurals import CATEGORIES, OTHER, PluralRuleError, PluralRules, parse_rules

if TYPE_CHECKING:
    from ..core.kinds.kind import Kind

CATALOGUE_PACKAGE = "bookmaker.messages"
REFERENCE_LANGUAGE = "en"
# The texts a book prints in place of those of the same key when one of its kinds is no
# Sudoku: where a language calls every puzzle a sudoku ('Sudoku 12'), what it calls any.
BEYOND_SUDOKU = "beyond_sudoku."
# The forms a counted text may have (CLDR's plural categories: the web page's browser picks
# one by its Intl.PluralRules, a book by the catalogue's rules): a text with an `other` form
# is counted, and has exactly the forms its language's rules name (Polish's few and many
# beside the reference's one and other).
PLURAL_FORMS = CATEGORIES
# The catalogue's key for its language's plural rules: data about its texts, not a text.
PLURALS = "plurals"


class CatalogueError(ValueError):
    """A catalogue that is missing, unreadable, or does not match the reference."""


@dataclass(frozen=True)
class Catalogue:
    """One language's texts, by dotted key ('grades.easy', 'weekdays.0')."""

    language: str
    texts: dict[str, str]
    plurals: PluralRules | None = None  # None: the catalogue states no plural rules

    def text(self, key: str, **fields: Any) -> str:
        """The text under key with its {placeholders} filled in; of a counted text, the
        form its `count` takes ('24 łamigłówki', '25 łamigłówek')."""
        text = self.texts[key] if key in self.texts else self._counted(key, fields)
        return text.format(**fields) if fields else text

    def _counted(self, key: str, fields: dict[str, Any]) -> str:
        """The form of the counted text `key` that fields' count takes (its `other` where
        the catalogue states no rules); KeyError if key is no counted text."""
        if f"{key}.{OTHER}" not in self.texts or "count" not in fields:
            raise KeyError(key)
        form = self.plurals.category(fields["count"]) if self.plurals else OTHER
        return self.texts.get(f"{key}.{form}", self.texts[f"{key}.{OTHER}"])

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
        replaced = {counted_key(key, beyond) for key in beyond}  # with all their forms
        kept = {key: text for key, text in self.texts.items()
                if counted_key(key, self.texts) not in replaced}
        return Catalogue(self.language, kept | beyond, self.plurals)


def counted_key(key: str, texts: Collection[str]) -> str:
    """The counted text of `texts` a form's key belongs to ('cover_count.few' ->
    'cover_count'); any other key itself ('techniques.zero' names no form)."""
    base, _, form = key.rpartition(".")
    return base if form in PLURAL_FORMS and f"{base}.{OTHER}" in texts else key


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
    document = _read(language)
    rules = document.pop(PLURALS, None)
    try:
        plurals = None if rules is None else parse_rules(_rule_texts(rules))
    except PluralRuleError as error:
        raise CatalogueError(f"messages/{language}.yaml: {PLURALS}: {error}") from None
    return Catalogue(language, flattened(document), plurals)


def _rule_texts(rules: Any) -> dict[str, str]:
    """The `plurals:` mapping's conditions as text; PluralRuleError if it is no mapping."""
    if not isinstance(rules, dict):
        raise PluralRuleError("expected a mapping of plural categories to CLDR conditions")
    return {str(category): str(condition) for category, condition in rules.items()}


def _read(language: str) -> dict[str, Any]:
    """A catalogue file's document: a mapping of texts and, under `plurals`, its rules."""
    text = (catalogue_folder() / f"{language}.yaml").read_text(encoding="utf-8")
    try:
        document = yaml.load(text, Loader=_SAFE_LOADER)
    except yaml.YAMLError as error:
        raise CatalogueError(f"messages/{language}.yaml: {error}") from None
    if not isinstance(document, dict):
        raise CatalogueError(f"messages/{language}.yaml: expected a mapping of texts")
    return document


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


# Remembered: every spec's load checks its catalogue's words, the literal text of each of
# its hundreds of texts, against the fonts (spec/textcheck.py); the texts are the same.
@lru_cache(maxsize=4096)
def literal_text(text: str) -> str:
    """What a text prints whatever its placeholders hold: the text without them."""
    return "".join(literal for literal, _, _, _ in string.Formatter().parse(text))


def catalogue_mistakes(catalogue: Catalogue, reference: Catalogue) -> list[str]:
    """How a catalogue differs from the reference: missing or extra keys, texts whose
    placeholders are not the reference's, and counted texts without exactly the forms its
    language's plural rules name. Its beyond_sudoku texts are the reference's and any
    others that replace a text of the reference, with that text's placeholders. A counted
    text may be one plain text, the same for every count."""
    mine, theirs = catalogue.texts, reference.texts
    found = [f"missing key {key!r}" for key in theirs if not _given(key, catalogue, theirs)]
    found += [f"unknown key {key!r}" for key in mine if _reference_key(key, theirs) is None]
    found += [f"{key!r} has placeholders {sorted(placeholders(mine[key]))}, expected "
              f"{sorted(placeholders(theirs[base]))}" for key in mine
              if (base := _reference_key(key, theirs)) is not None
              and placeholders(mine[key]) != placeholders(theirs[base])]
    return found + _plural_mistakes(catalogue)


def _given(key: str, catalogue: Catalogue, reference: dict[str, str]) -> bool:
    """Whether a catalogue gives the reference's text `key`: itself, a counted text's form
    its language never uses, or a counted text as one plain text."""
    base = counted_key(key, reference)
    if key in catalogue.texts or base in catalogue.texts:
        return True
    rules = catalogue.plurals
    return base != key and rules is not None and key.rpartition(".")[2] not in rules.categories


def _plural_mistakes(catalogue: Catalogue) -> list[str]:
    """Counted texts whose forms are not the categories its language's rules name."""
    texts = catalogue.texts
    counted = sorted({counted_key(key, texts) for key in texts} - texts.keys())
    if catalogue.plurals is None:
        return [f"no plural rules ({PLURALS}:) for its counted texts"] if counted else []
    wanted = catalogue.plurals.categories
    found = []
    for base in counted:
        forms = {key.rpartition(".")[2] for key in texts if counted_key(key, texts) == base}
        found += [f"{base!r} lacks the form {form!r}" for form in wanted if form not in forms]
        found += [f"{base!r} has the form {form!r} its language never uses"
                  for form in sorted(forms - set(wanted))]
    return found


def _reference_key(key: str, reference: dict[str, str]) -> str | None:
    """The reference's key a catalogue's key stands for: itself, the text a beyond_sudoku
    text replaces, a counted text's `other` form for a form the reference lacks, or for
    one plain text in place of the forms."""
    base = key.removeprefix(BEYOND_SUDOKU)
    if base in reference:
        return base
    counted, _, form = base.rpartition(".")
    other = f"{counted}.{OTHER}" if form in PLURAL_FORMS else f"{base}.{OTHER}"
    return other if other in reference else None
