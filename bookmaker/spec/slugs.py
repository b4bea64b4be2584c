"""File names from titles: lowercase ASCII letters, digits and hyphens, transliterated.

Latin letters lose their accents (Łódź -> lodz); Cyrillic and Greek are transliterated
by the usual romanisations (ICAO 9303 for Cyrillic, as passports use; ELOT 743 for
Greek), so "Судоку" names its files sudoku rather than nothing. A script with no such
standard way (Chinese, Japanese, Arabic, ...) gives no name: the spec must give one.
"""

from __future__ import annotations

import re
import unicodedata

from .values import MAX_SLUG

# Letters that accent stripping alone would drop or get wrong.
LATIN = {"ł": "l", "ß": "ss", "æ": "ae", "ø": "o", "œ": "oe", "đ": "d", "ð": "d", "þ": "th",
         "ı": "i", "ŀ": "l", "ŋ": "ng"}
CYRILLIC = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh",
    "з": "z", "и": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts",
    "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "ie", "ы": "y", "ь": "", "э": "e", "ю": "iu",
    "я": "ia", "є": "ie", "і": "i", "ї": "i", "ґ": "g", "ў": "u", "ђ": "d", "ј": "j",
    "љ": "lj", "њ": "nj", "ћ": "c", "џ": "dz", "ѓ": "g", "ќ": "k", "ѕ": "dz"}
GREEK = {
    "α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th",
    "ι": "i", "κ": "k", "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p",
    "ρ": "r", "σ": "s", "ς": "s", "τ": "t", "υ": "y", "φ": "f", "χ": "ch", "ψ": "ps",
    "ω": "o"}
LETTERS = LATIN | CYRILLIC | GREEK


def transliterated(text: str) -> str:
    """text in ASCII, lowercase: letters mapped or stripped of accents; what has no ASCII
    form (a Chinese character, an emoji) becomes a space."""
    out = []
    for char in text.lower():
        if char in LETTERS:
            out.append(LETTERS[char])
            continue
        for part in unicodedata.normalize("NFKD", char):
            if part in LETTERS:
                out.append(LETTERS[part])
            elif part.isascii():
                out.append(part)
            elif not unicodedata.combining(part):
                out.append(" ")
    return "".join(out)


def slug_of(title: str, fallback: str = "") -> str:
    """A file name from a title: lowercase ASCII letters and digits joined by hyphens, at
    most MAX_SLUG characters (a long title is cut at a hyphen where it can be);
    `fallback` when nothing of the title can be written so."""
    slug = re.sub(r"[^a-z0-9]+", "-", transliterated(title)).strip("-")
    if len(slug) > MAX_SLUG:
        cut = slug[:MAX_SLUG + 1]
        slug = cut[:cut.rfind("-")] if "-" in cut[MAX_SLUG // 2:] else slug[:MAX_SLUG]
    return slug.strip("-") or fallback
