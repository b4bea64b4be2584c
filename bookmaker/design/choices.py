"""Names picked from a list: 'did you mean', and the one rule for output names that book
and daily specs (`outputs:`) and `bookmaker export --formats` share."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Any


def did_you_mean(word: Any, choices) -> str:
    """' (did you mean 'x'?)' when one of the choices is close to word, else ''."""
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def output_names(words: Sequence[Any], choices: Sequence[str]) -> tuple[str, ...]:
    """The outputs words name, in the choices' order: each one of the choices, in any case,
    and named once; ValueError says which word is wrong (with 'did you mean')."""
    names: list[str] = []
    for word in words:
        name = word.strip().lower() if isinstance(word, str) else word
        if name not in choices:
            raise ValueError(f"unknown output {word!r}{did_you_mean(name, choices)}; "
                             f"expected some of: {', '.join(choices)}")
        if name in names:
            raise ValueError(f"lists {name!r} twice")
        names.append(name)
    if not names:
        raise ValueError(f"needs at least one of: {', '.join(choices)}")
    return tuple(name for name in choices if name in names)
