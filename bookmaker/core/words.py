"""English words for messages: the article a word takes and a count with its noun, said
once here so that no message writes "a 'easy'", "a 8x8" or "1 puzzles"."""

from __future__ import annotations

import re

# Words whose spelling and sound disagree on the vowel: 'a unique', 'an hour'.
_VOWEL_LETTER_CONSONANT_SOUND = ("uni", "use", "usu", "one", "once", "eu", "ewe")
_SILENT_H = ("hour", "honest", "honour", "honor", "heir")
# Letters said with a vowel first ('an X', 'an F'), for a word that is a letter or
# an abbreviation spelled out (SE, PDF: three capitals or fewer, or none a vowel).
_VOWEL_SOUND_LETTERS = "AEFHILMNORSX"
_QUOTES = "'\"`‘“(["


def article(phrase: object) -> str:
    """'a' or 'an', as the phrase is said aloud: 'an' 8x8, 'an' 'easy', 'a' 9x9, 'an' X,
    'a' unique, 'an' 11x11."""
    text = str(phrase).lstrip(_QUOTES)
    number = re.match(r"\d+", text)
    if number:
        return "an" if _number_starts_with_vowel(number.group()) else "a"
    word = re.match(r"[A-Za-z]+", text)
    if not word:
        return "a"
    spelled = word.group()
    if len(spelled) == 1 or spelled.isupper() and (len(spelled) <= 3
                                                   or not re.search("[AEIOU]", spelled)):
        return "an" if spelled[0].upper() in _VOWEL_SOUND_LETTERS else "a"  # said as letters
    lower = spelled.lower()
    if lower.startswith(_SILENT_H):
        return "an"
    return "an" if lower[0] in "aeiou" and not lower.startswith(
        _VOWEL_LETTER_CONSONANT_SOUND) else "a"


def _number_starts_with_vowel(digits: str) -> bool:
    """Whether a whole number is said starting with a vowel: eight..., eleven, eighteen
    (and eleven or eighteen thousand, million, ...)."""
    digits = digits.lstrip("0") or "0"
    return digits[0] == "8" or (digits[:2] in ("11", "18") and len(digits) % 3 == 2)


def with_article(phrase: object) -> str:
    """The phrase after its article: 'an 8x8', "an 'easy'", 'a Kakuro'."""
    return f"{article(phrase)} {phrase}"


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """A count and its noun, singular for one: '1 puzzle', '2 puzzles', '0 puzzles'."""
    return f"{count} {number_of(count, noun, plural)}"


def number_of(count: int, word: str, plural: str | None = None) -> str:
    """The word in the number a count of its things takes: 'given' for one, else 'givens'
    (or `plural`: a verb's, 'fit' beside 'fits')."""
    return word if count == 1 else plural or word + "s"
