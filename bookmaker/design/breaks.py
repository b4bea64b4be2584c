"""Where a printed line may break: at any space but a no-break one, which holds two words
together ('r3c6 = 4' in an explained solution is never split)."""

from __future__ import annotations

import re

NO_BREAK = "\u00a0"  # a space a line never breaks at
_BREAKS = re.compile(r"[^\S\u00a0]+")  # the spaces it breaks at: any other


def words_of(text: str) -> list[str]:
    """The pieces a line breaks between, no-break spaces kept inside them."""
    stripped = _BREAKS.sub(" ", text).strip(" ")
    return stripped.split(" ") if stripped else []


def unbroken(text: str, count: int = -1) -> str:
    """The text with its spaces (the first `count` of them) no-break ones: printed on one
    line."""
    return text.replace(" ", NO_BREAK, count)
