"""Which core runs: the compiled fast path (csrc/, built at install when a C compiler
is there) or the pure Python, and the compiled tables of each shape.

Both paths make exactly the same decisions, so a seed gives the same puzzle, solution and
book bytes on either; the pure Python is the reference (and what runs when the extension
is not built). The callers ask board(shape) or exact_cover(...) and take the pure path on
None. bookmaker/__init__.py turns the compiled path off when BOOKMAKER_PURE is set (the
core itself reads no environment); use() switches at run time, as the tests do.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any

from ..board.shape import BOARDS_KEPT, Shape

try:
    from .. import _compiled
    _NOT_BUILT = ""
except ImportError as error:  # built without a compiler, or from a plain checkout
    _compiled = None  # type: ignore[assignment]
    _NOT_BUILT = ("the compiled core is not built" if "cannot import name" in str(error)
                  else f"the compiled core does not load: {error}")

_state: dict[str, Any] = {"compiled": _compiled is not None, "why_pure": _NOT_BUILT}
# Compiled tables per board, the oldest dropped beyond BOARDS_KEPT: a jigsaw board is
# drawn per puzzle, and a book of jigsaws would otherwise keep every layout's tables.
_boards: dict = {}
_covers: dict = {}


def available() -> bool:
    """Whether the compiled core is built and importable."""
    return _compiled is not None


def use(wanted: bool, why: str = "") -> None:
    """Run on the compiled core (wanted, and built) or on the pure Python; `why` says why
    not."""
    _state["compiled"] = wanted and _compiled is not None
    _state["why_pure"] = "" if _state["compiled"] else (_NOT_BUILT or why)


@contextmanager
def using(wanted: bool, why: str = ""):
    """use(wanted, why) for the duration of a with block, then back as it was."""
    before = dict(_state)
    use(wanted, why)
    try:
        yield
    finally:
        _state.update(before)


def in_use() -> bool:
    """Whether the compiled core is what runs now."""
    return _state["compiled"]


def description() -> str:
    """One line for people: which core runs, and why the pure one if it does."""
    if _state["compiled"]:
        return "compiled (C)"
    return f"pure Python: {_state['why_pure'] or 'as asked'}"


def shuffler():
    """The compiled Rng.shuffled(state, items) -> (list, state), or None on the pure path."""
    return _compiled.shuffled if _state["compiled"] else None


def board(shape):
    """The compiled solver over the shape's tables, or None on the pure path. Boards only:
    a Killer's Cages (a new one for every layout its generator tries, each cached here for
    good) keep to the pure path, as the compiled core covers no Killer."""
    if not _state["compiled"] or not isinstance(shape, Shape):
        return None
    found = _boards.get(shape)
    if found is None:
        _make_room(_boards)
        found = _boards[shape] = _compiled.Board(shape.size, shape.unit_masks, shape.peer_masks,
                                                 shape.cell_unit_masks)
    return found


def exact_cover(key, build):
    """The compiled Dancing Links matrix cached under `key`, made from build() ->
    (columns, rows, preferred_peers) the first time; None on the pure path."""
    if not _state["compiled"]:
        return None
    found = _covers.get(key)
    if found is None:
        _make_room(_covers)
        found = _covers[key] = _compiled.ExactCover(*build())
    return found


def _make_room(cache: dict) -> None:
    if len(cache) >= BOARDS_KEPT:
        del cache[next(iter(cache))]
