"""The registry of kinds: every kind of puzzle bookmaker makes, found by name or alias, or
by what a puzzle is (its board's geometry and the type of its extras).

Adding a kind is one module (or package) with its Kind object and one line in KINDS.
"""

from __future__ import annotations

import difflib

from ..board.shape import Shape
from ..calcudoku.kind import CALCUDOKU_KINDS
from ..futoshiki.kind import FUTOSHIKI
from ..kakuro.kind import KAKURO_KINDS
from ..killer.kind import KILLER_KINDS
from ..skyscrapers.kind import SKYSCRAPERS
from .kind import Kind
from .sudoku import SUDOKU_KINDS

KINDS: tuple[Kind, ...] = (SUDOKU_KINDS + KILLER_KINDS + CALCUDOKU_KINDS
                           + (FUTOSHIKI, SKYSCRAPERS) + KAKURO_KINDS)

_BY_WORD = {word: kind for kind in KINDS for word in (kind.name, *kind.aliases)}
_BY_PUZZLE = {(kind.geometry, kind.extras_type): kind for kind in KINDS}
if len(_BY_WORD) != sum(1 + len(kind.aliases) for kind in KINDS) or \
        len(_BY_PUZZLE) != len(KINDS):
    raise AssertionError("two kinds share a name, an alias, or a board and extras type")


def kind_names() -> tuple[str, ...]:
    """Every kind's name, in registry order (as --variant and `variant:` list them)."""
    return tuple(kind.name for kind in KINDS)


def find_kind(word: str) -> Kind | None:
    """The kind a name or alias names, in any case and with '_' or ' ' for '-'; None."""
    cleaned = " ".join(str(word).strip().lower().replace("_", "-").split())
    return _BY_WORD.get(cleaned) or _BY_WORD.get(cleaned.replace(" ", "-"))


def kind_named(word: str) -> Kind:
    """The kind a name or alias names; ValueError listing the kinds, with a suggestion."""
    kind = find_kind(word)
    if kind is None:
        raise ValueError(unknown_kind_text(word))
    return kind


def unknown_kind_text(word: str) -> str:
    """'expected one of: ...' for a word that names no kind, with 'did you mean' if close."""
    text = f"expected one of: {', '.join(kind_names())}, but got {str(word)!r}"
    close = difflib.get_close_matches(str(word).lower(), list(_BY_WORD), n=1)
    return text + (f"; did you mean {_BY_WORD[close[0]].name!r}?" if close else "")


def kind_of(board: Shape, extras: object = None) -> Kind:
    """The kind of a puzzle on `board` with `extras` (None for givens only)."""
    key = (board.geometry, None if extras is None else type(extras))
    kind = _BY_PUZZLE.get(key)
    if kind is None:
        raise ValueError(f"no kind of puzzle is a {board} board with "
                         f"{type(extras).__name__ if extras is not None else 'givens only'}")
    return kind
