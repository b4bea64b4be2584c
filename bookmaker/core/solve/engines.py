"""Which engine answers a board (engine.py): the compiled one over its tables when the
compiled core runs (core/compiled), else the pure one; made once per board and kept."""

from __future__ import annotations

from .. import compiled
from ..board.shape import Shape
from .engine import CompiledEngine, PureEngine

# Engines per board, the oldest dropped beyond BOARDS_KEPT: a jigsaw board is drawn per
# puzzle, and a book of jigsaws would otherwise keep every layout's tables. Keyed by
# whether they are compiled, so that compiled.use() never meets the other core's objects.
_engines: dict = {True: {}, False: {}}


def engine(board):
    """The board's engine, cached per board (a Killer's Cages have their own,
    killer/solver.py)."""
    if type(board) is Shape:  # the usual case, first
        known = _engines[compiled.in_use()].get(board)
        if known is not None:
            return known
    return _new_engine(board)


def _new_engine(board):
    """engine() for a board not met yet (or not a Shape)."""
    if not isinstance(board, Shape):  # tables of no known board (tests): the reference
        return PureEngine(board)
    cache = _engines[compiled.in_use()]
    found = cache.get(board)
    if found is None:
        found = (CompiledEngine(board, compiled.extension()) if compiled.in_use()
                 else PureEngine(board))
        compiled.make_room(cache)
        cache[board] = found
    return found
